"""The shape issue 19 gave the code, kept: every product module at most 600 lines (migrations
aside: each keeps the code of its day), and no module reaching into another's private names
(`from .views import _league`, `views._league`): what modules share is public, in a module
named for it (a package's `common.py`)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PRODUCT = ("config", "league", "races", "rules")
MOST_LINES = 600
# Private by its name, public by its framework's word: a model's Options (Django's Model._meta
# API, documented as such).
PUBLIC = {"_meta"}


def product_modules() -> list[Path]:
    return sorted(
        path
        for package in PRODUCT
        for path in (ROOT / package).rglob("*.py")
        if "migrations" not in path.parts
    )


def private_reaches(source: str) -> list[str]:
    """Where `source` takes another module's private name: imported by name, or read off a
    module it imported (`module._name`). Dunders (`__version__`) are public."""

    def private(name: str) -> bool:
        return name.startswith("_") and not name.startswith("__") and name not in PUBLIC

    tree = ast.parse(source)
    modules = {
        (alias.asname or alias.name).split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    } | {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
        if not private(alias.name)
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            found += [
                f"line {node.lineno}: from {'.' * node.level}{node.module or ''} import {a.name}"
                for a in node.names
                if private(a.name)
            ]
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
            and private(node.attr)
        ):
            found.append(f"line {node.lineno}: {node.value.id}.{node.attr}")
    return found


def test_there_are_product_modules_to_check():
    assert len(product_modules()) > 100


def test_every_product_module_is_at_most_600_lines():
    too_long = {
        str(path.relative_to(ROOT)): lines
        for path in product_modules()
        if (lines := len(path.read_text().splitlines())) > MOST_LINES
    }
    assert too_long == {}, "split these by area"


def test_no_product_module_takes_another_s_private_name():
    reaches = {
        str(path.relative_to(ROOT)): found
        for path in product_modules()
        if (found := private_reaches(path.read_text()))
    }
    assert reaches == {}


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ("from .views import _league", ["line 1: from .views import _league"]),
        ("from league import views\nviews._round(1)", ["line 2: views._round"]),
        ("import league.views\nleague._x", ["line 2: league._x"]),
        ("from .views import league_for\nfrom x import __version__", []),
        ("def f(self):\n    return self._cache", []),  # an object's own, not a module's
        ("from league.models import Track\nTrack._meta.get_field('name')", []),
    ],
)
def test_the_check_sees_a_private_name_taken(source, found):
    assert private_reaches(source) == found


def model_classes(source: str) -> list[str]:
    """The classes `source` defines on `models.Model` or on another of its model classes (an
    abstract base such as MadeByHand), by their names."""
    tree = ast.parse(source)
    found: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            bases = [ast.unparse(base) for base in node.bases]
            if "models.Model" in bases or any(base in found for base in bases):
                found.append(node.name)
    return found


def test_every_model_of_the_apps_is_in_its_models_package():
    """Issue 30: `league/house_rules.py` and `races/rulings.py` held models outside `models/`."""
    outside = [
        f"{path.relative_to(ROOT)}: {', '.join(found)}"
        for app in ("league", "races")
        for path in (ROOT / app).rglob("*.py")
        if "migrations" not in path.parts and "models" not in path.parts
        if (found := model_classes(path.read_text(encoding="utf-8")))
    ]
    assert outside == []


def test_the_check_sees_a_model_defined():
    assert model_classes("class Kept(models.Model):\n    pass\n") == ["Kept"]
    assert model_classes("class Form(forms.Form):\n    pass\n") == []


TEMPLATES = ROOT / "templates"
LONGEST_TEMPLATE_LINE = 160


def long_lines(text: str, most: int = LONGEST_TEMPLATE_LINE) -> list[str]:
    """The lines of a template longer than `most` characters, as "line N: length"."""
    return [
        f"line {number}: {len(line)} characters"
        for number, line in enumerate(text.splitlines(), start=1)
        if len(line) > most
    ]


def test_there_are_templates_to_check():
    assert len(list(TEMPLATES.rglob("*.html"))) > 100


def test_no_template_line_is_over_160_characters():
    """Issue 30: templates a person can read. A tag with attributes breaks between them, a long
    text between its words (where the browser collapses the whitespace anyway), and markup written
    twice becomes a partial; `{% ... %}` and `{{ ... }}` stay on one line, so a long one is
    shortened with `{% with %}`, a partial or the view's context."""
    too_long = [
        f"{path.relative_to(ROOT)}:{where}"
        for path in sorted(TEMPLATES.rglob("*"))
        if path.is_file()
        for where in long_lines(path.read_text(encoding="utf-8"))
    ]
    assert too_long == []


def test_the_check_sees_a_long_template_line():
    assert long_lines("<p>short</p>\n" + "x" * 161 + "\n" + "y" * 160) == ["line 2: 161 characters"]
