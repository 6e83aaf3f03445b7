"""What the table sees: each car's wear points on the dashboard, and the places once the race is
over (rules.rbb.places)."""

from __future__ import annotations

from rules.engine.contract import CarResult, CarView, Column
from rules.engine.pieces import car_view, dashboard_keys
from rules.formula_d.race.common import out_reason_words
from rules.formula_d.race.flow import running_order
from rules.formula_d.race.standings import car_result, grid_slot, sheet_values
from rules.language import gettext as _
from rules.language import gettext_noop as N_
from rules.language import ngettext
from rules.rbb import PIT_EXIT_GEAR, STALL_ROLL, Crossing, Reached, places
from rules.rbb.race.common import gear_name
from rules.rbb.race.state import FINISHED, OUT, QUICK, READY, WAIT, CarState, RaceState

# The dashboard, as the document heads its zones: the gear, the six wear-point zones, the laps.
COLUMNS = (
    Column("gear", N_("Gear"), N_("Gear")),
    Column("tires", N_("Tyre"), N_("Tyres WP")),
    Column("brakes", N_("Brk"), N_("Brakes WP")),
    Column("gearbox", N_("Gbx"), N_("Gears WP")),
    Column("body", N_("Body"), N_("Body WP")),
    Column("engine", N_("Eng"), N_("Engine WP")),
    Column("road_handling", N_("Hdl"), N_("Handling WP")),
    Column("laps", N_("Lap"), N_("Laps completed")),
)

PIT_NOTES = {
    QUICK: N_("in the pits (Quick Pit Stop): rolls black next turn"),
    WAIT: N_("in the pits (Technical Pit Stop): waits a turn"),
    READY: N_("in the pits: leaves next turn in {gear}"),
}


def note(state: RaceState, car: CarState) -> str:
    if car.status == FINISHED:
        return _("finished in round {round}").format(round=car.finish_round)
    if car.status == OUT:
        return out_reason_words(car.out_reason)
    notes = []
    if state.setup.car(car.car).home:
        notes.append(_("home track: 2 bonus tyre WP"))
    if car.start_roll == STALL_ROLL and car.moved_at == 0:
        notes.append(_("stalled: moves off in 1st next turn"))
    if car.spun:
        notes.append(_("spun: starts again in 1st next turn"))
    if car.pit:
        notes.append(_(PIT_NOTES[car.pit]).format(gear=gear_name(PIT_EXIT_GEAR)))
    if car.laps:
        notes.append(
            ngettext("{count} lap of {laps} done", "{count} laps of {laps} done", car.laps).format(
                count=car.laps, laps=state.setup.laps
            )
        )
    return "; ".join(notes)


def placed(state: RaceState) -> tuple[str, ...]:
    """Finished cars in crossing order, then the others by the position they reached."""
    crossed = [
        Crossing(car.car, car.finish_round or 0, car.past_line or 0, car.moved_at)
        for car in state.cars
        if car.status == FINISHED
    ]
    reached = [
        Reached(car.car, car.laps, car.spaces, car.out_at or 0, grid_slot(state.grid, car.car))
        for car in state.cars
        if car.status != FINISHED
    ]
    return places(crossed, reached)


def dashboard(state: RaceState) -> tuple[CarView, ...]:
    running = running_order(state) or state.car_keys
    keys = dashboard_keys(state, running, placed(state))
    return tuple(_view(state, state.car(key)) for key in keys)


def _view(state: RaceState, car: CarState) -> CarView:
    return car_view(state, car, COLUMNS, sheet_values(car), note(state, car))


def results(state: RaceState) -> tuple[CarResult, ...]:
    return tuple(
        car_result(state.car(key), place, note(state, state.car(key)))
        for place, key in enumerate(placed(state), start=1)
    )
