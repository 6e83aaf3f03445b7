"""The mines: Remote Mines ("place an unused car directly in front of your car as your remote
mine ... If the mine ever enters a space containing a car or a car moves through the space
containing the mine, it explodes. You may only have one remote mine on the track at any
time.")."""

from __future__ import annotations

from rules.engine import Event, apply, dashboard
from rules.engine import describe as engine_describe
from tests.rules.death.script import RED_CARDS, in_1st, play, through_round_1

ORDER = ["red", "blue"]  # Red ahead, Blue behind: Blue attacks first


def attack_phase(red_action, blue_action="pass"):
    return [
        Event("attack_order", {"order": ORDER}),
        Event("attack", {"car": "blue", "action": blue_action}),
        Event("attack", {"car": "red", "action": red_action}),
        Event("order", {"order": ORDER}),
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
