"""No sentence a person reads is built in English in Python (issue 34): an f-string in the apps
(`league/`, `races/`) holding English words French never writes ("the", "with", "has") is a
sentence said in English whatever the reader's language, or glued from English pieces. Each
such sentence is a translatable constant (`gettext_noop`, `ngettext`) formatted after it is
translated (docs/translating.md). A model's `__str__`/`__repr__` (the admin's and the logs'),
and the management commands (an operator's terminal) are left out."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.test_french_site import ENGLISH_ONLY

BASE = Path(__file__).resolve().parent.parent
APPS = ("league", "races")
LEFT_OUT_FUNCTIONS = {"__str__", "__repr__"}


def english_f_strings(source: str) -> list[tuple[int, str]]:
    """The f-strings of `source` whose written parts hold a word French never writes, with
    their line, but those inside a function `LEFT_OUT_FUNCTIONS` names."""
    tree = ast.parse(source)
    found = []

    def visit(node: ast.AST, left_out: bool) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            left_out = left_out or node.name in LEFT_OUT_FUNCTIONS
        if isinstance(node, ast.JoinedStr) and not left_out:
            written = " ".join(part.value for part in node.values if isinstance(part, ast.Constant))
            words = {word.casefold() for word in written.replace("'", " ").split()}
            words = {word.strip('.,:;()!?"') for word in words}
            if words & ENGLISH_ONLY:
                found.append((node.lineno, ast.unparse(node)))
        for child in ast.iter_child_nodes(node):
            visit(child, left_out)

    visit(tree, False)
    return found


def app_sources() -> list[Path]:
    return sorted(
        path
        for app in APPS
        for path in (BASE / app).rglob("*.py")
        if not {"migrations", "management"} & set(path.relative_to(BASE).parts)
        and path.name != "admin.py"
    )


def test_no_english_sentence_is_built_in_an_f_string():
    found = [
        f"{path.relative_to(BASE)}:{line} {text}"
        for path in app_sources()
        for line, text in english_f_strings(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_check_finds_an_english_sentence_and_leaves_the_rest():
    source = """
def said(team, n):
    a = f"{team} has no driver"
    b = f"{n}+"
    c = f"{team}: {n}"

class Team:
    def __str__(self):
        return f"{self.name} of the league"
"""
    assert [line for line, _text in english_f_strings(source)] == [3]
