"""Qualifying: the black die plus the Pole modifier, lowest first; ties roll off unmodified.

Rulings: a roll-off that ties again is rolled again by those still tied (as often as needed).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.dice import Die, check_roll
from rules.language import gettext as _
from rules.roll_off import UntiedReroll, roll_off
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
        raise InvalidQualifying(_("Every car that qualifies needs one pole modifier."))
    for car, modifier in pole.items():
        if modifier not in _POLE_MODIFIERS:
            raise InvalidQualifying(
                _("{car}: {modifier} is not a Pole modifier (+1 to -3).").format(
                    car=car, modifier=modifier
                )
            )
    for car, car_rolls in rolls.items():
        if not car_rolls:
            raise InvalidQualifying(
                _("{car} has not rolled the black die to qualify.").format(car=car)
            )
        for value in car_rolls:
            check_roll(Die.BLACK, value)

    try:
        outcome = roll_off(
            rolls, highest_first=False, first_roll=lambda car, value: value + pole[car]
        )
    except UntiedReroll as untied:
        raise InvalidQualifying(
            _("{car} has a tie-break roll but is not tied: it keeps its place.").format(
                car=untied.car
            )
        ) from None
    return QualifyingOutcome(order=outcome.order, tied=outcome.tied)
