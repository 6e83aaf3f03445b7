"""A Formula... Death! race at the table through the engine: the cards once the grid is set, the
Attack Phase after each round in the opposite order, reload tokens, range and sight, Bravado,
damage through armour, spinning out and destruction, the clutch and the slipstream."""

from __future__ import annotations

import pytest

from rules.death.race.attack import EMPTY_SPACE
from rules.engine import Event, EventRejected, apply, dashboard, replay
from rules.engine import describe as engine_describe
from tests.rules.death.script import (
    BLUE_CARDS,
    GRID,
    RED_CARDS,
    between_rounds,
    blue_to_move,
    dealt,
    fire,
    in_1st,
    play,
    race,
    through_round_1,
    to_the_cards,
)


def test_the_cards_are_entered_once_the_grid_is_set_in_grid_order_when_dealt():
    _setup, (state, _prompts) = race()
    state, prompts = to_the_cards(state)
    assert (prompts[0].kind, prompts[0].car) == ("cards", "red")
    assert "as dealt" in prompts[0].text


def test_pick_begins_with_the_last_on_the_grid():
    _setup, (state, _prompts) = race("pick")
    state, prompts = to_the_cards(state)
    assert (prompts[0].kind, prompts[0].car) == ("cards", "blue")


def test_a_card_already_held_or_too_many_slots_is_refused():
    _setup, (state, _prompts) = race()
    state, _prompts = to_the_cards(state)
    state, _prompts = apply(state, Event("cards", {"car": "red", **RED_CARDS}))
    with pytest.raises(EventRejected, match="first weapon: .Rear MG. is not one of"):
        apply(state, Event("cards", {"car": "blue", **{**BLUE_CARDS, "weapon_1": "Rear MG"}}))
    powerful = {**BLUE_CARDS, "weapon_1": "Turret MG"}
    with pytest.raises(EventRejected, match="Powerful upgrade takes two slots"):
        apply(state, Event("cards", {"car": "blue", **powerful}))


def test_after_the_movement_phase_the_attack_phase_last_place_first():
    _setup, state, prompts, _log = through_round_1()
    assert prompts[0].kind == "attack_order"
    state, prompts = apply(state, Event("attack_order", {"order": ["red", "blue"]}))
    assert state.attackers == ("blue", "red")
    assert (prompts[0].kind, prompts[0].car) == ("attack", "blue")
    # Every weapon begins with a reload token: nothing may fire in the first round.
    actions = dict(prompts[0].fields[0].choices)
    assert set(actions) == {"reload:0", "reload:1", "pass"}


def test_reload_tokens_then_firing_in_range_and_sight_bravado_and_the_hit():
    setup, state, _prompts, log = through_round_1()
    order = ["red", "blue"]
    # Blue readies its Forward MG, Red its Acid Jets; round 2; Blue fires its Forward MG.
    events = [*between_rounds(order, "reload:0", "reload:1"), *in_1st(order), *fire(order, 0)]
    state, prompts = play(state, events)
    log.extend(events)
    assert prompts[0].kind == "aim"
    # Out of range (the Forward MG reaches 12) or out of sight: refused.
    with pytest.raises(EventRejected, match="range of 12"):
        apply(state, Event("aim", {"car": "blue", "target": "red", "spaces": 13}))
    with pytest.raises(EventRejected, match="no line of sight"):
        apply(state, Event("aim", {"car": "blue", "target": "red", "spaces": 2, "no_sight": True}))
    for event in (
        Event("aim", {"car": "blue", "target": "red", "spaces": 2}),
        Event("hit_roll", {"car": "blue", "value": 8}),  # accuracy 8: a hit
    ):
        state, prompts = apply(state, event)
        log.append(event)
    # 1 damage less Light Armour's rear 1: nothing. The MG reloads 0: ready again.
    assert state.arms("red").damage == 10 and state.arms("blue").reloads == (0, 1)
    assert (prompts[0].kind, prompts[0].car) == ("attack", "red")
    # Red's Acid Jets fire forward only: Blue is behind it; its Rear MG still has a token.
    assert "fire:1" not in dict(prompts[0].fields[0].choices)
    assert replay(setup, log) == state


def test_bravado_turns_an_attacker_away_on_16_or_more():
    _setup, state, _prompts, _log = through_round_1()
    order = ["blue", "red"]  # Red now behind Blue
    state, prompts = play(
        state, [*between_rounds(order, "reload:1", "pass"), *in_1st(order), *fire(order, 1, 1)]
    )
    assert prompts[0].kind == "screen_roll" and "1-15" in prompts[0].text
    turned, prompts = apply(state, Event("screen_roll", {"car": "red", "value": 16}))
    assert prompts[0].kind == "attack" and "fire:1" not in dict(prompts[0].fields[0].choices)
    state, prompts = apply(state, Event("screen_roll", {"car": "red", "value": 15}))
    assert prompts[0].kind == "hit"[:3] + "_roll"
    state, prompts = apply(state, Event("hit_roll", {"car": "red", "value": 8}))
    # Acid Jets: 4 damage, Bravado has no armour.
    assert state.arms("blue").damage == 6 and state.arms("red").reloads == (1, 1)
    assert any(marker.car == "blue" for marker in state.markers)  # wreckage where it stood


def test_spinning_out_at_0_and_destroyed_by_one_more_point():
    _setup, state, _prompts, _log = through_round_1(damage=4)
    order = ["blue", "red"]
    state, prompts = play(
        state,
        [
            *between_rounds(order, "reload:1", "pass"),
            *in_1st(order),
            *fire(order, 1, 1),
            Event("screen_roll", {"car": "red", "value": 1}),
            Event("hit_roll", {"car": "red", "value": 1}),
        ],
    )
    blue = state.car("blue")
    assert state.arms("blue").damage == 0 and blue.spun and blue.racing
    assert "spins out" in " ".join(v.note for v in dashboard(state)) or blue.spun


def test_dropping_the_clutch_costs_two_damage_and_the_drop_clutch_one():
    _setup, (state, _prompts) = race()
    state, prompts = play(state, [*GRID, *dealt()])
    labels = {spec.name: spec.label for spec in prompts[0].fields}
    assert "2 damage" in labels["clutch"] and "slipstream" not in labels
    state, prompts = apply(state, Event("move", {"car": "red", "roll": 2, "clutch": True}))
    assert state.arms("red").damage == 8 and state.car("red").spaces == 3
    state, prompts = apply(state, Event("start_roll", {"car": "blue", "value": 10}))
    assert "1 damage" in {spec.name: spec.label for spec in prompts[0].fields}["clutch"]


def test_slipstreaming_three_spaces_in_any_gear():
    _setup, (state, _prompts) = race()
    state, _prompts = play(
        state,
        [
            *GRID,
            *dealt(),
            Event("move", {"car": "red", "roll": 2}),
            Event("start_roll", {"car": "blue", "value": 10}),
        ],
    )
    state, prompts = apply(
        state,
        Event("move", {"car": "blue", "roll": 2, "behind": "red", "slipstreamed": True}),
    )
    assert state.car("blue").spaces == 2 + 3  # in 1st gear


def missiles_at_blue(
    blue_defence="Bravado", red_weapons=("Rear MG", "Megaton Missiles"), reloads=("reload:1",)
):
    """Red, behind Blue (a Jammer), takes these reload tokens off, a round each, then fires its
    missiles (weapon 1) at Blue, 1 space away: the screen rolls next."""
    _setup, state, _prompts, _log = through_round_1(
        red={**RED_CARDS, "weapon_1": red_weapons[0], "weapon_2": red_weapons[1]},
        blue={**BLUE_CARDS, "weapon_2": "Acid Jets", "defence": blue_defence, "utility": "Jammer"},
    )
    order = ["blue", "red"]
    rounds = [
        event
        for reload in reloads
        for event in (*between_rounds(order, reload, "pass"), *in_1st(order))
    ]
    return play(state, [*rounds, *fire(order, 1, 1)])


def test_bravado_and_a_jammer_the_jammer_s_roll_then_bravado_s():
    state, prompts = missiles_at_blue()
    assert prompts[0].kind == "screen_roll" and "Jammer" in prompts[0].text
    assert "1-10" in prompts[0].text
    state, prompts = apply(state, Event("screen_roll", {"car": "red", "value": 10}))
    assert prompts[0].kind == "screen_roll" and "Bravado" in prompts[0].text
    assert "1-15" in prompts[0].text
    turned, turned_prompts = apply(state, Event("screen_roll", {"car": "red", "value": 16}))
    assert turned_prompts[0].kind == "attack" and not turned.arms("blue").jammed
    state, prompts = apply(state, Event("screen_roll", {"car": "red", "value": 15}))
    assert prompts[0].kind == "hit_roll"


def test_a_jammed_missile_turns_all_the_attacker_s_missiles_from_that_car():
    state, prompts = missiles_at_blue(
        blue_defence="Light Armour",
        red_weapons=("Haywire Missiles", "Megaton Missiles"),
        reloads=("reload:0", "reload:1"),
    )
    assert "Jammer" in prompts[0].text
    state, prompts = apply(state, Event("screen_roll", {"car": "red", "value": 11}))
    assert state.arms("blue").jammed
    # The Jammer is spent, yet Red's other missile may not turn on Blue: "they must choose a
    # different target", and Blue is the only one.
    assert prompts[0].kind == "attack"
    assert set(dict(prompts[0].fields[0].choices)) == {"pass"}


def test_frag_missiles_at_an_empty_space_at_minus_4_hit_only_the_cars_named():
    state, prompts = missiles_at_blue(red_weapons=("Rear MG", "Frag Missiles"))
    state, prompts = apply(state, Event("screen_roll", {"car": "red", "value": 11}))  # jammed
    assert "fire:1" in dict(prompts[0].fields[0].choices)  # the empty space is still there
    state, prompts = apply(state, Event("attack", {"car": "red", "action": "fire:1"}))
    targets = dict(prompts[0].fields[0].choices)
    assert "-4" in targets[EMPTY_SPACE] and "blue" not in targets
    aim = {"car": "red", "target": EMPTY_SPACE, "spaces": 1, "also": ["blue"]}
    state, prompts = apply(state, Event("aim", aim))
    assert prompts[0].kind == "hit_roll" and "1-6 hits" in prompts[0].text
    missed, _prompts = apply(state, Event("hit_roll", {"car": "red", "value": 7}))
    assert missed.arms("blue").damage == 10
    hit, _prompts = apply(state, Event("hit_roll", {"car": "red", "value": 6}))
    assert hit.arms("blue").damage == 10 - 1  # Frag's 1 (Bravado: no armour, no roll)
    words = engine_describe(state, Event("hit_roll", {"car": "red", "value": 6}), hit)
    assert "a hit on an empty space" in words


@pytest.mark.parametrize(
    "facts, odds",
    [
        ({}, 8),  # beside the Wheel Spikes: doubled
        ({"behind": "red"}, 4),  # directly behind them: not
        ({"in_front_of": "red"}, 4),  # directly in front of them: not
        ({"in_front_of": "red", "adjacent": []}, 4),  # in front of a car is beside it
    ],
)
def test_wheel_spikes_double_the_collision_roll_beside_not_in_front_or_behind(facts, odds):
    state, prompts = blue_to_move(red={**RED_CARDS, "utility": "Wheel Spikes"})
    fields = {spec.name for spec in prompts[0].fields}
    assert {"behind", "in_front_of"} <= fields
    move = {"car": "blue", "roll": 2, "adjacent": ["red"], **facts}
    if not move["adjacent"]:
        del move["adjacent"]
    state, prompts = apply(state, Event("move", move))
    assert prompts[0].kind == "collision_roll" and f"1-{odds}:" in prompts[0].text


def test_a_hit_the_armour_stops_is_logged_a_hit():
    _setup, state, _prompts, _log = through_round_1()
    order = ["red", "blue"]
    events = [*between_rounds(order, "reload:0", "reload:1"), *in_1st(order), *fire(order, 0, 2)]
    state, _prompts = play(state, events)
    hit = Event("hit_roll", {"car": "blue", "value": 8})
    after, _prompts = apply(state, hit)
    assert after.arms("red").damage == 10  # the Forward MG's 1 less Light Armour's rear 1
    assert engine_describe(state, hit, after).endswith("a hit on Red")
    miss = Event("hit_roll", {"car": "blue", "value": 9})
    assert engine_describe(state, miss, apply(state, miss)[0]).endswith("a miss")


def test_the_mag_gun_s_cars_beside_leave_out_its_target_and_the_attacker():
    _setup, state, _prompts, _log = through_round_1(blue={**BLUE_CARDS, "weapon_1": "Mag Gun"})
    order = ["red", "blue"]
    events = [*between_rounds(order, "reload:0", "reload:1"), *in_1st(order), *fire(order, 0)]
    state, _prompts = play(state, events)
    aim = {"car": "blue", "target": "red", "spaces": 2, "pulled_beside": ["red"]}
    state, _prompts = apply(state, Event("aim", aim))
    assert state.pulled_beside == ()
    state, prompts = apply(state, Event("hit_roll", {"car": "blue", "value": 1}))
    assert state.pending == () and prompts[0].kind == "attack"


def test_the_targeting_computer_may_reroll_a_miss_once_a_lap_if_the_attacker_says_so():
    blue = {**BLUE_CARDS, "utility": "Targeting Computer"}
    _setup, state, _prompts, _log = through_round_1(blue=blue)
    order = ["red", "blue"]
    events = [*between_rounds(order, "reload:0", "reload:1"), *in_1st(order), *fire(order, 0, 2)]
    state, _prompts = play(state, events)
    state, prompts = apply(state, Event("hit_roll", {"car": "blue", "value": 9}))  # a miss
    assert (prompts[0].kind, prompts[0].car) == ("reroll", "blue")
    kept, prompts = apply(state, Event("reroll", {"car": "blue", "reroll": "no"}))
    assert (prompts[0].kind, prompts[0].car) == ("attack", "red")
    assert kept.arms("blue").lap_used == 0  # still there for a later miss this lap
    state, prompts = apply(state, Event("reroll", {"car": "blue", "reroll": "yes"}))
    assert prompts[0].kind == "hit_roll" and "Targeting Computer" in prompts[0].text
    assert state.arms("blue").lap_used == 1
    state, prompts = apply(state, Event("hit_roll", {"car": "blue", "value": 9}))
    assert (prompts[0].kind, prompts[0].car) == ("attack", "red")  # once a lap, once a miss


@pytest.mark.parametrize(
    "weapon, words", [("Forward MG", "a car in the way blocks it"), ("Grenade Launcher", "cars")]
)
def test_the_sight_question_says_cars_block_it_but_for_the_grenade_launcher(weapon, words):
    _setup, state, _prompts, _log = through_round_1(blue={**BLUE_CARDS, "weapon_1": weapon})
    order = ["red", "blue"]
    events = [*between_rounds(order, "reload:0", "reload:1"), *in_1st(order), *fire(order, 0)]
    state, prompts = play(state, events)
    sight = {spec.name: spec.label for spec in prompts[0].fields}["no_sight"]
    assert words in sight
    assert ("Grenade" in sight) == (weapon == "Grenade Launcher")


def test_a_blobber_s_extra_reload_token_goes_where_the_attacker_chooses():
    # Blobber: "add 3 reload tokens to the weapon(s) on the target. If they have more than one
    # weapon, distribute the tokens as evenly as possible, with the attacker choosing where extra
    # tokens go."
    blue = {**BLUE_CARDS, "weapon_1": "Blobber"}
    setup, state, _prompts, log = through_round_1(blue=blue)
    order = ["red", "blue"]
    events = [*between_rounds(order, "reload:0", "pass"), *in_1st(order), *fire(order, 0, 2)]
    events.append(Event("hit_roll", {"car": "blue", "value": 10}))
    state, prompts = play(state, events)
    log.extend(events)
    # Red's Rear MG and Acid Jets had a token each: one more each now, the third to choose.
    assert state.arms("red").reloads == (2, 2)
    assert (prompts[0].kind, prompts[0].car) == ("reload_spread", "red")
    assert prompts[0].text == (
        "Red (Ann): Blue's Blobber hit it: its reload tokens do not spread evenly on its "
        "weapons: the attacker chooses which weapon takes the extra one"
    )
    assert prompts[0].fields[0].choices == (
        ("0", "Rear MG (2 reload tokens)"),
        ("1", "Acid Jets (2 reload tokens)"),
    )
    chosen = Event("reload_spread", {"car": "red", "weapon": "1"})
    after, prompts = apply(state, chosen)
    log.append(chosen)
    assert after.arms("red").reloads == (2, 3)
    assert engine_describe(state, chosen, after) == "The extra reload token goes on Red's Acid Jets"
    assert (prompts[0].kind, prompts[0].car) == ("attack", "red")
    assert replay(setup, log) == after


def test_the_standing_confirmed_is_the_next_round_s_order_of_play_when_nothing_moved():
    # The same cars in the same order were asked twice a round ("confirm the standing", then
    # "confirm the order of play"): once is enough when no attack moved a car.
    _setup, state, prompts, _log = through_round_1()
    assert prompts[0].text.endswith(
        "unless an attack moves a car, it is round 2's order of play too"
    )
    state, prompts = play(state, between_rounds(["blue", "red"], "reload:0", "pass"))
    assert state.order == ("blue", "red")
    assert (prompts[0].kind, prompts[0].car) == ("gear", "blue")


def test_after_an_attack_moved_a_car_the_order_of_play_is_asked_again():
    # A Mag Gun's hit pulls its target 2 spaces back: the board may have changed.
    _setup, state, _prompts, _log = through_round_1(blue={**BLUE_CARDS, "weapon_1": "Mag Gun"})
    order = ["red", "blue"]
    events = [*between_rounds(order, "reload:0", "reload:1"), *in_1st(order), *fire(order, 0, 2)]
    events += [
        Event("hit_roll", {"car": "blue", "value": 1}),
        Event("attack", {"car": "red", "action": "pass"}),
    ]
    state, prompts = play(state, events)
    assert prompts[0].kind == "order"


def test_the_cards_prompt_preselects_no_card_and_names_each_slot_as_dealt():
    _setup, (state, _prompts) = race()
    _state, prompts = to_the_cards(state)
    fields = prompts[0].fields
    assert [spec.label for spec in fields] == [
        "Dealt: first weapon",
        "Dealt: second weapon",
        "Dealt: defence",
        "Dealt: utility",
    ]
    assert {spec.default for spec in fields} == {"none"}
    assert all(spec.choices[0] == ("none", "— no card —") for spec in fields)


def test_a_powerful_card_beside_no_card_posted_for_every_other_slot_is_taken():
    _setup, (state, _prompts) = race()
    state, _prompts = to_the_cards(state)
    # Dealt a Powerful weapon, Red skipped the second: that slot is posted as no card.
    posted = {"weapon_1": "Turret MG", "weapon_2": "none", "defence": "Bravado",
              "utility": "Jammer"}  # fmt: skip
    state, _prompts = apply(state, Event("cards", {"car": "red", **posted}))
    red = state.arms("red")
    assert (red.weapons, red.defence, red.utility) == (("Turret MG",), "Bravado", "Jammer")


def test_an_old_cards_event_leaving_slots_out_or_blank_still_gets_the_first_cards():
    # Logs entered before the page posted every slot read a slot left out (or "") as the first
    # card of its kind still in the deck; they replay as they did.
    _setup, (state, _prompts) = race()
    before, _prompts = to_the_cards(state)
    state, _prompts = apply(before, Event("cards", {"car": "red"}))
    assert "Acid Jets" in engine_describe(before, Event("cards", {"car": "red"}), state)
    red = state.arms("red")
    assert (red.weapons, red.defence, red.utility) == (
        ("Acid Jets", "Anti-Tank Missiles"),
        "Bravado",
        "Drop Clutch",
    )
    blank = {"weapon_1": "Forward MG", "weapon_2": "", "defence": "", "utility": "Jammer"}
    state, _prompts = apply(state, Event("cards", {"car": "blue", **blank}))
    blue = state.arms("blue")
    assert (blue.weapons, blue.defence, blue.utility) == (
        ("Forward MG", "Chain Blades"),
        "Bravado",
        "Jammer",
    )
