"""What each board fact a Formula D prompt asks for means, for the turn page's label in words and
its "?" (RuleSet.fact_help): a line short enough for a phone, then the rule behind it, told in
our words after the official summary's sections (named in `source`). Mini, RBB and Death share
most of these facts and change what they must."""

from __future__ import annotations

from rules.engine.contract import FactHelp

SOURCE = "Formula D rules summary"

FACTS: dict[str, FactHelp] = {
    "adjacent": FactHelp(
        "Cars it ended next to or behind",
        "A car that ends its move next to or directly behind another risks a collision: each "
        "car it touches rolls the black die, and so does the mover for each of them.",
        f"{SOURCE}: Collision",
    ),
    "brakes": FactHelp(
        "Brake points spent to stop short",
        "A car may stop short of its roll by braking: each space not moved costs a brake wear "
        "point (more than 3 at once costs tire and engine points too).",
        f"{SOURCE}: Braking",
    ),
    "corner": FactHelp(
        "Overshot a corner: its stops (0: no)",
        "Tap this only when the car overshot a corner: the stops its yellow box asks for. A car "
        "that made its stops, or was on a straight, is 0.",
        f"{SOURCE}: Driving Through Corners",
    ),
    "stops": FactHelp(
        "Stops made in this corner",
        "How many moves the car already ended inside the corner before leaving it: with the "
        "corner's own number, this says how many stops it still owed.",
        f"{SOURCE}: Driving Through Corners",
    ),
    "overshoot": FactHelp(
        "Spaces past the corner's end",
        "A car that owes a stop but runs past the corner's last space overshoots: each space "
        "beyond costs a tire wear point; with no tire points left it is eliminated.",
        f"{SOURCE}: Overshooting",
    ),
    "finish": FactHelp(
        "Crossed the line this move (every lap)",
        "Tap it each time the car crosses the start/finish line, on every lap and not only the "
        "last: Paddock counts the laps from it. The number is the spaces it needed to reach the "
        "line; 0 when it did not cross.",
        f"{SOURCE}: Winning",
    ),
    "blocked": FactHelp(
        "Spaces it could not move (blocked)",
        "A car blocked by cars in front must brake for the spaces it cannot move; blocked for "
        "7 or more spaces at once it is eliminated.",
        f"{SOURCE}: Braking",
    ),
    "pit": FactHelp(
        "Spaces to enter the pits (0: no)",
        "A car entering the pit lane at the end of a lap ends its move there and rolls for its "
        "stop: the number is the spaces its roll needed to enter.",
        f"{SOURCE}: Pit Stop",
    ),
    "danger": FactHelp(
        "Danger-zone spaces crossed",
        "Each red space of a road race's danger zone passed over or landed on asks a road "
        "handling roll.",
        f"{SOURCE}: Road Races",
    ),
    "markers": FactHelp(
        "Damage markers it ran over",
        "Each damage marker passed over or landed on asks a road handling roll of the black die.",
        f"{SOURCE}: Damage and Road Handling",
    ),
    "die_throws": FactHelp(
        "Throws of the die for the lap",
        "In the stopwatch qualifying lap, how many throws of the die the car needed to finish "
        "the lap.",
        f"{SOURCE}: Qualifying Lap with Stopwatch",
    ),
    "no_stop": FactHelp(
        "No stop in a 2- or 3-stop corner",
        "In the stopwatch qualifying lap, a car that made no stop at all in a corner asking two "
        "or three ends its lap there.",
        f"{SOURCE}: Qualifying Lap with Stopwatch",
    ),
    "nitro": FactHelp(
        "Used nitro (+1 space in 1st)",
        "A driver with the nitro skill may add one space to a move in first gear, once a lap.",
        f"{SOURCE}: Skill Reference",
    ),
    "noise": FactHelp(
        "Ended in the engine-noise area",
        "A road race's engine-noise area: a car ending its move there rolls the black die for "
        "a resident's shot.",
        f"{SOURCE}: Road Races",
    ),
    "tire_bonus": FactHelp(
        "A space of the move in a corner",
        "Hard tires in the rain: a move with a space in a corner goes three spaces further.",
        f"{SOURCE}: Hard Tires",
    ),
    "slipstream": FactHelp(
        "Slipstreamed behind a car",
        "A car in 4th gear or higher that ends directly behind a car going as fast may take "
        "its slipstream: three spaces more.",
        f"{SOURCE}: Slipstreaming",
    ),
    "slipstream_brakes": FactHelp(
        "Spaces of the slipstream braked away",
        "Spaces of the slipstream's three given up by braking, paid as braking is.",
        f"{SOURCE}: Slipstreaming",
    ),
    "slipstream_corner": FactHelp(
        "The slipstream ended in a corner",
        "A slipstream whose three spaces carry the car into a corner costs it one brake wear "
        "point.",
        f"{SOURCE}: Slipstreaming",
    ),
    "wp_1": FactHelp("Wear point put back", "A pit stop puts wear points back.", SOURCE),
    "wp_2": FactHelp("Wear point put back", "A pit stop puts wear points back.", SOURCE),
}
