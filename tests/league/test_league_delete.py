"""Deleting a league takes every row it owns, whatever its history holds, and nothing of any
other league: its results, adjustments, season-end report, reopening notes, starters chosen,
races at the table with their logs and rulings, house rules, members and invitations."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.urls import reverse

from league.models import League, Making, NameKey, Profile, Role, Track
from league.services.errors import AlreadyDone
from league.services.house_rules import house_rules_set
from league.services.league_settings import league_settings_set
from league.services.leagues import LEAGUE_DELETED_ALREADY, league_create, league_delete
from league.services.members import invitation_create, member_add
from league.services.penalties import adjustment_add
from league.services.roster import driver_career_correct
from league.services.season_end import season_end
from league.services.seasons import season_open
from league.services.starts import round_start_at_table, round_starters_choose
from league.services.teams import team_create
from races.models import Race
from races.services import rulings as ruling_services
from tests.factories import UserFactory
from tests.league.test_services import play_rounds, racing_drivers
from tests.races.autopilot import drive

pytestmark = pytest.mark.django_db

# Shared by every league: a track stays when a league racing on it goes.
# The site's rows a league names but does not own: tracks, and what its people's accounts
# keep (their names' look-alike keys, what they made when, for the limits over time, the
# language they chose).
SHARED = {Track, NameKey, Making, Profile}


def rows() -> dict[str, set[int]]:
    """The ids of every row of every table of league and races."""
    return {
        model._meta.label: set(model.objects.values_list("pk", flat=True))
        for app in ("league", "races")
        for model in apps.get_app_config(app).get_models()
    }


def adjust(season, organiser, **competitor) -> None:
    season.refresh_from_db()
    adjustment_add(
        season=season,
        user=organiser,
        expected_version=season.standings_version,
        points=-3,
        reason="Contact at the hairpin",
        **competitor,
    )


def league_with_everything(organiser, name: str) -> League:
    """A league with a row of every kind: a season ended (its report), the next one's first
    round confirmed (its reopening notes) with penalties to a driver and a team, starters chosen
    for round 3, round 2 at the table with a log and a ruling, house rules, a referee and an
    invitation."""
    league = league_create(name=name, organiser=organiser)
    teams = [
        team_create(league=league, name="Red Herrings", driver_names=["Ann", "Bob"]),
        team_create(league=league, name="Blue Moons", driver_names=["Cid", "Dot"]),
    ]
    first = season_open(league=league, preset="Spring")
    play_rounds(first, racing_drivers(teams), range(1, 10))
    adjust(first, organiser, driver_id=racing_drivers(teams)[0].pk, round_number=2)
    _changes, second = season_end(season=first)
    drivers = racing_drivers(teams)
    play_rounds(second, drivers, [1])
    adjust(second, organiser, driver_id=drivers[1].pk, round_number=1)
    adjust(second, organiser, team_id=teams[1].pk)
    round_starters_choose(
        round_=second.rounds.get(number=3), team=teams[0], starters=[(drivers[0], "Crimson")]
    )
    # Between races: a career corrected by hand (a driver brought in with their past).
    driver_career_correct(driver=drivers[0], career={"xp": 40}, reason="Imported")
    race = round_start_at_table(
        round_=second.rounds.get(number=2), starters=[(driver, driver.name) for driver in drivers]
    )
    drive(race, 6, seed=3, who=organiser)
    race = Race.objects.select_related("round__season__league").get(pk=race.pk)
    ruling_services.ruling_add(
        race=race, text="The red car may brake twice.", heading="", expected_version=race.version
    )
    house_rules_set(league=league, text="# Blocked cars\n\nBrake.", expected_version=0)
    referee = UserFactory()
    member_add(league=league, user=referee, role=Role.REFEREE)
    invitation_create(league=league, made_by=organiser, role=Role.REFEREE)
    league_settings_set(league=league, settings={"gear_odds": True})
    return League.objects.get(pk=league.pk)


def test_a_league_with_a_row_of_every_kind_goes_whole_and_no_other_league_loses_a_row(organiser):
    other = league_with_everything(organiser, "Sunday Racers")
    before = rows()
    league = league_with_everything(organiser, "Thursday Night League")
    filled = rows()
    empty = [
        label
        for label, ids in filled.items()
        if not ids - before[label] and apps.get_model(label) not in SHARED
    ]
    assert empty == [], "the league has no row of these: add one, so that deleting is tried"

    league_delete(league=league, name_typed=league.name)

    after = rows()
    for model in SHARED:
        after.pop(model._meta.label), before.pop(model._meta.label)
    assert after == before
    assert League.objects.filter(pk=other.pk).exists()


def test_the_organiser_deletes_a_league_with_a_penalty_and_a_second_tap_is_no_error(
    client, organiser
):
    league = league_with_everything(organiser, "Thursday Night League")
    client.force_login(organiser)
    url = reverse("league:league_delete", args=[league.slug])

    response = client.post(url, {"name": league.name})

    assert response.status_code == 302 and response.url == reverse("league:home")
    assert not League.objects.filter(pk=league.pk).exists()
    # The same tap again finds no league at the address, as any unknown address.
    assert client.post(url, {"name": league.name}).status_code == 404


def test_a_second_tap_that_waited_for_the_first_is_told_the_league_is_gone(organiser):
    league = league_with_everything(organiser, "Thursday Night League")
    read_before_the_first_delete = League.objects.get(pk=league.pk)
    league_delete(league=league, name_typed=league.name)

    with pytest.raises(AlreadyDone) as again:
        league_delete(league=read_before_the_first_delete, name_typed=league.name)

    assert again.value.messages == [LEAGUE_DELETED_ALREADY.format(league="Thursday Night League")]
