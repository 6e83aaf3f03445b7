"""rules/ is pure Python: nothing in it may import Django or the apps (DESIGN.md)."""

import ast
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "rules"
FORBIDDEN = ("django", "league", "races", "config")


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


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
