"""Formula... Death!, the combat variant of Formula D: weapons, defences and utility upgrades on
Formula D's race. The cards are data (cards.py), choosing them is loadout.py, the attacks and
damage are attacks.py; race/ runs it at the table on Formula D's race pieces, championship.py
runs its league. Standard library only."""

from rules.death.attacks import (
    CLUTCH_DAMAGE,
    DROP_CLUTCH_DAMAGE,
    JAMMER_MAX,
    SLIPSTREAM_SPACES,
    accuracy_against,
    attack_order,
    clutch_damage,
    collision_max,
    damage_dealt,
    damage_taken,
    in_front,
    may_fire_at,
    spread_reloads,
    wreckage_max,
)
from rules.death.cards import (
    DEFENCE,
    DEFENCES,
    SLOTS,
    UTILITIES,
    UTILITY,
    WEAPON,
    WEAPONS,
    Arc,
    Defence,
    Kind,
    Utility,
    Weapon,
)
from rules.death.loadout import (
    DECK,
    PICK,
    RANDOM,
    InvalidLoadout,
    Loadout,
    check_deck,
    check_loadout,
    deal,
    pick_order,
)

__all__ = [
    "CLUTCH_DAMAGE",
    "DECK",
    "DEFENCE",
    "DEFENCES",
    "DROP_CLUTCH_DAMAGE",
    "JAMMER_MAX",
    "PICK",
    "RANDOM",
    "SLIPSTREAM_SPACES",
    "SLOTS",
    "UTILITIES",
    "UTILITY",
    "WEAPON",
    "WEAPONS",
    "Arc",
    "Defence",
    "InvalidLoadout",
    "Kind",
    "Loadout",
    "Utility",
    "Weapon",
    "accuracy_against",
    "attack_order",
    "check_deck",
    "check_loadout",
    "clutch_damage",
    "collision_max",
    "damage_dealt",
    "damage_taken",
    "deal",
    "in_front",
    "may_fire_at",
    "pick_order",
    "spread_reloads",
    "wreckage_max",
]

# The race at the table (rules/death/race) and how a Death league is run (championship.py):
# importing them registers their hooks. Last, because the hooks use the tables above.
from rules.death import championship, race  # noqa: E402, F401  (register "death")
