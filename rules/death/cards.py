"""The cards of Formula... Death!, as printed: 27 weapons, 21 defence cards of 8 kinds and 16
utility upgrades, each with its numbers and what its special text does that the engine counts.

A weapon's row reads as its card: accuracy, damage, range, reload (None where the card prints
"-"), then whether it is Powerful and where it may fire. The special text is kept in words for
the dashboard and the prompts; the flags beside it are what the race reads (docs/rulings.md,
"Formula... Death!").
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

# Each car has four slots: two weapon, a defence and a utility. A Powerful card also takes
# another slot of any kind.
WEAPON_SLOTS = 2
DEFENCE_SLOTS = 1
UTILITY_SLOTS = 1
SLOTS = WEAPON_SLOTS + DEFENCE_SLOTS + UTILITY_SLOTS
POWERFUL_SLOTS = 2

# All weapons begin the game with one reload token on them (the turbolasers with two).
STARTING_RELOAD = 1


class Arc(Enum):
    """Where a weapon may fire: at cars in front (that move before it), behind, or either."""

    FRONT = "front"
    REAR = "rear"
    BOTH = "both"


class Kind(Enum):
    """What the defences and utilities name a weapon by: missiles (Jammer, Chaff), lasers
    (Chaff), mines (Mine Sweepers); other weapons are "gun"."""

    MISSILE = "missile"
    LASER = "laser"
    MINE = "mine"
    GUN = "gun"


@dataclass(frozen=True)
class Weapon:
    name: str
    accuracy: int | None  # roll this or less on the black die to hit; None: "-", never rolled
    damage: int
    range: int | None  # spaces, counted from a space next to the attacker; None: "-"
    reload: int  # tokens placed on it after it fires
    kind: Kind = Kind.GUN
    arc: Arc = Arc.FRONT
    powerful: bool = False
    starting_reload: int = STARTING_RELOAD
    ignores_armour: bool = False
    also_hits: bool = False  # hits more cars than its target (turbolasers, frag, haywire charge)
    gears_down: int = 0  # a "damaged" car goes down this many gears (haywire)
    reload_hit: int = 0  # reload tokens added to the target's weapons (blobber)
    pulls: int = 0  # spaces the target is moved towards the attacker (mag gun)
    strips_upgrade: bool = False  # chain blades: a 1-4 takes a utility or defence
    wrecks: int = 0  # maximum damage taken off the target (wrecker ball)
    no_sight: bool = False  # no line of sight needed (heat-seeking; a remote mine is not aimed)
    over_cars: bool = False  # intervening cars do not block its sight (grenade launcher)
    empty_space: bool = False  # may be fired at an empty space, less accuracy (frag)
    mines: int = 0  # markers placed on the weapon: mines it can drop (limpet, slip)
    at_movement: bool = False  # dropped at the end of a move, not fired in the Attack Phase
    remote: bool = False  # placed as an attack; explodes later where the board says
    special: str = "None"

    @property
    def fires_in_attack_phase(self) -> bool:
        return not self.at_movement


# The weapons, as the cards print them (name, accuracy, damage, range, reload; the special).
# fmt: off
WEAPONS: tuple[Weapon, ...] = (
    Weapon("Acid Jets", 8, 4, 2, 1),
    Weapon(
        "Anti-Tank Missiles", 10, 2, 20, 2, Kind.MISSILE, ignores_armour=True,
        special="Ignores armour",
    ),
    Weapon(
        "Blobber", 10, 0, 10, 1, reload_hit=3,
        special='Every time this weapon "damages" a target, add 3 reload tokens to the '
        "weapon(s) on the target, as evenly as possible, the attacker choosing where extra "
        "tokens go.",
    ),
    Weapon(
        "Chain Blades", 8, 3, 1, 0, arc=Arc.BOTH, strips_upgrade=True,
        special="Fires in front or behind. A car damaged by it loses a utility or defence "
        "upgrade (its choice) on a 1-4; refitted in the pits for 4 damage. Powerful upgrades "
        "are immune.",
    ),
    Weapon("Flamer", 16, 1, 2, 0),
    Weapon("Forward Laser", 10, 2, 10, 1, Kind.LASER),
    Weapon("Forward MG", 8, 1, 12, 0),
    Weapon(
        "Forward Turbolaser", 8, 2, 6, 2, Kind.LASER, starting_reload=2, also_hits=True,
        special="Hits every car within range in the same lane as your car, regardless of "
        "corners. Begins the game with 2 reload tokens.",
    ),
    Weapon(
        "Frag Missiles", 10, 1, 20, 2, Kind.MISSILE, also_hits=True, empty_space=True,
        special="Also affects any car adjacent to your target car. May be fired on an empty "
        "space at -4 accuracy.",
    ),
    Weapon(
        "Grenade Launcher", 8, 2, 20, 2, over_cars=True,
        special="May ignore intervening cars when choosing its target. Not a missile (a Jammer "
        "does not stop it).",
    ),
    Weapon(
        "Haywire Charge", 6, 0, 1, 4, arc=Arc.BOTH, also_hits=True, gears_down=2,
        special='Affects all adjacent cars, behind and in front. "Damaged" cars go down two '
        "gears; to 0 or below, they Spin Out.",
    ),
    Weapon(
        "Haywire Missiles", 10, 0, 20, 4, Kind.MISSILE, gears_down=2,
        special='"Damaged" target goes down two gears; to 0 or below, it Spins Out.',
    ),
    Weapon(
        "Heat-Seeking Missiles", 10, 2, 20, 2, Kind.MISSILE, no_sight=True,
        special='No line of sight needed; may ignore single-stop corners (marked "1").',
    ),
    Weapon("Laser-Guided Missiles", 15, 2, 20, 2, Kind.MISSILE),
    Weapon(
        "Limpet Mines", None, 1, None, 0, Kind.MINE, mines=10, at_movement=True,
        special="Ten wreckage markers on it: at the end of each movement, you may drop one on "
        "your space; it is wreckage.",
    ),
    Weapon("Long-Range Missiles", 10, 2, 100, 2, Kind.MISSILE),
    Weapon(
        "Mag Gun", 12, 0, 10, 1, pulls=2,
        special='A "damaged" target is moved two spaces towards you (into your lane, then back); '
        "if it is then adjacent to a car, both roll for collision.",
    ),
    Weapon("Megaton Missiles", 10, 4, 20, 2, Kind.MISSILE),
    Weapon(
        "Missile Turret", 10, 2, 10, 2, Kind.MISSILE, arc=Arc.BOTH,
        special="Fires in front or behind.",
    ),
    Weapon("Rear Laser", 10, 2, 5, 1, Kind.LASER, arc=Arc.REAR, special="Fires only behind."),
    Weapon("Rear MG", 8, 1, 6, 0, arc=Arc.REAR, special="Fires only behind."),
    Weapon(
        "Rear Turbolaser", 8, 2, 3, 2, Kind.LASER, arc=Arc.REAR, starting_reload=2,
        also_hits=True,
        special="Hits every car behind you within range in your lane, regardless of corners. "
        "Begins the game with 2 reload tokens.",
    ),
    Weapon(
        "Remote Mines", 14, 3, None, 4, Kind.MINE, arc=Arc.BOTH, no_sight=True, remote=True,
        special="Places a remote mine in front of your car; each following Attack Phase the "
        "purple die moves it; it explodes on entering a car's space or a car moving through "
        "it. One on the track at a time.",
    ),
    Weapon(
        "Slip Mines", None, 0, None, 0, Kind.MINE, mines=5,
        special="Five markers: as an attack, drop one on your space. A car passing through ends "
        "its move and goes down two gears. Replenished in the pits.",
    ),
    Weapon(
        "Turret Laser", 10, 2, 5, 1, Kind.LASER, arc=Arc.BOTH, powerful=True,
        special="Powerful. Fires in front or behind.",
    ),
    Weapon(
        "Turret MG", 8, 1, 6, 0, arc=Arc.BOTH, powerful=True,
        special="Powerful. Fires in front or behind.",
    ),
    Weapon(
        "Wrecker Ball", 8, 3, 2, 0, arc=Arc.BOTH, powerful=True, wrecks=1,
        special="Powerful. Fires in front or behind. A car damaged by it has its maximum damage "
        "reduced by 1.",
    ),
)
# fmt: on


# The most the black die may show for a collision or wreckage roll to cost a point of damage,
# without a card that changes it ("usually 1-4").
DAMAGE_ROLL_MAX = 4


@dataclass(frozen=True)
class Defence:
    name: str
    front: int  # armour against attacks from in front
    rear: int  # armour against attacks from behind
    copies: int  # cards of it in the deck
    powerful: bool = False
    screen: int = 0  # an attacker must roll this or less to attack you at all (Bravado)
    halves: tuple[Kind, ...] = ()  # these weapons' accuracy halved (round down) against you
    collision_max: int = DAMAGE_ROLL_MAX  # collision rolls cost a point on this or less
    front_collision_max: int = DAMAGE_ROLL_MAX  # ... caused by the car directly in front
    rear_collision_max: int = DAMAGE_ROLL_MAX  # ... caused by the car directly behind
    wreckage_max: int = DAMAGE_ROLL_MAX  # wreckage rolls cost a point on this or less
    heals: int = 0  # each corner entered, roll this or less to heal a point (nanobots)
    special: str = ""


# fmt: off
DEFENCES: tuple[Defence, ...] = (
    Defence(
        "Bravado", 0, 0, 3, screen=15,
        special="No defences: attackers must roll 1-15 to attack you; failing, they may choose "
        "another target or roll again with another weapon.",
    ),
    Defence(
        "Chaff Release", 0, 0, 2, halves=(Kind.MISSILE, Kind.LASER),
        special="Missiles and lasers (turbolasers too) have their accuracy halved against you "
        "(round down).",
    ),
    Defence(
        "Light Armour", 1, 1, 4, collision_max=2, front_collision_max=2, rear_collision_max=2,
        wreckage_max=2,
        special="Collision and Wreckage Rolls only damage you on 1 or 2.",
    ),
    Defence(
        "Heavy Armour (Front)", 2, 0, 2, front_collision_max=1, wreckage_max=1,
        special="Wreckage Rolls, and Collision rolls caused by the car directly in front, only "
        "damage you on 1.",
    ),
    Defence(
        "Heavy Armour (Rear)", 0, 2, 2, rear_collision_max=1,
        special="Collision rolls caused by the car directly behind only damage you on 1.",
    ),
    Defence(
        "Mine Sweepers", 1, 0, 2, halves=(Kind.MINE,), wreckage_max=1,
        special="Mines targeting you have their accuracy halved. Wreckage Rolls only damage "
        "you on 1.",
    ),
    Defence(
        "Heavy Armour", 2, 2, 4, powerful=True, collision_max=1, front_collision_max=1,
        rear_collision_max=1, wreckage_max=1,
        special="Powerful. Collision and Wreckage Rolls only damage you on 1.",
    ),
    Defence(
        "Nanobot Repair Systems", 0, 0, 2, heals=8,
        special="Each time you enter a corner, roll 1-8 to heal a point of damage.",
    ),
)
# fmt: on


@dataclass(frozen=True)
class Utility:
    name: str
    special: str
    per_lap: bool = False  # once per lap
    tokens: int = 0  # tokens placed on it, replenished in the pits


# fmt: off
UTILITIES: tuple[Utility, ...] = (
    Utility("Drop Clutch", "Only one damage for Dropping Your Clutch before a corner."),
    Utility(
        "Electrified Body",
        "Cars ending their move adjacent to you have double the chance of collision damage "
        "(1-8).",
    ),
    Utility(
        "Grip Tyres",
        "Three tokens: one per illegal space to ignore the lane-change rules; replenished in "
        "the pits. Corner arrows still apply.",
        tokens=3,
    ),
    Utility("Hair Trigger", "You always attack first in the Attack Phase."),
    Utility(
        "Jammer",
        "Missiles may only target you if the attacker rolls 1-10; failing, another target. "
        "One missile jammed per Attack Phase.",
    ),
    Utility(
        "Jet Wash",
        "Cars cannot use you to Slipstream; a car ending directly behind you doubles its "
        "chance of collision damage (1-8).",
    ),
    Utility(
        "Mag Plates",
        "Four tokens: once per movement phase, pay one to move into a space next to yours a car "
        "leaves; replenished in the pits.",
        tokens=4,
    ),
    Utility(
        "Nitros",
        "Once per lap, add spaces equal to your gear to your move.",
        per_lap=True,
    ),
    Utility(
        "Oil Spray",
        "Once per lap, a car moving through the space behind yours ends its move, with a "
        "collision roll for each space it should have moved.",
        per_lap=True,
    ),
    Utility(
        "Pneumatic Ramp",
        "Once per lap, for a movement phase, move through enemy cars; ending on one: 2 damage, "
        "it rolls for collision, you move to a free space next to it.",
        per_lap=True,
    ),
    Utility(
        "Ram Spike",
        "Ending your move directly behind a car, cause it 1 damage instead of Slipstreaming; "
        "both still roll for collision.",
    ),
    Utility(
        "Swerve Tyres",
        "Two tokens: one per corner arrow ignored; replenished in the pits.",
        tokens=2,
    ),
    Utility(
        "Targeting Computer",
        "Once per lap, reroll a missed attack with one of your weapons.",
        per_lap=True,
    ),
    Utility("Turbo", "Once per lap, move up two gears instead of one.", per_lap=True),
    Utility(
        "Turn Table",
        "If you spin out, pull away in second gear (not first).",
    ),
    Utility(
        "Wheel Spikes",
        "Enemy cars have double the chance of collision damage (1-8), except cars directly in "
        "front of or behind you.",
    ),
)
# fmt: on

WEAPON = {weapon.name: weapon for weapon in WEAPONS}
DEFENCE = {defence.name: defence for defence in DEFENCES}
UTILITY = {utility.name: utility for utility in UTILITIES}
