"""The Movement Phase as Formula D's, with what the document changes: the slipstream (three
spaces behind any car, whatever the gears; a Ram Spike's damage instead), dropping the clutch
into a corner, the wreckage (Formula D's damage markers) and collision rolls at 1-4 as the cards
change them, the mines dropped and run onto, Nitros, the Nanobots' healing; and a pit stop
refills the car's damage and mines."""

from __future__ import annotations

from dataclasses import replace

from rules.death.attacks import (
    CLUTCH_SPACES,
    RAM_DAMAGE,
    REFIT_DAMAGE,
    SLIPSTREAM_SPACES,
    clutch_damage,
    collision_max,
    wreckage_max,
)
from rules.death.cards import DEFENCE, WEAPON
from rules.death.race.common import (
    defence,
    gears_down,
    has,
    heal,
    once_a_lap_left,
    steady,
    take_damage,
    use_once_a_lap,
    with_arms,
)
from rules.death.race.state import BOTH_ROLL, MOVER_ROLLS, DeathState
from rules.engine.events import Event, EventRejected, Field, Prompt
from rules.engine.pieces import BLACK_DIE, board_fact, name, with_car
from rules.formula_d.race import turns
from rules.formula_d.race.common import label, on_track
from rules.formula_d.race.facts import marker_label
from rules.formula_d.race.reasons import DIRECTLY_BEHIND, RAMMED, Reason, is_rammed, reason_words
from rules.formula_d.race.state import Check
from rules.language import gettext as _

# Formula D's slipstream facts, which Death's slipstream replaces.
FORMULA_D_SLIPSTREAM = ("slipstream", "slipstream_brakes", "slipstream_corner")
# Death's own facts of a move, taken out before Formula D's move reads the rest.
DEATH_FACTS = (
    "behind",
    "in_front_of",
    "slipstreamed",
    "rammed",
    "clutch",
    "nitros",
    "limpet",
    "slip_mine",
    "healed",
    "refit_defence",
    "refit_utility",
)
SLIP_MINE_GEARS = 2


def _yes_no(key: str, question: str, short: str, *, folded: bool = False) -> Field:
    """A yes/no fact of the move, no by default."""
    return Field(key, question, "bool", required=False, default=False, short=short, folded=folded)


def _car_fact(
    state: DeathState, key: str, question: str, cars: tuple[str, ...], short: str
) -> Field:
    """Which of `cars` the move ended next to in some way, none by default."""
    return Field(
        key,
        question,
        "choice",
        choices=(("", "—"), *((car, label(state, car)) for car in cars)),
        required=False,
        default="",
        short=short,
    )


def _formula_d_prompt(state: DeathState) -> Prompt:
    prompt = turns.move_prompts(state)[0]
    fields = tuple(
        # Folded under "More" (a move over wreckage is the exception): the wreckage of a
        # whole race's rounds and cars, a chip each, would push the die's keypad off a phone's
        # first screen, where Death's own facts already stand above it.
        replace(
            spec,
            label=_("Wreckage markers passed over or landed on (a wreckage roll each)"),
            short=_("Wreckage"),
            folded=True,
        )
        if spec.name == "markers"
        else spec
        for spec in prompt.fields
        if spec.name not in FORMULA_D_SLIPSTREAM
    )
    return replace(prompt, fields=fields)


def _limpet_weapons(state: DeathState, key: str) -> tuple[int, ...]:
    """The weapons `key` may drop a limpet mine from: mines left and no reload tokens (the one
    every weapon starts with is taken off in an Attack Phase, as any weapon's)."""
    arms = state.arms(key)
    return tuple(
        index
        for index, weapon_name in enumerate(arms.weapons)
        if WEAPON[weapon_name].at_movement and arms.mines[index] and not arms.reloads[index]
    )


def _limpets(state: DeathState, key: str) -> int:
    return sum(state.arms(key).mines[index] for index in _limpet_weapons(state, key))


def move_prompts(state: DeathState) -> tuple[Prompt, ...]:
    prompt = _formula_d_prompt(state)
    key = prompt.car or ""
    car = state.car(key)
    others = tuple(other for other in on_track(state) if other != key)
    extra: list[Field] = []
    if others:
        extra.append(
            _car_fact(
                state,
                "behind",
                _("Ended directly behind (slipstream, Ram Spike)"),
                others,
                _("Behind"),
            )
        )
        spikes = tuple(other for other in others if has(state, other, "Wheel Spikes"))
        if spikes:
            question = _("Ended directly in front of (its Wheel Spikes do not double the roll)")
            in_front = _car_fact(state, "in_front_of", question, spikes, _("In front of"))
            extra.append(replace(in_front, folded=True))
        if not state.fixed_move:
            extra.append(
                _yes_no(
                    "slipstreamed",
                    _("Slipstreamed: {spaces} spaces more, whatever the gears").format(
                        spaces=SLIPSTREAM_SPACES
                    ),
                    _("Slipstream"),
                )
            )
        if has(state, key, "Ram Spike"):
            extra.append(
                _yes_no(
                    "rammed",
                    _("Ram Spike: {damage} damage to it instead of slipstreaming").format(
                        damage=RAM_DAMAGE
                    ),
                    _("Ram"),
                )
            )
    damage = clutch_damage(has(state, key, "Drop Clutch"))
    extra.append(
        _yes_no(
            "clutch",
            _("Dropped the clutch: one space more, into the corner ({damage} damage)").format(
                damage=damage
            ),
            _("Clutch"),
            folded=True,
        )
    )
    if once_a_lap_left(state, key, "Nitros") and not state.fixed_move:
        extra.append(
            _yes_no(
                "nitros",
                _("Nitros (once a lap): {spaces} spaces more").format(spaces=car.gear),
                _("Nitros"),
            )
        )
    if _limpets(state, key):
        extra.append(
            _yes_no(
                "limpet",
                _("Dropped a limpet mine where it stopped ({left} left)").format(
                    left=_limpets(state, key)
                ),
                _("Limpet"),
                folded=True,
            )
        )
    extra.append(
        _yes_no(
            "slip_mine",
            _("Ran onto a slip mine: the move ends there, {gears} gears down").format(
                gears=SLIP_MINE_GEARS
            ),
            _("Slip mine"),
            folded=True,
        )
    )
    most = defence(state, key)
    if most is not None and most.heals:
        extra.append(
            board_fact(
                "healed",
                _("Nanobots: corners entered whose roll of 1-{most} healed a point").format(
                    most=most.heals
                ),
                _("points"),
                8,
                short=_("Healed"),
                folded=True,
            )
        )
    if any(spec.name == "pit" for spec in prompt.fields):
        extra += [
            _yes_no(
                _refit_key(card),
                _("Chain Blades: {card} refitted at the pit stop ({damage} damage)").format(
                    card=card, damage=REFIT_DAMAGE
                ),
                _("Refit {card}").format(card=card),
                folded=True,
            )
            for card in state.arms(key).stripped
        ]
    fields = list(prompt.fields)
    at = next(i for i, spec in enumerate(fields) if spec.name == "finish")
    return (replace(prompt, fields=(*fields[:at], *extra, *fields[at:])),)


def on_move(state: DeathState, event: Event, prompt: Prompt) -> DeathState:
    key = prompt.car or ""
    car = state.car(key)
    entry = prompt.read(event.data, state.car_keys)
    behind: str = entry.get("behind") or ""
    slipstreamed = entry.get("slipstreamed", False)
    rammed = entry.get("rammed", False)
    if (slipstreamed or rammed) and not behind:
        raise EventRejected(_("Slipstream or Ram Spike: name the car it ended directly behind."))
    if slipstreamed and rammed:
        raise EventRejected(_("The Ram Spike's damage is instead of slipstreaming, not as well."))
    if slipstreamed and has(state, behind, "Jet Wash"):
        raise EventRejected(
            _("{car}'s Jet Wash: no car can slipstream behind it.").format(car=name(behind))
        )
    extra = (
        SLIPSTREAM_SPACES * slipstreamed
        + CLUTCH_SPACES * entry.get("clutch", False)
        + car.gear * entry.get("nitros", False)
    )
    formula_d = _formula_d_prompt(state)
    data = {k: v for k, v in event.data.items() if k not in DEATH_FACTS}
    adjacent = list(data.get("adjacent") or [])
    in_front_of: str = entry.get("in_front_of") or ""
    for other in (behind if not slipstreamed else "", in_front_of):
        if other and other not in adjacent:
            adjacent.append(other)  # directly behind or in front of a car is beside it
            data["adjacent"] = adjacent
    before = state
    state = with_car(state, key, spaces=car.spaces + extra)
    state = turns.on_move(state, Event("move", data), formula_d)
    if entry.get("nitros"):
        state = use_once_a_lap(state, key)
    ahead = (behind if not slipstreamed else "", in_front_of)
    state = _collision_odds(state, key, *ahead, adjacent)
    if rammed:
        state = take_damage(state, behind, RAM_DAMAGE)
    rolls = state.setup.behind_rolls
    front = behind if not slipstreamed else ""
    armoured = bool(front) and has(state, front, HEAVY_ARMOUR_REAR)
    both_roll = (rammed and rolls != MOVER_ROLLS) or (armoured and rolls == BOTH_ROLL)
    if both_roll and state.phase == "checks" and state.car(front).racing:
        # Caused by the car directly behind: Heavy Armour (Rear)'s odds (collision_odds).
        check = (
            Check("collision_roll", front, why=Reason(RAMMED, car=key))
            if rammed
            else Check(
                "collision_roll",
                front,
                why=Reason(DIRECTLY_BEHIND, car=key),
                marker=f"{ODDS_PREFIX}{collision_odds_behind(state, front)}",
            )
        )
        state = replace(state, pending=(*state.pending, check))
    if entry.get("clutch"):
        state = take_damage(state, key, clutch_damage(has(state, key, "Drop Clutch")))
    if entry.get("limpet") and state.car(key).racing:
        state = _drop_limpet(state, key)
    if entry.get("slip_mine") and state.car(key).racing:
        state = gears_down(state, key, SLIP_MINE_GEARS)
    if entry.get("healed") and state.car(key).racing:
        state = heal(state, key, entry["healed"])
    refits = tuple(card for card in before.arms(key).stripped if entry.get(_refit_key(card)))
    if state.car(key).pits > before.car(key).pits:
        state = refit(state, key, refits)
    elif refits:
        raise EventRejected(_("Chain Blades: an upgrade is refitted only at a pit stop."))
    return steady(state)


def _refit_key(card: str) -> str:
    """The move fact refitting `card`: one per slot, as a slot loses one card at most."""
    return "refit_defence" if card in DEFENCE else "refit_utility"


def _drop_limpet(state: DeathState, key: str) -> DeathState:
    from rules.formula_d.race.common import place_marker

    mines = list(state.arms(key).mines)
    mines[_limpet_weapons(state, key)[0]] -= 1
    return place_marker(with_arms(state, key, mines=tuple(mines)), key)


def refit(state: DeathState, key: str, refits: tuple[str, ...] = ()) -> DeathState:
    """In the pits: the damage back to its maximum, the slip mines replenished; each upgrade
    Chain Blades took that is refitted (`refits`) back in its slot for its damage, paid from
    the points refilled (no wreckage), refused if it would leave none."""
    arms = state.arms(key)
    mines = tuple(
        WEAPON[weapon_name].mines if not WEAPON[weapon_name].at_movement else left
        for weapon_name, left in zip(arms.weapons, arms.mines, strict=True)
    )
    damage = arms.most - REFIT_DAMAGE * len(refits)
    if refits and damage <= 0:
        raise EventRejected(
            _(
                "Chain Blades: refitting costs {damage} damage a card; {car} would have {left} "
                "left of its {most} and spin out in the pits."
            ).format(damage=REFIT_DAMAGE, car=name(key), left=max(damage, 0), most=arms.most)
        )
    slots = {("defence" if card in DEFENCE else "utility"): card for card in refits}
    stripped = tuple(card for card in arms.stripped if card not in refits)
    return with_arms(state, key, damage=damage, mines=mines, stripped=stripped, **slots)


# --- Collision and wreckage rolls --------------------------------------------------------------

ODDS_PREFIX = "odds:"
# The roll a wreckage marker calls for: its prompt's and its event's kind. The check owed for it
# is Formula D's for a damage marker ("handling_roll", as a race's snapshot keeps it); a log
# recorded before the roll had its own name entered it as a "handling_roll" too (RENAMED_KINDS).
WRECKAGE_ROLL = "wreckage_roll"
RENAMED_KINDS = {"handling_roll": WRECKAGE_ROLL}
HEAVY_ARMOUR_REAR = "Heavy Armour (Rear)"


def _collision_odds(
    state: DeathState, key: str, behind: str, in_front_of: str, adjacent: list[str]
) -> DeathState:
    """The collision roll `key`'s move calls for, told its odds: 1-4, less for its armour (the
    car directly in front for Heavy Armour (Front)), doubled beside an Electrified Body, behind a
    Jet Wash, or beside Wheel Spikes (not directly behind or in front of them)."""
    doubled = (
        any(has(state, other, "Electrified Body") for other in adjacent)
        or (bool(behind) and has(state, behind, "Jet Wash"))
        or any(
            has(state, other, "Wheel Spikes")
            for other in adjacent
            if other not in (behind, in_front_of)
        )
    )
    most = collision_max(defence(state, key), behind_car=bool(behind), doubled=doubled)
    pending = tuple(
        replace(check, marker=f"{ODDS_PREFIX}{most}")
        if check.kind == "collision_roll" and check.car == key and not check.marker
        else check
        for check in state.pending
    )
    return replace(state, pending=pending)


def collision_odds_behind(state: DeathState, key: str) -> int:
    """The odds of `key`'s collision roll caused by a car directly behind it (its rear)."""
    armour = defence(state, key)
    return armour.rear_collision_max if armour else collision_max(None)


def collision_odds(state: DeathState, check: Check) -> int:
    if check.marker.startswith(ODDS_PREFIX):
        return int(check.marker[len(ODDS_PREFIX) :])
    if is_rammed(check):  # caused by the car directly behind
        return collision_odds_behind(state, check.car)
    return collision_max(defence(state, check.car))


def collision_prompt(state: DeathState, check: Check) -> Prompt:
    most = collision_odds(state, check)
    text = _("{car} {reason}: collision roll, roll black (1-{most}: a point of damage)").format(
        car=label(state, check.car), reason=reason_words(check), most=most
    )
    return Prompt("collision_roll", text, check.car, (BLACK_DIE,))


def wreckage_prompt(state: DeathState, check: Check) -> Prompt:
    most = wreckage_max(defence(state, check.car))
    where = marker_label(state, check.marker) if check.marker else _("wreckage")
    text = _(
        "{car} passed over the wreckage ({where}): wreckage roll, roll black (1-{most}: a point "
        "of damage, and the marker is removed)"
    ).format(car=label(state, check.car), where=where, most=most)
    return Prompt(WRECKAGE_ROLL, text, check.car, (BLACK_DIE,))


def on_collision(state: DeathState, event: Event, prompt: Prompt) -> DeathState:
    check = state.pending[0]
    value = prompt.read(event.data)["value"]
    state = replace(state, pending=state.pending[1:])
    if value <= collision_odds(state, check):
        state = take_damage(state, check.car, 1)
    return state


def on_wreckage(state: DeathState, event: Event, prompt: Prompt) -> DeathState:
    check = state.pending[0]
    value = prompt.read(event.data)["value"]
    state = replace(state, pending=state.pending[1:])
    if value <= wreckage_max(defence(state, check.car)):
        markers = tuple(marker for marker in state.markers if marker.key != check.marker)
        state = take_damage(replace(state, markers=markers), check.car, 1)
    return state
