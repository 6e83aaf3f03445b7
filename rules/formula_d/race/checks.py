"""Rolls owed after a move, one prompt each: road handling for each dangerous space crossed, the
collision roll, Motor Damage, and the pit stop roll."""

from __future__ import annotations

from dataclasses import replace

from rules.engine.events import Event, Prompt
from rules.engine.pieces import BLACK_DIE, with_car
from rules.formula_d import (
    COLLISION_MAX,
    MOTOR_DAMAGE_MAX,
    PIT_EXIT_GEAR,
    QUICK_STOP_MAX,
    ROAD_HANDLING_MAX,
    PitStop,
    Zone,
    collision_damages,
    motor_damages,
    pit_stop,
    road_handling_damages,
)
from rules.formula_d.race.common import gear_name, label, lose
from rules.formula_d.race.facts import marker_label
from rules.formula_d.race.flow import settle
from rules.formula_d.race.rolls import roll_owed, wear_roll
from rules.formula_d.race.state import Check, RaceState


def check_prompts(state: RaceState) -> tuple[Prompt, ...]:
    return tuple(_prompt(state, check) for check in state.pending)


def first_check_prompt(state: RaceState) -> Prompt:
    return _prompt(state, state.pending[0])


def _prompt(state: RaceState, check: Check) -> Prompt:
    who = label(state, check.car)
    car = state.car(check.car)
    if check.kind == "handling_roll":
        text = (
            f"{who} passed over the damage marker ({marker_label(state, check.marker)}): road "
            f"handling roll, roll black (1-{ROAD_HANDLING_MAX}: -1 road handling WP)"
        )
    elif check.kind == "collision_roll":
        text = f"{who} {check.reason}: collision roll, roll black ({COLLISION_MAX}: -1 car body WP)"
    elif check.kind == "motor_roll":
        text = (
            f"{check.reason}: Motor Damage, {who} in {gear_name(car.gear)} rolls black "
            f"(1-{MOTOR_DAMAGE_MAX}: -1 engine WP)"
        )
    else:
        text = (
            f"{who} is in the pits with its tire WP back ({car.sheet.tires}): pit stop roll, "
            f"roll black (1-{QUICK_STOP_MAX}: Quick Stop, leaves now in "
            f"{gear_name(PIT_EXIT_GEAR)} for half the roll rounded up; "
            f"{QUICK_STOP_MAX + 1}-20: Slow Stop, waits until next round)"
        )
    return Prompt(check.kind, text, check.car, (BLACK_DIE,))


on_handling_roll = wear_roll(road_handling_damages, Zone.ROAD_HANDLING, lose=lose, settle=settle)
on_collision_roll = wear_roll(collision_damages, Zone.BODY, lose=lose, settle=settle)
on_motor_roll = wear_roll(motor_damages, Zone.ENGINE, lose=lose, settle=settle)


def on_pit_roll(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    state, check, value = roll_owed(state, event, prompt)
    outcome = pit_stop(value)
    if outcome.stop is PitStop.QUICK:
        state = with_car(state, check.car, gear=PIT_EXIT_GEAR)
        return settle(replace(state, fixed_move=outcome.spaces))
    return settle(with_car(state, check.car, in_pits=True))
