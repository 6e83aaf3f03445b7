"""The race's log in words, as the table would say it ("Red's start: 20, a quick start", "Blue
moves 3 spaces in 2nd; Blue takes 1 damage (17 left)"), read from the states before and after
an event: each kind of event its own head, then what it did to the cars' pools and places."""

from __future__ import annotations

from collections.abc import Callable

from rules.dice import gear_die
from rules.engine.events import Event
from rules.engine.pieces import name, plural
from rules.mini.pit_stop import stop_for
from rules.mini.race.common import gear_name
from rules.mini.race.state import FINISHED, OUT, OUT_REASONS, RaceState
from rules.mini.start import START_TABLE


def describe(before: RaceState, event: Event, after: RaceState) -> str:
    """The event's head ("Red moves 3 spaces in 2nd"), then what changed: damage taken or
    regained, laps, cars out or home."""
    head = _HEADS.get(event.kind)
    changes = _changes(before, event, after)
    words = head(before, event, after) if head else ""
    if event.kind in _ROLLS and not changes:
        words += ", no damage"
    return "; ".join(part for part in (words, *changes) if part)


def _key(event: Event) -> str:
    return str(event.data.get("car", ""))


def _value(event: Event) -> str:
    return str(event.data.get("value", ""))


def _changes(before: RaceState, event: Event, after: RaceState) -> list[str]:
    parts: list[str] = []
    for old in before.cars:
        new = after.car(old.car)
        who = name(old.car)
        if new.life < old.life and new.status != OUT:
            parts.append(f"{who} takes {old.life - new.life} damage ({new.life} left)")
        if new.life > old.life:
            parts.append(f"{who} regains {plural(new.life - old.life, 'point')} ({new.life})")
        if event.kind == "pit_roll" and new.life == old.life and event.data.get("car") == old.car:
            parts.append(f"{who} regains nothing: the roll is more than its damage")
        if new.spun and not old.spun:
            parts.append(f"{who} spins out: life set to 0, 1st gear next turn")
        if new.laps > old.laps and new.status != FINISHED:
            parts.append(
                f"{who} completes lap {new.laps}" + (" in the pits" if new.in_pits else "")
            )
        if new.status != old.status:
            if new.status == OUT:
                parts.append(f"{who} is {OUT_REASONS.get(new.out_reason or '', 'out')}")
            else:
                parts.append(f"{who} crosses the line and finishes")
    return parts


def _grid_words(before: RaceState, after: RaceState) -> str:
    if after.grid and not before.grid:
        return "; the grid: " + ", ".join(name(key) for key in after.grid)
    return ""


def _tie_roll(before: RaceState, event: Event, after: RaceState) -> str:
    return f"{name(_key(event))} rolls {_value(event)} for the forward place"


def _grid(before: RaceState, event: Event, after: RaceState) -> str:
    return "The grid: " + ", ".join(name(key) for key in after.grid)


def _start(before: RaceState, event: Event, after: RaceState) -> str:
    value = int(event.data["value"])
    start = next(start for low, high, start in START_TABLE if low <= value <= high)
    key = _key(event)
    was, now = before.car(key), after.car(key)
    moved = now.spaces - was.spaces
    outcome = f"{start.value}" + (
        f", {plural(moved, 'space')} in {gear_name(now.gear)}"
        if moved
        else f", in {gear_name(now.gear)}"
    )
    return f"{name(key)}'s start: {value}, {outcome}"


def _order(before: RaceState, event: Event, after: RaceState) -> str:
    return f"Round {after.round} order: " + ", ".join(name(key) for key in after.order)


def _gear(before: RaceState, event: Event, after: RaceState) -> str:
    key = _key(event)
    if after.car(key).gear == before.car(key).gear:
        return f"{name(key)} stays in {gear_name(after.car(key).gear)}"
    return f"{name(key)} into {gear_name(after.car(key).gear)}"


def _move(before: RaceState, event: Event, after: RaceState) -> str:
    key = _key(event)
    was, now = before.car(key), after.car(key)
    text = f"{name(key)} moves {plural(now.spaces - was.spaces, 'space')} in {gear_name(now.gear)}"
    if now.in_pits and not was.in_pits:
        text += ", into its pit"
    return text


def _roll(what: str) -> Callable[[RaceState, Event, RaceState], str]:
    def words(before: RaceState, event: Event, after: RaceState) -> str:
        return f"{name(_key(event))}'s {what} roll: {_value(event)}"

    return words


def _pit_stop(before: RaceState, event: Event, after: RaceState) -> str:
    key = _key(event)
    car = after.car(key)
    if not car.in_pits:
        return f"{name(key)} leaves its pit"
    stop = stop_for(car.pit_die)
    return f"{name(key)}: {stop}, rolls {gear_die(car.pit_die).value} for health"


_HEADS: dict[str, Callable[[RaceState, Event, RaceState], str]] = {
    "tie_roll": lambda before, event, after: (
        _tie_roll(before, event, after) + _grid_words(before, after)
    ),
    "grid": _grid,
    "start_roll": _start,
    "order": _order,
    "gear": _gear,
    "upshift_roll": _roll("upshift"),
    "move": _move,
    "collision_roll": _roll("collision"),
    "redline_roll": _roll("redline"),
    "pit_stop": _pit_stop,
    "pit_roll": _roll("pit"),
}
# A check's roll that changed nothing says so, as RBB's do.
_ROLLS = frozenset({"upshift_roll", "collision_roll", "redline_roll"})
