"""Choosing Upgrades at the table: once the grid is set, each car's cards are entered, in grid
order when they were dealt (Random), from the last on the grid to pole when picked (Pick); the
engine checks the slots and the deck.

The page offers each slot with nothing chosen ("— no card —") and always posts all four, so a
car is given exactly the cards it was dealt. An event that leaves a slot out, or blank, means
what it meant before the page said so: the first card of its kind still in the deck (the
proposal), which is how the recorded races and the logs of races already run were entered
(docs/rulings.md, "Death's cards as dealt")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.death.cards import DEFENCES, UTILITIES, WEAPONS
from rules.death.loadout import (
    DECK,
    PICK,
    InvalidLoadout,
    Loadout,
    check_deck,
    check_loadout,
    is_powerful,
    pick_order,
)
from rules.death.race.common import fresh_armoury
from rules.death.race.state import DeathState
from rules.engine.events import Event, EventRejected, Field, Prompt
from rules.formula_d.race.common import label
from rules.language import gettext as _
from rules.language import gettext_noop as N_

NONE = "none"
FIELDS = ("weapon_1", "weapon_2", "defence", "utility")


def entry_order(state: DeathState) -> tuple[str, ...]:
    grid = state.grid
    return pick_order(grid) if state.setup.distribution == PICK else grid


def next_to_enter(state: DeathState) -> str:
    return next(key for key in entry_order(state) if not state.arms(key).entered)


def _held(state: DeathState) -> list[Loadout]:
    return [
        Loadout(arms.weapons, arms.defence, arms.utility) for arms in state.armoury if arms.entered
    ]


def _free(state: DeathState) -> dict[str, int]:
    left = dict(DECK)
    for loadout in _held(state):
        for card in loadout.cards:
            left[card] -= 1
    return left


def _proposal(free: dict[str, int]) -> Loadout:
    """The first cards of the printed list still in the deck that fill four slots without a
    Powerful one: what the prompt offers until the referee changes it."""
    weapons = [w.name for w in WEAPONS if free[w.name] and not w.powerful][:2]
    defence = next((d.name for d in DEFENCES if free[d.name] and not d.powerful), "")
    utility = next((u.name for u in UTILITIES if free[u.name]), "")
    return Loadout(tuple(weapons), defence, utility)


def _choices(names: list[str], free: dict[str, int]) -> tuple[tuple[str, str], ...]:
    return ((NONE, _("— no card —")),) + tuple(
        (card, _("{card} (Powerful)").format(card=card) if is_powerful(card) else card)
        for card in names
        if free[card]
    )


def cards_prompts(state: DeathState) -> tuple[Prompt, ...]:
    key = next_to_enter(state)
    free = _free(state)
    how = (
        _("picked in turn, last on the grid first")
        if state.setup.distribution == PICK
        else _(
            "as dealt: a weapon each, a second, a defence, a utility; a Powerful card skips the "
            "next"
        )
    )
    text = _(
        "Upgrades: {car}'s cards ({how}; two weapons, a defence and a utility, a Powerful card "
        "taking two slots)"
    ).format(car=label(state, key), how=how)
    weapons = [weapon.name for weapon in WEAPONS]
    lists = (weapons, weapons, [d.name for d in DEFENCES], [u.name for u in UTILITIES])
    if state.setup.distribution == PICK:
        slots = (
            N_("Picked: first weapon"),
            N_("Picked: second weapon"),
            N_("Picked: defence"),
            N_("Picked: utility"),
        )
    else:
        slots = (
            N_("Dealt: first weapon"),
            N_("Dealt: second weapon"),
            N_("Dealt: defence"),
            N_("Dealt: utility"),
        )
    labels = tuple(_(slot) for slot in slots)
    # Required, with "no card" one of the choices: the page preselects nothing but that and
    # posts every slot, so no card is ever given by default (`as_entered` for older events).
    fields = tuple(
        Field(name, text_, "choice", choices=_choices(cards, free), default=NONE)
        for name, text_, cards in zip(FIELDS, labels, lists, strict=True)
    )
    return (Prompt("cards", text, key, fields),)


def as_entered(state: DeathState, data: Mapping[str, Any]) -> dict[str, Any]:
    """`data` with each slot it leaves out or blank filled as events entered before the page
    posted every slot meant it: the proposal's card (or no card where the proposal has none)."""
    proposal = _proposal(_free(state))
    weapons = (*proposal.weapons, "", "")
    meant = dict(
        zip(FIELDS, (weapons[0], weapons[1], proposal.defence, proposal.utility), strict=True)
    )
    return {
        **data,
        **{name: meant[name] or NONE for name in FIELDS if data.get(name) in (None, "")},
    }


def on_cards(state: DeathState, event: Event, prompt: Prompt) -> DeathState:
    key = prompt.car or ""
    entry = prompt.read(as_entered(state, event.data), state.car_keys)
    cards = {name: ("" if entry[name] in (NONE, None) else entry[name]) for name in FIELDS}
    weapons = tuple(card for card in (cards["weapon_1"], cards["weapon_2"]) if card)
    loadout = Loadout(weapons, cards["defence"], cards["utility"])
    try:
        check_loadout(loadout)
        check_deck([*_held(state), loadout])
    except InvalidLoadout as refusal:
        raise EventRejected(str(refusal)) from None
    armoury = replace(
        fresh_armoury(key, weapons, state.setup.damage),
        defence=loadout.defence,
        utility=loadout.utility,
        entered=True,
    )
    state = replace(
        state,
        armoury=tuple(armoury if arms.car == key else arms for arms in state.armoury),
    )
    if all(arms.entered for arms in state.armoury):
        return replace(state, phase=state.resume, resume="")
    return state
