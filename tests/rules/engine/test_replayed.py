"""A race replayed a state at a time (engine.replayed), and the round each state stands in
(engine.round_of, each rule set's hook): what a replay page steps through."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from rules.engine import Event, EventRejected, next_prompt, replay, replayed, round_of, start
from tests.rules.recorded.record import RECORDED, recorded_setup

FILES = sorted(RECORDED.glob("*.json"))


def recorded_race(path: Path):
    recorded = json.loads(path.read_text())
    return recorded_setup(recorded), [Event.from_dict(raw) for raw in recorded["events"]]


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_a_recorded_race_counts_its_rounds_from_0_one_at_a_time(path: Path):
    setup, events = recorded_race(path)
    states = list(replayed(setup, events))
    assert len(states) == len(events) + 1 and states[0] == start(setup)[0]
    assert states[-1] == replay(setup, events) and states[-1].finished
    rounds = [round_of(state) for state in states]
    assert rounds[0] == 0 and rounds[-1] >= 3
    assert all(later - earlier in (0, 1) for earlier, later in itertools.pairwise(rounds))


@pytest.mark.parametrize("path", [p for p in FILES if p.stem.startswith("death")])
def test_death_s_attack_phase_is_the_round_it_follows(path: Path):
    """Its prompts say "Attack Phase of round 3" while the state counts round 4 already."""
    setup, events = recorded_race(path)
    attacks = 0
    for state in replayed(setup, events):
        prompt = next_prompt(state)
        if prompt is not None and prompt.text.startswith("Attack Phase of round "):
            attacks += 1
            said = int(prompt.text.removeprefix("Attack Phase of round ").split(":")[0])
            assert round_of(state) == said
    assert attacks > 0


def test_a_replay_that_meets_a_refused_event_stops_there():
    setup, events = recorded_race(RECORDED / "formula_d_options.json")
    states = replayed(setup, [*events[:3], Event("no_such_kind", {})])
    assert len([next(states) for _ in range(4)]) == 4  # the start and three events
    with pytest.raises(EventRejected, match="expected"):
        next(states)
