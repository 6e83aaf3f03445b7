"""Setup: the grid by the black die, and the start roll made before engaging 1st gear.

Rulings where the document is loose (docs/rulings.md):
- Grid ties: only the tied cars re-roll, as often as needed, and the re-roll orders them among
  themselves; they keep the places their first roll earned as a group.
- Poor Start: the car misses the first round; in the second it moves in 1st gear by rolling the
  yellow die, with no second start roll (the black die is the roll not made "again").
- Great Start: the 4 spaces are the car's first move, made instead of rolling the yellow die; the
  car is in 1st gear, which is why it may go to 2nd next round.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from rules.dice import Die, check_roll
from rules.language import gettext as _
from rules.roll_off import UntiedReroll, roll_off

# --- Grid ------------------------------------------------------------------------------------


class InvalidGrid(ValueError):
    """Grid rolls that do not fit the cars or the ties to break."""


@dataclass(frozen=True)
class GridOutcome:
    order: tuple[str, ...]  # the grid, pole position first; empty while any tie is unbroken
    tied: tuple[tuple[str, ...], ...]  # groups that must re-roll the black die


def grid_order(
    rolls: Mapping[str, Sequence[int]],
    first_roll: Callable[[str, int], int] = lambda _car, value: value,
) -> GridOutcome:
    """Grid from each car's black die (rolls[car][0], as `first_roll` scores it), highest on
    pole, and its re-rolls.

    rolls[car][1:] are the re-rolls, compared in turn among the cars still tied.
    """
    for car, car_rolls in rolls.items():
        if not car_rolls:
            raise InvalidGrid(_("{car} has not rolled the black die for the grid.").format(car=car))
        for value in car_rolls:
            check_roll(Die.BLACK, value)

    try:
        outcome = roll_off(rolls, highest_first=True, first_roll=first_roll)
    except UntiedReroll as untied:
        raise InvalidGrid(
            _("{car} has a re-roll but is not tied: it keeps its place.").format(car=untied.car)
        ) from None
    return GridOutcome(order=outcome.order, tied=outcome.tied)


# --- Start roll ------------------------------------------------------------------------------


class Start(StrEnum):
    POOR = "Poor Start"
    NORMAL = "Normal Start"
    GREAT = "Great Start"


@dataclass(frozen=True)
class StartOutcome:
    start: Start
    misses_first_turn: bool
    rolls_first_gear_die: bool  # False: the car's first move is `spaces_at_once`
    spaces_at_once: int = 0


POOR_START_ROLL, GREAT_START_ROLL = 1, 20
GREAT_START_SPACES = 4
GREAT_START_LANES = 2  # the most lanes the 4 spaces may change, as on any straight
START_GEAR = 1  # every start, a Great Start too, leaves the car in 1st gear

# Black die   Start
START_TABLE: tuple[tuple[int, int, Start], ...] = (
    (1, 1, Start.POOR),
    (2, 19, Start.NORMAL),
    (20, 20, Start.GREAT),
)

STARTS: Mapping[Start, StartOutcome] = MappingProxyType(
    {
        Start.POOR: StartOutcome(Start.POOR, misses_first_turn=True, rolls_first_gear_die=True),
        Start.NORMAL: StartOutcome(
            Start.NORMAL, misses_first_turn=False, rolls_first_gear_die=True
        ),
        Start.GREAT: StartOutcome(
            Start.GREAT,
            misses_first_turn=False,
            rolls_first_gear_die=False,
            spaces_at_once=GREAT_START_SPACES,
        ),
    }
)


def start_roll(black_roll: int) -> StartOutcome:
    """What the black die rolled before engaging 1st gear does to the car's first move."""
    check_roll(Die.BLACK, black_roll)
    return STARTS[next(start for low, high, start in START_TABLE if low <= black_roll <= high)]
