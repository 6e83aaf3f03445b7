"""Choosing Upgrades (slots, Powerful cards, the deck, Random and Pick) and the Attack Phase's
arithmetic, line by line against the document."""

from __future__ import annotations

import pytest

from rules.death import (
    DEFENCE,
    WEAPON,
    InvalidLoadout,
    Loadout,
    accuracy_against,
    attack_order,
    check_deck,
    check_loadout,
    clutch_damage,
    collision_max,
    damage_dealt,
    damage_taken,
    deal,
    in_front,
    may_fire_at,
    pick_order,
    spread_reloads,
    wreckage_max,
)
from rules.death.attacks import screens


def test_four_slots_two_weapons_a_defence_and_a_utility():
    full = Loadout(("Flamer", "Rear MG"), "Bravado", "Nitros")
    assert check_loadout(full) == full and full.slots_used == 4


def test_a_powerful_upgrade_uses_another_slot():
    assert check_loadout(Loadout(("Turret MG",), "Bravado", "Nitros")).slots_used == 4
    assert check_loadout(Loadout(("Turret MG", "Flamer"), "Bravado", "")).slots_used == 4
    # Two powerful upgrades: two upgrades in all.
    assert check_loadout(Loadout(("Turret MG",), "Heavy Armour", "")).slots_used == 4
    with pytest.raises(InvalidLoadout, match="Powerful upgrade takes two slots"):
        check_loadout(Loadout(("Turret MG", "Flamer"), "Bravado", "Nitros"))


def test_a_car_fills_its_slots_and_carries_a_weapon():
    with pytest.raises(InvalidLoadout, match="1 filled"):
        check_loadout(Loadout(("Flamer",)))
    with pytest.raises(InvalidLoadout, match="needs a weapon"):
        check_loadout(Loadout((), "Heavy Armour", "Nitros"))


def test_there_are_only_a_limited_number_of_each_upgrade():
    bravado = [Loadout((weapon,), "Bravado", "") for weapon in ("Flamer", "Rear MG", "Mag Gun")]
    check_deck(bravado)
    with pytest.raises(InvalidLoadout, match="3 cards of Bravado, and 4 cars"):
        check_deck([*bravado, Loadout(("Acid Jets",), "Bravado", "")])
    with pytest.raises(InvalidLoadout, match="one card of Flamer"):
        check_deck([Loadout(("Flamer",)), Loadout(("Flamer",))])


def test_pick_begins_with_the_last_on_the_grid_and_ends_with_pole():
    assert pick_order(["red", "blue", "green"]) == ("green", "blue", "red")


def test_random_deals_in_four_steps_a_powerful_card_skipping_the_next():
    dealt = deal(
        ["red", "blue"],
        weapons=["Turret MG", "Flamer", "Rear MG", "Acid Jets"],
        defences=["Heavy Armour", "Bravado", "Light Armour"],
        utilities=["Nitros", "Turbo"],
    )
    # Red's Turret MG skips its second weapon; Blue: Flamer, then Rear MG. Red's defence is
    # Heavy Armour (powerful: no utility); Blue: Bravado, then Nitros.
    assert dealt["red"] == Loadout(("Turret MG",), "Heavy Armour", "")
    assert dealt["blue"] == Loadout(("Flamer", "Rear MG"), "Bravado", "Nitros")
    for loadout in dealt.values():
        check_loadout(loadout)


def test_attacks_in_the_opposite_order_to_the_movement_hair_trigger_first():
    standing = ("red", "blue", "green", "yellow")
    assert attack_order(standing) == ("yellow", "green", "blue", "red")
    assert attack_order(standing, first=("blue",)) == ("blue", "yellow", "green", "red")


def test_in_front_means_moving_before_you():
    standing = ("red", "blue", "green")
    assert in_front(standing, "blue", "red") and not in_front(standing, "blue", "green")


def test_where_a_weapon_may_fire():
    assert may_fire_at(WEAPON["Forward MG"], True) and not may_fire_at(WEAPON["Forward MG"], False)
    assert may_fire_at(WEAPON["Rear MG"], False) and not may_fire_at(WEAPON["Rear MG"], True)
    assert may_fire_at(WEAPON["Turret MG"], True) and may_fire_at(WEAPON["Turret MG"], False)


def test_accuracy_halved_by_chaff_and_mine_sweepers_round_down():
    chaff, sweepers = DEFENCE["Chaff Release"], DEFENCE["Mine Sweepers"]
    assert accuracy_against(WEAPON["Laser-Guided Missiles"], chaff) == 7  # 15 / 2
    assert accuracy_against(WEAPON["Forward Turbolaser"], chaff) == 4
    assert accuracy_against(WEAPON["Flamer"], chaff) == 16
    assert accuracy_against(WEAPON["Remote Mines"], sweepers) == 7
    assert accuracy_against(WEAPON["Frag Missiles"], None, empty_space=True) == 6


def test_damage_less_the_armour_facing_the_attacker_anti_tank_ignores_it():
    front = DEFENCE["Heavy Armour (Front)"]
    # Fired at from behind: the rear armour (0); from in front: the front armour (2).
    assert damage_dealt(WEAPON["Acid Jets"], front, attacker_in_front=False) == 4
    assert damage_dealt(WEAPON["Acid Jets"], front, attacker_in_front=True) == 2
    assert damage_dealt(WEAPON["Forward MG"], front, attacker_in_front=True) == 0
    heavy = DEFENCE["Heavy Armour"]
    assert damage_dealt(WEAPON["Anti-Tank Missiles"], heavy, attacker_in_front=False) == 2


def test_bravado_and_the_jammer_screen_an_attack():
    assert screens(WEAPON["Flamer"], DEFENCE["Bravado"], jammer=False) == (("Bravado", 15),)
    assert screens(WEAPON["Megaton Missiles"], None, jammer=True) == (("Jammer", 10),)
    assert screens(WEAPON["Grenade Launcher"], None, jammer=True) == ()  # not a missile
    # Both: the Jammer's roll against a missile, then Bravado's.
    both = screens(WEAPON["Megaton Missiles"], DEFENCE["Bravado"], jammer=True)
    assert both == (("Jammer", 10), ("Bravado", 15))
    assert screens(WEAPON["Flamer"], DEFENCE["Bravado"], jammer=True) == (("Bravado", 15),)


def test_blobber_spreads_3_reload_tokens_as_evenly_as_possible():
    assert spread_reloads(3, ["a", "b"]) == {"a": 2, "b": 1}
    assert spread_reloads(3, ["a"]) == {"a": 3}


def test_spinning_out_at_0_and_destroyed_by_one_more_point():
    assert damage_taken(5, 2) == (3, False, False)
    assert damage_taken(2, 4) == (0, True, False)
    assert damage_taken(0, 1) == (0, False, True)


def test_dropping_the_clutch_costs_2_or_1_with_the_drop_clutch():
    assert (clutch_damage(False), clutch_damage(True)) == (2, 1)


def test_collision_and_wreckage_rolls_1_to_4_as_the_cards_change_them():
    assert collision_max(None) == 4 and collision_max(None, doubled=True) == 8
    assert collision_max(DEFENCE["Light Armour"], doubled=True) == 4
    assert collision_max(DEFENCE["Heavy Armour (Front)"], behind_car=True) == 1
    assert collision_max(DEFENCE["Heavy Armour (Front)"]) == 4
    assert wreckage_max(None) == 4 and wreckage_max(DEFENCE["Mine Sweepers"]) == 1
