"""What each board fact a Formula... Death! prompt asks for means (RuleSet.fact_help): Formula
D's for the movement phase, the variant's own (document 000: its New Rules, its cards) for what
it adds or changes."""

from __future__ import annotations

from rules.documents import Source
from rules.engine.contract import FactHelp
from rules.formula_d.race.explained import FACTS as FORMULA_D


def _section(heading: str) -> Source:
    return Source("000", heading)


UPGRADES = (
    "Enter the cards the car was given, nothing more: two weapons, a defence and a utility, "
    "dealt in that order (Random, a Powerful card skipping the next slot, left as no card) or "
    "chosen in turn, last on the grid first (Pick)."
)

FACTS: dict[str, FactHelp] = {
    **FORMULA_D,
    "adjacent": FactHelp(
        "Cars it ended next to or behind",
        "A car that ends its move next to or directly behind other cars makes a collision roll "
        "of the black die: 1-4 is a point of damage, as the cards change it (armour, Wheel "
        "Spikes, an Electrified Body).",
        Source("004", "Collision"),
    ),
    "markers": FactHelp(
        "Wreckage markers it ran over",
        "Each wreckage marker passed over or landed on asks a wreckage roll: on 1-4 one damage, "
        "and the marker goes.",
        _section("Wreckage"),
    ),
    "clutch": FactHelp(
        "Dropped the clutch (+1 into the corner)",
        "A car ending one space short of a corner may drop the clutch: one space more, into "
        "the corner, for two points of damage.",
        _section("Dropping Your Clutch"),
    ),
    "slipstreamed": FactHelp(
        "Slipstreamed: 3 spaces more",
        "A car ending its turn directly behind another may slipstream three spaces further, "
        "whatever the gears.",
        _section("Slipstreaming"),
    ),
    "behind": FactHelp(
        "Ended directly behind this car",
        "The car it ended directly behind: for its slipstream and a Ram Spike.",
        _section("Slipstreaming"),
    ),
    "no_sight": FactHelp(
        "No line of sight to the target",
        "A target needs a straight line from car to car that never leaves the track; a car in "
        "the way blocks it.",
        _section("Line of Sight"),
    ),
    "also": FactHelp(
        "Other cars the attack hits",
        "Some weapons hit more than their target: cars in the same lane in range, beside the "
        "target, or all adjacent, as the weapon says.",
        _section("Weapons"),
    ),
    "spaces": FactHelp(
        "Spaces to the target",
        "The range to the target, counted from a space next to the attacker; the target must "
        "be in the weapon's range.",
        _section("Attacks"),
    ),
    "slip_mine": FactHelp(
        "Ran onto a slip mine",
        "A car passing through a slip mine's space ends its move there, two gears down.",
        _section("Slip Mines"),
    ),
    "refit_defence": FactHelp(
        "Refitted a defence at the pit stop",
        "An upgrade lost to Chain Blades may be refitted in the pits, for 4 damage.",
        _section("Chain Blades"),
    ),
    "refit_utility": FactHelp(
        "Refitted a utility at the pit stop",
        "An upgrade lost to Chain Blades may be refitted in the pits, for 4 damage.",
        _section("Chain Blades"),
    ),
    "target": FactHelp(
        "The car it fires at",
        "In the Attack Phase each car may fire one weapon with no reload tokens on it, at a car "
        "in front of it unless the weapon says otherwise.",
        _section("Attack Phase"),
    ),
    "weapon_1": FactHelp(
        "Its first weapon as dealt (or picked)", UPGRADES, _section("Choosing Upgrades")
    ),
    "weapon_2": FactHelp(
        "Its second weapon as dealt (or picked)", UPGRADES, _section("Choosing Upgrades")
    ),
    "defence": FactHelp(
        "Its defence card as dealt (or picked)", UPGRADES, _section("Choosing Upgrades")
    ),
    "utility": FactHelp(
        "Its utility card as dealt (or picked)", UPGRADES, _section("Choosing Upgrades")
    ),
    "rammed": FactHelp(
        "It rammed the car in front (Ram Spike)",
        "Ending its move directly behind a car, a car with a Ram Spike may cause it 1 damage "
        "instead of Slipstreaming.",
        _section("Ram Spike"),
    ),
    "limpet": FactHelp(
        "It dropped a limpet mine (Limpet Mines)",
        "At the end of its movement a car with Limpet Mines may drop a mine on its space: "
        "wreckage, which damages a car passing over it on a 1-4.",
        _section("Limpet Mines"),
    ),
    "lose": FactHelp(
        "The upgrade it gives up",
        "A car damaged by Chain Blades loses, on a 1-4, a utility or defence upgrade of its "
        "choice (never a Powerful one).",
        _section("Chain Blades"),
    ),
}
