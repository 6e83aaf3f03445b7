"""The prompt asked now as a form: its Fields as inputs, each a widget of races/widgets/.

The prompt is rendered generically from the engine's Fields, so a new kind of prompt needs no
new template: a die is a keypad of exactly the faces it can show, "cars" are chips to tick, an
"order" is a prefilled list of places (reordered by tapping a car, then its place), a count from
the board is a row of chips (with a box for the rare larger value), and choices and yes/no are
plain inputs. Table speed decides the shape: when a prompt's only required field is its die
(a move), tapping a face enters it with whatever board facts were set above it; the facts the
board seldom shows are folded away.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.utils.translation import gettext

from rules import engine
from rules.dice import values
from rules.engine import FactHelp, Field, Prompt, RaceState
from rules.stopwatch import stopwatch_reading, tenths_between

from ..services import clock

EXTRAS_FOLDED_FROM = 3
# A count from the board is a chip per value up to this; a larger one is typed in a small box.
COUNT_CHIPS = 5
# The widgets whose tap enters the prompt: they come last, below the facts.
TAPPED = ("keypad", "gears")


@dataclass(frozen=True)
class Option:
    value: str
    label: str
    selected: bool = False

    @property
    def short(self) -> str:
        """The label without its note in brackets: "Red 2 (Tyra Wear, Veteran)" -> "Red 2"."""
        return self.label.split(" (")[0]

    @property
    def note(self) -> str:
        """The label's note in brackets: "3rd (1 gearbox WP)" -> "1 gearbox WP"."""
        return self.label.partition(" (")[2].removesuffix(")")


@dataclass(frozen=True)
class Input:
    """One Field, ready for the template: `widget` picks its template (races/widgets/)."""

    spec: Field
    widget: str  # "keypad" (buttons that submit), "gears" (a keypad of choices, each with its
    # die's faces), "pad" (radio keypad), "count" (radio chips and a box for more), "number",
    # "select", "cars", "order", "bool", "stopwatch" (a button that submits, and the time
    # running since `value` tenths ago, if it runs)
    options: tuple[Option, ...] = ()
    value: Any = None
    # One select per place for an "order": (place, options with the proposed car selected).
    places: tuple[tuple[int, tuple[Option, ...]], ...] = ()
    # A choice whose options lead to a die ("gears": a gear's row of faces): the die's field
    # name, and per option the faces of its die (none where something comes between).
    die: str = ""
    faces: tuple[tuple[str, ...], ...] = ()

    @property
    def template(self) -> str:
        return f"races/widgets/{self.widget}.html"

    @property
    def rows(self) -> tuple[tuple[str, str, str, str, tuple[tuple[str, str], ...]], ...]:
        """A "gears" input's rows: each choice's value, label (the title), short label and note,
        with the faces of the die it leads to, each as its button posts it ("3:6") and shows it."""
        return tuple(
            (
                option.value,
                option.label,
                option.short,
                option.note,
                tuple((f"{option.value}:{face}", face) for face in faces),
            )
            for option, faces in zip(self.options, self.faces, strict=True)
        )

    @property
    def pair_name(self) -> str:
        """The name a face of a "gears" row posts: both fields ("gear:roll")."""
        return f"{self.name}:{self.die}"

    # What each control of a row of chips or keys shows, as the template lays it out: plain
    # tuples it unpacks in its loop ({% for id, value, label, checked in item.chips %}). A
    # prompt holds some seventy such controls; a name unpacked so is one look-up, where
    # `option.value` is two, the first failing (the engine tries option["value"] before the
    # attribute): a row of six chips in two thirds of the time (146 against 214 microseconds).

    @property
    def chips(self) -> tuple[tuple[str, str, str, bool], ...]:
        """A radio per option (a count's chips, a die's pad): its id, value, label, checked."""
        name = self.name
        return tuple(
            (f"f-{name}-{option.value}", option.value, option.label, option.selected)
            for option in self.options
        )

    @property
    def first_chips(self) -> tuple[tuple[str, str, str, bool], ...]:
        """A count's chips shown at once: all of them, or for a board fact offering more than
        COUNT_CHIPS (the spaces still to reach the line, up to 6th gear's 30) the first ones,
        the rest behind a chip of their own, so the prompt keeps its height."""
        return self.chips[: COUNT_CHIPS + 1] if self.more_chips else self.chips

    @property
    def more_chips(self) -> tuple[tuple[str, str, str, bool], ...]:
        """A board fact's chips past the first ones (see `first_chips`), or none."""
        if self.widget != "count" or self.spec.default != 0:
            return ()
        return self.chips[COUNT_CHIPS + 1 :]

    @property
    def more_range(self) -> str:
        """What the chip that opens the rest says: "6–12"."""
        more = self.more_chips
        return f"{more[0][2]}–{more[-1][2]}" if more else ""

    @property
    def more_chosen(self) -> bool:
        """Whether one of the folded chips is the value (a refused entry's, kept): open."""
        return any(checked for _id, _value, _label, checked in self.more_chips)

    @property
    def ticks(self) -> tuple[tuple[str, str, str, str, bool], ...]:
        """A checkbox per car: its id, value, label (the title), short label, checked."""
        name = self.name
        return tuple(
            (f"f-{name}-{number}", option.value, option.label, option.short, option.selected)
            for number, option in enumerate(self.options, start=1)
        )

    @property
    def keys(self) -> tuple[tuple[str, str], ...]:
        """A button per option of a keypad: its value and label."""
        return tuple((option.value, option.label) for option in self.options)

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def label(self) -> str:
        """What the compact controls call it; the full label is their title."""
        return self.spec.short or self.spec.label

    @property
    def typed(self) -> str:
        """A count's value when no chip shows it (a larger one, or a half), for its box."""
        chips = {option.value for option in self.options}
        return "" if self.value is None or _text(self.value) in chips else _text(self.value)

    @property
    def more(self) -> bool:
        """Whether a count may be larger than its chips, so it gets a box to type in."""
        spec = self.spec
        chips = len(self.options) + (spec.minimum or 0) - 1
        return spec.maximum is None or spec.maximum > chips or spec.step != 1

    @property
    def reading(self) -> str:
        """A stopwatch's time as it reads now ("0:00.0" before it is started)."""
        return stopwatch_reading(self.value or 0)


@dataclass(frozen=True)
class Placed:
    """An input as the prompt shows it: with its rule set's help, and the reasons a refused
    entry gave about it."""

    item: Input
    refusals: tuple[str, ...] = ()
    help: FactHelp | None = None


@dataclass(frozen=True)
class PromptForm:
    prompt: Prompt
    inputs: tuple[Input, ...]
    one_tap: bool  # a tap on a face enters it: no Enter button
    # The rule set's name, for each fact's help (engine.fact_help).
    ruleset: str = ""
    # A refused entry's reasons, each beside the control it names ((field name, reason)); a
    # reason that names none ("" as its field) stands beside what a tap enters (the keypad).
    refusals: tuple[tuple[str, str], ...] = ()

    def _placed(self, items: tuple[Input, ...]) -> tuple[Placed, ...]:
        return tuple(
            Placed(
                item,
                tuple(reason for name, reason in self.refusals if name == item.name),
                engine.fact_help(self.ruleset, item.name) if self.ruleset else None,
            )
            for item in items
        )

    @property
    def placed_facts(self) -> tuple[Placed, ...]:
        """The facts, each with its help and the reasons a refused entry gave about it."""
        return self._placed(self.facts)

    @property
    def placed_extras(self) -> tuple[Placed, ...]:
        return self._placed(self.extras)

    @property
    def placed_keypads(self) -> tuple[Placed, ...]:
        return self._placed(self.keypads)

    @property
    def unplaced_refusals(self) -> tuple[str, ...]:
        """The reasons that name no control of the form: shown where the tap was made."""
        return tuple(reason for name, reason in self.refusals if not name)

    @property
    def kind(self) -> str:
        return self.prompt.kind

    @cached_property
    def facts(self) -> tuple[Input, ...]:
        """The inputs on show other than the keypads, which come last: a tap on a face
        enters what was set above it."""
        folded = {id(item) for item in self.extras}
        return tuple(
            item for item in self.inputs if id(item) not in folded and item.widget not in TAPPED
        )

    @cached_property
    def keypads(self) -> tuple[Input, ...]:
        return tuple(item for item in self.inputs if item.widget in TAPPED)

    @cached_property
    def extras(self) -> tuple[Input, ...]:
        """Optional facts folded away: those the rule set marks as seldom seen, or, when there
        are many plain ones (numbers, choices, yes/no), all of those."""
        folded = tuple(item for item in self.inputs if item.spec.folded and not item.spec.required)
        if folded:
            return folded
        optional = tuple(
            item
            for item in self.inputs
            if not item.spec.required and item.widget in ("number", "select", "bool")
        )
        return optional if len(optional) > EXTRAS_FOLDED_FROM else ()

    @property
    def labelled(self) -> bool:
        """Whether a keypad says what it enters: when facts stand above it, so that a tap on a
        face is not taken for one more fact."""
        return bool(self.facts or self.extras)

    @property
    def extras_changed(self) -> bool:
        """Whether a folded fact holds a value (a refused entry's): then it is shown open."""
        return any(_text(item.value) not in ("", "0", "False") for item in self.extras) or any(
            option.selected and option.value not in ("", "0")
            for item in self.extras
            for option in item.options
        )

    @property
    def extras_summary(self) -> str:
        """The folded facts named by their short labels, as written: a label is never lowered
        ("WP 1", a card's name, a language that capitalises its nouns)."""
        return ", ".join(item.spec.short or item.spec.label for item in self.extras)


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def _options(spec: Field, cars: tuple[str, ...], chosen: Any = ()) -> tuple[Option, ...]:
    pairs = spec.choices or tuple((key, key) for key in cars)
    chosen_texts = {_text(item) for item in chosen}
    return tuple(Option(str(key), label, str(key) in chosen_texts) for key, label in pairs)


def field_input(
    spec: Field,
    cars: tuple[str, ...],
    *,
    one_tap: bool,
    posted=None,
    then: tuple[tuple[str, Field], ...] = (),
) -> Input:
    """The input for `spec` in a race of `cars`, showing what was `posted` (a refused form's
    values) if anything; `then`: the die each choice leads to (its prompt's `Prompt.then`)."""
    given = posted.get(spec.name) if posted else None
    entered = [value for value in given or () if value != ""]
    if spec.kind == "die":
        assert spec.die is not None
        faces = tuple(
            Option(str(face), str(face), str(face) in entered) for face in values(spec.die)
        )
        return Input(spec, "keypad" if one_tap else "pad", faces)
    if spec.kind == "choice":
        if one_tap and then:
            return _gear_rows(spec, cars, dict(then))
        if one_tap:
            return Input(spec, "keypad", _options(spec, cars))
        options = _options(spec, cars, given if given is not None else (spec.default,))
        if not spec.required:
            nothing = Option("", gettext("— none —"), not any(o.selected for o in options))
            options = (nothing, *options)
        return Input(spec, "select", options)
    if spec.kind == "cars":
        return Input(spec, "cars", _options(spec, cars, entered if posted else spec.default or ()))
    if spec.kind == "order":
        proposal = tuple(spec.default or (key for key, _label in spec.choices))
        if len(entered) == len(proposal):
            proposal = tuple(entered)
        places = tuple(
            (place, _options(spec, cars, (car,))) for place, car in enumerate(proposal, start=1)
        )
        return Input(spec, "order", places=places)
    if spec.kind == "bool":
        return Input(spec, "bool", value=bool(entered) if posted else bool(spec.default))
    if spec.kind == "instant":
        # A stopwatch: running since the instant the prompt counts from, if any.
        since = spec.default
        return Input(spec, "stopwatch", value=_tenths_since(since) if since else None)
    value = entered[-1] if entered else _text(spec.default)
    if _is_count(spec):
        low = spec.minimum or 0
        top = low + spec.chips - 1 if spec.chips else COUNT_CHIPS
        if spec.maximum is not None:
            top = min(spec.maximum, top)
        chips = tuple(
            Option(str(count), str(count), str(count) == _text(value))
            for count in range(low, top + 1)
        )
        return Input(spec, "count", chips, value=value)
    return Input(spec, "number", value=value)


def _tenths_since(instant: str) -> int:
    """The stopwatch's reading now, by the server's clock, from `instant` (so a reload or a
    locked screen loses nothing: the time is never the page's)."""
    return max(tenths_between(instant, clock.instant()), 0)


def _gear_rows(spec: Field, cars: tuple[str, ...], dice: dict[str, Field]) -> Input:
    """A row per choice: its button, then the faces of the die it leads to, each of which
    enters the choice and the roll in one tap."""
    options = _options(spec, cars)
    faces = tuple(
        tuple(str(face) for face in values(die.die))
        if (die := dice.get(option.value)) and die.die
        else ()
        for option in options
    )
    name = next(iter(dice.values())).name
    return Input(spec, "gears", options, die=name, faces=faces)


def _is_count(spec: Field) -> bool:
    """A board fact counted from 0 (brake points, spaces, stops), 0 when it did not happen; or a
    number the rule set asks to offer as keys (`Field.chips`)."""
    return bool(spec.chips) or (not spec.required and spec.minimum == 0 and spec.default == 0)


def _tapped_field(prompt: Prompt) -> Field | None:
    """The field whose tap enters the prompt, if one can: a lone choice, or the last die when
    every other field is an optional fact or a die picked first (a collision's black die,
    then a tap on the coloured one)."""
    fields = prompt.fields
    if len(fields) == 1 and fields[0].kind in ("choice", "instant"):
        return fields[0]  # a lone choice's key, or the stopwatch's button
    dice = [spec for spec in fields if spec.kind == "die"]
    if dice and all(spec.kind == "die" or not spec.required for spec in fields):
        return dice[-1]
    return None


def prompt_form(prompt: Prompt, state: RaceState, posted=None) -> PromptForm:
    """The form for `prompt`; `posted` (form key -> values) refills a refused entry for it."""
    if posted and (
        posted.get("kind") != [prompt.kind] or posted.get("car", [None]) != [prompt.car]
    ):
        posted = None  # values entered for another prompt say nothing about this one
    tapped, cars, then = _tapped_field(prompt), state.car_keys, prompt.then
    # Made afresh each time: a per-worker cache of them saved 0.3 % of an entry's work.
    inputs = tuple(
        field_input(spec, cars, one_tap=spec is tapped, posted=posted, then=then)
        for spec in prompt.fields
    )
    one_tap = tapped is not None
    return PromptForm(prompt=prompt, inputs=inputs, one_tap=one_tap, ruleset=state.setup.ruleset)
