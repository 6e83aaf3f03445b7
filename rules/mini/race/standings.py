"""What the table sees: each car's gear, life and laps on the dashboard, and once the race is
over the places (the photo finish by share of the move) and the lap-leader points."""

from __future__ import annotations

from rules.engine.contract import CarResult, CarView, Column
from rules.engine.pieces import car_view, dashboard_keys
from rules.formula_d.race.flow import running_order
from rules.formula_d.race.standings import car_result, eliminated
from rules.language import gettext as _
from rules.language import gettext_noop as N_
from rules.language import ngettext
from rules.mini.finish import LAP_LEADER_POINTS, crossing_order, lap_leaders
from rules.mini.pit_stop import PIT_EXIT_HIGHEST_GEAR
from rules.mini.race.common import gear_name, ordinal
from rules.mini.race.state import FINISHED, OUT, OUT_REASONS, CarState, RaceState
from rules.mini.start import START_TABLE, Start

COLUMNS = (
    Column("gear", N_("Gear"), N_("Gear")),
    Column("life", N_("Life"), N_("Damage points left")),
    Column("laps", N_("Lap"), N_("Laps completed")),
    Column("led", N_("Led"), N_("Laps led: a championship point each")),
)

POOR_START = next(low for low, _high, start in START_TABLE if start is Start.POOR)


def laps_led(state: RaceState, key: str) -> tuple[int, ...]:
    return tuple(
        lap
        for lap, leader in enumerate(lap_leaders(state.crossings, state.setup.laps), start=1)
        if leader == key
    )


def note(state: RaceState, car: CarState) -> str:
    led = laps_led(state, car.car)
    led_note = _("led lap {laps}").format(laps=", ".join(str(lap) for lap in led)) if led else ""
    if car.status == FINISHED:
        finished = _("finished in round {round}").format(round=car.finish_round)
        return "; ".join(filter(None, [finished, led_note]))
    if car.status == OUT:
        reason = _(OUT_REASONS.get(car.out_reason or "", N_("out")))
        return "; ".join(filter(None, [reason, led_note]))
    notes = []
    if car.start_roll == POOR_START and car.moved_at == 0:
        notes.append(_("poor start: no move this turn"))
    if car.spun:
        notes.append(_("spun out: begins next turn in 1st"))
    if car.in_pits:
        notes.append(_("in its pit after a full pit-stop") if car.full_stop else _("in its pit"))
    if car.leaving_pits:
        notes.append(
            _("leaving the pits in {gear} or lower").format(gear=gear_name(PIT_EXIT_HIGHEST_GEAR))
        )
    if car.laps:
        notes.append(
            ngettext("{count} lap of {laps} done", "{count} laps of {laps} done", car.laps).format(
                count=car.laps, laps=state.setup.laps
            )
        )
    if led_note:
        notes.append(led_note)
    return "; ".join(notes)


def finishers(state: RaceState) -> list[str]:
    """Finished cars in crossing order of the last lap (the photo finish in one round)."""
    last = [c for c in state.crossings if c.lap == state.setup.laps]
    return [crossing.car for crossing in crossing_order(last)]


def dashboard(state: RaceState) -> tuple[CarView, ...]:
    running = running_order(state) or state.grid_outcome.order or state.car_keys
    keys = dashboard_keys(state, running, finishers(state) + eliminated(state))
    return tuple(_view(state, state.car(key)) for key in keys)


def _view(state: RaceState, car: CarState) -> CarView:
    values = {
        "gear": car.gear or None,
        "life": car.life,
        "laps": car.laps,
        "led": len(laps_led(state, car.car)),
    }
    return car_view(state, car, COLUMNS, values, note(state, car))


def results(state: RaceState) -> tuple[CarResult, ...]:
    keys = finishers(state) + eliminated(state)
    return tuple(
        car_result(
            state.car(key),
            place,
            note(state, state.car(key)),
            bonus_points=LAP_LEADER_POINTS * len(laps_led(state, key)),
        )
        for place, key in enumerate(keys, start=1)
    )


def status(state: RaceState) -> str:
    where = _("Round {round}").format(round=state.round) if state.round else _("Before the start")
    leaders = [
        _("lap {lap}: {car}").format(lap=lap, car=leader[:1].upper() + leader[1:])
        for lap, leader in enumerate(lap_leaders(state.crossings, state.setup.laps), start=1)
        if leader
    ]
    return " · ".join(
        [
            where,
            _(state.setup.format.title),
            _("{points} damage points a car").format(points=state.setup.damage_pool),
            *([_("led {laps}").format(laps=", ".join(leaders))] if leaders else []),
        ]
    )


__all__ = ["COLUMNS", "dashboard", "ordinal", "results", "status"]
