"""The gears two utility cards add to the gear prompt, against their text: Turbo ("Once per lap
you may move up two gears instead of one") and Turn Table ("If you spin out, you may move up into
second gear as you pull away (not first)"); each with its die's faces, one tap for both."""

from __future__ import annotations

import pytest

from rules.dice import values
from rules.engine import Event, EventRejected, apply, dashboard
from rules.engine import describe as engine_describe
from tests.rules.death.script import (
    BLUE_CARDS,
    RED_CARDS,
    between_rounds,
    fire,
    in_1st,
    play,
    through_round_1,
)


def to_round_2(red_utility="Turbo", blue_utility="Turn Table", damage=10):
    _setup, state, _prompts, _log = through_round_1(
        damage=damage,
        red={**RED_CARDS, "utility": red_utility},
        blue={**BLUE_CARDS, "utility": blue_utility},
    )
    # Red readies its Acid Jets.
    return play(state, between_rounds(["red", "blue"], "pass", "reload:1"))


def offered(prompt):
    return [choice for choice, _label in prompt.fields[0].choices]


def test_turbo_offers_two_gears_up_once_a_lap_with_its_die():
    state, prompts = to_round_2()
    gear = prompts[0]
    assert (gear.kind, gear.car) == ("gear", "red")
    assert offered(gear) == ["1", "2", "3"]
    assert dict(gear.fields[0].choices)["3"] == "3rd (Turbo: two gears up, once a lap)"
    assert [choice for choice, _die in gear.then] == ["1", "2", "3"]
    event = Event("gear", {"car": "red", "gear": 3})
    after, asked = apply(state, event)
    assert after.car("red").gear == 3 and after.arms("red").lap_used == 1
    # The die's faces of the Turbo's gear enter the move in the same tap.
    face = values(dict(gear.then)["3"].die)[0]
    assert gear.follow_up(event, asked, face) == Event("move", {"car": "red", "roll": face})
    assert engine_describe(state, event, after) == "Red into 3rd on its Turbo, two gears up"


def test_turbo_is_spent_for_the_lap_and_without_it_two_up_is_refused():
    state, prompts = to_round_2(red_utility="Nitros")
    assert offered(prompts[0]) == ["1", "2"]
    with pytest.raises(EventRejected):
        apply(state, Event("gear", {"car": "red", "gear": 3}))
    state, prompts = to_round_2()
    state, prompts = play(
        state,
        [
            Event("gear", {"car": "red", "gear": 3}),
            Event("move", {"car": "red", "roll": 4}),
            Event("gear", {"car": "blue", "gear": 2}),
            Event("move", {"car": "blue", "roll": 3}),
            *between_rounds(["red", "blue"], "pass", "pass"),
        ],
    )
    assert state.car("red").laps == 0  # the same lap: up one gear only
    assert offered(prompts[0]) == ["1", "2", "3", "4"]
    with pytest.raises(EventRejected):
        apply(state, Event("gear", {"car": "red", "gear": 5}))


def spun_blue(blue_utility):
    state, prompts = to_round_2(red_utility="Nitros", blue_utility=blue_utility, damage=4)
    state, prompts = play(
        state,
        [
            *in_1st(["red", "blue"]),
            *fire(["blue", "red"], 1, 1),
            Event("screen_roll", {"car": "red", "value": 1}),
            Event("hit_roll", {"car": "red", "value": 1}),
            Event("attack", {"car": "blue", "action": "pass"}),
        ],
    )
    assert state.car("blue").spun and prompts[0].car == "blue"
    return state, prompts


def test_turn_table_pulls_away_in_second_after_a_spin_or_first():
    state, prompts = spun_blue("Turn Table")
    gear = prompts[0]
    assert offered(gear) == ["1", "2"] and gear.fields[0].default == "2"
    assert "Turn Table, pulls away in 2nd or 1st" in gear.text
    assert [choice for choice, _die in gear.then] == ["1", "2"]
    event = Event("gear", {"car": "blue", "gear": 2})
    after, asked = apply(state, event)
    assert after.car("blue").gear == 2 and not after.car("blue").spun
    assert after.arms("blue").lap_used == 0  # not a once-a-lap card
    face = values(dict(gear.then)["2"].die)[0]
    assert gear.follow_up(event, asked, face) == Event("move", {"car": "blue", "roll": face})
    assert engine_describe(state, event, after) == "Blue pulls away in 2nd on its Turn Table"


def test_a_spun_car_without_the_turn_table_drives_off_in_first():
    state, prompts = spun_blue("Drop Clutch")
    assert offered(prompts[0]) == ["1"]
    with pytest.raises(EventRejected, match="drives off in 1st"):
        apply(state, Event("gear", {"car": "blue", "gear": 2}))


def test_the_dashboard_says_a_spun_car_with_the_turn_table_pulls_away_in_2nd_or_1st():
    for card, said in (
        ("Turn Table", "spun: Turn Table, pulls away in 2nd or 1st"),
        ("Drop Clutch", "spun: drives off in 1st next turn"),
    ):
        state, _prompts = spun_blue(card)
        (blue,) = [view for view in dashboard(state) if view.car == "blue"]
        assert said in blue.note, card


@pytest.mark.parametrize("utility, gears", [("Turn Table", ["1", "2"]), ("Jammer", ["1"])])
def test_a_slip_mine_spin_asks_the_gear_the_turn_table_s_2nd_with_it(utility, gears):
    from tests.rules.death.script import blue_to_move

    state, _prompts = blue_to_move(blue={**BLUE_CARDS, "utility": utility})
    # In 1st, two gears down: a spin.
    state, _prompts = apply(state, Event("move", {"car": "blue", "roll": 1, "slip_mine": True}))
    assert state.car("blue").spun and state.car("blue").gear >= 1
    state, prompts = play(
        state,
        [
            *between_rounds(["red", "blue"], "pass", "pass"),
            Event("gear", {"car": "red", "gear": 1}),
            Event("move", {"car": "red", "roll": 1}),
        ],
    )
    assert (prompts[0].kind, prompts[0].car) == ("gear", "blue")
    assert offered(prompts[0]) == gears


def test_a_haywire_spin_asks_the_gear_the_turn_table_s_2nd_with_it():
    _setup, state, _prompts, _log = through_round_1(
        red={**RED_CARDS, "weapon_2": "Haywire Missiles"},
        blue={**BLUE_CARDS, "defence": "Light Armour", "utility": "Turn Table"},
    )
    order = ["blue", "red"]  # Red behind Blue, its Haywire Missiles ready
    state, prompts = play(
        state,
        [
            *between_rounds(order, "reload:1", "pass"),
            *in_1st(order),
            *fire(order, 1, 1),
            Event("hit_roll", {"car": "red", "value": 1}),  # Blue in 1st, two gears down
        ],
    )
    assert state.car("blue").spun and state.car("blue").gear >= 1
    state, prompts = play(
        state,
        [Event("attack", {"car": "blue", "action": "pass"})],
    )
    assert (prompts[0].kind, prompts[0].car) == ("gear", "blue")
    assert offered(prompts[0]) == ["1", "2"]
