"""Mini's series (Formula Dé Mini house rules) at the table, as engine hooks: one handler per
event kind, prompts per phase. The tables and small functions are rules.mini's; the turn's
flow, the order of play and the ways of naming cars are Formula D's (rules.formula_d.race),
imported where the document says the same.

Where the document is silent or loose, the readings are in the modules of rules.mini and listed
with their tests in docs/rulings.md ("Mini's series").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from rules.dice import FACES, HIGHEST_GEAR, Die
from rules.engine.contract import Starter
from rules.engine.events import Event, Prompt
from rules.formula_d.race.hooks import Handler, TableHooks
from rules.formula_d.race.turns import on_order, order_prompts
from rules.gear_odds import OvershootCost
from rules.mini.car import DAMAGE_POOL
from rules.mini.formats import RaceFormat
from rules.mini.race import checks, explained, grid, odds, pits, standings, turns, words
from rules.mini.race.common import mover
from rules.mini.race.odds import SIXTH_GEAR_ADDS
from rules.mini.race.state import (
    OUT_REASONS,
    CarSetup,
    CarState,
    Check,
    GridRolls,
    RaceSetup,
    RaceState,
)

HANDLERS: dict[str, Handler[RaceState]] = {
    "tie_roll": grid.on_tie_roll,
    "grid": grid.on_grid,
    "start_roll": grid.on_start_roll,
    "order": on_order,
    "gear": turns.on_gear,
    "upshift_roll": turns.on_upshift_roll,
    "move": turns.on_move,
    "collision_roll": checks.on_collision_roll,
    "redline_roll": checks.on_redline_roll,
    "pit_stop": pits.on_pit_stop,
    "pit_roll": pits.on_pit_roll,
}


def _turn_prompts(state: RaceState) -> tuple[Prompt, ...]:
    """A car standing in its pit chooses its stop; any other chooses its gear."""
    if state.car(mover(state)).in_pits:
        return pits.pit_prompts(state)
    return turns.gear_prompts(state)


PHASE_PROMPTS: dict[str, Callable[[RaceState], tuple[Prompt, ...]]] = {
    "grid": grid.grid_prompts,
    "confirm_grid": grid.confirm_grid_prompts,
    "start": grid.start_prompts,
    "order": order_prompts,
    "gear": _turn_prompts,
    "pit": _turn_prompts,
    "upshift": turns.upshift_prompts,
    "move": turns.move_prompts,
    "checks": checks.check_prompts,
    "finished": lambda state: (),
}


class Mini(TableHooks[RaceSetup, RaceState]):
    name = "mini"
    title = "Mini's series"
    setup_class = RaceSetup
    state_class = RaceState
    dashboard_columns = standings.COLUMNS
    facts_explained = explained.FACTS
    handlers = HANDLERS
    phase_prompts = PHASE_PROMPTS
    first_check = staticmethod(checks.first_check_prompt)
    car_views = staticmethod(standings.dashboard)
    car_results = staticmethod(standings.results)

    def setup(
        self,
        starters: Sequence[Starter],
        *,
        damage_pool: int = DAMAGE_POOL,
        race_format: str = RaceFormat.THREE_LAPS.value,
        season_points: Mapping[str, int] | None = None,
    ) -> RaceSetup:
        """The starters with their season points (the grid is their reverse), each car's
        damage pool, and the race format (its laps, pits and corners)."""
        return grid.make_setup(
            self.name,
            starters,
            damage_pool=damage_pool,
            race_format=race_format,
            season_points=season_points,
        )

    def start(self, setup: RaceSetup) -> RaceState:
        return grid.start_state(setup)

    def describe(self, before: RaceState, event: Event, after: RaceState) -> str:
        return words.describe(before, event, after)

    def status(self, state: RaceState) -> str:
        return standings.status(state)

    def gear_faces(self, gear: int) -> tuple[int, ...]:
        """6th gear is "fifth gear +10": the purple die's faces, each 10 more."""
        if gear == HIGHEST_GEAR:
            return tuple(face + SIXTH_GEAR_ADDS for face in FACES[Die.PURPLE])
        return super().gear_faces(gear)

    def overshoot_cost(
        self, state: RaceState, car: str, spaces: int, stops_owed: int
    ) -> OvershootCost:
        """One damage a space for each stop owed, off the pool; a spin-out at exactly -1."""
        return odds.overshoot_cost(state.car(car).life, spaces, stops_owed)


__all__ = [
    "OUT_REASONS",
    "CarSetup",
    "CarState",
    "Check",
    "GridRolls",
    "Mini",
    "RaceSetup",
    "RaceState",
]
