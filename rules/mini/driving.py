"""Damage on the move: overshooting a corner, braking and being blocked, slipping the clutch,
and slipstreaming.

Rulings where the document is loose (docs/rulings.md, "Mini's series"):
- Corners: an ordinary corner is one stop, the track's longest two; a format that doubles every
  corner's stops doubles both. Overshooting costs one a space for each stop still owed (the
  corner's stops less those made): "stops stack" multiplies, and no number of stops skipped
  eliminates by itself (only the pool running out does).
- Blocked: one a space; seven spaces or more at once eliminates. Braking by choice is not
  blocking damage: it costs one a space and never eliminates by itself.
- Slipping the clutch: once a move, +1 space for 3 damage.
- Slipstream: as many cars in a row as the board allows, each in 3rd or higher and in a gear no
  higher than the mover's, one damage and three spaces each; damage paid to brake shortens
  the last.
"""

from __future__ import annotations

from rules.formula_d.braking import BLOCKED_ELIMINATED_AT
from rules.formula_d.slipstream import SLIPSTREAM_SPACES, NoSlipstream
from rules.language import gettext as _

__all__ = [
    "BLOCKED_ELIMINATED_AT",
    "BRAKE_DAMAGE_PER_SPACE",
    "CLUTCH_DAMAGE",
    "CLUTCH_SPACES",
    "CORNER_STOPS",
    "LONGEST_CORNER_STOPS",
    "OVERSHOOT_DAMAGE_PER_SPACE_PER_STOP",
    "SLIPSTREAM_DAMAGE",
    "SLIPSTREAM_MIN_GEAR",
    "SLIPSTREAM_SPACES",
    "InvalidMove",
    "NoSlipstream",
    "blocked_damage",
    "braking_damage",
    "check_slipstream",
    "overshoot_damage",
    "required_stops",
    "slipstream_damage",
]


class InvalidMove(ValueError):
    """Figures for a move that cannot happen: a negative count, an overshoot with no stop owed."""


CORNER_STOPS = 1
LONGEST_CORNER_STOPS = 2  # "the longest corner of each track is two stops"
OVERSHOOT_DAMAGE_PER_SPACE_PER_STOP = 1
BRAKE_DAMAGE_PER_SPACE = 1  # braking or being blocked
CLUTCH_DAMAGE, CLUTCH_SPACES = 3, 1
SLIPSTREAM_MIN_GEAR = 3
SLIPSTREAM_DAMAGE = 1


def required_stops(*, longest: bool, doubled: bool = False) -> int:
    """The stops a corner asks for: one, two for the track's longest, twice that in the format
    whose corners are double the number of stops."""
    stops = LONGEST_CORNER_STOPS if longest else CORNER_STOPS
    return stops * 2 if doubled else stops


def overshoot_damage(spaces: int, stops_required: int, stops_made: int = 0) -> int:
    """Damage for overshooting a corner of `stops_required` stops by `spaces` after
    `stops_made` of them: one per space per stop still owed."""
    if spaces < 1:
        raise InvalidMove(
            _("An overshoot of {spaces} spaces is no overshoot.").format(spaces=spaces)
        )
    if stops_required < 1 or stops_made < 0:
        raise InvalidMove(_("A corner asks for at least 1 stop, and stops made are not negative."))
    if stops_made >= stops_required:
        raise InvalidMove(
            _(
                "A car that made {stops_made} of {stops_required} stops may leave the corner: it "
                "did not overshoot."
            ).format(stops_made=stops_made, stops_required=stops_required)
        )
    return spaces * (stops_required - stops_made) * OVERSHOOT_DAMAGE_PER_SPACE_PER_STOP


def braking_damage(spaces: int) -> int:
    """Damage for braking `spaces` short of the roll, by choice."""
    if spaces < 0:
        raise InvalidMove(_("A car cannot brake {spaces} spaces.").format(spaces=spaces))
    return spaces * BRAKE_DAMAGE_PER_SPACE


def blocked_damage(spaces_remaining: int, *, pit_lane: bool = False) -> tuple[int, bool]:
    """(damage, eliminated) for a car blocked `spaces_remaining` short of its roll; in the pit
    lane there is no blocking damage."""
    if spaces_remaining < 1:
        raise InvalidMove(
            _("A car blocked with {spaces_remaining} spaces remaining was not blocked.").format(
                spaces_remaining=spaces_remaining
            )
        )
    if pit_lane:
        return 0, False
    if spaces_remaining >= BLOCKED_ELIMINATED_AT:
        return 0, True
    return spaces_remaining * BRAKE_DAMAGE_PER_SPACE, False


def check_slipstream(gear: int, front_gear: int) -> int:
    """The spaces a car in `gear` gains behind a car in `front_gear`, or NoSlipstream."""
    if gear < SLIPSTREAM_MIN_GEAR:
        raise NoSlipstream(
            _("Slipstreaming needs 3rd gear or higher: the car is in {gear}.").format(gear=gear)
        )
    if gear < front_gear:
        raise NoSlipstream(
            _(
                "Slipstreaming needs a gear equal to or greater than the car in front's: {gear} "
                "behind {front_gear}."
            ).format(gear=gear, front_gear=front_gear)
        )
    return SLIPSTREAM_SPACES


def slipstream_damage(slipstreams: int, spaces_braked: int = 0) -> int:
    """Damage for `slipstreams` slipstreams, the last shortened by `spaces_braked`."""
    if slipstreams < 0 or not 0 <= spaces_braked <= SLIPSTREAM_SPACES * min(slipstreams, 1):
        raise NoSlipstream(
            _(
                "A slipstream is {slipstream_spaces} spaces: braking {spaces_braked} of them "
                "cannot happen."
            ).format(slipstream_spaces=SLIPSTREAM_SPACES, spaces_braked=spaces_braked)
        )
    return slipstreams * SLIPSTREAM_DAMAGE + spaces_braked * BRAKE_DAMAGE_PER_SPACE
