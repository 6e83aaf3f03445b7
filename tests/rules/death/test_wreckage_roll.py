"""Death's wreckage roll under its own name: a prompt of kind "wreckage_roll", where it once
reused Formula D's "handling_roll". A log recorded before (in Paddock's database, a backup, the
recorded races) entered it as a "handling_roll": it replays to the same race, and reads the same
in words, as the log entered under today's name."""

from __future__ import annotations

import json

from rules.engine import Event, EventRejected, apply, describe, replay, replayed, ruleset_for, start
from tests.rules.recorded.record import RECORDED, recorded_setup

OLD, NEW = "handling_roll", "wreckage_roll"


def recorded(name: str = "death_random_cards"):
    race = json.loads((RECORDED / f"{name}.json").read_text())
    return recorded_setup(race), [Event.from_dict(raw) for raw in race["events"]]


def named(events: list[Event], was: str, now: str) -> list[Event]:
    return [Event(now, event.data) if event.kind == was else event for event in events]


def test_the_recorded_death_races_are_logs_of_before_the_rename():
    """They keep the old name (python -m tests.rules.recorded.record keeps a log's events), so
    the recorded races' replay is a test of an old log too."""
    for name in ("death_random_cards", "death_picked_cards"):
        _setup, events = recorded(name)
        kinds = {event.kind for event in events}
        assert OLD in kinds and NEW not in kinds


def test_the_wreckage_roll_is_asked_under_its_own_name():
    setup, events = recorded()
    first = next(number for number, event in enumerate(events) if event.kind == OLD)
    state, asked = start(setup)
    for event in events[:first]:
        state, asked = apply(state, event)
    prompt = asked[0]
    assert prompt.kind == NEW and "wreckage roll" in prompt.text
    assert [field.name for field in prompt.fields] == ["value"]


def test_an_old_log_replays_to_the_race_the_new_name_gives_step_by_step_and_in_words():
    setup, events = recorded()
    old, new = named(events, NEW, OLD), named(events, OLD, NEW)
    assert old != new
    said = 0
    steps = zip(replayed(setup, old), replayed(setup, new), strict=False)
    before_old, before_new = next(steps)
    for (after_old, after_new), old_event, new_event in zip(steps, old, new, strict=True):
        assert after_old == after_new
        words = describe(before_old, old_event, after_old)
        assert words == describe(before_new, new_event, after_new)
        if old_event.kind == OLD:
            assert "wreckage roll" in words
            said += 1
        before_old, before_new = after_old, after_new
    assert said == sum(event.kind == OLD for event in old) > 10
    assert replay(setup, old).finished


def test_formula_d_s_road_handling_roll_keeps_its_name():
    """Only Death reads the old name as the new: Formula D asks a road handling roll as ever,
    and refuses a wreckage roll."""
    assert ruleset_for("death").renamed_kinds == {OLD: NEW}
    assert ruleset_for("formula_d").renamed_kinds == {}
    race = json.loads((RECORDED / "formula_d_options.json").read_text())
    setup, events = recorded_setup(race), [Event.from_dict(raw) for raw in race["events"]]
    first = next(number for number, event in enumerate(events) if event.kind == OLD)
    state = replay(setup, events[:first])
    try:
        apply(state, Event(NEW, events[first].data))
    except EventRejected as refused:
        assert f"expected {OLD}, got {NEW}" in str(refused)
    else:
        raise AssertionError("Formula D took a wreckage roll")
