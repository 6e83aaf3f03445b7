"""Slipstreaming: a racer that ends its turn directly behind another, in 4th gear or higher, may
move 3 more spaces at once.

Rulings where the document is loose (docs/rulings.md, "RBB"):
- Only the slipstreaming racer's gear counts: RBB asks nothing of the car in front's gear or
  speed (Formula D asks both to be in 4th or higher, the one behind as fast or faster).
- The 3 spaces are moved whole ("must move 3 additional spaces"): no brake WP shortens them and
  none is owed for a corner; one slipstream a turn (the document names no chain).
- A racer blocked by another (it had to brake) does not slipstream past it; braking by choice
  first is allowed, since RBB forbids it nowhere.
"""

from __future__ import annotations

from rules.formula_d.slipstream import NoSlipstream
from rules.language import gettext as _

SLIPSTREAM_MIN_GEAR = 4
SLIPSTREAM_SPACES = 3


def check_slipstream(gear: int, *, blocked: bool = False) -> int:
    """The spaces a racer in `gear` adds by slipstreaming; refuses with the reason."""
    if blocked:
        raise NoSlipstream(_("A blocked racer hit the brakes behind the obstacle: no slipstream."))
    if gear < SLIPSTREAM_MIN_GEAR:
        raise NoSlipstream(
            _("Slipstreaming needs 4th gear or higher: the racer is in gear {gear}.").format(
                gear=gear
            )
        )
    return SLIPSTREAM_SPACES


__all__ = ["SLIPSTREAM_MIN_GEAR", "SLIPSTREAM_SPACES", "NoSlipstream", "check_slipstream"]
