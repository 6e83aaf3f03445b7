"""A car's turn: the movement order, Gear Selection, then the move and what the board shows."""

from __future__ import annotations

from dataclasses import replace

from rules.dice import HIGHEST_GEAR, InvalidRoll, die_name, gear_die, gear_written, no_such_gear
from rules.engine.events import Event, EventRejected, Field, Prompt
from rules.engine.pieces import board_fact, name, order_prompt, plural, racing, with_car
from rules.formula_d.race.common import gear_name
from rules.formula_d.race.reasons import ROLLED, Reason
from rules.language import gettext as _
from rules.language import gettext_noop as N_
from rules.season_pass import (
    ENGINE_CHECK_TRIGGERS,
    FREE,
    DownshiftCost,
    IllegalGearChange,
    gear_change_cost,
    injury_check_start,
    off_road_rolls,
    overshoot_column,
)
from rules.season_pass.race import checks
from rules.season_pass.race.common import label, on_track, wrecks
from rules.season_pass.race.flow import begin_turn, proposed_order
from rules.season_pass.race.state import FINISHED, OUT, CarState, Check, RaceState

# --- Movement Order --------------------------------------------------------------------------


def order_prompts(state: RaceState) -> tuple[Prompt, ...]:
    text = _(
        "Round {round}: confirm the movement order (farthest forward first, then higher gear, "
        "then first to arrive) or correct it from the board"
    ).format(round=state.round)
    prompt = order_prompt(
        proposed_order(state),
        lambda car: label(state, car),
        field_label=_("Movement order, first to move first"),
        text=text,
    )
    return (prompt,)


def on_order(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    order = prompt.read(event.data, racing(state))["order"]
    return begin_turn(replace(state, order=order, turn=0))


# --- Gear Selection --------------------------------------------------------------------------


def _cost_text(cost: DownshiftCost) -> str:
    parts = [
        plural(count, word)
        for count, word in ((cost.gas, "gas point"), (cost.brake, "brake point"))
        if count
    ] + ([plural(cost.tire, "tire point")] if cost.tire else [])
    said = ""
    for part in parts:
        said = _("{some} and {last}").format(some=said, last=part) if said else part
    return said or _("free")


def gear_refusal(car: CarState, gear: int) -> str | None:
    """Why `car` may not select `gear` now, in the words of the rules; None if it may."""
    who = name(car.car)
    if not 1 <= gear <= HIGHEST_GEAR:
        return no_such_gear(gear)
    if car.spun_out:
        return (
            None
            if gear == 1
            else _("{car} spun out: it must use 1st gear this move.").format(car=who)
        )
    if car.gear == 0:
        # Ruling: cars start from the grid in neutral, so the first move is in 1st gear.
        return (
            None
            if gear == 1
            else _("{car} starts from the grid: the first move is in 1st gear.").format(car=who)
        )
    if car.engine_blown:
        if car.gear == 1 and gear != 1:
            return _("{car}'s engine is blown: it may not upshift again this race.").format(car=who)
        if car.gear > 1 and gear >= car.gear:
            return _(
                "{car}'s engine is blown: it must downshift every move until 1st gear."
            ).format(car=who)
    try:
        cost = gear_change_cost(car.gear, gear)
    except IllegalGearChange as refusal:
        return str(refusal)
    short = [
        word
        for need, have, word in (
            (cost.gas, car.gas, "gas"),
            (cost.brake, car.brakes, "brake"),
            (cost.tire, car.tires, "tire"),
        )
        if need > have
    ]
    if short:
        return _("Downshifting {gears} costs {cost}; {car} has {left} left.").format(
            gears=car.gear - gear,
            cost=_cost_text(cost),
            car=who,
            left=", ".join(f"{plural(getattr(car, _POINTS[w]), w + ' point')}" for w in short),
        )
    return None


_POINTS = {"gas": "gas", "brake": "brakes", "tire": "tires"}
# The skid's fact, as the move prompt labels it and as its refusal names it.
SKID_LABEL = N_("Spaces moved beyond that corner")


def gear_cost(car: CarState, gear: int) -> DownshiftCost:
    if car.spun_out or car.gear == 0:
        return FREE  # Questions: a spin-out drops to first without paying.
    return gear_change_cost(car.gear, gear)


def gear_prompts(state: RaceState) -> tuple[Prompt, ...]:
    car = state.car(state.order[state.turn])
    legal = [gear for gear in range(1, HIGHEST_GEAR + 1) if gear_refusal(car, gear) is None]
    choices = tuple(
        (
            str(gear),
            _("{gear} ({cost})").format(
                gear=gear_name(gear), cost=_cost_text(gear_cost(car, gear))
            ),
        )
        for gear in legal
    )
    field = Field("gear", _("Gear"), "choice", choices=choices, default=str(legal[0]))
    notes = _notes(car)
    text = (
        _("Round {round}: {car} in {gear}").format(
            round=state.round, car=label(state, car.car), gear=gear_name(car.gear)
        )
        + (f" ({notes})" if notes else "")
        + _(": select a gear")
    )
    # Nothing comes between a gear and the move: each gear's die may be entered with it.
    then = tuple((str(gear), _roll(gear)) for gear in legal)
    return (Prompt("gear", text, car.car, (field,), then),)


def _notes(car: CarState) -> str:
    notes = []
    if car.spun_out:
        notes.append(_("spun out: must use 1st gear"))
    if car.engine_blown:
        notes.append(_("engine blown"))
    if car.skid_moves:
        notes.append(_("skidding: {moves}").format(moves=plural(car.skid_moves, "more move")))
    return "; ".join(notes)


def on_gear(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    car = state.car(prompt.car or "")
    try:
        gear = gear_written(event.data.get("gear"))
    except InvalidRoll as not_a_gear:
        raise EventRejected(str(not_a_gear)) from None
    refusal = gear_refusal(car, gear)
    if refusal:
        raise EventRejected(refusal)
    prompt.read({**event.data, "gear": str(gear)})
    cost = gear_cost(car, gear)
    state = with_car(
        state,
        car.car,
        gear=gear,
        spun_out=False,
        gas=car.gas - cost.gas,
        brakes=car.brakes - cost.brake,
        tires=car.tires - cost.tire,
    )
    return replace(state, phase="move")


# --- Braking and movement, corners, red flag, finish -------------------------------------------


def _roll(gear: int) -> Field:
    """The gear die rolled for a move in `gear`."""
    die = gear_die(gear)
    colour = die_name(die.value)
    # xgettext:no-python-brace-format (French names the die's colour after "Dé")
    question = _("{Die} die ({gear} gear)").format(
        Die=colour.capitalize(), die=colour, gear=gear_name(gear)
    )
    return Field("roll", question, "die", die=die)


def move_prompts(state: RaceState) -> tuple[Prompt, ...]:
    car = state.car(state.order[state.turn])
    die = gear_die(car.gear)
    others = [key for key in on_track(state) if key != car.car]
    fields = [
        _roll(car.gear),
        board_fact(
            "brakes",
            _("Brake points spent (has {brakes})").format(brakes=car.brakes),
            _("brake points"),
            car.brakes,
            short=_("Brakes"),
        ),
        board_fact(
            "air_brake",
            _("Tire points used to air brake behind a car (only with no brake points left)"),
            _("tire points"),
            car.tires,
            short=_("Air brake"),
            folded=True,
        ),
        board_fact(
            "air_brake_overshoot",
            _("Failed to stop behind a car after every brake and tire point: spaces short (out)"),
            _("spaces"),
            short=_("Air brake failed by"),
            folded=True,
        ),
        board_fact(
            "corner",
            _("Left a corner with too few stops: its difficulty (0 = no)"),
            short=_("Corner"),
        ),
        board_fact(
            "corner_stops",
            _("Moves already completed in that corner"),
            _("moves"),
            short=_("Moves in it"),
            folded=True,
        ),
        board_fact("skid", _(SKID_LABEL), _("spaces"), short=_("Skid")),
    ]
    if wrecks(state):
        fields.append(
            Field(
                "off_road",
                _("Red Flag: left the track around this disabled car"),
                "choice",
                choices=tuple((key, label(state, key)) for key in wrecks(state)),
                required=False,
                default="",
                short=_("Red Flag"),
                folded=True,
            )
        )
    fields += [
        Field(
            "adjacent",
            _("Cars it ended beside"),
            "cars",
            choices=tuple((key, label(state, key)) for key in others),
            required=False,
            default=(),
            short=_("Beside"),
        ),
        # Photo Finish: "the Red car is a half space behind", so half spaces count here.
        board_fact(
            "finish",
            _("Crossed the finish line: spaces it took to reach the line (0 = no)"),
            _("spaces"),
            step=0.5,
            short=_("Finish"),
        ),
    ]
    text = _("{who} in {gear}: roll {die}").format(
        who=_("Round {round}: {car}").format(round=state.round, car=label(state, car.car)),
        gear=gear_name(car.gear),
        die=die_name(die.value),
    )
    if car.skid_moves:
        text += _(", still skidding: every space costs a tire point, no lane changes")
    return (Prompt("move", text, car.car, tuple(fields)),)


def on_move(state: RaceState, event: Event, prompt: Prompt) -> RaceState:
    car = state.car(prompt.car or "")
    who = name(car.car)
    entry = prompt.read(event.data, state.car_keys)
    roll, brakes, air_brake = entry["roll"], entry["brakes"], entry["air_brake"]
    failed_by = entry["air_brake_overshoot"]
    corner, stops, skid = entry["corner"], entry["corner_stops"], entry["skid"]
    adjacent, finish = entry["adjacent"], entry["finish"]
    off_road = entry.get("off_road") or ""

    if air_brake and brakes < car.brakes:
        raise EventRejected(
            _(
                "{car} still has {points}: air braking uses tire points only with no brake "
                "points remaining."
            ).format(car=who, points=plural(car.brakes - brakes, "brake point"))
        )
    if brakes + air_brake > roll:
        raise EventRejected(
            _("{car} rolled {roll}: it cannot brake by {brakes}.").format(
                car=who, roll=roll, brakes=brakes + air_brake
            )
        )
    spaces = roll - brakes - air_brake
    moves = state.moves + 1
    changes: dict[str, object] = {
        "brakes": car.brakes - brakes,
        "tires": car.tires - air_brake,
        "arrival": moves,
        "adjacent": adjacent,
    }
    injury_column = None

    if failed_by:
        # Braking and movement: out of tire and brake points and still not stopped behind it.
        if skid or corner or finish:
            raise EventRejected(
                _(
                    "{car} left the track failing to air brake: no corner or finish on that move."
                ).format(car=who)
            )
        # Injuries: the overshoot is "the actual movement roll minus the maximum safe roll", and
        # the safe roll is at least every brake and tire point the car had.
        most = roll - car.brakes - car.tires
        if failed_by > most:
            raise EventRejected(
                (
                    _(
                        "{car} rolled {roll} with {brakes} and {tires}: it overshot by at most "
                        "{spaces}, not {failed}."
                    )
                    if most > 0
                    else _(
                        "{car} rolled {roll} with {brakes} and {tires}: it could have stopped "
                        "behind that car."
                    )
                ).format(
                    car=who,
                    roll=roll,
                    brakes=plural(car.brakes, "brake point"),
                    tires=plural(car.tires, "tire point"),
                    spaces=plural(most, "space"),
                    failed=failed_by,
                )
            )
        safe = max(0, roll - failed_by - car.brakes - car.tires)
        changes.update(brakes=0, tires=0, distance=car.distance + safe)
        changes.update(status=OUT, out_reason="air_brake", out_at=moves, skid_moves=0)
        changes.update(overshoot=failed_by)
        injury_column = overshoot_column(failed_by)
    else:
        changes.update(_corner(car, who, spaces, air_brake, corner, stops, skid))
        if changes.get("status") == OUT:
            overshot = changes["overshoot"]
            assert isinstance(overshot, int)  # _corner says by how much a car out overshot
            injury_column = overshoot_column(overshot)
            changes["out_at"] = moves
        else:
            changes["distance"] = car.distance + spaces
    if finish:
        if changes.get("status") == OUT:
            raise EventRejected(
                _("{car} left the track: it cannot also cross the line.").format(car=who)
            )
        if not 0 < finish <= spaces:
            raise EventRejected(
                _(
                    "{car} moved {spaces} spaces: it cannot have needed {finish} to reach the line."
                ).format(car=who, spaces=spaces, finish=finish)
            )
        if adjacent:
            raise EventRejected(
                _(
                    "{car} crossed the line and is removed from the track once it stops: no "
                    "collision checks."
                ).format(car=who)
            )
        changes.update(
            status=FINISHED,
            finish_round=state.round,
            finish_to_line=finish,
            finish_movement=spaces,
            skid_moves=0,
        )
    if off_road and changes.get("status") == OUT:
        raise EventRejected(
            _("{car} left the race before driving around {wreck}.").format(
                car=who, wreck=name(off_road)
            )
        )

    state = replace(with_car(state, car.car, **changes), moves=moves)
    if injury_column is not None:
        state = with_car(state, car.car, injury=injury_check_start(injury_column))
    return checks.settle(replace(state, pending=_checks_after_move(state, car.car, roll, off_road)))


def _corner(
    car: CarState, who: str, spaces: int, air_brake: int, corner: int, stops: int, skid: int
) -> dict[str, object]:
    """Holding the Corners: tire points spent skidding, spin-outs and overshoots."""
    tires = car.tires - air_brake
    if corner:
        if stops >= corner:
            raise EventRejected(
                _("{moves} in a difficulty {corner} corner is safe: no skid.").format(
                    moves=plural(stops, "completed move"), corner=corner
                )
            )
        if car.skid_moves == 0 and not 1 <= skid <= spaces:
            # Worded after its fact's label: the turn page puts it beside that fact's control.
            most = "1" if spaces == 1 else _("1 to {spaces}").format(spaces=spaces)
            raise EventRejected(
                _("{label}: {most}, as {car} moved {spaces}.").format(
                    label=_(SKID_LABEL), most=most, car=who, spaces=plural(spaces, "space")
                )
            )
    elif skid or stops:
        raise EventRejected(_("A skid needs the corner's difficulty."))
    # A car still skidding pays for every space of the move (its skid continues).
    skidded = spaces if car.skid_moves else (skid if corner else 0)
    still = max(car.skid_moves - 1, (corner - stops - 1) if corner else 0, 0)
    if not skidded:
        return {"skid_moves": still}
    if skidded > tires:
        # Out beside the space where the last tire point went; the overshoot is the movement
        # roll minus the maximum safe roll, i.e. the spaces no brake or tire point covered.
        return {
            "status": OUT,
            "out_reason": "overshoot",
            "tires": 0,
            "skid_moves": 0,
            "distance": car.distance + spaces - (skidded - tires),
            "overshoot": skidded - tires,
        }
    if skidded == tires:
        # Spin-out: one tire point back, 1st gear next move; the car has stopped skidding.
        return {"tires": 1, "spun_out": True, "skid_moves": 0}
    return {"tires": tires - skidded, "skid_moves": still}


def _checks_after_move(state: RaceState, mover: str, roll: int, off_road: str) -> tuple[Check, ...]:
    """Engine checks first ("immediately after the car moves"), then Red Flag off-road checks,
    then a collision check for each pair of cars it ended beside."""
    queue: list[Check] = []
    car = state.car(mover)
    if roll in ENGINE_CHECK_TRIGGERS:
        # The roller first, then the others in movement order; a blown engine has nothing
        # left to lose, and a car past the line has stopped.
        for key in (mover, *(key for key in state.order if key != mover)):
            other = state.car(key)
            if other.racing and not other.engine_blown and other.gear >= car.gear:
                queue.append(
                    Check("engine_check", key, mover, why=Reason(ROLLED, car=mover, number=roll))
                )
    if off_road:
        for _each in range(off_road_rolls(car.gear)):
            queue.append(Check("collision_roll", mover, off_road, "off_road"))
            queue.append(Check("collision_roll", off_road, mover, "off_road"))
    if car.status != OUT or car.wrecked:
        for beside in car.adjacent:
            queue.append(Check("collision_roll", mover, beside, "beside"))
            queue.append(Check("collision_roll", beside, mover, "beside"))
    if car.injury is not None:
        queue.append(Check("injury_roll", mover))
    return tuple(queue)
