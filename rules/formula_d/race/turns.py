"""A car's turn: the order of play, its gear, then its move and what the board shows."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.dice import HIGHEST_GEAR, gear_die, values
from rules.engine.events import Event, EventRejected, Field, Prompt
from rules.engine.pieces import (
    board_fact,
    name,
    names,
    order_prompt,
    racing,
    with_car,
)
from rules.formula_d import (
    FREE,
    MOST_STOPS_SKIPPED,
    PIT_EXIT_GEAR,
    PIT_STOP_AFTER_LAP,
    POOR_START_ROLL,
    SLIPSTREAM_MIN_GEAR,
    SLIPSTREAM_SPACES,
    SPIN_GEAR,
    TECHNICAL_MAX_GEAR,
    GearChangeCost,
    IllegalGearChange,
    TireEffect,
    Zone,
    blocked_braking,
    braking_cost,
    calls_motor_damage,
    check_slipstream,
    gear_change_cost,
    gears_skipped,
    is_rain,
    may_pit,
    overshoot,
    pit_stops_allowed,
    re_rolls,
    reaches_pit,
    refit_tires,
    slipstream_brake_cost,
    tire_effect,
)
from rules.formula_d.race import doubts, road
from rules.formula_d.race.common import (
    eliminate,
    event_number,
    gear_name,
    label,
    lose,
    on_track,
)
from rules.formula_d.race.facts import (
    blocked_fact,
    brakes_fact,
    cars_fact,
    corner_facts,
    finish_fact,
    markers_fact,
    most_spaces,
    overshoot_label,
    pit_fact,
    roll_fact,
    tire_bonus_label,
)
from rules.formula_d.race.flow import begin_turn, proposed_order, settle
from rules.formula_d.race.gearing import (
    cost_choice,
    gear_entered,
    gear_prompt,
    keeps_racing,
    wear_refusal,
)
from rules.formula_d.race.moves import (
    FORMULA_D_MOVES,
    crossing,
    handling_checks,
    motor_damage_checks,
    move_text,
    refuse_eliminated_beyond,
    refuse_overshot,
)
from rules.formula_d.race.reasons import ROLLED_IN, Reason
from rules.formula_d.race.shape import FormulaDLikeState, StateT
from rules.formula_d.race.state import CarState, Check, FormulaDT, Marker, RaceState
from rules.language import gettext as _
from rules.language import gettext_noop as N_
from rules.language import ngettext

# --- Order of Play -----------------------------------------------------------------------------


def order_prompts(state: FormulaDLikeState) -> tuple[Prompt, ...]:
    text = _(
        "Round {round}: confirm the order of play (the leader first, then the higher gear, "
        "then the inside of the corner) or correct it from the board"
    ).format(round=state.round)
    prompt = order_prompt(
        proposed_order(state),
        lambda car: label(state, car),
        field_label=_("Order of play, first to move first"),
        text=text,
    )
    return (prompt,)


def on_order(state: StateT, event: Event, prompt: Prompt) -> StateT:
    order = prompt.read(event.data, racing(state))["order"]
    return begin_turn(replace(state, order=order, turn=0))


# --- Gears and Gearing Down --------------------------------------------------------------------


def gear_cost(car: CarState, gear: int) -> GearChangeCost:
    """What the change costs: nothing after a spin (the car turns round and drives off in 1st) or
    out of the pits (it stood still; the rule names the gears it may leave in)."""
    if car.spun or car.in_pits:
        return FREE
    return gear_change_cost(car.gear, gear)


def _after_technical_stop(car: CarState, round_: int) -> bool:
    """Technical Pit Stop: "in the next round, the car may not start in higher than 4th gear"."""
    return bool(car.technical_at) and round_ == car.technical_at + 1


def gear_refusal(car: CarState, gear: int, round_: int = 0) -> str | None:
    """Why `car` may not choose `gear` in round `round_`, in the words of the rules; None if it
    may."""
    who = name(car.car)
    if not 1 <= gear <= HIGHEST_GEAR:
        return _("There is no gear {gear}: gears run from 1 to {highest}.").format(
            gear=gear, highest=HIGHEST_GEAR
        )
    if car.spun:
        refusal = _("{car} spun: it drives off in 1st gear again.")
        return None if gear == SPIN_GEAR else refusal.format(car=who)
    if car.in_pits:
        if gear <= PIT_EXIT_GEAR:
            return None
        return _("{car} moves off from the pits in {gear} gear or lower.").format(
            car=who, gear=gear_name(PIT_EXIT_GEAR)
        )
    if _after_technical_stop(car, round_) and gear > TECHNICAL_MAX_GEAR:
        return _(
            "{car} made a technical pit stop: this round it may not start in higher than "
            "{gear} gear."
        ).format(car=who, gear=gear_name(TECHNICAL_MAX_GEAR))
    try:
        cost = gear_change_cost(car.gear, gear)
    except IllegalGearChange as refusal:
        return str(refusal)
    return wear_refusal(car, cost, gears_skipped(car.gear, gear))


# The gear prompt's note after a spin (a variant's card may change it).
SPUN_NOTE = N_("spun: drives off in 1st")


def gear_prompts(state: RaceState) -> tuple[Prompt, ...]:
    car = state.car(state.order[state.turn])
    legal = [
        gear for gear in range(1, HIGHEST_GEAR + 1) if gear_refusal(car, gear, state.round) is None
    ]
    default = car.gear if car.gear in legal else legal[-1 if car.in_pits else 0]
    notes = []
    if car.spun:
        notes.append(_(SPUN_NOTE))
    if car.in_pits:
        notes.append(
            _("in the pits: moves off in {gear} or lower").format(gear=gear_name(PIT_EXIT_GEAR))
        )
    elif _after_technical_stop(car, state.round):
        notes.append(
            _("technical pit stop: {gear} at most").format(gear=gear_name(TECHNICAL_MAX_GEAR))
        )
    costs = {gear: gear_cost(car, gear) for gear in legal}
    choices = [(gear, cost_choice(gear, costs[gear], car.sheet.engine)) for gear in legal]
    # The move follows the gear at once, unless paying for it puts the car out.
    rolled = {gear: roll_fact(gear) for gear in legal if keeps_racing(car, costs[gear])}
    return (gear_prompt(state, car, choices, default, notes, rolled=rolled),)


def on_gear(state: FormulaDT, event: Event, prompt: Prompt) -> FormulaDT:
    car = state.car(prompt.car or "")
    gear = gear_entered(event.data)
    refusal = gear_refusal(car, gear, state.round)
    if refusal:
        raise EventRejected(refusal)
    prompt.read({**event.data, "gear": str(gear)})
    cost = gear_cost(car, gear)
    state = with_car(state, car.car, gear=gear, spun=False, in_pits=False)
    # Gearing Down: the engine WP of a three-gear skip is lost like any other (a marker where the
    # car stands; its last one eliminates the car, whose turn ends there).
    state = lose(state, car.car, cost.losses)
    if not state.car(car.car).racing:
        return settle(state)
    return replace(state, phase="move")


# --- The move ----------------------------------------------------------------------------------


def slipstream_fronts(state: RaceState, car: CarState) -> tuple[str, ...]:
    """Cars the mover may have slipstreamed behind: on the track, in 4th gear or higher."""
    return tuple(
        key
        for key in on_track(state)
        if key != car.car and state.car(key).gear >= SLIPSTREAM_MIN_GEAR
    )


def _offers_slipstream(state: RaceState, car: CarState) -> bool:
    return (
        not state.fixed_move
        and car.gear >= SLIPSTREAM_MIN_GEAR
        and bool(slipstream_fronts(state, car))
    )


def tire_effect_now(state: RaceState, car: CarState) -> TireEffect:
    """What the car's tires do on this move (Tire Selection; none without the rule): on the lap
    it is on as the move begins, changed if it has stopped in the pits since the start."""
    if car.tires_fitted is None:
        return TireEffect()
    rain = is_rain(state.weather)
    effect = tire_effect(car.tires_fitted, rain=rain, lap=car.laps + 1, changed=car.pits > 0)
    if effect.optional and car.technical_at and car.technical_exit == state.round:
        # Technical Pit Stop: soft tires give no extra space on the move out of the pits.
        return replace(effect, extra_spaces=0)
    return road.frog_tire_effect(state, car, effect)


def _offers_pit(state: RaceState, car: CarState) -> bool:
    """Pit Stop: at the end of a lap but the last; in a road race the pits are not used."""
    return (
        not state.fixed_move
        and not state.setup.road_race
        and may_pit(car.laps + 1, car.pits, state.setup.laps)
    )


def _markers(state: RaceState, car: CarState) -> tuple[str, ...]:
    """Dangerous spaces the mover may pass over or land on: not the one it stands on and leaves."""
    own = Marker(car.car, car.moved_at, state.round).key
    return tuple(marker.key for marker in state.markers if marker.key != own)


def move_prompts(state: RaceState) -> tuple[Prompt, ...]:
    car = state.car(state.order[state.turn])
    fixed = state.fixed_move
    effect = tire_effect_now(state, car)
    fields: list[Field] = [] if fixed else [roll_fact(car.gear)]
    fields += [
        brakes_fact(car.sheet.brakes),
        blocked_fact(),
        *corner_facts(overshoot=overshoot_label(effect)),
    ]
    if effect.extra_spaces:
        fields.append(
            Field(
                "tire_bonus",
                tire_bonus_label(state, car, effect),
                "bool",
                required=False,
                default=False,
                short=_("Tires +{spaces}").format(spaces=effect.extra_spaces),
            )
        )
    if _offers_slipstream(state, car):
        fields += [
            cars_fact(
                state,
                "slipstream",
                _(
                    "Slipstreamed behind ({spaces} spaces each; both in 4th or higher, "
                    "as fast or faster)"
                ).format(spaces=SLIPSTREAM_SPACES),
                slipstream_fronts(state, car),
                short=_("Slipstream"),
            ),
            board_fact(
                "slipstream_brakes",
                _("Brake WP used to shorten the last slipstream"),
                _("brake WP"),
                SLIPSTREAM_SPACES,
                short=_("Slipstream brakes"),
                folded=True,
            ),
            Field(
                "slipstream_corner",
                _("A slipstream carried it into a corner (1 brake WP)"),
                "bool",
                required=False,
                default=False,
                short=_("Slipstream into a corner"),
                folded=True,
            ),
        ]
    markers = _markers(state, car)
    others = tuple(key for key in on_track(state) if key != car.car)
    fields += road.move_facts(state, car, markers, others)
    if markers:
        fields.append(
            markers_fact(
                state,
                markers,
                _("Damage markers passed over or landed on (a road handling roll each)"),
                _("Markers"),
            )
        )
    if others:
        question = _("Cars it ended next to or behind (a collision roll)")
        fields.append(cars_fact(state, "adjacent", question, others, short=_("Beside")))
    if _offers_pit(state, car):
        fields.append(
            pit_fact(
                _(
                    "Entered the pits at the end of lap {lap}: the spaces it needed to "
                    "enter (0 = no)"
                ).format(lap=car.laps + 1)
            )
        )
    fields.append(finish_fact(most=most_spaces(car.gear, fixed)))
    text = move_text(state, car, POOR_START_ROLL, FORMULA_D_MOVES)
    return (Prompt("move", text, car.car, tuple(fields)),)


def _refuse_unoffered(state: RaceState, car: CarState, data: Mapping[str, Any]) -> None:
    """Facts the board cannot show for this car, refused in the rules' words."""
    who = name(car.car)
    slipstreaming = ("slipstream", "slipstream_brakes", "slipstream_corner")
    if any(data.get(key) for key in slipstreaming) and not _offers_slipstream(state, car):
        if state.fixed_move:
            raise EventRejected(
                _("{car} did not roll a gear die this move: no slipstream.").format(car=who)
            )
        raise EventRejected(
            _(
                "{car} is in {gear} gear: slipstreaming needs both cars in {least} gear or higher."
            ).format(car=who, gear=gear_name(car.gear), least=gear_name(SLIPSTREAM_MIN_GEAR))
        )
    if data.get("tire_bonus") and not tire_effect_now(state, car).extra_spaces:
        raise EventRejected(_("{car}'s tires give no extra spaces on this move.").format(car=who))
    if data.get("pit") and not _offers_pit(state, car):
        if state.setup.road_race:
            raise EventRejected(_("The pits are not used in a road race."))
        raise EventRejected(_pit_rule(state).format(car=who))


def _pit_rule(state: RaceState) -> str:
    """When a car may stop, in words: once after lap 1, or (Three-Lap Race) twice, after lap 1
    and after lap 2."""
    stops = pit_stops_allowed(state.setup.laps)
    if stops == 1:
        return _(
            "{car} may make a pit stop only at the end of the first lap, once, on a roll of its "
            "gear die."
        )
    laps = names([str(lap) for lap in range(PIT_STOP_AFTER_LAP, state.setup.laps)])
    return (
        ngettext(
            "{car} may make {count} pit stop in this race, at the end of laps {laps}, on a roll of "
            "its gear die.",
            "{car} may make {count} pit stops in this race, at the end of laps {laps}, on a roll "
            "of its gear die.",
            stops,
        )
        .replace("{count}", str(stops))
        .replace("{laps}", laps)
    )


def _front_roll(front: CarState) -> int:
    """The gear-die number the car in front moved at. A car that left the pits moved its halved
    pit stop roll, not a gear-die number: any car in 4th or higher is as fast (its die's lowest
    face stands in for it)."""
    return front.speed or values(gear_die(front.gear))[0]


def on_move(state: FormulaDT, event: Event, prompt: Prompt) -> FormulaDT:
    car = state.car(prompt.car or "")
    who = name(car.car)
    _refuse_unoffered(state, car, event.data)
    entry = prompt.read(event.data, state.car_keys)
    fixed = state.fixed_move
    roll: int = fixed or entry["roll"]
    brakes, blocked = entry["brakes"], entry["blocked"]
    corner, stops, overshot = entry["corner"], entry["stops"], entry["overshoot"]
    fronts: tuple[str, ...] = entry.get("slipstream", ())
    slip_brakes: int = entry.get("slipstream_brakes", 0)
    slip_corner: bool = entry.get("slipstream_corner", False)
    markers: tuple[str, ...] = entry.get("markers", ())
    adjacent: tuple[str, ...] = entry.get("adjacent", ())
    pit: int = entry.get("pit", 0)
    finish = entry["finish"]
    # Facts Paddock's picture rules out: taken, then put to the referee before any roll.
    doubted = (
        *doubts.slipstream_doubts(state, car.car, fronts),
        *doubts.blocked_doubts(state, car.car, blocked),
    )
    effect = tire_effect_now(state, car)
    tire_bonus = effect.extra_spaces if entry.get("tire_bonus") else 0
    # Road Races: the nitro, the skills used on the move; Pile of Scrap's marker where it stood,
    # and the checkpoint's fresh tires as it crosses the line, before the move's costs.
    road_move = road.read_move(state, car, entry, finish=finish)
    state = road.at_the_line(road.before_move(state, car, road_move), car, road_move)
    sheet = state.car(car.car).sheet
    tires_lost = brakes_lost = 0
    out: str | None = None

    # Braking: by choice, 1 brake WP a space; blocked, by the table; never both.
    if brakes and blocked:
        raise EventRejected(
            _(
                "{car} was blocked: it moves forward as far as possible and pays the "
                "blocked-braking table, not brake WP of its choice."
            ).format(car=who)
        )
    # The whole move: the die, the tires' extra spaces and a road race's (nitro, skills).
    moved = roll + tire_bonus + road_move.spaces
    if brakes + blocked > moved:
        raise EventRejected(
            _("{car} moved {moved}: it cannot stop {short} spaces short.").format(
                car=who, moved=moved, short=brakes + blocked
            )
        )
    brakes_lost = braking_cost(brakes, sheet.brakes)
    spaces = roll - brakes - blocked + tire_bonus + road_move.spaces

    # Slipstreaming: 3 spaces behind each car, stopped behind it without braking.
    if (slip_brakes or slip_corner) and not fronts:
        raise EventRejected(_("Slipstreaming: name the car it slipstreamed behind."))
    if fronts:
        # Several cars: each slipstream in turn ("and so on"), each judged with the same gear-die
        # number; the brake WP that shorten one belong to the last, since a shortened slipstream
        # leads into no other.
        if blocked:
            raise EventRejected(
                _(
                    "{car} was blocked: a slipstreaming car stops directly behind the car in "
                    "front without braking."
                ).format(car=who)
            )
        for key in fronts:
            front = state.car(key)
            check_slipstream(car.gear, roll, front.gear, _front_roll(front), braked=bool(brakes))
        brakes_lost += slipstream_brake_cost(sheet.brakes, slip_brakes, into_corner=slip_corner)
        spaces += SLIPSTREAM_SPACES * len(fronts) - slip_brakes

    if blocked:
        outcome = blocked_braking(blocked, sheet.brakes, sheet.tires)
        if outcome.eliminated:
            out = "blocked"
        brakes_lost, tires_lost = outcome.brakes_lost, outcome.tires_lost

    # Skidding Pro: 1 tire WP whenever he adjusts his move in a corner.
    tires_lost += road_move.tires
    # Overshooting, counted where the move ends, after the car has stopped (blocked or not).
    spun = False
    if (stops or overshot) and not corner:
        raise EventRejected(
            _("Overshooting: say which corner, by the stops its yellow box asks for.")
        )
    if corner and out is None:
        refuse_overshot(who, spaces, overshot)
        result = overshoot(
            sheet.tires - tires_lost,
            overshot,
            stops,
            corner,
            per_space=effect.per_space_overshot,
            by_more_than_one_out=state.setup.overshoot_by_more_out,
        )
        if result.eliminated:
            out = "stops" if corner - stops > MOST_STOPS_SKIPPED else "tires"
        tires_lost += result.tires_lost
        spun = result.spun

    moved_now = {"moved_at": event_number(state), "speed": 0 if fixed else roll, "spun": spun}
    if out is not None:
        # Eliminated on its move: it pays nothing more (its race is over), goes as far as it went,
        # and leaves a damage marker there; a 20 or 30 it rolled still calls the others to roll.
        refuse_eliminated_beyond(who, pit, finish)
        state = with_car(state, car.car, spaces=car.spaces + spaces, **moved_now)
        state = eliminate(state, car.car, out)
        owed = (
            *road.noise_and_radio_checks(state, car.car, road_move),
            *(
                (*motor_damage_checks(state, car, roll, "motor_roll"), *_weather(state, car, roll))
                if not fixed
                else ()
            ),
        )
        return settle(replace(state, pending=(*doubted, *owed), fixed_move=0))

    changes: dict[str, object] = {**moved_now, "spaces": car.spaces + spaces}
    if pit:
        # Pit Stop: the pit lane runs past the line, so entering the pits completes the lap (a
        # ruling); the car stops in its pit on any roll of at least the minimum, without braking.
        if brakes or blocked or fronts or adjacent or finish:
            raise EventRejected(
                _(
                    "{car} stopped in its pit: no braking, slipstream, car beside it or finish to "
                    "report (entering the pits completes lap {lap})."
                ).format(car=who, lap=car.laps + 1)
            )
        if not reaches_pit(car.gear, roll, pit):
            raise EventRejected(
                _("{car} rolled {roll}: it needed {pit} or more to enter the pits.").format(
                    car=who, roll=roll, pit=pit
                )
            )
        # In its pit the car is turned the right way again: a spin on the way in is over.
        changes.update(laps=car.laps + 1, pits=car.pits + 1, spaces=car.spaces + pit, spun=False)
    if finish:
        # Winning: each crossing completes a lap; on the last lap the car has finished. It leaves
        # the track past the line, so it makes no more rolls (a ruling: the race is over for it).
        changes |= crossing(
            state,
            car,
            spaces,
            finish,
            rolls_called=bool(adjacent or markers or road_move.danger or road_move.noise),
            no_rolls=(
                _("no collision, road handling or engine-noise roll")
                if state.setup.road_race
                else _("no collision or road handling roll")
            ),
        )
        state = road.record_crossing(state, car, road_move, 0 if fixed else roll)

    state = with_car(state, car.car, **changes)
    state = lose(state, car.car, {Zone.BRAKES: brakes_lost, Zone.TIRES: tires_lost})
    if pit:
        # As soon as a car enters the pits it receives all its tire WP back.
        built = state.setup.car(car.car).sheet
        state = with_car(state, car.car, sheet=refit_tires(state.car(car.car).sheet, built))

    # The rolls the move calls for, one prompt each (a ruling: the summary gives no order): road
    # handling for the dangerous spaces passed over on the way, then, once the car has stopped,
    # the collision roll and Motor Damage (the roller first), and last the pit stop roll.
    # In a road race, the checkpoint's WP first (the car crossed the line on the way), red spaces
    # after the markers, the engine-noise roll after the collision roll, then the thrown radio.
    pending: list[Check] = []
    if state.car(car.car).racing:
        pending += road.checkpoint_checks(state, car.car, road_move)
        pending += road.handling_checks(
            state, car.car, handling_checks(state, car.car, markers), road_move
        )
        if adjacent:
            pending += road.collision_checks(state, car.car, adjacent)
    pending += road.noise_and_radio_checks(state, car.car, road_move)
    if not fixed:
        pending += [
            *motor_damage_checks(state, car, roll, "motor_roll"),
            *_weather(state, car, roll),
        ]
    if pit:
        pending.append(Check("pit_roll", car.car))
    return settle(replace(state, pending=(*doubted, *pending), fixed_move=0))


def _weather(state: RaceState, car: CarState, roll: int) -> tuple[Check, ...]:
    """Changeable weather: whenever a player in 5th gear rolls a 20, or a 30 in 6th gear, roll the
    black die and check the weather chart again (after the Motor Damage rolls, a ruling)."""
    if not (re_rolls(state.weather) and calls_motor_damage(car.gear, roll)):
        return ()
    return (
        Check(
            "weather_roll", car.car, why=Reason(ROLLED_IN, car=car.car, number=roll, gear=car.gear)
        ),
    )
