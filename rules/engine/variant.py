"""The registry of rule sets: each is a class of hooks the core calls (python-chess variant style).

A rule set named X lives in the package rules.X, whose race hooks subclass RuleSet and register
themselves when the package is imported; the core in rules/engine/core.py never changes for it
and never names one: it imports rules.X the first time a race of X is asked for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rules.engine.contract import CarResult, CarView, Column, RaceSetup, RaceState, Starter
from rules.engine.events import Event, EventRejected, Prompt
from rules.packages import import_rule_set


class UnknownRuleSet(ValueError):
    """No rule set is registered under that name."""


class RuleSet:
    """Hooks of one rule set. The core checks an event against the first prompt, then calls
    `handle`; everything a rule set decides lives in these methods."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    setup_class: ClassVar[type]  # its frozen RaceSetup dataclass, for snapshots
    state_class: ClassVar[type]  # its frozen RaceState dataclass, for snapshots
    dashboard_columns: ClassVar[tuple[Column, ...]] = ()  # what the dashboard shows of a car

    def setup(self, starters: Sequence[Starter], **options: Any) -> RaceSetup:
        """The race's setup from the league's starters and the rule set's own options."""
        raise NotImplementedError

    def start(self, setup: RaceSetup) -> RaceState:
        raise NotImplementedError

    def prompts(self, state: RaceState) -> tuple[Prompt, ...]:
        raise NotImplementedError

    def next_prompt(self, state: RaceState) -> Prompt | None:
        """The first of `prompts(state)`, the one an event answers; a rule set whose prompts
        are many (a check owed by every car) builds just this one."""
        asked = self.prompts(state)
        return asked[0] if asked else None

    def handle(self, state: RaceState, event: Event, prompt: Prompt) -> RaceState:
        raise NotImplementedError

    def dashboard(self, state: RaceState) -> tuple[CarView, ...]:
        raise NotImplementedError

    def describe(self, before: RaceState, event: Event, after: RaceState) -> str:
        """What `event` did, in words, for the log ("" to let the event's own facts speak)."""
        return ""

    def status(self, state: RaceState) -> str:
        """Where the race stands, in words, for the line above the prompt."""
        return ""

    def results(self, state: RaceState) -> tuple[CarResult, ...]:
        raise NotImplementedError


# Filled by the rule-set packages as they are imported (see ruleset_for).
RULESETS: dict[str, type[RuleSet]] = {}


def register(ruleset: type[RuleSet]) -> type[RuleSet]:
    RULESETS[ruleset.name] = ruleset
    return ruleset


_INSTANCES: dict[str, RuleSet] = {}


def ruleset_for(name: str) -> RuleSet:
    """The hooks for the rule set registered as `name` (e.g. "season_pass")."""
    if name not in RULESETS:
        import_rule_set(name)
    try:
        if name not in _INSTANCES:
            _INSTANCES[name] = RULESETS[name]()
        return _INSTANCES[name]
    except KeyError:
        known = ", ".join(sorted(RULESETS))
        raise UnknownRuleSet(f"No rule set {name!r}: the engine knows {known}.") from None


__all__ = ["RULESETS", "EventRejected", "RuleSet", "UnknownRuleSet", "register", "ruleset_for"]
