"""The race's log in words: what an event did, as the table would say it ("Red (Jane Doe)
qualifies 14: 2nd on the grid", "Red into 4th, skipping a gear: 1 gearbox WP", "Red moves 9
spaces in 4th, braking 2 (2 brake WP)", "Blue's motor damage roll: 2, loses 1 engine WP"), read
from the states before and after it and from the event's facts as its prompt read them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.engine.events import Event, Prompt
from rules.engine.pieces import grid_place, name, names, ordinal, plural, roll_off_place
from rules.formula_d import (
    BLOCKED_ELIMINATED_AT,
    BLOCKED_TABLE,
    PIT_EXIT_GEAR,
    SCORECARD_MARKER,
    SLIPSTREAM_CORNER_BRAKE_WP,
    SLIPSTREAM_SPACES,
    Start,
    Tires,
    Weather,
    Zone,
    calls_motor_damage,
    chart_weather,
    full_minutes,
    gear_change_cost,
    gears_skipped,
    is_rain,
    lap_time,
    pit_stop,
    qualifying_in_rain,
    start_roll,
)
from rules.formula_d.driver_cards import BETTER_NITRO_SPACES, car_radio_zone
from rules.formula_d.race import doubts
from rules.formula_d.race.common import gear_name, label
from rules.formula_d.race.common import wp_text as _zone_wp_text
from rules.formula_d.race.flow import proposed_order
from rules.formula_d.race.gearing import cost_text
from rules.formula_d.race.road import FROG_AGAIN, NONE, pole_speeds
from rules.formula_d.race.standings import finishers
from rules.formula_d.race.state import FINISHED, OUT, OUT_REASONS, CarState, RaceState
from rules.formula_d.race.turns import tire_effect_now
from rules.formula_d.road_race import engine_noise, nitro_spaces
from rules.formula_d.weather import LINES
from rules.language import gettext as _

Facts = Mapping[str, Any]


def _zone_wp(zone: Zone, points: int) -> str:
    return _zone_wp_text(zone.value, points)


def describe(before: RaceState, event: Event, prompt: Prompt, after: RaceState) -> str:
    """`event` answered `prompt` (the first one `before` asked) and gave `after`."""
    words = _WORDS.get(event.kind)
    if words is None:
        return ""
    facts = prompt.read(event.data, before.car_keys)
    text = words(before, prompt.car or "", facts, after)
    if after.finished and not before.finished:
        text += _("; the race is over")
    return text


# --- The grid and the start --------------------------------------------------------------------


def _rolls(state: RaceState) -> dict[str, tuple[int, ...]]:
    return {entry.car: entry.rolls for entry in state.grid_rolls}


def _grid_roll(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    # Quick Off The Mark (Road Races) wins a tie: she is level with no one.
    scored = {"first_roll": after.grid_score} if after.grid_score else {}
    place = grid_place(_rolls(after), key, after.grid, highest_first=True, **scored)
    return _("{car} qualifies {value}").format(car=label(after, key), value=facts["value"]) + place


def _tie_roll(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    settled = roll_off_place(_rolls(after), after.grid_outcome.tied, key, after.grid)
    rolled = _("{car} rolls {value} in the roll-off").format(car=name(key), value=facts["value"])
    return rolled + settled


def _start_roll(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    value = facts["value"]
    outcome = start_roll(value)
    if outcome.start is Start.POOR:
        return _(
            "{car} stalls on the start roll ({value}): Poor Start, misses its first turn"
        ).format(car=name(key), value=value)
    if outcome.start is Start.GREAT:
        return _("{car} gets a Great Start on the start roll ({value}): {spaces} at once").format(
            car=name(key), value=value, spaces=plural(outcome.spaces_at_once, "space")
        )
    return _("{car} gets away on the start roll ({value}): Normal Start, into 1st").format(
        car=name(key), value=value
    )


# --- Order of Play and gears -------------------------------------------------------------------


def _order(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    order = tuple(facts["order"])
    corrected = _(" (corrected from the board)") if order != proposed_order(before) else ""
    cars = ", ".join(name(car) for car in order)
    return _("Round {round} order: {cars}").format(round=before.round, cars=cars) + corrected


def _gear(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    was, now = before.car(key), after.car(key)
    who, gear = name(key), gear_name(now.gear)
    if was.spun:
        text = _("{car} turns round after its spin and drives off in {gear}")
    elif was.in_pits:
        text = _("{car} moves off from the pits in {gear}")
    elif now.gear == was.gear:
        text = _("{car} stays in {gear}")
    else:
        text = _("{car} into {gear}")
    text = text.format(car=who, gear=gear)
    skipped = gears_skipped(was.gear, now.gear) if not (was.spun or was.in_pits) else 0
    if skipped and now.gear != was.gear:
        skipping = _("a gear") if skipped == 1 else plural(skipped, "gear")
        cost = cost_text(gear_change_cost(was.gear, now.gear))
        text += _(", skipping {gears}: {cost}").format(gears=skipping, cost=cost)
    return text + _out(was, now) + _marker(before, key, after)


# --- The move ----------------------------------------------------------------------------------


def _move(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    was, now = before.car(key), after.car(key)
    fixed = before.fixed_move
    roll = fixed or facts["roll"]
    spaces = plural(now.spaces - was.spaces, "space")
    gear = gear_name(now.gear)
    if facts.get("pit"):
        head = _("{car} rolls {roll} in {gear} and enters the pits ({pit} needed)")
    elif fixed and was.moved_at == 0:
        head = _("{car} makes its Great Start: {spaces} in {gear}")
    elif fixed:
        head = _("{car} leaves the pits (Quick Stop): {spaces} in {gear}")
    else:
        head = _("{car} moves {spaces} in {gear}")
    head = head.format(car=name(key), roll=roll, gear=gear, pit=facts.get("pit"), spaces=spaces)
    parts = [*_tires(before, was, facts), *_road_move(before, key, facts, after)]
    parts += [*_braking(now, facts), *_corner(was, now, facts)]
    if now.status != OUT:
        parts += _dangers(before, facts)
    parts += _arrival(before, key, facts, after)
    text = ", ".join([head, *parts]) + _marker(before, key, after)
    if not fixed and calls_motor_damage(now.gear, roll):
        rollers = [check.car for check in after.pending if check.kind == "motor_roll"]
        text += f"; a {roll} in {gear}: Motor Damage" + (
            f", {names(rollers)} {'rolls' if len(rollers) == 1 else 'roll'} black"
            if rollers
            else ""
        )
    return text


def _braking(now: CarState, facts: Facts) -> list[str]:
    parts = []
    if facts["brakes"]:
        parts.append(_("braking {brakes} ({brakes} brake WP)").format(brakes=facts["brakes"]))
    blocked = facts["blocked"]
    if blocked:
        remaining = f"blocked with {plural(blocked, 'space')} remaining"
        if now.out_reason == "blocked":
            short = "" if blocked >= BLOCKED_ELIMINATED_AT else ", without the WP to stop"
            parts.append(f"{remaining}{short}: eliminated")
        else:
            cost = BLOCKED_TABLE[blocked]
            paid = [f"{cost.brakes} brake WP"] + ([f"{cost.tires} tire WP"] if cost.tires else [])
            parts.append(f"{remaining} ({' and '.join(paid)})")
    fronts = facts.get("slipstream", ())
    if fronts:
        slipstream = f"slipstreaming behind {names(fronts)} (+{SLIPSTREAM_SPACES * len(fronts)})"
        braked = facts.get("slipstream_brakes", 0)
        if braked:
            slipstream += f", braking {braked} of it ({braked} brake WP)"
        parts.append(slipstream)
        if facts.get("slipstream_corner"):
            parts.append(
                f"carried into a corner by the slipstream ({SLIPSTREAM_CORNER_BRAKE_WP} brake WP)"
            )
    return parts


def _corner(was: CarState, now: CarState, facts: Facts) -> list[str]:
    corner, stops, overshot = facts["corner"], facts["stops"], facts["overshoot"]
    if not corner or now.out_reason == "blocked":
        return []
    made = _("no stop") if not stops else plural(stops, "stop")
    if now.out_reason == "stops":
        return [
            _(
                "overshoots a {corner}-stop corner after {made}: skipped more than one stop, "
                "eliminated"
            ).format(corner=corner, made=made)
        ]
    text = _("overshoots a {corner}-stop corner by {spaces} after {made}").format(
        corner=corner, spaces=plural(overshot, "space"), made=made
    )
    if now.out_reason == "tires":
        return [
            text + _(", more than its {tires} tire WP: eliminated").format(tires=was.sheet.tires)
        ]
    if now.spun:
        return [text + _(": loses its last tire WP and spins, drives off in 1st next turn")]
    return [text + _(" ({tires} tire WP)").format(tires=overshot)]


def _dangers(before: RaceState, facts: Facts) -> list[str]:
    """The damage markers passed over and the cars it ended beside: the rolls to come."""
    parts = []
    markers = [marker for marker in before.markers if marker.key in facts.get("markers", ())]
    if markers:
        where = [f"where {name(marker.car)} stood in round {marker.round}" for marker in markers]
        kind = "marker" if len(markers) == 1 else "markers"
        parts.append(f"over the damage {kind} " + _and(where))
    if facts.get("danger"):
        parts.append(f"over {plural(facts['danger'], 'red space')} of the danger zone")
    if facts.get("stopped_on", NONE) != NONE:
        parts.append("stopping on a dangerous space (Pile of Scrap: 1-2 there)")
    if facts.get("adjacent"):
        parts.append(_("next to or behind {cars}").format(cars=names(facts["adjacent"])))
    if facts.get("noise"):
        parts.append("ending in the engine-noise area")
    return parts


def _road_move(before: RaceState, key: str, facts: Facts, after: RaceState) -> list[str]:
    """Road Races: the nitro and the skills used on the move."""
    was, now = before.car(key), after.car(key)
    parts = []
    if facts.get("nitro"):
        boost = nitro_spaces(was.gear)
        better = (
            f" and {BETTER_NITRO_SPACES} more (Better Nitro)" if facts.get("better_nitro") else ""
        )
        parts.append(f"{plural(boost, 'space')} of them from the nitro{better}")
    adjustment = int(facts.get("skid", "0"))
    if adjustment:
        way = "further" if adjustment > 0 else "shorter"
        parts.append(f"skids 1 space {way} (Skidding Pro, 1 tire WP)")
    if facts.get("sweet"):
        sweet = facts["sweet"]
        parts.append(
            f"{plural(len(sweet), 'space')} less for overtaking {names(sweet)} on a straight "
            "(How Sweet!)"
        )
    if facts.get("scrap"):
        parts.append("leaves a damage marker on the space it left (Pile of Scrap)")
    if facts.get("radio", NONE) != NONE:
        parts.append(f"throws its car radio onto {name(facts['radio'])}")
    crossed = [c for c in after.crossings if c.car == key and c not in before.crossings]
    if crossed:
        parts.append(
            f"at the checkpoint its tire WP back to {now.sheet.tires}, past the pole station at "
            f"{crossed[0].speed}"
        )
    return parts


def _and(items: list[str]) -> str:
    return " and ".join(items) if len(items) < 3 else ", ".join(items[:-1]) + " and " + items[-1]


def _arrival(before: RaceState, key: str, facts: Facts, after: RaceState) -> list[str]:
    now = after.car(key)
    if facts.get("pit"):
        return [
            _("lap {lap} done, its tire WP back to {tires}").format(
                lap=now.laps, tires=now.sheet.tires
            )
        ]
    if not facts["finish"]:
        return []
    if now.status == FINISHED:
        place = ordinal(finishers(after).index(now.car) + 1)
        so_far = _(" so far") if _may_pass(before, after) else ""
        return [_("crosses the line and finishes {place}").format(place=place) + so_far]
    return [
        _("crosses the line: lap {lap} of {laps} done").format(lap=now.laps, laps=after.setup.laps)
    ]


def _may_pass(before: RaceState, after: RaceState) -> bool:
    """Whether a car still to move this round could finish ahead of the one that just did: on its
    last lap, it would finish farther past the line."""
    return any(
        after.car(key).racing and after.car(key).laps == after.setup.laps - 1
        for key in before.order[before.turn + 1 :]
    )


# --- The rolls a move calls for ----------------------------------------------------------------


def _loss(was: CarState, now: CarState, zone: Zone) -> str:
    lost = was.sheet[zone] - now.sheet[zone]
    if now.status == OUT and was.status != OUT:
        return _("loses its last {zone}: eliminated").format(
            zone=_zone_wp(zone, 1).split(" ", 1)[1]
        )
    return _("loses {wp}").format(wp=_zone_wp(zone, lost)) if lost else _("no damage")


def _check(zone: Zone, roll: str) -> Callable[[RaceState, str, Facts, RaceState], str]:
    def said(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
        head = f"{name(key)}'s {roll}"
        check = before.pending[0]
        if zone is Zone.ROAD_HANDLING and check.marker:
            marker = next(m for m in before.markers if m.key == check.marker)
            head += f" for the damage marker where {name(marker.car)} stood in round {marker.round}"
        elif zone is Zone.ROAD_HANDLING:
            head += " for a red space of the danger zone"
        if check.stopped_on:
            head += ", which it stopped on (Pile of Scrap)"
        if check.reason.endswith("(Aggressive: again)"):
            head += " (again: Aggressive)"
        loss = _loss(before.car(key), after.car(key), zone)
        return f"{head}: {facts['value']}, {loss}" + _marker(before, key, after)

    return said


def _pit_roll(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    value = facts["value"]
    outcome = pit_stop(value)
    text = f"{name(key)}'s pit stop roll: {value}, {outcome.stop.value}"
    if after.car(key).tires_fitted is not None:
        text = f"{name(key)} fits {facts['tires']} tires; its pit stop roll: {value}, "
        text += outcome.stop.value
    was, now = before.car(key), after.car(key)
    kinds = [
        kind
        for kind, more in (
            ("technical pit stop", now.repaired > was.repaired),
            ("team repair", now.team_repaired > was.team_repaired),
        )
        if more
    ]
    if kinds:
        back = [
            f"{now.sheet[zone] - was.sheet[zone]} {zone.value} WP"
            for zone in Zone
            if now.sheet[zone] > was.sheet[zone] and zone is not Zone.TIRES
        ]
        text += f" ({' and '.join(kinds)}: {' and '.join(back)} back)"
    if outcome.waits_a_round:
        return (
            f"{text}: waits in the pits until next round, then moves off in "
            f"{gear_name(PIT_EXIT_GEAR)} or lower"
        )
    return (
        f"{text}: leaves the pits now in {gear_name(PIT_EXIT_GEAR)}, "
        f"{plural(outcome.spaces, 'space')}"
    )


def _tires(before: RaceState, was: CarState, facts: Facts) -> list[str]:
    """Tire Selection: the extra spaces its tires gave the move."""
    if not facts.get("tire_bonus") or was.tires_fitted is None:
        return []
    extra = tire_effect_now(before, was).extra_spaces
    return [f"{plural(extra, 'space')} of them from its {was.tires_fitted.value} tires"]


def _tire_choice(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    tires = Tires(facts["tires"])
    marker = SCORECARD_MARKER.get(tires)
    on_card = f" (a damage marker on its score card, {marker} side up)" if marker else ""
    return f"{label(after, key)} fits {tires.value} tires{on_card}"


def weather_name(weather: Weather) -> str:
    """The weather line in words, with what it does to the race."""
    return f"{weather.value} weather" + (" (rain)" if is_rain(weather) else "")


def _weather_roll(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    value = facts["value"]
    if after.held_weather:
        landed = chart_weather(after.setup.weather_chart, value).value
        return f"The weather roll: {value}, {landed}; the Weather Frog may roll again"
    return _weather_result(before, value, after)


def _frog_choice(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    if facts["frog"] == FROG_AGAIN:
        return f"{name(key)}, the Weather Frog, rolls the weather die again"
    return f"{name(key)}, the Weather Frog, keeps it. " + _weather_result(
        before, before.held_weather, after
    )


def _weather_result(before: RaceState, value: int, after: RaceState) -> str:
    if before.phase == "qualifying_weather":
        return _before_the_laps(value, after)
    landed = chart_weather(after.setup.weather_chart, value).value
    now = weather_name(after.weather) if after.weather else ""
    if before.weather is None:
        return f"The weather roll before the race: {value}, {now}"
    if after.weather == before.weather:
        return f"The weather roll: {value}, {landed}: the weather stays {now}"
    way = "up" if LINES.index(after.weather) < LINES.index(before.weather) else "down"
    return f"The weather roll: {value}, {landed}: shifted one line {way}, now {now}"


# --- Road Races: the engine noise, the car radio, the WP at the line ----------------------------


def _noise_roll(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    line = engine_noise(facts["value"])
    text = f"{name(key)}'s engine-noise roll: {facts['value']}, {line.result.split(':')[0]}"
    if line.zone is not None:
        text += ", " + _loss(before.car(key), after.car(key), line.zone)
    return text + _marker(before, key, after)


def _radio_roll(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    zone = car_radio_zone(facts["value"])
    check = before.pending[0]
    loss = _loss(before.car(key), after.car(key), zone)
    if loss == "no damage":
        loss = f"no {zone.value} WP left to lose"
    return f"{check.reason} onto {name(key)}: {facts['value']}, {loss}" + _marker(
        before, key, after
    )


def _wp_back(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    was, now = before.car(key), after.car(key)
    back = [
        f"{now.sheet[zone] - was.sheet[zone]} {zone.value} WP"
        for zone in Zone
        if now.sheet[zone] > was.sheet[zone]
    ]
    given = " and ".join(back) + " back" if back else "no WP taken"
    if before.pending[0].kind == "checkpoint":
        return f"{name(key)} at the checkpoint: {given}"
    lap = before.pole_laps + 1
    return f"Pole station, lap {lap}: {name(key)} the fastest ({pole_speeds(before, lap)}), {given}"


# --- Stopwatch qualifying (an optional rule) ---------------------------------------------------


def _qualifying_weather_roll(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    return _weather_roll(before, key, facts, after)


def _before_the_laps(value: int, after: RaceState) -> str:
    weather = after.qualifying_weather
    assert weather is not None
    effect = "the laps are in rain" if qualifying_in_rain(weather) else "no effect"
    return f"The weather roll before the qualifying laps: {value}, {weather.value}: {effect}"


def _stopwatch_start(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    return f"{label(after, key)} starts its qualifying lap: the stopwatch runs"


def _stopwatch_stop(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    return f"{name(key)} crosses the line: {lap_time(after.lap(key).tenths)} on the stopwatch"


def _qualifying_lap(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    lap = after.lap(key).result
    assert lap is not None
    if lap.no_stop:
        text = f"{name(key)}'s lap is over: no stop at all in a 2- or 3-stop corner, it starts last"
    else:
        parts = [plural(lap.die_throws, "throw")]
        if minutes := full_minutes(lap.tenths):
            parts.append(f"{minutes} for {plural(minutes, 'full minute')}")
        if lap.overshoot:
            parts.append(f"{lap.overshoot} for {plural(lap.overshoot, 'space')} overshot")
        counted = " + ".join(parts) + f" = {lap.throws}" if len(parts) > 1 else parts[0]
        text = f"{name(key)}'s qualifying lap: {counted} in {lap_time(lap.tenths)}"
    return text + _grid_so_far(after, key)


def _qualifying_tie(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    return f"{name(key)} rolls {facts['value']} in the roll-off" + _grid_so_far(after, key)


def _grid_so_far(state: RaceState, key: str) -> str:
    """Where the laps put `key` once they set the grid, or whom it is still level with."""
    if state.grid:
        return roll_off_place({}, (), key, state.grid)
    for group in state.grid_outcome.tied:
        if key in group:
            return f": level with {names([car for car in group if car != key])}, a roll-off"
    return ""


# --- What follows a loss -----------------------------------------------------------------------


def _out(was: CarState, now: CarState) -> str:
    if now.status == OUT and was.status != OUT:
        return "; " + OUT_REASONS.get(now.out_reason or "", "eliminated")
    return ""


def _marker(before: RaceState, key: str, after: RaceState) -> str:
    """Damage and Road Handling: the space becomes dangerous; the table puts the marker down."""
    placed = {marker.key for marker in after.markers} - {marker.key for marker in before.markers}
    here = after.car(key).moved_at  # not Pile of Scrap's marker, on the space it left
    if any(m.car == key and m.key in placed and m.at == here for m in after.markers):
        return "; a damage marker on its space"
    return ""


_WORDS: dict[str, Callable[[RaceState, str, Facts, RaceState], str]] = {
    "grid_roll": _grid_roll,
    "tie_roll": _tie_roll,
    "start_roll": _start_roll,
    "order": _order,
    "gear": _gear,
    "move": _move,
    "handling_roll": _check(Zone.ROAD_HANDLING, "road handling roll"),
    "collision_roll": _check(Zone.BODY, "collision roll"),
    "motor_roll": _check(Zone.ENGINE, "motor damage roll"),
    "pit_roll": _pit_roll,
    "weather_roll": _weather_roll,
    "tire_choice": _tire_choice,
    "frog_choice": _frog_choice,
    "noise_roll": _noise_roll,
    "radio_roll": _radio_roll,
    "checkpoint": _wp_back,
    "pole_station": _wp_back,
    "qualifying_weather_roll": _qualifying_weather_roll,
    "stopwatch_start": _stopwatch_start,
    "stopwatch_stop": _stopwatch_stop,
    "qualifying_lap": _qualifying_lap,
    "qualifying_tie": _qualifying_tie,
    doubts.CONFIRM: lambda before, _key, _facts, _after: doubts.confirmed_words(before.pending[0]),
}
