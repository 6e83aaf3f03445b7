"""Table speed (issue 8): a referee's thumb on a 390×844 phone, counted, over a whole scripted race.

Shared by the table-speed section of `make bench` (bench/table_speed.py), which prints the
figures beside the baseline kept in the repo, and by tests/browser/test_table_speed.py, which
asserts the targets. The script it plays is tests/browser/table_speed_script.py's, the figures
and targets it counts toward tests/browser/table_speed_figures.py's. Here:

- the thumb: every action on the page goes through `Thumb`, which counts taps, keys typed on
  the phone keyboard and scrolls (an action on a target that was not inside the viewport as the
  page stood, before Playwright scrolled it into view);
- the drivers, one per widget (`DRIVERS`): how a person enters a value into the prompt's form
  through that widget. A field's widget is read from `data-widget` on the element wrapping its
  control(s), else guessed from today's markup (templates/races/turn.html, `field-input`).

A new widget is a function registered with `@driver("name")` (`submits=True` when a tap on it
enters the event, as a keypad face does), and `data-widget="name"` on the wrapper of its
controls, which must hold a control named after the field (a hidden input is enough).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Locator, Page

from tests.browser.table_speed_figures import Tally
from tests.browser.table_speed_script import PASSWORD, HarnessError, Step

CHROMIUM = os.environ.get("PADDOCK_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WIDTH, HEIGHT = 390, 844
VIEWPORT = {"width": WIDTH, "height": HEIGHT}


# --- The thumb ---------------------------------------------------------------------------------


class Thumb:
    """The referee's thumb: every action on the page goes through here, counted."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.tally = Tally()

    def tap(self, target: Locator) -> None:
        self._reach(target)
        target.click()
        self.tally.taps += 1

    def type(self, target: Locator, text: str) -> None:
        """Tap the input (the phone keyboard opens), delete what it shows, type `text`."""
        self.tap(target)
        self.tally.keys += len(target.input_value()) + len(text)
        target.fill(text)

    def choose(self, target: Locator, value: str) -> None:
        """A native <select>: a tap opens it, a tap picks the option."""
        self._reach(target)
        target.select_option(value)
        self.tally.taps += 2

    def _reach(self, target: Locator) -> None:
        """Unfold the <details> the target is folded in (a tap); count a scroll if the target
        is not inside the viewport as the page stands, before Playwright scrolls to it."""
        where = target.evaluate(WHERE, [WIDTH, HEIGHT])
        if where["folded"]:
            self.tap(target.locator("xpath=ancestor::details[not(@open)][1]/summary"))
            where = target.evaluate(WHERE, [WIDTH, HEIGHT])
        if not where["inside"]:
            self.tally.scrolls += 1
            self.tally.off_screen.append(where["what"])


# Where a target stands in the viewport as the page stands now (one round trip, not three).
WHERE = """(e, [width, height]) => {
  const box = e.getBoundingClientRect();
  const shown = e.checkVisibility({visibilityProperty: true});
  return {
    folded: !shown && !!e.closest('details:not([open])'),
    inside: shown && box.left >= 0 && box.top >= 0 && box.right <= width && box.bottom <= height,
    what: e.tagName.toLowerCase() + (e.name ? `[name=${e.name}]` : '')
      + (e.value ? `[value=${e.value}]` : '') + ' ' + (e.innerText || '').trim().slice(0, 30),
  };
}"""


# The prompt's text and every control a thumb could tap in it, wherever it lies in the document
# (not only in the viewport as it stands): what is not inside the first viewport.
PROMPT_OUTSIDE = """([width, height]) => {
  const prompt = document.getElementById('prompt');
  if (!prompt) return ['no #prompt on the page'];
  const tappable = 'button, select, textarea, summary, a[href], label, '
    + 'input:not([type=hidden])';
  const shown = [document.getElementById('prompt-text'), ...prompt.querySelectorAll(tappable)]
    .filter(e => e && e.checkVisibility({visibilityProperty: true})
      && getComputedStyle(e).pointerEvents !== 'none');
  return shown.filter(e => {
    const box = e.getBoundingClientRect();
    const top = box.top + window.scrollY, left = box.left + window.scrollX;
    return top < 0 || left < 0 || top + box.height > height || left + box.width > width;
  }).map(e => e.tagName.toLowerCase() + (e.name ? `[name=${e.name}]` : '')
    + (e.id ? `#${e.id}` : '') + ' ' + (e.innerText || e.value || '').trim().slice(0, 30));
}"""


def prompt_outside(page: Page) -> list[str]:
    """What of the prompt (its text and its controls) lies outside the first viewport."""
    return page.evaluate(PROMPT_OUTSIDE, [WIDTH, HEIGHT])


# --- The drivers, one per widget ---------------------------------------------------------------


@dataclass(frozen=True)
class Driver:
    """How a person enters a value through one widget: `enter(thumb, form, name, value)`;
    `submits` when a tap on it enters the event (it is then driven after every other field)."""

    enter: Callable[[Thumb, Locator, str, Any], None]
    submits: bool = False


DRIVERS: dict[str, Driver] = {}


def driver(widget: str, *, submits: bool = False):
    """Register the decorated function as the driver of `widget`."""

    def register(enter: Callable[[Thumb, Locator, str, Any], None]):
        DRIVERS[widget] = Driver(enter, submits)
        return enter

    return register


# The widget of each field: `data-widget` on the element wrapping its controls, else a guess
# from today's markup (templates/races/turn.html, `field-input`) read from its first control.
WIDGETS = """(form, names) => Object.fromEntries(names.map(name => {
  const controls = [...form.querySelectorAll('[name]')].filter(c => c.name === name);
  const wrapped = controls.map(c => c.closest('[data-widget]')).find(Boolean);
  if (wrapped) return [name, wrapped.dataset.widget];
  const control = controls[0];
  const list = [...form.querySelectorAll('input[name=_lists]')].some(i => i.value === name);
  const role = control && control.getAttribute('role');
  return [name, !control ? null
    : control.tagName === 'BUTTON' ? 'keypad'
    : control.tagName === 'SELECT' ? (list ? 'order' : 'select')
    : control.type === 'radio' ? 'pad'
    : control.type === 'checkbox' ? (role === 'switch' ? 'bool' : 'cars')
    : control.type === 'number' ? 'number' : null];
}))"""


def widgets_of(form: Locator, names: Sequence[str]) -> dict[str, str | None]:
    return form.evaluate(WIDGETS, list(names))


def _face(form: Locator, name: str, value: Any) -> Locator:
    """The tappable face of a radio or a checkbox: its label when it has one (Bootstrap's
    btn-check hides the input), else the input."""
    box = form.locator(f'input[name="{name}"][value="{value}"]')
    box_id = box.get_attribute("id")
    label = form.locator(f'label[for="{box_id}"]') if box_id else None
    return label if label is not None and label.count() else box


@driver("keypad", submits=True)
@driver("gears", submits=True)
def tap_keypad(thumb: Thumb, form: Locator, name: str, value: Any) -> None:
    """Buttons that submit: a tap on the face (or on the gear of a gear's row) enters the
    event."""
    thumb.tap(form.locator(f'button[name="{name}"][value="{value}"]'))


def tap_both(thumb: Thumb, step: Step, following: Step) -> bool:
    """Enter `step` (a choice) and `following` (its car's plain move, the die alone) in one
    tap on the die's face in the choice's row ("gear:roll" = "3:6"), where the page offers
    it; False where it does not (nothing tapped)."""
    if following.kind == step.kind or following.car != step.car or following.facts:
        return False
    chosen = [(name, value) for name, value in step.entries.items()]
    rolled = [(name, value) for name, value in following.entries.items() if not _nil(value)]
    if len(chosen) != 1 or len(rolled) != 1:
        return False
    (choice, chosen_value), (die, face) = chosen[0], rolled[0]
    target = thumb.page.locator(
        f'#event-form button[name="{choice}:{die}"][value="{_text(chosen_value)}:{_text(face)}"]'
    )
    if not target.count():
        return False
    thumb.tap(target)
    return True


def _nil(value: Any) -> bool:
    return value in (None, "", 0, False) or value == [] or value == ()


@driver("pad")
@driver("chips")
def tap_radio(thumb: Thumb, form: Locator, name: str, value: Any) -> None:
    """Radio buttons (a die's faces, small numbers): a tap on the face, unless it is chosen."""
    if not form.locator(f'input[name="{name}"][value="{value}"]').is_checked():
        thumb.tap(_face(form, name, value))


@driver("cars")
def tick_cars(thumb: Thumb, form: Locator, name: str, value: Any) -> None:
    """Checkboxes, one per car: a tap on each car whose tick is wrong."""
    wanted = {str(car) for car in value or ()}
    for box in form.locator(f'input[type=checkbox][name="{name}"]').all():
        car = box.get_attribute("value")
        if box.is_checked() != (car in wanted):
            thumb.tap(_face(form, name, car))


@driver("order")
def choose_places(thumb: Thumb, form: Locator, name: str, value: Any) -> None:
    """The places of the order: tapping a car, then the place it moves to, where the page
    offers that (static/js/paddock.js); else opening and picking each select that is wrong."""
    cars = form.locator(f'[data-field="{name}"] button.order-car')
    if cars.count():
        for place, car in enumerate(value):
            shown = [cars.nth(index).get_attribute("data-car") for index in range(cars.count())]
            if shown[place] != str(car):
                thumb.tap(cars.nth(shown.index(str(car))))
                thumb.tap(cars.nth(place))
        return
    places = form.locator(f'select[name="{name}"]')
    for place, car in enumerate(value):
        select = places.nth(place)
        if select.input_value() != str(car):
            thumb.choose(select, str(car))


@driver("select")
def choose_option(thumb: Thumb, form: Locator, name: str, value: Any) -> None:
    select = form.locator(f'select[name="{name}"]')
    if select.input_value() != _text(value):
        thumb.choose(select, _text(value))


@driver("bool")
def flip_switch(thumb: Thumb, form: Locator, name: str, value: Any) -> None:
    """A switch, or a toggle button (a checkbox shown as its label): a tap if it is wrong."""
    switch = form.locator(f'input[name="{name}"]')
    if switch.is_checked() != bool(value):
        label = form.locator(f'label[for="{switch.get_attribute("id")}"]')
        thumb.tap(label if label.count() and not switch.is_visible() else switch)


@driver("count")
def tap_count(thumb: Thumb, form: Locator, name: str, value: Any) -> None:
    """A count from the board: a tap on its chip, or, past the chips, typing in the box."""
    if form.locator(f'input[type=radio][name="{name}"][value="{_text(value)}"]').count():
        tap_radio(thumb, form, name, _text(value))
    else:
        type_number(thumb, form, name, value)


@driver("number")
def type_number(thumb: Thumb, form: Locator, name: str, value: Any) -> None:
    """A number input: the phone keyboard, unless it shows the value already."""
    box = form.locator(f'input[name="{name}"]:not([type=radio])')
    if _same_number(box.input_value(), value):
        return
    thumb.type(box, _text(value))


STEP_DOWN, STEP_UP = '[data-step^="-"]', '[data-step]:not([data-step^="-"])'


@driver("stepper")
def step_to(thumb: Thumb, form: Locator, name: str, value: Any) -> None:
    """− and + buttons (`data-step="-1"`, `data-step="1"`) beside the field's input, which
    shows the value: a tap on the right one until it does."""
    wrapper = form.locator(f'[data-widget="stepper"]:has([name="{name}"])')
    shown = wrapper.locator(f'[name="{name}"]')
    for _tap in range(50):
        now = float(shown.input_value() or 0)
        if _same_number(now, value):
            return
        down = float(value) < now
        thumb.tap(
            wrapper.locator('[data-step^="-"]' if down else '[data-step]:not([data-step^="-"])')
        )
    raise HarnessError(f"the stepper of {name} never showed {value}")


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _same_number(shown: Any, value: Any) -> bool:
    try:
        return float(shown or 0) == float(value or 0)
    except (TypeError, ValueError):
        return False


# --- Playing the script ------------------------------------------------------------------------


def log_in(page: Page, base_url: str, username: str, password: str = PASSWORD) -> None:
    page.goto(f"{base_url}/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{base_url}/")


def play(
    page: Page, turn_url: str, steps: Sequence[Step], *, after: Callable | None = None
) -> list[Tally]:
    """Enter every step through the turn page's controls, each once the last one is in; the
    tally of each. `after(seq, step, tally)` is called once each is in."""
    page.set_viewport_size(VIEWPORT)
    # Bootstrap scrolls smoothly unless motion is reduced: where the page stands after a swap
    # would then depend on how far an animation got, and the counts on the machine's speed.
    page.emulate_media(reduced_motion="reduce")
    page.goto(turn_url)
    tallies = []
    along = 0  # the steps entered with the one before (its die, tapped with its gear)
    for seq, step in enumerate(steps, start=1):
        thumb = Thumb(page)
        # Paddock entered a forced step with the entry before, and a die tapped with its gear
        # went in with the gear: nothing to tap.
        if along:
            along -= 1
        elif not step.forced:
            thumb.tally.prompt_outside = prompt_outside(page)
            following = _unforced_after(steps, seq)
            if following is not None and tap_both(thumb, step, steps[following - 1]):
                along = following - seq
                entered(page, following + _forced_after(steps, following))
            else:
                enter(thumb, step)
                entered(page, seq + _forced_after(steps, seq))
        tallies.append(thumb.tally)
        if after:
            after(seq, step, thumb.tally)
    return tallies


def _unforced_after(steps: Sequence[Step], seq: int) -> int | None:
    """The number (1-based) of the first step after step `seq` that the referee enters."""
    following = seq + _forced_after(steps, seq) + 1
    return following if following <= len(steps) else None


def _forced_after(steps: Sequence[Step], seq: int) -> int:
    """How many steps after step `seq` (1-based) Paddock enters along with it."""
    count = 0
    while seq + count < len(steps) and steps[seq + count].forced:
        count += 1
    return count


def enter(thumb: Thumb, step: Step) -> None:
    """Set each field the way a person would through its widget, fields that enter the event
    last; then tap the form's Enter button if nothing entered it yet."""
    form = thumb.page.locator("#event-form")
    kind = form.get_attribute("data-kind")
    if kind != step.kind:
        raise HarnessError(f"the page asks for {kind!r}, the script enters {step.kind!r}")
    fields = []
    widgets = widgets_of(form, list(step.entries))
    for name, value in step.entries.items():
        widget = widgets[name]
        if widget is None:
            raise HarnessError(f"{step.kind}: no control named {name!r} on the page")
        if widget not in DRIVERS:
            raise HarnessError(f"{step.kind}: no driver for the widget {widget!r} ({name})")
        fields.append((DRIVERS[widget], name, value))
    fields.sort(key=lambda item: item[0].submits)
    for chosen, name, value in fields:
        chosen.enter(thumb, form, name, value)
    if not any(chosen.submits for chosen, _name, _value in fields):
        thumb.tap(form.locator("button:not([name]):not([type=button])"))


# Entered: the status line counts the event (in English or in French: "12 événements saisis"),
# or the page says why it was refused.
ENTERED = """(seq) => {
  if (document.querySelector('.htmx-request, .htmx-settling, .htmx-swapping')) return false;
  if (document.querySelector('#panel .alert-danger')) return true;
  const status = document.getElementById('race-status');
  const counted = '(^|\\\\D)' + seq + ' (events? entered|événements? saisis?)';
  return !!status && new RegExp(counted).test(status.textContent);
}"""


def entered(page: Page, seq: int) -> None:
    page.wait_for_function(ENTERED, arg=seq, timeout=10_000)
    refusal = page.locator("#panel .alert-danger")
    if refusal.count():
        raise HarnessError(f"event {seq} refused: {refusal.first.inner_text()}")
