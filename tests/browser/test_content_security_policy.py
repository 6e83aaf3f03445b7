"""Every page of the site under the Content-Security-Policy production sends (issue 18): a
league with an ended season and one under way, a finished round, a round entered by hand, a
race at the table (a die face tapped, an undo, a spectator's page polling), the members page
and an invitation's link, the restore page, the tracks, a rule set's season setup, the
organiser's forms, and the error pages (400, 403, 404, the CSRF check's 403 and the
login lockout's 429).
and a season's penalties and drop rounds.
tests/browser/conftest.py fails the test on any violation the browser reports; here each page
is also checked as it is visited, so a failure names the page."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from csp.utils import build_policy
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import translation
from playwright.sync_api import Page, Route, expect

from bench import builders
from league.models import Driver, Role, Track
from league.services.house_rules import house_rules_set
from league.services.leagues import league_create
from league.services.members import invitation_create
from league.services.penalties import adjustment_add, season_drops_set
from league.services.seasons import season_open
from league.services.starts import round_start, round_start_at_table
from league.services.teams import team_create
from races.services.entries import race_state
from rules import engine
from tests.browser.referee import enter
from tests.races.autopilot import drive, legal_event
from tests.test_permissions import NOT_HTML

pytestmark = pytest.mark.django_db(transaction=True)

# What is not a page to look at: forms' targets (POST only), files and feeds, the admin.
POST_ONLY = {
    "logout",
    "set_language",
    "league:account_email",
    "league:account_calendar",
    "league:round_by_hand",
    "league:track_copy",
    "league:league_archive",
    "league:member",
    "league:invitation_withdraw",
    "league:driver_hire",
    "league:team_rename",
    "league:team_colour",
    "league:driver_home_track",
    "league:driver_card",
    "league:driver_roster",
    "league:round_start",
    "league:round_hire",
    "league:round_choose",
    "league:round_result",
    "league:round_format",
    "league:round_session",
    "league:round_race_options",
    "league:round_injury_roll",
    "league:round_commit",
}
HOUSE_RULES = "# Pit lane\n\n| Stops | Cost |\n|:--|--:|\n| 1 | 1 WP |\n\n*Nothing* else."
UTF_16_FORM = "application/x-www-form-urlencoded; charset=utf-16"


def url_names(patterns, namespace: str = "") -> set[str]:
    """Every named URL of the site but the admin's."""
    names = set()
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            if pattern.namespace != "admin":
                inner = f"{pattern.namespace}:" if pattern.namespace else namespace
                names |= url_names(pattern.url_patterns, inner)
        elif isinstance(pattern, URLPattern) and pattern.name:
            names.add(namespace + pattern.name)
    return names


class Visit:
    """Opens the site's pages one by one, each checked for violations as soon as it is shown."""

    def __init__(self, page: Page, base: str, violations: list[str]) -> None:
        self.page, self.base, self.violations = page, base, violations
        self.names: set[str] = set()

    def __call__(self, name: str, path: str, status: int = 200) -> None:
        response = self.page.goto(self.base + path)
        assert response is not None and response.status == status, (name, path, response)
        self.names.add(name)
        self.clean(name)

    def clean(self, what: str) -> None:
        self.page.wait_for_load_state("load")
        # A round trip to the page: its reports, sent before, have arrived.
        self.page.evaluate("0")
        assert self.violations == [], (what, self.violations)
        assert self.page.locator("style, [style]").count() == 0, what


def test_every_page_of_the_site_keeps_to_the_content_security_policy(
    page: Page, live_server, login, django_user_model, csp_violations
):
    visit = Visit(page, live_server.url, csp_violations)
    walk_every_page(page, live_server, login, django_user_model, visit)


def test_every_page_of_the_site_keeps_to_the_content_security_policy_in_french(
    page: Page, live_server, login, django_user_model, csp_violations
):
    """The same walk, read by a French browser (issue 34): every page in French, and none
    breaks the policy (a translation brings no markup: tests/test_translated_markup.py)."""
    page.set_extra_http_headers({"Accept-Language": "fr-FR,fr;q=0.9"})
    visit = FrenchVisit(page, live_server.url, csp_violations)
    walk_every_page(page, live_server, login, django_user_model, visit, said=french)


def french(text: str) -> str:
    with translation.override("fr"):
        return translation.gettext(text)


def walk_every_page(
    page: Page,
    live_server,
    login,
    django_user_model,
    visit: Visit,
    said: Callable[[str], str] = str,
) -> None:
    """Opens every page of the site, each checked by `visit` as it is shown (the walk
    tests/browser/test_narrow_screen.py takes too, its Visit checking the page's width); the
    buttons and headings it looks for by their words, `said` in the page's language."""
    organiser = django_user_model.objects.create_user("org", password="secret-pass")
    django_user_model.objects.create_user("stranger", password="secret-pass")
    league = builders.league_with_drivers(
        organiser=organiser, name="Open Book", drivers=8, rookies=True
    )
    builders.season_raced(league, number=1, ended=True)
    season = builders.season_raced(league, number=2, ended=False, raced_rounds=4, finished=4)
    rounds = {round_.number: round_ for round_ in season.rounds.all()}
    racing = list(Driver.objects.filter(team__league=league).racing().order_by("pk")[:4])
    starters = list(zip(racing, ["Red", "Blue", "Green", "Yellow"], strict=True))
    invitation = invitation_create(league=league, made_by=organiser, role=Role.REFEREE)
    team = league.teams.order_by("pk").first()
    wear = league_create(name="Wear Points", organiser=organiser, ruleset="rbb")
    team_create(league=wear, name="Scuderia", driver_names=["Ann", "Bob"])
    team_create(league=wear, name="Arrows", driver_names=["Cid", "Dot"])
    wear_round = season_open(
        league=wear, tracks=[Track.objects.order_by("pk").first()]
    ).rounds.get()
    slug = f"/{league.slug}"

    # The policy these pages are held to is the one production sends (tests/test_deploy.py).
    first = page.goto(live_server.url + "/")
    assert first is not None and first.headers["content-security-policy"] == build_policy()
    assert page.evaluate("[htmx.config.allowEval, htmx.config.includeIndicatorStyles]") == [
        False,
        False,
    ]

    # Anyone's pages.
    visit("league:home", "/")
    visit("login", "/login/")
    visit("league:signup", "/signup/")
    visit("password_reset", reverse("password_reset"))
    visit("password_reset_done", reverse("password_reset_done"))
    visit("password_reset_confirm", reverse("password_reset_confirm", args=["MA", "no-token"]))
    visit("password_reset_complete", reverse("password_reset_complete"))
    visit("league:tracks", "/tracks/")
    visit("league:league", slug + "/")
    visit("league:season", season.get_absolute_url())
    visit("league:season", f"{slug}/seasons/1/")
    visit("league:season_report", f"{slug}/seasons/1/report/")
    visit("league:round", rounds[1].get_absolute_url())
    visit("league:round", rounds[7].get_absolute_url())
    visit("league:team", team.get_absolute_url())
    visit("league:team_sheet", f"{slug}/teams/{team.pk}/sheet/")
    page.evaluate("window.print = () => { window.printed = true; }")
    page.get_by_role("button", name=said("Print")).click()
    assert page.evaluate("window.printed") is True
    visit("league:driver", racing[0].get_absolute_url())
    visit("league:join", reverse("league:join", args=[invitation.token]))
    visit("404", "/no-such-league/", status=404)
    visit("404", "/join/%00/", status=404)

    # A form the site cannot read (400), and the login lockout (429).
    visit("login", "/login/")

    def in_utf_16(route: Route) -> None:
        headers = {**route.request.headers, "content-type": UTF_16_FORM}
        route.continue_(headers=headers if route.request.method == "POST" else None)

    page.route("**/login/", in_utf_16)
    page.locator('input[name="username"]').fill("org")
    page.locator('input[name="password"]').fill("secret-pass")
    page.get_by_role("button", name=said("Log in")).click()
    expect(page.get_by_role("heading", name=said("Bad request"))).to_be_visible()
    visit.clean("the 400 page")
    page.unroute("**/login/")
    # A form sent without the CSRF cookie (403).
    visit("login", "/login/")
    page.context.clear_cookies()
    page.locator('input[name="username"]').fill("org")
    page.locator('input[name="password"]').fill("secret-pass")
    page.get_by_role("button", name=said("Log in")).click()
    expect(page.get_by_role("heading", name=said("Not sent"))).to_be_visible()
    visit.clean("the CSRF refusal")
    for _try in range(6):
        page.goto(live_server.url + "/login/")
        page.locator('input[name="username"]').fill("nobody")
        page.locator('input[name="password"]').fill("wrong")
        page.get_by_role("button", name=said("Log in")).click()
    expect(page.get_by_role("heading", name=said("Too many tries"))).to_be_visible()
    visit.clean("the lockout page")

    # Someone else's league (403), and an invitation's link to a signed-in person.
    login("stranger", "secret-pass")
    visit("403", slug + "/members/", status=403)
    visit("league:account", reverse("league:account"))
    visit("league:account_delete", reverse("league:account_delete"))
    visit("password_change", reverse("password_change"))
    visit("password_change_done", reverse("password_change_done"))
    visit("league:join", reverse("league:join", args=[invitation.token]))
    page.get_by_role("button", name=said("Log out")).click()

    # The organiser's pages.
    login("org", "secret-pass")
    visit("league:league_new", "/leagues/new/")
    with page.expect_response(lambda answer: "ruleset=rbb" in answer.url):
        page.get_by_label(said("Rule set")).select_option("rbb")
    expect(page.get_by_text("25-18-15-12-10-8-6-4-2-1")).to_be_visible()
    visit.clean("the new-league form, its rule set changed by htmx")
    visit("league:league_restore", "/leagues/restore/")
    visit("league:league_import", "/leagues/import/")
    visit("league:track_edit", reverse("league:track_edit", args=[rounds[1].track_id]))
    visit("league:league", slug + "/")
    visit("league:league_points", slug + "/points/")
    visit("league:league_settings", slug + "/settings/")
    visit("league:records", slug + "/records/")
    visit("league:league_publish", slug + "/publish/")
    visit("league:league_time_zone", slug + "/time-zone/")
    visit("league:league_delete", slug + "/delete/")
    visit("league:members", slug + "/members/")
    visit("league:team_new", slug + "/teams/new/")
    visit("league:team", team.get_absolute_url())
    visit("league:driver", racing[0].get_absolute_url())
    visit("league:season_new", slug + "/seasons/new/")
    visit("league:season_end", f"{slug}/seasons/2/end/")
    visit("league:season_setup", f"/{wear.slug}/seasons/1/setup/")
    # The same season, before its first race, opened again under another rule set: the page.
    visit("league:season_rules", f"/{wear.slug}/seasons/1/rules/")
    # A penalty, a bonus and drop rounds: the organiser's page, the season page striking out.
    adjustment_add(
        season=season, user=organiser, expected_version=0, points=-3, reason="Contact",
        driver_id=racing[0].pk, round_number=1,
    )  # fmt: skip
    season_drops_set(season=season, user=organiser, expected_version=1, rule="best", number=2)
    visit("league:season_adjustments", f"{slug}/seasons/2/adjustments/")
    visit("league:season", f"{slug}/seasons/2/")
    visit("league:round", rounds[4].get_absolute_url())  # finished
    visit("league:round_reopen", rounds[4].get_absolute_url() + "reopen/")
    visit("league:round", rounds[5].get_absolute_url())  # to start
    visit("league:round_table", rounds[5].get_absolute_url() + "table/")
    # A round entered by hand: its result form, and its starters to change.
    round_start(
        round_=wear_round,
        starters=[(driver, driver.name) for driver in Driver.objects.filter(team__league=wear)],
    )
    visit("league:round", wear_round.get_absolute_url())
    visit("league:round_starters", wear_round.get_absolute_url() + "starters/")

    # The race at the table: entries swapped in by htmx, at least one a tapped die face.
    race = drive(round_start_at_table(round_=rounds[5], starters=starters), 4, seed=3)
    visit("races:log", reverse("races:log", args=[race.pk]))
    visit("races:screen", reverse("races:screen", args=[race.pk]))
    visit("races:replay", reverse("races:replay", args=[race.pk]) + "?event=2")
    visit("races:undo_back_to", reverse("races:undo_back_to", args=[race.pk, 2]))
    # The house rules (a table, whose alignment Markdown writes as a style, dropped) and a
    # ruling attached at the table, swapped in by htmx, then on the Rulings and round pages.
    house_rules_set(league=league, text=HOUSE_RULES, expected_version=0)
    visit("league:house_rules_edit", slug + "/house-rules/edit/")
    visit("league:house_rules", slug + "/house-rules/")
    visit("races:ruling_new", reverse("races:ruling_new", args=[race.pk]))
    page.fill("#ruling-text", "Red may brake twice.")
    page.select_option("#ruling-heading", "Pit lane")
    page.locator('button[name="rule"]').click()
    page.locator("#ruling-made").wait_for()
    visit.clean("the ruling made, swapped in by htmx")
    visit("races:rulings", reverse("races:rulings", args=[league.slug]))
    visit("league:round", rounds[5].get_absolute_url())  # at the table, with a ruling
    enter_then_undo(page, race, visit)
    odds_league = race.round.season.league
    odds_league.settings = {**odds_league.settings, "gear_odds": True}
    odds_league.save(update_fields=["settings"])
    visit("races:odds", reverse("races:odds", args=[race.pk]) + "?to_corner=3&stops=1")

    # A spectator's turn page asks for news every 5 seconds, and swaps it in.
    page.get_by_role("button", name=said("Log out")).click()
    with page.expect_response(lambda answer: "version=" in answer.url, timeout=10_000):
        visit("races:turn", race.get_absolute_url())
    visit.clean("the spectator's turn page, polled")

    unseen = url_names(get_resolver().url_patterns) - visit.names - POST_ONLY - NOT_HTML
    assert unseen == set(), f"pages this test does not open yet: {sorted(unseen)}"


class FrenchVisit(Visit):
    """A visit that also finds each page in French (issue 34)."""

    def clean(self, what: str) -> None:
        super().clean(what)
        assert self.page.locator("html").get_attribute("lang") == "fr", what


def enter_then_undo(page: Page, race, visit: Visit) -> None:
    """On the turn page: entries until two were tapped on a keypad or a gear's row (each
    answer swapped in by htmx, clean), then an undo (clean)."""
    visit("races:turn", race.get_absolute_url())
    rng, tapped = random.Random(7), 0
    for _entry in range(30):
        race.refresh_from_db()
        asked = engine.prompts(race_state(race))[0]
        event = legal_event(asked, rng)
        data = {k: v for k, v in event.data.items() if k != "car" and v not in ([], 0)}
        faces = page.locator(
            '#event-form [data-widget="keypad"], #event-form [data-widget="gears"]'
        )
        tapped += faces.count() > 0
        enter(page, race.version, event.kind, data)
        visit.clean(f"the turn page after entering {event.kind}")
        if tapped >= 2:
            break
    assert tapped >= 2
    race.refresh_from_db()
    version = race.version
    page.locator('button[name="undo"]').click()
    page.wait_for_function(
        "v => document.querySelector('#event-form input[name=version]').value !== String(v)",
        arg=version,
    )
    visit.clean("the turn page after an undo")
