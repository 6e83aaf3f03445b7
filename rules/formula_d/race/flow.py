"""Rounds and turns: who moves next, when a round ends, when the race ends."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from rules.engine.pieces import racing, with_car
from rules.formula_d import START_GEAR
from rules.formula_d.driver_cards import Skill
from rules.formula_d.race.doubts import CONFIRM
from rules.formula_d.race.road import pole_station as road_pole_station
from rules.formula_d.race.shape import FormulaDLikeState, StateT
from rules.formula_d.race.state import FormulaDT, RaceSetup


def proposed_order(state: FormulaDLikeState) -> tuple[str, ...]:
    """Order of Play as far as the engine can tell without seeing the board: the leader first (the
    most laps completed, then the most spaces moved from its grid slot, each slot a space behind
    the one before it), level cars by the higher gear, then by the grid (the engine cannot see
    which is nearer the inside of the corner). Quick Off The Mark (Road Races) is always the
    first of the cars level with her, whatever their gears."""
    grid = state.grid
    quick = (
        state.setup.with_skill(Skill.QUICK_OFF_THE_MARK)
        if isinstance(state.setup, RaceSetup)
        else ()
    )
    cars = [car for car in state.cars if car.racing]
    cars.sort(
        key=lambda car: (
            -car.laps,
            grid.index(car.car) - car.spaces,
            car.car not in quick,
            -car.gear,
            grid.index(car.car),
        )
    )
    return tuple(car.car for car in cars)


def running_order(state: FormulaDLikeState) -> tuple[str, ...]:
    """The order the cars run in, for the dashboard and the strip: the round's order of play;
    from a round's last move until the referee confirms the next one, the order Paddock proposes
    for it (what the board shows, as far as Paddock can tell: not the grid, which the cars left
    rounds ago); before the first round, the grid."""
    if state.order:
        return state.order
    return proposed_order(state) if state.round else state.grid


def new_round(state: StateT, begin_turn: Callable[[StateT], StateT]) -> StateT:
    """A new round: the first goes in grid order (Setup: pole goes first); the referee confirms
    the order of the later ones, unless a single car is left to move. Each car begins its turn
    with `begin_turn` (Formula D's, or a variant's own, as RBB's pit stops make it)."""
    if not racing(state):
        return replace(state, phase="finished", order=(), turn=0, fixed_move=0)
    state = replace(state, round=state.round + 1, order=(), turn=0, fixed_move=0)
    if state.round == 1:
        grid_order = tuple(car for car in state.grid if car in racing(state))
        return begin_turn(replace(state, order=grid_order))
    if len(racing(state)) == 1:
        return begin_turn(replace(state, order=racing(state)))
    return replace(state, phase="order")


def start_round(state: StateT) -> StateT:
    """A new round, each car beginning its turn as Formula D's do (`new_round`)."""
    return new_round(state, begin_turn)


def begin_turn(state: StateT) -> StateT:
    """Skip cars that finished or went out since the order was set; end the round after the last.
    A car's first turn starts with the start roll; a car that made a Poor Start engages 1st gear
    the next turn without rolling again and moves."""
    turn = state.turn
    while turn < len(state.order) and not state.car(state.order[turn]).racing:
        turn += 1
    if turn >= len(state.order):
        return start_round(state)
    state = replace(state, turn=turn, pending=(), fixed_move=0)
    car = state.car(state.order[turn])
    if car.start_roll is None:
        return replace(state, phase="start")
    if car.gear == 0:
        return replace(with_car(state, car.car, gear=START_GEAR), phase="move")
    return replace(state, phase="gear")


def next_turn(state: StateT) -> StateT:
    """The mover's turn is over: on to the next car."""
    return begin_turn(replace(state, turn=state.turn + 1))


def settle(state: FormulaDT) -> FormulaDT:
    """After each roll: a car that went out or finished makes no more rolls; once nothing is owed,
    the mover leaves the pits (a Quick Stop) or the next car moves."""
    pending = tuple(
        check
        for check in state.pending
        # The weather roll is the track's, not a car's; a fact to confirm stands if it put the
        # car out (doubts.py).
        if state.car(check.car).racing or check.kind in ("weather_roll", CONFIRM)
    )
    state = replace(state, pending=pending)
    if not pending:
        # Road Races: once all have crossed the line, the pole station's WP for the fastest.
        state = road_pole_station(state)
    if state.pending:
        return replace(state, phase="checks")
    if state.fixed_move and state.car(state.order[state.turn]).racing:
        return replace(state, phase="move")
    return next_turn(state)
