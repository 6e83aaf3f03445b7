"""The race's log in words: what each event did to the cars' pools and places."""

from __future__ import annotations

from rules.engine.events import Event
from rules.engine.pieces import name, plural
from rules.mini.race.common import gear_name
from rules.mini.race.state import OUT, OUT_REASONS, RaceState


def describe(before: RaceState, event: Event, after: RaceState) -> str:
    """What changed: gears chosen, damage taken or regained, laps, cars out or home."""
    parts: list[str] = []
    for old in before.cars:
        new = after.car(old.car)
        who = name(old.car)
        if event.kind == "gear" and new.gear != old.gear and event.data.get("car") == old.car:
            parts.append(f"{who} into {gear_name(new.gear)}")
        if new.life < old.life and new.status != OUT:
            parts.append(f"{who} takes {old.life - new.life} damage ({new.life} left)")
        if new.life > old.life:
            parts.append(f"{who} regains {plural(new.life - old.life, 'point')} ({new.life})")
        if event.kind == "pit_roll" and new.life == old.life and event.data.get("car") == old.car:
            parts.append(f"{who} regains nothing: the roll is more than its damage")
        if new.spun and not old.spun:
            parts.append(f"{who} spins out: life set to 0, 1st gear next turn")
        if new.laps > old.laps and new.status != "finished":
            parts.append(
                f"{who} completes lap {new.laps}" + (" in the pits" if new.in_pits else "")
            )
        if new.status != old.status:
            if new.status == OUT:
                parts.append(f"{who} is {OUT_REASONS.get(new.out_reason or '', 'out')}")
            else:
                parts.append(f"{who} crosses the line and finishes")
    return "; ".join(parts)
