"""Laps led, read off a race's log: a lap is led by the car that completes it first, the first
whose laps done (as its rule set's dashboard counts them, CarView.laps) reach it. Counted when a
race at the table is written into its season, as its dice are (rules/race_counts.py;
docs/rulings.md, "Laps led").

Of two cars completing a lap in one entry (a tap that moves one car, and what Paddock enters
after it), the one ahead in the order of play takes it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rules.engine.contract import CarView


class LapLeaders:
    """Each lap's leader, as a race's log is replayed: `passed` reads the dashboard after each
    event (in the order of play), `led` the count once the log is done."""

    def __init__(self, start: Sequence[CarView]) -> None:
        self.leader: dict[int, str] = {}
        self.views = start
        self.counts_laps = any(view.laps is not None for view in start)

    def passed(self, views: Sequence[CarView]) -> None:
        self.views = views
        for view in views:
            if view.laps is None:
                continue
            self.counts_laps = True
            for lap in range(len(self.leader) + 1, view.laps + 1):
                self.leader.setdefault(lap, view.car)

    def led(self) -> dict[str, int] | None:
        """Each car's laps led (every car of the race, 0 for one that led none); None for a
        rule set whose dashboard counts no laps."""
        if not self.counts_laps:
            return None
        led = Counter(self.leader.values())
        return {view.car: led.get(view.car, 0) for view in self.views}


__all__ = [
    "LapLeaders",
]
