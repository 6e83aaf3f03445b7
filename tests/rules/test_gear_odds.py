"""Gear odds for the corner ahead: exact fractions from each rule set's dice, checked against a
count of every face one by one, and priced by each rule set's own overshoot rules."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice import HIGHEST_GEAR
from rules.engine import Event, apply, next_prompt, start
from rules.engine.contract import RaceState
from rules.engine.variant import ruleset_for
from rules.gear_odds import (
    STOPS_MADE,
    InvalidOdds,
    OvershootCost,
    die_odds,
    gear_odds,
    offered_gears,
    race_gear_odds,
)
from rules.registry import RULE_SET_PACKAGES
from tests.rules.recorded.record import RECORDED, recorded_setup

DISTANCES = range(41)
GEARS = range(1, HIGHEST_GEAR + 1)


def brute_force(faces: tuple[int, ...], to_corner: int, to_line: int) -> dict[str, Fraction]:
    """Each face rolled once, in turn, and where it leaves the car tallied."""
    tally = {"in": 0, "1": 0, "2": 0, "3+": 0, "line": 0}
    for face in faces:
        beyond = face - to_corner
        if beyond <= 0:
            tally["in"] += 1
        elif beyond == 1:
            tally["1"] += 1
        elif beyond == 2:
            tally["2"] += 1
        else:
            tally["3+"] += 1
        if face >= to_line:
            tally["line"] += 1
    return {key: Fraction(count, len(faces)) for key, count in tally.items()}


@pytest.mark.parametrize("ruleset", sorted(RULE_SET_PACKAGES))
def test_every_gear_and_distance_0_to_40_matches_counting_every_face(ruleset: str):
    hooks = ruleset_for(ruleset)
    for gear in GEARS:
        faces = hooks.gear_faces(gear)
        for to_corner in DISTANCES:
            for to_line in (1, to_corner + 1, 40):
                odds = die_odds(faces, to_corner, to_line)
                counted = brute_force(faces, to_corner, to_line)
                assert (odds.in_corner, *odds.overshoot, odds.finish) == (
                    counted["in"],
                    counted["1"],
                    counted["2"],
                    counted["3+"],
                    counted["line"],
                ), (ruleset, gear, to_corner, to_line)
                assert odds.in_corner + sum(odds.overshoot) == 1


@given(
    faces=st.lists(st.integers(1, 40), min_size=1, max_size=30).map(tuple),
    to_corner=st.integers(0, 40),
    to_line=st.integers(1, 40),
)
def test_any_die_matches_counting_every_face(faces: tuple[int, ...], to_corner: int, to_line: int):
    odds = die_odds(faces, to_corner, to_line)
    counted = brute_force(faces, to_corner, to_line)
    assert [odds.in_corner, *odds.overshoot, odds.finish] == list(counted.values())


def test_the_dice_are_the_printed_ones_not_uniform_ranges():
    hooks = ruleset_for("formula_d")
    assert hooks.gear_faces(1) == (1, 1, 2, 2)
    assert hooks.gear_faces(2) == (2, 3, 3, 4, 4, 4)
    assert hooks.gear_faces(3) == (4, 5, 6, 6, 7, 7, 8, 8)
    assert sorted(hooks.gear_faces(4)) == sorted(list(range(7, 13)) * 2)
    assert sorted(hooks.gear_faces(5)) == sorted(list(range(11, 21)) * 2)
    assert sorted(hooks.gear_faces(6)) == sorted(list(range(21, 31)) * 3)
    # 2nd gear 3 spaces from the corner's last space: 2, 3, 3 stay (1/2), the three 4s overshoot
    # by 1 (1/2); a uniform 2-4 would say 2/3 and 1/3.
    odds = die_odds(hooks.gear_faces(2), 3)
    assert (odds.in_corner, odds.overshoot) == (
        Fraction(1, 2),
        (Fraction(1, 2), Fraction(0), Fraction(0)),
    )


def test_mini_sixth_gear_is_purple_plus_ten():
    assert sorted(ruleset_for("mini").gear_faces(6)) == sorted(list(range(21, 31)) * 2)


def test_figures_no_board_shows_are_refused():
    with pytest.raises(InvalidOdds):
        die_odds((1, 2), -1)
    with pytest.raises(InvalidOdds):
        die_odds((1, 2), 3, to_line=0)
    with pytest.raises(InvalidOdds):
        gear_odds(1, (1, 2), 3, -1, lambda spaces, owed: STOPS_MADE)


def test_the_band_of_3_or_more_names_its_worst_when_it_differs():
    def cost(spaces: int, owed: int) -> OvershootCost:
        return OvershootCost(f"{spaces} tire WP", eliminated=spaces > 4)

    odds = gear_odds(4, tuple(range(7, 13)) * 2, 6, 1, cost)
    third = odds.bands[2]
    assert (third.label, third.chance, third.cost.words) == ("3+", Fraction(4, 6), "3 tire WP")
    assert third.worst == OvershootCost("6 tire WP", eliminated=True)
    # 11 and 12 overshoot by 5 and 6: out.
    assert odds.eliminated == Fraction(2, 6)
    # 5th gear (11-20) 3 spaces out overshoots by 8 at the fewest: priced from 8, not 3.
    fifth = gear_odds(5, tuple(range(11, 21)) * 2, 3, 1, cost).bands[2]
    assert (fifth.cost.words, fifth.worst) == (
        "8 tire WP",
        OvershootCost("17 tire WP", eliminated=True),
    )


def first_gear_prompt(name: str) -> RaceState:
    """A recorded race replayed to the first time it asks a car for its gear."""
    recorded: dict[str, Any] = json.loads((RECORDED / f"{name}.json").read_text())
    state, asked = start(recorded_setup(recorded))
    for raw in recorded["events"]:
        if asked and asked[0].kind == "gear":
            return state
        state, asked = apply(state, Event.from_dict(raw))
    raise AssertionError(f"{name} never asks for a gear")


@pytest.mark.parametrize(
    ("name", "one_space", "four_spaces"),
    [
        ("formula_d_three_laps", "1 tire WP (5 left)", "4 tire WP (2 left)"),
        ("death_random_cards", "1 tire WP (5 left)", "4 tire WP (2 left)"),
        ("rbb_first_race", "1 tire WP (11 left)", "4 tire WP (8 left)"),
        ("mini_three_laps", "1 damage", "4 damage"),
        ("season_pass_three_cars", "1 tire point (3 left)", "4 tire points, its last: spins out"),
    ],
)
def test_each_rule_set_prices_an_overshoot_by_its_own_rules(
    name: str, one_space: str, four_spaces: str
):
    state = first_gear_prompt(name)
    prompt = next_prompt(state)
    odds = race_gear_odds(state, to_corner=5, stops_owed=1)
    assert [gear.gear for gear in odds] == list(offered_gears(prompt))
    assert odds
    hooks = ruleset_for(state.setup.ruleset)
    assert prompt is not None and prompt.car is not None
    assert hooks.overshoot_cost(state, prompt.car, 1, 1).words.startswith(one_space)
    assert hooks.overshoot_cost(state, prompt.car, 4, 1).words.startswith(four_spaces)


def test_a_car_with_its_stops_made_pays_nothing_and_skipping_two_stops_is_out():
    state = first_gear_prompt("formula_d_three_laps")
    free = race_gear_odds(state, to_corner=0, stops_owed=0)
    assert all(band.cost == STOPS_MADE for gear in free for band in gear.bands)
    assert all(gear.eliminated == 0 for gear in free)
    two_owed = race_gear_odds(state, to_corner=0, stops_owed=2)
    assert all(gear.eliminated == 1 for gear in two_owed)


def test_the_finish_line_is_counted_only_when_given():
    state = first_gear_prompt("formula_d_three_laps")
    assert all(gear.finish is None for gear in race_gear_odds(state, 3, 1))
    first = race_gear_odds(state, 3, 1, to_line=2)[0]
    assert first.gear == 1 and first.finish == Fraction(1, 2)


def test_no_odds_when_the_race_is_not_asking_for_a_gear():
    recorded = json.loads((RECORDED / "formula_d_three_laps.json").read_text())
    state, asked = start(recorded_setup(recorded))
    assert asked[0].kind != "gear"
    assert race_gear_odds(state, 3, 1) == ()


@pytest.mark.parametrize("name", ["formula_d_three_laps", "death_random_cards"])
def test_the_odds_price_losing_the_last_tire_wp_by_the_race_s_overshooting_reading(name: str):
    from dataclasses import replace

    state = first_gear_prompt(name)
    prompt = next_prompt(state)
    assert prompt is not None and prompt.car is not None
    hooks = ruleset_for(state.setup.ruleset)
    assert hooks.overshoot_cost(state, prompt.car, 6, 1).words.endswith("its last: spins")
    as_written = replace(state, setup=replace(state.setup, overshoot_by_more_out=True))
    cost = hooks.overshoot_cost(as_written, prompt.car, 6, 1)
    assert cost.eliminated and cost.words == "out: its last tire WP, by 6 spaces"
