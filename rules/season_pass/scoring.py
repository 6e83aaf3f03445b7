"""The Scoring Table: points by finishing place for fields of 4, 6, 8, 9 and 10 cars.

Cars that do not finish are placed by how far they got, and score for that place like anyone
else. The round's multiplier (2x, 3x) multiplies the printed points. A team scores the sum of its
drivers' points.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum
from types import MappingProxyType


class InvalidPlace(ValueError):
    """A finishing place or field size that cannot happen in the race."""


class FieldSizeRule(StrEnum):
    """Which printed row to use for a field size the table does not print (5, 7, 3, 11...)."""

    NEXT_LARGER = "next_larger"
    NEXT_SMALLER = "next_smaller"


# cars   1st  2nd  3rd  4th  5th  6th  7th  8th  9th  10th
SCORING_TABLE: Mapping[int, tuple[int, ...]] = MappingProxyType(
    {
        4: (100, 60, 30, 5),
        6: (100, 75, 55, 35, 20, 5),
        8: (100, 80, 60, 45, 30, 20, 10, 5),
        9: (100, 80, 65, 50, 35, 25, 15, 10, 5),
        10: (100, 80, 65, 50, 40, 30, 20, 15, 10, 5),
    }
)


def scoring_row(field_size: int, rule: FieldSizeRule = FieldSizeRule.NEXT_LARGER) -> int:
    """The printed field size whose row scores a race of `field_size` cars."""
    if field_size < 1:
        raise InvalidPlace(f"A race needs at least one car, not {field_size}.")
    sizes = sorted(SCORING_TABLE)
    if FieldSizeRule(rule) is FieldSizeRule.NEXT_LARGER:
        return next((size for size in sizes if size >= field_size), sizes[-1])
    return next((size for size in reversed(sizes) if size <= field_size), sizes[0])


def points_for(
    place: int,
    field_size: int,
    multiplier: int = 1,
    rule: FieldSizeRule = FieldSizeRule.NEXT_LARGER,
) -> int:
    """Points for finishing `place` of `field_size` cars in a round worth `multiplier`."""
    if not 1 <= place <= field_size:
        raise InvalidPlace(f"Place {place} is not a place in a race of {field_size} cars.")
    row = SCORING_TABLE[scoring_row(field_size, rule)]
    points = row[place - 1] if place <= len(row) else 0
    return points * multiplier


def team_score(driver_points: Iterable[int]) -> int:
    """ "Add the driver scores together to get the score for the team.\""""
    return sum(driver_points)
