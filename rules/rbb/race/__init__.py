"""The RBB race at the table, as engine hooks: one handler per event kind, prompts per phase. The
tables are rules.rbb's (and through it Formula D's); the shape is Formula D's race hooks
(rules/formula_d/race), whose pure helpers these import, with RBB's own flow where it differs:
the grid Paddock proposes, body rolls for everyone beside, the pit stop chosen in the pits and
its roll on the next turn; with the league's weather setting, the track's Formula D weather
(rules/rbb/race/weather.py).

Readings are noted where they are applied and listed in docs/rulings.md ("RBB").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules.engine.contract import Starter
from rules.engine.events import Event, Prompt
from rules.formula_d import CarSheet
from rules.formula_d.race import doubts
from rules.formula_d.race.hooks import Handler, TableHooks
from rules.formula_d.race.odds import sheet_overshoot_cost
from rules.formula_d.race.options_words import weather_name
from rules.formula_d.race.turns import order_prompts
from rules.formula_d.weather import ChartLine
from rules.gear_odds import OvershootCost
from rules.rbb import RACE_LAPS
from rules.rbb.race import checks, explained, grid, standings, turns, weather, words
from rules.rbb.race.grid import make_setup
from rules.rbb.race.state import OUT_REASONS, CarSetup, CarState, RaceSetup, RaceState

HANDLERS: dict[str, Handler[RaceState]] = {
    "grid_roll": grid.on_grid_roll,
    "tie_roll": grid.on_tie_roll,
    "grid": grid.on_grid_order,
    "start_roll": grid.on_start_roll,
    "order": turns.on_order,
    "gear": turns.on_gear,
    "move": turns.on_move,
    "handling_roll": checks.on_handling_roll,
    "body_roll": checks.on_body_roll,
    "engine_roll": checks.on_engine_roll,
    "pit_stop": checks.on_pit_stop,
    "pit_roll": checks.on_pit_roll,
    weather.WEATHER_ROLL: weather.on_weather_roll,
    doubts.CONFIRM: checks.on_confirm,
}

PHASE_PROMPTS: dict[str, Callable[[RaceState], tuple[Prompt, ...]]] = {
    "weather": weather.weather_prompts,
    "grid": grid.grid_prompts,
    "grid_order": grid.grid_order_prompts,
    "start": grid.start_prompts,
    "order": order_prompts,
    "gear": turns.gear_prompts,
    "move": turns.move_prompts,
    "checks": checks.check_prompts,
    "pit_roll": checks.pit_roll_prompts,
    "finished": lambda state: (),
}


class RBB(TableHooks[RaceSetup, RaceState]):
    name = "rbb"
    title = "RBB championship"
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
        laps: int = RACE_LAPS,
        wear_points: CarSheet | Mapping[Any, int] | None = None,
        home: Sequence[str] = (),
        grid: Sequence[str] = (),
        weather_chart: str | Sequence[ChartLine] = (),
        weather_chart_placeholder: bool = False,
    ) -> RaceSetup:
        """Every car on the season's `wear_points`; `home`: the cars at their home track;
        `grid`: the grid Paddock proposes (empty for the season's first race: rolled for);
        `weather_chart`: the track's Formula D chart, with the league's weather setting
        (`weather_chart_placeholder`: the placeholder every track starts with)."""
        return make_setup(
            self.name,
            starters,
            laps=laps,
            wear_points=wear_points,
            home=home,
            grid=grid,
            weather_chart=weather_chart,
            weather_chart_placeholder=weather_chart_placeholder,
        )

    def start(self, setup: RaceSetup) -> RaceState:
        return grid.start_state(setup)

    def status(self, state: RaceState) -> str:
        """The table's status, and the weather once rolled."""
        rolled = f" · {weather_name(state.weather)}" if state.weather else ""
        return f"{super().status(state)}{rolled}"

    def describe(self, before: RaceState, event: Event, after: RaceState) -> str:
        return words.describe(before, event, after)

    def overshoot_cost(
        self, state: RaceState, car: str, spaces: int, stops_owed: int
    ) -> OvershootCost:
        """RBB's Tyres: Formula D's overshoot at 1 tyre WP a space."""
        return sheet_overshoot_cost(state.car(car), spaces, stops_owed)


__all__ = ["OUT_REASONS", "RBB", "CarSetup", "CarState", "RaceSetup", "RaceState"]
