"""The strip's order is the running order at every point of a race: between a round's last move
and the referee's "confirm the order", it is the order Paddock proposes from the board (the
order prompt's default), never the starting grid. Every recorded race of every rule set
(tests/rules/recorded/) is stepped through the engine, no database needed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from races.reads.strip import Strip, strip_of
from rules import engine
from rules.engine import Event, Prompt
from tests.rules.recorded.record import RECORDED, recorded_setup

RECORDINGS = sorted(RECORDED.glob("*.json"))
# The prompts that ask the referee to confirm the order the cars stand in (Death's Attack Phase
# asks for the standing, which is the order too).
ORDER_KINDS = ("order", "attack_order")


def _proposal(asked: tuple[Prompt, ...]) -> tuple[str, ...] | None:
    """The order the first prompt proposes, if it asks to confirm the order."""
    if not asked or asked[0].kind not in ORDER_KINDS:
        return None
    (field,) = (spec for spec in asked[0].fields if spec.kind == "order")
    return tuple(field.default)


def _order(strip: Strip, cars: tuple[str, ...]) -> tuple[str, ...]:
    """The strip's order of `cars` (a car in its pit is racing but on no track Death attacks
    on, so the standing leaves it out)."""
    return tuple(car.car for car in strip.cars if car.car in cars)


@pytest.mark.parametrize("path", RECORDINGS, ids=[path.stem for path in RECORDINGS])
def test_at_each_round_s_end_the_strip_shows_the_order_paddock_proposes(path: Path):
    recorded = json.loads(path.read_text())
    state, asked = engine.start(recorded_setup(recorded))
    checked = 0
    round_end: Strip | None = None  # the strip at a round's end, till its order is asked
    for raw in recorded["events"]:
        before = engine.round_of(state)
        state, asked = engine.apply(state, Event.from_dict(raw))
        strip = strip_of(engine.dashboard(state))
        if engine.round_of(state) > before:
            round_end = strip
        proposal = _proposal(asked)
        if proposal is not None:
            assert _order(strip, proposal) == proposal, (state.round, raw)
            # What the round's end showed (before a weather roll, say) is that order too.
            if round_end is not None:
                assert _order(round_end, proposal) == proposal, (state.round, raw)
            checked += 1
        if asked and asked[0].kind in ("gear", "move"):
            round_end = None  # the cars move again: the round's end is behind
    assert checked or "death" in path.stem  # a Death race may hold every standing as its order
