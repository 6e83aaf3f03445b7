"""Rolls owed after a move, one prompt each: road handling for each dangerous space crossed, the
collision roll, Motor Damage, the changeable weather's re-roll, and the pit stop roll. In rain
(Weather Conditions) the black die costs more: see rules.formula_d.weather."""

from __future__ import annotations

from dataclasses import replace

from rules.engine.events import Event, Field, Prompt
from rules.engine.pieces import BLACK_DIE, with_car
from rules.formula_d import (
    PIT_EXIT_GEAR,
    QUICK_STOP_MAX,
    TEAM_POOL_WP,
    TECHNICAL_MAX_GEAR,
    TECHNICAL_WP,
    TECHNICAL_ZONES,
    PitStop,
    Tires,
    Zone,
    chart_weather,
    collision_damages,
    collision_max,
    format_weather_chart,
    is_rain,
    motor_damage_max,
    motor_damages,
    pit_stop,
    repair,
    road_handling_damages,
    road_handling_max,
    shifted,
    technical_repair,
)
from rules.formula_d.race import grid, standings
from rules.formula_d.race.common import gear_name, label, lose
from rules.formula_d.race.facts import marker_label
from rules.formula_d.race.flow import settle
from rules.formula_d.race.rolls import roll_owed, wear_roll
from rules.formula_d.race.state import Check, RaceState


def check_prompts(state: RaceState) -> tuple[Prompt, ...]:
    return tuple(_prompt(state, check) for check in state.pending)


def first_check_prompt(state: RaceState) -> Prompt:
    return _prompt(state, state.pending[0])


def _up_to(highest: int) -> str:
    return "1" if highest == 1 else f"1-{highest}"


def _prompt(state: RaceState, check: Check) -> Prompt:
    who = label(state, check.car)
    car = state.car(check.car)
    rain = is_rain(state.weather)
    in_rain = " (rain)" if rain else ""
    if check.kind == "handling_roll":
        text = (
            f"{who} passed over the damage marker ({marker_label(state, check.marker)}): road "
            f"handling roll, roll black ({_up_to(road_handling_max(rain=rain))}{in_rain}: "
            "-1 road handling WP)"
        )
    elif check.kind == "collision_roll":
        text = (
            f"{who} {check.reason}: collision roll, roll black "
            f"({_up_to(collision_max(rain=rain))}{in_rain}: -1 car body WP)"
        )
    elif check.kind == "motor_roll":
        text = (
            f"{check.reason}: Motor Damage, {who} in {gear_name(car.gear)} rolls black "
            f"({_up_to(motor_damage_max(rain=rain))}{in_rain}: -1 engine WP)"
        )
    elif check.kind == "weather_roll":
        now = state.weather.value if state.weather else ""
        text = (
            f"{check.reason}: the weather is {now}, roll black against the chart again "
            f"({format_weather_chart(state.setup.weather_chart)}; good: one line up, "
            "changeable: stays, rain: one line down)"
        )
        return Prompt(check.kind, text, None, (BLACK_DIE,))
    else:
        text = (
            f"{who} is in the pits with its tire WP back ({car.sheet.tires}): pit stop roll, "
            f"roll black (1-{QUICK_STOP_MAX}: Quick Stop, leaves now in "
            f"{gear_name(PIT_EXIT_GEAR)} for half the roll rounded up; "
            f"{QUICK_STOP_MAX + 1}-20: Slow Stop, waits until next round)"
        )
        fields: list[Field] = []
        if car.tires_fitted is not None:  # Tire Selection: the type may change at a pit stop
            fields.append(grid.tire_field(car.tires_fitted, "Tires fitted in the pits"))
        left = TECHNICAL_WP - car.repaired
        if state.setup.technical_pit_stop and left > 0:
            fields += _repair_fields(state, check.car, left)
        team_left = TEAM_POOL_WP - standings.team_used(state, check.car)
        if state.setup.teams and team_left > 0:
            fields += _repair_fields(state, check.car, team_left, team=True)
        return Prompt(check.kind, text, check.car, (*fields, BLACK_DIE))
    return Prompt(check.kind, text, check.car, (BLACK_DIE,))


NO_REPAIR = "none"


def _repair_fields(state: RaceState, key: str, left: int, *, team: bool = False) -> list[Field]:
    """Technical Pit Stop: a WP back in a zone per field, as many fields as WP the car has left
    of its 2 for the race; a zone twice is 2 WP there. Team Race (`team`): the same from the
    team's pool of 4, decided by both its players."""
    built, now = state.setup.car(key).sheet, state.car(key).sheet
    choices = ((NO_REPAIR, "No repair"),) + tuple(
        (zone.name.lower(), f"{zone.value.capitalize()} ({now[zone]} of {built[zone]} WP)")
        for zone in TECHNICAL_ZONES
    )
    if team:
        label_text = (
            f"Team repair, decided with its teammate: 1 WP back in ({left} of the team's "
            f"{TEAM_POOL_WP} WP left, not above the start)"
        )
    else:
        label_text = (
            f"Technical pit stop: 1 WP back in ({left} WP left this race, not above "
            f"the start; {gear_name(TECHNICAL_MAX_GEAR)} gear at most next round)"
        )
    prefix = "team_repair" if team else "repair"
    return [
        Field(
            f"{prefix}_{number}",
            label_text,
            "choice",
            choices=choices,
            required=False,
            default=NO_REPAIR,
            short=f"{'Team repair' if team else 'Repair'} {number}",
            folded=True,
        )
        for number in range(1, left + 1)
    ]


def _repairs(entry: dict, prefix: str = "repair", most: int = TECHNICAL_WP) -> list[Zone]:
    picked = [entry.get(f"{prefix}_{number}", NO_REPAIR) for number in range(1, most + 1)]
    by_key = {zone.name.lower(): zone for zone in TECHNICAL_ZONES}
    return [by_key[raw] for raw in picked if raw in by_key]


def _rain(state: RaceState) -> bool:
    """Weather Conditions: whether it rains, which raises the damage rolls' thresholds."""
    return is_rain(state.weather)


on_handling_roll = wear_roll(
    road_handling_damages, Zone.ROAD_HANDLING, lose=lose, settle=settle, rain=_rain
)
on_collision_roll = wear_roll(collision_damages, Zone.BODY, lose=lose, settle=settle, rain=_rain)
on_motor_roll = wear_roll(motor_damages, Zone.ENGINE, lose=lose, settle=settle, rain=_rain)


def on_pit_roll(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    entry = prompt.read(event.data)
    state, check, value = roll_owed(state, event, prompt)
    car = state.car(check.car)
    if car.tires_fitted is not None:
        state = with_car(state, check.car, tires_fitted=Tires(entry["tires"]))
    outcome = pit_stop(value)
    zones = _repairs(entry)
    if zones:
        # Technical Pit Stop: the WP back now; 4th at most next round, no soft tires' space out.
        built = state.setup.car(check.car).sheet
        state = with_car(
            state,
            check.car,
            sheet=technical_repair(car.sheet, built, zones, car.repaired),
            repaired=car.repaired + len(zones),
            technical_at=state.round,
            technical_exit=state.round + (1 if outcome.waits_a_round else 0),
        )
    team_zones = _repairs(entry, "team_repair", TEAM_POOL_WP)
    if team_zones:
        # Team Race: the WP back from the team's pool of 4.
        car = state.car(check.car)
        built = state.setup.car(check.car).sheet
        sheet = repair(
            car.sheet,
            built,
            team_zones,
            used=standings.team_used(state, check.car),
            allowance=TEAM_POOL_WP,
            who="A team regains",
        )
        state = with_car(
            state, check.car, sheet=sheet, team_repaired=car.team_repaired + len(team_zones)
        )
    if outcome.stop is PitStop.QUICK:
        state = with_car(state, check.car, gear=PIT_EXIT_GEAR)
        return settle(replace(state, fixed_move=outcome.spaces))
    return settle(with_car(state, check.car, in_pits=True))


def on_weather_roll(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    """The roll before the race (grid.on_weather_roll), or Changeable's re-roll: the chart's line
    it lands on shifts the weather (rules.formula_d.shifted)."""
    if state.phase == "weather":
        return grid.on_weather_roll(state, event, prompt)
    state, _check, value = roll_owed(state, event, prompt)
    landed = chart_weather(state.setup.weather_chart, value)
    return settle(replace(state, weather=shifted(state.weather, landed)))
