"""Creating things twice: a double tap or a second tab shows what the first one made, a name
that is taken is refused with a message, and no league hides a page of the site's own."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from league.models import Driver, League, Season, Team, Track, slugs
from league.models.slugs import reserved_slugs
from league.services import leagues
from league.services.leagues import SLUG_BUSY, league_create
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

NEW_LEAGUE = {"name": "Sunday Club", "field_size_rule": "next_larger"}


def test_new_league_posted_twice_makes_one_league(client_organiser):
    first = client_organiser.post(reverse("league:league_new"), NEW_LEAGUE)
    second = client_organiser.post(reverse("league:league_new"), NEW_LEAGUE, follow=True)
    league = League.objects.get()
    assert first.status_code == 302 and first.url == league.get_absolute_url()
    assert second.redirect_chain == [(league.get_absolute_url(), 302)]
    assert "You already run a league called 'Sunday Club': here it is." in unescape(second.text)


def test_a_refusal_of_the_new_league_is_a_400_on_the_form(client_organiser, monkeypatch):
    monkeypatch.setattr(leagues, "SLUG_TRIES", 0)
    response = client_organiser.post(reverse("league:league_new"), NEW_LEAGUE)
    assert response.status_code == 400
    assert SLUG_BUSY in unescape(response.text)
    assert not League.objects.exists()


def test_open_the_season_posted_twice_opens_one_season(client_organiser, league):
    url = reverse("league:season_new", args=[league.slug])
    page = client_organiser.get(url)
    assert 'name="number" value="1"' in page.text
    first = client_organiser.post(url, {"preset": "Spring", "number": 1})
    second = client_organiser.post(url, {"preset": "Summer", "number": 1}, follow=True)
    season = Season.objects.get()
    assert first.status_code == 302 and season.preset == "Spring"
    assert second.redirect_chain == [(season.get_absolute_url(), 302)]
    assert "Season 1 is already open (on Spring): here it is." in unescape(second.text)


def test_add_a_team_posted_twice_makes_one_team(client_organiser, league):
    url = reverse("league:team_new", args=[league.slug])
    posted = {"name": "Hare Racing", "driver_1": "Ann", "driver_2": "Bob"}
    first = client_organiser.post(url, posted)
    second = client_organiser.post(url, posted, follow=True)
    team = Team.objects.get()
    assert first.status_code == 302
    assert second.redirect_chain[-1][0] == team.get_absolute_url()
    assert "Hare Racing is already in this league, with these drivers." in unescape(second.text)
    assert Driver.objects.count() == 2


def test_a_second_team_of_a_taken_name_is_refused(client_organiser, league, teams):
    url = reverse("league:team_new", args=[league.slug])
    response = client_organiser.post(
        url, {"name": "red herrings", "driver_1": "X", "driver_2": "Y"}
    )
    assert response.status_code == 400
    assert "A team called 'Red Herrings' is already in this league." in unescape(response.text)
    assert Team.objects.count() == 2 and not Driver.objects.filter(name="X").exists()


def test_hiring_the_same_rookie_twice_makes_one_driver(client_organiser, league, teams):
    url = reverse("league:driver_hire", args=[league.slug, teams[0].pk])
    first = client_organiser.post(url, {"name": "Eve"})
    second = client_organiser.post(url, {"name": "Eve"})
    assert first.status_code == 302
    assert second.status_code == 400
    assert "A driver called 'Eve' already races in this league" in unescape(second.text)
    assert Driver.objects.filter(name="Eve").count() == 1


def test_the_same_track_added_twice_is_one_track(client_organiser):
    url = reverse("league:tracks")
    posted = {"name": "Home Circuit", "weather_table": "1-10 sun, 11-20 rain"}
    client_organiser.post(url, posted)
    second = client_organiser.post(url, posted, follow=True)
    assert "Home Circuit is already on the track list." in unescape(second.text)
    other = client_organiser.post(url, {**posted, "weather_table": "1-20 sun"})
    assert other.status_code == 400
    assert Track.objects.filter(name="Home Circuit").count() == 1


def test_ending_a_season_twice_shows_its_report(client_organiser, season):
    Season.objects.filter(pk=season.pk).update(ended_at=season.league.created)
    response = client_organiser.post(
        reverse("league:season_end", args=[season.league.slug, 1]), follow=True
    )
    assert response.redirect_chain[-1][0] == reverse(
        "league:season_report", args=[season.league.slug, 1]
    )
    assert "Season 1 has already ended: here is its report." in unescape(response.text)


# --- Slugs never take a path of the site's own -----------------------------------------------


def test_the_sites_own_paths_are_reserved():
    assert {"admin", "login", "logout", "tracks", "leagues", "races", "static"} <= reserved_slugs()


@pytest.mark.parametrize("name", ["Admin", "Login", "Logout", "Tracks", "Races", "Leagues"])
def test_a_league_named_like_a_page_of_the_site_keeps_both(client_organiser, name):
    response = client_organiser.post(reverse("league:league_new"), {**NEW_LEAGUE, "name": name})
    league = League.objects.get(name=name)
    assert re.fullmatch(
        f"{name.lower()}-[{slugs.SUFFIX_LETTERS}]{{{slugs.SUFFIX_LENGTH}}}", league.slug
    )
    assert response.url == league.get_absolute_url()
    assert client_organiser.get(league.get_absolute_url()).status_code == 200
    # The host's tools, at the name's own address where it is free: never a page's.
    made = league_create(name=name, organiser=UserFactory(), plain_address=True)
    assert made.slug == f"{name.lower()}-2"


def test_the_sites_pages_still_answer_after_such_leagues_exist(client_organiser):
    for name in ("Admin", "Login", "Tracks"):
        client_organiser.post(reverse("league:league_new"), {**NEW_LEAGUE, "name": name})
    admin = client_organiser.get("/admin/")
    assert admin.status_code == 302 and admin.url.startswith("/admin/login/")
    assert 'name="password"' in client_organiser.get("/login/").text
    tracks = client_organiser.get("/tracks/")
    assert tracks.resolver_match.url_name == "tracks" and "Monaco" in tracks.text


def test_a_reserved_slug_is_refused_where_one_is_typed(organiser):
    league = League(name="Sneaky", slug="admin", organiser=organiser)
    with pytest.raises(ValidationError, match="one of the site's own addresses"):
        league.full_clean()


def test_a_new_league_posted_without_its_settings_takes_their_defaults(client_organiser):
    """Create was tapped before the chosen rule set's settings came in: a Mini league with
    Season Pass's fields posted, or none at all, gets Mini's defaults, never a value meant for
    another rule set nor a 400 for a field the user never saw."""
    url = reverse("league:league_new")
    stale = {"name": "Mini Club", "ruleset": "mini", "settings_for": "season_pass"}
    response = client_organiser.post(url, {**stale, "field_size_rule": "next_smaller"})
    assert response.status_code == 302
    assert League.objects.get(name="Mini Club").settings["damage_pool"] == "20"
    bare = {"name": "Bare Club", "ruleset": "formula_d"}
    assert client_organiser.post(url, bare).status_code == 302
    settings = League.objects.get(name="Bare Club").settings
    assert (settings["cars_per_team"], settings["laps"]) == ("1", "2")


def test_the_rule_set_s_settings_posted_with_it_are_kept(client_organiser):
    url = reverse("league:league_new")
    posted = {"name": "Mini Club", "ruleset": "mini", "settings_for": "mini", "damage_pool": "25"}
    assert client_organiser.post(url, posted).status_code == 302
    assert League.objects.get(name="Mini Club").settings["damage_pool"] == "25"


def test_the_create_button_waits_for_the_rule_set_s_settings(client_organiser):
    page = client_organiser.get(reverse("league:league_new")).text
    assert 'hx-disabled-elt="#league-form button"' in page
    assert 'name="settings_for" value="season_pass"' in page
