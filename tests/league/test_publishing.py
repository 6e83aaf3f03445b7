"""Published leagues (issue 12): a published league's pages and exports are open to everyone
without an account; an unpublished one's only to its organiser, referees and team owners, and
to anyone else it does not exist. Its organiser publishes it or takes it back."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils.html import escape
from django.utils.text import slugify

from bench import builders
from league.models import Driver, League, Role, Team, slugs
from league.services.leagues import LEAGUE_CHANGED, league_create, league_publish_set
from league.services.members import member_add
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def public_urls(league: League) -> dict[str, str]:
    """Every page and export of a league a member of the public may be shown."""
    season = league.seasons.order_by("number").first()
    team = Team.objects.filter(league=league).order_by("pk").first()
    driver = Driver.objects.filter(team__league=league).order_by("pk").first()
    args = [league.slug, season.number]
    return {
        "league": league.get_absolute_url(),
        "season": season.get_absolute_url(),
        "round": reverse("league:round", args=[*args, 1]),
        "report": reverse("league:season_report", args=args),
        "team": team.get_absolute_url(),
        "driver": driver.get_absolute_url(),
        "team sheet": reverse("league:team_sheet", args=[league.slug, team.pk]),
        "drivers csv": reverse("league:drivers_csv", args=args),
        "teams csv": reverse("league:teams_csv", args=args),
        "results csv": reverse("league:results_csv", args=args),
        "season json": reverse("league:season_standings_json", args=args),
        "league json": reverse("league:standings_json", args=[league.slug]),
        "calendar": reverse("league:calendar", args=[league.slug]),
    }


@pytest.fixture
def history() -> League:
    """Two seasons raced, the first ended (its report names its champions)."""
    return builders.league_with_history(organiser=UserFactory(), name="History", seasons=2)


def unpublish(league: League) -> League:
    return league_publish_set(league=league, published=False)


def test_a_published_leagues_pages_and_exports_are_open_without_an_account(client, history):
    assert history.published
    for name, url in public_urls(history).items():
        assert client.get(url).status_code == 200, name


def test_an_unpublished_league_does_not_exist_for_the_public_or_a_stranger(client, history):
    unpublish(history)
    for name, url in public_urls(history).items():
        response = client.get(url)
        assert response.status_code == 404, name
    client.force_login(UserFactory(username="stranger"))
    for name, url in public_urls(history).items():
        assert client.get(url).status_code == 404, name


@pytest.mark.parametrize("member", ["organiser", "referee", "team owner"])
def test_an_unpublished_league_is_open_to_its_members(client, history, member):
    unpublish(history)
    user = UserFactory(username=member.replace(" ", "_"))
    if member == "organiser":
        user = history.organiser
    elif member == "referee":
        member_add(league=history, user=user, role=Role.REFEREE)
    else:
        team = Team.objects.filter(league=history).first()
        member_add(league=history, user=user, role=Role.TEAM_OWNER, team=team)
    client.force_login(user)
    for name, url in public_urls(history).items():
        assert client.get(url).status_code == 200, name


def test_the_home_page_lists_published_leagues_and_a_members_own(client, history):
    hidden = builders.league_with_drivers(organiser=UserFactory(), name="Hidden", drivers=2)
    unpublish(hidden)
    assert "Hidden" not in client.get("/").content.decode()
    assert "History" in client.get("/").content.decode()
    client.force_login(hidden.organiser)
    assert "Hidden" in client.get("/").content.decode()


def test_a_superuser_sees_every_league(client, history):
    """Not listed on the home page, which lists one's own leagues and the published ones (the
    admin lists them all), but open to them."""
    unpublish(history)
    client.force_login(UserFactory(username="admin", is_superuser=True))
    assert "History" not in client.get("/").content.decode()
    assert client.get(history.get_absolute_url()).status_code == 200


def test_the_organiser_takes_the_league_back_and_publishes_it_again(client, history):
    client.force_login(history.organiser)
    url = reverse("league:league_publish", args=[history.slug])
    assert "Published: anyone may see" in client.get(url).content.decode()
    response = client.post(url, {"version": history.settings_version, "unpublish": ""})
    assert response.status_code == 302
    history.refresh_from_db()
    assert not history.published
    response = client.post(url, {"version": history.settings_version, "publish": ""})
    history.refresh_from_db()
    assert history.published


def test_a_double_tap_on_publish_writes_once(client, history):
    client.force_login(history.organiser)
    url = reverse("league:league_publish", args=[history.slug])
    data = {"version": history.settings_version, "unpublish": ""}
    client.post(url, data)
    version = League.objects.get(pk=history.pk).settings_version
    response = client.post(url, data, follow=True)
    assert response.status_code == 200
    assert "is already unpublished" in response.content.decode()
    assert League.objects.get(pk=history.pk).settings_version == version


def test_a_publish_form_built_on_older_settings_is_a_conflict(client, history):
    client.force_login(history.organiser)
    url = reverse("league:league_publish", args=[history.slug])
    stale = {"version": history.settings_version, "unpublish": ""}
    # Another tab took it back and published it again since.
    league_publish_set(league=league_publish_set(league=history, published=False), published=True)
    response = client.post(url, stale)
    assert response.status_code == 409
    assert escape(LEAGUE_CHANGED) in response.content.decode()
    assert League.objects.get(pk=history.pk).published


def test_a_publish_form_without_its_version_is_refused_not_a_server_error(client, history):
    client.force_login(history.organiser)
    url = reverse("league:league_publish", args=[history.slug])
    response = client.post(url, {"unpublish": ""})
    assert response.status_code == 400 and escape(LEAGUE_CHANGED) in response.text
    assert League.objects.get(pk=history.pk).published


def test_only_the_organiser_publishes(client, history):
    url = reverse("league:league_publish", args=[history.slug])
    response = client.post(url, {"version": history.settings_version, "unpublish": ""})
    assert response.status_code == 302 and "/login/" in response["Location"]
    client.force_login(UserFactory(username="stranger"))
    assert client.post(url, {"version": 0, "unpublish": ""}).status_code == 403
    referee = UserFactory(username="referee")
    member_add(league=history, user=referee, role=Role.REFEREE)
    client.force_login(referee)
    assert client.post(url, {"version": 0, "unpublish": ""}).status_code == 403
    assert League.objects.get(pk=history.pk).published


def test_an_unpublished_league_s_404_is_the_page_of_an_address_no_league_has(client, history):
    """It said "No such league (or it is not published)", where an unknown address said
    "Nothing is at this address…": the one told the other apart (tests/test_permissions.py
    compares every URL, method and outsider)."""
    unpublish(history)
    hidden = client.get(history.get_absolute_url())
    nothing = client.get("/no-such-league/")
    assert hidden.status_code == nothing.status_code == 404
    # Masked anew for every page: htmx's header and the site bar's language form.
    token = re.compile(r'"X-CSRFToken": "[^"]*"|name="csrfmiddlewaretoken" value="[^"]*"')
    assert token.sub("", hidden.text.replace(history.slug, "no-such-league")) == token.sub(
        "", nothing.text
    )


def test_a_public_page_costs_the_same_queries_published_or_seen_by_its_organiser(
    client, history, django_assert_max_num_queries
):
    url = history.seasons.get(number=2).get_absolute_url()
    with django_assert_max_num_queries(14) as public:
        client.get(url)
    unpublish(history)
    client.force_login(history.organiser)
    # The organiser of an unpublished league is known by the row already read: no query more
    # than the login's own, and the penalty form's drivers (its rounds are the page's).
    with django_assert_max_num_queries(len(public.captured_queries) + 3):
        assert client.get(url).status_code == 200


def test_a_stranger_naming_a_league_as_a_private_one_is_told_nothing_by_its_address(client):
    """A stranger's league named as another's private league was at `<its address>-2`: the
    address said that a league of that name was there, which its 404 did not say. Now every
    new league's address ends at random, whoever else has the name."""
    secret = league_create(name="Secret Cup", organiser=UserFactory(username="host"))
    assert not secret.published
    ending = f"[{slugs.SUFFIX_LETTERS}]{{{slugs.SUFFIX_LENGTH}}}"
    client.force_login(UserFactory(username="stranger"))
    for name in ("Secret Cup", "Open Cup"):  # a name that is taken, and one that is not
        response = client.post(reverse("league:league_new"), {"name": name})
        made = League.objects.get(name=name, organiser__username="stranger")
        assert response.status_code == 302 and response["Location"] == f"/{made.slug}/"
        assert re.fullmatch(f"{slugify(name)}-{ending}", made.slug), made.slug
        assert not made.slug.startswith(secret.slug)


def test_a_new_league_is_private_until_its_organiser_publishes_it(client):
    """Leagues were public from the moment they were made: a test league was open to all."""
    organiser = UserFactory(username="newcomer")
    client.force_login(organiser)
    client.post(reverse("league:league_new"), {"name": "Trial League"})
    league = League.objects.get(name="Trial League")
    assert not league.published
    page = client.get(league.get_absolute_url()).text
    assert 'id="published-badge">Not published</span>' in page
    client.logout()
    assert client.get(league.get_absolute_url()).status_code == 404
    assert "Trial League" not in client.get(reverse("league:home")).text
    league_publish_set(league=league, published=True)
    page = client.get(league.get_absolute_url()).text
    assert 'id="published-badge">Published</span>' in page
    assert "Trial League" in client.get(reverse("league:home")).text
