"""Optional Rules, Road Races: the cars (hard tires, nitro) and the circuit (engine noise, the
pole station, the checkpoint), line by line."""

import pytest

from rules.dice import InvalidRoll
from rules.formula_d import (
    CHECKPOINT_WP,
    ENGINE_NOISE_TABLE,
    POLE_STATION_WP,
    ROAD_RACE_TIRES,
    STANDARD_CAR,
    CarSheet,
    Crossing,
    InvalidPitStop,
    InvalidRoadRace,
    Tires,
    Zone,
    damaged_zones,
    distribute,
    engine_noise,
    nitro_spaces,
    pole_speed,
    pole_winner,
)


def test_all_cars_drive_on_hard_tires():
    assert ROAD_RACE_TIRES is Tires.HARD


# --- Nitro fuel injection ----------------------------------------------------------------------


@pytest.mark.parametrize(("gear", "spaces"), [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6)])
def test_nitro_gives_1_space_in_1st_gear_2_in_2nd_and_so_on(gear, spaces):
    assert nitro_spaces(gear) == spaces


@pytest.mark.parametrize("gear", [0, 7])
def test_nitro_is_used_after_rolling_a_gear_die(gear):
    with pytest.raises(InvalidRoadRace, match=f"no gear {gear}"):
        nitro_spaces(gear)


# --- Engine Noise ------------------------------------------------------------------------------


def test_the_engine_noise_table_reads_as_printed():
    assert [(line.low, line.high, line.result, line.zone) for line in ENGINE_NOISE_TABLE] == [
        (1, 15, "Too Late: the shot goes wild", None),
        (16, 18, "Grazing Shot: the car loses 1 tire WP", Zone.TIRES),
        (19, 19, "Not bad: the car loses 1 car body WP", Zone.BODY),
        (20, 20, "Direct hit: the car loses 1 engine WP", Zone.ENGINE),
    ]


@pytest.mark.parametrize("roll", range(1, 16))
def test_engine_noise_1_to_15_too_late_the_shot_goes_wild(roll):
    assert engine_noise(roll).zone is None
    assert engine_noise(roll).result.startswith("Too Late")


@pytest.mark.parametrize("roll", [16, 17, 18])
def test_engine_noise_16_to_18_grazing_shot_1_tire_wp(roll):
    assert engine_noise(roll).zone is Zone.TIRES
    assert engine_noise(roll).result.startswith("Grazing Shot")


def test_engine_noise_19_not_bad_1_car_body_wp():
    assert engine_noise(19).zone is Zone.BODY


def test_engine_noise_20_direct_hit_1_engine_wp():
    assert engine_noise(20).zone is Zone.ENGINE


@pytest.mark.parametrize("roll", [0, 21])
def test_engine_noise_is_the_black_die(roll):
    with pytest.raises(InvalidRoll):
        engine_noise(roll)


# --- Pole Station ------------------------------------------------------------------------------


@pytest.mark.parametrize(("roll", "speed"), [(1, 10), (4, 40), (12, 120), (30, 300)])
def test_the_pole_station_records_the_gear_die_number_times_10(roll, speed):
    assert pole_speed(roll) == speed


def test_the_fastest_driver_gets_2_wp_and_in_a_tie_the_first_over_the_line():
    assert POLE_STATION_WP == 2
    red = Crossing("red", 1, 90, at=40)
    blue = Crossing("blue", 1, 120, at=44)
    green = Crossing("green", 1, 120, at=42)
    assert pole_winner([red, blue]) == blue
    assert pole_winner([red, blue, green]) == green  # 120 both: Green crossed first
    assert pole_winner([]) is None


# --- Checkpoint and the WP to distribute -------------------------------------------------------


def test_the_checkpoint_gives_2_wp_to_distribute_between_damaged_zones():
    assert CHECKPOINT_WP == 2
    worn = CarSheet(tires=6, brakes=1, gearbox=3, body=2, engine=3, road_handling=2)
    assert damaged_zones(worn, STANDARD_CAR) == (Zone.BRAKES, Zone.BODY)
    two = distribute(worn, STANDARD_CAR, [Zone.BRAKES, Zone.BODY], 2, "The checkpoint gives")
    assert (two.brakes, two.body) == (2, 3)
    twice = distribute(worn, STANDARD_CAR, [Zone.BRAKES, Zone.BRAKES], 2, "The checkpoint gives")
    assert twice.brakes == 3


def test_wp_distributed_never_exceed_the_start_nor_the_allowance():
    worn = CarSheet(tires=6, brakes=2, gearbox=3, body=3, engine=3, road_handling=2)
    with pytest.raises(InvalidPitStop, match="what it started the race with"):
        distribute(worn, STANDARD_CAR, [Zone.BRAKES, Zone.BRAKES], 2, "The pole station gives")
    with pytest.raises(InvalidPitStop, match="The pole station gives 2 WP: 2 left, not 3"):
        distribute(worn, STANDARD_CAR, [Zone.BRAKES] * 3, 2, "The pole station gives")


def test_the_pole_station_s_wp_may_go_to_the_tires():
    worn = CarSheet(tires=2, brakes=3, gearbox=3, body=3, engine=3, road_handling=2)
    assert distribute(worn, STANDARD_CAR, [Zone.TIRES], 2, "The pole station gives").tires == 3
