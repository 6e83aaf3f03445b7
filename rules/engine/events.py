"""What the referee enters (events), what the engine asks for (prompts), and refusals."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from rules.dice import Die, InvalidRoll, check_roll
from rules.language import gettext as _

FIELD_KINDS = ("die", "number", "choice", "cars", "order", "bool", "instant")


class EventRejected(ValueError):
    """The rules do not allow this event now; the state is unchanged."""


@dataclass(frozen=True)
class Event:
    """One input from the table: a die roll or a fact only the board shows."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "data": dict(self.data)}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Event:
        return cls(kind=str(raw["kind"]), data=dict(raw.get("data") or {}))


@dataclass(frozen=True)
class Field:
    """One input of a prompt, described so a page can render it (a die keypad, a number...).

    A number is whole unless `step` says otherwise (0.5: halves too); `unit` names what it
    counts ("brake points") for refusals in the rules' words. A "cars" field given an empty list
    means no cars; only a value left out (None) takes the default. `short` names it in a word
    or two where a page has no room for the label ("Brakes"); `folded` marks a fact the board
    seldom shows, which a page may fold away behind the common ones; `chips` asks a page to
    offer a number as that many keys from its minimum (a lap's die throws), a box for the rest.

    An "instant" is a moment, as ISO 8601 text with its UTC offset: the one a page posts is
    never taken, whoever runs the race stamps the moment the event is entered (`stamp`), as a
    stopwatch does; its `default` is an instant the prompt counts from (a stopwatch running
    since then).
    """

    name: str
    label: str
    kind: str
    die: Die | None = None
    choices: tuple[tuple[str, str], ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    required: bool = True
    default: Any = None
    step: float = 1
    unit: str = ""
    short: str = ""
    folded: bool = False
    chips: int = 0

    def parse(self, raw: Any, car_keys: tuple[str, ...] = ()) -> Any:
        """The value the referee entered, checked and converted, or EventRejected."""
        if self.kind == "cars" and raw is not None:
            cars = _parse_cars(self, raw, car_keys)
            if not cars and self.required:
                raise EventRejected(_("{label}: a value is required.").format(label=self.label))
            return cars
        if raw is None or raw == "" or raw == []:
            if self.required and self.kind != "bool":
                raise EventRejected(_("{label}: a value is required.").format(label=self.label))
            return self.default if self.default is not None else _empty(self.kind)
        parser = _PARSERS[self.kind]
        return parser(self, raw, car_keys)


def _empty(kind: str) -> Any:
    return {"bool": False, "cars": (), "order": (), "number": 0}.get(kind)


def _integer(label: str, raw: Any) -> int:
    if isinstance(raw, bool):
        raise EventRejected(
            _("{label}: expected a whole number, got {raw!r}.").format(label=label, raw=raw)
        )
    if isinstance(raw, int):
        return raw
    if isinstance(raw, float) and raw.is_integer():
        return int(raw)
    try:
        return int(str(raw).strip())
    except ValueError:
        raise EventRejected(
            _("{label}: expected a whole number, got {raw!r}.").format(label=label, raw=raw)
        ) from None


def _parse_die(spec: Field, raw: Any, _cars: tuple[str, ...]) -> int:
    value = _integer(spec.label, raw)
    assert spec.die is not None
    try:
        return check_roll(spec.die, value)
    except InvalidRoll as refusal:
        raise EventRejected(str(refusal)) from None


def _number(spec: Field, raw: Any) -> int | float:
    """`raw` as a finite int or float, whatever its step."""
    if isinstance(raw, bool):
        raise EventRejected(
            _("{label}: expected a number, got {raw!r}.").format(label=spec.label, raw=raw)
        )
    if isinstance(raw, int):
        return raw
    if isinstance(raw, float):
        value = raw
    else:
        text = str(raw).strip()
        try:
            return int(text)
        except ValueError:
            pass
        try:
            value = float(text)
        except ValueError:
            raise EventRejected(
                _("{label}: expected a number, got {raw!r}.").format(label=spec.label, raw=raw)
            ) from None
    if not math.isfinite(value):
        raise EventRejected(
            _("{label}: expected a number, got {raw!r}.").format(label=spec.label, raw=raw)
        )
    return value


def _off_step(spec: Field, raw: Any) -> str:
    """Why `raw` is refused for a field counted in steps of `spec.step`, in the rules' words."""
    shown = str(raw).strip()
    steps = spec.step in (1, 0.5)
    if spec.unit and steps:
        # "Brake points are whole points: 1.5 is not one."
        units = spec.unit[:1].upper() + spec.unit[1:]
        said = (
            _("{units} are whole {unit}: {shown} is not one.")
            if spec.step == 1
            else _("{units} are whole or half {unit}: {shown} is not one.")
        )
        return said.format(units=units, unit=spec.unit.split()[-1], shown=shown)
    if steps:
        said = (
            _("{label}: a whole number, not {shown}.")
            if spec.step == 1
            else _("{label}: a whole or half number, not {shown}.")
        )
        return said.format(label=spec.label, shown=shown)
    return _("{label}: in steps of {step}, not {shown}.").format(
        label=spec.label, step=spec.step, shown=shown
    )


def _parse_number(spec: Field, raw: Any, _cars: tuple[str, ...]) -> int | float:
    value = _number(spec, raw)
    if isinstance(value, float):
        if not (value / spec.step).is_integer():
            raise EventRejected(_off_step(spec, raw))
        value = int(value) if value.is_integer() else value
    elif float(spec.step).is_integer() and value % int(spec.step):
        raise EventRejected(_off_step(spec, raw))
    if spec.minimum is not None and value < spec.minimum:
        raise EventRejected(
            _("{label}: at least {minimum}, not {value}.").format(
                label=spec.label, minimum=spec.minimum, value=value
            )
        )
    if spec.maximum is not None and value > spec.maximum:
        raise EventRejected(
            _("{label}: at most {maximum}, not {value}.").format(
                label=spec.label, maximum=spec.maximum, value=value
            )
        )
    return value


def _parse_choice(spec: Field, raw: Any, _cars: tuple[str, ...]) -> str:
    value = str(raw)
    allowed = [key for key, _label in spec.choices]
    if value not in allowed:
        raise EventRejected(
            _("{label}: {value!r} is not one of {values}.").format(
                label=spec.label, value=value, values=", ".join(allowed)
            )
        )
    return value


def _car_list(spec: Field, raw: Any) -> tuple[str, ...]:
    if isinstance(raw, str):
        items = [item.strip() for item in raw.split(",")]
    elif isinstance(raw, list | tuple):
        items = [str(item).strip() for item in raw]
    else:
        raise EventRejected(
            _("{label}: expected a list of cars, got {raw!r}.").format(label=spec.label, raw=raw)
        )
    return tuple(item for item in items if item)


def _parse_cars(spec: Field, raw: Any, car_keys: tuple[str, ...]) -> tuple[str, ...]:
    cars = _car_list(spec, raw)
    allowed = [key for key, _label in spec.choices] if spec.choices else list(car_keys)
    for car in cars:
        if car not in allowed:
            raise EventRejected(
                _("{label}: {car!r} is not one of {values}.").format(
                    label=spec.label, car=car, values=", ".join(allowed)
                )
            )
    if len(set(cars)) != len(cars):
        raise EventRejected(_("{label}: a car is named twice.").format(label=spec.label))
    return cars


def _parse_order(spec: Field, raw: Any, car_keys: tuple[str, ...]) -> tuple[str, ...]:
    cars = _parse_cars(spec, raw, car_keys)
    expected = {key for key, _label in spec.choices} if spec.choices else set(car_keys)
    if set(cars) != expected:
        missing = ", ".join(sorted(expected - set(cars)))
        raise EventRejected(
            _("{label}: every racing car exactly once (missing {missing}).").format(
                label=spec.label, missing=missing
            )
        )
    return cars


def _parse_instant(spec: Field, raw: Any, _cars: tuple[str, ...]) -> str:
    """A moment, as ISO 8601 text with its UTC offset (a moment without one is no moment)."""
    try:
        moment = datetime.fromisoformat(str(raw).strip())
    except ValueError:
        raise EventRejected(
            _("{label}: expected a moment, got {raw!r}.").format(label=spec.label, raw=raw)
        ) from None
    if moment.utcoffset() is None:
        raise EventRejected(
            _("{label}: a moment needs its UTC offset, not {raw!r}.").format(
                label=spec.label, raw=raw
            )
        )
    return moment.isoformat()


def _parse_bool(spec: Field, raw: Any, _cars: tuple[str, ...]) -> bool:
    if isinstance(raw, bool):
        return raw
    text = str(raw).strip().lower()
    if text in ("1", "true", "on", "yes"):
        return True
    if text in ("0", "false", "off", "no", ""):
        return False
    raise EventRejected(
        _("{label}: expected yes or no, got {raw!r}.").format(label=spec.label, raw=raw)
    )


_PARSERS = {
    "die": _parse_die,
    "number": _parse_number,
    "choice": _parse_choice,
    "cars": _parse_cars,
    "order": _parse_order,
    "bool": _parse_bool,
    "instant": _parse_instant,
}


@dataclass(frozen=True)
class Prompt:
    """What the rules require next: `kind` is the Event.kind to submit, `text` who rolls what.

    `then` belongs to a prompt whose one field is a choice: for some of its choices, the die the
    same car's next prompt asks for once that choice is entered, nothing coming between (a gear,
    then the move's roll in it). A page may offer the choice and the die's faces in one tap;
    `follow_up` checks, once the choice is in, that the rules ask for that die indeed."""

    kind: str
    text: str
    car: str | None
    fields: tuple[Field, ...]
    then: tuple[tuple[str, Field], ...] = ()

    def read(self, data: Mapping[str, Any], car_keys: tuple[str, ...] = ()) -> dict[str, Any]:
        """Every field of this prompt parsed from `data` (unknown keys are refused)."""
        known = {spec.name for spec in self.fields} | {"car"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise EventRejected(
                _("{kind} has no field {values}.").format(kind=self.kind, values=", ".join(unknown))
            )
        return {spec.name: spec.parse(data.get(spec.name), car_keys) for spec in self.fields}

    def stamped(self, event: Event, at: str) -> Event:
        """`event` with each instant this prompt asks for set to `at` (the moment it is entered,
        by the clock of whoever runs the race), whatever `event` said."""
        instants = {spec.name: at for spec in self.fields if spec.kind == "instant"}
        if not instants or event.kind != self.kind:
            return event
        return Event(event.kind, {**event.data, **instants})

    def forced(self) -> Event | None:
        """The one event this prompt allows, when the rules leave nothing to choose: every field
        a choice with a single option (the only legal gear) or an order of one car; else None."""
        if not self.fields:
            return None
        data: dict[str, Any] = {"car": self.car} if self.car else {}
        for spec in self.fields:
            if spec.kind == "choice" and spec.required and len(spec.choices) == 1:
                data[spec.name] = spec.choices[0][0]
            elif spec.kind == "order" and len(spec.choices) == 1:
                data[spec.name] = [spec.choices[0][0]]
            else:
                return None
        return Event(self.kind, data)

    def follow_up(self, event: Event, asked: Sequence[Prompt], value: Any) -> Event | None:
        """The event entering `value` on the die `then` names for `event`'s choice, when the
        first of `asked` (what the rules ask once `event` is in) asks for it: the same car's
        prompt, asking for that die with nothing else required. None when that choice names no
        die or the rules ask for something else first (a check, a move made without a die)."""
        if not self.then or not self.fields or not asked:
            return None
        die = dict(self.then).get(str(event.data.get(self.fields[0].name)))
        following = asked[0]
        if die is None or following.car != self.car:
            return None
        rolled = next((spec for spec in following.fields if spec.name == die.name), None)
        if rolled is None or rolled.kind != "die" or rolled.die != die.die:
            return None
        if any(spec.required for spec in following.fields if spec is not rolled):
            return None
        data = {"car": following.car, die.name: value} if following.car else {die.name: value}
        return Event(following.kind, data)
