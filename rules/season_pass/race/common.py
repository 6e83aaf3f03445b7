"""Small helpers the Season Pass hooks share: car labels and who is on track (the pieces every
rule set uses come from rules.engine.pieces)."""

from __future__ import annotations

from rules.engine.pieces import name
from rules.season_pass.race.state import RaceState

ORDINALS = {0: "neutral", 1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th", 6: "6th"}


def label(state: RaceState, key: str) -> str:
    """ "Red (Jane Doe, Rookie)": how prompts name a car."""
    car = state.car(key)
    return f"{name(key)} ({car.driver}, {car.level.value})"


def on_track(state: RaceState) -> tuple[str, ...]:
    """Cars still on the tarmac: racing cars and wrecks disabled by a collision.

    Finished cars are removed after they stop, and a car that overshot or failed to air brake
    is put beside the road, so neither can be beside another car any more.
    """
    return tuple(car.car for car in state.cars if car.racing or (car.wrecked))


def wrecks(state: RaceState) -> tuple[str, ...]:
    return tuple(car.car for car in state.cars if car.wrecked)
