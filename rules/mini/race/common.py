"""Small helpers Mini's hooks share: taking damage from the pool, and Formula D's ways of naming
cars and gears (imported: the words are the same)."""

from __future__ import annotations

from rules.engine.pieces import names, ordinal, with_car
from rules.formula_d.race.common import event_number, gear_name, label
from rules.mini.car import take_damage
from rules.mini.race.state import OUT, RaceState

__all__ = ["event_number", "gear_name", "hurt", "label", "mover", "names", "ordinal", "out"]


def mover(state: RaceState) -> str:
    return state.order[state.turn]


def out(state: RaceState, key: str, reason: str) -> RaceState:
    return with_car(state, key, status=OUT, out_reason=reason, out_at=event_number(state))


def hurt(state: RaceState, key: str, points: int, *, overshooting: bool = False) -> RaceState:
    """`key` takes `points` damage from its pool; below 0 it is out (a spin-out at -1 when
    overshooting)."""
    car = state.car(key)
    if not points or not car.racing:
        return state
    damage = take_damage(car.life, points, overshooting=overshooting)
    state = with_car(state, key, life=damage.life, spun=car.spun or damage.spun)
    if damage.eliminated:
        return out(state, key, "mini_pool")
    return state
