"""What the table sees: each car's scorecard on the dashboard, and the places once the race is
over."""

from __future__ import annotations

from rules.engine.contract import CarResult, CarView, Column
from rules.engine.pieces import car_view, dashboard_keys, names
from rules.formula_d import (
    PIT_EXIT_GEAR,
    POOR_START_ROLL,
    TEAM_POOL_WP,
    lap_time,
    team_totals,
    winning_teams,
)
from rules.formula_d.race import road
from rules.formula_d.race.common import gear_name, out_reason_words, tires_words
from rules.formula_d.race.flow import running_order
from rules.formula_d.race.shape import FormulaDLikeCar, FormulaDLikeState, SheetCar
from rules.formula_d.race.state import FINISHED, OUT, CarState, RaceState
from rules.language import gettext as _
from rules.language import gettext_noop as N_
from rules.language import ngettext

# The dashboard, as the scorecard reads: the gear, the six wear-point zones, the laps.
COLUMNS: tuple[Column, ...] = (
    Column("gear", N_("Gear"), N_("Gear")),
    Column("tires", N_("Tire"), N_("Tire WP")),
    Column("brakes", N_("Brk"), N_("Brake WP")),
    Column("gearbox", N_("Box"), N_("Gearbox WP")),
    Column("body", N_("Body"), N_("Car body WP")),
    Column("engine", N_("Eng"), N_("Engine WP")),
    Column("road_handling", N_("Hdl"), N_("Road handling WP")),
    Column("laps", N_("Lap"), N_("Laps completed")),
)

# A spun car's note on the dashboard (a rule set whose cards change it replaces it).
SPUN_NOTE = N_("spun: drives off in 1st next turn")


def note(state: RaceState, car: CarState) -> str:
    if car.status == FINISHED:
        return _("finished in round {round}").format(round=car.finish_round)
    if car.status == OUT:
        return out_reason_words(car.out_reason)
    notes = []
    if state.setup.stopwatch_qualifying and state.round == 0:
        notes.append(qualifying_note(state, car.car))
    if state.setup.teams:
        left = TEAM_POOL_WP - team_used(state, car.car)
        notes.append(
            _("team {team}: {left} of {pool} team WP left").format(
                team=team_name(state, car.car), left=left, pool=TEAM_POOL_WP
            )
        )
    notes += road.notes(state, car)
    if car.tires_fitted:
        notes.append(tires_words(car.tires_fitted.value))
    if car.start_roll == POOR_START_ROLL and car.moved_at == 0:
        notes.append(_("Poor Start: moves off in 1st next turn"))
    if car.spun:
        notes.append(_(SPUN_NOTE))
    if car.in_pits:
        notes.append(
            _("in the pits: moves off in {gear} or lower next round").format(
                gear=gear_name(PIT_EXIT_GEAR)
            )
        )
    if car.laps:
        notes.append(
            ngettext("{count} lap of {laps} done", "{count} laps of {laps} done", car.laps).format(
                count=car.laps, laps=state.setup.laps
            )
        )
    return "; ".join(notes)


def qualifying_note(state: RaceState, key: str) -> str:
    """Where `key`'s qualifying lap stands, for the dashboard before the start."""
    lap = state.lap(key)
    if lap.started_at is None:
        return _("its qualifying lap to drive")
    if lap.stopped_at is None:
        return _("on its qualifying lap: the stopwatch runs")
    result = lap.result
    if result is None:
        return _("qualifying lap in {time}: its throws to enter").format(time=lap_time(lap.tenths))
    if result.no_stop:
        return _("qualifying lap over (no stop in a 2- or 3-stop corner): starts last")
    return ngettext(
        "qualified: {count} throw in {time}", "qualified: {count} throws in {time}", result.throws
    ).format(count=result.throws, time=lap_time(result.tenths))


def team_name(state: RaceState, key: str) -> str:
    """A team as the table knows it: its cars ("Red and Blue")."""
    team = state.setup.team_of.get(key)
    return names([car for car, other in state.setup.teams if other == team] or [key])


def team_used(state: RaceState, key: str) -> int:
    """The WP `key`'s team has taken from its pool so far."""
    team = state.setup.team_of.get(key)
    return sum(car.team_repaired for car in state.cars if state.setup.team_of.get(car.car) == team)


def team_result(state: RaceState) -> str:
    """Team Race: each team's points by the places so far, the leader(s) first; the winner once
    the race is over."""
    ranking = [result.car for result in results(state)] if state.finished else []
    totals = team_totals(ranking, state.setup.team_of)
    first = {team: car for car, team in reversed(state.setup.teams)}
    shown = ", ".join(
        f"{team_name(state, first[team])} {points}" for team, points in totals.items()
    )
    if not state.finished:
        return _("team race ({pool} WP a team for repairs)").format(pool=TEAM_POOL_WP)
    winners = winning_teams(totals)
    won = "; ".join(team_name(state, first[team]) for team in winners)
    if len(winners) > 1:
        said = _("team race: teams {teams} share the win ({points})")
    else:
        said = _("team race: team {teams} wins ({points})")
    return said.format(teams=won, points=shown)


def finishers(state: RaceState) -> list[str]:
    """Finished cars in crossing order: by round; in one round the car farther past the line
    first, and level, the one that crossed first."""
    done = [car for car in state.cars if car.status == FINISHED]
    done.sort(key=lambda car: (car.finish_round, -(car.past_line or 0), car.moved_at))
    return [car.car for car in done]


def eliminated(state: FormulaDLikeState) -> list[str]:
    """Cars out of the race, the one that reached nearest the finish line first, measured as the
    order of play measures the leader (rules.formula_d.race.flow.proposed_order): laps, then
    spaces moved from its grid slot, each slot a space behind the one before it; level, the later
    one out first."""
    grid = state.grid
    out = [car for car in state.cars if car.status == OUT]
    out.sort(key=lambda car: (-car.laps, grid_slot(grid, car.car) - car.spaces, -(car.out_at or 0)))
    return [car.car for car in out]


def grid_slot(grid: tuple[str, ...], key: str) -> int:
    """`key`'s slot on the grid, pole 0 (a car not on it, behind the last)."""
    return grid.index(key) if key in grid else len(grid)


def dashboard(state: RaceState) -> tuple[CarView, ...]:
    running = running_order(state) or state.car_keys
    keys = dashboard_keys(state, running, finishers(state) + eliminated(state))
    return tuple(_view(state, state.car(key)) for key in keys)


def sheet_values(car: SheetCar) -> dict[str, object]:
    """The dashboard's values of a car with a scorecard: its gear, WP in each zone and laps."""
    return {
        "gear": car.gear or None,  # a car on the grid has no gear yet: shown as a dash
        "tires": car.sheet.tires,
        "brakes": car.sheet.brakes,
        "gearbox": car.sheet.gearbox,
        "body": car.sheet.body,
        "engine": car.sheet.engine,
        "road_handling": car.sheet.road_handling,
        "laps": car.laps,
    }


def _view(state: RaceState, car: CarState) -> CarView:
    return car_view(state, car, COLUMNS, sheet_values(car), note(state, car))


def results(state: RaceState) -> tuple[CarResult, ...]:
    keys = finishers(state) + eliminated(state)
    return tuple(
        car_result(state.car(key), place, note(state, state.car(key)))
        for place, key in enumerate(keys, start=1)
    )


def car_result(car: FormulaDLikeCar, place: int, note: str, *, bonus_points: int = 0) -> CarResult:
    """`car`'s place once the race is over, how far it got and how it ended (`bonus_points`:
    what a variant's race gives on top of the place, Mini's lap leaders')."""
    return CarResult(
        car=car.car,
        place=place,
        finished=car.status == FINISHED,
        out_reason=car.out_reason,
        distance=car.spaces,
        note=note,
        bonus_points=bonus_points,
    )
