"""Reopening the last confirmed round takes back exactly what its confirmation did: the whole
league (every driver, every entry, the standings) is as it was just before the confirmation,
and the round can be confirmed again."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from league.models import Driver, DriverStatus, League, Round, RoundResultChange, RoundStatus
from league.reads.standings import season_standings
from league.services.errors import AlreadyDone, StaleRound
from league.services.leagues import league_create
from league.services.reopen import (
    ROUND_CONFIRMED_UNKEPT,
    ROUND_NOT_CONFIRMED,
    ROUND_NOT_LAST,
    reopen_summary,
    round_reopen,
    round_reopen_refusal,
)
from league.services.results import (
    EntryOutcome,
    entry_injury_roll,
    round_result_commit,
    round_result_enter,
    round_table_commit,
)
from league.services.season_end import SEASON_ALREADY_ENDED
from league.services.seasons import season_open
from league.services.starts import round_start, round_start_at_table
from league.services.teams import team_create
from league.services.tracks import track_create
from races.models import Race
from races.services.entries import race_undo
from tests.factories import UserFactory
from tests.league.test_services import all_finish, database_state, refused
from tests.league.test_views import round_url
from tests.races.autopilot import drive_to_finish

pytestmark = pytest.mark.django_db


def whole_league(season) -> dict[str, Any]:
    """Every row a round's confirmation may write and the season's standings; only the rounds'
    and the league's versions are left out, since every write advances them and they never
    repeat, and when they finished is reduced to whether they have."""
    state = database_state()
    state["League"] = [{**row, "data_version": None} for row in state["League"]]
    state["Round"] = [
        {**row, "version": None, "finished_at": bool(row["finished_at"])} for row in state["Round"]
    ]
    state["RoundResultChange"] = list(RoundResultChange.objects.values())
    standings = season_standings(season)
    state["standings"] = [
        [(line.competitor.pk, line.position, line.points, line.by_round) for line in table]
        for table in (standings.drivers, standings.teams)
    ]
    return state


def version_of(round_: Round) -> int:
    return Round.objects.values_list("version", flat=True).get(pk=round_.pk)


def named(*names: str) -> list[Driver]:
    return [Driver.objects.get(name=name) for name in names]


def out(entry, *, overshoot: int, distance: int) -> EntryOutcome:
    return EntryOutcome(
        entry_id=entry.pk,
        finished=False,
        out_reason="overshoot",
        overshoot=overshoot,
        distance=Decimal(distance),
    )


def enter_by_hand(round_: Round, drivers: list[Driver], crashes: dict[str, tuple]) -> None:
    """Start `round_` with `drivers`; those in `crashes` overshoot (by, and the rolls of their
    injury check), the others finish in the order given. Entered, rolled, not confirmed."""
    entries = round_start(
        round_=round_, starters=[(driver, f"car {driver.pk}") for driver in drivers]
    )
    finishers = [entry for entry in entries if entry.driver.name not in crashes]
    crashed = [entry for entry in entries if entry.driver.name in crashes]
    outcomes = all_finish(finishers) + [
        out(entry, overshoot=crashes[entry.driver.name][0], distance=30 - index)
        for index, entry in enumerate(crashed)
    ]
    round_result_enter(round_=round_, outcomes=outcomes)
    for entry in crashed:
        for value in crashes[entry.driver.name][1]:
            entry_injury_roll(entry=entry, value=value)


@pytest.fixture
def six_drivers(league: League, teams) -> League:
    """Three teams, and drivers retire as soon as an injury takes them below zero XP."""
    team_create(league=league, name="Greens", driver_names=["Eve", "Fay"])
    league.settings["retire_mid_season"] = True
    league.save()
    return league


def test_reopening_a_double_points_round_takes_back_injuries_and_a_retirement(six_drivers, season):
    round_one = season.rounds.get(number=1)
    # Fay: Orange 6-8, 4 races to miss. Dot: Orange 4-5 -> Red, Red 6-8: severity 5, XP -5,
    # retired at once.
    enter_by_hand(
        round_one,
        named("Ann", "Bob", "Cid", "Dot", "Eve", "Fay"),
        {"Fay": (6, [7]), "Dot": (6, [4, 7])},
    )
    before = whole_league(season)

    round_result_commit(round_=round_one)
    dot, fay = named("Dot", "Fay")
    assert dot.status == DriverStatus.RETIRED and fay.races_to_miss == 4
    assert round_one.entries.get(driver__name="Ann").points == 200  # 2x points
    confirmed = whole_league(season)

    round_reopen(round_=round_one, expected_version=version_of(round_one))

    assert whole_league(season) == before
    # Confirmed again, it does what it did the first time (the undo notes are new rows).
    round_result_commit(round_=round_one)
    again = whole_league(season)
    assert {k: v for k, v in again.items() if k != "RoundResultChange"} == {
        k: v for k, v in confirmed.items() if k != "RoundResultChange"
    }


def test_reopening_takes_back_the_healing_of_drivers_who_sat_it_out(six_drivers, season):
    Driver.objects.filter(name="Fay").update(xp=20)  # her injury does not retire her
    enter_by_hand(
        season.rounds.get(number=1),
        named("Ann", "Bob", "Cid", "Dot", "Eve", "Fay"),
        {"Fay": (6, [7])},  # 4 races to miss
    )
    round_result_commit(round_=season.rounds.get(number=1))
    round_two = season.rounds.get(number=2)
    # Cid overshoots by 3: Blue 10, 2 races to miss; Fay sits out and heals.
    enter_by_hand(round_two, named("Ann", "Bob", "Cid", "Dot", "Eve"), {"Cid": (3, [10])})
    before = whole_league(season)

    round_result_commit(round_=round_two)
    assert named("Fay")[0].races_to_miss == 3 and named("Cid")[0].races_to_miss == 2

    round_reopen(round_=round_two, expected_version=version_of(round_two))

    assert whole_league(season) == before
    assert Round.objects.get(pk=round_two.pk).status == RoundStatus.STARTED


def test_a_formula_d_round_reopens_to_exactly_what_it_was(organiser):
    league = league_create(name="Grand Prix Club", organiser=organiser, ruleset="formula_d")
    for name in ("Ann", "Bob", "Cid"):
        team_create(league=league, name=f"{name}'s", driver_names=[name])
    season = season_open(league=league, tracks=[track_create(name="Home")])
    round_ = season.rounds.get()
    entries = round_start(
        round_=round_, starters=[(driver, driver.name) for driver in Driver.objects.all()]
    )
    round_result_enter(
        round_=round_,
        outcomes=[
            *all_finish(entries[:2]),
            EntryOutcome(entry_id=entries[2].pk, finished=False, out_reason="engine", distance=9),
        ],
    )
    before = whole_league(season)
    round_result_commit(round_=round_)
    assert sum(round_.entries.values_list("points", flat=True)) == 10 + 8 + 6

    round_reopen(round_=round_, expected_version=version_of(round_))

    assert whole_league(season) == before


# --- only the last confirmed round, once, asked first ---------------------------------------


def play(round_: Round, drivers: list[Driver]) -> None:
    enter_by_hand(round_, drivers, {})
    round_result_commit(round_=round_)


def test_only_the_last_confirmed_round_reopens(season, teams):
    drivers = named("Ann", "Bob", "Cid", "Dot")
    round_one, round_two = season.rounds.get(number=1), season.rounds.get(number=2)
    play(round_one, drivers)
    round_start(round_=round_two, starters=[(d, f"c{d.pk}") for d in drivers])
    round_one.refresh_from_db()

    message = ROUND_NOT_LAST.format(number=1, later=2)
    assert round_reopen_refusal(round_one) == message
    with refused(message):
        round_reopen(round_=round_one, expected_version=version_of(round_one))
    round_two.refresh_from_db()
    assert round_reopen_refusal(round_two) == ROUND_NOT_CONFIRMED.format(number=2)


def test_a_round_of_an_ended_season_does_not_reopen(season, teams):
    play(season.rounds.get(number=1), named("Ann", "Bob", "Cid", "Dot"))
    season.ended_at = season.league.created
    season.save()
    round_one = season.rounds.select_related("season").get(number=1)
    with refused(SEASON_ALREADY_ENDED):
        round_reopen(round_=round_one, expected_version=version_of(round_one))


def test_a_round_confirmed_before_its_changes_were_kept_does_not_reopen(season, teams):
    round_one = season.rounds.get(number=1)
    play(round_one, named("Ann", "Bob", "Cid", "Dot"))
    RoundResultChange.objects.all().delete()
    with refused(ROUND_CONFIRMED_UNKEPT.format(number=1)):
        round_reopen(round_=round_one, expected_version=version_of(round_one))


def test_a_reopen_twice_is_done_once_and_a_stale_one_refused(season, teams):
    round_one = season.rounds.get(number=1)
    play(round_one, named("Ann", "Bob", "Cid", "Dot"))
    shown = version_of(round_one)
    round_reopen(round_=round_one, expected_version=shown)
    with pytest.raises(AlreadyDone):
        round_reopen(round_=round_one, expected_version=shown)
    round_result_commit(round_=round_one)
    with pytest.raises(StaleRound):
        round_reopen(round_=round_one, expected_version=shown)
    assert Round.objects.get(pk=round_one.pk).status == RoundStatus.FINISHED


def test_the_summary_says_what_reopening_takes_back(six_drivers, season):
    round_one = season.rounds.get(number=1)
    enter_by_hand(round_one, named("Ann", "Bob", "Cid", "Dot"), {"Dot": (6, [4, 7])})
    round_result_commit(round_=round_one)

    summary = reopen_summary(round_one)

    assert summary.points[0] == ("Ann", 200)
    assert dict(summary.careers)["Dot"] == (
        "XP -5 back to 1",
        "races to miss 5 back to 0",
        "prior injuries 1 back to 0",
        "retired back to active",
    )
    assert dict(summary.careers)["Ann"] == ("XP 2 back to 1",)


# --- a round run at the table ----------------------------------------------------------------


@pytest.fixture
def table_round(season, teams) -> Round:
    return season.rounds.select_related("track", "season__league").get(number=1)


def test_a_round_run_at_the_table_reopens_with_its_log_to_correct_and_commit_again(
    table_round, season
):
    starters = [
        (driver, car) for driver, car in zip(named("Ann", "Bob", "Cid", "Dot"), "ABCD", strict=True)
    ]
    race = drive_to_finish(round_start_at_table(round_=table_round, starters=starters))
    events = list(race.events.values_list("seq", "kind", "payload"))
    before = whole_league(season)
    round_table_commit(round_=race.round, expected_race_version=race.version)

    reopened = round_reopen(round_=table_round, expected_version=version_of(table_round))

    assert whole_league(season) == before
    assert reopened.pk == race.pk and not reopened.is_committed
    assert list(race.events.values_list("seq", "kind", "payload")) == events
    assert reopened.state == race.state and reopened.version == race.version + 2
    # Undo the last event, enter it again, and commit: the corrected result goes in.
    race_undo(race=reopened, expected_version=reopened.version)
    assert race.events.count() == len(events) - 1
    reopened = drive_to_finish(Race.objects.get(pk=race.pk), seed=2)
    round_table_commit(round_=reopened.round, expected_race_version=reopened.version)
    assert Round.objects.get(pk=table_round.pk).status == RoundStatus.FINISHED
    assert whole_league(season)["standings"] != before["standings"]


def test_a_reopened_table_race_is_not_yet_committed_twice(table_round, season):
    starters = [
        (driver, car) for driver, car in zip(named("Ann", "Bob", "Cid", "Dot"), "ABCD", strict=True)
    ]
    race = drive_to_finish(round_start_at_table(round_=table_round, starters=starters))
    round_table_commit(round_=race.round, expected_race_version=race.version)
    round_reopen(round_=table_round, expected_version=version_of(table_round))
    race.refresh_from_db()

    round_table_commit(round_=race.round, expected_race_version=race.version)

    assert Round.objects.get(pk=table_round.pk).status == RoundStatus.FINISHED
    assert RoundResultChange.objects.filter(round=table_round).count() == 4


# --- the pages -------------------------------------------------------------------------------


def reopen_url(round_: Round) -> str:
    return round_url(round_, "reopen")


def test_the_round_page_offers_to_reopen_only_the_last_confirmed_round(
    client_organiser, season, teams
):
    drivers = named("Ann", "Bob", "Cid", "Dot")
    round_one, round_two = season.rounds.get(number=1), season.rounds.get(number=2)
    play(round_one, drivers)
    assert reopen_url(round_one) in client_organiser.get(round_url(round_one)).text
    play(round_two, drivers)
    assert reopen_url(round_one) not in client_organiser.get(round_url(round_one)).text
    assert reopen_url(round_two) in client_organiser.get(round_url(round_two)).text
    page = client_organiser.get(reopen_url(round_one))
    assert "Only the last confirmed round reopens" in page.text
    assert 'name="reopen"' not in page.text


def test_reopening_asks_first_then_reopens_and_a_second_tap_is_told(
    client_organiser, six_drivers, season
):
    round_one = season.rounds.get(number=1)
    enter_by_hand(round_one, named("Ann", "Bob", "Cid", "Dot"), {"Dot": (6, [4, 7])})
    round_result_commit(round_=round_one)

    page = client_organiser.get(reopen_url(round_one))
    assert page.status_code == 200
    assert "Ann: 200" in page.text and "retired back to active" in page.text
    data = {"reopen": "", "version": version_of(round_one)}
    first = client_organiser.post(reopen_url(round_one), data)
    second = client_organiser.post(reopen_url(round_one), data, follow=True)

    assert first.status_code == 302 and first.url == round_url(round_one)
    assert named("Dot")[0].status == DriverStatus.ACTIVE
    assert "open again already" in second.text
    assert "Every injury check is settled" in second.text  # to correct, or confirm again


def test_a_stale_reopen_gets_the_fresh_page_and_a_409(client_organiser, season, teams):
    round_one = season.rounds.get(number=1)
    play(round_one, named("Ann", "Bob", "Cid", "Dot"))
    response = client_organiser.post(
        reopen_url(round_one), {"reopen": "", "version": version_of(round_one) - 1}
    )
    assert response.status_code == 409
    assert "Someone else changed this round first" in response.text
    assert Round.objects.get(pk=round_one.pk).status == RoundStatus.FINISHED


def test_a_table_round_reopens_to_its_race(client_organiser, table_round, season):
    starters = [(d, c) for d, c in zip(named("Ann", "Bob", "Cid", "Dot"), "ABCD", strict=True)]
    race = drive_to_finish(round_start_at_table(round_=table_round, starters=starters))
    round_table_commit(round_=race.round, expected_race_version=race.version)
    assert "undo what needs correcting" in client_organiser.get(reopen_url(table_round)).text

    response = client_organiser.post(
        reopen_url(table_round), {"reopen": "", "version": version_of(table_round)}
    )

    assert response.status_code == 302 and response.url == race.get_absolute_url()
    assert 'name="undo"' in client_organiser.get(race.get_absolute_url()).text


def test_a_watcher_may_not_reopen(client, season, teams):
    round_one = season.rounds.get(number=1)
    play(round_one, named("Ann", "Bob", "Cid", "Dot"))
    client.force_login(UserFactory(username="watcher"))
    assert reopen_url(round_one) not in client.get(round_url(round_one)).text
    data = {"reopen": "", "version": version_of(round_one)}
    assert client.post(reopen_url(round_one), data).status_code == 403


@pytest.mark.parametrize("teams_count", [2, 4])
def test_reopening_costs_the_same_queries_for_4_or_8_cars(
    client_organiser, league, season, teams_count, django_assert_max_num_queries
):
    """Drivers and entries are put back in bulk: 21 queries, 4 cars or 8."""
    for index in range(teams_count):
        team_create(league=league, name=f"Team {index}", driver_names=[f"A{index}", f"B{index}"])
    round_one = season.rounds.get(number=1)
    play(round_one, list(Driver.objects.all()))
    with django_assert_max_num_queries(21):
        response = client_organiser.post(
            reopen_url(round_one), {"reopen": "", "version": version_of(round_one)}
        )
    assert response.status_code == 302
