"""The race engine: state + event -> new state + prompts, one hook set per rule set.

    state, asked = start(setup)
    state, asked = apply(state, Event("qualifying_roll", {"car": "red", "value": 7}))

Pure standard-library Python (DESIGN.md, "The race engine"); the page stores each Event and a
snapshot from state_to_dict, so entering a roll never replays the log.
"""

from rules.engine import season_pass as _season_pass  # noqa: F401  (registers "season_pass")
from rules.engine.core import (
    apply,
    dashboard,
    prompts,
    replay,
    results,
    start,
    state_from_dict,
    state_to_dict,
)
from rules.engine.events import Event, EventRejected, Field, Prompt
from rules.engine.state import (
    CarResult,
    CarSetup,
    CarState,
    CarView,
    Check,
    RaceSetup,
    RaceState,
)
from rules.engine.variant import RULESETS, RuleSet, UnknownRuleSet, ruleset_for

__all__ = [
    "RULESETS",
    "CarResult",
    "CarSetup",
    "CarState",
    "CarView",
    "Check",
    "Event",
    "EventRejected",
    "Field",
    "Prompt",
    "RaceSetup",
    "RaceState",
    "RuleSet",
    "UnknownRuleSet",
    "apply",
    "dashboard",
    "prompts",
    "replay",
    "results",
    "ruleset_for",
    "start",
    "state_from_dict",
    "state_to_dict",
]
