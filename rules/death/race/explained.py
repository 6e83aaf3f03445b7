"""What each board fact a Formula... Death! prompt asks for means (RuleSet.fact_help): Formula
D's for the movement phase, the variant's New Rules for what it adds."""

from __future__ import annotations

from rules.engine.contract import FactHelp
from rules.formula_d.race.explained import FACTS as FORMULA_D

SOURCE = "Formula... Death!: New Rules"

FACTS: dict[str, FactHelp] = {
    **FORMULA_D,
    "markers": FactHelp(
        "Wreckage markers it ran over",
        "Each wreckage marker passed over or landed on asks a wreckage roll: on 1-4 one damage, "
        "and the marker goes.",
        SOURCE,
    ),
    "clutch": FactHelp(
        "Dropped the clutch (+1 into the corner)",
        "A car ending one space short of a corner may drop the clutch: one space more, into "
        "the corner, for damage.",
        SOURCE,
    ),
    "slipstreamed": FactHelp(
        "Slipstreamed: 3 spaces more",
        "A car ending its turn directly behind another may slipstream three spaces further, "
        "whatever the gears.",
        SOURCE,
    ),
    "behind": FactHelp(
        "Ended directly behind this car",
        "The car it ended directly behind: for its slipstream and a Ram Spike.",
        SOURCE,
    ),
    "no_sight": FactHelp(
        "No line of sight to the target",
        "A target needs a straight line from car to car that never leaves the track; a car in "
        "the way blocks it.",
        SOURCE,
    ),
    "also": FactHelp(
        "Other cars the attack hits",
        "Some weapons hit more than their target: cars in the same lane in range, beside the "
        "target, or all adjacent, as the weapon says.",
        "Formula... Death!: Weapons",
    ),
    "spaces": FactHelp(
        "Spaces to the target",
        "The range to the target, counted from a space next to the attacker; the target must "
        "be in the weapon's range.",
        SOURCE,
    ),
    "slip_mine": FactHelp(
        "Ran onto a slip mine",
        "A slip mine ends the move where it lies, two gears down.",
        "Formula... Death!: Weapons",
    ),
    "refit_defence": FactHelp(
        "Refitted a defence at the pit stop",
        "A defence lost to Chain Blades may be refitted at a pit stop, for damage.",
        "Formula... Death!: Chain Blades",
    ),
    "target": FactHelp(
        "The car it fires at",
        "Each car may fire one weapon with no reload tokens at a car in front of it, in the "
        "attack phase.",
        SOURCE,
    ),
    "weapon_1": FactHelp(
        "The weapon it fires",
        "A weapon fires only with no reload tokens on it; after firing it takes its reload "
        "value in tokens.",
        SOURCE,
    ),
    "weapon_2": FactHelp(
        "A second weapon fired with it",
        "A second weapon, where a card lets two fire together.",
        "Formula... Death!: Weapons",
    ),
    "defence": FactHelp(
        "The defence card it plays",
        "A defence card against this attack.",
        "Formula... Death!: Defences",
    ),
    "utility": FactHelp(
        "The utility card it plays",
        "A utility upgrade used now.",
        "Formula... Death!: Utility Upgrades",
    ),
    "lose": FactHelp(
        "The upgrade it gives up",
        "On a 1-4 the car gives up an upgrade.",
        "Formula... Death!: Chain Blades",
    ),
}
