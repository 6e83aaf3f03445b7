"""What a finished race's log counts for its season, from one replay of it: each car's dice by
die and purpose (rules/dice_luck.py) and the laps each car led (rules/laps_led.py). Read once,
when the race is written into its season, never as a roll is entered."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules.dice_luck import Tally, count_rolls
from rules.engine.contract import RaceSetup
from rules.engine.core import apply, dashboard, start
from rules.engine.events import Event
from rules.laps_led import LapLeaders


@dataclass(frozen=True)
class RaceCounts:
    """What a finished race's log counts for its season: each car's dice and laps led."""

    dice: dict[str, Tally]  # car: its tally (a car that rolled nothing has none)
    laps_led: dict[str, int] | None  # car: laps led; None where the rule set counts no laps


def race_counts(setup: RaceSetup, events: Iterable[Event]) -> RaceCounts:
    """The counts of the race of `setup` whose log is `events`, replayed once."""
    dice: dict[str, Tally] = {}
    state, asked = start(setup)
    leaders = LapLeaders(dashboard(state))
    for event in events:
        prompt = asked[0] if asked else None
        count_rolls(dice, prompt, event)
        state, asked = apply(state, event, prompt)
        leaders.passed(dashboard(state))
    return RaceCounts(dice=dice, laps_led=leaders.led())


__all__ = [
    "RaceCounts",
    "race_counts",
]
