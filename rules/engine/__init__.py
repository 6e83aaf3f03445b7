"""The race engine: state + event -> new state + prompts, one hook set per rule set.

    state, asked = start(setup)
    state, asked = apply(state, Event("qualifying_roll", {"car": "red", "value": 7}))

Pure standard-library Python: the core names no rule set. Each rule set is a package rules.X
whose race hooks (a RuleSet, rules/engine/variant.py) are named in rules/registry.py; its state
is its own frozen dataclasses (rules/engine/contract.py says what they share). The page stores
each Event and a snapshot from state_to_dict, so entering a roll never replays the log.
"""

from rules.engine.contract import (
    CarResult,
    CarView,
    Column,
    DamageMarker,
    FactHelp,
    RaceSetup,
    RaceState,
    Starter,
)
from rules.engine.core import (
    apply,
    damage_markers,
    dashboard,
    dashboard_columns,
    describe,
    fact_help,
    grid,
    next_prompt,
    pole,
    prompts,
    replay,
    replayed,
    results,
    round_of,
    setup,
    setup_from_dict,
    setup_to_dict,
    stamp,
    start,
    state_from_dict,
    state_to_dict,
    status,
)
from rules.engine.events import Event, EventRejected, Field, Prompt
from rules.engine.variant import RuleSet, UnknownRuleSet, ruleset_for

__all__ = [
    "CarResult",
    "CarView",
    "Column",
    "DamageMarker",
    "Event",
    "EventRejected",
    "FactHelp",
    "Field",
    "Prompt",
    "RaceSetup",
    "RaceState",
    "RuleSet",
    "Starter",
    "UnknownRuleSet",
    "apply",
    "damage_markers",
    "dashboard",
    "dashboard_columns",
    "describe",
    "fact_help",
    "grid",
    "next_prompt",
    "prompts",
    "replay",
    "replayed",
    "round_of",
    "pole",
    "results",
    "ruleset_for",
    "setup",
    "setup_from_dict",
    "setup_to_dict",
    "stamp",
    "start",
    "state_from_dict",
    "status",
    "state_to_dict",
]
