"""Season Pass (Mel Nicholson) as engine hooks: one handler per event kind, prompts per phase.

Where the document is silent or loose, the readings are in docs/rulings.md ("The race at the
table"), each with its test in tests/rules/season_pass/race/.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rules.engine.contract import CarView, Starter
from rules.engine.events import Event, EventRejected, Prompt
from rules.engine.variant import RuleSet
from rules.gear_odds import OvershootCost
from rules.language import gettext as _
from rules.season_pass import (
    STARTING_BRAKES,
    STARTING_GAS,
    STARTING_TIRES,
    InvalidWeatherTable,
    weather_outcome,
)
from rules.season_pass.experience import Level
from rules.season_pass.race import checks, explained, grid, odds, standings, turns, words
from rules.season_pass.race.common import words_of
from rules.season_pass.race.state import (
    CarResult,
    CarSetup,
    CarState,
    Check,
    QualifyingRolls,
    RaceSetup,
    RaceState,
)
from rules.season_pass.weather import WeatherBand

Handler = Callable[[RaceState, Event, Prompt], RaceState]

HANDLERS: dict[str, Handler] = {
    "qualifying_roll": grid.on_qualifying_roll,
    "tie_roll": grid.on_tie_roll,
    "weather_roll": grid.on_weather_roll,
    "weather_score_roll": grid.on_weather_score_roll,
    "order": turns.on_order,
    "gear": turns.on_gear,
    "move": turns.on_move,
    "engine_check": checks.on_engine_check,
    "collision_roll": checks.on_collision_roll,
    "neighbours": checks.on_neighbours,
    "chain_roll": checks.on_chain_roll,
    "injury_roll": checks.on_injury_roll,
}

PHASE_PROMPTS: dict[str, Callable[[RaceState], tuple[Prompt, ...]]] = {
    "qualifying": grid.qualifying_prompts,
    "weather": grid.weather_prompts,
    "weather_score": grid.weather_prompts,
    "round_weather": grid.weather_prompts,
    "order": turns.order_prompts,
    "gear": turns.gear_prompts,
    "move": turns.move_prompts,
    "finished": lambda state: (),
}


class SeasonPass(RuleSet[RaceSetup, RaceState]):
    name = "season_pass"
    title = "Season Pass"
    setup_class = RaceSetup
    state_class = RaceState
    dashboard_columns = standings.COLUMNS
    facts_explained = explained.FACTS

    def setup(
        self, starters: Sequence[Starter], *, weather_table: tuple[WeatherBand, ...] = ()
    ) -> RaceSetup:
        """Each starter races at the level the league gave it when the round started."""
        try:
            cars = tuple(
                CarSetup(car=starter.car, driver=starter.driver, level=Level(starter.level))
                for starter in starters
            )
        except ValueError as refusal:
            raise EventRejected(_("No such level: {refusal}").format(refusal=refusal)) from None
        return RaceSetup(ruleset=self.name, cars=cars, weather_table=tuple(weather_table))

    def start(self, setup: RaceSetup) -> RaceState:
        keys = [car.car for car in setup.cars]
        if len(keys) < 2:
            raise EventRejected(_("A race needs at least two cars."))
        if len(set(keys)) != len(keys) or any(not key or "," in key for key in keys):
            raise EventRejected(_("Each car needs its own key (a colour), without commas."))
        if setup.laps != 1:
            raise EventRejected(_("Season Pass: all races are decided by a single lap."))
        try:
            weather_outcome(setup.weather_table, 1)
        except InvalidWeatherTable as refusal:
            raise EventRejected(str(refusal)) from None
        cars = tuple(
            CarState(
                car=car.car,
                driver=car.driver,
                level=car.level,
                tires=STARTING_TIRES,
                brakes=STARTING_BRAKES,
                gas=STARTING_GAS,
            )
            for car in setup.cars
        )
        return RaceState(
            setup=setup,
            cars=cars,
            phase="qualifying",
            qualifying=tuple(QualifyingRolls(key) for key in keys),
        )

    def prompts(self, state: RaceState) -> tuple[Prompt, ...]:
        if state.pending:
            return checks.check_prompts(state)
        return PHASE_PROMPTS[state.phase](state)

    def next_prompt(self, state: RaceState) -> Prompt | None:
        if state.pending:
            return checks.first_check_prompt(state)
        return super().next_prompt(state)

    def handle(self, state: RaceState, event: Event, prompt: Prompt) -> RaceState:
        try:
            return HANDLERS[prompt.kind](state, event, prompt)
        except EventRejected:
            raise
        except ValueError as refusal:  # the tables' own errors (a die face, a gear change...)
            raise EventRejected(str(refusal)) from None

    def dashboard(self, state: RaceState) -> tuple[CarView, ...]:
        return standings.dashboard(state)

    def describe(self, before: RaceState, event: Event, after: RaceState) -> str:
        return words.describe(before, event, after)

    def round_of(self, state: RaceState) -> int:
        return state.round

    def status(self, state: RaceState) -> str:
        where = (
            _("Round {round}").format(round=state.round) if state.round else _("Before the start")
        )
        weather = words_of(str(state.weather)) if state.weather else _("not rolled yet")
        if state.weather_score is not None:
            weather += _(" (score {score})").format(score=state.weather_score)
        return _("{where} · weather: {weather}").format(where=where, weather=weather)

    def results(self, state: RaceState) -> tuple[CarResult, ...]:
        return standings.results(state)

    def grid(self, state: RaceState) -> tuple[str, ...]:
        return state.grid

    def overshoot_cost(
        self, state: RaceState, car: str, spaces: int, stops_owed: int
    ) -> OvershootCost:
        """Holding the Corners: `stops_owed` are the corner's moves not yet completed."""
        return odds.overshoot_cost(state.car(car).tires, spaces)


__all__ = [
    "CarResult",
    "CarSetup",
    "CarState",
    "Check",
    "QualifyingRolls",
    "RaceSetup",
    "RaceState",
    "SeasonPass",
]
