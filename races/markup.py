"""The turn page's markup that every entry sends, written here rather than in the template: a
prompt's card and controls (a move's prompt is hundreds of faces, chips and labels), the status
line, the undo button, a car's row on the dashboard and a line of the log. The template language
spent more time on them than the rest of an entry took together (issue 11); the template places
them (races/templatetags/turn_page.py). What each widget looks like is described in
races/turn_panel.py; this module only writes it, escaping every value it did not write itself.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from django.utils.safestring import SafeString, mark_safe

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rules.engine import Prompt

    from .models import RaceEvent
    from .turn_panel import CarLine, Input, PromptForm


def _e(value: object) -> str:
    """`value` as text for HTML, as the template's autoescape would write it."""
    return escape("" if value is None else str(value))


def _selected(selected: bool, word: str) -> str:
    return f" {word}" if selected else ""


def _keypad(item: Input, labelled: bool) -> str:
    name, label = _e(item.name), _e(item.spec.label)
    heading = (
        f'<div class="fact-label mb-1" title="{label}">{label}: tap the roll to enter it</div>'
        if labelled
        else ""
    )
    wide = " keypad-wide" if item.spec.kind == "choice" else ""
    faces = "".join(
        f'<button class="btn btn-outline-dark" name="{name}" value="{_e(option.value)}">'
        f"{_e(option.label)}</button>"
        for option in item.options
    )
    return (
        f'<div class="field" data-widget="keypad" data-field="{name}">{heading}'
        f'<div class="keypad{wide}" role="group" aria-label="{label}">{faces}</div></div>'
    )


def _gears(item: Input, _labelled: bool) -> str:
    """A row per choice: its button (a tap enters it alone), then the faces of the die it
    leads to, named for both fields ("gear:roll" = "3:6"): a tap enters the two."""
    name, label = _e(item.name), _e(item.spec.label)
    both = f"{name}:{_e(item.die)}"
    rows = []
    for option, faces in zip(item.options, item.faces, strict=True):
        value, note = _e(option.value), _e(option.note)
        cost = f'<span class="gear-cost">{note}</span>' if note else ""
        rolls = "".join(
            f'<button class="btn btn-outline-dark" name="{both}" value="{value}:{_e(face)}">'
            f"{_e(face)}</button>"
            for face in faces
        )
        rows.append(
            f'<div class="gear-row"><button class="btn btn-outline-dark gear" name="{name}" '
            f'value="{value}" title="{_e(option.label)}"><span class="gear-name">'
            f"{_e(option.short)}</span>{cost}</button>"
            f'<div class="faces" role="group" aria-label="{_e(option.short)}: tap the roll">'
            f"{rolls}</div></div>"
        )
    return (
        f'<div class="field" data-widget="gears" data-field="{name}">'
        f'<div class="fact-label mb-1">Tap the {label.lower()}, or the roll in it to enter '
        f'both</div><div class="gear-rows" role="group" aria-label="{label}">{"".join(rows)}'
        f"</div></div>"
    )


def _radios(item: Input, style: str, *, required: bool = False) -> str:
    """Radio buttons shown as buttons (Bootstrap's btn-check): a die's faces, a count's chips."""
    name = _e(item.name)
    need = " required" if required else ""
    return "".join(
        f'<input type="radio" class="btn-check" name="{name}" id="f-{name}-{value}" '
        f'value="{value}" autocomplete="off"{_selected(option.selected, "checked")}{need}>'
        f'<label class="btn {style}" for="f-{name}-{value}">{_e(option.label)}</label>'
        for option in item.options
        for value in (_e(option.value),)
    )


def _pad(item: Input, _labelled: bool) -> str:
    name, label = _e(item.name), _e(item.spec.label)
    faces = _radios(item, "btn-outline-dark", required=item.spec.required)
    return (
        f'<fieldset class="field" data-widget="pad" data-field="{name}">'
        f'<legend class="fact-label">{label}</legend>'
        f'<div class="keypad" role="radiogroup" aria-label="{label}">{faces}</div></fieldset>'
    )


def _fact(item: Input, body: str, *, hidden: str = "") -> str:
    """A board fact: its short label (the full one as its title), then its controls."""
    name, label = _e(item.name), _e(item.spec.label)
    after = f'<input type="hidden" name="{hidden}" value="{name}">' if hidden else ""
    return (
        f'<div class="fact" data-widget="{item.widget}" data-field="{name}">'
        f'<span class="fact-label" title="{label}">{_e(item.label)}</span>{body}{after}</div>'
    )


def _count(item: Input, _labelled: bool) -> str:
    name, label, spec = _e(item.name), _e(item.spec.label), item.spec
    more = ""
    if item.more:
        most = f' max="{_e(spec.maximum)}"' if spec.maximum is not None else ""
        more = (
            f'<input class="form-control more" type="number" step="{_e(spec.step)}" min="0"'
            f'{most} inputmode="decimal" name="{name}" id="f-{name}" value="{_e(item.typed)}" '
            f'placeholder="more" aria-label="{label}: more">'
        )
    chips = _radios(item, "btn-outline-secondary")
    body = f'<div class="chips" role="radiogroup" aria-label="{label}">{chips}{more}</div>'
    return _fact(item, body, hidden="_counts")


def _cars(item: Input, _labelled: bool) -> str:
    name, label = _e(item.name), _e(item.spec.label)
    ticks = "".join(
        f'<input type="checkbox" class="btn-check" name="{name}" id="f-{name}-{number}" '
        f'value="{_e(option.value)}" autocomplete="off"{ticked}>'
        f'<label class="btn btn-outline-secondary" for="f-{name}-{number}" '
        f'title="{_e(option.label)}">{_e(option.short)}</label>'
        for number, option in enumerate(item.options, start=1)
        for ticked in (_selected(option.selected, "checked"),)
    )
    ticks = ticks or '<span class="text-secondary small">no other car on the track</span>'
    body = f'<div class="chips" role="group" aria-label="{label}">{ticks}</div>'
    return _fact(item, body, hidden="_lists")


def _choices(options) -> str:
    return "".join(
        f'<option value="{_e(option.value)}"{_selected(option.selected, "selected")}>'
        f"{_e(option.label)}</option>"
        for option in options
    )


def _order(item: Input, _labelled: bool) -> str:
    name, label = _e(item.name), _e(item.spec.label)
    places = "".join(
        f'<li><select class="form-select" name="{name}" aria-label="Place {place}">'
        f"{_choices(options)}</select></li>"
        for place, options in item.places
    )
    return (
        f'<fieldset class="field" data-widget="order" data-field="{name}">'
        f'<legend class="fact-label">{label}<span class="order-hint"> (tap a car, then the '
        f"place it moves to)</span></legend>"
        f'<ol class="order-list ps-4 mb-0">{places}</ol>'
        f'<input type="hidden" name="_lists" value="{name}"></fieldset>'
    )


def _select(item: Input, _labelled: bool) -> str:
    name, label = _e(item.name), _e(item.spec.label)
    return (
        f'<div class="fact" data-widget="select" data-field="{name}">'
        f'<label class="fact-label" for="f-{name}" title="{label}">{_e(item.label)}</label>'
        f'<select class="form-select" name="{name}" id="f-{name}">{_choices(item.options)}'
        f"</select></div>"
    )


def _bool(item: Input, _labelled: bool) -> str:
    name = _e(item.name)
    return (
        f'<div class="fact" data-widget="bool" data-field="{name}">'
        f'<input type="checkbox" class="btn-check" name="{name}" id="f-{name}"'
        f'{_selected(bool(item.value), "checked")} autocomplete="off">'
        f'<label class="btn btn-outline-secondary" for="f-{name}" '
        f'title="{_e(item.spec.label)}">{_e(item.label)}</label></div>'
    )


def _number(item: Input, _labelled: bool) -> str:
    name, spec = _e(item.name), item.spec
    limits = (f' min="{_e(spec.minimum)}"' if spec.minimum is not None else "") + (
        f' max="{_e(spec.maximum)}"' if spec.maximum is not None else ""
    )
    return (
        f'<div class="field" data-widget="number" data-field="{name}">'
        f'<label class="fact-label" for="f-{name}">{_e(spec.label)}</label>'
        f'<input class="form-control form-control-lg" type="number" step="any" '
        f'inputmode="decimal" name="{name}" id="f-{name}" value="{_e(item.value)}"{limits}'
        f"{_selected(spec.required, 'required')}></div>"
    )


def _stopwatch(item: Input, _labelled: bool) -> str:
    """The stopwatch's reading (counting on in the page from the server's reading, if it runs)
    and its one button."""
    name = _e(item.name)
    running = f' data-running-tenths="{_e(item.value)}"' if item.value is not None else ""
    return (
        f'<div class="field stopwatch text-center" data-widget="stopwatch" data-field="{name}">'
        f'<output class="stopwatch-time d-block fs-1 fw-bold font-monospace mb-2" '
        f'aria-live="off"{running}>{_e(item.reading)}</output>'
        f'<button class="btn btn-primary btn-touch btn-lg w-100" name="{name}" value="now">'
        f"{_e(item.spec.label)}</button></div>"
    )


WIDGETS = {
    "keypad": _keypad,
    "gears": _gears,
    "pad": _pad,
    "count": _count,
    "cars": _cars,
    "order": _order,
    "select": _select,
    "bool": _bool,
    "number": _number,
    "stopwatch": _stopwatch,
}


def input_html(item: Input, *, labelled: bool) -> SafeString:
    """The controls of `item`; a keypad `labelled` says what it enters (when facts stand above
    it, so that a tap on a face is not taken for one more fact). Written once per input: the
    turn panel keeps the inputs of the fields it showed (turn_panel.prompt_form)."""
    written = item.written.get(labelled)
    if written is None:
        markup = WIDGETS[item.widget](item, labelled)
        written = item.written[labelled] = mark_safe(markup)  # noqa: S308 -- every value escaped
    return written


def _oob(oob: bool) -> str:
    """htmx swaps an element sent out of band into the one with its id."""
    return ' hx-swap-oob="true"' if oob else ""


def car_row(car: CarLine, *, oob: bool = False) -> SafeString:
    """A car's row on the dashboard: its name, driver and detail, a note where it is not simply
    racing, then a cell per column."""
    driver, detail = _e(car.driver), _e(car.detail)
    out = " status-out" if car.status == "out" else ""
    note = ""
    if car.status != "racing" or car.note:
        tone = {"out": "text-danger", "finished": "text-success"}.get(car.status, "text-secondary")
        note = f'<div class="small {tone}">{_e(car.note or car.status)}</div>'
    cells = "".join(f"<td>{_e(cell)}</td>" for cell in car.cells)
    return mark_safe(  # noqa: S308 -- every value escaped
        f'<tr id="car-{_e(car.slug)}" class="{out.strip()}" data-car="{_e(car.car)}"{_oob(oob)}>'
        f'<td><span class="fw-bold">{_e(car.car)}</span> <span class="driver small" '
        f'title="{driver}, {detail}">{driver} <span class="text-secondary">{detail}</span></span>'
        f"{note}</td>{cells}</tr>"
    )


def log_line(event: RaceEvent) -> SafeString:
    """A line of the log: the event's number, what it did, and who entered it."""
    if event.automatic:
        who = ' <span class="text-secondary small">· by Paddock: no other choice</span>'
    elif event.who_id is not None:
        who = f' <span class="text-secondary small">· {_e(event.who.username)}</span>'
    else:
        who = ""
    return mark_safe(  # noqa: S308 -- every value escaped
        f'<li><span class="text-secondary">#{event.seq}</span> {_e(event.summary())}{who}</li>'
    )


def _csrf(token: object) -> str:
    """The form's CSRF field, as Django's {% csrf_token %} writes it."""
    token = "" if token is None else str(token)
    if not token or token == "NOTPROVIDED":
        return ""
    return f'<input type="hidden" name="csrfmiddlewaretoken" value="{_e(token)}">'


def _posts_to(url: str) -> str:
    """A form's attributes: posted to the turn page, by htmx, whose answer replaces the panel."""
    url = _e(url)
    return (
        f'method="post" action="{url}" hx-post="{url}" hx-target="#panel" '
        'hx-swap="outerHTML show:window:top"'
    )


def prompt_card(
    form: PromptForm,
    *,
    notices: Sequence[str],
    queued: Sequence[Prompt],
    turn_url: str,
    version: int,
    csrf_token: object,
    can_referee: bool,
) -> SafeString:
    """The prompt asked now, as a card: a warning for what the last entry left out, the prompt's
    words and, to a referee, its form at the race's `version` (the facts, those folded under
    "More", then what a tap enters, or an Enter button); the prompts queued after it. The card
    of a finished race is the template's: it is sent once a race."""
    warnings = "".join(
        f'<div class="alert alert-warning py-1 px-2 mb-2 small" role="status">{_e(notice)}</div>'
        for notice in notices
    )
    body = f'  {warnings}\n  <h2 class="h6 fw-bold" id="prompt-text">{_e(form.prompt.text)}</h2>\n'
    if can_referee:
        kind = _e(form.kind)
        car = form.prompt.car
        lines = [
            f'<form {_posts_to(turn_url)} id="event-form" data-kind="{kind}">',
            f"  {_csrf(csrf_token)}",
            f'  <input type="hidden" name="kind" value="{kind}">',
            f'  <input type="hidden" name="version" value="{version}">',
            f'  <input type="hidden" name="car" value="{_e(car)}">' if car else "",
            f"  {form.facts_html}",
        ]
        if form.extras:
            opened = " open" if form.extras_changed else ""
            lines += [
                f'  <details class="facts-more"{opened}>',
                f"    <summary>More: {_e(form.extras_summary)}</summary>",
                f"    {form.extras_html}",
                "  </details>",
            ]
        lines.append(f"  {form.keypads_html}")
        if not form.one_tap:
            word = "Confirm the order" if form.kind == "order" else "Enter"
            lines.append(
                f'  <button class="btn btn-primary btn-touch w-100 mt-2" id="enter">{word}</button>'
            )
        lines.append("</form>")
        body += "".join(f"  {line}\n" for line in lines)
    if queued:
        then = "; ".join(_e(prompt.text) for prompt in queued)
        body += f'  <p class="small text-secondary mt-3 mb-0">Then: {then}</p>\n'
    return mark_safe(  # noqa: S308 -- every value escaped
        '<section id="prompt" class="card mb-3 border-primary"><div class="card-body p-2">\n'
        f"{body}</div></section>"
    )


def status_line(status: str, seq: int, *, oob: bool = False) -> SafeString:
    """Where the race stands, and how many events are entered."""
    events = "event" if seq == 1 else "events"
    return mark_safe(  # noqa: S308 -- every value escaped
        f'<p class="small text-secondary mb-1" id="race-status"{_oob(oob)}>\n'
        f"  {_e(status)} · {seq} {events} entered\n</p>"
    )


def undo_form(
    *, last_entry: str | None, turn_url: str, version: int, csrf_token: object, oob: bool = False
) -> SafeString:
    """The undo button, naming the entry it takes back (`last_entry`); an empty place for it when
    there is nothing the one asking may undo (None)."""
    form = ""
    if last_entry is not None:
        named = f" ({_e(last_entry)})" if last_entry else ""
        form = (
            f'\n  <form {_posts_to(turn_url)} class="mb-3">\n'
            f'    {_csrf(csrf_token)}<input type="hidden" name="version" value="{version}">\n'
            f'    <button class="btn btn-outline-danger btn-touch w-100" name="undo">'
            f"Undo the last entry{named}</button>\n  </form>"
        )
    return mark_safe(f'<div id="undo"{_oob(oob)}>{form}\n</div>')  # noqa: S308 -- escaped
