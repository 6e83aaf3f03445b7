"""Where a rule set's code lives: the package rules.<name>, which registers its hooks (race and
championship) when it is imported. The one place that turns a rule set's name into its code."""

from __future__ import annotations

import importlib


def import_rule_set(name: str) -> None:
    """Import rules.`name` if there is such a package; a package that fails to import says why."""
    if not name.isidentifier():
        return
    try:
        importlib.import_module(f"rules.{name}")
    except ModuleNotFoundError as missing:
        if missing.name != f"rules.{name}":  # the package exists but is broken: say so
            raise
