"""The race's log in words: what an event did, as the table would say it ("Blue (Bob, Rookie)
qualifies 6 (5 +1 Rookie): 3rd on the grid", "Weather: variable, score 6 — rain"), read from the
states before and after it. An event with nothing more to say than its own facts gets "" (the log
shows those)."""

from __future__ import annotations

from collections.abc import Callable

from rules.engine.events import Event
from rules.engine.pieces import grid_place, name, names, plural, roll_off_place
from rules.formula_d.race.common import gear_name
from rules.language import gettext as _
from rules.language import ngettext
from rules.season_pass import pole_modifier, qualifying_order
from rules.season_pass.race.common import label, words_of
from rules.season_pass.race.standings import injury_note, out_note
from rules.season_pass.race.state import FINISHED, OUT, RaceState


def describe(before: RaceState, event: Event, after: RaceState) -> str:
    words = _WORDS.get(event.kind)
    return words(before, event, after) if words else ""


def _rolls(state: RaceState) -> dict[str, tuple[int, ...]]:
    return {entry.car: entry.rolls for entry in state.qualifying}


def _pole(state: RaceState, key: str) -> int:
    return pole_modifier(state.car(key).level)


def _qualifying(before: RaceState, event: Event, after: RaceState) -> str:
    key, value = str(event.data["car"]), int(event.data["value"])
    modifier = _pole(after, key)
    level = words_of(after.car(key).level.value)
    score = f"{value + modifier} ({value} {modifier:+d} {level})" if modifier else value
    place = grid_place(
        _rolls(after),
        key,
        after.grid,
        highest_first=False,
        first_roll=lambda car, roll: roll + _pole(after, car),
    )
    return _("{car} qualifies {value}").format(car=label(after, key), value=score) + place


def _tie(before: RaceState, event: Event, after: RaceState) -> str:
    key = str(event.data["car"])
    rolls = _rolls(after)
    tied = qualifying_order(rolls, {car.car: _pole(after, car.car) for car in after.cars}).tied
    settled = roll_off_place(rolls, tied, key, after.grid)
    return (
        _("{car} rolls {value} in the roll-off").format(car=name(key), value=event.data["value"])
        + settled
    )


def _weather(before: RaceState, event: Event, after: RaceState) -> str:
    if before.phase == "round_weather":
        return _("Weather roll {value}: score {score} — {weather}").format(
            value=event.data["value"],
            score=after.weather_score,
            weather=words_of(str(after.weather)),
        )
    if after.fixed_weather is not None:
        return _("Weather: {weather} all race").format(weather=words_of(str(after.fixed_weather)))
    return _("Weather: variable: roll the red die for the weather score")


def _weather_score(before: RaceState, event: Event, after: RaceState) -> str:
    return _("Weather: variable, score {score} — {weather}").format(
        score=after.weather_score, weather=words_of(str(after.weather))
    )


def _order(before: RaceState, event: Event, after: RaceState) -> str:
    return _("Round {round} order: {cars}").format(
        round=after.round, cars=", ".join(name(key) for key in after.order)
    )


def _gear(before: RaceState, event: Event, after: RaceState) -> str:
    key = str(event.data["car"])
    was, now = before.car(key), after.car(key)
    paid = [
        plural(getattr(was, points) - getattr(now, points), f"{kind} point")
        for points, kind in (("gas", "gas"), ("brakes", "brake"), ("tires", "tire"))
        if getattr(was, points) > getattr(now, points)
    ]
    text = _("{car} into {gear}").format(car=name(key), gear=gear_name(now.gear))
    return text + (_(", paying {points}").format(points=", ".join(paid)) if paid else "")


def _move(before: RaceState, event: Event, after: RaceState) -> str:
    key = str(event.data["car"])
    was, now = before.car(key), after.car(key)
    text = _("{car} moves {spaces} in {gear}").format(
        car=name(key), spaces=plural(now.distance - was.distance, "space"), gear=gear_name(now.gear)
    )
    if now.status == OUT and was.status != OUT:
        text += f", {out_note(now.out_reason)}"
    elif now.status == FINISHED and was.status != FINISHED:
        text += _(", crosses the line")
    if now.adjacent:
        text += _(", beside {cars}").format(cars=", ".join(name(other) for other in now.adjacent))
    return text


def _engine(before: RaceState, event: Event, after: RaceState) -> str:
    key = str(event.data["car"])
    hurt = after.car(key).engine_damage > before.car(key).engine_damage
    if hurt:
        said = _("{car}'s engine check: {value}, engine damage")
    else:
        said = _("{car}'s engine check: {value}, no damage")
    return said.format(car=name(key), value=event.data["value"])


def _damage(before: RaceState, event: Event, after: RaceState) -> str:
    hit = [
        _("{car} takes {points}").format(
            car=name(car.car), points=plural(car.collision_damage - was.collision_damage, "point")
        )
        for car, was in zip(after.cars, before.cars, strict=True)
        if car.collision_damage > was.collision_damage
    ]
    return _("{car}'s collision check: {outcome}").format(
        car=name(str(event.data["car"])), outcome="; ".join(hit) if hit else _("no damage")
    )


def _neighbours(before: RaceState, event: Event, after: RaceState) -> str:
    key = str(event.data["car"])
    added = list(after.pending)
    for check in before.pending:
        if check in added:
            added.remove(check)
    beside = [check.car for check in added if check.kind == "chain_roll" and check.other == key]
    if not beside:
        return _("Cars beside {car}: none").format(car=name(key))
    return ngettext(
        "Cars beside {car}: {cars}, which rolls black",
        "Cars beside {car}: {cars}, each rolls black",
        len(beside),
    ).format(car=name(key), cars=names(beside))


def _injury(before: RaceState, event: Event, after: RaceState) -> str:
    key = str(event.data["car"])
    injury = after.car(key).injury
    text = _("{car}'s injury roll: {value}").format(car=name(key), value=event.data["value"])
    return text + (f", {injury_note(injury)}" if injury and injury.settled else "")


_WORDS: dict[str, Callable[[RaceState, Event, RaceState], str]] = {
    "qualifying_roll": _qualifying,
    "tie_roll": _tie,
    "weather_roll": _weather,
    "weather_score_roll": _weather_score,
    "order": _order,
    "gear": _gear,
    "move": _move,
    "engine_check": _engine,
    "collision_roll": _damage,
    "neighbours": _neighbours,
    "chain_roll": _damage,
    "injury_roll": _injury,
}
