"""Gears: one gear a turn for free; the gear-skip table (its garbled header read as
Skipped | Gears | Brakes | Engine)."""

import pytest

from rules.formula_d import GearChangeCost, IllegalGearChange, gear_change_cost
from rules.rbb import GEAR_SKIP_TABLE

# Skipped Gears Brakes Engine, as the document prints the rows.
DOCUMENT_ROWS = ["1 1 0 0", "2 1 1 0", "3 1 1 1"]


@pytest.mark.parametrize("printed", DOCUMENT_ROWS)
def test_skipping_down_costs_the_printed_gears_brakes_and_engine_wp(printed):
    skipped, gears, brakes, engine = (int(cell) for cell in printed.split())
    cost = GearChangeCost(gearbox=gears, brakes=brakes, engine=engine)
    assert GEAR_SKIP_TABLE[skipped] == cost
    assert gear_change_cost(6, 6 - skipped - 1) == cost


@pytest.mark.parametrize(("old", "new"), [(3, 4), (4, 3), (5, 5)])
def test_changing_one_gear_has_no_wear_point_effect(old, new):
    assert gear_change_cost(old, new) == GearChangeCost(0, 0, 0)


def test_skipping_down_more_than_3_gears_is_not_possible():
    with pytest.raises(IllegalGearChange, match="skip 4 gears"):
        gear_change_cost(6, 1)
