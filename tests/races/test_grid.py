"""A race at the table written into its season keeps where each car started (its grid
position, pole 1), as the rule set's hooks give the grid; the league's fastest rise through the
field reads it. Reopening the round takes it back until the race is written again."""

from __future__ import annotations

import pytest

from league.models import Entry
from league.reads.records import league_records
from league.services.reopen import round_reopen
from races.models import Race
from races.services.entries import race_state
from rules import engine
from tests.races.autopilot import drive_to_finish, write_the_result

pytestmark = pytest.mark.django_db

RISE = "Fastest rise through the field"


def test_a_race_written_into_its_season_keeps_each_car_s_grid_position(client_organiser, race):
    drive_to_finish(race, seed=9, wild=True)
    assert not Entry.objects.filter(grid__isnull=False).exists()  # nothing before it is written
    write_the_result(client_organiser, race)
    state = race_state(race)
    entries = list(Entry.objects.filter(round=race.round).order_by("grid"))
    assert [entry.car for entry in entries] == list(engine.grid(state)) and len(entries) == 4
    assert [entry.grid for entry in entries] == [1, 2, 3, 4]
    assert [entry.pole for entry in entries] == [True, False, False, False]
    # Seed 9: red started 4th and won, the most places gained.
    red = Entry.objects.select_related("driver").get(round=race.round, car="red")
    assert (red.grid, red.place, red.finished) == (4, 1, True)
    rise = {record.title: record for record in league_records(race.round.season.league)}[RISE]
    assert (rise.figure, rise.unit) == (3, "place")
    assert [(holder.name, holder.when) for holder in rise.holders] == [
        (red.driver.name, "season 1 round 1, from 4th to 1st")
    ]


def test_of_two_who_gained_as_many_places_in_a_race_the_higher_finisher_holds_it(
    client_organiser, race
):
    # Seed 5: blue from 3rd to 1st and red from 4th to 2nd, two places each.
    drive_to_finish(race, seed=5, wild=True)
    write_the_result(client_organiser, race)
    blue, red = (
        Entry.objects.select_related("driver").get(round=race.round, car=car)
        for car in ("blue", "red")
    )
    assert (blue.grid, blue.place, red.grid, red.place) == (3, 1, 4, 2)
    rise = {record.title: record for record in league_records(race.round.season.league)}[RISE]
    assert rise.figure == 2
    assert [holder.name for holder in rise.holders] == [blue.driver.name]


def test_reopening_a_round_run_at_the_table_takes_its_grid_back(client_organiser, race):
    drive_to_finish(race, seed=9, wild=True)
    round_ = write_the_result(client_organiser, race)
    round_reopen(round_=round_, expected_version=round_.version)
    assert not Entry.objects.filter(round=round_, grid__isnull=False).exists()
    assert not Entry.objects.filter(round=round_, pole=True).exists()
    write_the_result(client_organiser, Race.objects.get(pk=race.pk))
    assert sorted(Entry.objects.filter(round=round_).values_list("grid", flat=True)) == [1, 2, 3, 4]
