"""league/services.py, through its public functions, in the words of the Season Pass rules."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.db import connection

from league.models import (
    Driver,
    DriverStatus,
    Entry,
    League,
    Round,
    RoundStatus,
    Season,
    SeasonEndChange,
    Team,
    Track,
    slugs,
)
from league.reads.standings import season_standings
from league.services.drivers import DRIVER_NAME_TAKEN, HIRE_DURING_RACE, driver_hire
from league.services.errors import AlreadyDone
from league.services.leagues import league_create
from league.services.results import (
    DAMAGE_NEEDED,
    INJURIES_PENDING,
    INJURY_NOT_NEEDED,
    INJURY_SETTLED,
    OUT_DISTANCE_TIED,
    OUT_NEEDS_DISTANCE,
    OUT_NEEDS_REASON,
    OUTCOME_MISSING,
    OUTCOME_UNKNOWN,
    OVERSHOOT_NEEDED,
    PLACES_NOT_CONSECUTIVE,
    EntryOutcome,
    entry_injury_roll,
    pending_injuries,
    round_result_commit,
    round_result_enter,
    round_result_record,
)
from league.services.rounds import ROUND_ALREADY_ENTERED, ROUND_NOT_STARTED
from league.services.schedules import SCHEDULE_NEEDS_TRACKS, UNKNOWN_PRESET
from league.services.season_end import SEASON_ENDED_ALREADY, SEASON_NOT_FINISHED, season_end
from league.services.seasons import SEASON_NOT_ENDED, season_open
from league.services.starts import (
    DUPLICATE_CAR,
    DUPLICATE_STARTER,
    ROUND_ALREADY_STARTED,
    ROUND_OUT_OF_ORDER,
    STARTER_NO_LONGER_RACING,
    STARTER_NOT_IN_LEAGUE,
    TOO_FEW_STARTERS,
    TOO_MANY_STARTERS,
    round_start,
    start_refusal,
)
from league.services.teams import TEAM_DRIVER_COUNT, team_create
from league.services.tracks import track_create, tracks_ensure_sample
from rules.championship import championship_for
from tests.factories import DriverFactory, TeamFactory, UserFactory

pytestmark = pytest.mark.django_db

CARS = ("red", "pink", "blue", "cyan", "green", "lime", "black", "white")
SPRING = (
    "Imola",
    "Monza",
    "Nürburgring",
    "Hockenheim",
    "Barcelona",
    "Estoril",
    "Silverstone",
    "Spa-Francorchamps",
    "Monaco",
)


# --- helpers ---------------------------------------------------------------------------------


def database_state() -> dict[str, list[dict[str, Any]]]:
    """Every row a service may write, to show that a refused action changed nothing."""
    models = (Track, League, Season, Round, Team, Driver, Entry, SeasonEndChange)
    return {model.__name__: list(model.objects.order_by("pk").values()) for model in models}


@contextmanager
def refused(message: str) -> Iterator[None]:
    """The action inside is refused with exactly `message` and leaves the database as it was."""
    before = database_state()
    with pytest.raises(ValidationError) as caught:
        yield
    assert caught.value.messages == [message]
    assert database_state() == before


def racing_drivers(teams: Sequence[Team]) -> list[Driver]:
    return [driver for team in teams for driver in team.drivers.racing().order_by("pk")]


def round_number(season: Season, number: int) -> Round:
    return season.rounds.get(number=number)


def start(round_: Round, drivers: Sequence[Driver]) -> list[Entry]:
    return round_start(
        round_=round_, starters=[(driver, CARS[index]) for index, driver in enumerate(drivers)]
    )


def all_finish(entries: Sequence[Entry]) -> list[EntryOutcome]:
    """Every car crosses the line, in the order given."""
    return [
        EntryOutcome(entry_id=entry.pk, finished=True, place=place)
        for place, entry in enumerate(entries, start=1)
    ]


def play(round_: Round, finishing_order: Sequence[Driver]) -> list[Entry]:
    """Start and record a round where every car finishes in `finishing_order`."""
    entries = start(round_, finishing_order)
    return round_result_record(round_=round_, outcomes=all_finish(entries), injury_rolls={})


def play_rounds(season: Season, drivers: Sequence[Driver], numbers: Sequence[int]) -> None:
    for number in numbers:
        play(round_number(season, number), drivers)


def fresh(driver: Driver) -> Driver:
    return Driver.objects.get(pk=driver.pk)


def set_driver(driver: Driver, **values: Any) -> Driver:
    """Give a driver a history (age, XP, injuries) without playing seasons to earn it."""
    Driver.objects.filter(pk=driver.pk).update(**values)
    return fresh(driver)


# --- leagues, tracks, seasons, teams ---------------------------------------------------------


def test_a_new_league_s_address_is_its_name_and_a_random_ending_whoever_has_the_name(organiser):
    first = league_create(name="Sunday Racers", organiser=organiser)
    second = league_create(name="Sunday Racers", organiser=UserFactory())

    ending = f"[{slugs.SUFFIX_LETTERS}]{{{slugs.SUFFIX_LENGTH}}}"
    assert re.fullmatch(f"sunday-racers-{ending}", first.slug)
    assert re.fullmatch(f"sunday-racers-{ending}", second.slug)
    assert first.slug != second.slug
    assert first.cars_per_team == 2


def test_the_host_s_tools_make_a_league_at_its_name_or_the_first_free_after_it(organiser):
    first = league_create(name="Sunday Racers", organiser=organiser, plain_address=True)
    second = league_create(name="Sunday Racers", organiser=UserFactory(), plain_address=True)

    assert (first.slug, second.slug) == ("sunday-racers", "sunday-racers-2")


def test_an_organisers_second_league_of_the_same_name_is_the_first(organiser):
    first = league_create(name="Sunday Racers", organiser=organiser)
    with pytest.raises(AlreadyDone) as done:
        league_create(name="sunday racers ", organiser=organiser)
    assert done.value.done == first and League.objects.count() == 1


def test_the_sample_tracks_are_created_once():
    tracks_ensure_sample(championship_for("season_pass"))
    tracks_ensure_sample(championship_for("season_pass"))
    Track.objects.filter(name="Imola").update(name="IMOLA")  # on the list in another case
    assert tracks_ensure_sample(championship_for("season_pass"))["Imola"].name == "IMOLA"

    assert Track.objects.count() == 27
    assert Track.objects.get(name="Monaco").number == 1


def test_a_track_keeps_its_weather_table_in_canonical_form():
    track = track_create(name="Home Circuit", weather_table="1-10 sun,11-20 rain")

    assert track.weather_table == "1-10 sun, 11-20 rain"
    assert track_create(name="Other Circuit").weather_table == (
        "1-14 sun, 15-18 rain, 19-20 variable"
    )


def test_a_weather_table_with_a_gap_is_refused():
    with pytest.raises(ValidationError) as caught:
        track_create(name="Gappy", weather_table="1-10 sun, 12-20 rain")

    assert caught.value.message_dict == {"weather_table": ["No result for a roll of 11."]}
    assert not Track.objects.exists()


def test_a_new_team_starts_with_two_rookies_aged_one_with_no_xp(league):
    team = team_create(league=league, name="Hare Racing", driver_names=["Ann", " Bob "])

    drivers = list(team.drivers.order_by("pk"))
    assert [driver.name for driver in drivers] == ["Ann", "Bob"]
    assert all(driver.age == 1 and driver.xp == 0 for driver in drivers)
    assert all(driver.prior_injuries == 0 and driver.races_to_miss == 0 for driver in drivers)
    assert all(driver.status == DriverStatus.ACTIVE for driver in drivers)


def test_the_third_car_variant_gives_each_team_three_drivers(organiser):
    league = league_create(name="Trio", organiser=organiser, settings={"third_car": True})

    team = team_create(league=league, name="Triple", driver_names=["A", "B", "C"])

    assert team.drivers.count() == 3
    with refused(TEAM_DRIVER_COUNT.format(count=3)):
        team_create(league=league, name="Pair", driver_names=["D", "E"])


def test_a_team_needs_one_driver_per_car(league):
    with refused(TEAM_DRIVER_COUNT.format(count=2)):
        team_create(league=league, name="Solo", driver_names=["Ann", "  "])


def test_team_names_are_unique_in_a_league(league, teams):
    with pytest.raises(ValidationError):
        team_create(league=league, name="Red Herrings", driver_names=["X", "Y"])
    assert Team.objects.count() == 2


def test_a_team_may_not_hire_two_drivers_of_the_same_name(teams):
    with refused(DRIVER_NAME_TAKEN.format(name="ann", team="Red Herrings")):
        driver_hire(team=teams[0], name="ann")


def test_no_two_drivers_of_a_league_share_a_name(teams):
    with refused(DRIVER_NAME_TAKEN.format(name="Cid", team="Blue Moons")):
        driver_hire(team=teams[0], name="Cid")
    assert Driver.objects.filter(name__iexact="cid").count() == 1


def test_the_spring_preset_is_the_sample_schedule_with_its_multipliers(season):
    rounds = list(season.rounds.select_related("track").order_by("number"))

    assert season.number == 1
    assert season.preset == "Spring"
    assert [round_.track.name for round_ in rounds] == list(SPRING)
    assert [round_.multiplier for round_ in rounds] == [2, 1, 1, 1, 2, 1, 1, 1, 3]
    assert [round_.number for round_ in rounds if round_.extra_healing] == [5, 9]
    assert all(round_.status == RoundStatus.SCHEDULED for round_ in rounds)


def test_a_season_may_follow_its_own_tracks(league):
    tracks = [track_create(name=name) for name in ("Home", "Away", "Garden")]

    season = season_open(league=league, tracks=tracks)

    assert [round_.track for round_ in season.rounds.order_by("number")] == tracks
    assert season.preset == ""


def test_a_season_needs_a_schedule(league):
    with refused(SCHEDULE_NEEDS_TRACKS):
        season_open(league=league, tracks=[])
    with pytest.raises(ValidationError) as caught:
        season_open(league=league, preset="Winter")
    assert caught.value.messages == [UNKNOWN_PRESET.format(name="Winter")]
    assert not Season.objects.exists()


def test_no_season_opens_while_one_is_open(league, season):
    with refused(SEASON_NOT_ENDED.format(number=1)):
        season_open(league=league, preset="Summer")


def test_the_sample_schedules_follow_each_other():
    rules = championship_for("season_pass")
    assert rules.next_preset("Spring") == "Summer"
    assert rules.next_preset("Summer") == "Fall"
    assert rules.next_preset("Fall") == "Spring"
    assert rules.next_preset("") == "Spring"


def test_new_drivers_are_hired_before_a_race_not_during_one(season, teams):
    start(round_number(season, 1), racing_drivers(teams))

    with refused(HIRE_DURING_RACE.format(number=1)):
        driver_hire(team=teams[0], name="Eve")
    with refused(HIRE_DURING_RACE.format(number=1)):
        team_create(league=season.league, name="Late", driver_names=["Fay", "Gus"])


def test_a_rookie_may_be_hired_between_races(season, teams):
    play(round_number(season, 1), racing_drivers(teams))

    rookie = driver_hire(team=teams[0], name="Eve")

    assert (rookie.age, rookie.xp, rookie.team) == (1, 0, teams[0])


# --- starting a round ------------------------------------------------------------------------


def test_each_starter_gains_a_point_of_xp_and_races_at_the_level_it_gives(season, teams):
    ann, bob, cid, dot = racing_drivers(teams)
    ann = set_driver(ann, xp=5)

    entries = start(round_number(season, 1), [ann, bob, cid, dot])

    assert [entry.level for entry in entries] == ["Veteran", "Rookie", "Rookie", "Rookie"]
    assert [fresh(driver).xp for driver in (ann, bob, cid, dot)] == [6, 1, 1, 1]
    assert [entry.car for entry in entries] == ["red", "pink", "blue", "cyan"]
    assert [entry.team for entry in entries] == [teams[0], teams[0], teams[1], teams[1]]
    assert round_number(season, 1).status == RoundStatus.STARTED


def test_a_stale_driver_object_does_not_undo_xp(season, teams):
    drivers = racing_drivers(teams)  # kept from before round 1, as a long-lived page might
    play(round_number(season, 1), drivers)

    start(round_number(season, 2), drivers)

    assert [fresh(driver).xp for driver in drivers] == [3, 3, 3, 3]


def test_an_injured_driver_may_not_start(season, teams):
    ann, bob, cid, dot = racing_drivers(teams)
    set_driver(ann, races_to_miss=2)

    with refused("Ann has 2 races still to miss: only drivers with zero injury points may race."):
        start(round_number(season, 1), [ann, bob, cid, dot])


@pytest.mark.parametrize(
    ("status", "said"),
    [
        (DriverStatus.RETIRED, "Bob is retired and may no longer race."),
        (DriverStatus.DEAD, "Bob is dead and may no longer race."),
        (DriverStatus.RELEASED, "Bob was released and may no longer race."),
    ],
)
def test_a_retired_dead_or_released_driver_may_not_start(season, teams, status, said):
    ann, bob, cid, dot = racing_drivers(teams)
    set_driver(bob, status=status)

    assert STARTER_NO_LONGER_RACING[status].format(driver="Bob") == said
    with refused(said):
        start(round_number(season, 1), [ann, bob, cid, dot])


def test_a_driver_may_start_only_once(season, teams):
    ann, bob, cid, _ = racing_drivers(teams)

    with refused(DUPLICATE_STARTER.format(driver="Ann")):
        start(round_number(season, 1), [ann, bob, cid, ann])


def test_every_car_must_be_told_apart(season, teams):
    ann, bob, cid, dot = racing_drivers(teams)
    starters = [(ann, "red"), (bob, "blue"), (cid, "Red "), (dot, "green")]

    with refused(DUPLICATE_CAR.format(car="Red ")):
        round_start(round_=round_number(season, 1), starters=starters)


def test_a_team_fields_only_two_cars(season, teams):
    ann, bob, cid, _ = racing_drivers(teams)
    eve = driver_hire(team=teams[0], name="Eve")

    with refused(TOO_MANY_STARTERS.format(team="Red Herrings", count=2)):
        start(round_number(season, 1), [ann, bob, eve, cid])


def test_a_race_needs_two_cars(season, teams):
    with refused(TOO_FEW_STARTERS):
        start(round_number(season, 1), racing_drivers(teams)[:1])


def test_a_driver_from_another_league_may_not_start(season, teams):
    other = league_create(name="Elsewhere", organiser=UserFactory())
    stranger = team_create(league=other, name="Strangers", driver_names=["Zed", "Yan"])
    ann = racing_drivers(teams)[0]

    with refused(STARTER_NOT_IN_LEAGUE.format(driver="Zed")):
        start(round_number(season, 1), [ann, stranger.drivers.get(name="Zed")])


def test_rounds_start_in_order(season, teams):
    with refused(ROUND_OUT_OF_ORDER.format(previous=1, number=2)):
        start(round_number(season, 2), racing_drivers(teams))


def test_a_round_starts_once(season, teams):
    drivers = racing_drivers(teams)
    start(round_number(season, 1), drivers)

    with refused(ROUND_ALREADY_STARTED.format(number=1)):
        start(round_number(season, 1), drivers)


def test_a_round_with_its_result_does_not_start_again(season, teams):
    drivers = racing_drivers(teams)
    play(round_number(season, 1), drivers)

    with refused(ROUND_ALREADY_ENTERED.format(number=1)):
        start(round_number(season, 1), drivers)


# --- entering a result -----------------------------------------------------------------------


@pytest.fixture
def started(season, teams) -> list[Entry]:
    """Round 1 (Imola, 2x points) under way: Ann (red), Bob (pink), Cid (blue), Dot (cyan)."""
    return start(round_number(season, 1), racing_drivers(teams))


def test_a_result_needs_places_one_to_n(season, started):
    outcomes = [
        EntryOutcome(entry_id=entry.pk, finished=True, place=place)
        for entry, place in zip(started, [1, 2, 4, 5], strict=True)
    ]

    with refused(
        PLACES_NOT_CONSECUTIVE.format(count=4, places="1, 2, 4 and 5 (3 missing, 5 past the last)")
    ):
        round_result_enter(round_=round_number(season, 1), outcomes=outcomes)


def test_a_result_may_not_give_a_place_twice(season, started):
    outcomes = [
        EntryOutcome(entry_id=entry.pk, finished=True, place=place)
        for entry, place in zip(started, [1, 2, 2, 3], strict=True)
    ]

    with refused(
        PLACES_NOT_CONSECUTIVE.format(count=4, places="1, 2, 2 and 3 (2 twice, 4 missing)")
    ):
        round_result_enter(round_=round_number(season, 1), outcomes=outcomes)


def test_every_car_needs_a_result(season, started):
    outcomes = all_finish(started[:3])

    with refused(OUTCOME_MISSING.format(driver="Dot")):
        round_result_enter(round_=round_number(season, 1), outcomes=outcomes)


def test_a_result_for_a_car_not_in_the_round_is_refused(season, started):
    outcomes = [*all_finish(started), EntryOutcome(entry_id=10_000, finished=True, place=5)]

    with refused(OUTCOME_UNKNOWN):
        round_result_enter(round_=round_number(season, 1), outcomes=outcomes)


def test_a_result_waits_for_the_round_to_start(season, teams):
    with refused(ROUND_NOT_STARTED.format(number=1)):
        round_result_enter(round_=round_number(season, 1), outcomes=[])


def _three_finish_and(started: Sequence[Entry], **out: Any) -> list[EntryOutcome]:
    """Ann, Bob and Cid finish 1-2-3; Dot goes out as `out` says."""
    return [
        *all_finish(started[:3]),
        EntryOutcome(entry_id=started[3].pk, finished=False, **out),
    ]


@pytest.mark.parametrize(
    ("out", "message"),
    [
        ({"out_reason": "overshoot", "overshoot": 2}, OUT_NEEDS_DISTANCE),
        ({"distance": Decimal(40), "overshoot": 2}, OUT_NEEDS_REASON),
        ({"out_reason": "overshoot", "distance": Decimal(40)}, OVERSHOOT_NEEDED),
        (
            {"out_reason": "air_brake", "distance": Decimal(40), "overshoot": 0},
            OVERSHOOT_NEEDED,
        ),
        ({"out_reason": "collision", "distance": Decimal(40)}, DAMAGE_NEEDED),
        (
            {"out_reason": "collision", "distance": Decimal(40), "damage": 1},
            DAMAGE_NEEDED,
        ),
    ],
)
def test_a_car_out_needs_its_distance_reason_and_how_bad_it_was(season, started, out, message):
    with refused(message.format(driver="Dot")):
        round_result_enter(
            round_=round_number(season, 1), outcomes=_three_finish_and(started, **out)
        )


def test_cars_out_at_the_same_distance_must_be_told_apart(season, started):
    ann, bob, cid, dot = started
    overshoot = {"out_reason": "overshoot", "overshoot": 1, "distance": Decimal("30.5")}
    outcomes = [
        *all_finish([ann, bob]),
        EntryOutcome(entry_id=cid.pk, finished=False, **overshoot),
        EntryOutcome(entry_id=dot.pk, finished=False, **overshoot),
    ]

    with refused(OUT_DISTANCE_TIED.format(first="Cid", second="Dot")):
        round_result_enter(round_=round_number(season, 1), outcomes=outcomes)


def test_cars_out_are_placed_behind_the_finishers_farther_first(season, started):
    ann, bob, cid, dot = started
    outcomes = [
        EntryOutcome(entry_id=ann.pk, finished=True, place=1),
        EntryOutcome(entry_id=bob.pk, finished=True, place=2),
        EntryOutcome(
            entry_id=cid.pk,
            finished=False,
            out_reason="overshoot",
            overshoot=3,
            distance=Decimal("30"),
        ),
        EntryOutcome(
            entry_id=dot.pk,
            finished=False,
            out_reason="collision",
            damage=3,
            distance=Decimal("30.5"),
        ),
    ]

    entries = round_result_enter(round_=round_number(season, 1), outcomes=outcomes)

    assert [(entry.driver.name, entry.place) for entry in entries] == [
        ("Ann", 1),
        ("Bob", 2),
        ("Dot", 3),
        ("Cid", 4),
    ]
    dot_entry, cid_entry = entries[2], entries[3]
    assert cid_entry.injury_columns == ["blue"]
    assert (cid_entry.overshoot, cid_entry.damage) == (3, None)
    # Collision damage 3: the red column plus a black one for the point after the disabling one.
    assert dot_entry.injury_columns == ["red", "black"]
    assert (dot_entry.overshoot, dot_entry.damage) == (None, 3)
    assert [
        entry.driver.name
        for entry in pending_injuries(
            cid_entry.round.entries.order_by("place"), championship_for("season_pass")
        )
    ] == [
        "Dot",
        "Cid",
    ]


def test_a_result_may_be_corrected_until_it_is_committed(season, started):
    round_ = round_number(season, 1)
    round_result_enter(
        round_=round_,
        outcomes=_three_finish_and(
            started, out_reason="overshoot", overshoot=3, distance=Decimal(10)
        ),
    )
    entry_injury_roll(entry=started[3], value=1)

    entries = round_result_enter(round_=round_, outcomes=all_finish(started))

    assert [entry.place for entry in entries] == [1, 2, 3, 4]
    assert all(entry.injury_columns == [] and entry.injury_rolls == [] for entry in entries)


# --- injuries --------------------------------------------------------------------------------


def _alfred_overshoots(season: Season, teams: Sequence[Team]) -> tuple[Driver, Entry]:
    """Alfred Onceler Jr., age 2 with one prior injury, overshoots a corner by three spaces."""
    _, bob, cid, dot = racing_drivers(teams)
    alfred = driver_hire(team=teams[0], name="Alfred Onceler Jr.")
    alfred = set_driver(alfred, age=2, prior_injuries=1, xp=20)
    entries = start(round_number(season, 1), [alfred, cid, bob, dot])
    outcomes = [
        *all_finish(entries[1:]),
        EntryOutcome(
            entry_id=entries[0].pk,
            finished=False,
            out_reason="overshoot",
            overshoot=3,
            distance=Decimal(12),
        ),
    ]
    round_result_enter(round_=round_number(season, 1), outcomes=outcomes)
    return alfred, entries[0]


def test_alfred_onceler_jr_loses_7_xp_and_misses_four_races(season, teams):
    alfred, entry = _alfred_overshoots(season, teams)

    # Blue 1 -> Orange; Orange 2 -> Red + Black; Red 10 -> 3; Black 12 -> 1.
    checks = [entry_injury_roll(entry=entry, value=value) for value in (1, 2, 10, 12)]
    round_result_commit(round_=round_number(season, 1))

    assert [check.settled for check in checks] == [False, False, False, True]
    assert checks[-1].severity == 4
    alfred = fresh(alfred)
    entry.refresh_from_db()
    assert entry.injury_rolls == [1, 2, 10, 12]
    assert (entry.severity, entry.injured, entry.dead) == (4, True, False)
    assert entry.xp_change == 1 - 7  # a point for starting, then severity 4 + age 2 + 1 prior
    assert alfred.xp == 20 + 1 - 7
    assert alfred.races_to_miss == 4
    assert alfred.prior_injuries == 2
    assert entry.place == 4 and entry.points == 5 * 2


def test_a_safe_roll_costs_nothing_but_the_finishing_point(season, started):
    round_ = round_number(season, 1)
    round_result_enter(
        round_=round_,
        outcomes=_three_finish_and(
            started, out_reason="overshoot", overshoot=1, distance=Decimal(5)
        ),
    )
    check = entry_injury_roll(entry=started[3], value=19)  # Violet 18-20: Safe!

    round_result_commit(round_=round_)

    dot = fresh(started[3].driver)
    assert check.safe and check.settled
    assert (dot.xp, dot.races_to_miss, dot.prior_injuries) == (1, 0, 0)
    assert Entry.objects.get(pk=started[3].pk).injured is False


def test_a_driver_may_die(season, started):
    round_ = round_number(season, 1)
    round_result_enter(
        round_=round_,
        outcomes=_three_finish_and(started, out_reason="collision", damage=2, distance=Decimal(5)),
    )
    entry_injury_roll(entry=started[3], value=1)  # Red 1: Dead

    round_result_commit(round_=round_)

    assert fresh(started[3].driver).status == DriverStatus.DEAD
    assert Entry.objects.get(pk=started[3].pk).dead is True


def test_a_roll_the_black_die_cannot_show_is_refused(season, teams):
    _, entry = _alfred_overshoots(season, teams)

    with refused("The black die cannot show 21: its faces are 1 to 20."):
        entry_injury_roll(entry=entry, value=21)


def test_only_a_car_out_rolls_for_injury(season, teams):
    _, alfred_entry = _alfred_overshoots(season, teams)
    finisher = Entry.objects.get(round=alfred_entry.round, place=1)

    with refused(INJURY_NOT_NEEDED.format(driver=finisher.driver)):
        entry_injury_roll(entry=finisher, value=10)


def test_a_settled_injury_check_takes_no_more_rolls(season, teams):
    _, entry = _alfred_overshoots(season, teams)
    entry_injury_roll(entry=entry, value=10)  # Blue 9-11: 2

    with refused(INJURY_SETTLED.format(driver="Alfred Onceler Jr.")):
        entry_injury_roll(entry=entry, value=10)


def test_a_result_with_injury_checks_to_roll_is_not_committed(season, teams):
    _, entry = _alfred_overshoots(season, teams)
    entry_injury_roll(entry=entry, value=1)  # Blue 1 -> Orange, still to roll

    with refused(INJURIES_PENDING.format(drivers="Alfred Onceler Jr.")):
        round_result_commit(round_=round_number(season, 1))


def test_a_result_needs_entering_before_it_is_committed(season, started):
    with refused(ROUND_NOT_STARTED.format(number=1)):
        round_result_commit(round_=round_number(season, 1))


# --- committing a result ---------------------------------------------------------------------


def test_round_one_scores_double_from_the_four_car_row(season, started):
    round_ = round_number(season, 1)
    round_result_enter(round_=round_, outcomes=all_finish(started))

    entries = round_result_commit(round_=round_)

    assert [entry.points for entry in entries] == [200, 120, 60, 10]
    assert [entry.xp_change for entry in entries] == [2, 2, 2, 2]
    assert [fresh(entry.driver).xp for entry in entries] == [2, 2, 2, 2]
    round_.refresh_from_db()
    assert round_.status == RoundStatus.FINISHED and round_.finished_at is not None
    standings = season_standings(season)
    assert [(line.competitor.name, line.points) for line in standings.teams] == [
        ("Red Herrings", 320),
        ("Blue Moons", 70),
    ]


def test_a_committed_result_is_not_committed_again(season, started):
    round_ = round_number(season, 1)
    round_result_enter(round_=round_, outcomes=all_finish(started))
    round_result_commit(round_=round_)

    with refused(ROUND_ALREADY_ENTERED.format(number=1)):
        round_result_commit(round_=round_)
    with refused(ROUND_ALREADY_ENTERED.format(number=1)):
        round_result_enter(round_=round_, outcomes=all_finish(started))
    with refused(ROUND_ALREADY_ENTERED.format(number=1)):
        entry_injury_roll(entry=started[0], value=10)


def test_a_five_car_field_scores_from_the_six_car_row(season, teams):
    yellow = team_create(league=season.league, name="Yellow", driver_names=["Eve", "Fay"])
    entries = play(round_number(season, 1), [*racing_drivers(teams), yellow.drivers.first()])

    assert [entry.points for entry in entries] == [200, 150, 110, 70, 40]


def test_round_result_record_enters_rolls_and_commits_at_once(season, teams):
    ann, bob, cid, dot = racing_drivers(teams)
    round_ = round_number(season, 1)
    entries = start(round_, [ann, bob, cid, dot])
    outcomes = _three_finish_and(
        entries, out_reason="collision", damage=3, distance=Decimal("22.5")
    )

    committed = round_result_record(
        round_=round_, outcomes=outcomes, injury_rolls={entries[3].pk: [10, 12]}
    )

    # Red 10 -> 3, Black 12 -> 1: severity 4; Dot is age 1 with no prior injuries.
    assert [entry.points for entry in committed] == [200, 120, 60, 10]
    assert committed[3].severity == 4
    dot = fresh(dot)
    assert (dot.xp, dot.races_to_miss, dot.prior_injuries) == (1 - 5, 4, 1)
    assert round_number(season, 1).is_finished


def test_round_result_record_refused_leaves_the_round_started(season, started):
    round_ = round_number(season, 1)
    outcomes = _three_finish_and(
        started, out_reason="collision", damage=3, distance=Decimal("22.5")
    )

    with refused(INJURIES_PENDING.format(drivers="Dot")):
        round_result_record(round_=round_, outcomes=outcomes, injury_rolls={started[3].pk: [10]})
    assert round_number(season, 1).status == RoundStatus.STARTED


# --- healing between races -------------------------------------------------------------------


def _injure(round_: Round, drivers: Sequence[Driver], overshoot: int, roll: int) -> None:
    """Everyone finishes but the last driver, who overshoots and rolls `roll` once."""
    entries = start(round_, drivers)
    outcomes = [
        *all_finish(entries[:-1]),
        EntryOutcome(
            entry_id=entries[-1].pk,
            finished=False,
            out_reason="overshoot",
            overshoot=overshoot,
            distance=Decimal(3),
        ),
    ]
    round_result_record(round_=round_, outcomes=outcomes, injury_rolls={entries[-1].pk: [roll]})


def test_an_injured_driver_heals_a_race_a_round_and_an_extra_week_before_round_5(season, teams):
    ann, bob, cid, dot = racing_drivers(teams)
    _injure(round_number(season, 1), [ann, bob, cid, dot], overshoot=6, roll=7)  # Orange 6-8: 4
    assert fresh(dot).races_to_miss == 4

    missing = []
    for number in (2, 3, 4):
        play(round_number(season, number), [ann, bob, cid])
        missing.append(fresh(dot).races_to_miss)

    # Missed rounds 2, 3 and 4, plus the extra week before round 5: back for Barcelona.
    assert missing == [3, 2, 0]
    entries = start(round_number(season, 5), [ann, bob, cid, dot])
    assert entries[-1].driver == dot


def test_a_driver_hurt_just_before_round_9_gets_the_extra_week_too(season, teams):
    ann, bob, cid, dot = racing_drivers(teams)
    play_rounds(season, [ann, bob, cid, dot], range(1, 8))
    _injure(round_number(season, 8), [ann, bob, cid, dot], overshoot=3, roll=10)  # Blue: 2

    assert fresh(dot).races_to_miss == 1
    with refused("Dot has 1 race still to miss: only drivers with zero injury points may race."):
        start(round_number(season, 9), [ann, bob, cid, dot])


def test_healing_never_goes_below_zero_and_spares_the_healthy(season, teams):
    ann, bob, cid, dot = racing_drivers(teams)
    _injure(round_number(season, 1), [ann, bob, cid, dot], overshoot=1, roll=13)  # Violet: 1

    play(round_number(season, 2), [ann, bob, cid])
    play(round_number(season, 3), [ann, bob, cid])

    assert [fresh(driver).races_to_miss for driver in (ann, bob, cid, dot)] == [0, 0, 0, 0]


# --- the end of a season ---------------------------------------------------------------------


def test_a_season_ends_only_when_every_round_is_raced(season, teams):
    play_rounds(season, racing_drivers(teams), range(1, 9))

    with refused(SEASON_NOT_FINISHED.format(number=9)):
        season_end(season=season)


def test_a_season_ends_once(season, teams):
    play_rounds(season, racing_drivers(teams), range(1, 10))
    season_end(season=season)

    with refused(SEASON_ENDED_ALREADY.format(number=1)):
        season_end(season=season)


def test_the_end_of_the_season_ages_heals_and_retires(season, teams):
    ann, bob, cid, dot = racing_drivers(teams)
    play_rounds(season, [ann, bob, cid, dot], range(1, 10))  # each ends on 18 XP
    reserve = driver_hire(team=teams[1], name="Reserve")  # never raced: 0 XP
    # Mario Unser (age 2, 3 injuries) loses 6; Jane Doe (age 1, never injured) loses 2.
    mario = set_driver(ann, age=2, prior_injuries=3, races_to_miss=10)
    jane = set_driver(bob, races_to_miss=3)
    veteran = set_driver(cid, age=5, prior_injuries=4, xp=18)  # 5+ with 4+ injuries: 18
    dead = set_driver(dot, status=DriverStatus.DEAD)

    changes, next_season = season_end(season=season)

    by_name = {change.driver.name: change for change in changes}
    assert set(by_name) == {"Ann", "Bob", "Cid", "Reserve"}
    assert SeasonEndChange.objects.filter(season=season).count() == 4
    mario, jane, veteran, reserve = (fresh(d) for d in (mario, jane, veteran, reserve))
    assert (mario.xp, mario.age, mario.races_to_miss) == (18 - 6, 3, 2)
    assert (jane.xp, jane.age, jane.races_to_miss) == (18 - 2, 2, 0)
    assert (veteran.xp, veteran.age, veteran.status) == (0, 6, DriverStatus.ACTIVE)
    assert (reserve.xp, reserve.age, reserve.status) == (-2, 2, DriverStatus.RETIRED)
    assert by_name["Reserve"].retired and not by_name["Cid"].retired
    assert (by_name["Ann"].xp_before, by_name["Ann"].xp_after) == (18, 12)
    assert (by_name["Ann"].races_to_miss_before, by_name["Ann"].races_to_miss_after) == (10, 2)
    assert fresh(dead).age == 1  # the dead do not age
    season.refresh_from_db()
    assert season.is_ended

    assert (next_season.number, next_season.preset) == (2, "Summer")
    assert next_season.rounds.order_by("number").first().track.name == "Atlanta"
    assert season.league.current_season() == next_season
    assert set(Team.objects.filter(league=season.league)) == set(teams)
    active = Driver.objects.filter(team__league=season.league).racing()
    assert {driver.name for driver in active} == {"Ann", "Bob", "Cid"}
    assert {driver.name for driver in active if start_refusal(driver) is None} == {
        "Bob",
        "Cid",
    }


def test_a_season_on_its_own_tracks_is_followed_by_the_same_tracks(league, teams):
    tracks = [track_create(name=name) for name in ("Home", "Away")]
    season = season_open(league=league, tracks=tracks)
    play_rounds(season, racing_drivers(teams), (1, 2))

    _, next_season = season_end(season=season)

    assert [round_.track for round_ in next_season.rounds.order_by("number")] == tracks


def _league_of(drivers: int, name: str) -> Season:
    """A league whose first season is all raced, with `drivers` drivers of every sort: young
    and old, healthy and injured, and some who fall below zero XP."""
    league = league_create(name=name, organiser=UserFactory())
    season = season_open(league=league, preset="Spring")
    season.rounds.update(status=RoundStatus.FINISHED)
    teams = [TeamFactory(league=league) for _ in range(drivers // 2)]
    for index in range(drivers):
        DriverFactory(
            team=teams[index // 2],
            name=f"{name} {index}",
            age=1 + index % 6,
            xp=index % 9 - 2,
            prior_injuries=index % 5,
            races_to_miss=index % 11,
        )
    return season


def test_ending_a_season_costs_the_same_queries_for_8_or_150_drivers(
    django_assert_max_num_queries, django_assert_num_queries
):
    """The same statements for 8 drivers or 150 but the report's insert, which bulk_create
    splits at the database's parameter limit (SQLite: 999, a batch of lines a statement; one
    statement on PostgreSQL). bulk_update's one CASE, which grows with the square of the
    drivers, took 6.9 s at 10,000 drivers (issue 11): drivers are set from their lines instead."""
    small, large = _league_of(8, "Small"), _league_of(150, "Large")

    with django_assert_max_num_queries(22) as with_eight:
        season_end(season=small)
    batches = len(range(0, 150, _batch(SeasonEndChange))) - 1  # the 8 lines take one
    with django_assert_num_queries(len(with_eight.captured_queries) + batches):
        changes, _ = season_end(season=large)

    assert len(changes) == 150 and sum(change.retired for change in changes) > 0
    for change in changes:
        driver = fresh(change.driver)
        assert (driver.xp, driver.age, driver.races_to_miss) == (
            change.xp_after,
            change.age_after,
            change.races_to_miss_after,
        )
        assert (driver.status == DriverStatus.RETIRED) == change.retired
        assert change.xp_after < 0 if change.retired else change.xp_after >= 0


def _batch(model) -> int:
    """How many rows bulk_create puts in one statement on this database."""
    fields = [field for field in model._meta.concrete_fields if not field.primary_key]
    return connection.ops.bulk_batch_size(fields, [model()] * 10_000) or 10_000


# --- standings -------------------------------------------------------------------------------


def test_standings_rank_by_points_with_countback_and_a_breakdown_by_round(season, teams):
    ann, bob, cid, dot = racing_drivers(teams)
    play(round_number(season, 1), [ann, cid, bob, dot])  # 200, 120, 60, 10
    play(round_number(season, 2), [cid, ann, bob, dot])  # 100, 60, 30, 5
    play(round_number(season, 3), [cid, ann, bob, dot])

    standings = season_standings(season)

    assert standings.rounds == tuple(range(1, 10))
    empty = (None,) * 6
    # Ann and Cid both have 320; Cid has two wins to Ann's one.
    assert [
        (line.position, line.competitor.name, line.points, line.by_round)
        for line in standings.drivers
    ] == [
        (1, "Cid", 320, (120, 100, 100, *empty)),
        (2, "Ann", 320, (200, 60, 60, *empty)),
        (3, "Bob", 120, (60, 30, 30, *empty)),
        (4, "Dot", 20, (10, 5, 5, *empty)),
    ]
    assert [
        (line.position, line.competitor.name, line.points, line.by_round)
        for line in standings.teams
    ] == [
        (1, "Red Herrings", 440, (260, 90, 90, *empty)),
        (2, "Blue Moons", 340, (130, 105, 105, *empty)),
    ]


def test_standings_before_any_race_list_the_teams_only(season, teams):
    standings = season_standings(season)

    assert standings.drivers == ()
    assert [(line.position, line.points) for line in standings.teams] == [(1, 0), (1, 0)]


def test_a_round_under_way_does_not_count_yet(season, teams, started):
    assert season_standings(season).drivers == ()


@pytest.mark.parametrize("rounds_played", [1, 5])
def test_standings_cost_the_same_queries_however_many_rounds(
    season, teams, rounds_played, django_assert_max_num_queries
):
    play_rounds(season, racing_drivers(teams), range(1, rounds_played + 1))
    season = Season.objects.select_related("league").get(pk=season.pk)

    # The rounds, the entries, the teams, the season's points adjustments, the drivers.
    with django_assert_max_num_queries(5):
        standings = season_standings(season)
        names = [line.competitor.name for line in standings.drivers]
        names += [line.competitor.name for line in standings.teams]
        teams_of_drivers = [line.competitor.team.name for line in standings.drivers]

    assert len(names) == 6 and len(teams_of_drivers) == 4


def test_opening_a_season_costs_the_same_queries_whatever_the_track_list(
    league, django_assert_max_num_queries
):
    """It made a get_or_create for each of the 27 sample tracks (issue 11)."""
    Track.objects.all().delete()
    with django_assert_max_num_queries(14) as first:
        season_open(league=league, preset="Spring")
    other = league_create(name="Other", organiser=league.organiser)
    with django_assert_max_num_queries(len(first.captured_queries)):
        season_open(league=other, preset="Summer")
