"""Places: in order of crossing the finish line after lap 2, then the racers that did not reach
it, by the position they reached nearest the finish line.

Rulings where the document is loose (docs/rulings.md, "RBB"):
- Crossing order: by the round crossed in; in one round the racer farther past the line first,
  and level, the one that moved first (as Formula D's race at the table).
- Not reaching the line: more laps first, then the position on the board, measured as the order
  of play measures the leader: spaces moved from the racer's grid slot, each slot a space behind
  the one before it (pole 51 spaces on is ahead of 4th on the grid 52 spaces on); level on both,
  the racer that went out later is placed first (it held the position longer).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

RACE_LAPS = 2
RACERS = 10
RACES = 8
TEAM_SIZE = 2


@dataclass(frozen=True)
class Crossing:
    car: str
    round: int
    past_line: float  # spaces beyond the line at the end of its move
    moved_at: int  # when it moved (earlier first)


@dataclass(frozen=True)
class Reached:
    car: str
    laps: int
    spaces: int  # spaces moved since the start
    out_at: int  # when it went out (later is placed first when level)
    grid_slot: int  # where it started, pole 0: each slot a space behind the one before it


def places(finished: Sequence[Crossing], not_finished: Sequence[Reached]) -> tuple[str, ...]:
    """Every racer, 1st first."""
    crossed = sorted(finished, key=lambda car: (car.round, -car.past_line, car.moved_at))
    reached = sorted(
        not_finished, key=lambda car: (-car.laps, car.grid_slot - car.spaces, -car.out_at)
    )
    return (*(car.car for car in crossed), *(car.car for car in reached))
