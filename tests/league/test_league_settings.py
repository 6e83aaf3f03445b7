"""A running league's settings changed on its settings page: gear odds at once, weather from the
next race started, what shapes the season's scoring only before its first result; each change
kept and shown on the season's report."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from league.models import Driver, League, LeagueSettingChange, Role, Round, Season
from league.reads.standings import season_standings
from league.services.errors import AlreadyDone, Stale
from league.services.league_settings import league_settings_set
from league.services.leagues import LEAGUE_CHANGED
from league.services.members import member_add
from league.services.penalties import adjustment_add
from league.services.results import EntryOutcome, round_result_commit, round_result_enter
from league.services.seasons import season_open
from league.services.starts import round_start
from rules.language import speaking
from tests.factories import UserFactory
from tests.league.test_across_rule_sets import formula_d_league, tracks

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser():
    return UserFactory(username="organiser")


def translation_of(league: League, key: str) -> str:
    """The label of `league`'s setting `key` in French (and not the English one)."""
    setting = next(setting for setting in league.rules.settings if setting.key == key)
    with speaking("fr"):
        label = setting.said_label()
    assert label != setting.label
    return label


def race(round_: Round) -> None:
    """`round_` raced by every racing driver and confirmed."""
    drivers = list(Driver.objects.filter(team__league=round_.season.league).racing())
    entries = round_start(round_=round_, starters=[(d, f"car {d.pk}") for d in drivers])
    outcomes = [
        EntryOutcome(entry_id=entry.pk, finished=True, place=place)
        for place, entry in enumerate(entries, start=1)
    ]
    round_result_enter(round_=round_, outcomes=outcomes)
    round_result_commit(round_=round_)


def running(organiser, *, raced: int = 1) -> tuple[League, Round]:
    """A Formula D league whose season's first `raced` rounds are confirmed; and its next."""
    league = formula_d_league(organiser)
    season = season_open(league=league, tracks=tracks("Monza", "Zandvoort", "Spa"))
    for number in range(1, raced + 1):
        race(season.rounds.get(number=number))
    league.refresh_from_db()
    return league, season.rounds.get(number=raced + 1)


def test_gear_odds_and_weather_switch_on_for_a_running_league(organiser):
    league, next_round = running(organiser)
    changes = league_settings_set(
        league=league,
        settings={"gear_odds": True, "weather": True},
        expected_version=league.settings_version,
        made_by=organiser,
    )
    assert {change.key: (change.before, change.after, change.effect) for change in changes} == {
        "gear_odds": ("off", "on", "display"),
        "weather": ("off", "on", "race"),
    }
    league.refresh_from_db()
    assert league.settings["gear_odds"] is True and league.settings["weather"] is True
    next_round = Round.objects.get(pk=next_round.pk)
    assert next_round.race_settings["weather"] is True  # the next race started takes it
    assert LeagueSettingChange.objects.filter(season=next_round.season).count() == 2


def test_weather_ticked_by_mistake_is_switched_off_for_every_round_not_started(organiser):
    league = formula_d_league(organiser, weather=True)
    season = season_open(league=league, tracks=tracks("Monza", "Zandvoort"))
    league_settings_set(league=league, settings={"weather": False})
    assert [r.race_settings["weather"] for r in Round.objects.filter(season=season)] == [
        False,
        False,
    ]


def test_a_setting_that_shapes_the_season_waits_for_the_next_season_once_scored(organiser):
    league, _next_round = running(organiser)
    with pytest.raises(ValidationError) as refused:
        league_settings_set(league=league, settings={"cars_per_team": "2"})
    assert "season 1 has a result already (round 1)" in refused.value.messages[0]
    with translation.override("fr"), speaking("fr"), pytest.raises(ValidationError) as refused:
        league_settings_set(league=league, settings={"cars_per_team": "2"})
    label = translation_of(league, "cars_per_team")
    assert refused.value.messages[0].startswith(f"{label} : la saison 1 a déjà un résultat")
    league.refresh_from_db()
    assert league.settings.get("cars_per_team", "1") == "1"
    assert not LeagueSettingChange.objects.exists()


def test_before_the_first_result_the_season_s_settings_change_too(organiser):
    league, _first = running(organiser, raced=0)
    league_settings_set(league=league, settings={"cars_per_team": "2"})
    league.refresh_from_db()
    assert league.settings["cars_per_team"] == "2"


def test_a_stale_page_is_refused_and_the_same_change_twice_is_one(organiser):
    league, _next_round = running(organiser)
    version = league.settings_version
    league_settings_set(league=league, settings={"gear_odds": True}, expected_version=version)
    with pytest.raises(AlreadyDone):
        league_settings_set(league=league, settings={"gear_odds": True}, expected_version=version)
    with pytest.raises(Stale):
        league_settings_set(league=league, settings={"weather": True}, expected_version=version)
    assert LeagueSettingChange.objects.count() == 1


def test_the_page_changes_them_and_the_season_report_shows_the_change(organiser):
    league, next_round = running(organiser)
    client = Client()
    client.force_login(organiser)
    url = reverse("league:league_settings", args=[league.slug])
    page = client.get(url)
    assert page.status_code == 200
    assert "Counts from the next race started" in page.content.decode()
    choices = {
        setting.key: setting.value_in(league.settings)
        for setting in league.rules.settings
        if setting.kind == "choice"
    }
    data = {**choices, "version": league.settings_version, "gear_odds": "on"}
    done = client.post(url, data)
    assert done.status_code == 302
    stale = client.post(url, {**data, "weather": "on"})
    assert stale.status_code == 409
    assert escape(LEAGUE_CHANGED) in stale.content.decode()
    bad = client.post(url, {**choices, "laps": "99", "version": league.settings_version + 1})
    assert bad.status_code == 400
    report = client.get(
        reverse("league:season_report", args=[league.slug, next_round.season.number])
    )
    assert "Settings changed during the season" in report.content.decode()
    assert "Gear odds" in report.content.decode()


def test_a_driver_s_penalty_counts_for_their_team_only_where_the_league_says_so(organiser):
    league, next_round = running(organiser)
    season = next_round.season
    ann = Driver.objects.get(team__league=league, name="Ann")

    def team_total() -> int:
        standings = season_standings(Season.objects.get(pk=season.pk))
        return next(line.points for line in standings.teams if line.competitor == ann.team)

    before = team_total()
    season.refresh_from_db()
    adjustment_add(
        season=season,
        user=organiser,
        expected_version=season.standings_version,
        points=-25,
        reason="Jumped the start",
        driver_id=ann.pk,
    )
    assert team_total() == before  # the driver's alone, by default
    league_settings_set(league=league, settings={"driver_adjustments_for_team": True})
    assert team_total() == before - 25
    client = Client()
    client.force_login(organiser)
    page = client.get(reverse("league:season_adjustments", args=[league.slug, season.number]))
    assert "counts for their team's total too" in page.content.decode()


def test_the_page_shows_the_season_s_settings_as_they_stand_once_it_has_a_result(organiser):
    league, _next_round = running(organiser)
    client = Client()
    client.force_login(organiser)
    url = reverse("league:league_settings", args=[league.slug])
    page = client.get(url).content.decode()
    assert "Season 1 has a result already (round 1)" in page
    assert re.search(r'<select name="cars_per_team"[^>]*disabled', page)
    # Posting it anyway changes nothing of it: a disabled field keeps what the league has.
    choices = {
        setting.key: setting.value_in(league.settings)
        for setting in league.rules.settings
        if setting.kind == "choice"
    }
    data = {**choices, "cars_per_team": "2", "version": league.settings_version, "weather": "on"}
    assert client.post(url, data).status_code == 302
    league.refresh_from_db()
    assert league.settings.get("cars_per_team", "1") == "1" and league.settings["weather"] is True


def settings_posted(league: League, **more: str) -> dict[str, object]:
    """The settings page's form as it stands, with `more`."""
    choices = {
        setting.key: setting.value_in(league.settings)
        for setting in league.rules.settings
        if setting.kind == "choice"
    }
    return {**choices, "version": league.settings_version, **more}


def test_the_organiser_sets_the_league_s_language_and_the_change_is_kept(organiser):
    league, _next_round = running(organiser)
    assert league.language == "en-gb"
    client = Client()
    client.force_login(organiser)
    url = reverse("league:league_settings", args=[league.slug])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'name="league_language"' in page and "Français" in page
    done = client.post(url, settings_posted(league, league_language="fr"))
    assert done.status_code == 302
    league.refresh_from_db()
    assert league.language == "fr"
    change = LeagueSettingChange.objects.get(league=league, key="language")
    assert (change.label, change.before, change.after) == ("Language", "English", "Français")
    assert change.made_by == organiser and change.season == league.current_season()
    # A reader who asks for no language reads the league in its own; a reader who asks, theirs.
    assert '<html lang="fr">' in client.get(league.get_absolute_url()).content.decode()
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Language: English → <strong>Français</strong>" in english
    # The change of language is the site's words, said in the reader's language (not a rule
    # set's setting looked up in the rules' catalogue); a language's name is its own.
    french = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Langue : English → <strong>Français</strong>" in french
    with translation.override("en"):
        assert change.said_label == "Language"
    # The same again is a double tap; a post that does not name a language leaves it.
    league.refresh_from_db()
    client.post(url, settings_posted(league, league_language="fr"))
    client.post(url, settings_posted(league, gear_odds="on"))
    league.refresh_from_db()
    assert league.language == "fr" and league.settings["gear_odds"] is True
    assert LeagueSettingChange.objects.filter(key="language").count() == 1


def test_no_one_but_an_organiser_sets_the_league_s_language(organiser):
    league, _next_round = running(organiser)
    referee = UserFactory(username="referee")
    member_add(league=league, user=referee, role=Role.REFEREE)
    url = reverse("league:league_settings", args=[league.slug])
    for user in (referee, UserFactory(username="stranger")):
        client = Client()
        client.force_login(user)
        league.refresh_from_db()
        assert client.post(url, settings_posted(league, league_language="fr")).status_code == 403
    league.refresh_from_db()
    assert league.language == "en-gb"
    assert not LeagueSettingChange.objects.filter(key="language").exists()


def test_an_unknown_language_is_refused_and_changes_nothing(organiser):
    league, _next_round = running(organiser)
    client = Client()
    client.force_login(organiser)
    url = reverse("league:league_settings", args=[league.slug])
    assert client.post(url, settings_posted(league, league_language="xx")).status_code == 400
    league.refresh_from_db()
    assert league.language == "en-gb"
