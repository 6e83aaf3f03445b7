"""The damage die: body for everyone beside at the end of a turn, engine after a 20 in 5th or a 30
in 6th, handling for a space with a damage token; where tokens go."""

import pytest

from rules.formula_d import Zone
from rules.rbb import (
    BODY_DAMAGE_MAX,
    ENGINE_DAMAGE_MAX,
    ENGINE_DAMAGE_TRIGGERS,
    HANDLING_DAMAGE_MAX,
    InvalidBodyRoll,
    body_damages,
    body_rollers,
    calls_engine_damage,
    engine_damages,
    engine_rollers,
    handling_damages,
    places_damage_marker,
)


def test_a_racer_ending_beside_others_rolls_and_so_does_each_of_them():
    assert body_rollers("red", ["blue", "green"]) == ("red", "blue", "green")
    with pytest.raises(InvalidBodyRoll):
        body_rollers("red", [])
    with pytest.raises(InvalidBodyRoll):
        body_rollers("red", ["red"])


@pytest.mark.parametrize(("roll", "damaged"), [(1, True), (2, False), (20, False)])
def test_only_a_1_costs_a_body_point(roll, damaged):
    assert BODY_DAMAGE_MAX == 1 and body_damages(roll) is damaged


def test_a_20_in_5th_or_a_30_in_6th_calls_every_racer_in_5th_or_6th_to_roll():
    assert dict(ENGINE_DAMAGE_TRIGGERS) == {5: 20, 6: 30}
    assert calls_engine_damage(5, 20) and calls_engine_damage(6, 30)
    assert not calls_engine_damage(6, 29) and not calls_engine_damage(5, 19)
    gears = {"red": 5, "blue": 4, "green": 6}
    assert engine_rollers("red", gears) == ("red", "green")


@pytest.mark.parametrize(("roll", "damaged"), [(1, True), (2, False), (4, False)])
def test_only_a_1_costs_an_engine_point(roll, damaged):
    assert ENGINE_DAMAGE_MAX == 1 and engine_damages(roll) is damaged


@pytest.mark.parametrize(("roll", "damaged"), [(1, True), (4, True), (5, False), (20, False)])
def test_1_to_4_on_a_damage_token_costs_a_handling_point(roll, damaged):
    assert HANDLING_DAMAGE_MAX == 4 and handling_damages(roll) is damaged


def test_tokens_go_down_for_body_damage_and_where_a_racer_is_eliminated_not_for_engine():
    assert places_damage_marker({Zone.BODY: 1})
    assert places_damage_marker({}, eliminated=True)
    assert not places_damage_marker({Zone.ENGINE: 1, Zone.TIRES: 2})
