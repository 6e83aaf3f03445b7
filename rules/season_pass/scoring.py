"""The Scoring Table: points by finishing place for fields of 4, 6, 8, 9 and 10 cars.

Cars that do not finish are placed by how far they got, and score for that place like anyone
else. The round's multiplier (2x, 3x) multiplies the printed points. A team scores the sum of its
drivers' points.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum
from types import MappingProxyType

from rules.championship import InvalidPlace as InvalidPlace  # raised by points_for
from rules.championship import PointsTable


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


# The Scoring Table as the points table a Season Pass league starts with (its preset).
SCORING_POINTS = PointsTable.by_field_size(SCORING_TABLE)


def scoring_row(field_size: int, rule: FieldSizeRule = FieldSizeRule.NEXT_LARGER) -> int:
    """The printed field size whose row scores a race of `field_size` cars."""
    smaller = FieldSizeRule(rule) is FieldSizeRule.NEXT_SMALLER
    cars = SCORING_POINTS.row_for(field_size, smaller=smaller).cars
    assert cars is not None  # the Scoring Table prints a row for each field size
    return cars


def points_for(
    place: int,
    field_size: int,
    multiplier: int = 1,
    rule: FieldSizeRule = FieldSizeRule.NEXT_LARGER,
) -> int:
    """Points for finishing `place` of `field_size` cars in a round worth `multiplier`."""
    smaller = FieldSizeRule(rule) is FieldSizeRule.NEXT_SMALLER
    return SCORING_POINTS.points(place, field_size, smaller_row=smaller) * multiplier


def team_score(driver_points: Iterable[int]) -> int:
    """ "Add the driver scores together to get the score for the team.\""""
    return sum(driver_points)
