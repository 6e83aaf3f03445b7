"""The examples in docs/rules-api.md run as written."""

import importlib
import re
from pathlib import Path

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


def test_every_exported_name_of_the_shared_modules_is_documented():
    doc = DOC.read_text(encoding="utf-8")
    missing = [
        f"{module}.{name}"
        for module in SHARED_MODULES
        for name in importlib.import_module(module).__all__
        if f"`{name}`" not in doc
    ]
    assert missing == [], "exported and not in docs/rules-api.md"


def test_every_shared_module_says_what_it_exports():
    """A new top-level module of rules/ joins SHARED_MODULES (and the doc), or is a rule set's."""
    rules = Path(__file__).resolve().parents[2] / "rules"
    shared = {f"rules.{path.stem}" for path in rules.glob("*.py") if path.stem != "__init__"}
    shared |= {"rules.championship", "rules.engine"}
    assert shared == set(SHARED_MODULES)
    for module in SHARED_MODULES:
        assert isinstance(importlib.import_module(module).__all__, list | tuple), module
