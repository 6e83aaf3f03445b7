"""Crossing the line: the photo finish by the share of the move used to reach the line, the
leader of each lap and the lap-leader point.

Rulings where the document is loose (docs/rulings.md, "Mini's series"):
- The share is spaces to the line over the move's movement points (the gear-die roll plus a
  quick start's spaces, the clutch and slipstreams); level, the car that moved first.
- The leader of a lap is the first car to complete it on the track proper: a car completing it
  by entering the pits has left the track proper. The point stands if the car later goes out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules.language import gettext as _

LAP_LEADER_POINTS = 1


class InvalidCrossing(ValueError):
    """A crossing of the line that cannot be."""


@dataclass(frozen=True)
class Crossing:
    """`car` completed lap `lap` in round `round`, `to_line` movement points into a move of
    `movement`, at event `at`; `pits`: by entering the pits."""

    car: str
    lap: int
    round: int
    to_line: float
    movement: int
    at: int
    pits: bool = False

    @property
    def share(self) -> Fraction:
        return turn_share(self.to_line, self.movement)


def turn_share(to_line: float, movement: int) -> Fraction:
    """The share of the move used to reach the line (10 spaces of a 20: one half)."""
    if movement < 1 or not 0 < to_line <= movement:
        raise InvalidCrossing(
            _("A move of {movement} cannot reach the line in {to_line}.").format(
                movement=movement, to_line=to_line
            )
        )
    return Fraction(to_line).limit_denominator(2) / movement


def crossing_order(crossings: Sequence[Crossing]) -> tuple[Crossing, ...]:
    """Earlier rounds first; in one round the smaller share of the move, then the earlier move."""
    return tuple(sorted(crossings, key=lambda c: (c.round, c.share, c.at)))


def lap_leaders(crossings: Sequence[Crossing], laps: int) -> tuple[str | None, ...]:
    """The car that led each non-final lap (None where none completed it on the track)."""
    leaders: list[str | None] = []
    for lap in range(1, laps):
        on_track = [c for c in crossings if c.lap == lap and not c.pits]
        leaders.append(crossing_order(on_track)[0].car if on_track else None)
    return tuple(leaders)
