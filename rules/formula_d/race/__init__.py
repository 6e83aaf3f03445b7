"""Formula D (Asmodée, 2008), the base race, as engine hooks: one handler per event kind, prompts
per phase. The tables and small functions are rules.formula_d's; these hooks only walk them.

Where the document is silent or loose, the readings are noted where they are applied (naming the
section) and listed with their tests in docs/rulings.md ("Formula D: the race at the table").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules.engine.contract import Starter
from rules.engine.events import Event, Prompt
from rules.formula_d.race import (
    checks,
    doubts,
    explained,
    grid,
    options_words,
    qualifying,
    standings,
    turns,
    words,
)
from rules.formula_d.race.hooks import Handler, SetupT, TableHooks
from rules.formula_d.race.odds import sheet_overshoot_cost
from rules.formula_d.race.state import (
    OUT_REASONS,
    CarSetup,
    CarState,
    Check,
    FormulaDT,
    GridRolls,
    Marker,
    RaceSetup,
    RaceState,
)
from rules.gear_odds import OvershootCost
from rules.language import gettext as _


def handlers_for(state_class: type[FormulaDT]) -> dict[str, Handler[FormulaDT]]:
    """Formula D's handler of each event kind, for its state or one that extends it (Death's,
    which adds its own): each hands back the state it was given. `state_class` names that state
    for the type checker only."""
    return {
        "grid_roll": grid.on_grid_roll,
        "tie_roll": grid.on_tie_roll,
        "start_roll": grid.on_start_roll,
        "order": turns.on_order,
        "gear": turns.on_gear,
        "move": turns.on_move,
        "handling_roll": checks.on_handling_roll,
        "collision_roll": checks.on_collision_roll,
        "motor_roll": checks.on_motor_roll,
        "pit_roll": checks.on_pit_roll,
        doubts.CONFIRM: checks.on_confirm,
        "weather_roll": checks.on_weather_roll,
        "tire_choice": grid.on_tire_choice,
        "frog_choice": checks.on_frog_choice,
        "noise_roll": checks.on_noise_roll,
        "radio_roll": checks.on_radio_roll,
        "checkpoint": checks.on_wp_back,
        "pole_station": checks.on_wp_back,
        "qualifying_weather_roll": qualifying.on_weather_roll,
        "stopwatch_start": qualifying.on_stopwatch_start,
        "stopwatch_stop": qualifying.on_stopwatch_stop,
        "qualifying_lap": qualifying.on_lap,
        "qualifying_tie": qualifying.on_tie_roll,
    }


PHASE_PROMPTS: Mapping[str, Callable[[RaceState], tuple[Prompt, ...]]] = {
    "qualifying_weather": qualifying.weather_prompts,
    "qualifying": qualifying.prompts,
    "weather": grid.weather_prompts,
    "tires": grid.tire_prompts,
    "grid": grid.grid_prompts,
    "start": grid.start_prompts,
    "order": turns.order_prompts,
    "gear": turns.gear_prompts,
    "move": turns.move_prompts,
    "checks": checks.check_prompts,
    "finished": lambda state: (),
}


class FormulaDHooks(TableHooks[SetupT, FormulaDT]):
    """Formula D's race hooks, on its state or one that extends it (Death's hooks subclass
    them on theirs)."""

    dashboard_columns = standings.COLUMNS
    facts_explained = explained.FACTS

    def describe(self, before: FormulaDT, event: Event, after: FormulaDT) -> str:
        prompt = self.next_prompt(before)
        return words.describe(before, event, prompt, after) if prompt else ""

    def status(self, state: FormulaDT) -> str:
        """The table's status, and with the optional rules the weather and the teams' result."""
        weather = f" · {options_words.weather_name(state.weather)}" if state.weather else ""
        teams = f" · {standings.team_result(state)}" if state.setup.teams else ""
        road_race = _(" · road race") if state.setup.road_race else ""
        return f"{super().status(state)}{road_race}{weather}{teams}"

    def overshoot_cost(
        self, state: FormulaDT, car: str, spaces: int, stops_owed: int
    ) -> OvershootCost:
        """Formula D's overshoot, at the tire WP a space its tires charge on this move."""
        driven = state.car(car)
        per_space = turns.tire_effect_now(state, driven).per_space_overshot
        return sheet_overshoot_cost(
            driven,
            spaces,
            stops_owed,
            per_space,
            by_more_than_one_out=state.setup.overshoot_by_more_out,
        )


class FormulaD(FormulaDHooks[RaceSetup, RaceState]):
    name = "formula_d"
    title = "Formula D"
    setup_class = RaceSetup
    state_class = RaceState
    handlers = handlers_for(RaceState)
    phase_prompts = PHASE_PROMPTS
    first_check = staticmethod(checks.first_check_prompt)
    car_views = staticmethod(standings.dashboard)
    car_results = staticmethod(standings.results)

    def setup(self, starters: Sequence[Starter], **options: Any) -> RaceSetup:
        """Each starter races the standard car, or the car it was built; the optional rules
        the race is run with are `grid.make_setup`'s keywords (laps, weather_chart, tires,
        technical_pit_stop, teams, road_race with driver_cards, stopwatch_qualifying)."""
        return grid.make_setup(self.name, starters, **options)

    def start(self, setup: RaceSetup) -> RaceState:
        return grid.start_state(setup)


__all__ = [
    "OUT_REASONS",
    "CarSetup",
    "CarState",
    "Check",
    "FormulaD",
    "FormulaDHooks",
    "GridRolls",
    "Marker",
    "RaceSetup",
    "RaceState",
]
