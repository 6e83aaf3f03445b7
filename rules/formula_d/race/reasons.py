"""Why a check is owed, kept in the race's state as its parts (`Reason`: which sentence, and the
cars, roll, gear, lap or weapon it names), never as words: each reader's page makes the words in
their own language when it shows them (`reason_words`). Shared by every rule set whose checks
say why they are owed (Formula D and its variants, Season Pass, Mini)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from rules.engine.pieces import name, names, ordinal, plural
from rules.language import gettext as _
from rules.language import gettext_noop as N_

# A reason's sentence, by its key (the key is what a state keeps).
BESIDE = "beside"
BESIDE_AGAIN = "beside_again"
RADIO = "radio"
TURN_BESIDE = "turn_beside"
ROLLED_IN = "rolled_in"
LAP = "lap"
ROLLED = "rolled"
ENGINE_DAMAGE = "engine_damage"
RAMMED = "rammed"
DIRECTLY_BEHIND = "directly_behind"
PULLED_BESIDE_IT = "pulled_beside_it"
PULLED_BESIDE = "pulled_beside"
WEAPON_OF = "weapon_of"
WEAPON_HIT = "weapon"
SLIPSTREAM_BEHIND = "slipstream_behind"
BLOCKED_BY = "blocked_by"
BLOCKED_NO_CAR = "blocked_no_car"
SLIPSTREAM_NO_CAR = "slipstream_no_car"

SENTENCES = {
    BESIDE: N_("ended next to or behind {cars}"),
    BESIDE_AGAIN: N_("ended next to or behind {cars} (Aggressive: again)"),
    RADIO: N_("{car} threw its car radio"),
    TURN_BESIDE: N_("{car} ended its turn beside {cars}"),
    ROLLED_IN: N_("{car} rolled {roll} in {gear}"),
    LAP: N_("lap {lap}"),
    # Season Pass's
    ROLLED: N_("{car} rolled {roll}"),
    ENGINE_DAMAGE: N_("{car} took engine damage"),
    # Death's
    RAMMED: N_("rammed by {car}"),
    DIRECTLY_BEHIND: N_("with {car} directly behind"),
    PULLED_BESIDE_IT: N_("{car} pulled beside it"),
    PULLED_BESIDE: N_("pulled beside {cars}"),
    WEAPON_OF: N_("{car}'s {weapon} hit it"),
    WEAPON_HIT: N_("{weapon} hit it"),
    # doubts.py: a fact the referee confirms from the board
    SLIPSTREAM_BEHIND: N_(
        "{car} slipstreamed behind {cars}, but Paddock's picture has {cars} behind {car} "
        "(after it in this round's order of play, not moved yet)"
    ),
    BLOCKED_BY: N_(
        "{car} was blocked by {cars}, but Paddock's picture has {cars} behind {car} (after "
        "it in this round's order of play, not moved yet)"
    ),
    BLOCKED_NO_CAR: N_(
        "{car} was blocked with {spaces} left, but Paddock's picture has no car on "
        "the track ahead of {car} (the first in this round's order of play still racing)"
    ),
    SLIPSTREAM_NO_CAR: N_(
        "{car} slipstreamed, but Paddock's picture has no car on the track ahead of {car} "
        "(the first in this round's order of play still racing)"
    ),
}


@dataclass(frozen=True)
class Reason:
    """Why a check is owed, as parts: `key` names its sentence (SENTENCES); `car` and `cars` are
    car keys, `number` the roll, the lap or the spaces left, `gear` the gear rolled in, `weapon`
    a Death card's name (as printed: it stays in English)."""

    key: str
    car: str = ""
    cars: tuple[str, ...] = ()
    number: int = 0
    gear: int = 0
    weapon: str = ""


class Reasoned(Protocol):
    """A check that says why it is owed: `why` its parts, `reason` the words a race stored
    before its reasons were kept as parts (English), or a rule set's own tag."""

    @property
    def reason(self) -> str: ...

    @property
    def why(self) -> Reason | None: ...


def gear_name(gear: int) -> str:
    return _("neutral") if gear == 0 else ordinal(gear)


def _cars(reason: Reason) -> str:
    if reason.key == PULLED_BESIDE:  # Death's own list: commas only, as it always read
        return ", ".join(name(key) for key in reason.cars)
    return names(reason.cars)


def said(reason: Reason) -> str:
    """`reason` in words, in the language spoken."""
    return _(SENTENCES[reason.key]).format(
        car=name(reason.car),
        cars=_cars(reason),
        roll=reason.number,
        lap=reason.number,
        spaces=plural(reason.number, "space"),
        gear=gear_name(reason.gear),
        weapon=reason.weapon,
    )


def reason_words(check: Reasoned) -> str:
    """Why `check` is owed, in the language spoken, from its parts (`why`).

    A race stored before its reasons were kept as parts (a snapshot or a backup taken mid-race,
    a state kept for undo) holds the English sentence in `reason` and no parts: that sentence is
    read as it was stored, in English, whoever reads it, until the check is answered."""
    return said(check.why) if check.why is not None else check.reason


def is_again(check: Reasoned) -> bool:
    """The second collision roll beside an Aggressive driver."""
    return _reason_key(check) == BESIDE_AGAIN


def is_rammed(check: Reasoned) -> bool:
    """Death: a collision roll for being rammed by the car directly behind."""
    return _reason_key(check) == RAMMED


# The reasons a rule decides by, told from the English words a race stored before its reasons
# were kept as parts (reason_words) holds instead of them.
_STORED_WORDS: tuple[tuple[str, Callable[[str], bool]], ...] = (
    (BESIDE_AGAIN, lambda words: words.endswith("(Aggressive: again)")),
    (RAMMED, lambda words: words.startswith("rammed by ")),
)


def _reason_key(check: Reasoned) -> str | None:
    """The key of the sentence saying why `check` is owed (SENTENCES); for a check stored as
    English words, the key of those a rule decides by (`_STORED_WORDS`), else None."""
    if check.why is not None:
        return check.why.key
    return next((key for key, told in _STORED_WORDS if told(check.reason)), None)
