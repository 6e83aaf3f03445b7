"""rules/ is pure Python: nothing in it may import Django or the apps; and the engine's core
names no rule set, each of which plugs in from its own package (docs/architecture.md)."""

import ast
from pathlib import Path

from rules.registry import RULE_SET_PACKAGES

RULES = Path(__file__).resolve().parents[2] / "rules"
FORBIDDEN = ("django", "league", "races", "config")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    modules: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules.add(node.module)
            modules.update(f"{node.module}.{alias.name}" for alias in node.names)
    return modules


def imported_roots(path: Path) -> set[str]:
    return {module.split(".")[0] for module in imported_modules(path)}


def rule_set_packages() -> set[str]:
    """The packages of rules/ but the engine and the championship's, one a rule set."""
    return {
        path.name
        for path in RULES.iterdir()
        if path.is_dir()
        and path.name not in ("engine", "championship")
        and (path / "__init__.py").exists()
    }


def test_every_rule_set_package_is_in_the_registry():
    assert rule_set_packages() == set(RULE_SET_PACKAGES)


def test_rules_package_imports_no_django_nor_apps():
    offenders = {
        str(path.relative_to(RULES)): sorted(imported_roots(path) & set(FORBIDDEN))
        for path in RULES.rglob("*.py")
    }
    assert {name: roots for name, roots in offenders.items() if roots} == {}


def test_purity_check_would_catch_a_django_import(tmp_path):
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("from django.db import models\nimport league.models\n")
    assert imported_roots(sneaky) >= {"django", "league"}


def test_the_engine_core_imports_no_rule_set():
    packages = rule_set_packages()
    assert {"season_pass", "formula_d"} <= packages

    def names_a_rule_set(module: str) -> bool:
        parts = module.split(".")
        return len(parts) > 1 and parts[0] == "rules" and parts[1] in packages

    offenders = {
        str(path.relative_to(RULES)): sorted(filter(names_a_rule_set, imported_modules(path)))
        for path in (RULES / "engine").rglob("*.py")
    }
    assert {name: modules for name, modules in offenders.items() if modules} == {}
