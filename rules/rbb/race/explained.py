"""What each board fact an RBB prompt asks for means (RuleSet.fact_help): Formula D's where the
league's rules say the same, theirs where they differ (sections of the 2023 rules, document
002, named in `source`)."""

from __future__ import annotations

from rules.documents import Source
from rules.engine.contract import FactHelp
from rules.formula_d.race.explained import FACTS as FORMULA_D
from rules.language import gettext_noop as N_


def _section(heading: str) -> Source:
    return Source("002", heading)


FACTS: dict[str, FactHelp] = {
    **FORMULA_D,
    "adjacent": FactHelp(
        N_("Racers it ended beside"),
        N_(
            "Each racer it ended its turn beside, and it, roll the damage die: a 1 (1-2 in rain) "
            "costs that racer a body wear point."
        ),
        _section("Body"),
    ),
    "brakes": FactHelp(
        N_("Brake points spent to stop short"),
        N_(
            "A racer may brake to move fewer spaces: a brake wear point a space not moved; with no "
            "brake points left it may not brake."
        ),
        _section("Brakes"),
    ),
    "blocked": FactHelp(
        N_("Spaces it could not move (blocked)"),
        N_(
            "A racer that would hit another must brake, by the table: 1-3 spaces cost a brake "
            "point each, 4-6 spaces 3 brake points and 1-3 tyre points; 7 or more, or too few "
            "points to pay, and it is eliminated."
        ),
        _section("Brakes"),
    ),
    "pit": FactHelp(
        N_("Spaces to enter the pits (0: no)"),
        N_(
            "A racer may enter the pits at the end of the first lap, the number being the spaces "
            "its roll needed; the speed limit drops it to 4th gear at most. Then a Quick Pit Stop "
            "(all tyre points back, the damage die next turn) or a Technical one (2 more points, "
            "it waits a turn)."
        ),
        _section("Pit Stops"),
    ),
    "blocked_by": FactHelp(
        N_("The racer in front that blocked it"),
        N_(
            "If a blocked racer is eliminated, the racer directly in front that blocked it loses a "
            "body wear point and takes a damage token."
        ),
        _section("Brakes"),
    ),
    "overshoot": FactHelp(
        N_("Spaces beyond the corner limit"),
        N_(
            "Each space beyond the corner's limit costs a tyre wear point; losing its last spins "
            "the racer, and losing another after that crashes it out."
        ),
        _section("Tyres"),
    ),
    "markers": FactHelp(
        N_("Damage tokens it ran onto"),
        N_(
            "Each damage token passed onto asks a handling roll of the damage die: 1-4 (1-5 in "
            "rain) costs a handling wear point."
        ),
        _section("Handling"),
    ),
    "slipstream": FactHelp(
        N_("Slipstreamed behind a racer (+3)"),
        N_(
            "A racer ending its turn directly behind another, in 4th gear or higher, may "
            "slipstream: three spaces more, at once."
        ),
        _section("Slipstreaming"),
    ),
}
