"""A car's turn: its gear (and the two-gear upshift roll), then its move and what the board
shows. Damage on the move is paid in the order the move happens: the redline in 6th, the
clutch, braking or being blocked, the slipstream, and last the overshoot (so that a spin-out
at -1 is the overshoot's)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.dice import FACES, HIGHEST_GEAR, Die, die_name, gear_die
from rules.engine.events import Event, EventRejected, Field, Prompt
from rules.engine.pieces import BLACK_DIE, board_fact, name, plural, with_car
from rules.formula_d.race.facts import (
    blocked_fact,
    cars_fact,
    corner_facts,
    finish_fact,
    most_spaces,
    pit_fact,
    roll_fact,
)
from rules.formula_d.race.flow import next_turn
from rules.formula_d.race.gearing import gear_entered, gear_prompt
from rules.formula_d.race.reasons import ROLLED_IN, Reason
from rules.language import gettext as _
from rules.language import gettext_noop as N_
from rules.language import ngettext
from rules.mini.car import take_damage
from rules.mini.damage import REDLINE_DAMAGE, calls_redline_roll, collision_rolls, redline_at_once
from rules.mini.driving import (
    CLUTCH_DAMAGE,
    CLUTCH_SPACES,
    SLIPSTREAM_DAMAGE,
    SLIPSTREAM_MIN_GEAR,
    SLIPSTREAM_SPACES,
    blocked_damage,
    braking_damage,
    check_slipstream,
    overshoot_damage,
    required_stops,
    slipstream_damage,
)
from rules.mini.finish import Crossing
from rules.mini.gears import (
    UPSHIFT_TWO_DAMAGE,
    GearChange,
    IllegalGearChange,
    gear_change,
    upshift_roll,
)
from rules.mini.pit_stop import (
    PIT_EXIT_HIGHEST_GEAR,
    may_pit,
    pit_entry_braking,
    pit_lane_clear_spaces,
)
from rules.mini.race.common import event_number, gear_name, hurt, label, mover, names, out
from rules.mini.race.flow import settle
from rules.mini.race.grid import start_bonus
from rules.mini.race.odds import SIXTH_GEAR_ADDS
from rules.mini.race.state import FINISHED, CarState, Check, RaceState
from rules.mini.start import DOUBLE_SPACES_LAP, board_spaces

# --- Gears -------------------------------------------------------------------------------------


def _change(car: CarState, gear: int) -> GearChange:
    """What choosing `gear` costs; free after a spin-out (1st) or leaving the pits (1st-3rd)."""
    if car.spun:
        if gear != 1:
            raise IllegalGearChange(
                _("{car} spun out: it begins this turn in 1st gear.").format(car=name(car.car))
            )
        return gear_change(1, 1)
    if car.leaving_pits:
        if not 1 <= gear <= PIT_EXIT_HIGHEST_GEAR:
            raise IllegalGearChange(
                _("{car} leaves the pit no higher than {gear} gear.").format(
                    car=name(car.car), gear=gear_name(PIT_EXIT_HIGHEST_GEAR)
                )
            )
        return gear_change(1, 1)
    return gear_change(car.gear, gear)


def _choice(car: CarState, gear: int) -> str:
    change = _change(car, gear)
    if change.upshift_roll:
        return _("{gear} (two up: {damage} damage, then roll black)").format(
            gear=gear_name(gear), damage=change.damage
        )
    cost = _("{damage} damage").format(damage=change.damage) if change.damage else _("free")
    if change.damage and change.damage > car.life:
        cost += _(": more than it has left, eliminated")
    return _("{gear} ({cost})").format(gear=gear_name(gear), cost=cost)


def legal_gears(car: CarState) -> list[int]:
    legal = []
    for gear in range(1, HIGHEST_GEAR + 1):
        try:
            _change(car, gear)
        except IllegalGearChange:
            continue
        legal.append(gear)
    return legal


def gear_prompts(state: RaceState) -> tuple[Prompt, ...]:
    car = state.car(mover(state))
    legal = legal_gears(car)
    default = car.gear if car.gear in legal else legal[-1]
    notes = []
    if car.spun:
        notes.append(_("spun out: begins in 1st"))
    if car.leaving_pits:
        notes.append(
            _(
                "leaving its pit in {gear} or lower; no upshift in the pit lane without clear "
                "spaces equal to the gear's lowest number"
            ).format(gear=gear_name(PIT_EXIT_HIGHEST_GEAR))
        )
    choices = [(gear, _choice(car, gear)) for gear in legal]
    ask = N_("choose a gear (one up or down is free)")
    # The move follows the gear at once, unless two up asks for the upshift roll first or the
    # damage puts the car out.
    rolled = {gear: _roll(gear) for gear in legal if _moves_at_once(car, gear)}
    return (gear_prompt(state, car, choices, default, notes, ask, rolled),)


def _moves_at_once(car: CarState, gear: int) -> bool:
    change = _change(car, gear)
    return not change.upshift_roll and not take_damage(car.life, change.damage).eliminated


def on_gear(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    car = state.car(prompt.car or "")
    gear = gear_entered(event.data)
    change = _change(car, gear)
    prompt.read({**event.data, "gear": str(gear)})
    state = with_car(state, car.car, gear=gear, spun=False)
    state = hurt(state, car.car, change.damage)
    if not state.car(car.car).racing:
        return settle(state)
    return replace(state, phase="upshift" if change.upshift_roll else "move")


def upshift_prompts(state: RaceState) -> tuple[Prompt, ...]:
    car = state.car(mover(state))
    text = _(
        "{car} shifted up two gears ({damage} damage): roll black (1-4: the turn ends and 2 more "
        "damage; 5-16: 2 more damage; 17-20: none)"
    ).format(car=label(state, car.car), damage=UPSHIFT_TWO_DAMAGE)
    return (Prompt("upshift_roll", text, car.car, (BLACK_DIE,)),)


def on_upshift_roll(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    value = prompt.read(event.data)["value"]
    outcome = upshift_roll(value)
    state = hurt(state, prompt.car or "", outcome.damage)
    if outcome.turn_ends or not state.car(prompt.car or "").racing:
        return next_turn(state)
    return replace(state, phase="move")


# --- The move ----------------------------------------------------------------------------------


def _fronts(state: RaceState, car: CarState) -> tuple[str, ...]:
    """Cars the mover may have slipstreamed behind: on the track, in a gear no higher."""
    return tuple(
        key for key in _on_track(state) if key != car.car and 0 < state.car(key).gear <= car.gear
    )


def _on_track(state: RaceState) -> tuple[str, ...]:
    return tuple(car.car for car in state.cars if car.on_track)


def _offers_slipstream(state: RaceState, car: CarState) -> bool:
    return car.gear >= SLIPSTREAM_MIN_GEAR and bool(_fronts(state, car))


def _offers_pit(state: RaceState, car: CarState) -> bool:
    return not car.leaving_pits and may_pit(
        car.laps + 1, state.setup.laps, pits=state.setup.format.pits
    )


def _most_points(gear: int) -> int:
    """The most movement points a roll in `gear` gives: in 6th, the purple die's highest + 10."""
    if gear == HIGHEST_GEAR:
        return max(FACES[Die.PURPLE]) + SIXTH_GEAR_ADDS
    return most_spaces(gear)


def _roll(gear: int) -> Field:
    """The gear die rolled for a move in `gear`: in 6th, the purple die + 10."""
    return roll_fact(gear, _("Purple die + 10 (6th gear)") if gear == HIGHEST_GEAR else "")


def move_prompts(state: RaceState) -> tuple[Prompt, ...]:
    car = state.car(mover(state))
    fields: list[Field] = [
        _roll(car.gear),
        Field(
            "clutch",
            _("Slipped the clutch (+{spaces} space, {damage} damage)").format(
                spaces=CLUTCH_SPACES, damage=CLUTCH_DAMAGE
            ),
            "bool",
            required=False,
            default=False,
            short=_("Clutch"),
            folded=True,
        ),
        board_fact(
            "brakes",
            _("Spaces braked short of the roll (1 damage each)"),
            _("spaces"),
            short=_("Brakes"),
        ),
        blocked_fact(
            _(
                "Blocked by a car: the spaces it would still have moved (1 damage each; 7 or more "
                "eliminates; none in the pit lane)"
            )
            if car.leaving_pits
            else _(
                "Blocked by a car: the spaces it would still have moved (1 damage each; 7 or more "
                "eliminates)"
            )
        ),
        *corner_facts(
            _("Overshot a corner: 1 for a corner, 2 for the track's longest (0 = no)")
            + (
                _(" — this format doubles every corner's stops")
                if state.setup.format.stops_doubled
                else ""
            ),
            N_(
                "Spaces it overshot that corner by (1 damage a space for each stop owed; no lane "
                "change or passing)"
            ),
            most_stops=2,
        ),
    ]
    if _offers_slipstream(state, car):
        fields += [
            cars_fact(
                state,
                "slipstream",
                _(
                    "Slipstreamed behind ({spaces} spaces and {damage} damage each; in {gear} or "
                    "higher, a gear at least theirs)"
                ).format(
                    spaces=SLIPSTREAM_SPACES,
                    damage=SLIPSTREAM_DAMAGE,
                    gear=gear_name(SLIPSTREAM_MIN_GEAR),
                ),
                _fronts(state, car),
                short=_("Slipstream"),
            ),
            board_fact(
                "slipstream_brakes",
                _("Spaces of the last slipstream braked away (1 damage each)"),
                _("spaces"),
                SLIPSTREAM_SPACES,
                short=_("Slipstream brakes"),
                folded=True,
            ),
        ]
    others = tuple(key for key in _on_track(state) if key != car.car)
    if others:
        question = _("Cars it pulled next to or behind (each rolls black, and it rolls for each)")
        fields.append(cars_fact(state, "adjacent", question, others, short=_("Beside")))
    if car.laps + 1 == DOUBLE_SPACES_LAP and not car.leaving_pits:
        fields.append(
            board_fact(
                "double",
                _(
                    "Movement points spent on the first lap's double-spaces, before the first "
                    "turn (each moves two spaces)"
                ),
                _("points"),
                short=_("Double-spaces"),
                folded=True,
            )
        )
    if _offers_pit(state, car):
        clear = pit_lane_clear_spaces(car.gear)
        fields.append(
            pit_fact(
                ngettext(
                    "Pulled into its pit: the spaces to it, braking the rest (1 damage each; only "
                    "with {count} clear space to enter the pit lane; 0 = no)",
                    "Pulled into its pit: the spaces to it, braking the rest (1 damage each; only "
                    "with {count} clear spaces to enter the pit lane; 0 = no)",
                    clear,
                ).format(count=clear)
            )
        )
    fields.append(
        finish_fact(
            N_(
                "Movement points it still needed to reach the finish line, when it crossed it "
                "(0 = it did not)"
            ),
            most=_most_points(car.gear),
        )
    )
    return (Prompt("move", _move_text(state, car), car.car, tuple(fields)),)


def _move_text(state: RaceState, car: CarState) -> str:
    who = _("Round {round}: {car} in {gear}").format(
        round=state.round, car=label(state, car.car), gear=gear_name(car.gear)
    )
    if car.gear == HIGHEST_GEAR:
        roll = _("roll purple + 10")
    else:
        roll = _("roll {die}").format(die=die_name(gear_die(car.gear).value))
    notes = []
    bonus = start_bonus(state, car.car)
    if bonus:
        notes.append(_("quick start: +{spaces}").format(spaces=plural(bonus, "space")))
    if car.gear == HIGHEST_GEAR:
        notes.append(_("redlining: {damage} damage").format(damage=REDLINE_DAMAGE))
    if car.leaving_pits:
        notes.append(_("leaving the pits"))
    return who + (f" ({'; '.join(notes)})" if notes else "") + (f": {roll}")


def _refuse_unoffered(state: RaceState, car: CarState, data: Mapping[str, Any]) -> None:
    who = name(car.car)
    if (data.get("slipstream") or data.get("slipstream_brakes")) and not _offers_slipstream(
        state, car
    ):
        raise EventRejected(
            _(
                "{car} is in {gear} gear: slipstreaming needs {least} gear or higher, and a car "
                "ahead in a gear no higher."
            ).format(car=who, gear=gear_name(car.gear), least=gear_name(SLIPSTREAM_MIN_GEAR))
        )
    if data.get("pit") and not _offers_pit(state, car):
        raise EventRejected(
            _(
                "{car} may pull into its pit at the end of a lap but the last, in a format with "
                "pit stops."
            ).format(car=who)
        )
    if data.get("double") and car.laps + 1 != DOUBLE_SPACES_LAP:
        raise EventRejected(_("{car} is past the first lap: no double-spaces.").format(car=who))


def on_move(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    car = state.car(prompt.car or "")
    who = name(car.car)
    _refuse_unoffered(state, car, event.data)
    entry = prompt.read(event.data, state.car_keys)
    roll: int = entry["roll"]
    clutch: bool = entry["clutch"]
    brakes, blocked = entry["brakes"], entry["blocked"]
    corner, stops, overshot = entry["corner"], entry["stops"], entry["overshoot"]
    fronts: tuple[str, ...] = entry.get("slipstream", ())
    slip_brakes: int = entry.get("slipstream_brakes", 0)
    adjacent: tuple[str, ...] = entry.get("adjacent", ())
    double: int = entry.get("double", 0)
    pit: int = entry.get("pit", 0)
    finish = entry["finish"]
    pit_lane = car.leaving_pits

    movement = roll + start_bonus(state, car.car) + (CLUTCH_SPACES if clutch else 0)
    if brakes and blocked:
        raise EventRejected(
            _(
                "{car} was blocked: it moves as far as it can and pays for the spaces it was "
                "blocked, not braking of its choice."
            ).format(car=who)
        )
    if slip_brakes and not fronts:
        raise EventRejected(_("Slipstreaming: name the car it slipstreamed behind."))
    if fronts and (brakes or blocked):
        raise EventRejected(
            _(
                "{car} slipstreamed: it stopped behind the car in front without braking; brake "
                "the slipstream's own spaces instead."
            ).format(car=who)
        )
    for key in fronts:
        check_slipstream(car.gear, state.car(key).gear)
    movement += SLIPSTREAM_SPACES * len(fronts)
    if brakes + blocked > movement:
        raise EventRejected(
            ngettext(
                "{car} had {count} movement point: it cannot stop {short} short.",
                "{car} had {count} movement points: it cannot stop {short} short.",
                movement,
            ).format(car=who, count=movement, short=brakes + blocked)
        )
    moved = movement - brakes - blocked - slip_brakes
    if pit:
        if brakes or blocked or fronts or adjacent or finish:
            raise EventRejected(
                _(
                    "{car} pulled into its pit: the exact count or braking, and no slipstream, "
                    "car beside it or finish to report (entering the pits completes the lap)."
                ).format(car=who)
            )
        brakes = pit_entry_braking(movement, pit)
        moved = pit
    if double > moved:
        raise EventRejected(
            _("{car} moved {moved}: it cannot have spent {double} on double-spaces.").format(
                car=who, moved=moved, double=double
            )
        )
    if (stops or overshot) and not corner:
        raise EventRejected(_("Overshooting: say which corner (1, or 2 for the longest)."))
    if corner and not overshot:
        raise EventRejected(_("Overshooting: say by how many spaces."))
    if overshot > moved:
        raise EventRejected(
            _("{car} moved {moved}: it cannot have overshot by {overshot}.").format(
                car=who, moved=moved, overshot=overshot
            )
        )
    if finish and not 0 < finish <= movement:
        raise EventRejected(
            ngettext(
                "{car} had {count} movement point: it cannot have needed {finish} to reach the "
                "line.",
                "{car} had {count} movement points: it cannot have needed {finish} to reach the "
                "line.",
                movement,
            ).format(car=who, count=movement, finish=finish)
        )

    key = car.car
    state = with_car(
        state,
        key,
        moved_at=event_number(state),
        speed=movement,
        spaces=car.spaces + board_spaces(moved, double),
        leaving_pits=False,
    )
    # The damage, in the order the move happens.
    state = hurt(state, key, redline_at_once(car.gear))
    state = hurt(state, key, CLUTCH_DAMAGE if clutch else 0)
    state = hurt(state, key, braking_damage(brakes))
    if blocked:
        damage, eliminated = blocked_damage(blocked, pit_lane=pit_lane)
        if eliminated and state.car(key).racing:
            state = out(state, key, "mini_block")
        state = hurt(state, key, damage)
    state = hurt(state, key, slipstream_damage(len(fronts), slip_brakes))
    if corner and state.car(key).racing:
        owed = required_stops(longest=corner == 2, doubled=state.setup.format.stops_doubled)
        state = hurt(state, key, overshoot_damage(overshot, owed, stops), overshooting=True)

    if not state.car(key).racing:
        if pit or finish:
            refusal = (
                _("{car} is eliminated on this move: it cannot also pull into its pit.")
                if pit
                else _("{car} is eliminated on this move: it cannot also cross the line.")
            )
            raise EventRejected(refusal.format(car=who))
        return settle(replace(state, pending=_redline(state, key, car.gear, roll)))

    now = state.car(key)
    if pit or finish:
        lap = now.laps + 1
        crossing = Crossing(
            car=key,
            lap=lap,
            round=state.round,
            to_line=finish or movement,
            movement=movement,
            at=event_number(state),
            pits=bool(pit),
        )
        changes: dict[str, object] = {"laps": lap}
        if pit:
            changes.update(in_pits=True, full_stop=False, pit_die=0, pits=now.pits + 1, spun=False)
        elif lap >= state.setup.laps:
            if adjacent:
                raise EventRejected(
                    _(
                        "{car} has finished: it leaves the track past the line (no collision roll)."
                    ).format(car=who)
                )
            changes.update(status=FINISHED, finish_round=state.round, spun=False)
        state = with_car(state, key, **changes)
        state = replace(state, crossings=(*state.crossings, crossing))

    pending: list[Check] = []
    if state.car(key).racing:
        pending += [
            Check("collision_roll", roller, against)
            for roller, against in collision_rolls(key, adjacent)
        ]
    pending += _redline(state, key, car.gear, roll)
    return settle(replace(state, pending=tuple(pending)))


def _redline(state: RaceState, key: str, gear: int, roll: int) -> tuple[Check, ...]:
    if not calls_redline_roll(gear, roll) or not state.car(key).racing:
        return ()
    return (Check("redline_roll", key, why=Reason(ROLLED_IN, car=key, number=roll, gear=gear)),)


__all__ = [
    "gear_prompts",
    "legal_gears",
    "move_prompts",
    "names",
    "on_gear",
    "on_move",
    "on_upshift_roll",
    "upshift_prompts",
]
