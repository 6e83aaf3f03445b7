"""The race's log in words, as the table would say it ("Red's start: 20, a quick start", "Blue
moves 3 spaces in 2nd; Blue takes 1 damage (17 left)"), read from the states before and after
an event: each kind of event its own head, then what it did to the cars' pools and places."""

from __future__ import annotations

from collections.abc import Callable

from rules.dice import die_name, gear_die
from rules.engine.events import Event
from rules.engine.pieces import name, plural
from rules.language import gettext as _
from rules.language import gettext_noop as N_
from rules.language import ngettext
from rules.mini.pit_stop import stop_for
from rules.mini.race.common import gear_name
from rules.mini.race.state import FINISHED, OUT, OUT_REASONS, RaceState
from rules.mini.start import START_TABLE

# The starts' and the pit stops' names, said through `_`.
START_WORDS = {
    "poor start": N_("poor start"),
    "normal start": N_("normal start"),
    "quick start": N_("quick start"),
    "quick pit-stop": N_("quick pit-stop"),
    "full pit-stop": N_("full pit-stop"),
}


def describe(before: RaceState, event: Event, after: RaceState) -> str:
    """The event's head ("Red moves 3 spaces in 2nd"), then what changed: damage taken or
    regained, laps, cars out or home."""
    head = _HEADS.get(event.kind)
    changes = _changes(before, event, after)
    words = head(before, event, after) if head else ""
    if event.kind in _ROLLS and not changes:
        words += _(", no damage")
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
            parts.append(
                _("{car} takes {damage} damage ({life} left)").format(
                    car=who, damage=old.life - new.life, life=new.life
                )
            )
        if new.life > old.life:
            regained = new.life - old.life
            parts.append(
                ngettext(
                    "{car} regains {count} point ({life})",
                    "{car} regains {count} points ({life})",
                    regained,
                ).format(car=who, count=regained, life=new.life)
            )
        if event.kind == "pit_roll" and new.life == old.life and event.data.get("car") == old.car:
            parts.append(
                _("{car} regains nothing: the roll is more than its damage").format(car=who)
            )
        if new.spun and not old.spun:
            parts.append(_("{car} spins out: life set to 0, 1st gear next turn").format(car=who))
        if new.laps > old.laps and new.status != FINISHED:
            if new.in_pits:
                lap = _("{car} completes lap {lap} in the pits")
            else:
                lap = _("{car} completes lap {lap}")
            parts.append(lap.format(car=who, lap=new.laps))
        if new.status != old.status:
            if new.status == OUT:
                reason = _(OUT_REASONS.get(new.out_reason or "", N_("out")))
                parts.append(_("{car} is {reason}").format(car=who, reason=reason))
            else:
                parts.append(_("{car} crosses the line and finishes").format(car=who))
    return parts


def _grid_words(before: RaceState, after: RaceState) -> str:
    if after.grid and not before.grid:
        return _("; the grid: {cars}").format(cars=", ".join(name(key) for key in after.grid))
    return ""


def _tie_roll(before: RaceState, event: Event, after: RaceState) -> str:
    return _("{car} rolls {value} for the forward place").format(
        car=name(_key(event)), value=_value(event)
    )


def _grid(before: RaceState, event: Event, after: RaceState) -> str:
    return _("The grid: {cars}").format(cars=", ".join(name(key) for key in after.grid))


def _start(before: RaceState, event: Event, after: RaceState) -> str:
    value = int(event.data["value"])
    start = next(start for low, high, start in START_TABLE if low <= value <= high)
    key = _key(event)
    was, now = before.car(key), after.car(key)
    moved = now.spaces - was.spaces
    if moved:
        said = _("{car}'s start: {value}, {start}, {spaces} in {gear}")
    else:
        said = _("{car}'s start: {value}, {start}, in {gear}")
    return said.format(
        car=name(key),
        value=value,
        start=_(START_WORDS[start.value]),
        spaces=plural(moved, "space"),
        gear=gear_name(now.gear),
    )


def _order(before: RaceState, event: Event, after: RaceState) -> str:
    return _("Round {round} order: {cars}").format(
        round=after.round, cars=", ".join(name(key) for key in after.order)
    )


def _gear(before: RaceState, event: Event, after: RaceState) -> str:
    key = _key(event)
    if after.car(key).gear == before.car(key).gear:
        return _("{car} stays in {gear}").format(car=name(key), gear=gear_name(after.car(key).gear))
    return _("{car} into {gear}").format(car=name(key), gear=gear_name(after.car(key).gear))


def _move(before: RaceState, event: Event, after: RaceState) -> str:
    key = _key(event)
    was, now = before.car(key), after.car(key)
    text = _("{car} moves {spaces} in {gear}").format(
        car=name(key), spaces=plural(now.spaces - was.spaces, "space"), gear=gear_name(now.gear)
    )
    if now.in_pits and not was.in_pits:
        text += _(", into its pit")
    return text


def _roll(what: str) -> Callable[[RaceState, Event, RaceState], str]:
    def words(before: RaceState, event: Event, after: RaceState) -> str:
        return _(what).format(car=name(_key(event)), value=_value(event))

    return words


def _pit_stop(before: RaceState, event: Event, after: RaceState) -> str:
    key = _key(event)
    car = after.car(key)
    if not car.in_pits:
        return _("{car} leaves its pit").format(car=name(key))
    stop = stop_for(car.pit_die)
    return _("{car}: {stop}, rolls {die} for health").format(
        car=name(key), stop=_(START_WORDS[stop.value]), die=die_name(gear_die(car.pit_die).value)
    )


_HEADS: dict[str, Callable[[RaceState, Event, RaceState], str]] = {
    "tie_roll": lambda before, event, after: (
        _tie_roll(before, event, after) + _grid_words(before, after)
    ),
    "grid": _grid,
    "start_roll": _start,
    "order": _order,
    "gear": _gear,
    "upshift_roll": _roll(N_("{car}'s upshift roll: {value}")),
    "move": _move,
    "collision_roll": _roll(N_("{car}'s collision roll: {value}")),
    "redline_roll": _roll(N_("{car}'s redline roll: {value}")),
    "pit_stop": _pit_stop,
    "pit_roll": _roll(N_("{car}'s pit roll: {value}")),
}
# A check's roll that changed nothing says so, as RBB's do.
_ROLLS = frozenset({"upshift_roll", "collision_roll", "redline_roll"})
