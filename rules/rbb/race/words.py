"""The race's log in words: what an event did, as the table would say it ("Red's start: 20, a
fantastic start", "Blue enters the pits: lap 1 done, tyres back, in 4th"), read from the states
before and after it."""

from __future__ import annotations

from collections.abc import Callable

from rules.engine.events import Event
from rules.engine.pieces import name, plural
from rules.formula_d import Zone
from rules.formula_d.race import doubts
from rules.rbb import FANTASTIC_START_ROLL, PIT_EXIT_GEAR, QUICK_STOP_MAX, RBB_NAMES, STALL_ROLL
from rules.rbb.race.checks import QUICK_CHOICE, pit_stop_choices, repair_words
from rules.rbb.race.common import gear_name
from rules.rbb.race.state import FINISHED, OUT, OUT_REASONS, RaceState
from rules.rbb.race.weather import WEATHER_ROLL, weather_words


def describe(before: RaceState, event: Event, after: RaceState) -> str:
    words = _WORDS.get(event.kind)
    return words(before, event, after) if words else ""


def _key(event: Event) -> str:
    return str(event.data.get("car", ""))


def _losses(before: RaceState, after: RaceState) -> str:
    """What every car lost or got back with this event, and who went out."""
    parts = []
    for was, now in zip(before.cars, after.cars, strict=True):
        changes = [
            f"{now.sheet[zone] - was.sheet[zone]:+d} {RBB_NAMES[zone].lower()} WP"
            for zone in Zone
            if now.sheet[zone] != was.sheet[zone]
        ]
        if now.status == OUT and was.status != OUT:
            changes.append(OUT_REASONS.get(now.out_reason or "", "out"))
        if changes:
            parts.append(f"{name(now.car)} " + ", ".join(changes))
    return "; ".join(parts)


def _grid_words(before: RaceState, after: RaceState) -> str:
    if after.grid and not before.grid:
        return "; the grid: " + ", ".join(name(key) for key in after.grid)
    return ""


def _grid_roll(before: RaceState, event: Event, after: RaceState) -> str:
    return f"{name(_key(event))} rolls {event.data['value']} for the grid" + _grid_words(
        before, after
    )


def _grid(before: RaceState, event: Event, after: RaceState) -> str:
    return "The grid: " + ", ".join(name(key) for key in after.grid)


def _start(before: RaceState, event: Event, after: RaceState) -> str:
    value = int(event.data["value"])
    if value == STALL_ROLL:
        outcome = "a stall: misses its turn"
    elif value == FANTASTIC_START_ROLL:
        outcome = "a fantastic start: 4 spaces in 1st"
    else:
        outcome = "a normal start in 1st"
    return f"{name(_key(event))}'s start: {value}, {outcome}"


def _order(before: RaceState, event: Event, after: RaceState) -> str:
    return f"Round {after.round} order: " + ", ".join(name(key) for key in after.order)


def _gear(before: RaceState, event: Event, after: RaceState) -> str:
    key = _key(event)
    lost = _losses(before, after)
    return f"{name(key)} into {gear_name(after.car(key).gear)}" + (f": {lost}" if lost else "")


def _move(before: RaceState, event: Event, after: RaceState) -> str:
    key = _key(event)
    was, now = before.car(key), after.car(key)
    text = f"{name(key)} moves {plural(now.spaces - was.spaces, 'space')} in {gear_name(now.gear)}"
    if event.data.get("slipstream"):
        text += ", slipstreaming"
    if now.pits > was.pits:
        text += ": enters the pits, lap 1 done, all tyre WP back"
    if now.spun and not was.spun:
        text += ", spins: starts again in 1st"
    if now.status == FINISHED and was.status != FINISHED:
        text += ", crosses the line"
    lost = _losses(before, after)
    return text + (f"; {lost}" if lost else "")


def _roll(what: str) -> Callable[[RaceState, Event, RaceState], str]:
    def words(before: RaceState, event: Event, after: RaceState) -> str:
        lost = _losses(before, after)
        return f"{name(_key(event))}'s {what} roll: {event.data['value']}, " + (lost or "no damage")

    return words


def _pit_stop(before: RaceState, event: Event, after: RaceState) -> str:
    key = _key(event)
    if event.data.get("stop") == QUICK_CHOICE:
        return f"{name(key)}: Quick Pit Stop, rolls black next turn"
    zones = pit_stop_choices(before, key).get(str(event.data.get("stop")), ())
    return f"{name(key)}: Technical Pit Stop, {repair_words(zones or ())}, waits a turn"


def _pit_roll(before: RaceState, event: Event, after: RaceState) -> str:
    key, value = _key(event), int(event.data["value"])
    if value <= QUICK_STOP_MAX:
        return (
            f"{name(key)}'s pit roll: {value}, leaves in {gear_name(PIT_EXIT_GEAR)} for "
            f"{plural(after.fixed_move, 'space')}"
        )
    return f"{name(key)}'s pit roll: {value}, waits: leaves next turn in {gear_name(PIT_EXIT_GEAR)}"


_WORDS: dict[str, Callable[[RaceState, Event, RaceState], str]] = {
    "grid_roll": _grid_roll,
    "tie_roll": _grid_roll,
    "grid": _grid,
    "start_roll": _start,
    "order": _order,
    "gear": _gear,
    "move": _move,
    "handling_roll": _roll("handling"),
    "body_roll": _roll("body"),
    "engine_roll": _roll("engine"),
    "pit_stop": _pit_stop,
    "pit_roll": _pit_roll,
    WEATHER_ROLL: weather_words,
    doubts.CONFIRM: lambda before, _event, _after: doubts.confirmed_words(before.pending[0]),
}
