"""The Attack Phase at the table: after each Movement Phase the referee confirms the standing,
and the cars attack in the opposite order (a Hair Trigger first). Each either fires a weapon
with no reload tokens, takes a token off one, or does neither. Firing: the target (and any car
the weapon also hits), the spaces to it and the line of sight as the board shows them, then any
roll its defence asks for, then the hit roll."""

from __future__ import annotations

from dataclasses import replace

from rules.death.attacks import (
    CHAIN_BLADES_MAX,
    EMPTY_SPACE_PENALTY,
    JAMMER,
    accuracy_against,
    attack_order,
    damage_dealt,
    in_front,
    may_fire_at,
    reload_after_firing,
    screens,
)
from rules.death.cards import WEAPON, Weapon
from rules.death.race import reloads
from rules.death.race.common import (
    defence,
    gears_down,
    has,
    once_a_lap_left,
    steady,
    take_damage,
    use_once_a_lap,
    weapon,
    with_arms,
)
from rules.death.race.state import DeathState
from rules.engine.events import Event, EventRejected, Field, Prompt
from rules.engine.pieces import (
    BLACK_DIE,
    board_fact,
    name,
    order_prompt,
    racing,
    with_car,
)
from rules.formula_d.race import reasons
from rules.formula_d.race.common import label, on_track
from rules.formula_d.race.facts import cars_fact
from rules.formula_d.race.flow import begin_turn, proposed_order
from rules.formula_d.race.reasons import Reason, reason_words
from rules.formula_d.race.state import Check
from rules.language import gettext as _
from rules.language import gettext_noop as N_
from rules.language import ngettext

PASS = "pass"
# Frag Missiles' target when fired at an empty space (no car's key: those are names).
EMPTY_SPACE = "@space"
TARGETING_COMPUTER = "Targeting Computer"
LOSE_DEFENCE = "defence"
LOSE_UTILITY = "utility"
# A remote mine on the track that the purple die moved into a car, or a car drove through.
EXPLODE = "explode"
REMOTE_EXPLODES = N_(
    "Its remote mine exploded on a car (the purple die moved it into one, or a car drove "
    "through it)"
)


def begin(state: DeathState) -> DeathState:
    """The Movement Phase is over: the Attack Phase, once two cars or more are on the track."""
    if len(on_track(state)) < 2:
        return state
    return replace(state, resume=state.phase, phase="attack_order")


# --- The order ---------------------------------------------------------------------------------


def order_prompts(state: DeathState) -> tuple[Prompt, ...]:
    racing_now = tuple(key for key in proposed_order(state) if key in on_track(state))
    then = (
        _("; unless an attack moves a car, it is round {round}'s order of play too").format(
            round=state.round
        )
        if state.resume == "order"
        else ""
    )
    text = _(
        "Attack Phase of round {round}: confirm the standing, the leader first (the car in last "
        "place attacks first; a Hair Trigger before all){then}"
    ).format(round=state.round - 1, then=then)
    prompt = order_prompt(
        racing_now,
        lambda car: label(state, car),
        field_label=_("Standing, leader first"),
        text=text,
    )
    return (replace(prompt, kind="attack_order"),)


def on_order(state: DeathState, event: Event, prompt: Prompt) -> DeathState:
    standing = prompt.read(event.data, on_track(state))["order"]
    first = tuple(key for key in standing if has(state, key, "Hair Trigger"))
    state = replace(
        state,
        standing=tuple(standing),
        held=_positions(state),
        attackers=attack_order(standing, first),
        attacker=0,
        refused=(),
        armoury=tuple(replace(arms, jammed=False) for arms in state.armoury),
    )
    return _skip_gone(state)


def _skip_gone(state: DeathState) -> DeathState:
    """On to the first attacker still on the track; after the last, back to the movement."""
    turn = state.attacker
    while turn < len(state.attackers) and not state.car(state.attackers[turn]).on_track:
        turn += 1
    if turn >= len(state.attackers):
        order = tuple(key for key in state.standing if key in racing(state))
        # A car in its pit has no place in the standing: the order of play is asked then.
        held = state.resume == "order" and _held(state) and set(order) == set(racing(state))
        state = replace(
            state,
            phase=state.resume,
            resume="",
            attackers=(),
            standing=(),
            held=(),
            attacker=0,
            aiming=-1,
            target="",
            also=(),
            pulled_beside=(),
            refused=(),
        )
        if held:  # nothing moved: the standing confirmed is the round's order of play
            state = begin_turn(replace(state, order=order, turn=0))
        return steady(state)
    return replace(
        state,
        attacker=turn,
        phase="attack",
        aiming=-1,
        target="",
        also=(),
        pulled_beside=(),
        screened=0,
        rerolled=False,
    )


def _positions(state: DeathState) -> tuple[tuple[str, int, int, int], ...]:
    """Each racing car's key, laps, spaces and gear: what the order of play is judged on."""
    return tuple((car.car, car.laps, car.spaces, car.gear) for car in state.cars if car.racing)


def _held(state: DeathState) -> bool:
    """Whether no car still racing has moved or changed gear since the standing was confirmed
    (a car out since leaves the others' order as it was)."""
    now = _positions(state)
    still = {key for key, *_rest in now}
    return bool(state.held) and tuple(p for p in state.held if p[0] in still) == now


def next_attacker(state: DeathState) -> DeathState:
    if state.pending:
        return replace(state, phase="checks")
    return _skip_gone(replace(state, attacker=state.attacker + 1))


# --- The attack: fire, reload or neither -------------------------------------------------------


def _attacker(state: DeathState) -> str:
    return state.attackers[state.attacker]


def _firing(state: DeathState) -> tuple[str, Weapon]:
    """The attacker and the weapon it fires."""
    key = _attacker(state)
    return key, weapon(state, key, state.aiming)


def targets(state: DeathState, key: str, arm: Weapon) -> tuple[str, ...]:
    """The cars on the track `arm` may fire at from `key`, in front or behind as it says, less
    those a Bravado or Jammer roll has already turned it from this phase."""
    return tuple(
        other
        for other in state.standing
        if other != key
        and state.car(other).on_track
        and may_fire_at(arm, in_front(state.standing, key, other))
        and f"{arm.name}|{other}" not in state.refused
    )


def _can_fire(state: DeathState, key: str, index: int) -> bool:
    arms = state.arms(key)
    arm = weapon(state, key, index)
    if arms.reloads[index] or not arm.fires_in_attack_phase:
        return False
    if arm.remote:  # placed in front of the car, one on the track at a time
        return not arms.remote
    if arm.mines:  # Slip Mines: a mine dropped on its own space, while it has one
        return arms.mines[index] > 0
    return arm.empty_space or bool(targets(state, key, arm))


def target_name(target: str) -> str:
    return _("an empty space") if target == EMPTY_SPACE else name(target)


def hit_need(state: DeathState, arm: Weapon) -> int:
    """The hit roll's most: the accuracy against the target's defence, or at an empty space."""
    if state.target == EMPTY_SPACE:
        return accuracy_against(arm, None, empty_space=True)
    return accuracy_against(arm, defence(state, state.target))


def _weapon_line(arm: Weapon) -> str:
    if arm.accuracy is None:
        return arm.name
    if arm.range is not None:
        said = _("{weapon} (accuracy {accuracy}, damage {damage}, range {range})")
    else:
        said = _("{weapon} (accuracy {accuracy}, damage {damage})")
    return said.format(weapon=arm.name, accuracy=arm.accuracy, damage=arm.damage, range=arm.range)


def attack_prompts(state: DeathState) -> tuple[Prompt, ...]:
    key = _attacker(state)
    arms = state.arms(key)
    choices: list[tuple[str, str]] = []
    for index, weapon_name in enumerate(arms.weapons):
        arm = weapon(state, key, index)
        if _can_fire(state, key, index):
            verb = _("Drop a mine with {weapon}") if arm.mines else _("Fire {weapon}")
            verb = _("Place a remote mine with {weapon}") if arm.remote else verb
            choices.append((f"fire:{index}", verb.format(weapon=_weapon_line(arm))))
        if arm.remote and arms.remote:  # whatever the reload tokens
            choices.append((f"{EXPLODE}:{index}", _(REMOTE_EXPLODES)))
        if arms.reloads[index]:
            tokens = arms.reloads[index]
            choices.append(
                (
                    f"reload:{index}",
                    ngettext(
                        "Take a reload token off {weapon} ({count} reload token)",
                        "Take a reload token off {weapon} ({count} reload tokens)",
                        tokens,
                    ).format(weapon=weapon_name, count=tokens),
                )
            )
    choices.append((PASS, _("Neither")))
    order = ", ".join(name(car) for car in state.attackers)
    text = _("Attack Phase ({order}): {car} fires a weapon or reloads").format(
        order=order, car=label(state, key)
    )
    action = Field("action", _("Action"), "choice", choices=tuple(choices))
    return (Prompt("attack", text, key, (action,)),)


def on_attack(state: DeathState, event: Event, prompt: Prompt) -> DeathState:
    key = prompt.car or ""
    action = prompt.read(event.data)["action"]
    if action == PASS:
        return next_attacker(state)
    verb, index_text = action.split(":")
    index = int(index_text)
    arms = state.arms(key)
    if verb == "reload":
        reloads = list(arms.reloads)
        reloads[index] -= 1
        return next_attacker(with_arms(state, key, reloads=tuple(reloads)))
    arm = weapon(state, key, index)
    if verb == EXPLODE:
        return replace(with_arms(state, key, remote=False), phase="aim", aiming=index)
    if arm.remote:
        reloads = list(arms.reloads)
        reloads[index] = reload_after_firing(arm)
        return next_attacker(with_arms(state, key, remote=True, reloads=tuple(reloads)))
    if arm.mines:
        mines = list(arms.mines)
        mines[index] -= 1
        return next_attacker(with_arms(state, key, mines=tuple(mines)))
    return replace(state, phase="aim", aiming=index)


# --- Aiming: the board's facts -----------------------------------------------------------------


def aim_prompts(state: DeathState) -> tuple[Prompt, ...]:
    key, arm = _firing(state)
    cars = targets(state, key, arm)
    fields = [
        Field(
            "target",
            _("Target"),
            "choice",
            choices=(
                *((car, label(state, car)) for car in cars),
                *(
                    (
                        (
                            EMPTY_SPACE,
                            _("An empty space (-{penalty} accuracy)").format(
                                penalty=EMPTY_SPACE_PENALTY
                            ),
                        ),
                    )
                    if arm.empty_space
                    else ()
                ),
            ),
        )
    ]
    if arm.range is not None:
        fields.append(
            board_fact(
                "spaces",
                _(
                    "Spaces to the target, counted from a space next to {car} (range {range})"
                ).format(car=name(key), range=arm.range),
                _("spaces"),
                arm.range,
                short=_("Spaces"),
            )
        )
        fields[-1] = replace(fields[-1], minimum=1, default=1, maximum=None)
    if not arm.no_sight:
        fields.append(
            Field(
                "no_sight",
                _(
                    "No line of sight: no straight line from car to car that stays on the track "
                    "(the Grenade Launcher ignores cars between)"
                )
                if arm.over_cars
                else _(
                    "No line of sight: no straight line from car to car that stays on the track, "
                    "or a car in the way blocks it"
                ),
                "bool",
                required=False,
                default=False,
                short=_("No line of sight"),
            )
        )
    others = tuple(car for car in on_track(state) if car != key)
    if arm.also_hits:
        also = _("Cars it also hits (same lane in range; beside the target; all adjacent)")
        fields.append(cars_fact(state, "also", also, others, short=_("Also hit")))
    if arm.pulls:
        beside = _("If hit, cars the target would end beside (both roll for collision)")
        fields.append(cars_fact(state, "pulled_beside", beside, others, folded=True))
    if arm.remote:
        text = _("{car}'s remote mine explodes ({weapon}): on which car")
    else:
        text = _("{car} fires {weapon}: its target, as the board shows")
    text = text.format(car=label(state, key), weapon=_weapon_line(arm))
    return (Prompt("aim", text, key, tuple(fields)),)


def on_aim(state: DeathState, event: Event, prompt: Prompt) -> DeathState:
    key = prompt.car or ""
    arm = weapon(state, key, state.aiming)
    entry = prompt.read(event.data, state.car_keys)
    target = entry["target"]
    if arm.range is not None and entry["spaces"] > arm.range:
        raise EventRejected(
            _("{target} is {spaces} spaces away: {weapon} has a range of {range}.").format(
                target=target_name(target), spaces=entry["spaces"], weapon=arm.name, range=arm.range
            )
        )
    if not arm.no_sight and entry.get("no_sight", False):
        raise EventRejected(
            _("{car} has no line of sight to {target}: choose another target.").format(
                car=name(key), target=target_name(target)
            )
        )
    also = tuple(car for car in entry.get("also", ()) if car not in (key, target))
    beside = tuple(car for car in entry.get("pulled_beside", ()) if car not in (key, target))
    state = replace(state, target=target, also=also, pulled_beside=beside)
    state = replace(state, screened=0)
    if not arm.remote and _screens(state, key, arm, target):
        return replace(state, phase="screen")
    return replace(state, phase="hit")


def _screens(state: DeathState, key: str, arm: Weapon, target: str) -> tuple[tuple[str, int], ...]:
    if target == EMPTY_SPACE:
        return ()
    jammer = has(state, target, "Jammer") and not state.arms(target).jammed
    return screens(arm, defence(state, target), jammer=jammer)


def screen_now(state: DeathState) -> tuple[str, int]:
    """The screen roll asked now: the card and the most the attacker may roll."""
    key, arm = _firing(state)
    return _screens(state, key, arm, state.target)[state.screened]


def screen_prompts(state: DeathState) -> tuple[Prompt, ...]:
    key, arm = _firing(state)
    card, most = screen_now(state)
    text = _(
        "{target}'s {card}: {car} must roll 1-{most} to attack it with {weapon} (roll black)"
    ).format(
        target=name(state.target), card=card, car=label(state, key), most=most, weapon=arm.name
    )
    return (Prompt("screen_roll", text, key, (BLACK_DIE,)),)


def on_screen(state: DeathState, event: Event, prompt: Prompt) -> DeathState:
    key = prompt.car or ""
    arm = weapon(state, key, state.aiming)
    value = prompt.read(event.data)["value"]
    card, most = screen_now(state)
    if value <= most:
        screened = state.screened + 1
        done = screened == len(_screens(state, key, arm, state.target))
        return replace(state, phase="hit" if done else "screen", screened=screened)
    # Turned away. Bravado: "a different target or ... a different weapon" (this weapon at
    # this car refused). A Jammer: "they must choose a different target" (all its missiles).
    turned: tuple[str, ...] = (arm.name,)
    if card == JAMMER:
        state = with_arms(state, state.target, jammed=True)
        turned = tuple(
            missile for missile in state.arms(key).weapons if WEAPON[missile].kind is arm.kind
        )
    refused = (*state.refused, *(f"{missile}|{state.target}" for missile in turned))
    return replace(
        state, phase="attack", aiming=-1, target="", also=(), refused=refused, screened=0
    )


# --- The hit roll ------------------------------------------------------------------------------


def hit_prompts(state: DeathState) -> tuple[Prompt, ...]:
    key, arm = _firing(state)
    need = hit_need(state, arm)
    halved = ""
    if state.target == EMPTY_SPACE:
        halved = _(" (-{penalty} at an empty space)").format(penalty=EMPTY_SPACE_PENALTY)
    elif need != arm.accuracy:
        halved = _(" (halved by its defence)")
    again = _("Targeting Computer: reroll the miss — ") if state.rerolled else ""
    text = again + _("{car} fires {weapon} at {target}: roll black, 1-{need} hits{halved}").format(
        car=label(state, key),
        weapon=arm.name,
        target=target_name(state.target),
        need=need,
        halved=halved,
    )
    return (Prompt("hit_roll", text, key, (BLACK_DIE,)),)


def on_hit(state: DeathState, event: Event, prompt: Prompt) -> DeathState:
    key = prompt.car or ""
    index = state.aiming
    arm = weapon(state, key, index)
    value = prompt.read(event.data)["value"]
    if not state.rerolled and not arm.remote:  # the tokens go on as it fires, once
        reloads = list(state.arms(key).reloads)
        reloads[index] = reload_after_firing(arm)
        state = with_arms(state, key, reloads=tuple(reloads))
    if value > hit_need(state, arm):
        if not state.rerolled and once_a_lap_left(state, key, TARGETING_COMPUTER):
            return replace(state, phase="reroll")
        return _shot_done(state)
    for hit in (state.target, *state.also):
        if hit == EMPTY_SPACE:
            continue
        state = _hit(state, key, arm, hit)
    return _shot_done(state)


def _shot_done(state: DeathState) -> DeathState:
    """After the hit roll: the next attacker; after a remote mine's explosion, which is not the
    car's attack, the same car chooses its attack."""
    _key, arm = _firing(state)
    if not arm.remote or state.pending:
        return next_attacker(state)
    return replace(state, phase="attack", aiming=-1, target="", also=(), rerolled=False)


def reroll_prompts(state: DeathState) -> tuple[Prompt, ...]:
    key, arm = _firing(state)
    text = _("{car}'s {weapon} missed {target}: reroll it on the {card} (once a lap)?").format(
        car=label(state, key),
        weapon=arm.name,
        target=target_name(state.target),
        card=TARGETING_COMPUTER,
    )
    choices = (("yes", _("Reroll")), ("no", _("Keep the miss")))
    field = Field("reroll", _("Reroll"), "choice", choices=choices)
    return (Prompt("reroll", text, key, (field,)),)


def on_reroll(state: DeathState, event: Event, prompt: Prompt) -> DeathState:
    key = prompt.car or ""
    if prompt.read(event.data)["reroll"] == "no":
        return _shot_done(state)
    return replace(use_once_a_lap(state, key), rerolled=True, phase="hit")


def _hit(state: DeathState, key: str, arm: Weapon, target: str) -> DeathState:
    """What a hit does to `target`: damage through the armour facing the attacker, and the
    weapon's special."""
    if not state.car(target).racing:
        return state
    attacker_in_front = in_front(state.standing, target, key) if key in state.standing else False
    points = damage_dealt(arm, defence(state, target), attacker_in_front=attacker_in_front)
    state = take_damage(state, target, points)
    if not state.car(target).racing:
        return state
    if arm.reload_hit:
        state = reloads.reloads_hit(state, key, arm, target)
    if arm.gears_down:
        state = gears_down(state, target, arm.gears_down)
    if arm.pulls:
        car = state.car(target)
        state = with_car(state, target, spaces=car.spaces - arm.pulls)
        if state.pulled_beside:
            beside = Reason(reasons.PULLED_BESIDE, cars=state.pulled_beside)
            checks = [Check("collision_roll", target, why=beside)]
            checks += [
                Check("collision_roll", other, why=Reason(reasons.PULLED_BESIDE_IT, car=target))
                for other in state.pulled_beside
            ]
            state = replace(state, pending=(*state.pending, *checks))
    if arm.wrecks:
        arms = state.arms(target)
        state = with_arms(state, target, most=max(arms.most - arm.wrecks, 0))
    if arm.strips_upgrade and points and _strippable(state, target):
        state = replace(
            state,
            pending=(
                *state.pending,
                Check("blade_roll", target, why=Reason(reasons.WEAPON_HIT, weapon=arm.name)),
            ),
        )
    return state


def _strippable(state: DeathState, key: str) -> tuple[tuple[str, str], ...]:
    """The upgrades Chain Blades may take: a defence or utility, not a Powerful one."""
    from rules.death.loadout import is_powerful

    arms = state.arms(key)
    return tuple(
        (slot, card)
        for slot, card in ((LOSE_DEFENCE, arms.defence), (LOSE_UTILITY, arms.utility))
        if card and not is_powerful(card)
    )


def blade_prompt(state: DeathState, check: Check) -> Prompt:
    choices = tuple((slot, card) for slot, card in _strippable(state, check.car))
    text = _("{car}: {reason}: roll black, 1-{most} loses an upgrade (its choice)").format(
        car=label(state, check.car), reason=reason_words(check), most=CHAIN_BLADES_MAX
    )
    lose = Field(
        "lose",
        _("Upgrade it gives up (on a 1-{most})").format(most=CHAIN_BLADES_MAX),
        "choice",
        choices=(("", "—"), *choices),
        required=False,
        default="",
    )
    return Prompt("blade_roll", text, check.car, (BLACK_DIE, lose))


def on_blade(state: DeathState, event: Event, prompt: Prompt) -> DeathState:
    entry = prompt.read(event.data)
    check = state.pending[0]
    state = replace(state, pending=state.pending[1:])
    if entry["value"] <= CHAIN_BLADES_MAX:
        if not entry["lose"]:
            raise EventRejected(
                _(
                    "Chain Blades: a roll of {value} (1-{most}) loses an upgrade: say which {car} "
                    "gives up."
                ).format(value=entry["value"], most=CHAIN_BLADES_MAX, car=name(check.car))
            )
        arms = state.arms(check.car)
        lost = getattr(arms, entry["lose"])
        state = with_arms(
            state, check.car, **{entry["lose"]: "", "stripped": (*arms.stripped, lost)}
        )
    return state
