"""Formula D (Asmodée, 2008), the base race, as engine hooks: one handler per event kind, prompts
per phase. The tables and small functions are rules.formula_d's; these hooks only walk them.

Where the document is silent or loose, the readings are noted where they are applied (naming the
section) and listed with their tests in docs/rulings.md ("Formula D: the race at the table").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from rules.engine.contract import CarResult, CarView, Starter
from rules.engine.events import Event, EventRejected, Prompt
from rules.engine.variant import RuleSet, register
from rules.formula_d import RACE_LAPS, CarSheet, ChartLine
from rules.formula_d.race import checks, grid, standings, turns, words
from rules.formula_d.race.state import (
    OUT_REASONS,
    CarSetup,
    CarState,
    Check,
    GridRolls,
    Marker,
    RaceSetup,
    RaceState,
)

Handler = Callable[[RaceState, Event, Prompt], RaceState]

HANDLERS: dict[str, Handler] = {
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
    "weather_roll": checks.on_weather_roll,
    "tire_choice": grid.on_tire_choice,
}

PHASE_PROMPTS: dict[str, Callable[[RaceState], tuple[Prompt, ...]]] = {
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


@register
class FormulaD(RuleSet):
    name = "formula_d"
    title = "Formula D"
    setup_class = RaceSetup
    state_class = RaceState
    dashboard_columns = standings.COLUMNS

    def setup(
        self,
        starters: Sequence[Starter],
        *,
        laps: int = RACE_LAPS,
        car_sheets: Mapping[str, CarSheet | Mapping[Any, int]] | None = None,
        weather_chart: str | Sequence[ChartLine] = (),
        tires: bool = False,
        technical_pit_stop: bool = False,
        teams: Mapping[str, str] | None = None,
    ) -> RaceSetup:
        """Each starter races the standard car, or the car `car_sheets` builds for it from 20 WP;
        `weather_chart` (the track's) runs the race with the weather rules, `tires` with the tire
        selection rules, `technical_pit_stop` with technical pit stops, `teams` (car -> team) as
        a team race."""
        return grid.make_setup(
            self.name,
            starters,
            laps=laps,
            car_sheets=car_sheets,
            weather_chart=weather_chart,
            tires=tires,
            technical_pit_stop=technical_pit_stop,
            teams=teams,
        )

    def start(self, setup: RaceSetup) -> RaceState:
        return grid.start_state(setup)

    def prompts(self, state: RaceState) -> tuple[Prompt, ...]:
        return PHASE_PROMPTS[state.phase](state)

    def next_prompt(self, state: RaceState) -> Prompt | None:
        if state.phase == "checks" and state.pending:
            return checks.first_check_prompt(state)
        return super().next_prompt(state)

    def handle(self, state: RaceState, event: Event, prompt: Prompt) -> RaceState:
        try:
            handled = HANDLERS[prompt.kind](state, event, prompt)
        except EventRejected:
            raise
        except ValueError as refusal:  # the tables' own errors (a die face, a WP short...)
            raise EventRejected(str(refusal)) from None
        return replace(handled, clock=state.clock + 1)

    def dashboard(self, state: RaceState) -> tuple[CarView, ...]:
        return standings.dashboard(state)

    def describe(self, before: RaceState, event: Event, after: RaceState) -> str:
        prompt = self.next_prompt(before)
        return words.describe(before, event, prompt, after) if prompt else ""

    def status(self, state: RaceState) -> str:
        where = f"Round {state.round}" if state.round else "Before the start"
        weather = f" · {words.weather_name(state.weather)}" if state.weather else ""
        teams = f" · {standings.team_result(state)}" if state.setup.teams else ""
        return f"{where} · a race of {state.setup.laps} laps{weather}{teams}"

    def results(self, state: RaceState) -> tuple[CarResult, ...]:
        return standings.results(state)


__all__ = [
    "OUT_REASONS",
    "CarSetup",
    "CarState",
    "Check",
    "FormulaD",
    "GridRolls",
    "Marker",
    "RaceSetup",
    "RaceState",
]
