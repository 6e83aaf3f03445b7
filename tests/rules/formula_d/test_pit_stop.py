"""Pit Stop: when a car may stop, entering, fresh tires and the pit stop roll."""

from dataclasses import replace

import pytest

from rules.dice import Die, InvalidRoll, values
from rules.formula_d import (
    PIT_EXIT_GEAR,
    PIT_STOP_AFTER_LAP,
    PIT_STOPS,
    QUICK_STOP_MAX,
    STANDARD_CAR,
    CarSheet,
    InvalidPitStop,
    PitStop,
    PitStopOutcome,
    Zone,
    may_pit,
    pit_stop,
    reaches_pit,
    refit_tires,
)

# --- When and how a car enters ---------------------------------------------------------------


def test_a_car_may_stop_once_at_the_end_of_the_first_lap():
    assert (PIT_STOP_AFTER_LAP, PIT_STOPS) == (1, 1)
    assert may_pit(laps_completed=1, stops_made=0)
    assert not may_pit(laps_completed=0, stops_made=0)
    assert not may_pit(laps_completed=2, stops_made=0)
    assert not may_pit(laps_completed=1, stops_made=1)


def test_laps_and_stops_cannot_be_negative():
    with pytest.raises(InvalidPitStop, match="cannot be negative"):
        may_pit(laps_completed=-1, stops_made=0)


def test_a_car_enters_the_pits_on_the_minimum_roll_or_higher_with_no_exact_roll_needed():
    assert reaches_pit(gear=4, roll=9, minimum=9)
    assert reaches_pit(gear=4, roll=12, minimum=9)
    assert not reaches_pit(gear=4, roll=8, minimum=9)


def test_the_pit_entry_roll_is_a_face_of_the_gear_die():
    with pytest.raises(InvalidRoll, match="red die cannot show 9"):
        reaches_pit(gear=3, roll=9, minimum=5)


def test_a_car_in_the_pits_receives_all_its_tire_wp_back():
    worn = CarSheet.from_zones({**STANDARD_CAR.zones(), Zone.TIRES: 1, Zone.BRAKES: 0})
    assert refit_tires(worn, built=STANDARD_CAR) == CarSheet.from_zones(
        {**worn.zones(), Zone.TIRES: 6}
    )


def test_a_car_built_with_14_tire_wp_gets_14_back():
    built = CarSheet(tires=14, brakes=2, gearbox=1, body=1, engine=1, road_handling=1)
    worn = CarSheet(tires=0, brakes=2, gearbox=1, body=1, engine=1, road_handling=1)
    assert refit_tires(worn, built=built).tires == 14


def test_tires_cannot_be_refitted_to_a_car_with_more_tire_wp_than_it_was_built_with():
    worn = CarSheet.from_zones({**STANDARD_CAR.zones(), Zone.TIRES: 7})
    with pytest.raises(InvalidPitStop, match="built with 6 tire WP cannot have 7 left"):
        refit_tires(worn, built=STANDARD_CAR)


# --- Pit Stop Roll ---------------------------------------------------------------------------


@pytest.mark.parametrize("roll", range(1, 11))
def test_a_roll_of_1_to_10_is_a_quick_stop_leaving_at_once_in_4th_for_half_the_roll_rounded_up(
    roll,
):
    assert pit_stop(roll) == PitStopOutcome(
        PitStop.QUICK,
        spaces=(roll + 1) // 2,
        waits_a_round=False,
        lowest_gear=4,
        highest_gear=4,
    )


@pytest.mark.parametrize(("roll", "spaces"), [(1, 1), (2, 1), (7, 4), (9, 5), (10, 5)])
def test_a_quick_stop_halves_the_roll_rounding_up(roll, spaces):
    assert pit_stop(roll).spaces == spaces


@pytest.mark.parametrize("roll", range(11, 21))
def test_a_roll_of_11_to_20_is_a_slow_stop_waiting_a_round_then_leaving_in_4th_or_lower(roll):
    assert pit_stop(roll) == PitStopOutcome(
        PitStop.SLOW, spaces=0, waits_a_round=True, lowest_gear=1, highest_gear=4
    )


def test_10_is_the_last_quick_stop_and_11_the_first_slow_one():
    assert QUICK_STOP_MAX == 10 and PIT_EXIT_GEAR == 4
    assert pit_stop(10).stop is PitStop.QUICK
    assert pit_stop(11).stop is PitStop.SLOW


def test_every_black_roll_is_a_quick_or_a_slow_stop():
    stops = [pit_stop(roll).stop for roll in values(Die.BLACK)]
    assert stops == [PitStop.QUICK] * 10 + [PitStop.SLOW] * 10


@pytest.mark.parametrize("roll", [0, 21])
def test_the_pit_stop_roll_is_a_black_die_face(roll):
    with pytest.raises(InvalidRoll, match="black die cannot show"):
        pit_stop(roll)


# --- Technical Pit Stop (Tire Selection's Pit Stops, an optional rule) -------------------------


def test_a_technical_stop_regains_up_to_2_wp_in_one_or_two_zones_never_the_tires():
    from rules.formula_d import TECHNICAL_MAX_GEAR, TECHNICAL_WP, TECHNICAL_ZONES, technical_repair

    assert (TECHNICAL_WP, TECHNICAL_MAX_GEAR) == (2, 4)
    assert Zone.TIRES not in TECHNICAL_ZONES and len(TECHNICAL_ZONES) == 5
    worn = CarSheet(tires=6, brakes=1, gearbox=1, body=3, engine=1, road_handling=2)
    two_zones = technical_repair(worn, STANDARD_CAR, [Zone.BRAKES, Zone.ENGINE])
    assert (two_zones.brakes, two_zones.engine) == (2, 2)
    assert technical_repair(worn, STANDARD_CAR, [Zone.GEARBOX, Zone.GEARBOX]).gearbox == 3
    with pytest.raises(InvalidPitStop, match="except the tires"):
        technical_repair(worn, STANDARD_CAR, [Zone.TIRES])


def test_the_2_wp_are_for_the_whole_race_and_never_above_the_start():
    from rules.formula_d import technical_repair

    worn = CarSheet(tires=6, brakes=1, gearbox=1, body=3, engine=1, road_handling=2)
    with pytest.raises(InvalidPitStop, match="2 WP in the whole race: 1 left, not 2"):
        technical_repair(worn, STANDARD_CAR, [Zone.BRAKES, Zone.ENGINE], used=1)
    with pytest.raises(InvalidPitStop, match="2 WP in the whole race: 2 left, not 3"):
        technical_repair(worn, STANDARD_CAR, [Zone.BRAKES] * 3)
    with pytest.raises(InvalidPitStop, match="The car body has 3 WP, what it started"):
        technical_repair(worn, STANDARD_CAR, [Zone.BODY])
    worn = replace(worn, road_handling=1)  # the standard car starts with 2
    with pytest.raises(InvalidPitStop, match="The road handling has 2 WP"):
        technical_repair(worn, STANDARD_CAR, [Zone.ROAD_HANDLING, Zone.ROAD_HANDLING])
