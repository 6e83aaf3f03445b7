"""Optional Rules, Qualifying Lap with Stopwatch: each car drives one lap against the clock, and
the grid is the laps' order: "The car that completed the lap with the fewest die throws takes
first position ... If 2 players tie, the order is decided by the fastest stopwatch time."

A lap's throws are "the number of die throws the player needed to finish the lap", plus "one
throw of the die for every full minute the player took to complete the lap, and one throw of
the die per space that the car overshot any corner". "WP are not taken into account." "The lap is
over if the player does not stop at all in corners where 2 or 3 stops are required (he then
starts the race from the last position)."

Rulings where the document is silent (docs/rulings.md, "Stopwatch qualifying"):
- The die throws are the gear die's, one a move, the throw that crosses the line included; the
  black die is not rolled for damage in a lap whose WP are not counted.
- The time is kept to the tenth of a second, cut, not rounded (a stopwatch's reading).
- Laps level on throws and time, and the laps that were over (all last), are ordered by a
  roll-off of the black die among them, highest ahead, as the base game's grid ties.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from rules.formula_d.start import GridOutcome, InvalidGrid
from rules.language import gettext as _
from rules.roll_off import UntiedReroll, ranked_roll_off
from rules.stopwatch import TENTHS_A_MINUTE, stopwatch_reading, tenths_between

# The stops a corner asks for, of which none at all ends the lap ("2 or 3 stops").
LAP_ENDING_CORNERS = (2, 3)


class InvalidLap(ValueError):
    """A qualifying lap the stopwatch or the die cannot have given."""


def lap_tenths(started_at: str, stopped_at: str) -> int:
    """The stopwatch's time between two moments (ISO 8601 with their UTC offsets), in whole
    tenths of a second, cut as a stopwatch reads."""
    tenths = tenths_between(started_at, stopped_at)
    if tenths < 0:
        raise InvalidLap(_("The stopwatch cannot stop before it was started."))
    return tenths


def lap_time(tenths: int) -> str:
    """A time as a stopwatch shows it: "1:02.3", "0:09.0", "61:00.0"."""
    return stopwatch_reading(tenths)


def full_minutes(tenths: int) -> int:
    """Every full minute the lap took: each is one throw more."""
    return tenths // TENTHS_A_MINUTE


@dataclass(frozen=True)
class LapResult:
    """One car's qualifying lap: the die throws it needed, the spaces it overshot corners by
    (all corners together), whether it stopped not at all in a corner of 2 or 3 stops (the lap
    is over), and its time in tenths of a second."""

    die_throws: int
    overshoot: int
    no_stop: bool
    tenths: int

    def __post_init__(self) -> None:
        if self.no_stop:
            return
        if self.die_throws < 1:
            raise InvalidLap(_("A lap takes at least one throw of the die."))
        if self.overshoot < 0:
            raise InvalidLap(
                _("Spaces overshot count from 0, not {overshoot}.").format(overshoot=self.overshoot)
            )

    @property
    def throws(self) -> int:
        """The lap's throws: the die's, one per full minute, one per space overshot."""
        return self.die_throws + full_minutes(self.tenths) + self.overshoot

    @property
    def rank_key(self) -> tuple[bool, int, int]:
        """Fewest throws first, then the fastest time; a lap that was over after all the rest,
        whatever its throws and time."""
        if self.no_stop:
            return (True, 0, 0)
        return (False, self.throws, self.tenths)


def qualifying_grid(
    laps: Mapping[str, LapResult],
    tie_rolls: Mapping[str, Sequence[int]],
    first_roll: Callable[[str, int], int] = lambda _car, value: value,
) -> GridOutcome:
    """The grid the laps give, pole first: by `LapResult.rank_key`; cars level on it roll the
    black die among themselves (`tie_rolls`, each car's rolls in turn, the first as
    `first_roll` scores it: Quick Off The Mark), highest ahead, as often as they are level
    again. No order while a tie has a roll to come."""
    ranks = {car: lap.rank_key for car, lap in laps.items()}
    try:
        outcome = ranked_roll_off(ranks, tie_rolls, first_roll)
    except UntiedReroll as untied:
        raise InvalidGrid(
            _("{car} has a roll-off roll but is not tied.").format(car=untied.car)
        ) from None
    return GridOutcome(order=outcome.order, tied=outcome.tied)
