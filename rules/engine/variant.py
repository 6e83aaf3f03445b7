"""The rule sets' race hooks: each is a class of hooks the core calls (python-chess variant style).

A rule set named X lives in the package rules.X, whose race hooks subclass RuleSet over its own
setup and state; rules/registry.py names the class, and `ruleset_for` imports it the first time
a race of X is asked for. The core in rules/engine/core.py never changes for a rule set and
never names one.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from rules import dice, registry
from rules.engine.contract import (
    CarResult,
    CarView,
    Column,
    DamageMarker,
    FactHelp,
    RaceSetup,
    RaceState,
)
from rules.engine.events import Event, EventRejected, Prompt

if TYPE_CHECKING:
    from rules.gear_odds import OvershootCost

SetupT = TypeVar("SetupT", bound=RaceSetup)
StateT = TypeVar("StateT", bound=RaceState)


class UnknownRuleSet(ValueError):
    """No rule set of that name is in rules/registry.py."""


class RuleSet(Generic[SetupT, StateT]):
    """Hooks of one rule set, over its own setup (SetupT) and state (StateT). The core checks an
    event against the first prompt, then calls `handle`; everything a rule set decides lives in
    these methods."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    setup_class: type[SetupT]  # its frozen setup dataclass, for snapshots
    state_class: type[StateT]  # its frozen state dataclass, for snapshots
    dashboard_columns: ClassVar[tuple[Column, ...]] = ()  # what the dashboard shows of a car
    # What each board fact its prompts ask for means (a Field's name: its help), for a page's
    # label in words and its "?" (`fact_help`).
    facts_explained: ClassVar[Mapping[str, FactHelp]] = {}
    # Event kinds the rule set has renamed: the kind a log recorded before carries, to the kind
    # its prompt asks for now (Death's wreckage roll was entered as a "handling_roll"). The core
    # reads an old event as the new kind, so an old log replays and reads as it was entered.
    renamed_kinds: ClassVar[Mapping[str, str]] = {}
    # The race's setup from the league's starters (a Sequence[Starter]) and the rule set's own
    # options, keywords of its own: `setup(starters, laps=3)`.
    setup: Callable[..., SetupT]

    def start(self, setup: SetupT) -> StateT:
        raise NotImplementedError

    def prompts(self, state: StateT) -> tuple[Prompt, ...]:
        raise NotImplementedError

    def next_prompt(self, state: StateT) -> Prompt | None:
        """The first of `prompts(state)`, the one an event answers; a rule set whose prompts
        are many (a check owed by every car) builds just this one."""
        asked = self.prompts(state)
        return asked[0] if asked else None

    def handle(self, state: StateT, event: Event, prompt: Prompt) -> StateT:
        raise NotImplementedError

    def dashboard(self, state: StateT) -> tuple[CarView, ...]:
        raise NotImplementedError

    def damage_markers(self, state: StateT) -> tuple[DamageMarker, ...]:
        """The damage markers on the track, the oldest first; none where the rule set leaves
        none."""
        return ()

    def describe(self, before: StateT, event: Event, after: StateT) -> str:
        """What `event` did, in words, for the log ("" to let the event's own facts speak)."""
        return ""

    def fact_help(self, name: str) -> FactHelp | None:
        """What the board fact `name` (a Field's name) means, in this rule set's words; None
        for a field it does not explain."""
        return self.facts_explained.get(name)

    def status(self, state: StateT) -> str:
        """Where the race stands, in words, for the line above the prompt."""
        return ""

    def results(self, state: StateT) -> tuple[CarResult, ...]:
        raise NotImplementedError

    def grid(self, state: StateT) -> tuple[str, ...]:
        """The cars as they started the race, pole first; empty where the rule set sets no
        grid or it is not set yet."""
        return ()

    def round_of(self, state: StateT) -> int:
        """The round of play `state` stands in, as its log and status count them (0 before the
        start: qualifying, the grid), for a replay's steps; 0 throughout for a rule set that
        counts no rounds (its replay then steps by event)."""
        return 0

    def pole(self, state: StateT) -> str | None:
        """The car that started the race from pole (the first of its grid), None where the
        rule set sets no grid or it is not set yet."""
        grid = self.grid(state)
        return grid[0] if grid else None

    def gear_faces(self, gear: int) -> tuple[int, ...]:
        """The faces of the die a move in `gear` rolls, as printed (rules.dice's unless a rule
        set says otherwise); the gear odds count them."""
        return dice.FACES[dice.gear_die(gear)]

    def overshoot_cost(
        self, state: StateT, car: str, spaces: int, stops_owed: int
    ) -> OvershootCost | None:
        """What overshooting a corner's last space by `spaces` (1 or more), with `stops_owed`
        (1 or more) of its stops still owed, costs `car` as it stands now, by the rule set's
        own overshoot rules; None for a rule set that offers no gear odds."""
        return None


@functools.cache
def ruleset_for(name: str) -> RuleSet[Any, Any]:
    """The hooks of the rule set `name` (e.g. "season_pass"), as rules/registry.py names them:
    one instance each, made the first time it is asked for."""
    package = registry.RULE_SET_PACKAGES.get(name)
    if package is None:
        known = ", ".join(sorted(registry.RULE_SET_PACKAGES))
        raise UnknownRuleSet(f"No rule set {name!r}: the engine knows {known}.")
    hooks = registry.hooks_class(package.race)
    if not issubclass(hooks, RuleSet) or hooks.name != name:
        raise TypeError(f"{package.race} is not the race hooks of {name!r}.")
    return hooks()


__all__ = ["EventRejected", "RuleSet", "UnknownRuleSet", "ruleset_for"]
