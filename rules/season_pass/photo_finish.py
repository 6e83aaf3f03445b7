"""Photo Finish: cars crossing the line in the same round are ordered by the fraction of their
move it took to reach the line, lowest first.

Rulings: "roll" is the car's total movement that turn (after brakes); an exact tie keeps the order
the cars were given in (the document does not break it).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from rules.language import gettext as _


class InvalidPhotoFinish(ValueError):
    """A distance to the line and roll that cannot describe a car crossing it this move."""


def _check(distance: float, roll: int) -> None:
    if roll < 1:
        raise InvalidPhotoFinish(
            _("A move of {roll} spaces cannot reach the line.").format(roll=roll)
        )
    if not 0 < distance <= roll:
        raise InvalidPhotoFinish(
            _(
                "A car {distance} spaces from the line does not cross it with a roll of {roll}."
            ).format(distance=distance, roll=roll)
        )


def photo_finish_percent(distance: float, roll: int) -> float:
    """ "100 times the distance divided by the roll gives the percentage of the move.\""""
    _check(distance, roll)
    return 100 * distance / roll


def photo_finish_order(finishers: Mapping[str, tuple[float, int]]) -> tuple[str, ...]:
    """Cars that crossed the line in the same round, first across first."""
    for distance, roll in finishers.values():
        _check(distance, roll)
    # Exact fractions, so that 3/6 and 4/8 tie rather than round apart.
    return tuple(sorted(finishers, key=lambda car: Fraction(finishers[car][0]) / finishers[car][1]))
