"""The cards of Formula... Death!, row by row against the printed list."""

from __future__ import annotations

import pytest

from rules.death import DECK, DEFENCE, DEFENCES, UTILITIES, UTILITY, WEAPON, WEAPONS, Arc, Kind

# Name: accuracy, damage, range, reload as printed ("-" is None).
PRINTED_WEAPONS = {
    "Acid Jets": (8, 4, 2, 1),
    "Anti-Tank Missiles": (10, 2, 20, 2),
    "Blobber": (10, 0, 10, 1),
    "Chain Blades": (8, 3, 1, 0),
    "Flamer": (16, 1, 2, 0),
    "Forward Laser": (10, 2, 10, 1),
    "Forward MG": (8, 1, 12, 0),
    "Forward Turbolaser": (8, 2, 6, 2),
    "Frag Missiles": (10, 1, 20, 2),
    "Grenade Launcher": (8, 2, 20, 2),
    "Haywire Charge": (6, 0, 1, 4),
    "Haywire Missiles": (10, 0, 20, 4),
    "Heat-Seeking Missiles": (10, 2, 20, 2),
    "Laser-Guided Missiles": (15, 2, 20, 2),
    "Limpet Mines": (None, 1, None, 0),
    "Long-Range Missiles": (10, 2, 100, 2),
    "Mag Gun": (12, 0, 10, 1),
    "Megaton Missiles": (10, 4, 20, 2),
    "Missile Turret": (10, 2, 10, 2),
    "Rear Laser": (10, 2, 5, 1),
    "Rear MG": (8, 1, 6, 0),
    "Rear Turbolaser": (8, 2, 3, 2),
    "Remote Mines": (14, 3, None, 4),
    "Slip Mines": (None, 0, None, 0),
    "Turret Laser": (10, 2, 5, 1),
    "Turret MG": (8, 1, 6, 0),
    "Wrecker Ball": (8, 3, 2, 0),
}

# Name: front, rear, copies, Powerful.
PRINTED_DEFENCES = {
    "Bravado": (0, 0, 3, False),
    "Chaff Release": (0, 0, 2, False),
    "Light Armour": (1, 1, 4, False),
    "Heavy Armour (Front)": (2, 0, 2, False),
    "Heavy Armour (Rear)": (0, 2, 2, False),
    "Mine Sweepers": (1, 0, 2, False),
    "Heavy Armour": (2, 2, 4, True),
    "Nanobot Repair Systems": (0, 0, 2, False),
}

PRINTED_UTILITIES = (
    "Drop Clutch",
    "Electrified Body",
    "Grip Tyres",
    "Hair Trigger",
    "Jammer",
    "Jet Wash",
    "Mag Plates",
    "Nitros",
    "Oil Spray",
    "Pneumatic Ramp",
    "Ram Spike",
    "Swerve Tyres",
    "Targeting Computer",
    "Turbo",
    "Turn Table",
    "Wheel Spikes",
)


def test_the_deck_holds_27_weapons_21_defences_of_8_kinds_and_16_utilities():
    assert len(WEAPONS) == 27 and [w.name for w in WEAPONS] == list(PRINTED_WEAPONS)
    assert len(DEFENCES) == 8 and sum(d.copies for d in DEFENCES) == 21
    assert [u.name for u in UTILITIES] == list(PRINTED_UTILITIES)
    assert sum(DECK.values()) == 27 + 21 + 16


@pytest.mark.parametrize(("card", "printed"), PRINTED_WEAPONS.items())
def test_each_weapon_reads_as_its_card(card, printed):
    weapon = WEAPON[card]
    assert (weapon.accuracy, weapon.damage, weapon.range, weapon.reload) == printed


@pytest.mark.parametrize(("card", "printed"), PRINTED_DEFENCES.items())
def test_each_defence_reads_as_its_card(card, printed):
    defence = DEFENCE[card]
    assert (defence.front, defence.rear, defence.copies, defence.powerful) == printed


def test_powerful_weapons_are_the_turrets_and_the_wrecker_ball():
    assert {w.name for w in WEAPONS if w.powerful} == {"Turret Laser", "Turret MG", "Wrecker Ball"}
    assert not any(u for u in UTILITIES if getattr(u, "powerful", False))  # none are


def test_where_each_weapon_fires():
    both = {w.name for w in WEAPONS if w.arc is Arc.BOTH}
    rear = {w.name for w in WEAPONS if w.arc is Arc.REAR}
    assert both == {
        "Chain Blades", "Haywire Charge", "Missile Turret", "Turret Laser", "Turret MG",
        "Wrecker Ball",
        "Remote Mines",  # a ruling: the mine explodes on a car in front or behind
    }  # fmt: skip
    assert rear == {"Rear Laser", "Rear MG", "Rear Turbolaser"}


def test_missiles_lasers_and_mines_as_the_defences_name_them():
    missiles = {w.name for w in WEAPONS if w.kind is Kind.MISSILE}
    assert "Grenade Launcher" not in missiles  # "does not count as a missile"
    assert {"Anti-Tank Missiles", "Missile Turret", "Laser-Guided Missiles"} <= missiles
    lasers = {w.name for w in WEAPONS if w.kind is Kind.LASER}
    assert lasers == {
        "Forward Laser", "Forward Turbolaser", "Rear Laser", "Rear Turbolaser", "Turret Laser",
    }  # fmt: skip
    assert {w.name for w in WEAPONS if w.kind is Kind.MINE} == {
        "Limpet Mines", "Remote Mines", "Slip Mines",
    }  # fmt: skip


def test_starting_reload_tokens_one_and_two_on_the_turbolasers():
    assert {w.name for w in WEAPONS if w.starting_reload == 2} == {
        "Forward Turbolaser",
        "Rear Turbolaser",
    }
    assert all(w.starting_reload == 1 for w in WEAPONS if "Turbolaser" not in w.name)


def test_specials_the_race_reads():
    assert WEAPON["Anti-Tank Missiles"].ignores_armour
    assert WEAPON["Blobber"].reload_hit == 3
    assert WEAPON["Haywire Charge"].gears_down == WEAPON["Haywire Missiles"].gears_down == 2
    assert WEAPON["Mag Gun"].pulls == 2 and WEAPON["Wrecker Ball"].wrecks == 1
    assert WEAPON["Heat-Seeking Missiles"].no_sight
    assert (WEAPON["Limpet Mines"].mines, WEAPON["Slip Mines"].mines) == (10, 5)
    assert DEFENCE["Bravado"].screen == 15
    assert DEFENCE["Chaff Release"].halves == (Kind.MISSILE, Kind.LASER)
    assert DEFENCE["Nanobot Repair Systems"].heals == 8
    assert (UTILITY["Grip Tyres"].tokens, UTILITY["Mag Plates"].tokens) == (3, 4)
    assert UTILITY["Swerve Tyres"].tokens == 2


@pytest.mark.parametrize(
    ("card", "collision", "wreckage"),
    [
        ("Bravado", 4, 4),
        ("Chaff Release", 4, 4),
        ("Light Armour", 2, 2),
        ("Heavy Armour (Front)", 4, 1),
        ("Heavy Armour (Rear)", 4, 4),
        ("Mine Sweepers", 4, 1),
        ("Heavy Armour", 1, 1),
        ("Nanobot Repair Systems", 4, 4),
    ],
)
def test_each_defence_s_collision_and_wreckage_rolls(card, collision, wreckage):
    assert (DEFENCE[card].collision_max, DEFENCE[card].wreckage_max) == (collision, wreckage)


def test_the_heavy_armours_by_the_car_directly_in_front_or_behind():
    assert DEFENCE["Heavy Armour (Front)"].front_collision_max == 1
    assert DEFENCE["Heavy Armour (Rear)"].rear_collision_max == 1
