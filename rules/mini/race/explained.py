"""What each board fact a Mini prompt asks for means (RuleSet.fact_help): Formula D's where the
house rules say the same, the damage each costs where they do not (the house rules' "ways to
take damage", document 003)."""

from __future__ import annotations

from rules.documents import Source
from rules.engine.contract import FactHelp
from rules.formula_d.race.explained import FACTS as FORMULA_D
from rules.language import gettext_noop as N_

DAMAGE = Source("003", "ways to take damage")

FACTS: dict[str, FactHelp] = {
    **FORMULA_D,
    "adjacent": FactHelp(
        N_("Cars it pulled next to or behind"),
        N_(
            "Pulling next to or behind cars, all roll the black die, the car that moved once for "
            "each car: 1-4 is one damage."
        ),
        DAMAGE,
    ),
    "blocked": FactHelp(
        N_("Spaces it could not move (blocked)"),
        N_("One damage a space it is blocked; seven or more at once eliminates it."),
        DAMAGE,
    ),
    "brakes": FactHelp(
        N_("Spaces braked short of the roll"),
        N_("Braking costs one damage a space not moved."),
        DAMAGE,
    ),
    "clutch": FactHelp(
        N_("Slipped the clutch (+1, 3 damage)"),
        N_("Slipping the clutch adds one movement point for three damage."),
        DAMAGE,
    ),
    "corner": FactHelp(
        N_("Overshot: 1, or 2 for the longest"),
        N_(
            "Overshooting a corner costs damage for every stop it owed: 1 for a corner, 2 for the "
            "track's longest. 0 when it did not overshoot."
        ),
        DAMAGE,
    ),
    "overshoot": FactHelp(
        N_("Spaces past the corner"),
        N_(
            "One damage a space overshot for each stop owed; no lane change or passing while "
            "overshooting."
        ),
        DAMAGE,
    ),
    "double": FactHelp(
        N_("First lap's double-spaces used"),
        N_("On the first lap every space between the start line and the first turn counts double."),
        Source("003", "starting the race"),
    ),
    "pit": FactHelp(
        N_("Spaces to its pit (0: no)"),
        N_(
            "Pulling into its pit: the spaces to it, the rest braked (one damage each); a car "
            "enters the pit lane only with clear spaces at least its gear's minimum."
        ),
        DAMAGE,
    ),
    "slipstream": FactHelp(
        N_("Slipstreamed behind (1 damage each)"),
        N_(
            "Slipstreaming moves three spaces for one damage, in third gear or higher and in a "
            "gear at least the other car's."
        ),
        DAMAGE,
    ),
    "slipstream_brakes": FactHelp(
        N_("Slipstream spaces braked away"),
        N_("Spaces of the last slipstream braked away: one damage each."),
        DAMAGE,
    ),
}
