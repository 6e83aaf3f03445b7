"""The dice of Formula Dé / Formula D: the faces each one can show, and checking a rolled value."""

from __future__ import annotations

from enum import StrEnum

from rules.language import gettext as _
from rules.language import gettext_noop as N_


class InvalidRoll(ValueError):
    """A die was reported showing a value that it does not have on any face."""


class Die(StrEnum):
    BLACK = "black"
    YELLOW = "yellow"
    ORANGE = "orange"
    RED = "red"
    GREEN = "green"
    PURPLE = "purple"
    BLUE = "blue"


# Faces as printed on the dice: the black d20; 1st yellow 1-2 ... 6th blue 21-30.
FACES: dict[Die, tuple[int, ...]] = {
    Die.BLACK: tuple(range(1, 21)),
    Die.YELLOW: (1, 1, 2, 2),
    Die.ORANGE: (2, 3, 3, 4, 4, 4),
    Die.RED: (4, 5, 6, 6, 7, 7, 8, 8),
    Die.GREEN: (7, 8, 9, 10, 11, 12) * 2,
    Die.PURPLE: tuple(range(11, 21)) * 2,
    Die.BLUE: tuple(range(21, 31)) * 3,
}

GEAR_DIE: dict[int, Die] = {
    1: Die.YELLOW,
    2: Die.ORANGE,
    3: Die.RED,
    4: Die.GREEN,
    5: Die.PURPLE,
    6: Die.BLUE,
}

HIGHEST_GEAR = 6


def values(die: Die) -> tuple[int, ...]:
    """The distinct values a die can show, lowest first (what a keypad offers)."""
    return tuple(sorted(set(FACES[die])))


def check_roll(die: Die, value: int) -> int:
    """Return `value` if `die` can show it, else raise InvalidRoll naming the die's faces."""
    if value not in FACES[die]:
        shown = values(die)
        raise InvalidRoll(
            _("The {die} die cannot show {value}: its faces are {first} to {last}.").format(
                die=die_name(die.value), value=value, first=shown[0], last=shown[-1]
            )
            if shown == tuple(range(shown[0], shown[-1] + 1))
            else _("The {die} die cannot show {value}: its faces are {faces}").format(
                die=die_name(die.value), value=value, faces=", ".join(str(v) for v in shown)
            )
            + "."
        )
    return value


def no_such_gear(gear: int) -> str:
    """The refusal for a gear outside 1st to 6th."""
    return _("There is no gear {gear}: gears run from 1 to {highest}.").format(
        gear=gear, highest=HIGHEST_GEAR
    )


GEAR_NOT_A_GEAR = N_("Gear: expected 1 to {highest}, got {raw!r}.")


def gear_written(raw: object) -> int:
    """The gear an event names, as a prompt's choices write it ("3"; 3 in a recorded log);
    InvalidRoll for anything else: int() reads " 3 ", "03", "+3" or "٣" as 3 too, and an event's
    words read the choice as written. (Whether the car may take it is its rule set's to say.)"""
    try:
        gear = int(str(raw))
    except ValueError:
        gear = None
    if gear is None or str(raw) != str(gear):
        raise InvalidRoll(_(GEAR_NOT_A_GEAR).format(highest=HIGHEST_GEAR, raw=raw))
    return gear


def gear_die(gear: int) -> Die:
    """The die rolled in `gear` (1st to 6th)."""
    try:
        return GEAR_DIE[gear]
    except KeyError:
        raise InvalidRoll(no_such_gear(gear)) from None


__all__ = [
    "Die",
    "FACES",
    "GEAR_DIE",
    "HIGHEST_GEAR",
    "GEAR_NOT_A_GEAR",
    "InvalidRoll",
    "values",
    "check_roll",
    "no_such_gear",
    "gear_written",
    "gear_die",
]


# The dice by their colour, said through `_` ("roll yellow", in French "lancez le dé jaune").
DIE_NAMES = {
    "black": N_("black"),
    "yellow": N_("yellow"),
    "orange": N_("orange"),
    "red": N_("red"),
    "green": N_("green"),
    "purple": N_("purple"),
    "blue": N_("blue"),
}


def die_name(die: str) -> str:
    """A die's colour in the language spoken ("yellow", "jaune")."""
    words = DIE_NAMES.get(die)
    return _(words) if words else die
