"""Rolls owed after a move, one prompt each: the collision rolls (the mover for each car it
pulled beside, and each of them) and the redline roll."""

from __future__ import annotations

from rules.engine.events import Event, Prompt
from rules.engine.pieces import BLACK_DIE, name
from rules.formula_d.race.reasons import reason_words
from rules.formula_d.race.rolls import roll_owed
from rules.language import gettext as _
from rules.mini.damage import (
    COLLISION_DAMAGE,
    COLLISION_DAMAGE_MAX,
    ELIMINATION_DAMAGE,
    REDLINE_DAMAGE,
    REDLINE_ROLL_MAX,
    collision_damages,
    redline_damages,
)
from rules.mini.race.common import gear_name, hurt, label, mover
from rules.mini.race.flow import settle
from rules.mini.race.state import Check, RaceState


def check_prompts(state: RaceState) -> tuple[Prompt, ...]:
    return tuple(_prompt(state, check) for check in state.pending)


def first_check_prompt(state: RaceState) -> Prompt:
    return _prompt(state, state.pending[0])


def _prompt(state: RaceState, check: Check) -> Prompt:
    who = label(state, check.car)
    if check.kind == "collision_roll":
        moved = mover(state)
        beside = check.against if check.car == moved else check.car
        text = _(
            "{mover} pulled beside {beside}: collision roll, {car} rolls black (1-{most}: "
            "{damage} damage)"
        ).format(
            mover=name(moved),
            beside=name(beside),
            car=who,
            most=COLLISION_DAMAGE_MAX,
            damage=COLLISION_DAMAGE,
        )
    else:
        car = state.car(check.car)
        text = _(
            "{reason}: redline, {car} in {gear} rolls black (1-{most}: {damage} damage)"
        ).format(
            reason=reason_words(check),
            car=who,
            gear=gear_name(car.gear),
            most=REDLINE_ROLL_MAX,
            damage=REDLINE_DAMAGE,
        )
    return Prompt(check.kind, text, check.car, (BLACK_DIE,))


def on_collision_roll(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    state, check, value = roll_owed(state, event, prompt)
    if collision_damages(value):
        state = hurt(state, check.car, COLLISION_DAMAGE)
        moved = mover(state)
        # Eliminating a car via collision: automatic damage to the car that pulled beside it.
        if check.car != moved and not state.car(check.car).racing:
            state = hurt(state, moved, ELIMINATION_DAMAGE)
    return settle(state)


def on_redline_roll(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    state, check, value = roll_owed(state, event, prompt)
    if redline_damages(value):
        state = hurt(state, check.car, REDLINE_DAMAGE)
    return settle(state)
