"""A page's first load (issue 30): the turn page is three requests, the page, one stylesheet and
one script (config/bundles.py), the mark drawn inline; and Bootstrap cut to what the site uses
(config/css_trim.py) draws every page of the site as the whole of it did: the walk of
tests/browser/test_content_security_policy.py, each page's every element (and its ::before and
::after) computed the same, in the light theme and the dark, with the bundle alone and with the
whole of Bootstrap and the site's own stylesheets loaded after it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from league.models import Driver
from league.services.leagues import league_create
from league.services.seasons import season_open
from league.services.starts import round_start_at_table
from league.services.teams import team_create
from tests.browser.test_content_security_policy import Visit, walk_every_page
from tests.races.autopilot import drive

pytestmark = pytest.mark.django_db(transaction=True)

# Every computed property of every element (custom properties aside: a page draws with what
# they resolve to), as one line an element; transitions (a change of theme starts some) run to
# their end first.
STYLES = """() => {
  void document.body.offsetHeight;  // styles computed now: a new theme starts its transitions
  document.getAnimations().forEach((animation) => animation.finish());
  const lines = [];
  for (const element of [document.documentElement, ...document.body.querySelectorAll("*")]) {
    const name = element.tagName + (element.id ? "#" + element.id : "") +
      (typeof element.className === "string" && element.className ? "." + element.className : "");
    for (const pseudo of ["", "::before", "::after"]) {
      const style = getComputedStyle(element, pseudo || null);
      const values = [];
      for (let i = 0; i < style.length; i += 1) {
        const property = style[i];
        if (!property.startsWith("--")) {
          values.push(property + ":" + style.getPropertyValue(property));
        }
      }
      lines.push([name + pseudo, values.join(";")]);
    }
  }
  return lines;
}"""

# The whole of Bootstrap and the site's own stylesheets, each as a file of its own, after the
# bundle: any rule the cut left out then shows (a rule of the bundle comes again later in them).
WHOLE = """async (bundle) => {
  const sources = ["bootstrap/css/bootstrap.min.css", "css/paddock.css"];
  if (bundle.includes("/turn.")) sources.push("css/turn.css");
  await Promise.all(sources.map((source) => new Promise((loaded, failed) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = "/static/" + source;
    link.dataset.whole = "";
    link.onload = loaded;
    link.onerror = failed;
    document.head.append(link);
  })));
}"""


def differences(before: list, after: list) -> list[str]:
    found = []
    for (name, mine), (_, whole) in zip(before, after, strict=True):
        if mine != whole:
            mine_values = dict(v.split(":", 1) for v in mine.split(";") if v)
            whole_values = dict(v.split(":", 1) for v in whole.split(";") if v)
            changed = {
                key: (mine_values.get(key), value)
                for key, value in whole_values.items()
                if mine_values.get(key) != value
            }
            found.append(f"{name}: {changed}")
    return found


class SameLookVisit(Visit):
    """Each page looked at with the bundle alone, then at once with the whole stylesheets after
    it, in each theme; read again where the page changed in between (the turn page's bar folds
    to its Undo after a few seconds)."""

    def clean(self, what: str) -> None:
        super().clean(what)
        bundle = self.page.eval_on_selector("link[rel=stylesheet]", "link => link.href")
        # Bootstrap's transitions off (its prefers-reduced-motion rules), and time for the
        # others to end: a change of theme would be read halfway through its transition.
        self.page.emulate_media(reduced_motion="reduce")
        for scheme in ("light", "dark"):
            self.page.emulate_media(color_scheme=scheme)
            self.page.wait_for_timeout(400)
            for _try in range(3):
                before = self.page.evaluate("document.body.innerHTML")
                alone = self.page.evaluate(STYLES)
                self.page.evaluate(WHOLE, bundle)
                whole = self.page.evaluate(STYLES)
                self.page.evaluate(
                    "document.querySelectorAll('link[data-whole]').forEach(l => l.remove())"
                )
                if self.page.evaluate("document.body.innerHTML") == before:
                    break
            missed = differences(alone, whole)
            assert not missed, f"{what} ({self.page.url}), {scheme}: " + "\n".join(missed[:10])
        self.page.emulate_media(color_scheme="light", reduced_motion="no-preference")


def test_every_page_looks_as_it_did_with_the_whole_of_bootstrap(
    page: Page, live_server, login, django_user_model, csp_violations
):
    visit = SameLookVisit(page, live_server.url, csp_violations)
    walk_every_page(page, live_server, login, django_user_model, visit)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_turn_page_loads_in_three_requests(
    page: Page, live_server, login, django_user_model, language: str
):
    """The page, its one stylesheet and its one script, in either language (issue 34: the
    French words are the page's own, nothing more to load)."""
    page.set_extra_http_headers({"Accept-Language": language})
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    league = league_create(name="First Load", organiser=organiser)
    for n in range(2):
        team_create(league=league, name=f"Team {n}", driver_names=[f"Driver {n}a", f"Driver {n}b"])
    season = season_open(league=league, preset="Spring")
    starters = [(driver, f"Car {n}") for n, driver in enumerate(Driver.objects.order_by("pk"))]
    race = round_start_at_table(round_=season.rounds.get(number=1), starters=starters)
    drive(race, 6, seed=3)
    login("org", "secret-pass")
    asked: list[tuple[str, str]] = []
    page.on("request", lambda request: asked.append((request.resource_type, request.url)))
    page.goto(live_server.url + race.get_absolute_url())
    page.wait_for_load_state("networkidle")
    kinds = sorted(kind for kind, _url in asked)
    assert kinds == ["document", "script", "stylesheet"], asked
    urls = [url.removeprefix(live_server.url) for _kind, url in asked]
    assert "/static/bundles/turn.css" in urls and "/static/bundles/turn.js" in urls, urls
    assert (page.locator("html").get_attribute("lang") or "").startswith(language)
    # The mark, drawn inline, and htmx, in the one script.
    assert page.locator(".navbar-brand svg").is_visible()
    assert page.evaluate("typeof htmx") == "object"
