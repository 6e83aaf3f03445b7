"""A roll-off: cars ordered by a die roll, those level rolling again among themselves as often
as needed. Season Pass qualifies this way (lowest first) and Formula D sets its grid (highest
first); Mini's grid (by reverse standings) and Formula D's qualifying laps order cars by what
they did, the cars level on it rolling off (`ranked_roll_off`)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any


class UntiedReroll(ValueError):
    """A car has a re-roll although nothing tied it: it keeps its place."""

    def __init__(self, car: str) -> None:
        super().__init__(car)
        self.car = car


@dataclass(frozen=True)
class RollOff:
    """Where a roll-off stands: the order settled so far, and the groups still tied."""

    order: tuple[str, ...]  # first place first; empty while any tie is unbroken
    tied: tuple[tuple[str, ...], ...]  # groups that must roll again


def roll_off(
    rolls: Mapping[str, Sequence[int]],
    *,
    highest_first: bool,
    first_roll: Callable[[str, int], int] = lambda _car, value: value,
) -> RollOff:
    """The order of `rolls[car][0]` (as `first_roll` scores it), ties broken by the re-rolls
    `rolls[car][1:]`, compared unmodified in turn among the cars still tied. A car whose rolls
    are all given is placed; a tie with a roll still to come is in `tied`."""
    order: list[str] = []
    tied: list[tuple[str, ...]] = []

    def score(car: str, stage: int) -> int:
        value = rolls[car][stage]
        return first_roll(car, value) if stage == 0 else value

    def rank(cars: list[str], stage: int) -> None:
        scores = sorted({score(car, stage) for car in cars}, reverse=highest_first)
        for value in scores:
            group = [car for car in cars if score(car, stage) == value]
            if len(group) == 1:
                no_more_rolls(group[0], stage)
                order.append(group[0])
            elif all(len(rolls[car]) > stage + 1 for car in group):
                rank(group, stage + 1)
            else:
                for car in group:
                    no_more_rolls(car, stage + 1)
                tied.append(tuple(group))

    def no_more_rolls(car: str, stage: int) -> None:
        if len(rolls[car]) > stage + 1:
            raise UntiedReroll(car)

    rank(list(rolls), 0)
    return RollOff(order=() if tied else tuple(order), tied=tuple(tied))


def ranked_roll_off(
    ranks: Mapping[str, Any],
    rolls: Mapping[str, Sequence[int]],
    first_roll: Callable[[str, int], int] = lambda _car, value: value,
) -> RollOff:
    """The cars in order of their `ranks` (the least first: points, a lap's throws and time),
    those of equal rank by a roll-off of their `rolls` among themselves (the first as
    `first_roll` scores it), highest ahead, re-rolled as often as they are level again. A group
    level on its rank with a roll still owed is in `tied`; a car that rolled without being
    level with another is UntiedReroll."""
    order: list[str] = []
    tied: list[tuple[str, ...]] = []
    levels: list[Hashable] = sorted(set(ranks.values()))
    for level in levels:
        group = [car for car in ranks if ranks[car] == level]
        if len(group) == 1:
            if rolls.get(group[0]):
                raise UntiedReroll(group[0])
            order.append(group[0])
        elif any(not rolls.get(car) for car in group):
            tied.append(tuple(group))
        else:
            group_rolls = {car: rolls[car] for car in group}
            outcome = roll_off(group_rolls, highest_first=True, first_roll=first_roll)
            order.extend(outcome.order)
            tied.extend(outcome.tied)
    return RollOff(order=() if tied else tuple(order), tied=tuple(tied))


def place_so_far(
    rolls: Mapping[str, Sequence[int]],
    car: str,
    *,
    highest_first: bool,
    first_roll: Callable[[str, int], int] = lambda _car, value: value,
) -> tuple[int, tuple[str, ...]]:
    """Where `car`'s first roll puts it among the cars that have rolled (a car with no roll in
    `rolls` yet is left out): 1 plus the cars ahead of it, and the cars level with it, which
    roll off for their places."""
    scores = {other: first_roll(other, values[0]) for other, values in rolls.items() if values}
    mine = scores[car]
    ahead = sum(1 for score in scores.values() if (score > mine if highest_first else score < mine))
    level = tuple(other for other, score in scores.items() if score == mine and other != car)
    return ahead + 1, level


def rolls_owed(
    rolls: Mapping[str, Sequence[int]], tied: Sequence[tuple[str, ...]]
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(car, the cars it is tied with) for each car that still owes a roll: in each tied group,
    those that have rolled the fewest times so far."""
    owed: list[tuple[str, tuple[str, ...]]] = []
    for group in tied:
        fewest = min(len(rolls[car]) for car in group)
        owed.extend((car, group) for car in group if len(rolls[car]) == fewest)
    return tuple(owed)


__all__ = [
    "UntiedReroll",
    "RollOff",
    "roll_off",
    "ranked_roll_off",
    "place_so_far",
    "rolls_owed",
]
