"""What each board fact a Mini prompt asks for means (RuleSet.fact_help): Formula D's where the
house rules say the same, the damage each costs where they do not (the house rules' "ways to
take damage")."""

from __future__ import annotations

from rules.engine.contract import FactHelp
from rules.formula_d.race.explained import FACTS as FORMULA_D

SOURCE = "Mini's series: ways to take damage"

FACTS: dict[str, FactHelp] = {
    **FORMULA_D,
    "adjacent": FactHelp(
        "Cars it pulled next to or behind",
        "Each car it pulled next to or behind rolls the black die, and it rolls for each.",
        SOURCE,
    ),
    "blocked": FactHelp(
        "Spaces it could not move (blocked)",
        "One damage a space it is blocked; seven or more at once eliminates it.",
        SOURCE,
    ),
    "brakes": FactHelp(
        "Spaces braked short of the roll",
        "Braking costs one damage a space not moved.",
        SOURCE,
    ),
    "clutch": FactHelp(
        "Slipped the clutch (+1, 3 damage)",
        "Slipping the clutch adds one movement point for three damage.",
        SOURCE,
    ),
    "corner": FactHelp(
        "Overshot: 1, or 2 for the longest",
        "Overshooting a corner costs damage for every stop it owed: 1 for a corner, 2 for the "
        "track's longest. 0 when it did not overshoot.",
        SOURCE,
    ),
    "overshoot": FactHelp(
        "Spaces past the corner",
        "One damage a space overshot for each stop owed; no lane change or passing while "
        "overshooting.",
        SOURCE,
    ),
    "double": FactHelp(
        "First lap's double-spaces used",
        "On the first lap every space between the start line and the first turn counts double.",
        "Mini's series: starting the race",
    ),
    "pit": FactHelp(
        "Spaces to its pit (0: no)",
        "Pulling into its pit: the spaces to it, the rest braked (one damage each).",
        "Mini's series: pit stops",
    ),
    "slipstream": FactHelp(
        "Slipstreamed behind (1 damage each)",
        "Slipstreaming moves three spaces for one damage, in third gear or higher and in a "
        "gear at least the other car's.",
        SOURCE,
    ),
    "slipstream_brakes": FactHelp(
        "Slipstream spaces braked away",
        "Spaces of the last slipstream braked away: one damage each.",
        SOURCE,
    ),
}
