"""The Attack Phase and damage, as small functions: who attacks in what order, at whom a weapon
may fire, the accuracy to roll, the damage through armour, the reload tokens, and the rolls that
damage a car (collision, wreckage) as its cards change them."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TypeVar

from rules.death.cards import DAMAGE_ROLL_MAX, Arc, Defence, Kind, Weapon

# The Spin Out: at 0 damage or fewer a car spins out; one more point destroys it.
SPUN_OUT_AT = 0
# Dropping Your Clutch: two points of damage for the extra space (Drop Clutch: one).
CLUTCH_DAMAGE = 2
DROP_CLUTCH_DAMAGE = 1
CLUTCH_SPACES = 1
# Slipstreaming: three spaces more, whatever gear the cars are in.
SLIPSTREAM_SPACES = 3
# Ram Spike: damage to the car in front instead of slipstreaming.
RAM_DAMAGE = 1
# Chain Blades: a damaged car loses an upgrade on 1-4.
CHAIN_BLADES_MAX = 4
# Frag Missiles on an empty space: -4 accuracy.
EMPTY_SPACE_PENALTY = 4
# Jammer: a missile targets you only on 1-10.
JAMMER = "Jammer"
JAMMER_MAX = 10
# Electrified Body, Jet Wash, Wheel Spikes: double the chance of collision damage.
DOUBLED = 2
# Chain Blades: the upgrade refitted in the pits for 4 damage.
REFIT_DAMAGE = 4


def attack_order(standing: Sequence[str], first: Sequence[str] = ()) -> tuple[str, ...]:
    """The Attack Phase's order: the opposite of the movement's (`standing`, the leader first),
    the car in last place attacking first; a Hair Trigger (`first`) attacks before everyone."""
    reverse = tuple(reversed(standing))
    return tuple(car for car in reverse if car in first) + tuple(
        car for car in reverse if car not in first
    )


def in_front(standing: Sequence[str], car: str, other: str) -> bool:
    """Whether `other` is in front of `car`: it would move before it in the movement phase."""
    return standing.index(other) < standing.index(car)


def may_fire_at(weapon: Weapon, target_in_front: bool) -> bool:
    """Unless the weapon says otherwise, only at targets in front."""
    if weapon.arc is Arc.BOTH:
        return True
    return target_in_front == (weapon.arc is Arc.FRONT)


def accuracy_against(weapon: Weapon, defence: Defence | None, *, empty_space: bool = False) -> int:
    """What the attacker must roll or less to hit: the weapon's accuracy, halved (rounded down)
    by a defence against its kind; Frag Missiles at an empty space -4."""
    accuracy = weapon.accuracy or 0
    if empty_space:
        accuracy -= EMPTY_SPACE_PENALTY
    if defence is not None and weapon.kind in defence.halves:
        accuracy //= 2
    return max(accuracy, 0)


def hits(weapon: Weapon, defence: Defence | None, roll: int) -> bool:
    return roll <= accuracy_against(weapon, defence)


def armour(defence: Defence | None, *, attacker_in_front: bool) -> int:
    """The armour facing the attacker: the front's against a car in front, the rear's against
    one behind."""
    if defence is None:
        return 0
    return defence.front if attacker_in_front else defence.rear


def damage_dealt(weapon: Weapon, defence: Defence | None, *, attacker_in_front: bool) -> int:
    """A hit's damage less the armour facing the attacker (never below 0); Anti-Tank Missiles
    ignore armour."""
    if weapon.ignores_armour:
        return weapon.damage
    return max(weapon.damage - armour(defence, attacker_in_front=attacker_in_front), 0)


def reload_after_firing(weapon: Weapon) -> int:
    """Tokens placed on the weapon once it has fired: its reload value."""
    return weapon.reload


Named = TypeVar("Named", bound=Hashable)  # a weapon, by its name or its place on the car


def spread_reloads(tokens: int, weapons: Sequence[Named]) -> dict[Named, int]:
    """Blobber: `tokens` spread over the target's weapons as evenly as possible, the extra ones
    to the weapons first named (the attacker's choice, given as the order of `weapons`)."""
    if not weapons:
        return {}
    each, extra = divmod(tokens, len(weapons))
    return {weapon: each + (1 if index < extra else 0) for index, weapon in enumerate(weapons)}


def screens(
    weapon: Weapon, defence: Defence | None, *, jammer: bool
) -> tuple[tuple[str, int], ...]:
    """The rolls the attacker must make, in turn, before attacking at all, each (the card, the
    most it may roll): a Jammer's 1-10 against a missile, then Bravado's 1-15 against any
    weapon."""
    rolls: list[tuple[str, int]] = []
    if jammer and weapon.kind is Kind.MISSILE:
        rolls.append((JAMMER, JAMMER_MAX))
    if defence is not None and defence.screen:
        rolls.append((defence.name, defence.screen))
    return tuple(rolls)


def clutch_damage(drop_clutch: bool) -> int:
    return DROP_CLUTCH_DAMAGE if drop_clutch else CLUTCH_DAMAGE


def collision_max(
    defence: Defence | None,
    *,
    behind_car: bool = False,
    doubled: bool = False,
) -> int:
    """The black die at or below which a collision roll costs a point of damage: 1-4, less
    with armour (the car directly in front's collision for Heavy Armour (Front)), doubled by
    an Electrified Body, Jet Wash or Wheel Spikes."""
    most = DAMAGE_ROLL_MAX
    if defence is not None:
        most = defence.front_collision_max if behind_car else defence.collision_max
    return most * DOUBLED if doubled else most


def wreckage_max(defence: Defence | None) -> int:
    """The black die at or below which a Wreckage Roll costs a point of damage."""
    return defence.wreckage_max if defence is not None else DAMAGE_ROLL_MAX


def damage_taken(left: int, points: int) -> tuple[int, bool, bool]:
    """A car with `left` damage takes `points`: (left after, spins out now, destroyed). Reduced
    to 0 or fewer it spins out; a car already at 0 is destroyed by even one more point."""
    if points <= 0:
        return left, False, False
    if left <= SPUN_OUT_AT:
        return SPUN_OUT_AT, False, True
    after = max(left - points, SPUN_OUT_AT)
    return after, after <= SPUN_OUT_AT, False
