"""The engine's public functions: one event in, the new state and the next prompts out.

`apply` costs the same at event 10 and event 300: it reads the current state only, never the log.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from typing import Any

from rules.engine.contract import (
    CarResult,
    CarView,
    Column,
    DamageMarker,
    FactHelp,
    RaceSetup,
    RaceState,
    Starter,
)
from rules.engine.events import Event, EventRejected, Prompt
from rules.engine.pieces import name
from rules.engine.serial import dump, load
from rules.engine.variant import RuleSet, UnknownRuleSet, ruleset_for
from rules.language import gettext


def _rules(name: str) -> RuleSet[Any, Any]:
    try:
        return ruleset_for(name)
    except UnknownRuleSet as refusal:
        raise EventRejected(str(refusal)) from None


def setup(ruleset: str, starters: Sequence[Starter], **options: Any) -> RaceSetup:
    """A race of `ruleset` for `starters`; `options` are the rule set's own (a weather table...)."""
    made: RaceSetup = _rules(ruleset).setup(tuple(starters), **options)
    return made


def start(setup: RaceSetup) -> tuple[RaceState, tuple[Prompt, ...]]:
    """The race before the first roll, and what to enter first (qualifying)."""
    rules = _rules(setup.ruleset)
    state: RaceState = rules.start(setup)
    return state, rules.prompts(state)


def prompts(state: RaceState) -> tuple[Prompt, ...]:
    """What the rules require next, in order; the first is the one to enter now."""
    return _rules(state.setup.ruleset).prompts(state)


def next_prompt(state: RaceState) -> Prompt | None:
    """The prompt the next event answers (the first of `prompts`), built alone."""
    return _rules(state.setup.ruleset).next_prompt(state)


def apply(
    state: RaceState, event: Event, prompt: Prompt | None = None
) -> tuple[RaceState, tuple[Prompt, ...]]:
    """Apply one event, or raise EventRejected (with the reason) and change nothing. `prompt`:
    the first of `prompts(state)`, when the caller holds it already (the prompts an apply
    returned for this very state), so that it is not built again."""
    rules = _rules(state.setup.ruleset)
    # The prompts are built once per apply, for the new state; this one only checks the event.
    new_state = _handled(rules, state, event, prompt or rules.next_prompt(state))
    return new_state, rules.prompts(new_state)


def _handled(
    rules: RuleSet[Any, Any], state: RaceState, event: Event, prompt: Prompt | None
) -> RaceState:
    """`state` after `event`, which answers `prompt` (the first of its prompts), or
    EventRejected."""
    if prompt is None:
        raise EventRejected(gettext("The race is over: nothing more can be entered."))
    event = _current(rules, event)
    if event.kind != prompt.kind:
        raise EventRejected(
            gettext("Not now: {prompt} (expected {expected}, got {got}).").format(
                prompt=prompt.text, expected=prompt.kind, got=event.kind
            )
        )
    if prompt.car is not None:
        car = event.data.get("car")
        if car not in state.car_keys:
            raise EventRejected(gettext("There is no car {car!r} in this race.").format(car=car))
        if car != prompt.car:
            raise EventRejected(
                gettext("Not {car}: {prompt}.").format(car=name(car), prompt=prompt.text)
            )
    new_state: RaceState = rules.handle(state, event, prompt)
    return new_state


def _current(rules: RuleSet[Any, Any], event: Event) -> Event:
    """`event` under its kind's name of today, where its rule set has renamed the kind since it
    was recorded (RuleSet.renamed_kinds)."""
    renamed = rules.renamed_kinds.get(event.kind)
    return event if renamed is None else Event(renamed, event.data)


def stamp(state: RaceState, event: Event, at: str, prompt: Prompt | None = None) -> Event:
    """`event` with the moment it is entered, `at` (ISO 8601 with its UTC offset, from the
    clock of whoever runs the race), in each instant field of the prompt it answers: the
    engine keeps no clock, so a stopwatch's start and stop are what the event says. `prompt`:
    that prompt (next_prompt(state)), when the caller holds it already."""
    prompt = prompt or _rules(state.setup.ruleset).next_prompt(state)
    return event if prompt is None else prompt.stamped(event, at)


def replay(setup: RaceSetup, events: Iterable[Event]) -> RaceState:
    """The state after applying `events` in order from the start."""
    states = replayed(setup, events)
    state = next(states)
    for state in states:  # noqa: B007 (the last one is the answer)
        pass
    return state


def replayed(setup: RaceSetup, events: Iterable[Event]) -> Iterator[RaceState]:
    """The race at the start, then after each of `events` in turn, as `replay` gets there,
    made as they are asked for (a replay that stops early costs what it replays); each event
    checked as `apply` checks it (EventRejected), but without the prompts `apply` hands back,
    which a replay never reads."""
    rules = _rules(setup.ruleset)
    state: RaceState = rules.start(setup)
    yield state
    for event in events:
        state = _handled(rules, state, event, rules.next_prompt(state))
        yield state


def round_of(state: RaceState) -> int:
    """The round of play `state` stands in, as its rule set counts them (0 before the start)."""
    return _rules(state.setup.ruleset).round_of(state)


def dashboard(state: RaceState) -> tuple[CarView, ...]:
    """Every car's wear points, damage and status, in the current order."""
    return _rules(state.setup.ruleset).dashboard(state)


def damage_markers(state: RaceState) -> tuple[DamageMarker, ...]:
    """The damage markers on the track (Formula... Death!'s wreckage), the oldest first: the
    spaces a move's "markers" fact names by their keys; none where the rule set leaves none."""
    return _rules(state.setup.ruleset).damage_markers(state)


def describe(before: RaceState, event: Event, after: RaceState) -> str:
    """What `event` did to the race, in words, for the log; "" where its facts say it all."""
    rules = _rules(before.setup.ruleset)
    return rules.describe(before, _current(rules, event), after)


def status(state: RaceState) -> str:
    """Where the race stands, in words ("Round 3 · weather: rain (score 6)")."""
    return _rules(state.setup.ruleset).status(state)


def dashboard_columns(state: RaceState) -> tuple[Column, ...]:
    """The columns of `state`'s dashboard, as its rule set describes its car sheet, in the
    language spoken (rules/language.py)."""
    return tuple(
        replace(column, label=_(column.label), title=_(column.title))
        for column in _rules(state.setup.ruleset).dashboard_columns
    )


def grid(state: RaceState) -> tuple[str, ...]:
    """The cars as they started the race, pole first, where the rule set sets a grid."""
    return _rules(state.setup.ruleset).grid(state)


def pole(state: RaceState) -> str | None:
    """The car that started from pole, where the rule set sets a grid."""
    return _rules(state.setup.ruleset).pole(state)


def fact_help(ruleset: str, name: str) -> FactHelp | None:
    """What the board fact `name` means in `ruleset`'s words (None if it does not say), in the
    language spoken."""
    explained = _rules(ruleset).fact_help(name)
    if explained is None:
        return None
    return replace(explained, line=_(explained.line), rule=_(explained.rule))


def results(state: RaceState) -> tuple[CarResult, ...]:
    """Places once the race is finished; EventRejected before that."""
    if not state.finished:
        raise EventRejected("The race is not finished: no results yet.")
    return _rules(state.setup.ruleset).results(state)


def state_to_dict(state: RaceState) -> dict[str, Any]:
    """A JSON-ready snapshot; state_from_dict gives back an equal state."""
    return dump(state)


def state_from_dict(raw: dict[str, Any]) -> RaceState:
    """The state a snapshot (state_to_dict) was made of."""
    state: RaceState = load(_rules(raw["setup"]["ruleset"]).state_class, raw)
    return state


def setup_to_dict(setup: RaceSetup) -> dict[str, Any]:
    """A race's setup, JSON-ready (setup_from_dict gives it back)."""
    return dump(setup)


def setup_from_dict(raw: dict[str, Any]) -> RaceSetup:
    """The setup setup_to_dict wrote."""
    setup: RaceSetup = load(_rules(raw["ruleset"]).setup_class, raw)
    return setup


def _(text: str) -> str:
    """`text` in the language spoken; "" as it is (gettext's "" is its catalogue's header)."""
    return gettext(text) if text else text
