"""Setup: the cars and their scorecards, the grid by the black die (re-rolling ties), and each
car's start roll before engaging 1st gear."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from rules.engine.contract import Starter
from rules.engine.events import Event, EventRejected, Field, Prompt
from rules.engine.pieces import BLACK_DIE, name, names, ordinal, with_car
from rules.formula_d import (
    GREAT_START_ROLL,
    GREAT_START_SPACES,
    POOR_START_ROLL,
    RACE_LAP_CHOICES,
    RACE_LAPS,
    STANDARD_CAR,
    CarSheet,
    ChartLine,
    InvalidBuild,
    InvalidCar,
    InvalidWeatherChart,
    Tires,
    Zone,
    chart_weather,
    check_build,
    parse_weather_chart,
    start_roll,
)
from rules.formula_d.driver_cards import (
    DriverCard,
    InvalidDriverCard,
    check_card_sheet,
    driver_card,
)
from rules.formula_d.race import road
from rules.formula_d.race.common import label, weather_roll_words, weather_words
from rules.formula_d.race.flow import next_turn, start_round
from rules.formula_d.race.grid_rolls import grid_roll, grid_roll_prompts, start
from rules.formula_d.race.state import (
    CarSetup,
    CarState,
    FormulaDT,
    GridRolls,
    QualifyingLap,
    RaceSetup,
    RaceState,
)
from rules.formula_d.road_race import ROAD_RACE_TIRES
from rules.formula_d.team_race import NOT_PAIRS, TEAM_SIZE, teams_not_pairs
from rules.language import gettext as _
from rules.language import gettext_noop as N_
from rules.language import ngettext

# --- The cars ----------------------------------------------------------------------------------


def _zone(raw: Any) -> Zone:
    """A zone named as the rules name it ("car body") or as the scorecard's field ("body")."""
    if isinstance(raw, Zone):
        return raw
    text = str(raw).strip().lower()
    for zone in Zone:
        if text in (zone.value, zone.name.lower(), zone.name.lower().replace("_", " ")):
            return zone
    raise EventRejected(
        _("A car has no zone {raw!r}: its zones are {zone_list}.").format(
            raw=raw, zone_list=", ".join(repr(zone.value) for zone in Zone)
        )
    )


def _sheet(car: str, raw: CarSheet | Mapping[Any, int]) -> CarSheet:
    """A built car (Constructing Your Car) from a CarSheet or {zone: WP}."""
    try:
        if isinstance(raw, CarSheet):
            sheet = raw
        elif isinstance(raw, Mapping):
            sheet = CarSheet.from_zones({_zone(zone): wp for zone, wp in raw.items()})
        else:
            raise EventRejected(
                _("{car}: a built car is its WP in each zone, not {raw!r}.").format(
                    car=name(car), raw=raw
                )
            )
        return check_build(sheet)
    except (InvalidBuild, InvalidCar, TypeError) as refusal:
        raise EventRejected(_("{car}: {refusal}").format(car=name(car), refusal=refusal)) from None


def make_setup(
    ruleset: str,
    starters: Sequence[Starter],
    *,
    laps: int = RACE_LAPS,
    car_sheets: Mapping[str, CarSheet | Mapping[Any, int]] | None = None,
    weather_chart: str | Sequence[ChartLine] = (),
    weather_chart_placeholder: bool = False,
    tires: bool = False,
    technical_pit_stop: bool = False,
    teams: Mapping[str, str] | None = None,
    road_race: bool = False,
    driver_cards: Mapping[str, DriverCard | Mapping[str, object]] | None = None,
    stopwatch_qualifying: bool = False,
    overshoot_by_more_out: bool = False,
) -> RaceSetup:
    """Each starter races the standard car unless `car_sheets` gives it a built one; with a
    `weather_chart` (the track's, as text or lines; `weather_chart_placeholder`: the placeholder
    every track starts with, not its board's) the race is run with the weather rules, with
    `tires` the tire selection rules, `technical_pit_stop` with technical pit stops, `teams`
    (each car's team) as a team race, `road_race` as a road race, where `driver_cards` (by car)
    give drivers their skills and cars their WP, `stopwatch_qualifying` with a qualifying lap a
    car for the grid, `overshoot_by_more_out` a car losing its last tire WP by overshooting more
    than 1 space eliminated (the Overshooting rule read as written)."""
    built = dict(car_sheets or {})
    keys = [starter.car for starter in starters]
    unknown = [key for key in built if key not in keys]
    if unknown:
        raise EventRejected(
            _("No starter drives {cars}: no car to build.").format(cars=names(unknown))
        )
    cards = _cards(keys, driver_cards or {}, road_race=road_race)
    cars = tuple(
        CarSetup(
            car=starter.car,
            driver=starter.driver,
            sheet=cards[starter.car].sheet
            or (_sheet(starter.car, built[starter.car]) if starter.car in built else STANDARD_CAR),
            skill=cards[starter.car].skill,
        )
        for starter in starters
    )
    setup = RaceSetup(
        ruleset=ruleset,
        cars=cars,
        laps=laps,
        weather_chart=chart_lines(weather_chart),
        weather_chart_placeholder=bool(weather_chart_placeholder),
        tires=bool(tires),
        technical_pit_stop=bool(technical_pit_stop),
        teams=tuple((car, str(team)) for car, team in (teams or {}).items() if car in keys),
        road_race=bool(road_race),
        stopwatch_qualifying=bool(stopwatch_qualifying),
        overshoot_by_more_out=bool(overshoot_by_more_out),
    )
    check_setup(setup)
    return setup


def _cards(
    keys: Sequence[str],
    raw: Mapping[str, DriverCard | Mapping[str, object]],
    *,
    road_race: bool,
) -> dict[str, DriverCard]:
    """Each car's driver card (an empty one where none is given): only in a road race."""
    if raw and not road_race:
        raise EventRejected(_("Driver cards are for road races: this race is not one."))
    unknown = [key for key in raw if key not in keys]
    if unknown:
        raise EventRejected(
            _("No starter drives {cars}: no driver card to give.").format(cars=names(unknown))
        )
    cards = {}
    for key in keys:
        card = raw.get(key) or DriverCard()
        try:
            cards[key] = card if isinstance(card, DriverCard) else driver_card(card)
        except InvalidDriverCard as refusal:
            raise EventRejected(
                _("{car}'s driver card: {refusal}").format(car=name(key), refusal=refusal)
            ) from None
    return cards


def chart_lines(raw: str | Sequence[ChartLine]) -> tuple[ChartLine, ...]:
    """The track's weather chart, checked: each roll 1-20 on one of its four lines."""
    try:
        if isinstance(raw, str):
            return parse_weather_chart(raw) if raw.strip() else ()
        return tuple(raw)
    except InvalidWeatherChart as refusal:
        raise EventRejected(
            _("The track's weather chart: {refusal}").format(refusal=refusal)
        ) from None


def check_setup(setup: RaceSetup) -> None:
    """Refuse a race the rules cannot run, with the reason."""
    keys = [car.car for car in setup.cars]
    if len(keys) < 2:
        raise EventRejected(_("A race needs at least two cars."))
    if len(set(keys)) != len(keys) or any(not key or "," in key for key in keys):
        raise EventRejected(_("Each car needs its own key (a colour), without commas."))
    if isinstance(setup.laps, bool) or setup.laps not in RACE_LAP_CHOICES:
        raise EventRejected(
            _(
                "Formula D: the race is {race_laps} laps, or {race_lap_choices} in the optional "
                "Three-Lap Race, not {laps!r}."
            ).format(race_laps=RACE_LAPS, race_lap_choices=RACE_LAP_CHOICES[-1], laps=setup.laps)
        )
    _check_teams(setup)
    for car in setup.cars:
        if not setup.road_race:
            _sheet(car.car, car.sheet)
            continue
        try:  # Road Races: a card's WP, or a car built within the limits
            check_card_sheet(car.sheet)
        except InvalidDriverCard as refusal:
            raise EventRejected(
                _("{car}: {refusal}").format(car=name(car.car), refusal=refusal)
            ) from None


def _check_teams(setup: RaceSetup) -> None:
    """Team Race: "Form teams, each with 2 players": every car in a team of two, or no race."""
    if not setup.teams:
        return
    wrong = teams_not_pairs([car.car for car in setup.cars], setup.team_of)
    if wrong:
        said = "; ".join(
            _("{car} races in no team").format(car=name(team[0]))
            if team[0] not in setup.team_of
            else ngettext(
                "{cars} makes a team of {count}", "{cars} make a team of {count}", len(team)
            ).format(cars=names(team), count=len(team))
            for team in wrong
        )
        raise EventRejected(
            _("{rule}: {said}.").format(rule=_(NOT_PAIRS).format(size=TEAM_SIZE), said=said)
        )


def start_state(setup: RaceSetup) -> RaceState:
    """The race before its first roll: the weather roll, else the tires, else the grid rolls;
    with stopwatch qualifying, its weather roll and its laps come first."""
    check_setup(setup)
    # Road Races: all cars drive on hard tires.
    tires = ROAD_RACE_TIRES if setup.road_race else None
    state = RaceState(
        setup=setup,
        cars=tuple(
            CarState(car=car.car, sheet=car.sheet, tires_fitted=tires) for car in setup.cars
        ),
        phase="weather",
        grid_rolls=tuple(GridRolls(car.car) for car in setup.cars),
    )
    if setup.stopwatch_qualifying:
        laps = tuple(QualifyingLap(car.car) for car in setup.cars)
        phase = "qualifying_weather" if setup.weather_chart else "qualifying"
        return replace(state, qualifying=laps, phase=phase)
    return state if setup.weather_chart else after_weather(state)


# --- The weather before the race (Weather Conditions, an optional rule) ------------------------


def weather_prompts(state: RaceState) -> tuple[Prompt, ...]:
    """The roll before the race, or (Road Races) the Weather Frog's choice to roll it again."""
    if state.held_weather:
        return (road.frog_prompt(state),)
    text = weather_roll_words(
        state.setup.weather_chart, placeholder=state.setup.weather_chart_placeholder
    )
    return (Prompt("weather_roll", road.weather_prompt_text(state, text), None, (BLACK_DIE,)),)


def weather_before_race(state: FormulaDT, value: int) -> FormulaDT:
    """Roll the black die and check the weather chart before the actual race; then the grid."""
    weather = chart_weather(state.setup.weather_chart, value)
    return after_weather(replace(state, weather=weather))


def after_weather(state: FormulaDT) -> FormulaDT:
    """Tire Selection: "after weather has been determined, each player may fit special tires"
    (in a road race all cars drive on hard tires, fitted at the start); then the grid."""
    if state.setup.tires and not state.setup.road_race:
        return replace(state, phase="tires")
    return to_grid(state)


def to_grid(state: FormulaDT) -> FormulaDT:
    """The grid rolls; or, where the qualifying laps gave the grid, the race starts."""
    if state.setup.stopwatch_qualifying:
        return start_round(state)
    return replace(state, phase="grid")


# --- Tire Selection (an optional rule) ---------------------------------------------------------

TIRE_CHOICES = (
    (Tires.HARD.value, N_("Hard tires")),
    (Tires.SOFT.value, N_("Soft tires")),
    (Tires.RAIN.value, N_("Rain tires")),
)


def tire_field(default: Tires, label_text: str) -> Field:
    choices = tuple((value, _(words)) for value, words in TIRE_CHOICES)
    return Field(
        "tires", label_text, "choice", choices=choices, default=default.value, short=_("Tires")
    )


def tire_prompts(state: RaceState) -> tuple[Prompt, ...]:
    if state.weather:
        said = _(
            "Tires ({weather}): {car} fits hard tires, or special ones (soft: a sun marker on the "
            "score card; rain: a rain marker)"
        )
    else:
        said = _(
            "Tires: {car} fits hard tires, or special ones (soft: a sun marker on the score card; "
            "rain: a rain marker)"
        )
    weather = weather_words(state.weather.value) if state.weather else ""
    return tuple(
        Prompt(
            "tire_choice",
            said.format(weather=weather, car=label(state, car.car)),
            car.car,
            (tire_field(Tires.HARD, _("Tires fitted")),),
        )
        for car in state.cars
        if car.tires_fitted is None
    )


def on_tire_choice(state: FormulaDT, event: Event, prompt: Prompt) -> FormulaDT:
    tires = Tires(prompt.read(event.data)["tires"])
    state = with_car(state, prompt.car or "", tires_fitted=tires)
    if any(car.tires_fitted is None for car in state.cars):
        return state
    return to_grid(state)


# --- The grid ----------------------------------------------------------------------------------


def grid_prompts(state: RaceState) -> tuple[Prompt, ...]:
    return grid_roll_prompts(
        state, _("Grid"), _("rolls black for its starting position (highest on pole)")
    )


on_grid_roll = on_tie_roll = grid_roll(start_round)


# --- The start roll ----------------------------------------------------------------------------


def start_prompts(state: RaceState) -> tuple[Prompt, ...]:
    key = state.order[state.turn]
    place = state.grid.index(key) + 1
    text = _(
        "Round 1 (grid: {grid}): {car}, {place} on the grid, starts: roll black ({poor}: Poor "
        "Start, misses this turn; {great}: Great Start, {spaces} spaces at once)"
    ).format(
        grid=names(state.grid),
        car=label(state, key),
        place=ordinal(place),
        poor=POOR_START_ROLL,
        great=GREAT_START_ROLL,
        spaces=GREAT_START_SPACES,
    )
    return (Prompt("start_roll", text, key, (BLACK_DIE,)),)


def on_start_roll(state: FormulaDT, event: Event, prompt: Prompt) -> FormulaDT:
    """Setup: rolled at the car's first turn, "before engaging 1st gear" (a ruling: each car as
    its turn comes in round 1, in grid order). A Normal Start engages 1st and rolls yellow at once,
    with no gear to choose; a Great Start's 4 spaces are the car's first move, with no die."""
    value = prompt.read(event.data)["value"]
    # A Poor Start: in 1st, without rolling again, next turn (flow.begin_turn).
    return start(state, prompt.car or "", value, start_roll(value), next_turn=next_turn)
