"""Chain Blades: "When a car is damaged by this weapon, on a roll of 1-4, they also lose either a
utility or defence upgrade (target's choice). Cars may have the upgrade refitted in the pits at
the cost of 4 damage." The refit is a fact of the move that stops in the pits."""

from __future__ import annotations

import pytest

from rules.death.attacks import REFIT_DAMAGE
from rules.engine import Event, EventRejected, apply
from rules.engine import describe as engine_describe
from tests.rules.death.script import BLUE_CARDS, between_rounds, fire, in_1st, play, through_round_1


def stripped_of_its_nitros(damage=10):
    """Red loses its Nitros to Blue's Chain Blades in round 2; round 3, Red in 2nd, to move."""
    _setup, state, _prompts, _log = through_round_1(
        damage=damage, blue={**BLUE_CARDS, "weapon_2": "Chain Blades"}
    )
    order = ["red", "blue"]
    return play(
        state,
        [
            *between_rounds(order, "reload:1", "pass"),
            *in_1st(order),
            *fire(order, 1, 1),
            Event("hit_roll", {"car": "blue", "value": 1}),
            Event("blade_roll", {"car": "red", "value": 4, "lose": "utility"}),
            Event("attack", {"car": "red", "action": "pass"}),
            Event("gear", {"car": "red", "gear": 2}),
        ],
    )


def test_the_card_lost_to_chain_blades_is_refitted_at_the_pit_stop_for_4_damage():
    state, prompts = stripped_of_its_nitros()
    arms = state.arms("red")
    assert arms.utility == "" and arms.stripped == ("Nitros",) and arms.damage == 8
    facts = {spec.name: spec.label for spec in prompts[0].fields}
    assert facts["refit_utility"] == "Chain Blades: Nitros refitted at the pit stop (4 damage)"
    event = Event("move", {"car": "red", "roll": 3, "pit": 2, "refit_utility": True})
    after, _prompts = apply(state, event)
    arms = after.arms("red")
    assert arms.utility == "Nitros" and arms.stripped == ()
    assert arms.damage == 10 - REFIT_DAMAGE == 6  # refilled to 10, less the refit's 4
    assert engine_describe(state, event, after).endswith(
        "; Red refits its Nitros at the pit stop (4 damage, 6 left)"
    )
    # Not refitted: the pit stop refills the damage, the card stays lost.
    kept, _prompts = apply(state, Event("move", {"car": "red", "roll": 3, "pit": 2}))
    assert kept.arms("red").damage == 10 and kept.arms("red").stripped == ("Nitros",)
    assert after.markers == kept.markers  # the refit's cost leaves no wreckage


def test_a_refit_only_at_a_pit_stop_and_never_to_spin_out():
    state, _prompts = stripped_of_its_nitros()
    with pytest.raises(EventRejected, match="only at a pit stop"):
        apply(state, Event("move", {"car": "red", "roll": 3, "refit_utility": True}))
    state, _prompts = stripped_of_its_nitros(damage=4)
    with pytest.raises(EventRejected, match="spin out in the pits"):
        apply(state, Event("move", {"car": "red", "roll": 3, "pit": 2, "refit_utility": True}))


def test_no_refit_is_offered_without_a_card_lost():
    state, prompts = stripped_of_its_nitros()
    after, prompts = apply(state, Event("move", {"car": "red", "roll": 3}))
    assert prompts[0].car == "blue" and prompts[0].kind == "gear"
    after, prompts = apply(after, Event("gear", {"car": "blue", "gear": 2}))
    assert "pit" in {spec.name for spec in prompts[0].fields}
    assert not any(spec.name.startswith("refit") for spec in prompts[0].fields)


def blades_hit_red():
    """Round 2: Blue's Chain Blades hit Red: Red's blade roll next."""
    _setup, state, _prompts, _log = through_round_1(blue={**BLUE_CARDS, "weapon_2": "Chain Blades"})
    order = ["red", "blue"]
    events = [*between_rounds(order, "reload:1", "pass"), *in_1st(order), *fire(order, 1, 1)]
    return play(state, [*events, Event("hit_roll", {"car": "blue", "value": 1})])


def test_the_blade_roll_asks_which_upgrade_only_on_a_1_to_4():
    state, prompts = blades_hit_red()
    lose = {spec.name: spec for spec in prompts[0].fields}["lose"]
    assert not lose.required and "1-4" in lose.label
    kept, _prompts = apply(state, Event("blade_roll", {"car": "red", "value": 5}))
    assert kept.arms("red").utility == "Nitros" and kept.arms("red").stripped == ()
    with pytest.raises(EventRejected, match="a roll of 4 .1-4. loses an upgrade: say which"):
        apply(state, Event("blade_roll", {"car": "red", "value": 4}))
    lost, _prompts = apply(
        state, Event("blade_roll", {"car": "red", "value": 4, "lose": "defence"})
    )
    assert lost.arms("red").defence == "" and lost.arms("red").stripped == ("Light Armour",)
