"""Optional Rules, Tire Selection: each tire's effects by the weather and the lap, line by line."""

import pytest

from rules.formula_d import (
    SCORECARD_MARKER,
    STANDARD_CAR,
    TireEffect,
    Tires,
    overshoot,
    tire_effect,
)

HARD, SOFT, RAIN = Tires
QUALIFYING = 0
NONE = TireEffect()


def effect(tires, *, rain, lap, changed=False):
    return tire_effect(tires, rain=rain, lap=lap, changed=changed)


def test_soft_tires_take_a_sun_marker_and_rain_tires_a_rain_marker_on_the_score_card():
    assert SCORECARD_MARKER == {SOFT: "sun", RAIN: "rain"}


# --- Hard Tires --------------------------------------------------------------------------------


@pytest.mark.parametrize("lap", [QUALIFYING, 1, 2, 3])
def test_hard_tires_do_nothing_in_the_dry(lap):
    assert effect(HARD, rain=False, lap=lap) == NONE


@pytest.mark.parametrize("lap", [QUALIFYING, 1, 2, 3])
def test_hard_tires_in_rain_move_3_more_spaces_with_a_space_in_a_corner(lap):
    assert effect(HARD, rain=True, lap=lap) == TireEffect(3, in_corner=True)


# --- Soft Tires --------------------------------------------------------------------------------


@pytest.mark.parametrize("lap", [QUALIFYING, 1, 2])
def test_soft_tires_in_the_dry_may_move_1_more_space_each_move_not_compulsory(lap):
    assert effect(SOFT, rain=False, lap=lap) == TireEffect(1, optional=True)


def test_soft_tires_in_the_dry_not_changed_before_lap_3_treble_the_overshoot_penalty():
    assert effect(SOFT, rain=False, lap=3) == TireEffect(1, optional=True, per_space_overshot=3)
    assert effect(SOFT, rain=False, lap=3, changed=True) == TireEffect(1, optional=True)


@pytest.mark.parametrize("lap", [QUALIFYING, 1, 2])
def test_soft_tires_in_rain_move_3_more_with_a_space_in_a_corner_in_the_first_2_laps(lap):
    assert effect(SOFT, rain=True, lap=lap) == TireEffect(3, in_corner=True)


def test_soft_tires_in_rain_on_lap_3_no_extra_spaces_and_trebled_unless_changed():
    assert effect(SOFT, rain=True, lap=3) == TireEffect(0, in_corner=True, per_space_overshot=3)
    assert effect(SOFT, rain=True, lap=3, changed=True).per_space_overshot == 1
    assert effect(SOFT, rain=True, lap=3, changed=True).extra_spaces == 0


# --- Rain Tires --------------------------------------------------------------------------------


@pytest.mark.parametrize("lap", [QUALIFYING, 1, 2])
def test_rain_tires_in_the_dry_double_the_overshoot_penalty_in_the_first_2_laps(lap):
    assert effect(RAIN, rain=False, lap=lap) == TireEffect(per_space_overshot=2)
    assert effect(RAIN, rain=False, lap=lap, changed=True) == TireEffect(per_space_overshot=2)


def test_rain_tires_in_the_dry_not_changed_before_lap_3_treble_it():
    assert effect(RAIN, rain=False, lap=3) == TireEffect(per_space_overshot=3)
    assert effect(RAIN, rain=False, lap=3, changed=True) == NONE


@pytest.mark.parametrize("lap", [QUALIFYING, 1, 2, 3])
def test_rain_tires_in_rain_move_1_more_space_with_a_space_in_a_corner(lap):
    assert effect(RAIN, rain=True, lap=lap) == TireEffect(1, in_corner=True)


def test_a_lap_before_qualifying_is_refused():
    with pytest.raises(ValueError, match="not -1"):
        effect(HARD, rain=False, lap=-1)


# --- The penalty on the Overshooting rule ------------------------------------------------------


def test_a_doubled_or_trebled_penalty_costs_2_or_3_tire_wp_a_space_and_spins_on_the_last():
    assert overshoot(STANDARD_CAR.tires, 2, 0, 1, per_space=2).tires_lost == 4
    assert overshoot(6, 2, 0, 1, per_space=3).spun
    assert overshoot(5, 2, 0, 1, per_space=3).eliminated
