"""The examples in docs/rules-api.md run as written."""

import dataclasses
import importlib
import inspect
import re
from enum import Enum
from pathlib import Path
from typing import Any

from rules.engine import RuleSet
from rules.registry import RULE_SET_PACKAGES

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules-api.md"
BLOCK = re.compile(r"^```python\n(.*?)^```$", re.DOTALL | re.MULTILINE)


def python_blocks() -> list[str]:
    return BLOCK.findall(DOC.read_text(encoding="utf-8"))


def test_the_rules_api_doc_has_examples():
    assert len(python_blocks()) >= 10


def test_every_example_in_the_rules_api_doc_runs_in_order():
    namespace: dict[str, object] = {}
    for number, block in enumerate(python_blocks(), start=1):
        code = compile(block, f"{DOC.name} block {number}", "exec")
        exec(code, namespace)  # the doc is ours: running it is the point


# The modules the apps and a script use, each saying what it exports in its `__all__`.
SHARED_MODULES = (
    "rules.championship",
    "rules.engine",
    "rules.registry",
    "rules.dice",
    "rules.roll_off",
    "rules.stopwatch",
    "rules.gear_odds",
    "rules.race_counts",
    "rules.laps_led",
    "rules.dice_luck",
    "rules.forecast",
    "rules.documents",
    "rules.language",
)
# Each rule set's own: its package (its tables and rules) and its race hooks' module. The
# `__all__` of a module inside a rule set says what its own modules share, not its API.
RULE_SET_MODULES = tuple(
    module for name in RULE_SET_PACKAGES for module in (f"rules.{name}", f"rules.{name}.race")
)
PUBLIC_MODULES = SHARED_MODULES + RULE_SET_MODULES


def what_it_is(value: object, name: str) -> str:
    """A name's row text as the reference writes it: its kind, then its docstring's first
    paragraph on one line (a constant: its value when short)."""
    if inspect.isclass(value):
        kind = "class"
    elif callable(value):
        kind = "function"
    else:
        shown = repr(value)
        if len(shown) <= 60 and not isinstance(value, dict | tuple | list | frozenset | set):
            return f"constant: `{shown}`"
        return f"constant: a {type(value).__name__}"
    doc = value.__dict__.get("__doc__") if inspect.isclass(value) else value.__doc__
    if not doc or doc.startswith(f"{name}(") or doc == "Base class for protocol classes.":
        return f"{kind}: {_shape(value)}"  # without words of its own: what it is made of
    first = inspect.cleandoc(doc).split("\n\n")[0]
    return f"{kind}: {' '.join(first.split())}".replace("|", "\\|")


def _shape(value: Any) -> str:
    """What a class or a function without a docstring is made of, in the reference's words."""
    if inspect.isclass(value) and issubclass(value, RuleSet):
        return f"the race hooks of {value.title} (a `RuleSet`)"
    if inspect.isclass(value) and issubclass(value, Enum):
        return "one of " + ", ".join(f"`{member.name}`" for member in value)
    if dataclasses.is_dataclass(value):
        return "its fields " + ", ".join(f"`{field.name}`" for field in dataclasses.fields(value))
    if inspect.isclass(value) and hasattr(value, "_fields"):  # a named tuple
        return "its fields " + ", ".join(f"`{field}`" for field in value._fields)
    if inspect.isclass(value):
        return "a class"
    return f"`{value.__name__}{inspect.signature(value)}`".replace("|", "\\|")


def row(module: str, name: str) -> str:
    """The reference's line for `name` of `module`, to paste under the module's heading."""
    return f"| `{name}` | {what_it_is(getattr(importlib.import_module(module), name), name)} |"


def test_every_exported_name_is_documented():
    """Every name a public module of rules/ exports is in docs/rules-api.md; a name missing is
    shown as the reference's line for it."""
    doc = DOC.read_text(encoding="utf-8")
    missing = [
        row(module, name)
        for module in PUBLIC_MODULES
        for name in importlib.import_module(module).__all__
        if f"`{name}`" not in doc
    ]
    assert missing == [], "exported and not in docs/rules-api.md:\n" + "\n".join(missing)


def test_every_public_module_has_its_reference_section():
    doc = DOC.read_text(encoding="utf-8")
    assert [module for module in PUBLIC_MODULES if f"### `{module}`" not in doc] == []


def test_every_shared_module_says_what_it_exports():
    """A new top-level module of rules/ joins SHARED_MODULES (and the doc), or is a rule set's."""
    rules = Path(__file__).resolve().parents[2] / "rules"
    shared = {f"rules.{path.stem}" for path in rules.glob("*.py") if path.stem != "__init__"}
    shared |= {"rules.championship", "rules.engine"}
    assert shared == set(SHARED_MODULES)
    for module in PUBLIC_MODULES:
        assert isinstance(importlib.import_module(module).__all__, list | tuple), module
