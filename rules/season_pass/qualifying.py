"""Qualifying: the black die plus the Pole modifier, lowest first; ties roll off unmodified.

Rulings: a roll-off that ties again is rolled again by those still tied (as often as needed).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.dice import Die, check_roll
from rules.season_pass.experience import EXPERIENCE_TABLE


class InvalidQualifying(ValueError):
    """Qualifying rolls that do not fit the cars, their pole modifiers or the ties to break."""


@dataclass(frozen=True)
class QualifyingOutcome:
    order: tuple[str, ...]  # the grid, pole first; empty while any tie is unbroken
    tied: tuple[tuple[str, ...], ...]  # groups that must roll the black die (unmodified) again


_POLE_MODIFIERS = frozenset(row.pole for row in EXPERIENCE_TABLE)


def qualifying_order(
    rolls: Mapping[str, Sequence[int]], pole: Mapping[str, int]
) -> QualifyingOutcome:
    """Grid order from each car's black die (rolls[car][0], plus pole[car]) and roll-offs.

    rolls[car][1:] are the unmodified tie-break rolls, compared in turn among the cars still tied.
    """
    if set(pole) != set(rolls):
        raise InvalidQualifying("Every car that qualifies needs one pole modifier.")
    for car, modifier in pole.items():
        if modifier not in _POLE_MODIFIERS:
            raise InvalidQualifying(f"{car}: {modifier} is not a Pole modifier (+1 to -3).")
    for car, car_rolls in rolls.items():
        if not car_rolls:
            raise InvalidQualifying(f"{car} has not rolled the black die to qualify.")
        for value in car_rolls:
            check_roll(Die.BLACK, value)

    order: list[str] = []
    tied: list[tuple[str, ...]] = []

    def rank(cars: list[str], stage: int) -> None:
        def score(car: str) -> int:
            return rolls[car][stage] + (pole[car] if stage == 0 else 0)

        for value in sorted({score(car) for car in cars}):
            group = [car for car in cars if score(car) == value]
            if len(group) == 1:
                _no_more_rolls(group[0], stage)
                order.append(group[0])
            elif all(len(rolls[car]) > stage + 1 for car in group):
                rank(group, stage + 1)
            else:
                for car in group:
                    _no_more_rolls(car, stage + 1)
                tied.append(tuple(group))

    def _no_more_rolls(car: str, stage: int) -> None:
        if len(rolls[car]) > stage + 1:
            raise InvalidQualifying(
                f"{car} has a tie-break roll but is not tied: it keeps its place."
            )

    rank(list(rolls), 0)
    return QualifyingOutcome(order=() if tied else tuple(order), tied=tuple(tied))
