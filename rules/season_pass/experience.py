"""The Experience Table: XP gives a driver's level, and the level gives the pole modifier.

A driver gains one XP for starting a race (before the level is looked up for that race) and a
second for finishing it without injury. Any driver with less than zero XP retires.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Level(StrEnum):
    ROOKIE = "Rookie"
    VETERAN = "Veteran"
    CHAMPION = "Champion"
    LEGEND = "Legend"
    ICON = "Icon"


@dataclass(frozen=True)
class ExperienceRow:
    """One printed row: XP from `low` to `high` (None for "50+") is `level`, with `pole`."""

    low: int
    high: int | None
    level: Level
    pole: int


# XP      Level     Pole
EXPERIENCE_TABLE: tuple[ExperienceRow, ...] = (
    ExperienceRow(0, 5, Level.ROOKIE, +1),
    ExperienceRow(6, 19, Level.VETERAN, 0),
    ExperienceRow(20, 35, Level.CHAMPION, -1),
    ExperienceRow(36, 49, Level.LEGEND, -2),
    ExperienceRow(50, None, Level.ICON, -3),
)

XP_FOR_STARTING = 1
XP_FOR_FINISHING_UNINJURED = 1


def level_for(xp: int) -> Level:
    """The driver's level for `xp`; below zero (a driver about to retire) reads as Rookie."""
    for row in reversed(EXPERIENCE_TABLE):
        if xp >= row.low:
            return row.level
    return Level.ROOKIE


def level_when_starting(xp: int) -> Level:
    """The level a driver with `xp` races at: "Add one experience point to each driver that
    starts the race, then look up the experience level" (Selecting Drivers)."""
    return level_for(xp + XP_FOR_STARTING)


def pole_modifier(level: Level) -> int:
    """What the driver adds to the black die when qualifying: +1 (Rookie) to -3 (Icon)."""
    return next(row.pole for row in EXPERIENCE_TABLE if row.level is Level(level))


def retires(xp: int) -> bool:
    """ "Any driver with less than zero experience points will retire and may no longer race.\""""
    return xp < 0
