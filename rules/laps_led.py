"""Laps led, read off a race's log: a lap is led by the car that completes it first, the first
whose laps done (as its rule set's dashboard counts them, CarView.laps) reach it. Counted when a
race at the table is written into its season, as its dice are (docs/rulings.md, "Laps led").

Of two cars completing a lap in one entry (a tap that moves one car, and what Paddock enters
after it), the one ahead in the order of play takes it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from rules.engine.contract import RaceSetup
from rules.engine.core import apply, dashboard, start
from rules.engine.events import Event


def laps_led(setup: RaceSetup, events: Iterable[Event]) -> dict[str, int] | None:
    """Each car's laps led in the race of `setup` whose log is `events` (every car of it, 0
    for one that led none); None for a rule set whose dashboard counts no laps."""
    state, _asked = start(setup)
    views = dashboard(state)
    counts_laps = any(view.laps is not None for view in views)
    leader: dict[int, str] = {}
    for event in events:
        state, _asked = apply(state, event)
        views = dashboard(state)  # in the order of play
        for view in views:
            if view.laps is None:
                continue
            counts_laps = True
            for lap in range(len(leader) + 1, view.laps + 1):
                leader.setdefault(lap, view.car)
    if not counts_laps:
        return None
    led = Counter(leader.values())
    return {view.car: led.get(view.car, 0) for view in views}
