"""The race's log in words: what an event did, as the table would say it ("Red's start: 20, a
fantastic start", "Blue enters the pits: lap 1 done, tyres back, in 4th"), read from the states
before and after it."""

from __future__ import annotations

from collections.abc import Callable

from rules.engine.events import Event
from rules.engine.pieces import name, plural
from rules.formula_d import Zone
from rules.formula_d.race import doubts
from rules.language import gettext as _
from rules.language import gettext_noop as N_
from rules.rbb import FANTASTIC_START_ROLL, PIT_EXIT_GEAR, QUICK_STOP_MAX, STALL_ROLL
from rules.rbb.race.checks import QUICK_CHOICE, pit_stop_choices, repair_words
from rules.rbb.race.common import RBB_WP, gear_name
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
            _(RBB_WP[zone]).format(points=f"{now.sheet[zone] - was.sheet[zone]:+d}")
            for zone in Zone
            if now.sheet[zone] != was.sheet[zone]
        ]
        if now.status == OUT and was.status != OUT:
            changes.append(_(OUT_REASONS.get(now.out_reason or "", N_("out"))))
        if changes:
            parts.append(f"{name(now.car)} " + ", ".join(changes))
    return "; ".join(parts)


def _grid_words(before: RaceState, after: RaceState) -> str:
    if after.grid and not before.grid:
        return _("; the grid: {cars}").format(cars=", ".join(name(key) for key in after.grid))
    return ""


def _grid_roll(before: RaceState, event: Event, after: RaceState) -> str:
    return _("{car} rolls {value} for the grid").format(
        car=name(_key(event)), value=event.data["value"]
    ) + _grid_words(before, after)


def _grid(before: RaceState, event: Event, after: RaceState) -> str:
    return _("The grid: {cars}").format(cars=", ".join(name(key) for key in after.grid))


def _start(before: RaceState, event: Event, after: RaceState) -> str:
    value = int(event.data["value"])
    if value == STALL_ROLL:
        said = _("{car}'s start: {value}, a stall: misses its turn")
    elif value == FANTASTIC_START_ROLL:
        said = _("{car}'s start: {value}, a fantastic start: 4 spaces in 1st")
    else:
        said = _("{car}'s start: {value}, a normal start in 1st")
    return said.format(car=name(_key(event)), value=value)


def _order(before: RaceState, event: Event, after: RaceState) -> str:
    return _("Round {round} order: {cars}").format(
        round=after.round, cars=", ".join(name(key) for key in after.order)
    )


def _gear(before: RaceState, event: Event, after: RaceState) -> str:
    key = _key(event)
    lost = _losses(before, after)
    text = _("{car} into {gear}").format(car=name(key), gear=gear_name(after.car(key).gear))
    return text + (f": {lost}" if lost else "")


def _move(before: RaceState, event: Event, after: RaceState) -> str:
    key = _key(event)
    was, now = before.car(key), after.car(key)
    text = _("{car} moves {spaces} in {gear}").format(
        car=name(key), spaces=plural(now.spaces - was.spaces, "space"), gear=gear_name(now.gear)
    )
    if event.data.get("slipstream"):
        text += _(", slipstreaming")
    if now.pits > was.pits:
        text += _(": enters the pits, lap 1 done, all tyre WP back")
    if now.spun and not was.spun:
        text += _(", spins: starts again in 1st")
    if now.status == FINISHED and was.status != FINISHED:
        text += _(", crosses the line")
    lost = _losses(before, after)
    return text + (f"; {lost}" if lost else "")


def _roll(what: str) -> Callable[[RaceState, Event, RaceState], str]:
    def words(before: RaceState, event: Event, after: RaceState) -> str:
        lost = _losses(before, after)
        return _(what).format(car=name(_key(event)), value=event.data["value"]) + (
            lost or _("no damage")
        )

    return words


def _pit_stop(before: RaceState, event: Event, after: RaceState) -> str:
    key = _key(event)
    if event.data.get("stop") == QUICK_CHOICE:
        return _("{car}: Quick Pit Stop, rolls black next turn").format(car=name(key))
    zones = pit_stop_choices(before, key).get(str(event.data.get("stop")), ())
    return _("{car}: Technical Pit Stop, {repair}, waits a turn").format(
        car=name(key), repair=repair_words(zones or ())
    )


def _pit_roll(before: RaceState, event: Event, after: RaceState) -> str:
    key, value = _key(event), int(event.data["value"])
    if value <= QUICK_STOP_MAX:
        return _("{car}'s pit roll: {value}, leaves in {gear} for {spaces}").format(
            car=name(key),
            value=value,
            gear=gear_name(PIT_EXIT_GEAR),
            spaces=plural(after.fixed_move, "space"),
        )
    return _("{car}'s pit roll: {value}, waits: leaves next turn in {gear}").format(
        car=name(key), value=value, gear=gear_name(PIT_EXIT_GEAR)
    )


_WORDS: dict[str, Callable[[RaceState, Event, RaceState], str]] = {
    "grid_roll": _grid_roll,
    "tie_roll": _grid_roll,
    "grid": _grid,
    "start_roll": _start,
    "order": _order,
    "gear": _gear,
    "move": _move,
    "handling_roll": _roll(N_("{car}'s handling roll: {value}, ")),
    "body_roll": _roll(N_("{car}'s body roll: {value}, ")),
    "engine_roll": _roll(N_("{car}'s engine roll: {value}, ")),
    "pit_stop": _pit_stop,
    "pit_roll": _pit_roll,
    WEATHER_ROLL: weather_words,
    doubts.CONFIRM: lambda before, _event, _after: doubts.confirmed_words(before.pending[0]),
}
