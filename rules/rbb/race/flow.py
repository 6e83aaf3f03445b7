"""Rounds and turns: who moves next, a car's turn in its pit stop, when the race ends."""

from __future__ import annotations

from dataclasses import replace

from rules.engine.pieces import with_car
from rules.formula_d.race.doubts import CONFIRM
from rules.formula_d.race.flow import new_round, proposed_order
from rules.rbb.race.state import QUICK, READY, WAIT, RaceState
from rules.rbb.start import START_GEAR


def begin_turn(state: RaceState) -> RaceState:
    """The next racing car's turn: its start roll first; after a stall, 1st and a move; in its
    pit, the Quick Pit Stop's roll, a turn spent waiting (passed by itself), or 4th gear to
    leave; otherwise its gear."""
    while True:
        turn = state.turn
        while turn < len(state.order) and not state.car(state.order[turn]).racing:
            turn += 1
        if turn >= len(state.order):
            return start_round(state)
        state = replace(state, turn=turn, pending=(), fixed_move=0)
        car = state.car(state.order[turn])
        if car.pit != WAIT:
            break
        state = replace(with_car(state, car.car, pit=READY), turn=turn + 1)
    if car.start_roll is None:
        return replace(state, phase="start")
    if car.gear == 0:
        return replace(with_car(state, car.car, gear=START_GEAR), phase="move")
    if car.pit == QUICK:
        return replace(state, phase="pit_roll")
    return replace(state, phase="gear")


def start_round(state: RaceState) -> RaceState:
    """A new round as in Formula D, each turn begun as RBB begins it (its pit stops)."""
    return new_round(state, begin_turn)


def next_turn(state: RaceState) -> RaceState:
    return begin_turn(replace(state, turn=state.turn + 1))


def settle(state: RaceState) -> RaceState:
    """After each roll: checks for cars still racing first, then the mover's move without a die
    (leaving the pits), then the next car."""
    # A fact to confirm stands if it put the car out (rules.formula_d.race.doubts); the weather's
    # re-roll is the track's, not the car's.
    pending = tuple(
        check
        for check in state.pending
        if state.car(check.car).racing or check.kind in (CONFIRM, "weather_roll")
    )
    state = replace(state, pending=pending)
    if pending:
        return replace(state, phase="checks")
    if state.fixed_move and state.car(state.order[state.turn]).racing:
        return replace(state, phase="move")
    return next_turn(state)


__all__ = ["begin_turn", "next_turn", "proposed_order", "settle", "start_round"]
