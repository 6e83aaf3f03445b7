"""What each board fact a Mini prompt asks for means (RuleSet.fact_help): Formula D's where the
house rules say the same, the damage each costs where they do not (the house rules' "ways to
take damage", document 003)."""

from __future__ import annotations

from rules.documents import Source
from rules.engine.contract import FactHelp
from rules.formula_d.race.explained import FACTS as FORMULA_D

DAMAGE = Source("003", "ways to take damage")

FACTS: dict[str, FactHelp] = {
    **FORMULA_D,
    "adjacent": FactHelp(
        "Cars it pulled next to or behind",
        "Pulling next to or behind cars, all roll the black die, the car that moved once for "
        "each car: 1-4 is one damage.",
        DAMAGE,
    ),
    "blocked": FactHelp(
        "Spaces it could not move (blocked)",
        "One damage a space it is blocked; seven or more at once eliminates it.",
        DAMAGE,
    ),
    "brakes": FactHelp(
        "Spaces braked short of the roll",
        "Braking costs one damage a space not moved.",
        DAMAGE,
    ),
    "clutch": FactHelp(
        "Slipped the clutch (+1, 3 damage)",
        "Slipping the clutch adds one movement point for three damage.",
        DAMAGE,
    ),
    "corner": FactHelp(
        "Overshot: 1, or 2 for the longest",
        "Overshooting a corner costs damage for every stop it owed: 1 for a corner, 2 for the "
        "track's longest. 0 when it did not overshoot.",
        DAMAGE,
    ),
    "overshoot": FactHelp(
        "Spaces past the corner",
        "One damage a space overshot for each stop owed; no lane change or passing while "
        "overshooting.",
        DAMAGE,
    ),
    "double": FactHelp(
        "First lap's double-spaces used",
        "On the first lap every space between the start line and the first turn counts double.",
        Source("003", "starting the race"),
    ),
    "pit": FactHelp(
        "Spaces to its pit (0: no)",
        "Pulling into its pit: the spaces to it, the rest braked (one damage each); a car "
        "enters the pit lane only with clear spaces at least its gear's minimum.",
        DAMAGE,
    ),
    "slipstream": FactHelp(
        "Slipstreamed behind (1 damage each)",
        "Slipstreaming moves three spaces for one damage, in third gear or higher and in a "
        "gear at least the other car's.",
        DAMAGE,
    ),
    "slipstream_brakes": FactHelp(
        "Slipstream spaces braked away",
        "Spaces of the last slipstream braked away: one damage each.",
        DAMAGE,
    ),
}
