"""Starts: the grid (random for the season's first race, then the reverse of the previous race's
finish), and the start roll on the damage die.

The start roll is Formula D's table exactly (1 a stall that misses the turn, 2-19 a normal start
in 1st, 20 four spaces instead of the 1st-gear roll): rules.formula_d.start_roll.

Rulings where the document is loose (docs/rulings.md, "RBB"):
- Random grid: the racers roll the damage die at the table, highest on pole, ties re-rolled
  (Formula D's grid roll), so the draw is made where everyone sees it.
- Reverse grid: the previous race's finishing order reversed (its last place on pole); a racer
  who did not start that race lines up behind those who did, in the order they are listed.
  Paddock proposes it and the referee confirms or corrects it at the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.formula_d.start import (
    GREAT_START_ROLL,
    GREAT_START_SPACES,
    POOR_START_ROLL,
    START_GEAR,
    START_TABLE,
    Start,
    StartOutcome,
    grid_order,
    start_roll,
)

STALL_ROLL, FANTASTIC_START_ROLL = POOR_START_ROLL, GREAT_START_ROLL
FANTASTIC_START_SPACES = GREAT_START_SPACES


def reverse_grid(previous_finish: Sequence[str], starters: Sequence[str]) -> tuple[str, ...]:
    """The grid for `starters`, pole first: the previous race's finish (`previous_finish`, 1st
    first) reversed, then the starters who were not in it. Empty when there was no previous race:
    the grid is then drawn at random."""
    if not previous_finish:
        return ()
    raced = [key for key in reversed(previous_finish) if key in starters]
    return (*raced, *(key for key in starters if key not in raced))


__all__ = [
    "FANTASTIC_START_ROLL",
    "FANTASTIC_START_SPACES",
    "STALL_ROLL",
    "START_GEAR",
    "START_TABLE",
    "Start",
    "StartOutcome",
    "grid_order",
    "reverse_grid",
    "start_roll",
]
