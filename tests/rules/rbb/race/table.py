"""A referee at an RBB table for tests: enter events by keyword, keep the log."""

from __future__ import annotations

from typing import Any

from rules.engine import Starter, setup
from rules.rbb.race import RaceSetup
from tests.rules.formula_d.race.table import DRIVERS
from tests.rules.formula_d.race.table import Table as FormulaDTable


def race_setup(*cars: str, **options: Any) -> RaceSetup:
    keys = cars or ("red", "blue")
    return setup("rbb", [Starter(key, DRIVERS[key]) for key in keys], **options)


class Table(FormulaDTable):
    """Formula D's referee (grid and start rolls, moves, cars put where a test needs them), at
    an RBB race."""

    def __init__(self, race: RaceSetup | None = None) -> None:
        super().__init__(race or race_setup())


def under_way(*cars: str, **options: Any) -> Table:
    """Every car started normally and moved 1 space in 1st; round 2's order to confirm (in the
    order the cars are given)."""
    keys = cars or ("red", "blue")
    table = Table(race_setup(*keys, **options))
    table.grid(**{key: 20 - index for index, key in enumerate(keys)})
    return table.starts(**dict.fromkeys(keys, 10))


def red_to_move(gear: int = 4, *cars: str, **changes: Any) -> Table:
    """Round 2, Red's move in `gear` is next (the others in 1st behind it)."""
    table = under_way(*(cars or ("red", "blue"))).edit_car("red", gear=gear, **changes).confirm()
    return table("gear", car="red", gear=gear)
