"""The mines: Remote Mines ("place an unused car directly in front of your car as your remote
mine ... If the mine ever enters a space containing a car or a car moves through the space
containing the mine, it explodes. You may only have one remote mine on the track at any
time."); Limpet Mines, a weapon like any other: "All weapons begin the game with one reload token
on them (meaning they cannot be fired in the first round)"."""

from __future__ import annotations

import pytest

from rules.engine import Event, EventRejected, apply, dashboard
from rules.engine import describe as engine_describe
from tests.rules.death.script import (
    BLUE_CARDS,
    RED_CARDS,
    between_rounds,
    blue_to_move,
    in_1st,
    play,
    through_round_1,
)

ORDER = ["red", "blue"]  # Red ahead, Blue behind: Blue attacks first


def attack_phase(red_action, blue_action="pass"):
    return [
        Event("attack_order", {"order": ORDER}),
        Event("attack", {"car": "blue", "action": blue_action}),
        Event("attack", {"car": "red", "action": red_action}),
    ]


def red_s_mine_on_the_track():
    """Red (Remote Mines) reloads in round 1's Attack Phase, places its mine in round 2's; round
    3 moved, Blue has passed: Red's choice next."""
    _setup, state, _prompts, _log = through_round_1(red={**RED_CARDS, "weapon_1": "Remote Mines"})
    return play(
        state,
        [
            *attack_phase("reload:0"),
            *in_1st(ORDER),
            *attack_phase("fire:0"),
            *in_1st(ORDER),
            Event("attack_order", {"order": ORDER}),
            Event("attack", {"car": "blue", "action": "pass"}),
        ],
    )


def choices(prompts):
    return dict(prompts[0].fields[0].choices)


def test_a_remote_mine_is_placed_then_explodes_on_a_car_behind_whatever_the_reload_tokens():
    state, prompts = red_s_mine_on_the_track()
    arms = state.arms("red")
    assert arms.remote and arms.reloads[0] == 4  # placed: its reload tokens on
    assert "its mine on the track" in dashboard(state)[0].note
    assert "fire:0" not in choices(prompts)  # one remote mine on the track at a time
    assert "explode:0" in choices(prompts)  # whatever its reload tokens
    before = state
    state, prompts = apply(state, Event("attack", {"car": "red", "action": "explode:0"}))
    assert "blue" in choices(prompts)  # behind Red: the mine aims both ways
    assert {spec.name for spec in prompts[0].fields} == {"target"}  # no range, no sight
    explode = Event("attack", {"car": "red", "action": "explode:0"})
    assert engine_describe(before, explode, state) == "Red's remote mine explodes"
    # Blue's Bravado screens attacks, not a mine that runs into it: the hit roll at once.
    state, prompts = apply(state, Event("aim", {"car": "red", "target": "blue"}))
    assert prompts[0].kind == "hit_roll" and "1-14 hits" in prompts[0].text
    state, prompts = apply(state, Event("hit_roll", {"car": "red", "value": 14}))
    assert state.arms("blue").damage == 10 - 3
    arms = state.arms("red")
    assert not arms.remote and arms.reloads[0] == 4  # off the track; no tokens added
    # The explosion was not Red's attack: Red chooses it now, the mine not offered again.
    assert (prompts[0].kind, prompts[0].car) == ("attack", "red")
    assert "explode:0" not in choices(prompts) and "reload:0" in choices(prompts)


def test_placing_a_remote_mine_is_said_in_the_log():
    _setup, state, _prompts, _log = through_round_1(red={**RED_CARDS, "weapon_1": "Remote Mines"})
    state, _prompts = play(state, [*attack_phase("reload:0"), *in_1st(ORDER)])
    state, _prompts = play(
        state,
        [
            Event("attack_order", {"order": ORDER}),
            Event("attack", {"car": "blue", "action": "pass"}),
        ],
    )
    place = Event("attack", {"car": "red", "action": "fire:0"})
    after, _prompts = apply(state, place)
    assert engine_describe(state, place, after) == "Red places a remote mine in front of it"


LIMPETS = {**BLUE_CARDS, "weapon_2": "Limpet Mines"}


def fields(prompts):
    return {spec.name for spec in prompts[0].fields}


def test_limpet_mines_drop_only_once_their_starting_reload_token_is_off():
    state, prompts = blue_to_move(blue=LIMPETS)
    assert state.arms("blue").reloads[1] == 1
    assert "limpet" not in fields(prompts)  # round 1: its token still on
    with pytest.raises(EventRejected, match="no field limpet"):
        apply(state, Event("move", {"car": "blue", "roll": 1, "limpet": True}))
    _setup, state, _prompts, _log = through_round_1(blue=LIMPETS)
    order = ["red", "blue"]
    state, prompts = play(
        state,
        [
            *between_rounds(order, "reload:1", "pass"),
            *in_1st(["red"]),
            Event("gear", {"car": "blue", "gear": 1}),
        ],
    )
    assert "limpet" in fields(prompts)  # the token off: it drops from round 2
    state, _prompts = apply(state, Event("move", {"car": "blue", "roll": 1, "limpet": True}))
    assert state.arms("blue").mines[1] == 9
