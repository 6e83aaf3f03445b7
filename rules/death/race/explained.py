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
    "Each car starts with two weapons, a defence and a utility upgrade; a Powerful card takes "
    "two slots. Random: dealt in that order, a Powerful card skipping the next; Pick: chosen in "
    "turn, last on the grid first."
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
    "weapon_1": FactHelp("Its first weapon card", UPGRADES, _section("Choosing Upgrades")),
    "weapon_2": FactHelp("Its second weapon card", UPGRADES, _section("Choosing Upgrades")),
    "defence": FactHelp("Its defence card", UPGRADES, _section("Choosing Upgrades")),
    "utility": FactHelp("Its utility upgrade card", UPGRADES, _section("Choosing Upgrades")),
    "lose": FactHelp(
        "The upgrade it gives up",
        "A car damaged by Chain Blades loses, on a 1-4, a utility or defence upgrade of its "
        "choice (never a Powerful one).",
        _section("Chain Blades"),
    ),
}
