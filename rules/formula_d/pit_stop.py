"""Pit Stop: when a car may stop, entering the pits, fresh tires and the pit stop roll.

Rulings where the document is loose (docs/rulings.md):
- A car may stop once, as it completes the first lap; entering the pits ends its move. In the
  Three-Lap Race ("2 pit stops are possible") it may stop as it completes lap 1, lap 2 or both:
  never at the end of the last lap, which is the finish.
- "All its tire WP back": the tire WP the car started the race with (its build), no more.
- Quick Stop: the car leaves at once, that same turn, moving the halved roll in 4th gear (it may
  brake as on any move); next round it changes gear from 4th as usual.
- Slow Stop: next round the car moves off in any gear from 1st to 4th, with no Gearing Down WP
  to pay: it stood still in the pits, and the rule names the gears it may leave in.
- Technical Pit Stop (Tire Selection's Pit Stops, an optional rule): a pit stop with at least one
  WP regained; it is rolled for as any pit stop. "Up to 2 WP in one or two zones (except the
  tires)" is 2 WP a car for the whole race, 1 WP a pick, never above the WP the zone started the
  race with.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from rules.dice import Die, check_roll, gear_die
from rules.formula_d.car import CarSheet, Zone
from rules.formula_d.rounds import RACE_LAPS, THREE_LAP_RACE
from rules.language import gettext as _
from rules.language import gettext_noop as N_


class InvalidPitStop(ValueError):
    """A pit stop the rules do not allow, or tires that cannot be refitted to the car."""


class PitStop(StrEnum):
    QUICK = "Quick Stop"
    SLOW = "Slow Stop"


@dataclass(frozen=True)
class PitStopOutcome:
    stop: PitStop
    spaces: int  # moved now on leaving; 0 for a Slow Stop, which waits
    waits_a_round: bool
    lowest_gear: int  # the gears the car may leave in
    highest_gear: int


PIT_STOP_AFTER_LAP = 1  # at the end of the first lap
PIT_STOPS = 1
# The stops a car may make in a race of so many laps (Pit Stop; Three-Lap Race: "2 pit stops").
PIT_STOPS_BY_LAPS = {RACE_LAPS: PIT_STOPS, THREE_LAP_RACE: 2}
QUICK_STOP_MAX = 10  # black die at or below: Quick Stop
PIT_EXIT_GEAR = 4


def pit_stops_allowed(race_laps: int = RACE_LAPS) -> int:
    """How many pit stops a car may make in a race of `race_laps` laps."""
    if race_laps not in PIT_STOPS_BY_LAPS:
        raise InvalidPitStop(
            _("A race is {values} laps, not {race_laps!r}.").format(
                values=" or ".join(map(str, PIT_STOPS_BY_LAPS)), race_laps=race_laps
            )
        )
    return PIT_STOPS_BY_LAPS[race_laps]


def may_pit(laps_completed: int, stops_made: int, race_laps: int = RACE_LAPS) -> bool:
    """Whether a car that has just completed `laps_completed` laps of a `race_laps`-lap race may
    stop in the pits: at the end of any lap but the last, while it has stops left."""
    if laps_completed < 0 or stops_made < 0:
        raise InvalidPitStop(_("Laps completed and pit stops made cannot be negative."))
    return PIT_STOP_AFTER_LAP <= laps_completed < race_laps and stops_made < pit_stops_allowed(
        race_laps
    )


def reaches_pit(gear: int, roll: int, minimum: int) -> bool:
    """Whether `roll` in `gear` is at least the `minimum` needed to enter the pits (no exact roll
    is needed to reach the car's own pit)."""
    return check_roll(gear_die(gear), roll) >= minimum


def refit_tires(sheet: CarSheet, built: CarSheet) -> CarSheet:
    """`sheet` with the tire WP back to those of the car as `built` for the race."""
    if sheet.tires > built.tires:
        raise InvalidPitStop(
            _("A car built with {tires} tire WP cannot have {tires2} left.").format(
                tires=built.tires, tires2=sheet.tires
            )
        )
    return replace(sheet, tires=built.tires)


# Technical Pit Stop: up to 2 WP in one or two zones (except the tires), for the entire race; in
# the next round the car may not start in higher than 4th gear.
TECHNICAL_WP = 2
TECHNICAL_ZONES = tuple(zone for zone in Zone if zone is not Zone.TIRES)
TECHNICAL_MAX_GEAR = 4


def technical_repair(
    sheet: CarSheet, built: CarSheet, zones: Sequence[Zone], used: int = 0
) -> CarSheet:
    """`sheet` with 1 WP back in each of `zones` (a zone twice: 2 WP), the car as `built` for the
    race being the most each zone may have; `used`: the WP regained at earlier technical stops."""
    return repair(
        sheet,
        built,
        zones,
        used=used,
        allowance=TECHNICAL_WP,
        who=_("A technical pit stop regains"),
    )


# A zone given back all it started with, in its words.
ZONE_FULL = {
    "tire": N_("The tire has {points} WP, what it started the race with: no more."),
    "brake": N_("The brake has {points} WP, what it started the race with: no more."),
    "gearbox": N_("The gearbox has {points} WP, what it started the race with: no more."),
    "car body": N_("The car body has {points} WP, what it started the race with: no more."),
    "engine": N_("The engine has {points} WP, what it started the race with: no more."),
    "road handling": N_(
        "The road handling has {points} WP, what it started the race with: no more."
    ),
}

# Team Race: each team has 4 WP for repairs at its cars' pit stops, decided together.
TEAM_POOL_WP = 4


def repair(
    sheet: CarSheet,
    built: CarSheet,
    zones: Sequence[Zone],
    *,
    used: int,
    allowance: int,
    who: str,
    tires: bool = False,
    spread_over: str | None = None,
) -> CarSheet:
    """`sheet` with 1 WP back in each of `zones`, out of an `allowance` (for the race, says
    `spread_over`) of which `used` are spent (`who` regains them, in words); never the tires
    unless `tires`, never above the car as `built`."""
    if Zone.TIRES in zones and not tires:
        raise InvalidPitStop(_("{who} WP in any zone except the tires.").format(who=who))
    left = allowance - used
    if spread_over is None:
        spread_over = _(" in the whole race")
    if len(zones) > left:
        raise InvalidPitStop(
            _("{who} {allowance} WP{spread_over}: {left} left, not {count}.").format(
                who=who, allowance=allowance, spread_over=spread_over, left=left, count=len(zones)
            )
        )
    repaired = sheet
    for zone in zones:
        if repaired[zone] >= built[zone]:
            raise InvalidPitStop(_(ZONE_FULL[zone.value]).format(points=repaired[zone]))
        repaired = replace(repaired, **{zone.name.lower(): repaired[zone] + 1})
    return repaired


def pit_stop(black_roll: int) -> PitStopOutcome:
    """The pit stop roll, made once the car is in the pits with its tire WP back."""
    if check_roll(Die.BLACK, black_roll) <= QUICK_STOP_MAX:
        return PitStopOutcome(
            PitStop.QUICK,
            spaces=-(-black_roll // 2),  # halved, rounded up
            waits_a_round=False,
            lowest_gear=PIT_EXIT_GEAR,
            highest_gear=PIT_EXIT_GEAR,
        )
    return PitStopOutcome(
        PitStop.SLOW, spaces=0, waits_a_round=True, lowest_gear=1, highest_gear=PIT_EXIT_GEAR
    )
