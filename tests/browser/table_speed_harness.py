"""Table speed (issue 8): a referee's thumb on a 390×844 phone, counted, over a whole scripted race.

Shared by the table-speed section of `make bench` (bench/table_speed.py), which prints the
figures beside the baseline kept in the repo, and by tests/browser/test_table_speed.py, which
asserts the targets. Three parts:

- the script: a race's events computed on the pure engine with the autopilot's logic, seeded,
  with some moves that brake, leave a corner short or end beside cars, and movement orders the
  proposal gets wrong (`script_race`);
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
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Locator, Page

from rules import engine
from rules.engine import Event, EventRejected, Prompt

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
COLOURS = ("red", "blue", "green", "yellow", "white", "black", "orange", "purple", "grey", "pink")
PASSWORD = "table-speed"

# How often the script's referee meets each situation on the board.
WRONG_ORDER = 0.3  # a proposed order (of movement, a grid, attacks) is not the board's: two swapped
OTHER_PICKS = 0.5  # a prompt of several proposed picks (Death's cards): the player took another
BRAKES = 0.15  # a move that spends brake points
CORNER = 0.1  # a move that leaves a corner with too few stops
BESIDE = 0.2  # a move that ends beside other cars (a collision check follows)
# A car that left a corner short, in the fields a move prompt offers: the corner's number,
# the stops it made there (0), and the spaces it went beyond.
CORNER_FACTS = (("corner", "corner_stops", "skid"), ("corner", "stops", "overshoot"))
BRAKE_FACT = "brakes"
CARS_FACT = "adjacent"


class HarnessError(RuntimeError):
    """The harness could not play the script on the page (not a missed target)."""


@dataclass(frozen=True)
class TableRace:
    """One race the bench plays: its rule set and league settings, its cars, the round from
    which cars cross the line, and the script's seed; where the rule set has them, the season's
    setup (RBB's wear points), round 1's race format (a Mini's series) and the track round 1
    runs on when the rule set has no sample schedule (one the site knows prints its weather)."""

    label: str
    ruleset: str
    cars: int
    finish_from_round: int
    seed: int
    settings: dict[str, bool | str] = field(default_factory=dict)
    setup: dict[str, int] = field(default_factory=dict)
    race_format: str = ""
    track: str = "Table Speed Circuit"


def build_race(table_race: TableRace, *, organiser, referee):
    """Round 1 of a new league's first season, started at the table with `table_race.cars`
    cars; `referee` is the league's referee."""
    from league import services as league_services
    from league.models import Role

    league = league_services.league_create(
        name=f"Table speed {table_race.label}",
        organiser=organiser,
        ruleset=table_race.ruleset,
        settings=table_race.settings,
    )
    league_services.member_add(league=league, user=referee, role=Role.REFEREE)
    per_team = league.rules.cars_per_team(league.settings)
    teams = [
        league_services.team_create(
            league=league,
            name=f"Team {n}",
            driver_names=[f"Driver {n}{seat} {table_race.label}" for seat in "abc"[:per_team]],
        )
        for n in range(-(-table_race.cars // per_team))
    ]
    # The rule set's first sample schedule (its tracks print their weather), else a track.
    presets = league.rules.presets
    season = league_services.season_open(
        league=league,
        preset=presets[0].name if presets else "",
        tracks=None if presets else [_track(table_race.track)],
    )
    if table_race.setup:
        season = league_services.season_setup_set(season=season, setup=table_race.setup)
    round_one = season.rounds.get(number=1)
    if table_race.race_format:
        round_one = league_services.round_format_set(
            round_=round_one, race_format=table_race.race_format
        )
    drivers = [driver for team in teams for driver in team.drivers.order_by("pk")]
    starters = list(zip(drivers[: table_race.cars], COLOURS, strict=False))
    return league_services.round_start_at_table(round_=round_one, starters=starters)


def _track(name: str):
    """The track called `name` on the site's list (its shipped tracks, an earlier race's), else
    a new one."""
    from league import services as league_services
    from league.models import Track

    return Track.objects.filter(name__iexact=name).first() or league_services.track_create(
        name=name
    )


# --- The script --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One scripted event: the prompt's kind, its car, the data the referee enters, and what
    kind of entry it is for the figures (`facts`: a move's board facts beyond the die)."""

    kind: str
    car: str | None
    data: dict[str, Any]
    facts: tuple[str, ...] = ()
    proposal_right: bool = True
    ordered: bool = False  # the prompt proposes an order (an `order` field) to confirm or correct
    forced: bool = False  # the rules leave no choice: Paddock enters it, the referee does not

    @property
    def entries(self) -> dict[str, Any]:
        """What the referee sets in the form: everything but the car, which the prompt names."""
        return {name: value for name, value in self.data.items() if name != "car"}


def script_race(state, *, seed: int, finish_from_round: int) -> list[Step]:
    """Every event of a whole race from `state` on, computed on the pure engine: the autopilot's
    legal events (tests/races/autopilot.py), with board facts and wrong proposals mixed in as
    the seed says, and cars crossing the line from `finish_from_round` on."""
    rng = random.Random(seed)
    steps: list[Step] = []
    while asked := engine.prompts(state):
        prompt = asked[0]
        finish = state.round >= finish_from_round
        for event in _candidates(prompt, rng, finish):
            try:
                state, _prompts = engine.apply(state, event)
            except EventRejected:
                continue
            steps.append(_step(prompt, event))
            break
        else:
            raise HarnessError(f"no legal event for {prompt.text!r}")
    return steps


def _candidates(prompt: Prompt, rng: random.Random, finish: bool) -> Iterator[Event]:
    """Events to try for `prompt`, the situation the seed picked first, then tamer ones."""
    # Imported here: the bench imports this module before Django is set up.
    from tests.races.autopilot import legal_event

    tame = legal_event(prompt, rng, finish=finish)
    ordered = _order_field(prompt)
    if ordered and rng.random() < WRONG_ORDER:
        proposal = list(tame.data[ordered])
        if len(proposal) > 1:
            at = rng.randrange(len(proposal) - 1)
            proposal[at], proposal[at + 1] = proposal[at + 1], proposal[at]
            yield Event(prompt.kind, {**tame.data, ordered: proposal})
    yield from _other_picks(prompt, rng, tame)
    if prompt.kind == "move" and not finish:
        yield from _board_facts(prompt, rng, tame)
    yield tame
    yield legal_event(prompt, rng)
    # A choice the autopilot leaves at its default that the roll made necessary (Death's Chain
    # Blades: a roll of 1-4 gives up an upgrade, which one is the car's choice).
    optional = {
        spec.name: [key for key, _label in spec.choices if key != spec.default]
        for spec in prompt.fields
        if spec.kind == "choice" and not spec.required
    }
    if any(optional.values()):
        chosen = {name: rng.choice(keys) for name, keys in optional.items() if keys}
        yield Event(prompt.kind, {**tame.data, **chosen})


def _order_field(prompt: Prompt) -> str | None:
    """The name of the prompt's order to confirm or correct, if it asks for one."""
    return next((spec.name for spec in prompt.fields if spec.kind == "order"), None)


def _other_picks(prompt: Prompt, rng: random.Random, tame: Event) -> Iterator[Event]:
    """Where a prompt proposes several picks (choices with a default, not required), the player
    took other ones: events with one pick changed, then two (the rules may refuse some)."""
    picks = [
        spec
        for spec in prompt.fields
        if spec.kind == "choice" and not spec.required and spec.default is not None
        if len(spec.choices) > 1
    ]
    if len(picks) < 2 or rng.random() >= OTHER_PICKS:
        return
    data = dict(tame.data)
    for spec in rng.sample(picks, 2):
        data[spec.name] = rng.choice([key for key, _label in spec.choices if key != spec.default])
        yield Event(prompt.kind, dict(data))


def _board_facts(prompt: Prompt, rng: random.Random, tame: Event) -> Iterator[Event]:
    specs = {spec.name: spec for spec in prompt.fields}
    roll = tame.data.get("roll", 0)
    draw = rng.random()
    if draw < BRAKES:
        most = min(specs[BRAKE_FACT].maximum or 0, roll - 1) if BRAKE_FACT in specs else 0
        if most >= 1:
            yield Event(prompt.kind, {**tame.data, BRAKE_FACT: rng.randint(1, most)})
    elif draw < BRAKES + CORNER:
        for corner, stops, beyond in CORNER_FACTS:
            if {corner, stops, beyond} <= specs.keys():
                facts = {corner: rng.randint(1, 2), stops: 0, beyond: rng.randint(1, 2)}
                yield Event(prompt.kind, {**tame.data, **facts})
    elif draw < BRAKES + CORNER + BESIDE and CARS_FACT in specs:
        others = [key for key, _label in specs[CARS_FACT].choices]
        if others:
            beside = rng.sample(others, min(len(others), rng.choice((1, 1, 2))))
            yield Event(prompt.kind, {**tame.data, CARS_FACT: beside})


def _step(prompt: Prompt, event: Event) -> Step:
    defaults = {spec.name: spec.default for spec in prompt.fields}
    data = dict(event.data)
    facts = tuple(
        name
        for name, value in data.items()
        if name in defaults and prompt.kind == "move" and name != "roll"
        if value not in (None, "", 0, False, [], ()) and value != defaults[name]
    )
    ordered = _order_field(prompt)
    right = not ordered or list(data[ordered]) == list(defaults[ordered] or ())
    forced = prompt.forced() is not None
    return Step(prompt.kind, prompt.car, data, facts, right, bool(ordered), forced)


# --- The thumb ---------------------------------------------------------------------------------


@dataclass
class Tally:
    """What entering one event took: taps on the screen, keys typed on the phone keyboard,
    scrolls (targets that were outside the viewport), and what of the prompt lay outside the
    first viewport before the first tap."""

    taps: int = 0
    keys: int = 0
    scrolls: int = 0
    off_screen: list[str] = field(default_factory=list)
    prompt_outside: list[str] = field(default_factory=list)

    @property
    def touches(self) -> int:
        """Taps and keys: each key on the phone keyboard is a tap too."""
        return self.taps + self.keys


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


# Entered: the status line counts the event, or the page says why it was refused.
ENTERED = """(seq) => {
  if (document.querySelector('.htmx-request, .htmx-settling, .htmx-swapping')) return false;
  if (document.querySelector('#panel .alert-danger')) return true;
  const status = document.getElementById('race-status');
  return !!status && new RegExp('(^|\\\\D)' + seq + ' events? entered').test(status.textContent);
}"""


def entered(page: Page, seq: int) -> None:
    page.wait_for_function(ENTERED, arg=seq, timeout=10_000)
    refusal = page.locator("#panel .alert-danger")
    if refusal.count():
        raise HarnessError(f"event {seq} refused: {refusal.first.inner_text()}")


# --- The figures -------------------------------------------------------------------------------

PLAIN_MOVE = "plain move (gear + die)"
# The rules ask for a roll between the gear and the die (Mini's two gears up, its black-die
# upshift roll): no face in the gear's row can enter both, so the gear and the die are 2 taps.
ROLL_BETWEEN = "plain move, a roll between (gear + die)"
BRAKES_OR_CORNER = "move with brakes/corner (gear + move)"
BESIDE_CARS = "move beside cars (gear + move)"
CROSSING = "move crossing the line (gear + move)"
SEVERAL_FACTS = "move with facts and cars (gear + move)"
# An ordered prompt's rows: "order, proposal right", "attack_order, proposal corrected"...
PROPOSAL_RIGHT, PROPOSAL_CORRECTED = ", proposal right", ", proposal corrected"
ORDER_RIGHT = "order" + PROPOSAL_RIGHT
ORDER_CORRECTED = "order" + PROPOSAL_CORRECTED
TOTAL = "total"
FINISH_FACT = "finish"


@dataclass
class Row:
    """A kind of entry over a race: how many, and what they took in all and at worst."""

    events: int = 0
    taps: int = 0
    keys: int = 0
    scrolls: int = 0
    most_taps: int = 0
    most_keys: int = 0

    def add(self, *tallies: Tally) -> None:
        self.events += 1
        self.taps += sum(tally.taps for tally in tallies)
        self.keys += sum(tally.keys for tally in tallies)
        self.scrolls += sum(tally.scrolls for tally in tallies)
        self.most_taps = max(self.most_taps, sum(tally.taps for tally in tallies))
        self.most_keys = max(self.most_keys, sum(tally.keys for tally in tallies))

    @property
    def touches(self) -> int:
        return self.taps + self.keys

    def per_event(self, count: int) -> float:
        return count / self.events if self.events else 0.0


def move_kind(step: Step) -> str:
    facts = set(step.facts)
    if not facts:
        return PLAIN_MOVE
    if FINISH_FACT in facts:
        return CROSSING
    if facts == {CARS_FACT}:
        return BESIDE_CARS
    return SEVERAL_FACTS if CARS_FACT in facts else BRAKES_OR_CORNER


def figures(steps: Sequence[Step], tallies: Sequence[Tally]) -> dict[str, Row]:
    """Rows per event kind (a prompt of an order split by whether its proposal was right),
    then per kind of move (its gear and its move together; a plain move whose car was asked
    something else in between on a row of its own), then the total."""
    by_kind: dict[str, Row] = {}
    moves: dict[str, Row] = {name: Row() for name in (PLAIN_MOVE, BRAKES_OR_CORNER)}
    total = Row()
    geared: dict[str | None, Tally] = {}
    interrupted: set[str | None] = set()
    for step, tally in zip(steps, tallies, strict=True):
        kind = step.kind
        if step.ordered:
            kind += PROPOSAL_RIGHT if step.proposal_right else PROPOSAL_CORRECTED
        by_kind.setdefault(kind, Row()).add(tally)
        total.add(tally)
        if step.kind == "gear":
            geared[step.car] = tally
            interrupted.discard(step.car)
        elif step.kind == "move":
            gear = geared.pop(step.car, None)
            kind = move_kind(step)
            if kind == PLAIN_MOVE and gear and step.car in interrupted:
                kind = ROLL_BETWEEN
            moves.setdefault(kind, Row()).add(*([gear] if gear else []), tally)
        elif step.car in geared and not step.forced:
            interrupted.add(step.car)
    return {**by_kind, **moves, TOTAL: total}


@dataclass(frozen=True)
class Target:
    """One of issue 8's targets, on one row (and every row whose name ends in `every`: each
    kind of prompt that proposes an order): at most so many taps (keys, scrolls) per event."""

    text: str
    row: str
    most_taps: int | None = None
    most_keys: int | None = None
    most_scrolls: int | None = None
    every: str = ""

    def judged(self, rows: dict[str, Row]) -> dict[str, Row]:
        """The rows the target judges that measured something."""
        return {
            name: row
            for name, row in rows.items()
            if (name == self.row or (self.every and name.endswith(self.every))) and row.events
        }

    def missed_by(self, rows: dict[str, Row]) -> str | None:
        """What misses the target, in words; None when it is met (or nothing was measured)."""
        judged = self.judged(rows)
        misses = [
            f"{'' if len(judged) == 1 else name + ': '}{miss}"
            for name, row in judged.items()
            if (miss := self._missed_on(row))
        ]
        return "; ".join(misses) or None

    def _missed_on(self, row: Row) -> str | None:
        misses = [
            f"{worst} {unit} at worst"
            for most, worst, unit in (
                (self.most_taps, row.most_taps, "taps"),
                (self.most_keys, row.most_keys, "keys"),
            )
            if most is not None and worst > most
        ]
        if self.most_scrolls is not None and row.scrolls > self.most_scrolls:
            misses.append(f"{row.scrolls} scrolls")
        return ", ".join(misses) or None


TARGETS = (
    # Issue 8 asked for 2 taps; a face in the gear's row enters the gear and the die at once.
    Target(
        "a plain move (gear and die) is 1 tap: the face in its gear's row", PLAIN_MOVE, most_taps=1
    ),
    Target(
        "a move with brakes or a corner fact is at most 4 taps, no keyboard",
        BRAKES_OR_CORNER,
        most_taps=4,
        most_keys=0,
    ),
    Target(
        "the order prompt is 1 tap when the proposal is right",
        ORDER_RIGHT,
        most_taps=1,
        every=PROPOSAL_RIGHT,
    ),
    Target(
        "correcting the order is a tap on the car and one on its place, then Enter",
        ORDER_CORRECTED,
        most_taps=3,
        most_keys=0,
        every=PROPOSAL_CORRECTED,
    ),
    Target("0 scrolls", TOTAL, most_scrolls=0),
)
