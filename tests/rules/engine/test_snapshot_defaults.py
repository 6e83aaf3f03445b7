"""A snapshot leaves out every field at its default, so each default is part of every race stored
(the race's snapshot, each entry's state kept for undo, every backup): changing one changes what
they all mean. This pins them. If a default must change, first write a data migration that puts
the old default into every stored snapshot that left the field out (races.Race.state,
races.RaceEvent.state_before, and the backups' restore), then update snapshot_defaults.json."""

from __future__ import annotations

import dataclasses
import json
import typing
from pathlib import Path

from rules.championship import RULE_SET_PACKAGES
from rules.engine import ruleset_for
from rules.engine.serial import field_defaults

PINNED = Path(__file__).with_name("snapshot_defaults.json")


def _dataclasses_in(kind, found: dict[str, type]) -> dict[str, type]:
    """Every dataclass a snapshot of `kind` may hold, by its qualified name."""
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        name = f"{kind.__module__}.{kind.__qualname__}"
        if name in found:
            return found
        found[name] = kind
        for hint in typing.get_type_hints(kind).values():
            _dataclasses_in(hint, found)
    for arg in typing.get_args(kind):
        _dataclasses_in(arg, found)
    return found


def snapshot_defaults() -> dict[str, str]:
    found: dict[str, type] = {}
    for name in RULE_SET_PACKAGES:
        rules = ruleset_for(name)
        _dataclasses_in(rules.state_class, found)
        _dataclasses_in(rules.setup_class, found)
    return {
        f"{name}.{field}": repr(default)
        for name, kind in sorted(found.items())
        for field, default in field_defaults(kind)
    }


def test_every_default_a_snapshot_leaves_out_is_pinned():
    pinned = json.loads(PINNED.read_text())
    now = snapshot_defaults()
    changed = {key: (was, now.get(key)) for key, was in pinned.items() if now.get(key) != was}
    assert not changed, (
        "A snapshot field's default changed or went: stored races leave such fields out and "
        f"load the default. Migrate the stored snapshots first (see this module): {changed}"
    )
    added = sorted(now.keys() - pinned.keys())
    assert not added, (
        f"New snapshot fields with defaults: add them to {PINNED.name} (no stored snapshot "
        f"holds them yet): {added}"
    )


def test_the_pinned_defaults_cover_every_rule_set():
    pinned = json.loads(PINNED.read_text())
    for module in RULE_SET_PACKAGES:
        assert any(f"rules.{module}." in key for key in pinned), module
