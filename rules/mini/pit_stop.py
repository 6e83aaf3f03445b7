"""Pit stops: entering with an exact count, the pit lane's clear spaces, the quick and full
stops, and the health they give back.

Rulings where the document is loose (docs/rulings.md, "Mini's series"):
- A car may pit at the end of any lap but the last (entering the pits completes the lap), in
  the formats that have pit stops.
- Pulling in: a roll above the spaces to the pit is braked, one damage a space as any braking.
- Leaving: after a quick stop the car leaves at once, choosing 1st to 3rd gear freely; after a
  full stop its next turn is a quick stop or leaving at once, again in 1st to 3rd.
- The health roll gives back the number rolled, unless that is more than the damage taken.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType

from rules.dice import check_roll, gear_die, values
from rules.language import gettext as _


class InvalidPitStop(ValueError):
    """A pit stop the rules do not allow."""


class PitStop(StrEnum):
    QUICK = "quick pit-stop"
    FULL = "full pit-stop"


# Stop   the gears whose die may be rolled for health
PIT_DICE: Mapping[PitStop, tuple[int, ...]] = MappingProxyType(
    {PitStop.QUICK: (1, 2, 3), PitStop.FULL: (4, 5)}
)
PIT_EXIT_HIGHEST_GEAR = 3
FULL_STOP_ENDS_TURN = True


def stop_for(gear: int) -> PitStop:
    """The stop a car makes by rolling the die of `gear`."""
    for stop, gears in PIT_DICE.items():
        if gear in gears:
            return stop
    raise InvalidPitStop(
        _("No pit stop rolls the die of gear {gear}: 1st to 5th only.").format(gear=gear)
    )


def may_pit(laps_completed: int, race_laps: int, *, pits: bool = True) -> bool:
    """Whether a car that would complete lap `laps_completed` by entering the pits may."""
    return pits and 1 <= laps_completed < race_laps


def pit_entry_braking(movement: int, spaces_to_pit: int) -> int:
    """Spaces to brake to pull into the pit with an exact count, or InvalidPitStop."""
    if spaces_to_pit < 1:
        raise InvalidPitStop(
            _("A pit {spaces_to_pit} spaces away is no pit stop.").format(
                spaces_to_pit=spaces_to_pit
            )
        )
    if movement < spaces_to_pit:
        raise InvalidPitStop(
            _(
                "The car moves {movement}: it cannot reach its pit {spaces_to_pit} spaces away."
            ).format(movement=movement, spaces_to_pit=spaces_to_pit)
        )
    return movement - spaces_to_pit


def pit_lane_clear_spaces(gear: int) -> int:
    """Clear spaces needed to enter the pit lane, or upshift in it, in `gear`: the lowest
    number its die shows."""
    return values(gear_die(gear))[0]


def health_regained(damage_taken: int, roll: int, gear: int) -> int:
    """What the die of `gear` rolled in the pits gives back: none if more than the damage."""
    check_roll(gear_die(gear), roll)
    if damage_taken < 0:
        raise InvalidPitStop(
            _("A car cannot have taken {damage_taken} damage.").format(damage_taken=damage_taken)
        )
    return 0 if roll > damage_taken else roll
