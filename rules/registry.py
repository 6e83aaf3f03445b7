"""The rule sets Paddock runs, in one table: each one's name (its package, rules.<name>) and the
classes of its hooks, its race hooks (a rules.engine.RuleSet) and its championship hooks (a
rules.championship.Championship), in the order a new league offers them.

Classes are named by their dotted path and imported the first time they are asked for
(`rules.engine.ruleset_for`, `rules.championship.championship_for`), so that importing this
table imports no rule set and nothing registers itself by being imported: the engine, which
names no rule set, reads this table, and a new rule set is a package and a line here.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType


@dataclass(frozen=True)
class RuleSetPackage:
    """Where a rule set's hooks are: "module:Class" of each."""

    race: str
    championship: str


RULE_SET_PACKAGES: Mapping[str, RuleSetPackage] = MappingProxyType(
    {
        "season_pass": RuleSetPackage(
            race="rules.season_pass.race:SeasonPass",
            championship="rules.season_pass.championship:SeasonPassChampionship",
        ),
        "formula_d": RuleSetPackage(
            race="rules.formula_d.race:FormulaD",
            championship="rules.formula_d.championship:FormulaDChampionship",
        ),
        "mini": RuleSetPackage(
            race="rules.mini.race:Mini",
            championship="rules.mini.championship:MiniChampionship",
        ),
        "rbb": RuleSetPackage(
            race="rules.rbb.race:RBB",
            championship="rules.rbb.championship:RBBChampionship",
        ),
        "death": RuleSetPackage(
            race="rules.death.race:Death",
            championship="rules.death.championship:DeathChampionship",
        ),
    }
)


def hooks_class(path: str) -> type:
    """The class at `path` ("module:Class"), its module imported if it was not yet."""
    module, _colon, name = path.partition(":")
    found = getattr(importlib.import_module(module), name)
    if not isinstance(found, type):
        raise TypeError(f"{path} is not a class.")
    return found


__all__ = [
    "RuleSetPackage",
    "RULE_SET_PACKAGES",
    "hooks_class",
]
