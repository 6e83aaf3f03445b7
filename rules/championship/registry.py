"""A rule set's championship hooks by its name, as rules/registry.py names them: the one instance
of each, made the first time it is asked for; and what every rule set asks of a track."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from rules.championship.hooks import Championship
from rules.championship.settings import TrackFact
from rules.registry import RULE_SET_PACKAGES, hooks_class


class UnknownChampionship(ValueError):
    """No rule set of that name has championship hooks."""


@functools.cache
def championship_for(name: str) -> Championship[Any, Any]:
    """The championship hooks of the rule set `name` (e.g. "season_pass")."""
    package = RULE_SET_PACKAGES.get(name)
    if package is None:
        raise UnknownChampionship(f"No rule set {name!r}.")
    hooks = hooks_class(package.championship)
    if not issubclass(hooks, Championship) or hooks.name != name:
        raise TypeError(f"{package.championship} is not the championship hooks of {name!r}.")
    return hooks()


def rule_sets() -> tuple[Championship[Any, Any], ...]:
    """The championship hooks of every rule set Paddock runs, in the order a new league offers
    them."""
    return tuple(championship_for(name) for name in RULE_SET_PACKAGES)


def out_reason_label(key: str) -> str:
    """How a car went out, in words, whatever rule set's way out `key` is (keys are unique
    across rule sets)."""
    for rules in rule_sets():
        if key in dict(rules.out_reasons):
            return rules.out_reason_label(key)
    return key


@functools.cache
def track_facts() -> tuple[TrackFact, ...]:
    """The facts of a track that any rule set's races read, each once, in the order the rule
    sets are offered: what the league keeps with every track. Rule sets that read one fact
    (its key) share its declaration."""
    found: dict[str, TrackFact] = {}
    for rules in rule_sets():
        for fact in rules.track_facts:
            if found.setdefault(fact.key, fact) != fact:
                raise TypeError(f"Two rule sets declare the track fact {fact.key!r} differently.")
    return tuple(found.values())


def track_fact(key: str) -> TrackFact:
    """The track fact `key` of a rule set (KeyError if none has it)."""
    for fact in track_facts():
        if fact.key == key:
            return fact
    raise KeyError(key)


def track_race_options(texts: Mapping[str, str]) -> dict[str, Any]:
    """What a race takes of a track whose facts are `texts` (by key, as the league keeps them):
    each fact read as the rule sets' `race_options` hook takes it."""
    return {fact.key: fact.for_race(texts[fact.key]) for fact in track_facts()}
