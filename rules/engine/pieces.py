"""Pieces every rule set's race hooks use, naming no rule set: how prompts name a car, replacing
one car in a state, the cars still racing, and a board fact asked after a move.

A state here is any rule set's frozen state whose `cars` are frozen dataclasses with a `car` key
and a `racing` property (rules/engine/contract.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from rules.dice import Die
from rules.engine.events import Field, Prompt

State = TypeVar("State")


def name(car: str) -> str:
    """ "red" -> "Red": a car's key as prompts show it."""
    return car[:1].upper() + car[1:]


def plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def with_car(state: State, key: str, **changes: object) -> State:
    """`state` with the car `key` changed."""
    cars: Any = state.cars  # type: ignore[attr-defined]
    return replace(  # type: ignore[type-var]
        state, cars=tuple(replace(car, **changes) if car.car == key else car for car in cars)
    )


def racing(state: Any) -> tuple[str, ...]:
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


# A roll of the black die, the one field of many prompts (qualifying, checks, roll-offs).
BLACK_DIE = Field("value", "Black die", "die", die=Die.BLACK)


class CarsByKey:
    """For a rule set's frozen race state whose `cars` each have a `car` key: one car by its
    key, and every key in the state's order."""

    cars: tuple[Any, ...]

    def car(self, key: str) -> Any:
        for car in self.cars:
            if car.car == key:
                return car
        raise KeyError(key)

    @property
    def car_keys(self) -> tuple[str, ...]:
        return tuple(car.car for car in self.cars)
