"""What each board fact a Formula... Death! prompt asks for means (RuleSet.fact_help): Formula
D's for the movement phase, the variant's own (document 000: its New Rules, its cards) for what
it adds or changes."""

from __future__ import annotations

from rules.documents import Source
from rules.engine.contract import FactHelp
from rules.formula_d.race.explained import FACTS as FORMULA_D
from rules.language import gettext_noop as N_


def _section(heading: str) -> Source:
    return Source("000", heading)


UPGRADES = N_(
    "Enter the cards the car was given, nothing more: two weapons, a defence and a utility, "
    "dealt in that order (Random, a Powerful card skipping the next slot, left as no card) or "
    "chosen in turn, last on the grid first (Pick)."
)

FACTS: dict[str, FactHelp] = {
    **FORMULA_D,
    "adjacent": FactHelp(
        N_("Cars it ended next to or behind"),
        N_(
            "A car that ends its move next to or directly behind other cars makes a collision roll "
            "of the black die: 1-4 is a point of damage, as the cards change it (armour, Wheel "
            "Spikes, an Electrified Body)."
        ),
        Source("004", "Collision"),
    ),
    "markers": FactHelp(
        N_("Wreckage markers it ran over"),
        N_(
            "Each wreckage marker passed over or landed on asks a wreckage roll: on 1-4 one "
            "damage, and the marker goes."
        ),
        _section("Wreckage"),
    ),
    "clutch": FactHelp(
        N_("Dropped the clutch (+1 into the corner)"),
        N_(
            "A car ending one space short of a corner may drop the clutch: one space more, into "
            "the corner, for two points of damage."
        ),
        _section("Dropping Your Clutch"),
    ),
    "slipstreamed": FactHelp(
        N_("Slipstreamed: 3 spaces more"),
        N_(
            "A car ending its turn directly behind another may slipstream three spaces further, "
            "whatever the gears."
        ),
        _section("Slipstreaming"),
    ),
    "behind": FactHelp(
        N_("Ended directly behind this car"),
        N_("The car it ended directly behind: for its slipstream and a Ram Spike."),
        _section("Slipstreaming"),
    ),
    "no_sight": FactHelp(
        N_("No line of sight to the target"),
        N_(
            "A target needs a straight line from car to car that never leaves the track; a car in "
            "the way blocks it."
        ),
        _section("Line of Sight"),
    ),
    "also": FactHelp(
        N_("Other cars the attack hits"),
        N_(
            "Some weapons hit more than their target: cars in the same lane in range, beside the "
            "target, or all adjacent, as the weapon says."
        ),
        _section("Weapons"),
    ),
    "spaces": FactHelp(
        N_("Spaces to the target"),
        N_(
            "The range to the target, counted from a space next to the attacker; the target must "
            "be in the weapon's range."
        ),
        _section("Attacks"),
    ),
    "slip_mine": FactHelp(
        N_("Ran onto a slip mine"),
        N_("A car passing through a slip mine's space ends its move there, two gears down."),
        _section("Slip Mines"),
    ),
    "refit_defence": FactHelp(
        N_("Refitted a defence at the pit stop"),
        N_("An upgrade lost to Chain Blades may be refitted in the pits, for 4 damage."),
        _section("Chain Blades"),
    ),
    "refit_utility": FactHelp(
        N_("Refitted a utility at the pit stop"),
        N_("An upgrade lost to Chain Blades may be refitted in the pits, for 4 damage."),
        _section("Chain Blades"),
    ),
    "target": FactHelp(
        N_("The car it fires at"),
        N_(
            "In the Attack Phase each car may fire one weapon with no reload tokens on it, at a "
            "car in front of it unless the weapon says otherwise."
        ),
        _section("Attack Phase"),
    ),
    "weapon_1": FactHelp(
        N_("Its first weapon as dealt (or picked)"), UPGRADES, _section("Choosing Upgrades")
    ),
    "weapon_2": FactHelp(
        N_("Its second weapon as dealt (or picked)"), UPGRADES, _section("Choosing Upgrades")
    ),
    "defence": FactHelp(
        N_("Its defence card as dealt (or picked)"), UPGRADES, _section("Choosing Upgrades")
    ),
    "utility": FactHelp(
        N_("Its utility card as dealt (or picked)"), UPGRADES, _section("Choosing Upgrades")
    ),
    "rammed": FactHelp(
        N_("It rammed the car in front (Ram Spike)"),
        N_(
            "Ending its move directly behind a car, a car with a Ram Spike may cause it 1 damage "
            "instead of Slipstreaming."
        ),
        _section("Ram Spike"),
    ),
    "limpet": FactHelp(
        N_("It dropped a limpet mine (Limpet Mines)"),
        N_(
            "At the end of its movement a car with Limpet Mines may drop a mine on its space: "
            "wreckage, which damages a car passing over it on a 1-4."
        ),
        _section("Limpet Mines"),
    ),
    "lose": FactHelp(
        N_("The upgrade it gives up"),
        N_(
            "A car damaged by Chain Blades loses, on a 1-4, a utility or defence upgrade of its "
            "choice (never a Powerful one)."
        ),
        _section("Chain Blades"),
    ),
}
