"""Pit Stops: entering at the end of the first lap under the speed limit, the Quick Pit Stop
with its roll on the next turn, and the Technical Pit Stop.

Rulings where the document is loose (docs/rulings.md, "RBB"):
- A racer may stop once, as it completes the first lap (entering the pits completes it), on any
  roll of at least the spaces to its pit, as in Formula D (rules.formula_d.may_pit, reaches_pit).
- The speed limit puts the car in 4th if it was higher, at no WP; in the pits it is beside
  nobody (the pit lane is infinitely wide) and rolls for no engine damage.
- Both stops give all the tyre WP back as the racer enters (the setup's tyres, with a home
  track's 2 bonus). The racer chooses its stop there.
- Quick: on its next turn it rolls the damage die instead of moving; 1-10 it leaves in 4th and
  moves half the roll rounded up, that turn; 11-20 that turn is over, and on the next it leaves in
  4th rolling the green die.
- Technical: 2 WP back in the zones of the racer's choice other than tyres (both in one zone, or
  one in each of two), never above the setup; with only 1 WP missing it gets that one. It makes no
  roll: its next turn is spent waiting, as an 11-20 is, and the turn after it leaves in 4th.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from itertools import combinations_with_replacement

from rules.dice import Die, check_roll
from rules.formula_d.car import CarSheet, Zone
from rules.formula_d.pit_stop import (
    PIT_STOP_AFTER_LAP,
    PIT_STOPS,
    InvalidPitStop,
    may_pit,
    reaches_pit,
    refit_tires,
)
from rules.language import gettext as _


class PitStop(StrEnum):
    QUICK = "Quick Pit Stop"
    TECHNICAL = "Technical Pit Stop"


@dataclass(frozen=True)
class PitExit:
    """The Quick Pit Stop's roll: leave now in 4th for `spaces`, or wait for the next turn."""

    leaves_now: bool
    spaces: int = 0


PIT_SPEED_LIMIT = 4  # the highest gear in the pit lane
PIT_EXIT_GEAR = 4
QUICK_STOP_MAX = 10  # damage die at or below: leave that turn
TECHNICAL_STOP_WP = 2  # other WP back, of the racer's choice
REPAIRABLE: tuple[Zone, ...] = tuple(zone for zone in Zone if zone is not Zone.TIRES)


def pit_lane_gear(gear: int) -> int:
    """The gear the speed limit leaves a car in as it enters the pits."""
    return min(gear, PIT_SPEED_LIMIT)


def quick_stop_roll(black_roll: int) -> PitExit:
    """The damage die rolled on the turn after a Quick Pit Stop."""
    if check_roll(Die.BLACK, black_roll) <= QUICK_STOP_MAX:
        return PitExit(leaves_now=True, spaces=-(-black_roll // 2))  # half, rounded up
    return PitExit(leaves_now=False)


def missing(sheet: CarSheet, setup: CarSheet) -> dict[Zone, int]:
    """WP each zone other than tyres has lost since the start, as far as a stop can give back."""
    return {zone: setup[zone] - sheet[zone] for zone in REPAIRABLE if sheet[zone] < setup[zone]}


def technical_repairs(sheet: CarSheet, setup: CarSheet) -> tuple[tuple[Zone, ...], ...]:
    """Every choice of WP a Technical Pit Stop can give back: 2 WP (or all that are missing, if
    fewer) as zones, a zone named twice for 2 WP in it; () alone when nothing is missing."""
    lost = missing(sheet, setup)
    count = min(TECHNICAL_STOP_WP, sum(lost.values()))
    return tuple(
        choice
        for choice in combinations_with_replacement(tuple(lost), count)
        if all(choice.count(zone) <= lost[zone] for zone in choice)
    )


def technical_stop(sheet: CarSheet, setup: CarSheet, zones: Sequence[Zone]) -> CarSheet:
    """`sheet` with 1 WP back in each of `zones` (a zone twice for 2), checked against what may
    be chosen."""
    choice = tuple(sorted((Zone(zone) for zone in zones), key=list(Zone).index))
    allowed = technical_repairs(sheet, setup)
    if choice not in allowed:
        raise InvalidPitStop(
            _(
                "A Technical Pit Stop gives back 2 WP the car has lost, other than tyres, never "
                "more than it started with."
            )
        )
    return replace(sheet, **{_field(zone): sheet[zone] + choice.count(zone) for zone in choice})


def _field(zone: Zone) -> str:
    return zone.name.lower()


__all__ = [
    "PIT_EXIT_GEAR",
    "PIT_SPEED_LIMIT",
    "PIT_STOPS",
    "PIT_STOP_AFTER_LAP",
    "QUICK_STOP_MAX",
    "REPAIRABLE",
    "TECHNICAL_STOP_WP",
    "InvalidPitStop",
    "PitExit",
    "PitStop",
    "may_pit",
    "missing",
    "pit_lane_gear",
    "quick_stop_roll",
    "reaches_pit",
    "refit_tires",
    "technical_repairs",
    "technical_stop",
]
