"""Checks owed after a move, rolled one at a time: Engine Wear, Collisions (and the chain of
black-die rolls beside a damaged car), and Injuries walked roll by roll."""

from __future__ import annotations

from dataclasses import replace

from rules.dice import Die, die_name
from rules.engine.events import Event, Field, Prompt
from rules.engine.pieces import BLACK_DIE, name, with_car
from rules.formula_d.race.common import gear_name
from rules.formula_d.race.reasons import ENGINE_DAMAGE, Reason, reason_words
from rules.language import gettext as _
from rules.season_pass import (
    DISABLING_DAMAGE,
    chain_damage,
    collision_damages,
    collision_dice,
    collision_injury_columns,
    engine_check_damages,
    injury_check_roll,
    injury_check_start,
)
from rules.season_pass.race.common import label, on_track, words_of
from rules.season_pass.race.flow import next_turn
from rules.season_pass.race.state import OUT, Check, RaceState

COLLISION_KINDS = ("collision_roll", "neighbours", "chain_roll")


def check_prompts(state: RaceState) -> tuple[Prompt, ...]:
    return tuple(_prompt(state, check) for check in state.pending)


def first_check_prompt(state: RaceState) -> Prompt:
    return _prompt(state, state.pending[0])


def _prompt(state: RaceState, check: Check) -> Prompt:
    who = label(state, check.car)
    if check.kind == "engine_check":
        gear = gear_name(state.car(check.car).gear)
        text = _("{reason}: {car} in {gear} checks its engine, roll black").format(
            reason=reason_words(check), car=who, gear=gear
        )
        return Prompt("engine_check", text, check.car, (BLACK_DIE,))
    if check.kind == "collision_roll":
        assert state.weather is not None
        dice = collision_dice(state.car(check.car).level, state.weather)
        other = name(check.other or "")
        off_road = check.reason == "off_road"
        if check.car == state.order[state.turn]:
            if off_road:
                said = _(
                    "{car} drove off-road around {other} in {weather}: collision check, roll {dice}"
                )
            else:
                said = _("{car} ended beside {other} in {weather}: collision check, roll {dice}")
        elif off_road:
            said = _(
                "{other} drove off-road around {car} in {weather}: collision check for {key}, "
                "roll {dice}"
            )
        else:
            said = _(
                "{other} ended beside {car} in {weather}: collision check for {key}, roll {dice}"
            )
        rolled = ""
        for die in dice:
            colour = die_name(die.value)
            rolled = _("{some} and {last}").format(some=rolled, last=colour) if rolled else colour
        text = said.format(
            car=who,
            other=other,
            weather=words_of(state.weather.value),
            key=name(check.car),
            dice=rolled,
        )
        fields = tuple(
            Field(
                die.value,
                # xgettext:no-python-brace-format (French names the die's colour after "Dé")
                _("{Die} die").format(
                    Die=die_name(die.value).capitalize(), die=die_name(die.value)
                ),
                "die",
                die=die,
            )
            for die in dice
        )
        return Prompt("collision_roll", text, check.car, fields)
    if check.kind == "neighbours":
        damaged = state.car(check.car)
        known = tuple(key for key in on_track(state) if key != check.car)
        # Pre-filled with the adjacency the engine already knows: the car it checked against,
        # and the mover's reported neighbours; the referee adds any others the board shows.
        mover = state.car(state.order[state.turn])
        beside = [check.other]
        beside += list(mover.adjacent) if damaged.car == mover.car else []
        beside += [mover.car] if damaged.car in mover.adjacent else []
        default = tuple(key for key in beside if key in known)
        text = _(
            "{car} took collision damage ({damage}): which cars are beside it? Each rolls black "
            "(1-3 is damage)"
        ).format(car=who, damage=damaged.collision_damage)
        field = Field(
            "adjacent",
            _("Cars beside {car}").format(car=name(check.car)),
            "cars",
            choices=tuple((key, label(state, key)) for key in known),
            required=False,
            default=tuple(dict.fromkeys(default)),
        )
        return Prompt("neighbours", text, check.car, (field,))
    if check.kind == "chain_roll":
        took_damage = name(check.other or "")
        text = _("{car} is beside {other}, which took damage: roll black, 1-3 is damage").format(
            car=who, other=took_damage
        )
        return Prompt("chain_roll", text, check.car, (BLACK_DIE,))
    injury = state.car(check.car).injury
    assert injury is not None and injury.next_column is not None
    column = words_of(injury.next_column.value).capitalize()
    text = _("{car} injury check: roll black against the {column} column").format(
        car=who, column=column
    )
    field = Field(
        "value", _("Black die ({column} column)").format(column=column), "die", die=Die.BLACK
    )
    return Prompt("injury_roll", text, check.car, (field,))


def _pop(state: RaceState, *inserted: Check) -> RaceState:
    return replace(state, pending=(*inserted, *state.pending[1:]))


def on_engine_check(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    check = state.pending[0]
    car = state.car(check.car)
    if not engine_check_damages(prompt.read(event.data)["value"]):
        return settle(_pop(state))
    damage = car.engine_damage + 1
    state = with_car(state, car.car, engine_damage=damage)
    # Engine Wear: damage means another check, until the engine is blown (nothing more to lose).
    again = (replace(check, why=Reason(ENGINE_DAMAGE, car=car.car)),)
    return settle(_pop(state, *(again if damage < DISABLING_DAMAGE else ())))


def _damage(state: RaceState, key: str, cause: str) -> tuple[RaceState, tuple[Check, ...]]:
    car = state.car(key)
    damage = car.collision_damage + 1
    changes: dict[str, object] = {"collision_damage": damage}
    if car.racing and damage >= DISABLING_DAMAGE:
        changes.update(status=OUT, out_reason="collision", out_at=state.moves)
    state = with_car(state, key, **changes)
    return state, (Check("neighbours", key, cause),)


def on_collision_roll(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    check = state.pending[0]
    car = state.car(check.car)
    entry = prompt.read(event.data)
    weather = state.weather
    assert weather is not None
    rolls = {Die(die): value for die, value in entry.items()}
    state = _pop(state)
    if collision_damages(car.level, weather, rolls):
        state, more = _damage(state, car.car, check.other or "")
        state = replace(state, pending=(*state.pending, *more))
    return settle(state)


def on_neighbours(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    check = state.pending[0]
    beside = prompt.read(event.data, state.car_keys)["adjacent"]
    rolls = tuple(Check("chain_roll", key, check.car) for key in beside)
    return settle(replace(_pop(state), pending=(*state.pending[1:], *rolls)))


def on_chain_roll(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    check = state.pending[0]
    state = _pop(state)
    if chain_damage(prompt.read(event.data)["value"]):
        state, more = _damage(state, check.car, check.other or "")
        state = replace(state, pending=(*state.pending, *more))
    return settle(state)


def on_injury_roll(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    check = state.pending[0]
    car = state.car(check.car)
    assert car.injury is not None
    injury = injury_check_roll(car.injury, prompt.read(event.data)["value"])
    state = with_car(state, car.car, injury=injury)
    return settle(_pop(state) if injury.settled else state)


def settle(state: RaceState) -> RaceState:
    """After each roll: once no collision roll is owed, the drivers of cars it disabled check
    for injury (so every point of damage from that chain counts); once nothing is owed, the
    next car moves."""
    if not any(check.kind in COLLISION_KINDS for check in state.pending):
        disabled = [car for car in state.cars if car.wrecked and car.injury is None]
        for car in disabled:
            columns = collision_injury_columns(car.collision_damage)
            state = with_car(state, car.car, injury=injury_check_start(*columns))
        state = replace(
            state, pending=(*state.pending, *(Check("injury_roll", car.car) for car in disabled))
        )
    # Owed checks come before the phase's own prompts (SeasonPass.prompts): the phase stays.
    if state.pending:
        return state
    return next_turn(state)
