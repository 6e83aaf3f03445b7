"""What each board fact an RBB prompt asks for means (RuleSet.fact_help): Formula D's where the
league's rules say the same, theirs where they differ (sections of the 2023 rules named in
`source`)."""

from __future__ import annotations

from rules.engine.contract import FactHelp
from rules.formula_d.race.explained import FACTS as FORMULA_D

SOURCE = "RBB-style championship"

FACTS: dict[str, FactHelp] = {
    **FORMULA_D,
    "adjacent": FactHelp(
        "Racers it ended beside",
        "Each racer it ended its turn beside, and it, roll for body damage.",
        f"{SOURCE}: Body",
    ),
    "blocked_by": FactHelp(
        "The racer in front that blocked it",
        "If a blocked racer is eliminated, the racer directly in front that blocked it loses a "
        "body wear point and takes a damage token.",
        f"{SOURCE}: Brakes",
    ),
    "overshoot": FactHelp(
        "Spaces beyond the corner limit",
        "Each space beyond the corner's limit costs a tyre wear point.",
        f"{SOURCE}: Tyres",
    ),
    "markers": FactHelp(
        "Damage tokens it ran onto",
        "Each damage token passed onto asks a handling roll.",
        f"{SOURCE}: Handling",
    ),
    "slipstream": FactHelp(
        "Slipstreamed behind a racer (+3)",
        "A racer ending directly behind another may slipstream: three spaces more.",
        f"{SOURCE}: Slipstreaming",
    ),
}
