"""Recorded races (tests/rules/recorded/*.json): whole races of every rule set, replayed event by
event through the engine, must end as they were recorded: the same setup from the same league,
every event allowed, the same results and the same final dashboard. A rule changed by accident
shows here; a rule changed on purpose is recorded again (python -m tests.rules.recorded.record),
and the diff of the files says what the change does to whole races."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from rules.engine import Event, EventRejected, apply, setup_to_dict, start
from rules.registry import RULE_SET_PACKAGES
from tests.rules.recorded.record import RECORDED, RECORDINGS, outcome, recorded_setup

FILES = sorted(RECORDED.glob("*.json"))
# Said beside a difference: a change of rule meant is recorded again, by hand.
ON_PURPOSE = "if the rules changed on purpose: python -m tests.rules.recorded.record"


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_a_recorded_race_replays_to_its_results_and_dashboard(path: Path):
    recorded = json.loads(path.read_text())
    race = recorded_setup(recorded)
    assert setup_to_dict(race) == recorded["setup"], ON_PURPOSE
    state, _asked = start(race)
    for number, raw in enumerate(recorded["events"], start=1):
        try:
            state, _asked = apply(state, Event.from_dict(raw))
        except EventRejected as refusal:
            pytest.fail(f"event {number} ({raw['kind']}) is refused now: {refusal}; {ON_PURPOSE}")
    assert state.finished, f"not over after its {len(recorded['events'])} events"
    now = outcome(state)
    assert now["results"] == recorded["results"], ON_PURPOSE
    assert now["dashboard"] == recorded["dashboard"], ON_PURPOSE


def test_every_rule_set_has_recorded_races_and_every_recording_its_file():
    per_rule_set = Counter(json.loads(path.read_text())["ruleset"] for path in FILES)
    assert {name: per_rule_set[name] >= 2 for name in RULE_SET_PACKAGES} == dict.fromkeys(
        RULE_SET_PACKAGES, True
    )
    assert {path.stem for path in FILES} == {recording.name for recording in RECORDINGS}
