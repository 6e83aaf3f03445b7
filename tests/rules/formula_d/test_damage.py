"""Black-die damage: the Collision roll, Motor Damage, damage markers and Road Handling."""

import pytest

from rules.dice import Die, InvalidRoll, gear_die, values
from rules.formula_d import (
    COLLISION_MAX,
    MARKER_ZONES,
    MOTOR_DAMAGE_GEARS,
    MOTOR_DAMAGE_MAX,
    MOTOR_DAMAGE_TRIGGERS,
    ROAD_HANDLING_MAX,
    STANDARD_CAR,
    CarSheet,
    InvalidMotorDamage,
    Zone,
    calls_motor_damage,
    collision_damages,
    motor_damage_rollers,
    motor_damages,
    places_damage_marker,
    road_handling_damages,
    wear,
)

# --- Collision -------------------------------------------------------------------------------


@pytest.mark.parametrize("roll", values(Die.BLACK))
def test_a_collision_roll_of_1_costs_a_car_body_wp(roll):
    # "1: -1 car body WP."
    assert collision_damages(roll) is (roll == 1)


def test_the_collision_threshold_is_1_and_a_2_is_clear():
    assert COLLISION_MAX == 1
    assert collision_damages(1) and not collision_damages(2)


def test_a_car_that_loses_its_last_car_body_wp_in_a_collision_is_eliminated():
    car = CarSheet.from_zones({**STANDARD_CAR.zones(), Zone.BODY: 1})
    assert wear(car, {Zone.BODY: 1}).eliminated


# --- Motor Damage ----------------------------------------------------------------------------


def test_a_20_in_5th_or_a_30_in_6th_calls_for_motor_damage_rolls():
    assert dict(MOTOR_DAMAGE_TRIGGERS) == {5: 20, 6: 30}
    assert calls_motor_damage(5, 20) and calls_motor_damage(6, 30)


def test_a_19_in_5th_or_a_29_in_6th_does_not():
    assert not calls_motor_damage(5, 19) and not calls_motor_damage(6, 29)


@pytest.mark.parametrize("gear", [1, 2, 3, 4])
def test_no_roll_in_1st_to_4th_calls_for_motor_damage(gear):
    assert not any(calls_motor_damage(gear, roll) for roll in values(gear_die(gear)))


def test_a_gear_die_cannot_show_a_30_in_5th_or_a_20_in_6th():
    with pytest.raises(InvalidRoll, match="purple die cannot show 30"):
        calls_motor_damage(5, 30)
    with pytest.raises(InvalidRoll, match="blue die cannot show 20"):
        calls_motor_damage(6, 20)


def test_the_roller_rolls_first_then_every_other_car_in_5th_or_6th():
    assert MOTOR_DAMAGE_GEARS == (5, 6)
    gears = {"Alesi": 6, "Berger": 4, "Capelli": 5, "Dalmas": 6}
    assert motor_damage_rollers("Dalmas", gears) == ("Dalmas", "Alesi", "Capelli")


def test_a_car_alone_in_5th_or_6th_rolls_alone():
    assert motor_damage_rollers("Alesi", {"Alesi": 5, "Berger": 4}) == ("Alesi",)


def test_motor_damage_rolls_are_refused_for_a_roller_not_in_5th_or_6th():
    with pytest.raises(InvalidMotorDamage, match="Berger is not in 5th or 6th gear"):
        motor_damage_rollers("Berger", {"Alesi": 6, "Berger": 4})
    with pytest.raises(InvalidMotorDamage):
        motor_damage_rollers("Nobody", {"Alesi": 6})


@pytest.mark.parametrize("roll", values(Die.BLACK))
def test_a_motor_damage_roll_of_1_to_4_costs_an_engine_wp(roll):
    # "1-4: -1 engine WP."
    assert motor_damages(roll) is (roll <= 4)


def test_the_motor_damage_threshold_is_4_and_a_5_is_clear():
    assert MOTOR_DAMAGE_MAX == 4
    assert motor_damages(4) and not motor_damages(5)


# --- Damage and Road Handling ----------------------------------------------------------------


def test_losing_a_car_body_or_engine_wp_makes_the_space_dangerous():
    assert sorted(MARKER_ZONES) == sorted([Zone.BODY, Zone.ENGINE])
    assert places_damage_marker({Zone.BODY: 1})
    assert places_damage_marker({Zone.ENGINE: 1})


def test_an_eliminated_car_makes_the_space_dangerous_whatever_it_lost():
    assert places_damage_marker({Zone.TIRES: 3}, eliminated=True)
    assert places_damage_marker({}, eliminated=True)


@pytest.mark.parametrize("zone", [Zone.TIRES, Zone.BRAKES, Zone.GEARBOX, Zone.ROAD_HANDLING])
def test_losing_tire_brake_gearbox_or_road_handling_wp_leaves_no_marker(zone):
    assert not places_damage_marker({zone: 1})
    assert not places_damage_marker({Zone.BODY: 0, Zone.ENGINE: 0, zone: 2})


@pytest.mark.parametrize("roll", values(Die.BLACK))
def test_a_road_handling_roll_of_1_to_4_costs_a_road_handling_wp(roll):
    # "1-4: -1 road handling WP."
    assert road_handling_damages(roll) is (roll <= 4)


def test_the_road_handling_threshold_is_4_and_a_5_is_clear():
    assert ROAD_HANDLING_MAX == 4
    assert road_handling_damages(4) and not road_handling_damages(5)


@pytest.mark.parametrize("roll", [0, 21])
def test_every_damage_roll_is_a_black_die_face(roll):
    for check in (collision_damages, motor_damages, road_handling_damages):
        with pytest.raises(InvalidRoll, match="black die cannot show"):
            check(roll)


def test_a_car_on_its_last_road_handling_wp_that_rolls_a_4_on_a_dangerous_space_is_eliminated():
    car = CarSheet.from_zones({**STANDARD_CAR.zones(), Zone.ROAD_HANDLING: 1})
    assert road_handling_damages(4)
    out = wear(car, {Zone.ROAD_HANDLING: 1})
    assert out.eliminated and places_damage_marker({}, eliminated=out.eliminated)
