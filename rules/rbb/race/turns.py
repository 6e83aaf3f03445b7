"""A car's turn: the order of play, its gear, then its move and what the board shows."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.dice import HIGHEST_GEAR
from rules.engine.events import Event, EventRejected, Field, Prompt
from rules.engine.pieces import name, racing, with_car
from rules.formula_d import FREE, SPIN_GEAR, GearChangeCost, IllegalGearChange, Zone
from rules.formula_d.race import doubts
from rules.formula_d.race.facts import (
    blocked_fact,
    brakes_fact,
    cars_fact,
    corner_facts,
    finish_fact,
    markers_fact,
    most_spaces,
    pit_fact,
    roll_fact,
)
from rules.formula_d.race.gearing import (
    cost_choice,
    gear_entered,
    gear_prompt,
    keeps_racing,
    wear_refusal,
)
from rules.formula_d.race.moves import (
    MoveWords,
    crossing,
    handling_checks,
    motor_damage_checks,
    move_text,
    refuse_eliminated_beyond,
    refuse_overshot,
)
from rules.formula_d.race.reasons import TURN_BESIDE, Reason
from rules.language import gettext as _
from rules.language import gettext_noop as N_
from rules.rbb import (
    PIT_EXIT_GEAR,
    SLIPSTREAM_MIN_GEAR,
    SLIPSTREAM_SPACES,
    STALL_ROLL,
    blocked,
    check_slipstream,
    crashes_for_stops,
    pit_lane_gear,
)
from rules.rbb.braking import braking_cost
from rules.rbb.gears import gear_change_cost, gears_skipped
from rules.rbb.pit_stop import may_pit, reaches_pit, refit_tires
from rules.rbb.race.common import (
    eliminate,
    event_number,
    gear_name,
    lose,
    on_track,
    place_marker,
)
from rules.rbb.race.flow import begin_turn, settle
from rules.rbb.race.state import QUICK, READY, CarState, Check, Marker, RaceState
from rules.rbb.race.weather import re_roll_checks
from rules.rbb.tyres import overshoot

# --- Order of play -----------------------------------------------------------------------------


def on_order(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    order = prompt.read(event.data, racing(state))["order"]
    return begin_turn(replace(state, order=order, turn=0))


# --- Gears -------------------------------------------------------------------------------------


def gear_cost(car: CarState, gear: int) -> GearChangeCost:
    """Nothing after a spin (it starts again in 1st) or out of the pits (it leaves in 4th)."""
    if car.spun or car.pit == READY:
        return FREE
    return gear_change_cost(car.gear, gear)


def gear_refusal(car: CarState, gear: int) -> str | None:
    """Why `car` may not choose `gear` now, in the words of the rules; None if it may."""
    who = name(car.car)
    if not 1 <= gear <= HIGHEST_GEAR:
        return _("There is no gear {gear}: gears run from 1 to {highest}.").format(
            gear=gear, highest=HIGHEST_GEAR
        )
    if car.pit == READY:
        if gear == PIT_EXIT_GEAR:
            return None
        return _("{car} leaves the pits in {gear} gear.").format(
            car=who, gear=gear_name(PIT_EXIT_GEAR)
        )
    if car.spun:
        return (
            None
            if gear == SPIN_GEAR
            else _("{car} spun: it starts again in 1st gear.").format(car=who)
        )
    try:
        cost = gear_change_cost(car.gear, gear)
    except IllegalGearChange as refusal:
        return str(refusal)
    # "A racer may not skip down more gears than they have relevant Wear Points remaining."
    return wear_refusal(car, cost, gears_skipped(car.gear, gear))


def gear_prompts(state: RaceState) -> tuple[Prompt, ...]:
    car = state.car(state.order[state.turn])
    legal = [gear for gear in range(1, HIGHEST_GEAR + 1) if gear_refusal(car, gear) is None]
    default = car.gear if car.gear in legal else legal[0]
    notes = []
    if car.spun:
        notes.append(_("spun: starts again in 1st"))
    if car.pit == READY:
        notes.append(_("leaves the pits in {gear}").format(gear=gear_name(PIT_EXIT_GEAR)))
    choices = [(gear, cost_choice(gear, gear_cost(car, gear), car.sheet.engine)) for gear in legal]
    # The move follows the gear at once, unless paying for it puts the car out.
    rolled = {
        gear: roll_fact(gear)
        for gear in legal
        if not state.fixed_move and keeps_racing(car, gear_cost(car, gear))
    }
    return (gear_prompt(state, car, choices, default, notes, rolled=rolled),)


def on_gear(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    car = state.car(prompt.car or "")
    gear = gear_entered(event.data)
    refusal = gear_refusal(car, gear)
    if refusal:
        raise EventRejected(refusal)
    prompt.read({**event.data, "gear": str(gear)})
    cost = gear_cost(car, gear)
    state = with_car(state, car.car, gear=gear, spun=False, pit="")
    state = lose(state, car.car, cost.losses)
    if not state.car(car.car).racing:
        return settle(state)
    return replace(state, phase="move")


# --- The move ----------------------------------------------------------------------------------


def _others(state: RaceState, car: CarState) -> tuple[str, ...]:
    return tuple(key for key in on_track(state) if key != car.car)


def _offers_slipstream(state: RaceState, car: CarState) -> bool:
    return car.gear >= SLIPSTREAM_MIN_GEAR and bool(_others(state, car))


def _offers_pit(state: RaceState, car: CarState) -> bool:
    return not state.fixed_move and may_pit(car.laps + 1, car.pits)


def _markers(state: RaceState, car: CarState) -> tuple[str, ...]:
    own = Marker(car.car, car.moved_at, state.round).key
    return tuple(marker.key for marker in state.markers if marker.key != own)


def move_prompts(state: RaceState) -> tuple[Prompt, ...]:
    car = state.car(state.order[state.turn])
    others = _others(state, car)
    fields: list[Field] = [] if state.fixed_move else [roll_fact(car.gear)]
    fields.append(brakes_fact(car.sheet.brakes))
    fields.append(
        blocked_fact(
            N_("Blocked: the spaces it would still have moved (0 = no; 7 or more eliminates)")
        )
    )
    if others:
        fields.append(
            cars_fact(
                state,
                "blocked_by",
                _(
                    "The racer directly in front that blocked it (if it is eliminated: 1 body WP "
                    "and a damage token for that racer)"
                ),
                others,
                short=_("Blocked by"),
                folded=True,
            )
        )
    fields += corner_facts(
        N_("Overshot a corner: the stops it asks for (0 = no)"),
        N_("Spaces beyond the corner limit (1 tyre WP each)"),
    )
    if _offers_slipstream(state, car):
        fields.append(
            Field(
                "slipstream",
                _("Ended directly behind a racer and slipstreamed ({spaces} spaces more)").format(
                    spaces=SLIPSTREAM_SPACES
                ),
                "bool",
                required=False,
                default=False,
                short=_("Slipstream"),
            )
        )
    markers = _markers(state, car)
    if markers:
        question = _("Damage tokens passed onto (a handling roll each)")
        fields.append(markers_fact(state, markers, question, _("Tokens")))
    if others:
        fields.append(
            cars_fact(
                state,
                "adjacent",
                _("Racers it ended its turn beside (each of them and it roll for body damage)"),
                others,
                short=_("Beside"),
            )
        )
    if _offers_pit(state, car):
        fields.append(pit_fact())
    fields.append(finish_fact(most=most_spaces(car.gear, state.fixed_move)))
    text = move_text(state, car, STALL_ROLL, RBB_MOVES)
    return (Prompt("move", text, car.car, tuple(fields)),)


RBB_MOVES = MoveWords(
    fixed_start=N_(
        "{who} made a fantastic start: it moves {fixed} spaces in 1st instead of rolling; "
        "report the board"
    ),
    fixed_pit_exit=N_(
        "{who} leaves the pits in {gear} (Quick Pit Stop): it moves {spaces}; report the board"
    ),
    after_failed_start=N_(
        "{who} moves off after its stall, in 1st without a new start roll: roll {die}"
    ),
)


def _refuse_unoffered(state: RaceState, car: CarState, data: Mapping[str, Any]) -> None:
    who = name(car.car)
    if data.get("slipstream") and not _offers_slipstream(state, car):
        raise EventRejected(
            _(
                "{car} is in {gear} gear: slipstreaming needs {least} gear or higher, behind "
                "another racer."
            ).format(car=who, gear=gear_name(car.gear), least=gear_name(SLIPSTREAM_MIN_GEAR))
        )
    if data.get("pit") and not _offers_pit(state, car):
        raise EventRejected(
            _(
                "{car} may make a pit stop only at the end of the first lap, once, on a roll of "
                "its gear die."
            ).format(car=who)
        )


def on_move(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    car = state.car(prompt.car or "")
    who = name(car.car)
    _refuse_unoffered(state, car, event.data)
    entry = prompt.read(event.data, state.car_keys)
    fixed = state.fixed_move
    roll: int = fixed or entry["roll"]
    brakes, spaces_blocked = entry["brakes"], entry["blocked"]
    blocked_by: tuple[str, ...] = entry.get("blocked_by", ())
    corner, stops, overshot = entry["corner"], entry["stops"], entry["overshoot"]
    slipstream: bool = entry.get("slipstream", False)
    markers: tuple[str, ...] = entry.get("markers", ())
    adjacent: tuple[str, ...] = entry.get("adjacent", ())
    pit: int = entry.get("pit", 0)
    finish = entry["finish"]
    # Facts Paddock's picture rules out: taken, then put to the referee before any roll.
    doubted = (
        *(doubts.no_car_ahead_doubts(state, car.car) if slipstream else ()),
        *doubts.blocker_doubts(state, car.car, blocked_by, spaces_blocked),
    )
    sheet = car.sheet
    tires_lost = brakes_lost = front_body = 0
    spun = False
    out: str | None = None

    # Brakes: by choice, 1 brake WP a space; blocked, by the table; never both.
    if brakes and spaces_blocked:
        raise EventRejected(
            _(
                "{car} was blocked: it pays the blocked-braking table, not brake WP of its choice."
            ).format(car=who)
        )
    if brakes + spaces_blocked > roll:
        raise EventRejected(
            _("{car} moved {moved}: it cannot stop {short} spaces short.").format(
                car=who, moved=roll, short=brakes + spaces_blocked
            )
        )
    if blocked_by and not spaces_blocked:
        raise EventRejected(_("Blocked by a racer: say how many spaces it would still have moved."))
    if len(blocked_by) > 1:
        raise EventRejected(_("One racer is directly in front: name only that one."))
    brakes_lost = braking_cost(brakes, sheet.brakes)
    spaces = roll - brakes - spaces_blocked

    if spaces_blocked:
        outcome = blocked(spaces_blocked, sheet.brakes, sheet.tires, by_racer=bool(blocked_by))
        if outcome.eliminated:
            out = "blocked"
            front_body = outcome.front_body_lost
        brakes_lost, tires_lost, spun = outcome.brakes_lost, outcome.tires_lost, outcome.spun

    # Slipstreaming: 3 more spaces at once, in 4th or higher.
    if slipstream:
        check_slipstream(car.gear, blocked=bool(spaces_blocked))
        spaces += SLIPSTREAM_SPACES

    # Tyres: overshooting, counted where the move ends.
    if (stops or overshot) and not corner:
        raise EventRejected(_("Overshooting: say which corner, by the stops it asks for."))
    if corner and out is None:
        refuse_overshot(who, spaces, overshot)
        result = overshoot(sheet.tires - tires_lost, overshot, stops, corner)
        if result.eliminated:
            out = "stops" if crashes_for_stops(stops, corner) else "tires"
        else:
            tires_lost += result.tires_lost
            spun = spun or result.spun

    moved = {"moved_at": event_number(state), "spun": spun}
    if out is not None:
        refuse_eliminated_beyond(who, pit, finish)
        state = with_car(state, car.car, spaces=car.spaces + spaces, **moved)
        state = eliminate(state, car.car, out)
        if front_body:
            # House rule: the racer directly in front takes a body WP and a token in its space.
            front = blocked_by[0]
            state = place_marker(lose(state, front, {Zone.BODY: front_body}), front)
        owed = (
            (
                *motor_damage_checks(state, car, roll, "engine_roll"),
                *re_roll_checks(state, car, roll),
            )
            if not fixed
            else ()
        )
        return settle(replace(state, pending=(*doubted, *owed), fixed_move=0))

    changes: dict[str, object] = {**moved, "spaces": car.spaces + spaces}
    if pit:
        if brakes or spaces_blocked or slipstream or adjacent or finish:
            raise EventRejected(
                _(
                    "{car} stopped in its pit: no braking, slipstream, racer beside it or finish "
                    "to report (entering the pits completes lap {lap})."
                ).format(car=who, lap=1)
            )
        if not reaches_pit(car.gear, roll, pit):
            raise EventRejected(
                _("{car} rolled {roll}: it needed {pit} or more to enter the pits.").format(
                    car=who, roll=roll, pit=pit
                )
            )
        changes.update(
            laps=car.laps + 1,
            pits=car.pits + 1,
            spaces=car.spaces + pit,
            spun=False,
            gear=pit_lane_gear(car.gear),  # the Pit Lane Speed Limit, at no WP
            pit=QUICK,  # until the racer chooses a Technical Pit Stop instead
        )
    if finish:
        changes |= crossing(
            state,
            car,
            spaces,
            finish,
            rolls_called=bool(adjacent or markers),
            no_rolls=_("no body or handling roll"),
        )

    state = with_car(state, car.car, **changes)
    state = lose(state, car.car, {Zone.BRAKES: brakes_lost, Zone.TIRES: tires_lost})
    if pit:
        built = state.setup.car(car.car).sheet  # the home track's tyres too: fully restored
        state = with_car(state, car.car, sheet=refit_tires(state.car(car.car).sheet, built))

    # The rolls the move calls for, one prompt each: handling for each token passed onto, then
    # body for the mover and each racer beside it, engine damage, and the choice of pit stop.
    pending: list[Check] = []
    if state.car(car.car).racing:
        pending += handling_checks(state, car.car, markers)
        if adjacent:
            why = Reason(TURN_BESIDE, car=car.car, cars=adjacent)
            pending += [Check("body_roll", key, why=why) for key in (car.car, *adjacent)]
    if not fixed:
        # Engine damage is Formula D's Motor Damage, by another name.
        pending += motor_damage_checks(state, car, roll, "engine_roll")
        pending += re_roll_checks(state, car, roll)  # changeable weather, after engine damage
    if pit:
        pending.append(Check("pit_stop", car.car))
    return settle(replace(state, pending=(*doubted, *pending), fixed_move=0))
