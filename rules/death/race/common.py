"""What the Death hooks share: a car's cards, damage (spinning out, destroyed, the wreckage it
leaves), and putting the race back on its feet after an event changed a car out of turn."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.death.attacks import damage_taken
from rules.death.cards import DEFENCE, UTILITY, WEAPON, Defence, Utility, Weapon
from rules.death.race.state import Armoury, DeathState
from rules.engine.pieces import racing, with_car
from rules.formula_d.corners import SPIN_GEAR
from rules.formula_d.race.common import eliminate, place_marker
from rules.formula_d.race.flow import begin_turn


def with_arms(state: DeathState, key: str, **changes: Any) -> DeathState:
    armoury = tuple(replace(arms, **changes) if arms.car == key else arms for arms in state.armoury)
    return replace(state, armoury=armoury)


def defence(state: DeathState, key: str) -> Defence | None:
    return DEFENCE.get(state.arms(key).defence)


def utility(state: DeathState, key: str) -> Utility | None:
    return UTILITY.get(state.arms(key).utility)


def has(state: DeathState, key: str, card: str) -> bool:
    arms = state.arms(key)
    return card in (arms.defence, arms.utility, *arms.weapons)


def weapon(state: DeathState, key: str, index: int) -> Weapon:
    return WEAPON[state.arms(key).weapons[index]]


def once_a_lap_left(state: DeathState, key: str, card: str) -> bool:
    """Whether `key` carries `card` and has not used it on this lap."""
    return has(state, key, card) and state.arms(key).lap_used != state.car(key).laps + 1


def use_once_a_lap(state: DeathState, key: str) -> DeathState:
    return with_arms(state, key, lap_used=state.car(key).laps + 1)


def take_damage(state: DeathState, key: str, points: int) -> DeathState:
    """`key` takes `points` of damage: a wreckage marker where it stands; at 0 it spins out
    (backwards, moves off in 1st), and a car already at 0 is destroyed."""
    car = state.car(key)
    if points <= 0 or not car.racing:
        return state
    arms = state.arms(key)
    left, spins, destroyed = damage_taken(arms.damage, points)
    state = place_marker(with_arms(state, key, damage=left), key)
    if destroyed:
        return eliminate(state, key, "destroyed")
    if spins:
        return spin_out(state, key)
    return state


def spin_out(state: DeathState, key: str) -> DeathState:
    """Spinning Out: the car is placed backwards and moves off again in 1st gear."""
    return with_car(state, key, spun=True)


def gears_down(state: DeathState, key: str, gears: int) -> DeathState:
    """`key` goes `gears` down (a Haywire hit, a slip mine): to 0 or below it spins out, its gear
    left at 1st so that its next turn asks the gear (1st, or 2nd with a Turn Table) rather than
    reading gear 0 as a Poor Start."""
    gear = state.car(key).gear - gears
    if gear >= SPIN_GEAR:
        return with_car(state, key, gear=gear)
    return spin_out(with_car(state, key, gear=SPIN_GEAR), key)


def heal(state: DeathState, key: str, points: int) -> DeathState:
    arms = state.arms(key)
    return with_arms(state, key, damage=min(arms.damage + points, arms.most))


def steady(state: DeathState) -> DeathState:
    """After damage dealt out of a car's turn: a race with no car racing is over, and a turn
    owed to a car no longer racing passes to the next."""
    if not racing(state):
        return replace(state, phase="finished", order=(), turn=0, pending=(), attackers=())
    turn_owed = state.phase in ("gear", "move", "start") and state.order
    if turn_owed and not state.car(state.order[state.turn]).racing:
        return begin_turn(state)
    return state


def fresh_armoury(key: str, weapons: tuple[str, ...], damage: int) -> Armoury:
    return Armoury(
        car=key,
        weapons=weapons,
        reloads=tuple(WEAPON[name].starting_reload for name in weapons),
        mines=tuple(WEAPON[name].mines for name in weapons),
        damage=damage,
        most=damage,
    )
