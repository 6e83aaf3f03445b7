"""Rolls and choices owed after a move, one prompt each: handling for each damage token passed
onto, body for everyone beside, engine damage, changeable weather's re-roll, the choice of pit
stop; and the Quick Pit Stop's roll on the racer's next turn. In rain the body and handling rolls
cost more (rules.rbb.damage)."""

from __future__ import annotations

from dataclasses import replace

from rules.engine.events import Event, EventRejected, Field, Prompt
from rules.engine.pieces import BLACK_DIE, name, with_car
from rules.formula_d import Zone
from rules.formula_d.race import doubts
from rules.formula_d.race.facts import marker_label
from rules.formula_d.race.reasons import reason_words
from rules.formula_d.race.rolls import wear_roll
from rules.language import gettext as _
from rules.rbb import (
    ENGINE_DAMAGE_MAX,
    PIT_EXIT_GEAR,
    QUICK_STOP_MAX,
    body_damage_max,
    body_damages,
    engine_damages,
    handling_damage_max,
    handling_damages,
    quick_stop_roll,
    technical_repairs,
    technical_stop,
)
from rules.rbb.race.common import RBB_WP, gear_name, label, lose
from rules.rbb.race.flow import next_turn, settle
from rules.rbb.race.state import QUICK, READY, WAIT, Check, RaceState
from rules.rbb.race.weather import WEATHER_ROLL, rain, re_roll_prompt

QUICK_CHOICE = "quick"
TECHNICAL_CHOICE = "technical"


def check_prompts(state: RaceState) -> tuple[Prompt, ...]:
    return tuple(_prompt(state, check) for check in state.pending)


def first_check_prompt(state: RaceState) -> Prompt:
    return _prompt(state, state.pending[0])


def _prompt(state: RaceState, check: Check) -> Prompt:
    if check.kind == doubts.CONFIRM:
        return doubts.confirm_prompt(state, check)
    if check.kind == WEATHER_ROLL:
        return re_roll_prompt(state, check)
    who = label(state, check.car)
    car = state.car(check.car)
    rains = rain(state)
    in_rain = _(" in rain") if rains else ""
    if check.kind == "handling_roll":
        text = _(
            "{car} passed onto the damage token ({marker}): handling roll, roll black "
            "({up_to}{rain}: -1 handling WP)"
        ).format(
            car=who,
            marker=marker_label(state, check.marker),
            up_to=_up_to(handling_damage_max(rain=rains)),
            rain=in_rain,
        )
    elif check.kind == "body_roll":
        text = _(
            "{reason}: {car} rolls black for body damage ({up_to}{rain}: -1 body WP and a "
            "damage token)"
        ).format(
            reason=reason_words(check),
            car=who,
            up_to=_up_to(body_damage_max(rain=rains)),
            rain=in_rain,
        )
    elif check.kind == "engine_roll":
        text = _(
            "{reason}: engine damage, {car} in {gear} rolls black ({most}: -1 engine WP)"
        ).format(
            reason=reason_words(check),
            car=who,
            gear=gear_name(car.gear),
            most=ENGINE_DAMAGE_MAX,
        )
    else:
        return _pit_stop_prompt(state, check)
    return Prompt(check.kind, text, check.car, (BLACK_DIE,))


def _up_to(highest: int) -> str:
    return "1" if highest == 1 else f"1-{highest}"


on_handling_roll = wear_roll(
    handling_damages, Zone.ROAD_HANDLING, lose=lose, settle=settle, rain=rain
)
# A body WP lost puts a damage token under the car (common.lose).
on_body_roll = wear_roll(body_damages, Zone.BODY, lose=lose, settle=settle, rain=rain)
on_engine_roll = wear_roll(engine_damages, Zone.ENGINE, lose=lose, settle=settle)


# --- Pit Stops ---------------------------------------------------------------------------------


def repair_key(zones: tuple[Zone, ...]) -> str:
    """ "technical:brakes+body": a Technical Pit Stop's choice as a form value."""
    return f"{TECHNICAL_CHOICE}:" + "+".join(zone.name.lower() for zone in zones)


def repair_words(zones: tuple[Zone, ...]) -> str:
    if not zones:
        return _("nothing else to give back")
    counts = {zone: zones.count(zone) for zone in zones}
    said = ""
    for zone, count in counts.items():
        wp = _(RBB_WP[zone]).format(points=f"+{count}")
        said = _("{some} and {last}").format(some=said, last=wp) if said else wp
    return said


def pit_stop_choices(state: RaceState, key: str) -> dict[str, tuple[Zone, ...] | None]:
    """Each choice's form value: None for the Quick Pit Stop, else the zones given back."""
    car, built = state.car(key), state.setup.car(key).sheet
    choices: dict[str, tuple[Zone, ...] | None] = {QUICK_CHOICE: None}
    for zones in technical_repairs(car.sheet, built):
        choices[repair_key(zones)] = zones
    return choices


def _pit_stop_prompt(state: RaceState, check: Check) -> Prompt:
    who = label(state, check.car)
    options = [
        (
            QUICK_CHOICE,
            _(
                "Quick Pit Stop: roll black next turn (1-{quick}: leave in {gear} for half the "
                "roll; {slow}-20: wait a turn)"
            ).format(quick=QUICK_STOP_MAX, gear=gear_name(PIT_EXIT_GEAR), slow=QUICK_STOP_MAX + 1),
        )
    ]
    options += [
        (value, _("Technical Pit Stop, {repair}: wait a turn").format(repair=repair_words(zones)))
        for value, zones in pit_stop_choices(state, check.car).items()
        if zones is not None
    ]
    field = Field("stop", _("Pit stop"), "choice", choices=tuple(options), default=QUICK_CHOICE)
    text = _(
        "{car} is in its pit in {gear} with all its tyre WP back ({tires}): a Quick or a "
        "Technical Pit Stop?"
    ).format(
        car=who, gear=gear_name(state.car(check.car).gear), tires=state.car(check.car).sheet.tires
    )
    return Prompt("pit_stop", text, check.car, (field,))


def on_confirm(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    """The referee confirmed a fact Paddock's picture ruled out (doubts.py): play goes on."""
    prompt.read(event.data)
    return settle(doubts.confirmed(state))


def on_pit_stop(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    choice = prompt.read(event.data)["stop"]
    key = state.pending[0].car
    state = replace(state, pending=state.pending[1:])
    zones = pit_stop_choices(state, key)[choice]
    if zones is None:
        return settle(with_car(state, key, pit=QUICK))
    built = state.setup.car(key).sheet
    sheet = technical_stop(state.car(key).sheet, built, zones)
    return settle(with_car(state, key, sheet=sheet, pit=WAIT))


def pit_roll_prompts(state: RaceState) -> tuple[Prompt, ...]:
    key = state.order[state.turn]
    text = _(
        "Round {round}: {car} is in its pit after a Quick Pit Stop: roll black (1-{quick}: "
        "leaves now in {gear} for half the roll, rounded up; {slow}-20: waits, and leaves "
        "next turn in {gear})"
    ).format(
        round=state.round,
        car=label(state, key),
        quick=QUICK_STOP_MAX,
        gear=gear_name(PIT_EXIT_GEAR),
        slow=QUICK_STOP_MAX + 1,
    )
    return (Prompt("pit_roll", text, key, (BLACK_DIE,)),)


def on_pit_roll(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    value = prompt.read(event.data)["value"]
    key = prompt.car or ""
    if state.car(key).pit != QUICK:
        raise EventRejected(
            _("{car} made no Quick Pit Stop: it rolls for nothing.").format(car=name(key))
        )
    outcome = quick_stop_roll(value)
    if outcome.leaves_now:
        state = with_car(state, key, gear=PIT_EXIT_GEAR, pit="")
        return replace(state, phase="move", fixed_move=outcome.spaces)
    return next_turn(with_car(state, key, pit=READY))
