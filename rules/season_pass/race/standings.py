"""What the table sees: each car's dashboard, and the places once the race is over."""

from __future__ import annotations

from rules.engine.contract import CarView, Column
from rules.engine.pieces import plural
from rules.language import gettext as _
from rules.language import gettext_noop as N_
from rules.season_pass import InjuryCheck, photo_finish_order, races_to_miss_for
from rules.season_pass.race.common import words_of
from rules.season_pass.race.flow import running_order
from rules.season_pass.race.state import FINISHED, OUT, CarResult, CarState, RaceState

# The dashboard, as the Season Pass car sheet reads: gear, then what a car has left and what it
# has taken.
COLUMNS = (
    Column("gear", N_("Gear"), N_("Gear")),
    Column("tires", N_("Tire"), N_("Tire points")),
    Column("brakes", N_("Brk"), N_("Brake points")),
    Column("gas", N_("Gas"), N_("Gas points")),
    Column("engine_damage", N_("Eng"), N_("Engine damage")),
    Column("collision_damage", N_("Col"), N_("Collision damage")),
)

OUT_NOTES = {
    "overshoot": N_("out: overshot a corner"),
    "air_brake": N_("out: failed to air brake"),
    "collision": N_("out: disabled in a collision"),
}


def note(car: CarState) -> str:
    if car.status == FINISHED:
        return _("finished in round {round}").format(round=car.finish_round)
    notes = []
    if car.status == OUT:
        notes.append(out_note(car.out_reason))
        if car.injury is not None:
            # The outcome as soon as it is settled, not only in the final result.
            settled = injury_note(car.injury) if car.injury.settled else ""
            notes.append(
                _("injury: {outcome}").format(outcome=settled)
                if settled
                else _("injury check under way")
            )
    if car.status != OUT:
        if car.skid_moves:
            notes.append(_("skidding: {moves}").format(moves=plural(car.skid_moves, "more move")))
        if car.spun_out:
            notes.append(_("must use 1st gear"))
        if car.engine_blown:
            notes.append(
                _("engine blown")
                if car.gear <= 1
                else _("engine blown: must shift down every move")
            )
    return "; ".join(notes)


def finishers(state: RaceState) -> list[str]:
    """Finished cars in crossing order: by round, then the Photo Finish within a round."""
    crossed = sorted(
        (car for car in state.cars if car.status == FINISHED),
        key=lambda car: (car.finish_round, car.arrival),
    )
    ranked: list[str] = []
    for round_number in dict.fromkeys(car.finish_round for car in crossed):
        same = {car.car: _crossing(car) for car in crossed if car.finish_round == round_number}
        ranked.extend(photo_finish_order(same))
    return ranked


def _crossing(car: CarState) -> tuple[float, int]:
    """How a finished car crossed the line: the spaces it needed to reach it, and its roll."""
    assert car.finish_to_line is not None and car.finish_movement is not None  # set as it crossed
    return car.finish_to_line, car.finish_movement


def retired(state: RaceState) -> list[str]:
    """Cars out of the race, farther along first; level on distance, the later one out first."""
    out = [car for car in state.cars if car.status == OUT]
    out.sort(key=lambda car: (-car.distance, -(car.out_at or 0)))
    return [car.car for car in out]


def dashboard(state: RaceState) -> tuple[CarView, ...]:
    running = running_order(state) or state.car_keys
    racing = [key for key in running if state.car(key).racing]
    racing += [car.car for car in state.cars if car.racing and car.car not in racing]
    keys = racing + finishers(state) + retired(state)
    return tuple(_view(state.car(key)) for key in keys)


def _view(car: CarState) -> CarView:
    values = {column.key: getattr(car, column.key) for column in COLUMNS}
    values["gear"] = car.gear or None  # a car on the grid has no gear yet: shown as a dash
    return CarView(
        car=car.car,
        driver=car.driver,
        detail=words_of(car.level.value),
        status=car.status,
        note=note(car),
        values=tuple(values.items()),
        spaces=car.distance,
        spun=car.spun_out,
    )


def results(state: RaceState) -> tuple[CarResult, ...]:
    keys = finishers(state) + retired(state)
    return tuple(_result(state.car(key), place) for place, key in enumerate(keys, start=1))


def _result(car: CarState, place: int) -> CarResult:
    injury = car.injury
    return CarResult(
        car=car.car,
        place=place,
        finished=car.status == FINISHED,
        out_reason=car.out_reason,
        distance=car.distance,
        overshoot=car.overshoot,
        damage=car.collision_damage,
        injury_rolls=tuple(roll for _column, roll in injury.rolls) if injury else (),
        note=injury_note(injury),
        injury=injury,
    )


def injury_note(injury: InjuryCheck | None) -> str:
    if injury is None:
        return ""
    if injury.dead:
        return _("dead")
    if injury.safe:
        return _("safe")
    return _("severity {severity}, misses {races}").format(
        severity=injury.severity, races=plural(races_to_miss_for(injury.severity), "race")
    )


def out_note(reason: str | None) -> str:
    """Why a car is out (a key of OUT_NOTES), in the language spoken."""
    return _(OUT_NOTES.get(reason or "", N_("out")))
