"""A rule set's championship hooks by its name, as rules/registry.py names them: the one instance
of each, made the first time it is asked for."""

from __future__ import annotations

import functools
from typing import Any

from rules.championship.hooks import Championship
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
