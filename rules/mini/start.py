"""Before the race and the start: the grid by reverse season standings (black-die roll-offs
for ties), the order pits are chosen in, the start roll with its quick-start bonus by grid
row, and the double-spaces of the first lap.

Rulings where the document is loose (docs/rulings.md, "Mini's series"):
- Ties are equal season points (no countback): the tied cars roll black, highest forward.
- A grid row is two cars; the quick start's additional spaces are the car's row number (pole
  row 1, the next 2, ...): the document names the row, not the numbers.
- A poor start engages 1st gear and does not move this turn; next turn the car chooses its
  gear as usual.
- Double-spaces: each movement point spent between the start line and the first turn on lap 1
  moves the car two spaces.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from rules.dice import Die, check_roll
from rules.formula_d.start import START_GEAR
from rules.language import gettext as _
from rules.roll_off import UntiedReroll, ranked_roll_off

__all__ = [
    "CARS_PER_ROW",
    "DOUBLE_SPACES_LAP",
    "SPACES_PER_DOUBLE_POINT",
    "START_GEAR",
    "START_TABLE",
    "GridOutcome",
    "InvalidGrid",
    "Start",
    "StartOutcome",
    "board_spaces",
    "grid_order",
    "grid_row",
    "pit_choice_order",
    "quick_start_spaces",
    "start_roll",
]


class InvalidGrid(ValueError):
    """Standings or roll-offs that do not fit the cars."""


@dataclass(frozen=True)
class GridOutcome:
    order: tuple[str, ...]  # pole first; empty while a tie is unbroken
    tied: tuple[tuple[str, ...], ...]  # groups that must roll (again)


def grid_order(
    points: Mapping[str, int], rolls: Mapping[str, Sequence[int]] | None = None
) -> GridOutcome:
    """Reverse season standings: the fewest points on pole; cars on equal points ordered by
    their black-die rolls (`rolls[car]`, re-rolls after the first), highest forward."""
    rolls = rolls or {}
    unknown = set(rolls) - set(points)
    if unknown:
        raise InvalidGrid(_("{car} rolled but is not on the grid.").format(car=sorted(unknown)[0]))
    for car_rolls in rolls.values():
        for value in car_rolls:
            check_roll(Die.BLACK, value)
    try:
        outcome = ranked_roll_off(points, rolls)
    except UntiedReroll as untied:
        raise InvalidGrid(
            _("{car} has a roll but is not tied: it keeps its place.").format(car=untied.car)
        ) from None
    return GridOutcome(order=outcome.order, tied=outcome.tied)


def pit_choice_order(grid: Sequence[str]) -> tuple[str, ...]:
    """Pit stops are chosen in reverse starting order: last on the grid first."""
    return tuple(reversed(grid))


# --- Starting the race -------------------------------------------------------------------------


class Start(StrEnum):
    POOR = "poor start"
    NORMAL = "normal start"
    QUICK = "quick start"


@dataclass(frozen=True)
class StartOutcome:
    start: Start
    moves: bool  # False: in 1st gear, but no movement this turn
    extra_spaces: int = 0  # added to the 1st-gear roll


# Black die   start
START_TABLE: tuple[tuple[int, int, Start], ...] = (
    (1, 1, Start.POOR),
    (2, 18, Start.NORMAL),
    (19, 20, Start.QUICK),
)
CARS_PER_ROW = 2


def grid_row(position: int) -> int:
    """The row of the `position`th car on the grid (pole is 1), two cars a row."""
    if position < 1:
        raise InvalidGrid(_("There is no grid position {position}.").format(position=position))
    return (position + CARS_PER_ROW - 1) // CARS_PER_ROW


def quick_start_spaces(position: int) -> int:
    """The additional spaces of a quick start from grid `position`: the row number."""
    return grid_row(position)


def start_roll(black_roll: int, position: int) -> StartOutcome:
    """The black die rolled at the start by the car in grid `position`."""
    check_roll(Die.BLACK, black_roll)
    start = next(start for low, high, start in START_TABLE if low <= black_roll <= high)
    if start is Start.POOR:
        return StartOutcome(start, moves=False)
    extra = quick_start_spaces(position) if start is Start.QUICK else 0
    return StartOutcome(start, moves=True, extra_spaces=extra)


DOUBLE_SPACES_LAP = 1  # on the first lap, between the start line and the first turn
SPACES_PER_DOUBLE_POINT = 2


def board_spaces(points: int, double_points: int = 0) -> int:
    """Spaces covered by a move of `points` movement points, `double_points` of them spent on
    double-spaces."""
    if points < 0 or not 0 <= double_points <= points:
        raise InvalidGrid(
            _(
                "A move of {points} movement points cannot spend {double_points} on double-spaces."
            ).format(points=points, double_points=double_points)
        )
    return points + double_points * (SPACES_PER_DOUBLE_POINT - 1)
