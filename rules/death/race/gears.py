"""The gear prompt as Formula D's, with the gears two utility cards add: Turbo ("once per lap
you may move up two gears instead of one") and Turn Table ("if you spin out, you may move up
into second gear as you pull away (not first)"). Each offered gear keeps its die's faces
(`Prompt.then`), so gear and roll stay one tap."""

from __future__ import annotations

from dataclasses import replace

from rules.death.race.common import has, once_a_lap_left, use_once_a_lap
from rules.death.race.state import DeathState
from rules.engine.events import Event, Prompt
from rules.engine.pieces import with_car
from rules.formula_d.race import turns
from rules.formula_d.race.common import gear_name
from rules.formula_d.race.facts import roll_fact
from rules.formula_d.race.gearing import gear_entered
from rules.formula_d.race.state import CarState
from rules.language import gettext as _

# Turbo: up two gears instead of one, once a lap.
TURBO_GEARS = 2
# Turn Table: a spun car pulls away in second.
TURN_TABLE_GEAR = 2


def card_gears(state: DeathState, car: CarState) -> dict[int, str]:
    """The gears `car`'s utility adds to those Formula D allows, each with the card's words: a
    Turbo's two gears up where one gear up, then another, would be allowed (so the technical
    stop's cap and the top gear hold); a Turn Table's 2nd after a spin."""
    key = car.car
    if car.spun:
        if not has(state, key, "Turn Table"):
            return {}
        return {TURN_TABLE_GEAR: _("Turn Table: pulls away in 2nd")}
    if car.in_pits or not once_a_lap_left(state, key, "Turbo"):
        return {}
    one_up = car.gear + 1
    gear = car.gear + TURBO_GEARS
    allowed = turns.gear_refusal(car, one_up, state.round) is None and (
        turns.gear_refusal(replace(car, gear=one_up), gear, state.round) is None
    )
    return {gear: _("Turbo: two gears up, once a lap")} if allowed else {}


def gear_prompts(state: DeathState) -> tuple[Prompt, ...]:
    prompt = turns.gear_prompts(state)[0]
    car = state.car(prompt.car or "")
    extra = card_gears(state, car)
    if not extra:
        return (prompt,)
    field = prompt.fields[0]
    offered = {
        **dict(field.choices),
        **{
            str(gear): _("{gear} ({cost})").format(gear=gear_name(gear), cost=words)
            for gear, words in extra.items()
        },
    }
    choices = tuple(sorted(offered.items(), key=lambda choice: int(choice[0])))
    default = str(TURN_TABLE_GEAR) if car.spun else field.default
    then = (*prompt.then, *((str(gear), roll_fact(gear)) for gear in extra))
    then = tuple(sorted(then, key=lambda row: int(row[0])))
    text = prompt.text
    if car.spun:
        text = text.replace(_(turns.SPUN_NOTE), _("spun: Turn Table, pulls away in 2nd or 1st"))
    field = replace(field, choices=choices, default=default)
    return (replace(prompt, text=text, fields=(field,), then=then),)


def on_gear(state: DeathState, event: Event, prompt: Prompt) -> DeathState:
    """A gear a card allows is taken free (an upshift, or pulling away), the Turbo's lap
    marked; any other gear is Formula D's."""
    key = prompt.car or ""
    car = state.car(key)
    gear = gear_entered(event.data)
    if gear not in card_gears(state, car):
        return turns.on_gear(state, event, prompt)
    prompt.read({**event.data, "gear": str(gear)})
    if not car.spun:
        state = use_once_a_lap(state, key)
    state = with_car(state, key, gear=gear, spun=False, in_pits=False)
    return replace(state, phase="move")
