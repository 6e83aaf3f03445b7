"""Who rolls for collision when a car ends directly behind another (a league's setting, docs/
rulings.md "Collision rolls behind"): the Ram Spike's "you must both still roll for collision as
normal" and Heavy Armour (Rear)'s "collision rolls caused by cars directly behind you"."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.death.race.state import BOTH_ROLL, MOVER_ROLLS, RAMMED_ROLLS
from rules.engine import Event, EventRejected, Starter, apply, setup
from tests.rules.death.script import BLUE_CARDS, RED_CARDS, blue_to_move

ARMOURED = {**RED_CARDS, "defence": "Heavy Armour (Rear)"}
RAMMING = {**BLUE_CARDS, "utility": "Ram Spike"}


def rolls_after(behind_rolls: str, **move) -> list[tuple[str, str]]:
    """The collision rolls owed once Blue ends directly behind Red (Red's rear armoured)."""
    state, _prompts = blue_to_move(red=ARMOURED, blue=RAMMING)
    state = replace(state, setup=replace(state.setup, behind_rolls=behind_rolls))
    state, prompts = apply(
        state, Event("move", {"car": "blue", "roll": 1, "behind": "red", **move})
    )
    return [(check.car, check.reason) for check in state.pending if check.kind == "collision_roll"]


def test_read_as_written_both_roll_after_a_ram_and_beside_heavy_armour_rear():
    assert [car for car, _ in rolls_after(BOTH_ROLL, rammed=True)] == ["blue", "red"]
    assert [car for car, _ in rolls_after(BOTH_ROLL)] == ["blue", "red"]


def test_the_reading_before_rolls_both_after_a_ram_only():
    assert [car for car, _ in rolls_after(RAMMED_ROLLS, rammed=True)] == ["blue", "red"]
    assert [car for car, _ in rolls_after(RAMMED_ROLLS)] == ["blue"]


def test_mover_only_rolls_the_car_that_moved_even_after_a_ram():
    assert [car for car, _ in rolls_after(MOVER_ROLLS, rammed=True)] == ["blue"]
    assert [car for car, _ in rolls_after(MOVER_ROLLS)] == ["blue"]


def test_the_armoured_car_in_front_is_hit_only_on_a_1():
    state, _prompts = blue_to_move(red=ARMOURED, blue=BLUE_CARDS)
    state = replace(state, setup=replace(state.setup, behind_rolls=BOTH_ROLL))
    state, prompts = apply(state, Event("move", {"car": "blue", "roll": 1, "behind": "red"}))
    assert prompts[0].car == "blue"
    state, prompts = apply(state, Event("collision_roll", {"car": "blue", "value": 20}))
    assert prompts[0].car == "red" and "(1-1: a point of damage)" in prompts[0].text
    damage = state.arms("red").damage
    state, _prompts = apply(state, Event("collision_roll", {"car": "red", "value": 2}))
    assert state.arms("red").damage == damage


def test_a_race_is_set_up_with_one_of_the_readings():
    starters = [Starter("red", "Ann"), Starter("blue", "Bob")]
    assert setup("death", starters).behind_rolls == RAMMED_ROLLS
    with pytest.raises(EventRejected, match="no reading"):
        setup("death", starters, behind_rolls="nobody")
