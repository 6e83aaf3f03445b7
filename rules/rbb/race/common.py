"""What losing WP does to an RBB car (Elimination, damage tokens), on top of the helpers Formula
D's hooks share (how prompts name cars, ordinals, marker spaces), which work on this state too."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from rules.engine.pieces import names, ordinal, with_car
from rules.formula_d import Zone, wear
from rules.formula_d.race.common import OUT_BY_ZONE, event_number, gear_name, label
from rules.rbb import places_damage_marker
from rules.rbb.race.state import OUT, Marker, RaceState


def on_track(state: RaceState) -> tuple[str, ...]:
    return tuple(car.car for car in state.cars if car.on_track)


def place_marker(state: RaceState, key: str) -> RaceState:
    """A damage token in the space where `key` stands (one per space is enough)."""
    marker = Marker(key, state.car(key).moved_at, state.round)
    if any(other.key == marker.key for other in state.markers):
        return state
    return replace(state, markers=(*state.markers, marker))


def eliminate(state: RaceState, key: str, reason: str) -> RaceState:
    """`key` is out for `reason`; a damage marker goes in the space where it is eliminated."""
    state = with_car(state, key, status=OUT, out_reason=reason, out_at=event_number(state))
    return place_marker(state, key)


def lose(state: RaceState, key: str, losses: Mapping[Zone, int]) -> RaceState:
    """`key` loses `losses`; at 0 body, engine or handling WP it is out, and body damage puts a
    token under it (tyres are judged by the moves that cost them, rules.rbb.tyres)."""
    if not any(losses.values()):
        return state
    worn = wear(state.car(key).sheet, losses)
    state = with_car(state, key, sheet=worn.sheet)
    if worn.eliminated:
        assert worn.cause is not None
        return eliminate(state, key, OUT_BY_ZONE[worn.cause])
    if places_damage_marker(losses):
        return place_marker(state, key)
    return state


__all__ = [
    "eliminate",
    "event_number",
    "gear_name",
    "label",
    "lose",
    "names",
    "on_track",
    "ordinal",
    "place_marker",
]
