"""Season Pass (Mel Nicholson) as engine hooks: one handler per event kind, prompts per phase.

Rulings where the document is silent or loose (to copy into docs/rulings.md):
- Cars start in neutral: the first move is in 1st gear (Gear Selection starts from a gear).
- Weather: with variable weather the black die is rolled before the leader moves in every
  round, the first included; the red die only sets the starting score.
- Movement Order: the engine proposes it from spaces moved (not the board), then gear, then
  arrival; the referee confirms or corrects it each round. Round 1 runs in grid order.
- Braking: brake (and air-brake) points may bring a move down to 0 spaces, never below.
- Air braking needs every brake point spent on that move; a failed air brake (field
  air_brake_overshoot = roll minus maximum safe roll) is out with the Overshoot Table column.
  The maximum safe roll is at least the car's brake and tire points, so the overshoot is at
  most the roll minus those. The overshoot itself (not only its column; 6 or more all read
  Orange) is kept on the car for the season's results.
- Points, spaces, stops and corners are whole numbers; only the spaces to reach the finish
  line may be a half (the Photo Finish example's "half space behind").
- Holding the Corners: the skidding move counts as one of the missing moves, so a car that
  left a difficulty-d corner after s stops skids on d - s - 1 further moves, paying a tire
  point for every space of them. A spin-out ends the skid. The skidding move not counting for
  the next corner is the referee's count of stops, which the engine cannot see.
- An overshooting car is placed after the spaces its tire points paid for; its "how far"
  for the results counts those spaces.
- Engine Wear: the roller checks first, then the other racing cars in movement order; a car
  whose engine is blown makes no more checks. A car that crossed the line makes none.
- Collisions: each pair check is two checks, each car with its own level's dice and the
  current weather. After any damage the referee says which cars are beside the damaged car
  (pre-filled with what the engine knows); each rolls black. Wrecks (cars disabled by a
  collision) stay on the track: they can be beside a car, roll checks and take more damage.
  Cars that finished, overshot or failed to air brake are off the track and are never beside.
- The injury check of a collision-disabled driver starts once no collision roll is owed, so
  every point from that chain counts; damage to the wreck later does not change it.
- Red Flag: allowed only around a collision-disabled car; each of the chart's checks for the
  gear is a pair: the car leaving the track and the wreck it drives around (Questions).
- Checks are rolled in this order: engine checks, off-road checks, collision checks, chain
  rolls as damage happens (after the checks already owed), then injury checks.
- A car that crossed the line is removed: no collision check for its finishing move.
  Photo Finish uses spaces actually moved (after brakes), and an exact tie goes to the car
  that moved first that round. Cars out are ranked by spaces moved, level -> later out first.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.engine.events import Event, EventRejected, Prompt
from rules.engine.season_pass import checks, grid, standings, turns
from rules.engine.season_pass.common import STARTING_BRAKES, STARTING_GAS, STARTING_TIRES
from rules.engine.state import CarResult, CarState, CarView, QualifyingRolls, RaceSetup, RaceState
from rules.engine.variant import RuleSet, register
from rules.season_pass import InvalidWeatherTable, weather_outcome

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
    "checks": checks.check_prompts,
    "finished": lambda state: (),
}


@register
class SeasonPass(RuleSet):
    name = "season_pass"
    title = "Season Pass"

    def start(self, setup: RaceSetup) -> RaceState:
        keys = [car.car for car in setup.cars]
        if len(keys) < 2:
            raise EventRejected("A race needs at least two cars.")
        if len(set(keys)) != len(keys) or any(not key or "," in key for key in keys):
            raise EventRejected("Each car needs its own key (a colour), without commas.")
        if setup.laps != 1:
            raise EventRejected("Season Pass: all races are decided by a single lap.")
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

    def handle(self, state: RaceState, event: Event, prompt: Prompt) -> RaceState:
        try:
            return HANDLERS[prompt.kind](state, event, prompt)
        except EventRejected:
            raise
        except ValueError as refusal:  # the tables' own errors (a die face, a gear change...)
            raise EventRejected(str(refusal)) from None

    def dashboard(self, state: RaceState) -> tuple[CarView, ...]:
        return standings.dashboard(state)

    def results(self, state: RaceState) -> tuple[CarResult, ...]:
        return standings.results(state)
