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


# Issue 30: an app's root holds Django's conventional files and its area packages, nothing
# loose: a page's data in reads/, a form in forms/, a write in services/.
APP_ROOT = {
    "league": {
        "__init__.py",
        "admin.py",
        "apps.py",
        "context_processors.py",
        "urls.py",
        "backup",
        "data",
        "forms",
        "management",
        "migrations",
        "models",
        "reads",
        "services",
        "spreadsheet",
        "templatetags",
        "views",
    },
    "races": {
        "__init__.py",
        "admin.py",
        "apps.py",
        "urls.py",
        "forms",
        "migrations",
        "models",
        "reads",
        "services",
        "templatetags",
        "views",
    },
}


@pytest.mark.parametrize("app", sorted(APP_ROOT))
def test_an_app_s_root_holds_its_conventional_files_and_area_packages_only(app):
    held = {
        path.name
        for path in (ROOT / app).iterdir()
        if path.name != "__pycache__" and (path.suffix == ".py" or path.is_dir())
    }
    assert held - APP_ROOT[app] == set(), "move it into its area's package"


def imports_at_run_time(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """The imports a module runs, when it is imported or when one of its functions runs: all
    but those for type checkers only (`if TYPE_CHECKING:`)."""
    for_type_checkers = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for inner in ast.walk(node)
    }
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in for_type_checkers
    ]


def import_graph(modules: dict[str, tuple[str, bool]]) -> dict[str, set[str]]:
    """Module -> the product modules it imports at run time, from `modules`: name -> (source,
    whether it is a package's __init__). A module's own packages are imported before it in
    any case, so an import of one of them is no edge."""
    graph = {}
    for name, (source, is_package) in modules.items():
        package = name if is_package else name.rpartition(".")[0]
        edges = set()
        for node in imports_at_run_time(ast.parse(source)):
            if isinstance(node, ast.Import):
                edges |= {alias.name for alias in node.names if alias.name in modules}
                continue
            target = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                target = ".".join(parts + ([node.module] if node.module else []))
            edges |= {target} if target in modules else set()
            edges |= {f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in modules}
        graph[name] = {edge for edge in edges if edge != name and not name.startswith(edge + ".")}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other, directly or round a longer circle
    (strongly connected components of more than one module)."""
    order: dict[str, int] = {}
    lowest: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(module: str) -> None:
        order[module] = lowest[module] = len(order)
        stack.append(module)
        for imported in sorted(graph[module]):
            if imported not in order:
                visit(imported)
                lowest[module] = min(lowest[module], lowest[imported])
            elif imported in stack:
                lowest[module] = min(lowest[module], order[imported])
        if lowest[module] == order[module]:
            group = []
            while True:
                taken = stack.pop()
                group.append(taken)
                if taken == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in order:
            visit(module)
    return found


def product_sources() -> dict[str, tuple[str, bool]]:
    sources = {}
    for path in product_modules():
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        name = ".".join(parts[:-1] if is_package else parts)
        sources[name] = (path.read_text(encoding="utf-8"), is_package)
    return sources


def test_no_two_product_modules_import_each_other_at_run_time():
    """Issue 30: `races/models.py` imported `races/rulings.py` on its last line, which
    imported it back."""
    assert circles(import_graph(product_sources())) == []


def test_the_check_sees_a_circle_and_not_a_type_checker_s_import():
    modules = {
        "app.a": ("from app import b\n", False),
        "app.b": ("from .a import thing\n", False),
        "app.c": (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from app import d\n",
            False,
        ),
        "app.d": ("from app.c import x\n", False),
        # An import put off into a function still runs, and still closes a circle.
        "app.e": ("def f():\n    from app import g\n", False),
        "app.g": ("from app.e import f\n", False),
        "app": ("", True),
    }
    assert circles(import_graph(modules)) == [["app.a", "app.b"], ["app.e", "app.g"]]
