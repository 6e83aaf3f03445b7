"""Blobber's reload tokens on the target's weapons: "distribute the tokens as evenly as possible,
with the attacker choosing where extra tokens go" (docs/rulings.md, "Blobber's reload tokens")."""

from __future__ import annotations

from dataclasses import replace

from rules.death.attacks import spread_reloads
from rules.death.cards import Weapon
from rules.death.race.common import with_arms
from rules.death.race.state import DeathState
from rules.engine.events import Event, Field, Prompt
from rules.formula_d.race.common import label
from rules.formula_d.race.reasons import WEAPON_OF, Reason, reason_words
from rules.formula_d.race.state import Check
from rules.language import gettext as _
from rules.language import ngettext

RELOAD_SPREAD = "reload_spread"


def reloads_hit(state: DeathState, key: str, arm: Weapon, target: str) -> DeathState:
    """`arm`'s reload tokens on `target`'s weapons, "as evenly as possible, with the attacker
    choosing where extra tokens go": the even share goes on now, and each token left over is a
    check the attacker answers (a car carries two weapons at most, so one token at most)."""
    weapons = range(len(state.arms(target).weapons))
    extra = arm.reload_hit % len(weapons) if len(weapons) > 1 else 0
    even = spread_reloads(arm.reload_hit - extra, weapons)
    reloads = tuple(tokens + even.get(i, 0) for i, tokens in enumerate(state.arms(target).reloads))
    state = with_arms(state, target, reloads=reloads)
    why = Reason(WEAPON_OF, car=key, weapon=arm.name)
    checks = [Check(RELOAD_SPREAD, target, why=why) for _token in range(extra)]
    return replace(state, pending=(*state.pending, *checks))


def reload_spread_prompt(state: DeathState, check: Check) -> Prompt:
    arms = state.arms(check.car)
    choices = tuple(
        (
            str(index),
            ngettext(
                "{weapon} ({count} reload token)",
                "{weapon} ({count} reload tokens)",
                arms.reloads[index],
            ).format(weapon=weapon_name, count=arms.reloads[index]),
        )
        for index, weapon_name in enumerate(arms.weapons)
    )
    text = _(
        "{car}: {reason}: its reload tokens do not spread evenly on its weapons: the attacker "
        "chooses which weapon takes the extra one"
    ).format(car=label(state, check.car), reason=reason_words(check))
    weapon_field = Field(
        "weapon", _("Weapon that takes the extra reload token"), "choice", choices=choices
    )
    return Prompt(RELOAD_SPREAD, text, check.car, (weapon_field,))


def on_reload_spread(state: DeathState, event: Event, prompt: Prompt) -> DeathState:
    check = state.pending[0]
    index = int(prompt.read(event.data)["weapon"])
    reloads = list(state.arms(check.car).reloads)
    reloads[index] += 1
    state = replace(state, pending=state.pending[1:])
    return with_arms(state, check.car, reloads=tuple(reloads))
