"""league/ and races/ name no rule set: they ask its hooks (rules.championship, rules.engine,
through the registry), so a rule set is a package of rules/ and a line of rules/registry.py,
and its data (a track's weather table or chart) is declared by its hooks, not by the apps
(docs/architecture.md). Migrations are left out: each keeps the code of its day."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from league.models import Track
from rules.championship import track_facts
from rules.registry import RULE_SET_PACKAGES

ROOT = Path(__file__).resolve().parents[1]
APPS = ("league", "races")
# The modules of rules/ the apps may import: the hooks, the registry, the engine, and the
# pieces every rule set shares (dice, the stopwatch, the title forecast, dice luck, gear odds,
# what a finished race's log counts, the language the rules speak), none of them a rule set's own.
ALLOWED = {
    *("championship", "registry", "engine", "dice", "forecast", "stopwatch"),
    *("dice_luck", "gear_odds", "race_counts", "language"),
}


def rules_imported(source: str, filename: str = "<source>") -> set[str]:
    """The modules of rules/ that `source` imports, by their name under rules ("season_pass"),
    wherever in the module (a function's own import too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source, filename=filename)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if parts[0] == "rules" and len(parts) > 1:
                found.add(parts[1])
    return found


def app_modules() -> list[Path]:
    return [
        path
        for app in APPS
        for path in sorted((ROOT / app).rglob("*.py"))
        if "migrations" not in path.relative_to(ROOT).parts
    ]


def test_league_and_races_import_no_rule_set_package():
    named = {
        str(path.relative_to(ROOT)): sorted(rules_imported(path.read_text(), str(path)) - ALLOWED)
        for path in app_modules()
    }
    assert {module: names for module, names in named.items() if names} == {}


@pytest.mark.parametrize(
    "source",
    [
        "from rules import formula_d, season_pass\n",
        "import rules.season_pass\n",
        "from rules.formula_d.weather import DEFAULT_WEATHER_CHART\n",
        "def f():\n    from rules.mini import championship\n",
    ],
)
def test_the_check_catches_a_rule_set_imported_however_it_is_written(source):
    assert rules_imported(source) - ALLOWED <= set(RULE_SET_PACKAGES)
    assert rules_imported(source) & set(RULE_SET_PACKAGES)


def test_no_rule_set_is_a_module_the_apps_may_import():
    assert not ALLOWED & set(RULE_SET_PACKAGES)


def test_a_track_keeps_every_fact_a_rule_set_reads_of_it_as_the_rule_set_declares_it():
    """The columns stay on Track (moving them would cost a migration of every site's tracks
    and of the backup format): each is the rule set's declaration, its default and help text."""
    assert track_facts()
    for fact in track_facts():
        field = Track._meta.get_field(fact.key)
        assert (field.default, field.help_text) == (fact.default, fact.help_text)
    assert Track().facts() == {fact.key: fact.default for fact in track_facts()}
