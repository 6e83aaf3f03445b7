"""The examples in docs/rules-api.md run as written."""

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
