"""Pieces every rule set's race hooks use, naming no rule set: how prompts and the log name a car
and a place, replacing one car in a state, the cars still racing, a board fact asked after a move,
and where a roll for the grid puts a car.

A state here is any rule set's frozen state whose `cars` are frozen dataclasses with a `car` key
and a `racing` property (rules/engine/contract.py): the protocols below say what these pieces
read of it."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from rules.dice import Die
from rules.engine.contract import CarView, Column
from rules.engine.events import Field, Prompt
from rules.language import gettext as _
from rules.language import ngettext, ngettext_noop
from rules.language import spoken as language_code
from rules.roll_off import place_so_far, rolls_owed


class Frozen(Protocol):
    """A frozen dataclass: `dataclasses.replace` makes a changed copy of it."""

    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]


class Keyed(Protocol):
    """Anything kept per car (a car's state, its setup, its cards...): `car` is the car's key."""

    @property
    def car(self) -> str: ...


class Driven(Keyed, Protocol):
    """A car's setup: who drives it."""

    @property
    def driver(self) -> str: ...


class RacingCar(Keyed, Frozen, Protocol):
    """A car of any rule set's race state, as these pieces read it."""

    @property
    def status(self) -> str: ...

    @property
    def racing(self) -> bool: ...


class SetupOfDrivers(Protocol):
    def car(self, key: str) -> Driven: ...


class Race(Frozen, Protocol):
    """Any rule set's race state, as these pieces read it: its setup's drivers and its cars."""

    @property
    def setup(self) -> SetupOfDrivers: ...

    @property
    def cars(self) -> Sequence[RacingCar]: ...

    def car(self, key: str) -> RacingCar: ...


KeyedT = TypeVar("KeyedT", bound=Keyed)
RaceT = TypeVar("RaceT", bound=Race)


def name(car: str) -> str:
    """ "red" -> "Red": a car's key as prompts show it."""
    return car[:1].upper() + car[1:]


def names(keys: Sequence[str]) -> str:
    """ "Red", "Red and Blue", "Red, Blue and Green"."""
    shown = [name(key) for key in keys]
    if len(shown) < 2:
        return "".join(shown)
    return _("{some} and {last}").format(some=", ".join(shown[:-1]), last=shown[-1])


# The words `plural` counts, each with its plural: marked here so a catalogue has them all (a
# word not here is counted in English).
COUNTED = {
    "space": ngettext_noop("{count} space", "{count} spaces"),
    "gear": ngettext_noop("{count} gear", "{count} gears"),
    "stop": ngettext_noop("{count} stop", "{count} stops"),
    "lap": ngettext_noop("{count} lap", "{count} laps"),
    "turn": ngettext_noop("{count} turn", "{count} turns"),
    "round": ngettext_noop("{count} round", "{count} rounds"),
    "car": ngettext_noop("{count} car", "{count} cars"),
    "point": ngettext_noop("{count} point", "{count} points"),
    "race": ngettext_noop("{count} race", "{count} races"),
    "gas point": ngettext_noop("{count} gas point", "{count} gas points"),
    "brake point": ngettext_noop("{count} brake point", "{count} brake points"),
    "tire point": ngettext_noop("{count} tire point", "{count} tire points"),
    "more move": ngettext_noop("{count} more move", "{count} more moves"),
    "completed move": ngettext_noop("{count} completed move", "{count} completed moves"),
}


def plural(count: int, word: str) -> str:
    """ "1 space", "3 spaces": in the language spoken (rules/language.py) where `word` is one of
    COUNTED."""
    counted = COUNTED.get(word)
    if counted is not None:
        return ngettext(*counted, count).format(count=count)
    return f"{count} {word}" + ("" if count == 1 else "s")


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th... 11th, 12th, 13th, 21st; in French 1er, 2e, 3e."""
    if language_code() == "fr":
        return f"{number}er" if number == 1 else f"{number}e"
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}" + {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")


def with_car(state: RaceT, key: str, **changes: object) -> RaceT:
    """`state` with the car `key` changed."""
    return replace(
        state,
        cars=tuple(replace(car, **changes) if car.car == key else car for car in state.cars),
    )


def racing(state: Race) -> tuple[str, ...]:
    """The cars still racing, in the state's order."""
    return tuple(car.car for car in state.cars if car.racing)


def board_fact(
    key: str,
    question: str,
    unit: str = "",
    maximum: int | None = None,
    *,
    step: float = 1,
    short: str = "",
    folded: bool = False,
) -> Field:
    """A number the board shows after a move, 0 when it did not happen; `short` and `folded` as
    for Field."""
    return Field(
        key,
        question,
        "number",
        minimum=0,
        maximum=maximum,
        required=False,
        default=0,
        step=step,
        unit=unit,
        short=short,
        folded=folded,
    )


def order_prompt(
    proposal: tuple[str, ...], label: Callable[[str], str], *, field_label: str, text: str
) -> Prompt:
    """The prompt to confirm the order the cars move in: `proposal` first, to correct from the
    board (an "order" field whose default is the proposal)."""
    field = Field(
        "order",
        field_label,
        "order",
        choices=tuple((car, label(car)) for car in proposal),
        default=proposal,
    )
    return Prompt("order", text, None, (field,))


def dashboard_keys(state: Race, running: Sequence[str], placed: Sequence[str]) -> list[str]:
    """The dashboard's cars: those racing, in the `running` order (of play, else the grid), then
    any other car racing, then the `placed` ones not racing, in their places."""
    racing = [key for key in running if state.car(key).racing]
    racing += [car.car for car in state.cars if car.racing and car.car not in racing]
    return racing + [key for key in placed if key not in racing]


def car_view(
    state: Race, car: RacingCar, columns: Sequence[Column], values: Mapping[str, Any], note: str
) -> CarView:
    """`car`'s row on the dashboard: `values` by column key, in the order of `columns`."""
    return CarView(
        car=car.car,
        driver=state.setup.car(car.car).driver,
        status=car.status,
        note=note,
        values=tuple((column.key, values[column.key]) for column in columns),
        # The Formula D family's cars count their laps and spaces, may stand in the pits and
        # may spin.
        laps=getattr(car, "laps", None),
        pitted=bool(getattr(car, "in_pits", False)),
        spaces=getattr(car, "spaces", None),
        spun=bool(getattr(car, "spun", False)),
    )


# A roll of the black die, the one field of many prompts (qualifying, checks, roll-offs).
BLACK_DIE = Field("value", "Black die", "die", die=Die.BLACK)


def of_car(items: Iterable[KeyedT], key: str) -> KeyedT:
    """The one of `items` (a car's state, setup, or anything else kept per car) whose `car` is
    `key`; KeyError if none is."""
    for item in items:
        if item.car == key:
            return item
    raise KeyError(key)


class CarsByKey(Generic[KeyedT]):
    """For a rule set's frozen race state whose `cars` each have a `car` key: one car by its
    key, and every key in the state's order."""

    cars: tuple[KeyedT, ...]

    def car(self, key: str) -> KeyedT:
        return of_car(self.cars, key)

    @property
    def car_keys(self) -> tuple[str, ...]:
        return tuple(car.car for car in self.cars)


# --- The grid in words, for the log ------------------------------------------------------------


def _the_grid(grid: tuple[str, ...]) -> str:
    return _("; the grid: {cars}").format(cars=", ".join(name(key) for key in grid))


def grid_place(
    rolls: Mapping[str, Sequence[int]],
    car: str,
    grid: tuple[str, ...],
    *,
    highest_first: bool,
    first_roll: Callable[[str, int], int] = lambda _car, value: value,
) -> str:
    """Where `car`'s first roll for the grid puts it, `rolls` being every car's rolls so far and
    `grid` the grid once it is set: ": 2nd on the grid so far", ": level with Blue for 1st, a
    roll-off", ": 3rd on the grid", or, with the roll that sets it, ": 2nd on the grid; the grid:
    Red, Blue"."""
    if grid:
        return _(": {place} on the grid").format(place=ordinal(grid.index(car) + 1)) + _the_grid(
            grid
        )
    place, level = place_so_far(rolls, car, highest_first=highest_first, first_roll=first_roll)
    so_far = "" if all(rolls.values()) else _(" so far")
    if level:
        level_with = _(": level with {cars} for {place}").format(
            cars=names(level), place=ordinal(place)
        )
        return level_with + (so_far or _(", a roll-off"))
    return _(": {place} on the grid").format(place=ordinal(place)) + so_far


def roll_off_place(
    rolls: Mapping[str, Sequence[int]],
    tied: Sequence[tuple[str, ...]],
    car: str,
    grid: tuple[str, ...],
) -> str:
    """What `car`'s roll in a roll-off settled: ": 1st on the grid; the grid: Red, Blue" once the
    grid is set, ": still level with Blue" when it rolls again, else nothing yet."""
    if grid:
        return _(": {place} on the grid").format(place=ordinal(grid.index(car) + 1)) + _the_grid(
            grid
        )
    for owing, group in rolls_owed(rolls, tied):
        if owing == car and len(rolls[car]) > 1:
            others = names([other for other in group if other != car])
            return _(": still level with {cars}").format(cars=others)
    return ""


class SetupOfCars(Generic[KeyedT]):
    """For a rule set's frozen race setup whose `cars` each have a `car` key: the setup to JSON
    and back, and one car's setup by its key."""

    cars: tuple[KeyedT, ...]

    def to_dict(self) -> dict[str, Any]:
        from rules.engine.serial import dump  # serial reads the states these pieces build

        return dump(self)

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Self:
        from rules.engine.serial import load

        return load(cls, raw)

    def car(self, key: str) -> KeyedT:
        return of_car(self.cars, key)
