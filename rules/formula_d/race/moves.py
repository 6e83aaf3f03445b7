"""What a move's facts lead to, in Formula D's words: the move prompt's text, crossing the line,
the rolls the move calls for, and the refusals every move shares. RBB builds its move from the
same pieces, giving its own words where its document differs. A state here is Formula D's or a
variant's shaped like it (its cars, setup, markers and order carry the same names: shape.py)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.dice import die_name, gear_die
from rules.engine.events import EventRejected
from rules.engine.pieces import name, plural
from rules.formula_d import calls_motor_damage, motor_damage_rollers
from rules.formula_d.race.common import gear_name, label
from rules.formula_d.race.reasons import ROLLED_IN, Reason
from rules.formula_d.race.shape import FormulaDLikeCar, FormulaDLikeState, MarkedState
from rules.formula_d.race.state import FINISHED, Check
from rules.language import gettext as _
from rules.language import gettext_noop as N_


@dataclass(frozen=True)
class MoveWords:
    """How the move prompt names a move made without a roll (after a start that moves a fixed
    number of spaces, or out of the pits) and the first move after a start that failed:
    templates of `who`, `fixed` (the spaces), `spaces` (the same in words), `gear` and `die`."""

    fixed_start: str
    fixed_pit_exit: str
    after_failed_start: str


FORMULA_D_MOVES = MoveWords(
    fixed_start=N_(
        "{who} made a Great Start: it moves {fixed} spaces at once in 1st "
        "(1 or 2 lanes over if wanted); report the board"
    ),
    fixed_pit_exit=N_(
        "{who} leaves the pits in {gear} (Quick Stop): it may move {spaces}; report the board"
    ),
    after_failed_start=N_(
        "{who} moves off after its Poor Start, in 1st without a new start roll: roll {die}"
    ),
)


def move_text(
    state: FormulaDLikeState, car: FormulaDLikeCar, failed_start_roll: int, words: MoveWords
) -> str:
    """The move prompt's text: the die to roll, or the move made without one."""
    who = _("Round {round}: {car}").format(round=state.round, car=label(state, car.car))
    fixed = state.fixed_move
    gear = gear_name(car.gear)
    if fixed and car.moved_at == 0:
        return _(words.fixed_start).format(who=who, fixed=fixed)
    if fixed:
        return _(words.fixed_pit_exit).format(who=who, gear=gear, spaces=plural(fixed, "space"))
    die = die_name(gear_die(car.gear).value)
    if car.moved_at == 0 and car.start_roll == failed_start_roll:
        return _(words.after_failed_start).format(who=who, die=die)
    return _("{who} in {gear}: roll {die}").format(who=who, gear=gear, die=die)


def refuse_overshot(who: str, spaces: int, overshot: int) -> None:
    """A car cannot overshoot a corner by more than it moved."""
    if overshot > spaces:
        raise EventRejected(
            _("{car} moved {spaces}: it cannot have overshot by {overshot}.").format(
                car=who, spaces=plural(spaces, "space"), overshot=overshot
            )
        )


def refuse_eliminated_beyond(who: str, pit: int, finish: float) -> None:
    """A car eliminated on its move neither enters the pits nor crosses the line."""
    if pit or finish:
        refusal = (
            _("{car} is eliminated on this move: it cannot also enter the pits.")
            if pit
            else _("{car} is eliminated on this move: it cannot also cross the line.")
        )
        raise EventRejected(refusal.format(car=who))


def crossing(
    state: FormulaDLikeState,
    car: FormulaDLikeCar,
    spaces: int,
    finish: float,
    *,
    rolls_called: bool,
    no_rolls: str,
) -> dict[str, object]:
    """What crossing the line `finish` spaces into a move of `spaces` changes: a lap, and on the
    last one the car has finished and leaves the track past the line, so it makes no more rolls
    (`rolls_called`: the board called for some; `no_rolls` names them in the refusal)."""
    who = name(car.car)
    if not 0 < finish <= spaces:
        raise EventRejected(
            _("{car} moved {spaces}: it cannot have needed {finish} to reach the line.").format(
                car=who, spaces=plural(spaces, "space"), finish=finish
            )
        )
    laps = car.laps + 1
    changes: dict[str, object] = {"laps": laps}
    if laps >= state.setup.laps:
        if rolls_called:
            raise EventRejected(
                _(
                    "{car} has finished: it leaves the track past the line and makes no more "
                    "rolls ({rolls})."
                ).format(car=who, rolls=no_rolls)
            )
        past = spaces - finish
        changes.update(status=FINISHED, finish_round=state.round, past_line=past, spun=False)
    return changes


def handling_checks(state: MarkedState, key: str, markers: tuple[str, ...]) -> list[Check]:
    """A roll for each dangerous space `key` passed over or landed on, in the order they were
    made dangerous."""
    return [
        Check("handling_roll", key, marker=marker)
        for marker in (marker.key for marker in state.markers)
        if marker in markers
    ]


def motor_damage_checks(
    state: FormulaDLikeState, car: FormulaDLikeCar, roll: int, kind: str
) -> tuple[Check, ...]:
    """Motor Damage: a 20 in 5th or a 30 in 6th; the roller first (if it is still racing), then
    every other car on the track in 5th or 6th, in order of play; `kind`, the roll to enter."""
    if not calls_motor_damage(car.gear, roll):
        return ()
    gears = {
        key: state.car(key).gear for key in state.order if key == car.car or state.car(key).on_track
    }
    why = Reason(ROLLED_IN, car=car.car, number=roll, gear=car.gear)
    return tuple(
        Check(kind, key, why=why)
        for key in motor_damage_rollers(car.car, gears)
        if state.car(key).racing
    )
