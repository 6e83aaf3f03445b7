"""The grid rolled for and the start roll, as Formula D walks them: every car rolls black
(highest on pole), tied cars roll again, and each car's start roll decides its first move. RBB
walks its random grid and its starts the same way, with its own words, start table and flow."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from rules.engine.events import Event, Prompt
from rules.engine.pieces import BLACK_DIE, names, with_car
from rules.formula_d import START_GEAR, Start, StartOutcome
from rules.formula_d.race.common import label
from rules.formula_d.race.hooks import Handler
from rules.formula_d.race.shape import FormulaDLikeState, StateT
from rules.formula_d.race.state import GridRolls
from rules.language import gettext as _
from rules.roll_off import rolls_owed


def grid_roll_prompts(state: FormulaDLikeState, heading: str, asks: str) -> tuple[Prompt, ...]:
    """A roll for each car that has not rolled for the grid (`asks` says what it rolls), then
    the re-rolls of the cars still tied; `heading` begins each prompt ("Grid")."""
    unrolled = [entry.car for entry in state.grid_rolls if not entry.rolls]
    if unrolled:
        return tuple(
            Prompt(
                "grid_roll",
                _("{heading}: {car} {asks}").format(
                    heading=heading, car=label(state, car), asks=asks
                ),
                car,
                (BLACK_DIE,),
            )
            for car in unrolled
        )
    return roll_off_prompts(
        state,
        "tie_roll",
        lambda car, others: _(
            "{heading}: {car} tied with {cars}: roll black again, highest takes the forward place"
        ).format(heading=heading, car=label(state, car), cars=names(others)),
    )


def roll_off_prompts(
    state: FormulaDLikeState, kind: str, text: Callable[[str, list[str]], str]
) -> tuple[Prompt, ...]:
    """A black-die roll (event `kind`) for each car of the grid's ties that owes one, in the
    words `text` gives for the car and the cars it is level with."""
    rolls = {entry.car: entry.rolls for entry in state.grid_rolls}
    return tuple(
        Prompt(kind, text(car, [other for other in group if other != car]), car, (BLACK_DIE,))
        for car, group in rolls_owed(rolls, state.grid_outcome.tied)
    )


def grid_roll(start_round: Callable[[StateT], StateT]) -> Handler[StateT]:
    """The handler of a roll for the grid (or a re-roll): the race's first round starts, by
    `start_round`, once every car has rolled and no tie is left."""

    def on_grid_roll(state: StateT, event: Event, prompt: Prompt) -> StateT:
        state = with_grid_roll(state, prompt.car or "", prompt.read(event.data)["value"])
        if any(not entry.rolls for entry in state.grid_rolls) or state.grid_outcome.tied:
            return state
        return start_round(state)

    return on_grid_roll


def with_grid_roll(state: StateT, car: str, value: int) -> StateT:
    """`state` with `car`'s roll of `value` for the grid (or a roll-off) after its others."""
    grid_rolls = tuple(
        GridRolls(entry.car, (*entry.rolls, value)) if entry.car == car else entry
        for entry in state.grid_rolls
    )
    return replace(state, grid_rolls=grid_rolls)


def start(
    state: StateT,
    key: str,
    value: int,
    outcome: StartOutcome,
    *,
    next_turn: Callable[[StateT], StateT],
) -> StateT:
    """`key`'s start roll of `value`, whose `outcome` is its start table's: a car that misses
    its first turn moves on the next (`next_turn`); otherwise it engages 1st and moves at once,
    a Great Start by its spaces at once, without a die."""
    state = with_car(state, key, start_roll=value)
    if outcome.misses_first_turn:
        return next_turn(state)
    state = with_car(state, key, gear=START_GEAR)
    if outcome.start is Start.GREAT:
        return replace(state, phase="move", fixed_move=outcome.spaces_at_once)
    return replace(state, phase="move")
