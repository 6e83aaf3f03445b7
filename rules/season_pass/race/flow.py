"""Rounds and turns: who moves next, when a round ends, when the race ends."""

from __future__ import annotations

from dataclasses import replace

from rules.engine.pieces import racing
from rules.season_pass import weather_rolls_continue
from rules.season_pass.race.state import RaceState


def proposed_order(state: RaceState) -> tuple[str, ...]:
    """Movement Order as far as the engine can tell without seeing the board: farthest forward
    first, then the higher gear, then whoever arrived there first. How far forward is the spaces
    moved from the car's grid slot, each slot a space behind the one before it
    (docs/rulings.md, "The proposed movement order")."""
    slot = {key: index for index, key in enumerate(state.grid)}
    cars = [car for car in state.cars if car.racing]
    cars.sort(key=lambda car: (slot[car.car] - car.distance, -car.gear, car.arrival))
    return tuple(car.car for car in cars)


def running_order(state: RaceState) -> tuple[str, ...]:
    """The order the cars run in, for the dashboard and the strip: the round's movement order;
    from a round's last move until the referee confirms the next one (its weather rolled first),
    the order Paddock proposes for it (not the grid, which the cars left rounds ago); before the
    first round, the grid."""
    if state.order:
        return state.order
    return proposed_order(state) if state.round else state.grid


def start_round(state: RaceState) -> RaceState:
    """A new round: the weather roll (variable weather), then the order, then the first move."""
    if not racing(state):
        return replace(state, phase="finished", order=(), turn=0)
    state = replace(state, round=state.round + 1, order=(), turn=0)
    if state.weather_score is not None and weather_rolls_continue(state.weather_score):
        return replace(state, phase="round_weather")
    return order_round(state)


def order_round(state: RaceState) -> RaceState:
    """The first round runs in grid order; later ones wait for the referee's order."""
    if state.round == 1:
        return begin_turn(replace(state, order=tuple(c for c in state.grid if c in racing(state))))
    return replace(state, phase="order")


def begin_turn(state: RaceState) -> RaceState:
    """Skip cars that finished or went out since the order was set; end the round after the last."""
    turn = state.turn
    while turn < len(state.order) and not state.car(state.order[turn]).racing:
        turn += 1
    if turn >= len(state.order):
        return start_round(state)
    return replace(state, turn=turn, phase="gear")


def next_turn(state: RaceState) -> RaceState:
    """The mover's checks are all settled: on to the next car."""
    return begin_turn(replace(state, turn=state.turn + 1))
