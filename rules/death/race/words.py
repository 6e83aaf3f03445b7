"""The log of a Death race in words: Formula D's for the movement, and the cards, the attacks,
the damage, spins and wrecks the document adds."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.death.attacks import REFIT_DAMAGE
from rules.death.race.attack import EXPLODE, hit_need, screen_now, target_name
from rules.death.race.common import has, weapon
from rules.death.race.gears import TURBO_GEARS, TURN_TABLE_GEAR
from rules.death.race.state import DeathState
from rules.engine.events import Event, Prompt
from rules.engine.pieces import name, names, plural
from rules.formula_d.race import words as formula_d
from rules.formula_d.race.common import gear_name
from rules.language import gettext as _
from rules.language import gettext_noop as N_
from rules.language import ngettext

Facts = Mapping[str, Any]


def describe(before: DeathState, event: Event, prompt: Prompt, after: DeathState) -> str:
    said = _WORDS.get(event.kind)
    card_gear = _card_gear(before, prompt.car or "", after) if event.kind == "gear" else ""
    if card_gear:
        text = card_gear
    elif said is None:
        text = formula_d.describe(before, event, prompt, after)
    else:
        facts = prompt.read(event.data, before.car_keys)
        text = said(before, prompt.car or "", facts, after)
        if after.finished and not before.finished:
            text += _("; the race is over")
    refit = _refit(before, prompt.car or "", after) if event.kind == "move" else ""
    hurt = _damage(before, after, skip=(prompt.car or "") if refit else "")
    extra = ", ".join(part for part in (refit, hurt) if part)
    if event.kind == "move" and extra:
        text = f"{text}; {extra}" if text else extra
    if after.phase == "attack_order" and before.phase != "attack_order":
        text += _("; the Attack Phase")
    return text


def _held(state: DeathState, key: str) -> tuple[str, ...]:
    arms = state.arms(key)
    return (*arms.weapons, arms.defence, arms.utility)


def _card_gear(before: DeathState, key: str, after: DeathState) -> str:
    """A gear a utility card allowed, in its words; "" for any other."""
    was, now = before.car(key), after.car(key)
    if was.spun and not now.spun and now.gear == TURN_TABLE_GEAR and has(before, key, "Turn Table"):
        return _("{car} pulls away in {gear} on its Turn Table").format(
            car=name(key), gear=gear_name(now.gear)
        )
    if not was.spun and not was.in_pits and now.gear - was.gear == TURBO_GEARS:
        return _("{car} into {gear} on its Turbo, two gears up").format(
            car=name(key), gear=gear_name(now.gear)
        )
    return ""


def _refit(before: DeathState, key: str, after: DeathState) -> str:
    """The upgrades `key` had refitted at its pit stop, and what they cost; "" if none."""
    held = _held(after, key)
    refitted = [card for card in before.arms(key).stripped if card in held]
    if not refitted:
        return ""
    cost = REFIT_DAMAGE * len(refitted)
    left = after.arms(key).damage
    return _("{car} refits its {cards} at the pit stop ({cost} damage, {left} left)").format(
        car=name(key), cards=names(refitted), cost=cost, left=left
    )


def _damage(before: DeathState, after: DeathState, skip: str = "") -> str:
    """What every car's damage did on this event: points taken, spins, wrecks; not `skip`'s."""
    said = []
    for arms in after.armoury:
        if arms.car == skip:
            continue
        was = before.arms(arms.car)
        car, had = after.car(arms.car), before.car(arms.car)
        if car.out_reason == "destroyed" and had.racing:
            said.append(_("{car} is destroyed").format(car=name(arms.car)))
            continue
        if arms.damage < was.damage:
            said.append(
                _("{car} takes {damage} damage ({life} left)").format(
                    car=name(arms.car), damage=was.damage - arms.damage, life=arms.damage
                )
            )
        elif arms.damage > was.damage:
            said.append(
                _("{car} back to {damage} damage").format(car=name(arms.car), damage=arms.damage)
            )
        if car.spun and not had.spun and arms.damage == 0:
            said.append(_("{car} spins out").format(car=name(arms.car)))
    return ", ".join(said)


def _cards(before: DeathState, key: str, facts: Facts, after: DeathState) -> str:
    arms = after.arms(key)
    cards = [*arms.weapons, arms.defence, arms.utility]
    text = _("{car} fits {cards}").format(
        car=name(key), cards=", ".join(card for card in cards if card)
    )
    if after.phase != "cards":
        text += _("; every car has its cards")
    return text


def _attack_order(before: DeathState, key: str, facts: Facts, after: DeathState) -> str:
    if not after.attackers:
        return _("Attack Phase: no one left to attack")
    return _("Attack Phase: {cars} attack in that order").format(
        cars=", ".join(name(car) for car in after.attackers)
    )


def _attack(before: DeathState, key: str, facts: Facts, after: DeathState) -> str:
    action = facts["action"]
    if action == "pass":
        return _("{car} neither fires nor reloads").format(car=name(key))
    verb, index = action.split(":")
    arm = weapon(before, key, int(index))
    if verb == "reload":
        left = after.arms(key).reloads[int(index)]
        return ngettext(
            "{car} takes a reload token off its {weapon} ({count} token left)",
            "{car} takes a reload token off its {weapon} ({count} tokens left)",
            left,
        ).format(car=name(key), weapon=arm.name, count=left)
    if verb == EXPLODE:
        return _("{car}'s remote mine explodes").format(car=name(key))
    if arm.remote:
        return _("{car} places a remote mine in front of it").format(car=name(key))
    if arm.mines:
        return _("{car} drops a slip mine on its space").format(car=name(key))
    return _("{car} aims its {weapon}").format(car=name(key), weapon=arm.name)


def _aim(before: DeathState, key: str, facts: Facts, after: DeathState) -> str:
    spaces = (
        _(", {spaces} away").format(spaces=plural(facts["spaces"], "space"))
        if facts.get("spaces")
        else ""
    )
    also = _(", also hitting {cars}").format(cars=names(list(after.also))) if after.also else ""
    return (
        _("{car} targets {target}").format(car=name(key), target=target_name(facts["target"]))
        + spaces
        + also
    )


def _screen(before: DeathState, key: str, facts: Facts, after: DeathState) -> str:
    card, _most = screen_now(before)
    if after.phase == "hit":
        said = _("{car} rolls {value} against {target}'s {card}: it may attack {target}")
    elif after.phase == "screen":
        said = _("{car} rolls {value} against {target}'s {card}: past it")
    else:
        said = _("{car} rolls {value} against {target}'s {card}: turned away from {target}")
    return said.format(car=name(key), value=facts["value"], target=name(before.target), card=card)


def _hit(before: DeathState, key: str, facts: Facts, after: DeathState) -> str:
    arm = weapon(before, key, before.aiming)
    hurt = _damage(before, after)
    if facts["value"] > hit_need(before, arm):
        return _("{car}'s {weapon} rolls {value}: a miss").format(
            car=name(key), weapon=arm.name, value=facts["value"]
        )
    return _("{car}'s {weapon} rolls {value}: a hit on {target}").format(
        car=name(key), weapon=arm.name, value=facts["value"], target=target_name(before.target)
    ) + (f"; {hurt}" if hurt else "")


def _reroll(before: DeathState, key: str, facts: Facts, after: DeathState) -> str:
    if facts["reroll"] == "yes":
        return _("{car}'s Targeting Computer rerolls the miss").format(car=name(key))
    return _("{car} keeps the miss (no Targeting Computer reroll)").format(car=name(key))


# What an event of one kind did, from the state before it, the car, its facts and the state
# after.
Said = Callable[[DeathState, str, Facts, DeathState], str]


def _roll(kind: str) -> Said:
    def said(before: DeathState, key: str, facts: Facts, after: DeathState) -> str:
        hurt = _damage(before, after)
        return _(kind).format(car=name(key), value=facts["value"]) + (
            f", {hurt}" if hurt else _(", no damage")
        )

    return said


def _blade(before: DeathState, key: str, facts: Facts, after: DeathState) -> str:
    was, now = before.arms(key), after.arms(key)
    lost = [
        card
        for card in (was.defence, was.utility)
        if card and card not in (now.defence, now.utility)
    ]
    if lost:
        return _("{car}'s chain blades roll: {value}, loses its {card}").format(
            car=name(key), value=facts["value"], card=lost[0]
        )
    return _("{car}'s chain blades roll: {value}, keeps its upgrades").format(
        car=name(key), value=facts["value"]
    )


def _reload_spread(before: DeathState, key: str, facts: Facts, after: DeathState) -> str:
    weapon = before.arms(key).weapons[int(str(facts["weapon"]))]
    return _("The extra reload token goes on {car}'s {weapon}").format(car=name(key), weapon=weapon)


_WORDS: dict[str, Said] = {
    "cards": _cards,
    "attack_order": _attack_order,
    "attack": _attack,
    "aim": _aim,
    "screen_roll": _screen,
    "hit_roll": _hit,
    "reroll": _reroll,
    "collision_roll": _roll(N_("{car}'s collision roll: {value}")),
    "wreckage_roll": _roll(N_("{car}'s wreckage roll: {value}")),
    "blade_roll": _blade,
    "reload_spread": _reload_spread,
}
