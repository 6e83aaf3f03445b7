"""A view reads top to bottom (issue 30): a write view parses what was posted, calls its service
in a `try`, answers each refusal in an `except` (through league/views/common.py's `refused` and
`already_done`, the one place a refusal becomes its answer) and answers what was written after
it, as django-htmx's example and gyrinx write theirs. No view hands its write, or what to do
once it is done or refused, to a helper as a closure (the `answer(request, lambda: ...,
done=..., again=...)` it replaced). A closure in a view module is only ever a lazy read: a
page's parts built only when they are laid out anew (league/reads/page_parts.py), or a read
cached for one request (functools.cache)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
VIEWS = ("league/views", "races/views")
# What may be handed a closure: the lazy reads of a page's parts, and functools.cache.
LAZY_READS = {"part", "parts", "cache"}


def view_modules() -> list[Path]:
    return sorted(path for folder in VIEWS for path in (ROOT / folder).glob("*.py"))


def _callee(call: ast.Call) -> str:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return "?"


def _closures_in(argument: ast.expr, local: set[str]) -> list[str]:
    """The lambdas and local functions `argument` is (or picks between: `done or (lambda:
    ...)`), not looking into a call it makes (that call is checked on its own)."""
    found, todo = [], [argument]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Lambda):
            found.append("lambda")
        elif isinstance(node, ast.Name) and node.id in local:
            found.append(node.id)
        elif not isinstance(node, ast.Call):
            todo.extend(ast.iter_child_nodes(node))
    return found


def closures_passed(source: str) -> list[str]:
    """Where `source` hands a lambda, or a function defined inside another, to a call other
    than a lazy read's."""
    tree = ast.parse(source)
    found: set[str] = set()
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        local = {
            node.name
            for node in ast.walk(function)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node is not function
        }
        for call in ast.walk(function):
            if not isinstance(call, ast.Call) or _callee(call) in LAZY_READS:
                continue
            for argument in [*call.args, *(keyword.value for keyword in call.keywords)]:
                found.update(
                    f"line {call.lineno}: {_callee(call)}(... {closure} ...)"
                    for closure in _closures_in(argument, local)
                )
    return sorted(found)


def test_there_are_view_modules_to_check():
    assert len(view_modules()) > 20


def test_no_view_hands_a_closure_to_a_helper():
    handed = {
        str(path.relative_to(ROOT)): found
        for path in view_modules()
        if (found := closures_passed(path.read_text()))
    }
    assert handed == {}, "write the flow inline: parse, try the service, except each refusal"


def test_no_view_module_defines_a_write_answering_helper_taking_closures():
    common = (ROOT / "league/views/common.py").read_text()
    assert "def answer(" not in common
    assert "def round_write(" not in (ROOT / "league/views/rounds.py").read_text()


@pytest.mark.parametrize(
    ("source", "found"),
    [
        (
            "def view(request):\n"
            "    return answer(request, lambda: made(), done=lambda m: go(m), again=again)\n",
            ["line 2: answer(... lambda ...)"],
        ),
        (
            "def view(request):\n"
            "    def done(made):\n"
            "        return go(made)\n"
            "    return answer(request, write, done=done)\n",
            ["line 4: answer(... done ...)"],
        ),
        (
            "def view(request):\n"
            "    return round_write(request, r, w, done=done or (lambda _: go(r)))\n",
            ["line 2: round_write(... lambda ...)"],
        ),
        # A lazy read is no write's closure; a local function called in place is not handed.
        (
            "def page(request):\n"
            "    def build():\n"
            "        return {}\n"
            "    counted = helper(build())\n"
            "    rounds = functools.cache(lambda: list(season.rounds.all()))\n"
            "    return page_parts.parts(request, league, {}, build)\n",
            [],
        ),
        (
            "def view(request):\n"
            "    try:\n"
            "        made = thing_create(name=request.POST['name'])\n"
            "    except AlreadyDone as already:\n"
            "        return already_done(request, already)\n"
            "    except ValidationError as refusal:\n"
            "        reasons, status = refused(refusal)\n"
            "        return page(request, reasons, status)\n"
            "    return redirect(made)\n",
            [],
        ),
    ],
)
def test_the_check_sees_a_closure_handed(source, found):
    assert closures_passed(source) == found
