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
            text += "; the race is over"
    refit = _refit(before, prompt.car or "", after) if event.kind == "move" else ""
    hurt = _damage(before, after, skip=(prompt.car or "") if refit else "")
    extra = ", ".join(part for part in (refit, hurt) if part)
    if event.kind == "move" and extra:
        text = f"{text}; {extra}" if text else extra
    if after.phase == "attack_order" and before.phase != "attack_order":
        text += "; the Attack Phase"
    return text


def _held(state: DeathState, key: str) -> tuple[str, ...]:
    arms = state.arms(key)
    return (*arms.weapons, arms.defence, arms.utility)


def _card_gear(before: DeathState, key: str, after: DeathState) -> str:
    """A gear a utility card allowed, in its words; "" for any other."""
    was, now = before.car(key), after.car(key)
    if was.spun and not now.spun and now.gear == TURN_TABLE_GEAR and has(before, key, "Turn Table"):
        return f"{name(key)} pulls away in {gear_name(now.gear)} on its Turn Table"
    if not was.spun and not was.in_pits and now.gear - was.gear == TURBO_GEARS:
        return f"{name(key)} into {gear_name(now.gear)} on its Turbo, two gears up"
    return ""


def _refit(before: DeathState, key: str, after: DeathState) -> str:
    """The upgrades `key` had refitted at its pit stop, and what they cost; "" if none."""
    held = _held(after, key)
    refitted = [card for card in before.arms(key).stripped if card in held]
    if not refitted:
        return ""
    cost = REFIT_DAMAGE * len(refitted)
    left = after.arms(key).damage
    return f"{name(key)} refits its {names(refitted)} at the pit stop ({cost} damage, {left} left)"


def _damage(before: DeathState, after: DeathState, skip: str = "") -> str:
    """What every car's damage did on this event: points taken, spins, wrecks; not `skip`'s."""
    said = []
    for arms in after.armoury:
        if arms.car == skip:
            continue
        was = before.arms(arms.car)
        car, had = after.car(arms.car), before.car(arms.car)
        if car.out_reason == "destroyed" and had.racing:
            said.append(f"{name(arms.car)} is destroyed")
            continue
        if arms.damage < was.damage:
            said.append(
                f"{name(arms.car)} takes {was.damage - arms.damage} damage ({arms.damage} left)"
            )
        elif arms.damage > was.damage:
            said.append(f"{name(arms.car)} back to {arms.damage} damage")
        if car.spun and not had.spun and arms.damage == 0:
            said.append(f"{name(arms.car)} spins out")
    return ", ".join(said)


def _cards(before: DeathState, key: str, facts: Facts, after: DeathState) -> str:
    arms = after.arms(key)
    cards = [*arms.weapons, arms.defence, arms.utility]
    text = f"{name(key)} fits {', '.join(card for card in cards if card)}"
    if after.phase != "cards":
        text += "; every car has its cards"
    return text


def _attack_order(before: DeathState, key: str, facts: Facts, after: DeathState) -> str:
    if not after.attackers:
        return "Attack Phase: no one left to attack"
    return f"Attack Phase: {', '.join(name(car) for car in after.attackers)} attack in that order"


def _attack(before: DeathState, key: str, facts: Facts, after: DeathState) -> str:
    action = facts["action"]
    if action == "pass":
        return f"{name(key)} neither fires nor reloads"
    verb, index = action.split(":")
    arm = weapon(before, key, int(index))
    if verb == "reload":
        left = after.arms(key).reloads[int(index)]
        return f"{name(key)} takes a reload token off its {arm.name} ({plural(left, 'token')} left)"
    if verb == EXPLODE:
        return f"{name(key)}'s remote mine explodes"
    if arm.remote:
        return f"{name(key)} places a remote mine in front of it"
    if arm.mines:
        return f"{name(key)} drops a slip mine on its space"
    return f"{name(key)} aims its {arm.name}"


def _aim(before: DeathState, key: str, facts: Facts, after: DeathState) -> str:
    spaces = f", {plural(facts['spaces'], 'space')} away" if facts.get("spaces") else ""
    also = f", also hitting {names(list(after.also))}" if after.also else ""
    return f"{name(key)} targets {target_name(facts['target'])}{spaces}{also}"


def _screen(before: DeathState, key: str, facts: Facts, after: DeathState) -> str:
    card, _most = screen_now(before)
    rolled = f"{name(key)} rolls {facts['value']} against {name(before.target)}'s {card}"
    if after.phase == "hit":
        return f"{rolled}: it may attack {name(before.target)}"
    if after.phase == "screen":
        return f"{rolled}: past it"
    return f"{rolled}: turned away from {name(before.target)}"


def _hit(before: DeathState, key: str, facts: Facts, after: DeathState) -> str:
    arm = weapon(before, key, before.aiming)
    rolled = f"{name(key)}'s {arm.name} rolls {facts['value']}"
    hurt = _damage(before, after)
    if facts["value"] > hit_need(before, arm):
        return f"{rolled}: a miss"
    return f"{rolled}: a hit on {target_name(before.target)}" + (f"; {hurt}" if hurt else "")


def _reroll(before: DeathState, key: str, facts: Facts, after: DeathState) -> str:
    if facts["reroll"] == "yes":
        return f"{name(key)}'s Targeting Computer rerolls the miss"
    return f"{name(key)} keeps the miss (no Targeting Computer reroll)"


# What an event of one kind did, from the state before it, the car, its facts and the state
# after.
Said = Callable[[DeathState, str, Facts, DeathState], str]


def _roll(kind: str) -> Said:
    def said(before: DeathState, key: str, facts: Facts, after: DeathState) -> str:
        hurt = _damage(before, after)
        return f"{name(key)}'s {kind} roll: {facts['value']}" + (
            f", {hurt}" if hurt else ", no damage"
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
        return f"{name(key)}'s chain blades roll: {facts['value']}, loses its {lost[0]}"
    return f"{name(key)}'s chain blades roll: {facts['value']}, keeps its upgrades"


def _reload_spread(before: DeathState, key: str, facts: Facts, after: DeathState) -> str:
    weapon = before.arms(key).weapons[int(str(facts["weapon"]))]
    return f"The extra reload token goes on {name(key)}'s {weapon}"


_WORDS: dict[str, Said] = {
    "cards": _cards,
    "attack_order": _attack_order,
    "attack": _attack,
    "aim": _aim,
    "screen_roll": _screen,
    "hit_roll": _hit,
    "reroll": _reroll,
    "collision_roll": _roll("collision"),
    "wreckage_roll": _roll("wreckage"),
    "blade_roll": _blade,
    "reload_spread": _reload_spread,
}
