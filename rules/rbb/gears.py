"""Gears: one gear a turn for free, and the Wear Points for skipping down.

The document's table is garbled: its header reads "Skipped Gears Brakes Engine" over rows of four
numbers ("1 1 0 0", "2 1 1 0", "3 1 1 1"). Read as "Skipped | Gears | Brakes | Engine": the first
column is the gears skipped and "Gears" is the Gears zone (Formula D's gearbox) whose heading ran
into "Skipped"; the rows are then Formula D's Gearing Down table exactly (docs/rulings.md, "RBB:
the gear-skip table"), so rules.formula_d's table and functions are used as they are.

"A racer may not skip down more gears than they have relevant Wear Points remaining": a skip
whose gears or brake WP the car lacks is refused; one paying its last engine WP is allowed and
eliminates the car (Engine: at 0 engine WP a racer is out), as in Formula D.
"""

from __future__ import annotations

from rules.formula_d.gears import (
    FREE,
    GEARING_DOWN,
    MOST_GEARS_SKIPPED,
    GearChangeCost,
    IllegalGearChange,
    gear_change_cost,
    gears_skipped,
)

# Skipped   Gears WP   Brakes WP   Engine WP
GEAR_SKIP_TABLE = GEARING_DOWN

__all__ = [
    "FREE",
    "GEAR_SKIP_TABLE",
    "MOST_GEARS_SKIPPED",
    "GearChangeCost",
    "IllegalGearChange",
    "gear_change_cost",
    "gears_skipped",
]
