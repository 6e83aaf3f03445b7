"""Facts Paddock's own picture of the board rules out, confirmed rather than refused: the engine
sees the round's order of play, not the lanes, so a fact it doubts is taken and then put to the
referee ("confirm from the board, or Undo the move"), and the confirmation goes in the log.

Paddock's picture: the cars before the mover in the round's order of play led it and have moved
on; the cars after it were behind it and have not moved yet (docs/rulings.md, "Facts Paddock's
picture rules out"). A state here is Formula D's or a variant's shaped like it (shape.py), whose
checks are Formula D's `Check`."""

from __future__ import annotations

from dataclasses import replace

from rules.engine.events import Field, Prompt
from rules.formula_d.race.common import label
from rules.formula_d.race.reasons import (
    BLOCKED_BY,
    BLOCKED_NO_CAR,
    SLIPSTREAM_BEHIND,
    SLIPSTREAM_NO_CAR,
    Reason,
    reason_words,
)
from rules.formula_d.race.shape import FormulaDLikeState, StateT
from rules.formula_d.race.state import Check
from rules.language import gettext as _

CONFIRM = "confirm_fact"
CONFIRMED = "board"


def _mover_at(state: FormulaDLikeState, key: str) -> int:
    return state.order.index(key) if key in state.order else -1


def ahead(state: FormulaDLikeState, key: str) -> tuple[str, ...]:
    """The cars on the track Paddock has ahead of `key` as it moves: those before it in the
    round's order of play (they moved on already)."""
    at = _mover_at(state, key)
    return tuple(other for other in state.order[: max(at, 0)] if state.car(other).on_track)


def unmoved_behind(state: FormulaDLikeState, key: str) -> tuple[str, ...]:
    """The cars Paddock has behind `key` as it moves: after it in the round's order of play, not
    moved yet this round."""
    at = _mover_at(state, key)
    return state.order[at + 1 :] if at >= 0 else ()


def slipstream_doubts(
    state: FormulaDLikeState, key: str, fronts: tuple[str, ...]
) -> tuple[Check, ...]:
    """A slipstream behind a car Paddock has behind the mover."""
    behind = [front for front in fronts if front in unmoved_behind(state, key)]
    if not behind:
        return ()
    return (Check(CONFIRM, key, why=Reason(SLIPSTREAM_BEHIND, car=key, cars=tuple(behind))),)


def no_car_ahead_doubts(state: FormulaDLikeState, key: str, blocked: int = 0) -> tuple[Check, ...]:
    """A fact that needs a car ahead (the mover was blocked with `blocked` spaces left, or with
    none, slipstreamed), where Paddock has none on the track ahead of the mover."""
    if ahead(state, key):
        return ()
    why = (
        Reason(BLOCKED_NO_CAR, car=key, number=blocked)
        if blocked
        else Reason(SLIPSTREAM_NO_CAR, car=key)
    )
    return (Check(CONFIRM, key, why=why),)


def blocked_doubts(state: FormulaDLikeState, key: str, blocked: int) -> tuple[Check, ...]:
    if not blocked:
        return ()
    return no_car_ahead_doubts(state, key, blocked)


def blocker_doubts(
    state: FormulaDLikeState, key: str, blockers: tuple[str, ...], blocked: int
) -> tuple[Check, ...]:
    """A block by the car(s) named (`blockers`), where Paddock has them behind the mover; with
    none named, a block where Paddock has no car ahead of it."""
    if not blocked:
        return ()
    if not blockers:
        return blocked_doubts(state, key, blocked)
    behind = [other for other in blockers if other in unmoved_behind(state, key)]
    if not behind:
        return ()
    return (Check(CONFIRM, key, why=Reason(BLOCKED_BY, car=key, cars=tuple(behind))),)


def confirm_prompt(state: FormulaDLikeState, check: Check) -> Prompt:
    text = _("{car}: {reason}: confirm from the board, or Undo the move to correct it").format(
        car=label(state, check.car), reason=reason_words(check)
    )
    confirm = Field(
        "confirm",
        _("The board shows it"),
        "choice",
        choices=((CONFIRMED, _("Confirmed: the board shows it")),),
    )
    return Prompt(CONFIRM, text, check.car, (confirm,))


def confirmed(state: StateT) -> StateT:
    """The referee confirmed the first check's fact from the board: it is off the list."""
    return replace(state, pending=state.pending[1:])


def confirmed_words(check: Check) -> str:
    """The log's line: the fact confirmed, and what Paddock's picture showed."""
    return _("The referee confirms from the board: {reason}").format(reason=reason_words(check))
