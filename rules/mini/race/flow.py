"""Rounds and turns, as Formula D's (rules.formula_d.race.flow: the order proposed, rounds and
each car's turn), with what a move leads to in Mini: its rolls, then the pits."""

from __future__ import annotations

from dataclasses import replace

from rules.formula_d.race.flow import begin_turn, next_turn, proposed_order, start_round
from rules.mini.race.common import mover
from rules.mini.race.state import RaceState

__all__ = ["begin_turn", "next_turn", "proposed_order", "settle", "start_round"]


def settle(state: RaceState) -> RaceState:
    """After each roll: checks of cars still racing come first; then a car in its pit chooses
    its stop, a car leaving the pits chooses its gear, or the next car moves."""
    pending = tuple(check for check in state.pending if state.car(check.car).racing)
    state = replace(state, pending=pending)
    if pending:
        return replace(state, phase="checks")
    car = state.car(mover(state))
    if car.racing and car.in_pits and not car.full_stop:
        return replace(state, phase="pit")
    if car.racing and car.leaving_pits:
        return replace(state, phase="gear")
    return next_turn(state)
