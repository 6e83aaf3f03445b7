"""Injuries: the Overshoot Table, the Injury Table, and what an injury costs.

Rulings where the document is silent or loose (docs/rulings.md):
- "Safe!" is no injury: no XP lost, no race missed, not counted as a prior injury.
- Any other result that is a number, including a severity of 0, is an injury: the driver loses
  severity + age + prior injuries XP ("Any driver who rolls on the injury table will lose
  experience points unless they roll Safe!"), misses `severity` races (0 for a 0), and it
  counts as a prior injury from then on.
- A check with several columns (Red + Black, Red + 2 Black) adds up every numeric result; it is
  "Safe!" only if no column gave a number, i.e. the only result reached was "Safe!".
- When a roll sends the driver to further columns, those are rolled next, before any columns that
  were already waiting ("roll the black die against the indicated column(s)" straight away).
- "Dead" ends the check at once: the columns still waiting are not rolled; the driver dies.
- The Injury Table can send a driver round in circles (Violet 4-5 -> Indigo, Indigo 15-17 ->
  Violet; Red 4-5 -> Red + Black), so a check has no fixed maximum number of rolls; every column
  has rows (6-14) that end it, so it ends with certainty.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from rules.dice import Die, check_roll
from rules.language import gettext as _
from rules.season_pass.driving import DISABLING_DAMAGE
from rules.season_pass.schedule import extra_healing_before


class Column(StrEnum):
    """A column of the Injury Table, from the mildest (Violet) to the worst (Black)."""

    VIOLET = "violet"
    INDIGO = "indigo"
    BLUE = "blue"
    GREEN = "green"
    YELLOW = "yellow"
    ORANGE = "orange"
    RED = "red"
    BLACK = "black"


class Fate(StrEnum):
    """A printed injury result that is not a severity or a column."""

    SAFE = "Safe!"
    DEAD = "Dead"


SAFE = Fate.SAFE
DEAD = Fate.DEAD

# A cell is a severity, further columns to roll against (in printed order), Safe! or Dead.
InjuryCell = int | tuple[Column, ...] | Fate


class InvalidOvershoot(ValueError):
    """An overshoot distance below one: the car did not overshoot."""


class InjuryAlreadySettled(ValueError):
    """A roll was given for an injury check that has nothing left to roll."""


class InjuryNotSettled(ValueError):
    """An injury check was asked for its result while columns were still to be rolled."""


class InvalidInjuryCheck(ValueError):
    """An injury check started with no column, or with figures no driver can have."""


# --- Overshoot Table -------------------------------------------------------------------------

# Distance  Column   (6+ is Orange)
OVERSHOOT_TABLE: tuple[tuple[int, Column], ...] = (
    (1, Column.VIOLET),
    (2, Column.INDIGO),
    (3, Column.BLUE),
    (4, Column.GREEN),
    (5, Column.YELLOW),
    (6, Column.ORANGE),
)


def overshoot_column(distance: int) -> Column:
    """The Injury Table column for overshooting by `distance` (movement roll minus safe roll)."""
    if distance < 1:
        raise InvalidOvershoot(
            _("An overshoot of {distance} is no overshoot: distances start at 1.").format(
                distance=distance
            )
        )
    return dict(OVERSHOOT_TABLE)[min(distance, OVERSHOOT_TABLE[-1][0])]


# --- Injury Table ----------------------------------------------------------------------------


@dataclass(frozen=True)
class InjuryRow:
    """One printed row: black-die rolls `low`-`high`, one cell per column Violet to Black."""

    low: int
    high: int
    cells: tuple[InjuryCell, ...]

    def cell(self, column: Column) -> InjuryCell:
        return self.cells[INJURY_COLUMNS.index(Column(column))]


INJURY_COLUMNS: tuple[Column, ...] = tuple(Column)

_V, _I, _B, _G = (Column.VIOLET,), (Column.INDIGO,), (Column.BLUE,), (Column.GREEN,)
_Y, _O, _R = (Column.YELLOW,), (Column.ORANGE,), (Column.RED,)
_R_K = (Column.RED, Column.BLACK)  # "Red + Black"
_R_2K = (Column.RED, Column.BLACK, Column.BLACK)  # "Red + 2 Black"

# fmt: off
INJURY_TABLE: tuple[InjuryRow, ...] = (
    #      roll       Violet Indigo Blue Green Yellow Orange Red  Black
    InjuryRow(18, 20, (SAFE,  0,  _V,  _I,  _B,   _G,   _Y,   0)),
    InjuryRow(15, 17, (0,     _V, _I,  _B,  _G,   _Y,   _O,   0)),
    InjuryRow(12, 14, (1,     1,  1,   2,   2,    3,    1,    1)),
    InjuryRow(9, 11,  (1,     1,  2,   2,   3,    3,    3,    2)),
    InjuryRow(6, 8,   (1,     2,  2,   3,   3,    4,    5,    3)),
    InjuryRow(4, 5,   (_I,    _B, _G,  _Y,  _O,   _R,   _R_K, 4)),
    InjuryRow(2, 3,   (_B,    _G, _Y,  _O,  _R,   _R_K, 10,   10)),
    InjuryRow(1, 1,   (_G,    _Y, _O,  _R,  _R_K, _R_2K, DEAD, DEAD)),
)
# fmt: on


def injury_result(column: Column, black_roll: int) -> InjuryCell:
    """What the Injury Table says for `black_roll` in `column`."""
    check_roll(Die.BLACK, black_roll)
    row = next(row for row in INJURY_TABLE if row.low <= black_roll <= row.high)
    return row.cell(column)


@dataclass(frozen=True)
class InjuryCheck:
    """An injury check under way or settled; each roll gives a new check."""

    pending: tuple[Column, ...]  # columns still to roll against, the next first
    rolls: tuple[tuple[Column, int], ...] = ()
    severity: int = 0  # the numeric results added up
    safe: bool = False  # settled, and every column ended in "Safe!" (no number at all)
    dead: bool = False
    injured: bool = False  # some column gave a number (a 0 included)

    @property
    def settled(self) -> bool:
        return not self.pending

    @property
    def next_column(self) -> Column | None:
        return self.pending[0] if self.pending else None


def injury_check_start(*columns: Column) -> InjuryCheck:
    """Begin a check: (BLUE,) for an overshoot of 3, (RED, BLACK) for 3 collision damage."""
    if not columns:
        raise InvalidInjuryCheck(_("An injury check needs a column to roll against."))
    return InjuryCheck(pending=tuple(Column(column) for column in columns))


def injury_check_roll(check: InjuryCheck, black_roll: int) -> InjuryCheck:
    """Roll the black die against the check's next column."""
    if check.settled:
        raise InjuryAlreadySettled(_("The injury check is settled: there is nothing left to roll."))
    column, rest = check.pending[0], check.pending[1:]
    result = injury_result(column, black_roll)
    rolled = replace(check, rolls=(*check.rolls, (column, black_roll)))
    if result is Fate.DEAD:
        return replace(rolled, pending=(), dead=True)
    if result is Fate.SAFE:
        after = replace(rolled, pending=rest)
    elif isinstance(result, tuple):
        after = replace(rolled, pending=(*result, *rest))
    else:
        after = replace(rolled, pending=rest, severity=check.severity + result, injured=True)
    # Settled with no number and not dead: every branch ended in "Safe!".
    return replace(after, safe=after.settled and not after.injured)


def resolve_injury(columns: Sequence[Column], rolls: Sequence[int]) -> InjuryCheck:
    """Start a check on `columns` and roll each of `rolls`; unsettled if rolls run out."""
    check = injury_check_start(*columns)
    for number, black_roll in enumerate(rolls, start=1):
        if check.settled:
            raise InjuryAlreadySettled(
                _(
                    "The injury check settled after {number} rolls; {number2} more were given."
                ).format(number=number - 1, number2=len(rolls) - number + 1)
            )
        check = injury_check_roll(check, black_roll)
    return check


def collision_injury_columns(damage_points: int) -> tuple[Column, ...]:
    """The red column, plus a black one for each point of damage after the disabling one."""
    if damage_points < DISABLING_DAMAGE:
        raise InvalidInjuryCheck(
            _(
                "A car with {damage_points} collision damage is not disabled: no injury check."
            ).format(damage_points=damage_points)
        )
    return (Column.RED,) + (Column.BLACK,) * (damage_points - DISABLING_DAMAGE)


def counts_as_injury(check: InjuryCheck) -> bool:
    """Whether a settled check is an injury (anything but "Safe!"; Dead included)."""
    if not check.settled:
        raise InjuryNotSettled(
            _("The injury check is not settled: roll against {value} next.").format(
                value=check.pending[0].value
            )
        )
    return check.dead or check.injured


def _check_driver(age: int, prior_injuries: int) -> None:
    if age < 1:
        raise InvalidInjuryCheck(_("A driver's age starts at one, not {age}.").format(age=age))
    if prior_injuries < 0:
        raise InvalidInjuryCheck(
            _("A driver cannot have {prior_injuries} prior injuries.").format(
                prior_injuries=prior_injuries
            )
        )


def injury_xp_loss(severity: int, age: int, prior_injuries: int) -> int:
    """Severity plus age plus prior injuries (not counting this one). Not for "Safe!" or Dead."""
    _check_driver(age, prior_injuries)
    if severity < 0:
        raise InvalidInjuryCheck(
            _("An injury cannot have a severity of {severity}.").format(severity=severity)
        )
    return severity + age + prior_injuries


def races_to_miss_for(severity: int) -> int:
    """ "The driver will miss a number of races equal to the severity of the injury.\""""
    if severity < 0:
        raise InvalidInjuryCheck(
            _("An injury cannot have a severity of {severity}.").format(severity=severity)
        )
    return severity


# --- Healing between races -------------------------------------------------------------------


def heal(races_to_miss: int, weeks: int) -> int:
    """Races still to miss after `weeks` of healing, never below zero."""
    if races_to_miss < 0 or weeks < 0:
        raise InvalidInjuryCheck(_("Races to miss and weeks of healing cannot be negative."))
    return max(0, races_to_miss - weeks)


def healing_weeks_before(round_number: int) -> int:
    """Weeks healed before `round_number` by a driver who sat out the round before it: that
    missed race, plus the extra week before the fifth and ninth races."""
    return 1 + extra_healing_before(round_number)


def heal_after_round(races_to_miss: int, *, sat_out: bool, extra_week_next: bool) -> int:
    """Races still to miss once a round is over: the race a driver sat out counts as served,
    and the extra week before the next round (the fifth and ninth) counts for everyone hurt,
    those hurt in this very round too (Healing). The one healing rule of the season."""
    return heal(races_to_miss, int(sat_out) + int(extra_week_next))


def heal_before_round(races_to_miss: int, round_number: int, *, injured_last_round: bool) -> int:
    """Races still to miss when `round_number` starts (zero: the driver may race it).

    A driver hurt in the round before has missed no race yet, so only the extra week (before
    races 5 and 9) counts for them; everyone else also counts off the race they sat out.
    """
    return heal_after_round(
        races_to_miss,
        sat_out=not injured_last_round,
        extra_week_next=extra_healing_before(round_number),
    )
