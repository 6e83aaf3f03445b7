"""Rolls owed after a move, taken as Formula D takes them: the black die for the first check
pending, and the checks that cost a car one WP of a zone on a low roll. RBB and Mini take theirs
the same way, with their own tables, zones and ways of losing WP."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from rules.engine.events import Event, Prompt
from rules.formula_d import Zone

Handler = Callable[[Any, Event, Prompt], Any]


def roll_owed(state: Any, event: Event, prompt: Prompt) -> tuple[Any, Any, int]:
    """The black die for the first check owed, and the state without that check."""
    value = prompt.read(event.data)["value"]
    return replace(state, pending=state.pending[1:]), state.pending[0], value


def wear_roll(
    damages: Callable[[int], bool],
    zone: Zone,
    *,
    lose: Callable[[Any, str, Mapping[Zone, int]], Any],
    settle: Callable[[Any], Any],
) -> Handler:
    """The handler of a check whose roll, when it `damages`, costs the car 1 WP of `zone`."""

    def on_roll(state: Any, event: Event, prompt: Prompt) -> Any:
        state, check, value = roll_owed(state, event, prompt)
        if damages(value):
            state = lose(state, check.car, {zone: 1})
        return settle(state)

    return on_roll
