"""The registry of rule sets: each is a class of hooks the core calls (python-chess variant style).

A new rule set subclasses RuleSet, overrides the hooks and is added to RULESETS; the core in
rules/engine/core.py never changes for it.
"""

from __future__ import annotations

from typing import ClassVar

from rules.engine.events import Event, EventRejected, Prompt
from rules.engine.state import CarResult, CarView, RaceSetup, RaceState


class UnknownRuleSet(ValueError):
    """No rule set is registered under that name."""


class RuleSet:
    """Hooks of one rule set. The core checks an event against the first prompt, then calls
    `handle`; everything a rule set decides lives in these methods."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""

    def start(self, setup: RaceSetup) -> RaceState:
        raise NotImplementedError

    def prompts(self, state: RaceState) -> tuple[Prompt, ...]:
        raise NotImplementedError

    def handle(self, state: RaceState, event: Event, prompt: Prompt) -> RaceState:
        raise NotImplementedError

    def dashboard(self, state: RaceState) -> tuple[CarView, ...]:
        raise NotImplementedError

    def results(self, state: RaceState) -> tuple[CarResult, ...]:
        raise NotImplementedError


# Filled by the rule-set modules as rules/engine/__init__.py imports them.
RULESETS: dict[str, type[RuleSet]] = {}


def register(ruleset: type[RuleSet]) -> type[RuleSet]:
    RULESETS[ruleset.name] = ruleset
    return ruleset


_INSTANCES: dict[str, RuleSet] = {}


def ruleset_for(name: str) -> RuleSet:
    """The hooks for the rule set registered as `name` (e.g. "season_pass")."""
    try:
        if name not in _INSTANCES:
            _INSTANCES[name] = RULESETS[name]()
        return _INSTANCES[name]
    except KeyError:
        known = ", ".join(sorted(RULESETS))
        raise UnknownRuleSet(f"No rule set {name!r}: the engine knows {known}.") from None


__all__ = ["RULESETS", "EventRejected", "RuleSet", "UnknownRuleSet", "register", "ruleset_for"]
