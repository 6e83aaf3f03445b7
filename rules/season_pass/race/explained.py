"""What each board fact a Season Pass prompt asks for means, for the turn page's label in words
and its "?" (RuleSet.fact_help): a line short enough for a phone, then the rule behind it, told in
our words after the Season Pass document's sections (document 001, each named in `source`)."""

from __future__ import annotations

from rules.documents import Source
from rules.engine.contract import FactHelp
from rules.language import gettext_noop as N_


def _section(heading: str) -> Source:
    return Source("001", heading)


FACTS: dict[str, FactHelp] = {
    "adjacent": FactHelp(
        N_("Cars it ended beside"),
        N_(
            "A car that ends its move beside others calls for a collision check of both cars of "
            "each pair, each rolling the dice of the Collision Check Table for its driver's level "
            "and the weather."
        ),
        _section("Collisions"),
    ),
    "brakes": FactHelp(
        N_("Brake points spent"),
        N_(
            "A car may stop short of its roll by spending brake points, one a space, from the "
            "three it has for the race."
        ),
        _section("Braking and movement"),
    ),
    "air_brake": FactHelp(
        N_("Tire points used to air brake"),
        N_(
            "With no brake points left, a car stopping behind another may spend tire points "
            "instead (air braking)."
        ),
        _section("Braking and movement"),
    ),
    "air_brake_overshoot": FactHelp(
        N_("Spaces short after every point (out)"),
        N_(
            "A car that could not stop behind another even after every brake and tire point is "
            "out: the number is the spaces it still had to move."
        ),
        _section("Braking and movement"),
    ),
    "corner": FactHelp(
        N_("Corner left with too few stops (0: no)"),
        N_(
            "Tap this only when the car left a corner with too few stops: the corner's difficulty. "
            "A car that held the corner is 0."
        ),
        _section("Holding the Corners"),
    ),
    "corner_stops": FactHelp(
        N_("Moves already made in that corner"),
        N_(
            "How many moves the car already ended inside that corner: with the corner's "
            "difficulty, this says how far short it fell."
        ),
        _section("Holding the Corners"),
    ),
    "skid": FactHelp(
        N_("Spaces past the corner"),
        N_(
            "How many spaces the car went beyond the corner it failed to hold: its skid, a tire "
            "point a space. A skid longer than its tire points puts it out (and its injury is "
            "read on the Overshoot Table); one that uses them all spins it."
        ),
        _section("Holding the Corners"),
    ),
    "finish": FactHelp(
        N_("Spaces still to reach the line, each lap"),
        N_(
            "Tap it each time the car crosses the finish line, on every lap and not only the last: "
            "Paddock counts the laps from it. The number is the spaces it took to reach the line; "
            "0 when it did not cross."
        ),
        _section("Ending The Race"),
    ),
    "off_road": FactHelp(
        N_("Left the track round a disabled car"),
        N_(
            "Under a Red Flag, a car that leaves the track to pass the disabled car named here "
            "makes collision checks, as many as the off-road hazard chart gives for its gear."
        ),
        _section("Red Flag"),
    ),
}
