"""The fields of a move prompt, one builder a fact the board shows after a move, in Formula D's
words; RBB and Mini build their move prompts from the same builders, giving their own words
where their documents differ. A state here is Formula D's or a variant's shaped like it (its
cars and setup carry the same names: shape.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.dice import die_name, gear_die, values
from rules.engine.events import Field
from rules.engine.pieces import Race, board_fact, name, plural
from rules.formula_d import TireEffect, is_rain
from rules.formula_d.race.common import gear_name, label, tires_words
from rules.formula_d.race.shape import MarkedState
from rules.formula_d.race.state import CarState, RaceState
from rules.language import gettext as _
from rules.language import gettext_noop as N_

# Said when a prompt is built (through `_`), in the reader's language; a variant passes its own.
BLOCKED = N_(
    "Blocked by a car: the spaces it would still have moved (0 = no; 7 or more eliminates)"
)
CORNER = N_("Overshot a corner: the stops its yellow box asks for (0 = no)")
OVERSHOOT = N_("Spaces it overshot that corner by (1 tire WP each)")
PIT = N_("Entered the pits at the end of lap 1: the spaces it needed to enter (0 = no)")
FINISH = N_("Spaces it still needed to reach the finish line, when it crossed it (0 = it did not)")


def roll_fact(gear: int, question: str = "") -> Field:
    """The gear die rolled for the move; by default "Yellow die (2nd gear)"."""
    die = gear_die(gear)
    if not question:
        colour = die_name(die.value)
        # xgettext:no-python-brace-format (French names the die's colour after "Dé")
        question = _("{Die} die ({gear} gear)").format(
            Die=colour.capitalize(), die=colour, gear=gear_name(gear)
        )
    return Field("roll", question, "die", die=die)


def brakes_fact(brakes_left: int) -> Field:
    """Brake WP spent to stop short, at most the car's."""
    return board_fact(
        "brakes",
        _("Brake WP used to stop short, 1 a space (has {brakes})").format(brakes=brakes_left),
        _("brake WP"),
        brakes_left,
        short=_("Brakes"),
    )


def blocked_fact(question: str = BLOCKED) -> Field:
    return board_fact("blocked", _(question), _("spaces"), short=_("Blocked"), folded=True)


def corner_facts(
    corner: str = CORNER, overshoot: str = OVERSHOOT, *, most_stops: int = 3
) -> list[Field]:
    """Overshooting a corner: the stops it asks for, the stops made and the spaces overshot."""
    return [
        board_fact("corner", _(corner), _("stops"), most_stops, short=_("Corner")),
        board_fact(
            "stops", _("Stops it made in that corner"), _("stops"), short=_("Stops"), folded=True
        ),
        board_fact("overshoot", _(overshoot), _("spaces"), short=_("Overshoot")),
    ]


def cars_fact(state: Race, key: str, question: str, cars: tuple[str, ...], **options: Any) -> Field:
    """Some of `cars`, none by default: the ones the board shows, each named as prompts name it."""
    return Field(
        key,
        question,
        "cars",
        choices=tuple((car, label(state, car)) for car in cars),
        required=False,
        default=(),
        **options,
    )


def marker_label(state: MarkedState, key: str) -> str:
    return _words(*_marker(state, key))


def _marker(state: MarkedState, key: str) -> tuple[int, str]:
    """The round and the car of the marker `key`."""
    marker = next(marker for marker in state.markers if marker.key == key)
    return marker.round, marker.car


def _words(round_: int, car: str) -> str:
    return _("Round {round}, where {car} stood").format(round=round_, car=name(car))


def marker_chip(state: MarkedState, key: str) -> str:
    """A marker as its chip shows it, short, its words in brackets: "R2: Red (Round 2, where
    Red stood)" (a chip shows "R2: Red", so that many fit a phone's line)."""
    round_, car = _marker(state, key)
    return f"R{round_}: {name(car)} ({_words(round_, car)})"


def markers_fact(state: MarkedState, markers: tuple[str, ...], question: str, short: str) -> Field:
    """The dangerous spaces (their markers' keys) passed over or landed on."""
    return Field(
        "markers",
        question,
        "cars",
        choices=tuple((key, marker_chip(state, key)) for key in markers),
        required=False,
        default=(),
        short=short,
    )


def pit_fact(question: str = PIT) -> Field:
    return board_fact("pit", _(question), _("spaces"), short=_("Pits"), folded=True)


def finish_fact(question: str = FINISH, *, most: int = 0) -> Field:
    """The spaces still to reach the line: a key for each count up to `most` (the most spaces
    the move can make, its gear's highest face), so no count is typed but a half (a photo
    finish) or one past a slipstream (the page folds the keys past the first few)."""
    field = board_fact("finish", _(question), _("spaces"), step=0.5, short=_("Finish"))
    return replace(field, chips=most + 1) if most else field


def most_spaces(gear: int, fixed: int = 0) -> int:
    """The most spaces a move in `gear` can make: its die's highest face, or the `fixed` spaces
    of a move made without a roll."""
    return fixed or max(values(gear_die(gear)))


def tire_bonus_label(state: RaceState, car: CarState, effect: TireEffect) -> str:
    tires = tires_words(car.tires_fitted.value) if car.tires_fitted else ""
    spaces = plural(effect.extra_spaces, "space")
    rain = is_rain(state.weather)
    if effect.optional and rain:
        said = _("Took its {tires}' extra {spaces} in rain (not compulsory)")
    elif effect.optional:
        said = _("Took its {tires}' extra {spaces} in the dry (not compulsory)")
    elif rain:
        said = _("A space of the move was in a corner: {spaces} more ({tires} in rain)")
    else:
        said = _("A space of the move was in a corner: {spaces} more ({tires} in the dry)")
    return said.format(tires=tires, spaces=spaces)


OVERSHOOT_LABELS = {
    2: N_("Spaces it overshot that corner by ({each} tire WP each, doubled by its tires)"),
    3: N_("Spaces it overshot that corner by ({each} tire WP each, trebled by its tires)"),
}


def overshoot_label(effect: TireEffect) -> str:
    each = effect.per_space_overshot
    said = OVERSHOOT_LABELS.get(each, N_("Spaces it overshot that corner by ({each} tire WP each)"))
    return _(said).format(each=each)
