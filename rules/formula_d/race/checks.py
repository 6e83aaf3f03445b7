"""Rolls owed after a move, one prompt each: road handling for each dangerous space crossed, the
collision roll, Motor Damage, the changeable weather's re-roll, and the pit stop roll. In rain
(Weather Conditions) the black die costs more: see rules.formula_d.weather. In a road race, also
the engine-noise roll, the thrown car radio's, the WP at the checkpoint and the pole station, and
the Weather Frog's choice to roll the weather again (rules/formula_d/race/road.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from rules.engine.events import Event, Field, Prompt
from rules.engine.pieces import BLACK_DIE, with_car
from rules.formula_d import (
    PIT_EXIT_GEAR,
    QUICK_STOP_MAX,
    SPENT_NOT_LOST,
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
    is_rain,
    motor_damage_max,
    pit_stop,
    repair,
    road_handling_max,
    shifted,
    technical_repair,
)
from rules.formula_d.driver_cards import (
    Skill,
    car_radio_zone,
    engine_failure_max,
    road_handling_roll_max,
)
from rules.formula_d.race import doubts, grid, qualifying, road, standings
from rules.formula_d.race.common import (
    chart_words,
    gear_name,
    label,
    lose,
    value_words,
)
from rules.formula_d.race.facts import marker_label
from rules.formula_d.race.flow import settle
from rules.formula_d.race.reasons import reason_words
from rules.formula_d.race.rolls import roll_owed, wear_roll
from rules.formula_d.race.state import Check, FormulaDT, RaceState
from rules.formula_d.road_race import distribute, engine_noise
from rules.language import gettext as _
from rules.language import gettext_noop as N_


def check_prompts(state: RaceState) -> tuple[Prompt, ...]:
    return tuple(_prompt(state, check) for check in state.pending)


def first_check_prompt(state: RaceState) -> Prompt:
    return _prompt(state, state.pending[0])


def _up_to(highest: int) -> str:
    return "1" if highest == 1 else f"1-{highest}"


def _prompt(state: RaceState, check: Check) -> Prompt:
    if check.kind == doubts.CONFIRM:
        return doubts.confirm_prompt(state, check)
    who = label(state, check.car)
    car = state.car(check.car)
    rain = is_rain(state.weather)
    in_rain = _(" (rain)") if rain else ""
    skill = state.setup.skill(check.car)
    if check.kind == "handling_roll":
        where = (
            _("the damage marker ({marker})").format(marker=marker_label(state, check.marker))
            if check.marker
            else _("a red space of the danger zone")
        )
        most = road_handling_roll_max(skill, stopped_on=check.stopped_on, rain=rain)
        why = (
            _(" (Pile of Scrap, stopped on it)")
            if most != road_handling_max(rain=rain)
            else in_rain
        )
        text = _(
            "{car} passed over {where}: road handling roll, roll black "
            "({up_to}{why}: -1 road handling WP)"
        ).format(car=who, where=where, up_to=_up_to(most), why=why)
    elif check.kind == "collision_roll":
        text = _(
            "{car} {reason}: collision roll, roll black ({up_to}{why}: -1 car body WP)"
        ).format(
            car=who,
            reason=reason_words(check),
            up_to=_up_to(collision_max(rain=rain)),
            why=in_rain,
        )
    elif check.kind == "motor_roll":
        most = engine_failure_max(skill, rain=rain)
        genius = _(" (Little Genius)") if most != motor_damage_max(rain=rain) else in_rain
        text = _(
            "{reason}: Motor Damage, {car} in {gear} rolls black ({up_to}{why}: -1 engine WP)"
        ).format(
            reason=reason_words(check),
            car=who,
            gear=gear_name(car.gear),
            up_to=_up_to(most),
            why=genius,
        )
    elif check.kind == "weather_roll":
        now = value_words(state.weather.value) if state.weather else ""
        if state.setup.weather_chart_placeholder:
            asked = _(
                "{reason}: the weather is {weather}, roll black against the placeholder chart, "
                "not this board's, again ({chart}; good: one line up, changeable: stays, rain: "
                "one line down)"
            )
        else:
            asked = _(
                "{reason}: the weather is {weather}, roll black against the chart again "
                "({chart}; good: one line up, changeable: stays, rain: one line down)"
            )
        text = road.weather_prompt_text(
            state,
            asked.format(
                reason=reason_words(check),
                weather=now,
                chart=chart_words(state.setup.weather_chart),
            ),
        )
        return Prompt(check.kind, text, None, (BLACK_DIE,))
    elif check.kind == "frog_choice":
        return road.frog_prompt(state)
    elif check.kind == "noise_roll":
        text = road.noise_text(state, check)
    elif check.kind == "radio_roll":
        text = road.radio_text(state, check)
    elif check.kind in ("checkpoint", "pole_station"):
        count = road.wp_count(state, check)
        zones = road.wp_zones(state, check.car)
        wp_fields = zone_fields(state, check.car, count, zones, "wp", _("1 WP back in"), _("WP"))
        return Prompt(check.kind, road.wp_text(state, check), check.car, tuple(wp_fields))
    else:
        text = _(
            "{car} is in the pits with its tire WP back ({tires}): pit stop roll, roll black "
            "(1-{quick}: Quick Stop, leaves now in {gear} for half the roll rounded up; "
            "{slow}-20: Slow Stop, waits until next round)"
        ).format(
            car=who,
            tires=car.sheet.tires,
            quick=QUICK_STOP_MAX,
            gear=gear_name(PIT_EXIT_GEAR),
            slow=QUICK_STOP_MAX + 1,
        )
        fields: list[Field] = []
        if car.tires_fitted is not None:  # Tire Selection: the type may change at a pit stop
            fields.append(grid.tire_field(car.tires_fitted, _("Tires fitted in the pits")))
        left = TECHNICAL_WP - car.repaired
        if state.setup.technical_pit_stop and left > 0:
            fields += _repair_fields(state, check.car, left)
        team_left = TEAM_POOL_WP - standings.team_used(state, check.car)
        if state.setup.teams and team_left > 0:
            fields += _repair_fields(state, check.car, team_left, team=True)
        return Prompt(check.kind, text, check.car, (*fields, BLACK_DIE))
    return Prompt(check.kind, text, check.car, (BLACK_DIE,))


NO_REPAIR = "none"

# A zone to repair, with its WP now and at the start ("Brake (3 of 5 WP)").
ZONE_CHOICES = {
    "tire": N_("Tire ({now} of {built} WP)"),
    "brake": N_("Brake ({now} of {built} WP)"),
    "gearbox": N_("Gearbox ({now} of {built} WP)"),
    "car body": N_("Car body ({now} of {built} WP)"),
    "engine": N_("Engine ({now} of {built} WP)"),
    "road handling": N_("Road handling ({now} of {built} WP)"),
}


def _repair_fields(state: RaceState, key: str, left: int, *, team: bool = False) -> list[Field]:
    """Technical Pit Stop: a WP back in a zone per field, as many fields as WP the car has left
    of its 2 for the race; a zone twice is 2 WP there. Team Race (`team`): the same from the
    team's pool of 4, decided by both its players."""
    if team:
        label_text = _(
            "Team repair, decided with its teammate: 1 WP back in ({left} of the team's "
            "{pool} WP left, not above the start)"
        ).format(left=left, pool=TEAM_POOL_WP)
    else:
        label_text = _(
            "Technical pit stop: 1 WP back in ({left} WP left this race, not above "
            "the start; {gear} gear at most next round)"
        ).format(left=left, gear=gear_name(TECHNICAL_MAX_GEAR))
    prefix = "team_repair" if team else "repair"
    short = _("Team repair") if team else _("Repair")
    return zone_fields(state, key, left, TECHNICAL_ZONES, prefix, label_text, short)


def zone_fields(
    state: RaceState,
    key: str,
    count: int,
    zones: Sequence[Zone],
    prefix: str,
    label_text: str,
    short: str,
) -> list[Field]:
    """`count` fields named `prefix`_1... each giving 1 WP back in one of `zones` (or none),
    each zone shown with its WP now and at the start."""
    built, now = state.setup.car(key).sheet, state.car(key).sheet
    choices = ((NO_REPAIR, _("No repair")),) + tuple(
        (
            zone.name.lower(),
            _(ZONE_CHOICES[zone.value]).format(now=now[zone], built=built[zone]),
        )
        for zone in zones
    )
    return [
        Field(
            f"{prefix}_{number}",
            label_text,
            "choice",
            choices=choices,
            required=False,
            default=NO_REPAIR,
            short=_("{short} {number}").format(short=short, number=number),
            folded=True,
        )
        for number in range(1, count + 1)
    ]


def picked_zones(
    entry: Mapping[str, Any], prefix: str = "repair", most: int = TECHNICAL_WP
) -> list[Zone]:
    """The zones picked in the fields `prefix`_1 to `prefix`_`most`, "none" left out."""
    picked = [entry.get(f"{prefix}_{number}", NO_REPAIR) for number in range(1, most + 1)]
    by_key = {zone.name.lower(): zone for zone in Zone}
    return [by_key[raw] for raw in picked if raw in by_key]


def _rain(state: FormulaDT) -> bool:
    """Weather Conditions: whether it rains, which raises the damage rolls' thresholds. (Over
    FormulaDT, not RaceState, so that `wear_roll` keeps the handler it makes generic.)"""
    return is_rain(state.weather)


def _one_wp(
    state: FormulaDT,
    event: Event,
    prompt: Prompt,
    zone: Zone,
    most: Callable[[Skill | None, Check, bool], int],
) -> FormulaDT:
    """A check whose roll at or below `most` (of the car's skill, the check and whether it
    rains) costs the car 1 WP of `zone`."""
    check = state.pending[0]
    state, _check, value = roll_owed(state, event, prompt)
    if value <= most(state.setup.skill(check.car), check, _rain(state)):
        state = lose(state, check.car, {zone: 1})
    return settle(state)


def on_confirm(state: FormulaDT, event: Event, prompt: Prompt) -> FormulaDT:
    """The referee confirmed a fact Paddock's picture ruled out (doubts.py): play goes on."""
    prompt.read(event.data)
    return settle(doubts.confirmed(state))


def on_handling_roll(state: FormulaDT, event: Event, prompt: Prompt) -> FormulaDT:
    """Road handling: Pile of Scrap's 1-2 on the space he stopped on."""
    return _one_wp(
        state,
        event,
        prompt,
        Zone.ROAD_HANDLING,
        lambda skill, check, rain: road_handling_roll_max(
            skill, stopped_on=check.stopped_on, rain=rain
        ),
    )


def on_motor_roll(state: FormulaDT, event: Event, prompt: Prompt) -> FormulaDT:
    """Motor Damage: Little Genius's."""
    return _one_wp(
        state,
        event,
        prompt,
        Zone.ENGINE,
        lambda skill, _check, rain: engine_failure_max(skill, rain=rain),
    )


on_collision_roll = wear_roll(collision_damages, Zone.BODY, lose=lose, settle=settle, rain=_rain)


def on_noise_roll(state: FormulaDT, event: Event, prompt: Prompt) -> FormulaDT:
    """Engine Noise: the line of the table the black die lands on; a hit costs 1 WP."""
    state, check, value = roll_owed(state, event, prompt)
    zone = engine_noise(value).zone
    return settle(lose(state, check.car, {zone: 1}) if zone else state)


def on_radio_roll(state: FormulaDT, event: Event, prompt: Prompt) -> FormulaDT:
    """Car Radio: the target loses 1 WP in the zone of the radio table; brakes or a gearbox with
    none left lose nothing (they are spent, never overdrawn)."""
    state, check, value = roll_owed(state, event, prompt)
    zone = car_radio_zone(value)
    left = state.car(check.car).sheet[zone]
    lost = 0 if zone in SPENT_NOT_LOST and not left else 1
    return settle(lose(state, check.car, {zone: lost}))


def on_wp_back(state: FormulaDT, event: Event, prompt: Prompt) -> FormulaDT:
    """The checkpoint's or the pole station's WP, distributed between damaged zones."""
    check = state.pending[0]
    entry = prompt.read(event.data)
    allowance = road.wp_allowance(state, check)
    zones = picked_zones(entry, "wp", allowance)
    key = check.car
    who = _("The checkpoint gives") if check.kind == "checkpoint" else _("The pole station gives")
    sheet = distribute(state.car(key).sheet, state.setup.car(key).sheet, zones, allowance, who)
    state = with_car(replace(state, pending=state.pending[1:]), key, sheet=sheet)
    if check.kind == "pole_station":
        state = replace(state, pole_laps=state.pole_laps + 1)
    return settle(state)


def on_pit_roll(state: FormulaDT, event: Event, prompt: Prompt) -> FormulaDT:
    entry = prompt.read(event.data)
    state, check, value = roll_owed(state, event, prompt)
    car = state.car(check.car)
    if car.tires_fitted is not None:
        state = with_car(state, check.car, tires_fitted=Tires(entry["tires"]))
    outcome = pit_stop(value)
    zones = picked_zones(entry)
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
    team_zones = picked_zones(entry, "team_repair", TEAM_POOL_WP)
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
            who=_("A team regains"),
        )
        state = with_car(
            state, check.car, sheet=sheet, team_repaired=car.team_repaired + len(team_zones)
        )
    if outcome.stop is PitStop.QUICK:
        state = with_car(state, check.car, gear=PIT_EXIT_GEAR)
        return settle(replace(state, fixed_move=outcome.spaces))
    return settle(with_car(state, check.car, in_pits=True))


def on_weather_roll(state: FormulaDT, event: Event, prompt: Prompt) -> FormulaDT:
    """The roll before the race (grid.weather_before_race), or Changeable's re-roll: the chart's
    line it lands on shifts the weather (rules.formula_d.shifted). Held while a Weather Frog
    says whether he rolls again."""
    value = prompt.read(event.data)["value"]
    if road.holds_weather(state):
        if state.phase == "weather":
            return replace(state, held_weather=value)
        owed = state.pending[0]
        frog = Check("frog_choice", road.frogs(state)[0], owed.reason, why=owed.why)
        return replace(state, held_weather=value, pending=(frog, *state.pending[1:]))
    return _weather_rolled(replace(state, frog_second=False), value)


def _weather_rolled(state: FormulaDT, value: int) -> FormulaDT:
    if state.phase == "qualifying_weather":
        return qualifying.weather_before_laps(state, value)
    if state.phase == "weather":
        return grid.weather_before_race(state, value)
    state = replace(state, pending=state.pending[1:])
    landed = chart_weather(state.setup.weather_chart, value)
    assert state.weather is not None  # a re-roll is owed only in changeable weather
    return settle(replace(state, weather=shifted(state.weather, landed)))


def on_frog_choice(state: FormulaDT, event: Event, prompt: Prompt) -> FormulaDT:
    """Weather Frog: keep the roll held, or roll again (the second result counts)."""
    again = prompt.read(event.data)["frog"] == road.FROG_AGAIN
    held, state = state.held_weather, replace(state, held_weather=0)
    if not again:
        return _weather_rolled(state, held)
    state = replace(state, frog_second=True)
    if state.phase in ("weather", "qualifying_weather"):
        return state
    roll_again = replace(state.pending[0], kind="weather_roll")  # for the same car and reason
    return replace(state, pending=(roll_again, *state.pending[1:]))
