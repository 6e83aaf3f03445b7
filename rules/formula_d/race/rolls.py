"""Rolls owed after a move, taken as Formula D takes them: the black die for the first check
pending, and the checks that cost a car one WP of a zone on a low roll. RBB and Mini take theirs
the same way, with their own tables, zones and ways of losing WP."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from rules.engine.events import Event, Prompt
from rules.formula_d import Zone
from rules.formula_d.race.hooks import Handler
from rules.formula_d.race.shape import PendingCheck, StateT


def roll_owed(state: StateT, event: Event, prompt: Prompt) -> tuple[StateT, PendingCheck, int]:
    """The black die for the first check owed, and the state without that check."""
    value: int = prompt.read(event.data)["value"]
    return replace(state, pending=state.pending[1:]), state.pending[0], value


def wear_roll(
    damages: Callable[..., bool],
    zone: Zone,
    *,
    lose: Callable[[StateT, str, Mapping[Zone, int]], StateT],
    settle: Callable[[StateT], StateT],
    rain: Callable[[StateT], bool] | None = None,
) -> Handler[StateT]:
    """The handler of a check whose roll, when it `damages`, costs the car 1 WP of `zone`; with
    `rain` (whether it rains in a state: Formula D's weather), `damages` is also told
    `rain=rain(state)`."""

    def on_roll(state: StateT, event: Event, prompt: Prompt) -> StateT:
        rains = {"rain": rain(state)} if rain is not None else {}
        state, check, value = roll_owed(state, event, prompt)
        if damages(value, **rains):
            state = lose(state, check.car, {zone: 1})
        return settle(state)

    return on_roll
