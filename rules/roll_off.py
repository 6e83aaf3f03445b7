"""A roll-off: cars ordered by a die roll, those level rolling again among themselves as often
as needed. Season Pass qualifies this way (lowest first) and Formula D sets its grid (highest
first)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass


class UntiedReroll(ValueError):
    """A car has a re-roll although nothing tied it: it keeps its place."""

    def __init__(self, car: str) -> None:
        super().__init__(car)
        self.car = car


@dataclass(frozen=True)
class RollOff:
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


def rolls_owed(
    rolls: Mapping[str, Sequence[int]], tied: Sequence[tuple[str, ...]]
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(car, the cars it is tied with) for each car that still owes a roll: in each tied group,
    those that have rolled the fewest times so far."""
    owed = []
    for group in tied:
        fewest = min(len(rolls[car]) for car in group)
        owed.extend((car, group) for car in group if len(rolls[car]) == fewest)
    return tuple(owed)
