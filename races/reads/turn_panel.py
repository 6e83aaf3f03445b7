"""What the turn page shows: the prompt asked now (as a form: prompt_form.py), every car's
dashboard, the picture of the race (strip.py) and the latest events; and what an entry or an
undo changed of it, for htmx to swap in.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field, replace

from django.utils.text import slugify
from django.utils.translation import pgettext

from rules import engine
from rules import language as rules_language
from rules.championship import out_reason_label
from rules.engine import CarResult, CarView, Column, Prompt, RaceState

from ..forms.prompt import PromptForm, prompt_form
from ..models import Race, RaceEvent
from ..services.entries import Entered, Undone
from .colours import car_colours
from .log_words import Unreplayable, in_readers_words, said_again
from .strip import Strip, strip_of

LOG_LENGTH = 20  # the page shows the latest events only, so it costs the same at event 300


@dataclass(frozen=True)
class CarLine:
    """A car's row on the dashboard (a CarView), ready for the template: its id in the page and
    its values as text ("–" where it has none), so the template writes them as they are."""

    car: str
    driver: str
    status: str
    note: str
    detail: str
    slug: str
    cells: tuple[str, ...]
    colour: str = ""  # the class of its team's colour (races/reads/colours.py)


def car_lines(
    views: Iterable[CarView], colours: Mapping[str, str] | None = None
) -> tuple[CarLine, ...]:
    colours = colours or {}
    return tuple(
        CarLine(
            car=view.car,
            driver=view.driver,
            status=view.status,
            note=view.note,
            detail=view.detail,
            slug=slugify(view.car),
            cells=tuple("–" if value is None else str(value) for _key, value in view.values),
            colour=colours.get(view.car, ""),
        )
        for view in views
    )


@dataclass
class TurnPanel:
    state: RaceState
    form: PromptForm | None
    queued: tuple[Prompt, ...]
    columns: tuple[Column, ...]
    cars: tuple[CarLine, ...]
    events: list[RaceEvent]
    results: tuple[CarResult, ...] = ()
    errors: list[str] = field(default_factory=list)
    notices: tuple[str, ...] = ()  # what an entry left out, shown above the next prompt
    # What the refused post tried (where its reasons stand): "entry" (beside the prompt's
    # controls), "undo" (an undo or a redo: in the bar) or "race" (the race as a whole: another
    # device first, a commit).
    refused_at: str = "entry"
    # The referee's events an undo just took back, (kind, payload, text): named in the bar,
    # with Redo.
    taken: tuple[tuple[str, dict, str], ...] = ()
    # The numbers of the events an undo took from the log: their lines go from the page.
    taken_seqs: range = range(0)
    # Every car in the order of play, its lap and its state: the picture at the top.
    strip: Strip | None = None

    @property
    def race_refusals(self) -> tuple[str, ...]:
        if self.refused_at == "race" or (self.refused_at == "entry" and self.form is None):
            return tuple(self.errors)
        return ()

    @property
    def undo_refusals(self) -> tuple[str, ...]:
        return tuple(self.errors) if self.refused_at == "undo" else ()

    @property
    def taken_text(self) -> str:
        return "; ".join(text or kind.replace("_", " ") for kind, _payload, text in self.taken)

    @property
    def redo_fields(self) -> tuple[tuple[str, str], ...]:
        """The form fields that enter the events taken back again (redo_fields)."""
        return redo_fields(self.taken)

    @property
    def status(self) -> str:
        return engine.status(self.state)

    @property
    def drivers(self) -> dict[str, str]:
        """Each car's driver, for the result table."""
        return {car.car: car.driver for car in self.cars}

    @property
    def result_lines(self) -> tuple[tuple[CarResult, str, str, str], ...]:
        """The result table's rows: each car's result, its driver, how it ended in words, and
        its note less what the outcome already says (a car out names its way out once)."""
        drivers = self.drivers
        lines = []
        for result in self.results:
            if result.finished:
                outcome = pgettext("a car's outcome", "finished")
            else:  # the rules' words, as the note (out_reason_words) says them
                outcome = rules_language.gettext(out_reason_label(result.out_reason or ""))
            lines.append(
                (result, drivers.get(result.car, ""), outcome, _note_less(result, outcome))
            )
        return tuple(lines)

    @property
    def last_event(self) -> RaceEvent | None:
        """The referee's latest entry, which undo takes back (with what Paddock entered after)."""
        entries = [event for event in self.events if not event.automatic and not event.joined]
        return entries[-1] if entries else None

    @property
    def last_entry(self) -> str:
        """What undo takes back, in words: the latest entry, and the roll tapped with it."""
        last = self.last_event
        if last is None:
            return ""
        joined = [event for event in self.events if event.joined and event.seq > last.seq]
        return "; ".join(event.summary() for event in (last, *joined))


def latest_events(race: Race) -> list[RaceEvent]:
    """The latest events, their lines in the reader's language (log_words.py)."""
    events = RaceEvent.objects.latest_of(race.pk, LOG_LENGTH)
    in_readers_words(race.pk, events)
    return events


def turn_panel(
    race: Race,
    *,
    state: RaceState | None = None,
    errors=(),
    posted=None,
    refused_at: str = "entry",
    taken: tuple[tuple[str, dict, str], ...] = (),
) -> TurnPanel:
    """The panel of `race`; pass the `state` a service just returned to skip reloading it, and
    the `posted` values of a refused entry to show them again next to the reason (`errors`,
    refused at `refused_at`: see TurnPanel)."""
    state = state if state is not None else engine.state_from_dict(race.state)
    asked = engine.prompts(state)
    form = prompt_form(asked[0], state, posted) if asked else None
    views = engine.dashboard(state)
    colours = car_colours(race.round_id)
    if form is not None and errors and refused_at == "entry":
        form = replace(form, refusals=placed_refusals(form, errors))
    return TurnPanel(
        refused_at=refused_at,
        taken=taken,
        state=state,
        form=form,
        queued=asked[1:4],
        columns=engine.dashboard_columns(state),
        cars=car_lines(views, colours),
        strip=strip_of(views, colours),
        events=latest_events(race),
        results=engine.results(state) if state.finished else (),
        errors=list(errors),
    )


def placed_refusals(form: PromptForm, errors) -> tuple[tuple[str, str], ...]:
    """Each reason beside the control it names: the rules name a field by its label first
    ("Brake points spent (has 3): at most 3, not 4."); a reason that names none is the tap's."""
    labels = sorted(((item.spec.label, item.name) for item in form.inputs), reverse=True)
    placed = []
    for reason in errors:
        named = next((name for label, name in labels if reason.startswith(f"{label}:")), "")
        placed.append((named, reason))
    return tuple(placed)


def redo_fields(taken: tuple[tuple[str, dict, str], ...]) -> tuple[tuple[str, str], ...]:
    """The form fields that enter `taken` (the referee's entry an undo took back, and the roll
    tapped with it) again, as the page's own form posts them: the entry's kind and facts (a list
    named in `_lists`), the roll as `redo_then` (the die tapped with a choice)."""
    if not taken:
        return ()
    (kind, payload, _text), *joined = taken
    fields: list[tuple[str, str]] = [("kind", kind)]
    for name, value in payload.items():
        if isinstance(value, list):
            fields += [("_lists", name), *((name, str(item)) for item in value)]
        elif isinstance(value, bool):
            fields.append((name, "true" if value else "false"))
        else:
            fields.append((name, str(value)))
    for _kind, rolled, _text in joined[:1]:
        face = next((value for name, value in rolled.items() if name != "car"), None)
        if face is not None:
            fields.append(("redo_then", str(face)))
    return tuple(fields)


def entered_panel(*, race: Race, before: RaceState, entered: Entered) -> TurnPanel:
    """What an entered event changed, for htmx to swap in: the next prompt, the cars whose
    dashboard changed (usually just the mover) and the one new line of the log."""
    notices = (entered.left_out,) if entered.left_out else ()
    # The rules entered it in English (races/services/entries.py): what they ask next, in the
    # reader's words.
    asked = entered.prompts
    if rules_language.spoken():
        asked = engine.prompts(entered.state)
        with suppress(Unreplayable):  # else its lines stay as kept, in English
            said_again(before, entered.events)
    return _changed_panel(race, before, entered.state, asked, list(entered.events), notices)


def undone_panel(race: Race, *, before: RaceState, undone: Undone) -> TurnPanel:
    """What an undo changed, for htmx to swap in: the prompt again, the cars whose dashboard
    changed back, what it took back (to say so, and to redo it) and the log's lines to take
    away (`taken_seqs`): the page's log is kept, less those lines, so no event is read again."""
    state = undone.state
    panel = _changed_panel(race, before, state, engine.prompts(state), [])
    panel.taken, panel.taken_seqs = undone.taken, undone.taken_seqs
    return panel


def _changed_panel(
    race: Race,
    before: RaceState,
    state: RaceState,
    asked: tuple[Prompt, ...],
    events: list[RaceEvent],
    notices: tuple[str, ...] = (),
) -> TurnPanel:
    """The panel of `state`, `asked` next, with only the cars whose dashboard row differs from
    `before`'s as the row shows it (a car's spaces moved change no row)."""
    shown_views = engine.dashboard(before)
    shown = {line.car: line for line in car_lines(shown_views)}
    views = engine.dashboard(state)
    changed = [
        view
        for view, line in zip(views, car_lines(views), strict=True)
        if shown.get(view.car) != line
    ]
    # The strip is redrawn only when it changed (the order of play, a lap, a car's state): most
    # moves change none of it. The cars' colours are read only for what is drawn again.
    strip_changed = strip_of(views) != strip_of(shown_views)
    colours = car_colours(race.round_id) if changed or strip_changed else {}
    return TurnPanel(
        state=state,
        form=prompt_form(asked[0], state) if asked else None,
        queued=asked[1:4],
        columns=engine.dashboard_columns(state),
        cars=car_lines(changed, colours),
        strip=strip_of(views, colours) if strip_changed else None,
        events=events,
        notices=notices,
    )


def _note_less(result: CarResult, outcome: str) -> str:
    """`result`'s note without the part that repeats `outcome`: the Formula D family's note for
    a car out is its way out, which the outcome column already shows (Season Pass's "out: …"
    is dropped as well should its note ever carry it)."""
    if result.finished:
        return result.note
    said = outcome.casefold()
    parts = [part for part in result.note.split("; ") if part.strip()]
    kept = [part for part in parts if part.casefold().removeprefix("out: ") != said]
    return "; ".join(kept)
