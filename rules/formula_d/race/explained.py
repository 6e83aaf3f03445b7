"""What each board fact a Formula D prompt asks for means, for the turn page's label in words and
its "?" (RuleSet.fact_help): a line short enough for a phone, then the rule behind it, told in
our words after the official summary's sections (document 004, each named in `source`). Mini,
RBB and Death share most of these facts and change what they must."""

from __future__ import annotations

from rules.documents import Source
from rules.engine.contract import FactHelp
from rules.language import gettext_noop as N_


def _section(heading: str) -> Source:
    return Source("004", heading)


FACTS: dict[str, FactHelp] = {
    "adjacent": FactHelp(
        N_("Cars it ended next to or behind"),
        N_(
            "A car that ends its move next to or directly behind one or more cars rolls the black "
            "die (the car that moved, not the cars it ended beside): on a 1 (1-2 in rain) it loses "
            "a car body wear point."
        ),
        _section("Collision"),
    ),
    "brakes": FactHelp(
        N_("Brake points spent to stop short"),
        N_(
            "A car may stop short of its roll by braking: each space not moved costs a brake wear "
            "point. Blocked by a car, it pays by the blocked table instead (brake and tire points)."
        ),
        _section("Braking"),
    ),
    "corner": FactHelp(
        N_("Overshot a corner: its stops (0: no)"),
        N_(
            "Tap this only when the car overshot a corner: the stops its yellow box asks for. A "
            "car that made its stops, or was on a straight, is 0."
        ),
        _section("Driving Through Corners"),
    ),
    "stops": FactHelp(
        N_("Stops made in this corner"),
        N_(
            "How many moves the car already ended inside the corner before leaving it: with the "
            "corner's own number, this says how many stops it still owed."
        ),
        _section("Driving Through Corners"),
    ),
    "overshoot": FactHelp(
        N_("Spaces past the corner's end"),
        N_(
            "A car that owes a stop but runs past the corner's last space overshoots: each space "
            "beyond costs a tire wear point. Losing its last tire point it spins (overshooting by "
            "more than 1 space, it is eliminated); losing more than it has, it is eliminated."
        ),
        _section("Overshooting"),
    ),
    "finish": FactHelp(
        N_("Spaces still to reach the line, each lap"),
        N_(
            "When the car crosses the start/finish line, on every lap and not only the last, the "
            "spaces it still needed to reach the line from where its move began: Paddock counts "
            "the laps from it, and the fewer, the further ahead it finished. 0 when it did not "
            "cross."
        ),
        _section("Winning"),
    ),
    "blocked": FactHelp(
        N_("Spaces it could not move (blocked)"),
        N_(
            "A car blocked by a car in front moves as far as it can and pays for the spaces it "
            "could not move: 1-3 spaces cost a brake point each, 4-6 spaces 3 brake points and 1-3 "
            "tire points; 7 or more, or too few points to pay, and it is eliminated."
        ),
        _section("Braking"),
    ),
    "pit": FactHelp(
        N_("Spaces to enter the pits (0: no)"),
        N_(
            "A car entering the pit lane at the end of a lap, on a roll at least the spaces it "
            "needed to enter (the number), gets all its tire points back and rolls for its stop."
        ),
        _section("Pit Stop"),
    ),
    "danger": FactHelp(
        N_("Danger-zone spaces crossed"),
        N_(
            "Each red space of a road race's danger zone passed over or landed on asks a road "
            "handling roll."
        ),
        _section("Road Races"),
    ),
    "markers": FactHelp(
        N_("Damage markers it ran over"),
        N_(
            "Each damage marker passed over or landed on asks a road handling roll of the black "
            "die: 1-4 (1-5 in rain) costs a road handling wear point."
        ),
        _section("Damage and Road Handling"),
    ),
    "die_throws": FactHelp(
        N_("Throws of the die for the lap"),
        N_(
            "In the stopwatch qualifying lap, how many throws of the die the car needed to finish "
            "the lap."
        ),
        _section("Qualifying Lap with Stopwatch"),
    ),
    "no_stop": FactHelp(
        N_("No stop in a 2- or 3-stop corner"),
        N_(
            "In the stopwatch qualifying lap, a car that made no stop at all in a corner asking "
            "two or three ends its lap there and starts the race last."
        ),
        _section("Qualifying Lap with Stopwatch"),
    ),
    "nitro": FactHelp(
        N_("Used nitro (once a lap)"),
        N_(
            "In a road race every car has nitro fuel injection: once a lap, after rolling the gear "
            "die, a space more for each gear (+1 in 1st, +2 in 2nd...)."
        ),
        _section("Road Races"),
    ),
    "noise": FactHelp(
        N_("Ended in the engine-noise area"),
        N_(
            "A road race's engine-noise area: a car ending its move there rolls the black die for "
            "a resident's shot."
        ),
        _section("Road Races"),
    ),
    "tire_bonus": FactHelp(
        N_("A space of the move in a corner"),
        N_("Hard tires in the rain: a move with a space in a corner goes three spaces further."),
        _section("Hard Tires"),
    ),
    "slipstream": FactHelp(
        N_("Slipstreamed behind a car"),
        N_(
            "A car that stops directly behind another without braking, at least as fast as it and "
            "both in 4th gear or higher, may slipstream: three spaces more."
        ),
        _section("Slipstreaming"),
    ),
    "slipstream_brakes": FactHelp(
        N_("Spaces of the slipstream braked away"),
        N_("Spaces of the slipstream's three given up by braking, paid as braking is."),
        _section("Slipstreaming"),
    ),
    "slipstream_corner": FactHelp(
        N_("The slipstream ended in a corner"),
        N_(
            "A slipstream whose three spaces carry the car into a corner costs it one brake wear "
            "point."
        ),
        _section("Slipstreaming"),
    ),
    "wp_1": FactHelp(
        N_("Wear point put back"),
        N_(
            "In a road race, the checkpoint (crossing the line) and the pole station (the fastest "
            "car) give wear points back, to put in damaged zones, never above the start."
        ),
        _section("Road Races"),
    ),
    "wp_2": FactHelp(
        N_("Wear point put back"),
        N_(
            "In a road race, the checkpoint (crossing the line) and the pole station (the fastest "
            "car) give wear points back, to put in damaged zones, never above the start."
        ),
        _section("Road Races"),
    ),
}
