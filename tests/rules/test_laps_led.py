"""Laps led (rules/laps_led.py): each lap led by the first car to complete it, counted on every
recorded race against a second count made lap by lap, and every lap led by exactly one car."""

from __future__ import annotations

import json

import pytest

from rules.engine import Event, apply, dashboard, start
from rules.race_counts import race_counts
from tests.rules.recorded.record import RECORDED, recorded_setup

RACES = sorted(path.stem for path in RECORDED.glob("*.json"))


def recorded(name: str):
    raw = json.loads((RECORDED / f"{name}.json").read_text())
    return recorded_setup(raw), [Event.from_dict(event) for event in raw["events"]]


def leaders_lap_by_lap(setup, events) -> dict[int, str]:
    """Lap N's leader, found for each lap in turn: the first car (in the order of play) whose
    laps reach N after the earliest event after which any car's do."""
    states = []
    state, _asked = start(setup)
    for event in events:
        state, _asked = apply(state, event)
        states.append(dashboard(state))
    most = max((view.laps or 0 for view in states[-1]), default=0)
    leaders = {}
    for lap in range(1, most + 1):
        for views in states:
            done = [view.car for view in views if (view.laps or 0) >= lap]
            if done:
                leaders[lap] = done[0]
                break
    return leaders


@pytest.mark.parametrize("name", RACES)
def test_each_lap_is_led_by_the_first_car_to_complete_it(name):
    setup, events = recorded(name)
    led = race_counts(setup, events).laps_led
    if led is None:  # a rule set that counts no laps
        return
    leaders = leaders_lap_by_lap(setup, events)
    assert sum(led.values()) == len(leaders) > 0
    assert led == {car: list(leaders.values()).count(car) for car in led}
    assert set(led) == {view.car for view in dashboard(start(setup)[0])}  # every car
