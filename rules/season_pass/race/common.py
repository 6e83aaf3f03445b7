"""Small helpers the Season Pass hooks share: car labels and who is on track (the pieces every
rule set uses come from rules.engine.pieces)."""

from __future__ import annotations

from rules.dice import die_name
from rules.engine.pieces import name
from rules.language import gettext as _
from rules.language import gettext_noop as N_
from rules.season_pass.race.state import RaceState

# A driver's level, a weather, in words (the enums' values are the English ones), said through `_`.
VALUE_WORDS = {
    "Rookie": N_("Rookie"),
    "Veteran": N_("Veteran"),
    "Champion": N_("Champion"),
    "Legend": N_("Legend"),
    "Icon": N_("Icon"),
    "sun": N_("sun"),
    "rain": N_("rain"),
    "variable": N_("variable"),
    # The Injury Table's columns that are no die's colour
    "violet": N_("violet"),
    "indigo": N_("indigo"),
}


def words_of(value: str) -> str:
    """A level's, a weather's or a colour's value in the language spoken ("Rookie",
    "Débutant")."""
    words = VALUE_WORDS.get(str(value))
    return _(words) if words else die_name(str(value))


def label(state: RaceState, key: str) -> str:
    """ "Red (Jane Doe, Rookie)": how prompts name a car."""
    car = state.car(key)
    return f"{name(key)} ({car.driver}, {words_of(car.level.value)})"


def on_track(state: RaceState) -> tuple[str, ...]:
    """Cars still on the tarmac: racing cars and wrecks disabled by a collision.

    Finished cars are removed after they stop, and a car that overshot or failed to air brake
    is put beside the road, so neither can be beside another car any more.
    """
    return tuple(car.car for car in state.cars if car.racing or (car.wrecked))


def wrecks(state: RaceState) -> tuple[str, ...]:
    return tuple(car.car for car in state.cars if car.wrecked)
