"""Choosing Upgrades: what a car may carry (its four slots, Powerful cards taking two), the
limited deck shared by the cars, and the two ways of sharing it out: Random (dealt in four steps,
a Powerful card skipping the next) and Pick (turns from last on the grid to pole)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from rules.death.cards import (
    DEFENCE,
    DEFENCE_SLOTS,
    DEFENCES,
    POWERFUL_SLOTS,
    SLOTS,
    UTILITY,
    UTILITY_SLOTS,
    WEAPON,
    WEAPON_SLOTS,
    WEAPONS,
)
from rules.language import gettext as _

RANDOM = "random"
PICK = "pick"
DISTRIBUTIONS = ((RANDOM, "Random: dealt"), (PICK, "Pick: last on the grid chooses first"))


class InvalidLoadout(ValueError):
    """Cards a car cannot carry, or more of a card than the deck holds."""


@dataclass(frozen=True)
class Loadout:
    """A car's upgrades: up to two weapons, a defence and a utility (names as printed)."""

    weapons: tuple[str, ...] = ()
    defence: str = ""
    utility: str = ""

    @property
    def cards(self) -> tuple[str, ...]:
        return (
            *self.weapons,
            *((self.defence,) if self.defence else ()),
            *((self.utility,) if self.utility else ()),
        )

    @property
    def slots_used(self) -> int:
        return sum(POWERFUL_SLOTS if is_powerful(card) else 1 for card in self.cards)


def is_powerful(card: str) -> bool:
    known = WEAPON.get(card) or DEFENCE.get(card)
    return bool(known and known.powerful)


def check_loadout(loadout: Loadout) -> Loadout:
    """`loadout` if a car can carry it, full (four slots, a Powerful card counting two), else
    InvalidLoadout saying why."""
    for weapon in loadout.weapons:
        if weapon not in WEAPON:
            raise InvalidLoadout(_("There is no weapon {weapon!r}.").format(weapon=weapon))
    if loadout.defence and loadout.defence not in DEFENCE:
        raise InvalidLoadout(_("There is no defence {defence!r}.").format(defence=loadout.defence))
    if loadout.utility and loadout.utility not in UTILITY:
        raise InvalidLoadout(
            _("There is no utility upgrade {utility!r}.").format(utility=loadout.utility)
        )
    if len(loadout.weapons) > WEAPON_SLOTS:
        raise InvalidLoadout(
            _("A car has {weapon_slots} weapon slots.").format(weapon_slots=WEAPON_SLOTS)
        )
    if len(set(loadout.weapons)) < len(loadout.weapons):
        raise InvalidLoadout(_("There is one card of each weapon."))
    if not loadout.weapons:
        raise InvalidLoadout(_("Every warrior needs a weapon: a car starts with at least one."))
    used = loadout.slots_used
    if used > SLOTS:
        raise InvalidLoadout(
            _(
                "{values}: a Powerful upgrade takes two slots, and a car has {slots} ({used} "
                "asked)."
            ).format(
                values=" and ".join(card for card in loadout.cards if is_powerful(card)),
                slots=SLOTS,
                used=used,
            )
        )
    if used < SLOTS:
        raise InvalidLoadout(
            _(
                "A car fills its {slots} slots (two weapons, a defence, a utility; a Powerful "
                "card takes two): {used} filled."
            ).format(slots=SLOTS, used=used)
        )
    return loadout


DECK: Mapping[str, int] = {
    **{weapon.name: 1 for weapon in WEAPONS},
    **{defence.name: defence.copies for defence in DEFENCES},
    **dict.fromkeys(UTILITY, 1),
}


def check_deck(loadouts: Iterable[Loadout]) -> None:
    """InvalidLoadout if the cars hold more of a card than the deck has."""
    held = Counter(card for loadout in loadouts for card in loadout.cards)
    for card, count in held.items():
        if count > DECK[card]:
            copies = "one card" if DECK[card] == 1 else f"{DECK[card]} cards"
            raise InvalidLoadout(
                _("There is {copies} of {card}, and {count} cars hold it.").format(
                    copies=copies, card=card, count=count
                )
            )


def pick_order(grid: Sequence[str]) -> tuple[str, ...]:
    """Pick: turns in choosing, beginning with the car in last position and ending with pole."""
    return tuple(reversed(grid))


def deal(
    players: Sequence[str],
    weapons: Sequence[str],
    defences: Sequence[str],
    utilities: Sequence[str],
) -> dict[str, Loadout]:
    """Random: from the three decks as shuffled, a weapon to each player, then a second, then a
    defence, then a utility; a player dealt a Powerful card skips the next step."""
    decks = {"weapon": list(weapons), "defence": list(defences), "utility": list(utilities)}
    dealt: dict[str, list[str]] = {player: [] for player in players}
    skip = set()
    for step in ("weapon", "weapon", "defence", "utility"):
        for player in players:
            if player in skip:
                skip.discard(player)
                continue
            if not decks[step]:
                raise InvalidLoadout(_("The {step} cards ran out.").format(step=step))
            card = decks[step].pop(0)
            dealt[player].append(card)
            if is_powerful(card):
                skip.add(player)
    return {player: loadout_of(cards) for player, cards in dealt.items()}


def loadout_of(cards: Iterable[str]) -> Loadout:
    """The cards sorted into a car's slots by their kind."""
    cards = tuple(cards)
    return Loadout(
        weapons=tuple(card for card in cards if card in WEAPON),
        defence=next((card for card in cards if card in DEFENCE), ""),
        utility=next((card for card in cards if card in UTILITY), ""),
    )


__all__ = [
    "DECK",
    "DEFENCE_SLOTS",
    "DISTRIBUTIONS",
    "PICK",
    "RANDOM",
    "UTILITY_SLOTS",
    "InvalidLoadout",
    "Loadout",
    "check_deck",
    "check_loadout",
    "deal",
    "is_powerful",
    "loadout_of",
    "pick_order",
]
