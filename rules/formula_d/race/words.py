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
    SLIPSTREAM_CORNER_BRAKE_WP,
    SLIPSTREAM_SPACES,
    Start,
    Zone,
    calls_motor_damage,
    gear_change_cost,
    gears_skipped,
    pit_stop,
    start_roll,
)
from rules.formula_d.car import wp_text
from rules.formula_d.driver_cards import BETTER_NITRO_SPACES, car_radio_zone
from rules.formula_d.race import doubts, options_words
from rules.formula_d.race.common import (
    gear_name,
    label,
    out_reason_words,
    tires_words,
    value_words,
)
from rules.formula_d.race.flow import proposed_order
from rules.formula_d.race.gearing import cost_text
from rules.formula_d.race.reasons import is_again, reason_words
from rules.formula_d.race.road import NONE, pole_speeds
from rules.formula_d.race.standings import finishers
from rules.formula_d.race.state import FINISHED, OUT, CarState, RaceState
from rules.formula_d.race.turns import tire_effect_now
from rules.formula_d.road_race import engine_noise, nitro_spaces
from rules.language import gettext as _
from rules.language import gettext_noop as N_
from rules.language import ngettext

Facts = Mapping[str, Any]


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
        text += _("; a {roll} in {gear}: Motor Damage").format(roll=roll, gear=gear)
        if rollers:
            text += ngettext(", {cars} rolls black", ", {cars} roll black", len(rollers)).format(
                cars=names(rollers)
            )
    return text


def _braking(now: CarState, facts: Facts) -> list[str]:
    parts = []
    if facts["brakes"]:
        parts.append(_("braking {brakes} ({brakes} brake WP)").format(brakes=facts["brakes"]))
    blocked = facts["blocked"]
    if blocked:
        spaces = plural(blocked, "space")
        if now.out_reason == "blocked":
            if blocked >= BLOCKED_ELIMINATED_AT:
                out = _("blocked with {spaces} remaining: eliminated")
            else:
                out = _("blocked with {spaces} remaining, without the WP to stop: eliminated")
            parts.append(out.format(spaces=spaces))
        else:
            cost = BLOCKED_TABLE[blocked]
            paid = wp_text(Zone.BRAKES, cost.brakes)
            if cost.tires:
                paid = _("{some} and {last}").format(
                    some=paid, last=wp_text(Zone.TIRES, cost.tires)
                )
            parts.append(
                _("blocked with {spaces} remaining ({paid})").format(spaces=spaces, paid=paid)
            )
    fronts = facts.get("slipstream", ())
    if fronts:
        slipstream = _("slipstreaming behind {cars} (+{spaces})").format(
            cars=names(fronts), spaces=SLIPSTREAM_SPACES * len(fronts)
        )
        braked = facts.get("slipstream_brakes", 0)
        if braked:
            slipstream += _(", braking {brakes} of it ({brakes} brake WP)").format(brakes=braked)
        parts.append(slipstream)
        if facts.get("slipstream_corner"):
            parts.append(
                _("carried into a corner by the slipstream ({brakes} brake WP)").format(
                    brakes=SLIPSTREAM_CORNER_BRAKE_WP
                )
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
        where = [
            _("where {car} stood in round {round}").format(car=name(m.car), round=m.round)
            for m in markers
        ]
        parts.append(
            ngettext(
                "over the damage marker {where}", "over the damage markers {where}", len(markers)
            ).format(where=_and(where))
        )
    if facts.get("danger"):
        parts.append(
            ngettext(
                "over {count} red space of the danger zone",
                "over {count} red spaces of the danger zone",
                facts["danger"],
            ).format(count=facts["danger"])
        )
    if facts.get("stopped_on", NONE) != NONE:
        parts.append(_("stopping on a dangerous space (Pile of Scrap: 1-2 there)"))
    if facts.get("adjacent"):
        parts.append(_("next to or behind {cars}").format(cars=names(facts["adjacent"])))
    if facts.get("noise"):
        parts.append(_("ending in the engine-noise area"))
    return parts


def _road_move(before: RaceState, key: str, facts: Facts, after: RaceState) -> list[str]:
    """Road Races: the nitro and the skills used on the move."""
    was, now = before.car(key), after.car(key)
    parts = []
    if facts.get("nitro"):
        boost = nitro_spaces(was.gear)
        if facts.get("better_nitro"):
            nitro = ngettext(
                "{count} space of them from the nitro and {more} more (Better Nitro)",
                "{count} spaces of them from the nitro and {more} more (Better Nitro)",
                boost,
            )
        else:
            nitro = ngettext(
                "{count} space of them from the nitro",
                "{count} spaces of them from the nitro",
                boost,
            )
        parts.append(nitro.format(count=boost, more=BETTER_NITRO_SPACES))
    adjustment = int(facts.get("skid", "0"))
    if adjustment:
        parts.append(
            _("skids 1 space further (Skidding Pro, 1 tire WP)")
            if adjustment > 0
            else _("skids 1 space shorter (Skidding Pro, 1 tire WP)")
        )
    if facts.get("sweet"):
        sweet = facts["sweet"]
        parts.append(
            ngettext(
                "{count} space less for overtaking {cars} on a straight (How Sweet!)",
                "{count} spaces less for overtaking {cars} on a straight (How Sweet!)",
                len(sweet),
            ).format(count=len(sweet), cars=names(sweet))
        )
    if facts.get("scrap"):
        parts.append(_("leaves a damage marker on the space it left (Pile of Scrap)"))
    if facts.get("radio", NONE) != NONE:
        parts.append(_("throws its car radio onto {car}").format(car=name(facts["radio"])))
    crossed = [c for c in after.crossings if c.car == key and c not in before.crossings]
    if crossed:
        parts.append(
            _(
                "at the checkpoint its tire WP back to {tires}, past the pole station at {speed}"
            ).format(tires=now.sheet.tires, speed=crossed[0].speed)
        )
    return parts


def _and(items: list[str]) -> str:
    if len(items) < 2:
        return "".join(items)
    return _("{some} and {last}").format(some=", ".join(items[:-1]), last=items[-1])


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
        return _("loses its last {zone}: eliminated").format(zone=wp_text(zone, 1).split(" ", 1)[1])
    return _("loses {wp}").format(wp=wp_text(zone, lost)) if lost else _("no damage")


# Each check's roll, as its line begins ("Red's collision roll").
_ROLL_HEADS = {
    Zone.ROAD_HANDLING: N_("{car}'s road handling roll"),
    Zone.BODY: N_("{car}'s collision roll"),
    Zone.ENGINE: N_("{car}'s motor damage roll"),
}


def _check(zone: Zone) -> Callable[[RaceState, str, Facts, RaceState], str]:
    def said(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
        head = _(_ROLL_HEADS[zone]).format(car=name(key))
        check = before.pending[0]
        if zone is Zone.ROAD_HANDLING and check.marker:
            marker = next(m for m in before.markers if m.key == check.marker)
            head += _(" for the damage marker where {car} stood in round {round}").format(
                car=name(marker.car), round=marker.round
            )
        elif zone is Zone.ROAD_HANDLING:
            head += _(" for a red space of the danger zone")
        if check.stopped_on:
            head += _(", which it stopped on (Pile of Scrap)")
        if is_again(check):
            head += _(" (again: Aggressive)")
        loss = _loss(before.car(key), after.car(key), zone)
        return _("{head}: {value}, {loss}").format(
            head=head, value=facts["value"], loss=loss
        ) + _marker(before, key, after)

    return said


def _pit_roll(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    value = facts["value"]
    outcome = pit_stop(value)
    stop = value_words(outcome.stop.value)
    if after.car(key).tires_fitted is not None:
        text = _("{car} fits {tires}; its pit stop roll: {value}, {stop}").format(
            car=name(key), tires=tires_words(facts["tires"]), value=value, stop=stop
        )
    else:
        text = _("{car}'s pit stop roll: {value}, {stop}").format(
            car=name(key), value=value, stop=stop
        )
    was, now = before.car(key), after.car(key)
    kinds = [
        kind
        for kind, more in (
            (_("technical pit stop"), now.repaired > was.repaired),
            (_("team repair"), now.team_repaired > was.team_repaired),
        )
        if more
    ]
    if kinds:
        back = [
            wp_text(zone, now.sheet[zone] - was.sheet[zone])
            for zone in Zone
            if now.sheet[zone] > was.sheet[zone] and zone is not Zone.TIRES
        ]
        text += _(" ({kinds}: {wp} back)").format(kinds=_and(kinds), wp=_and_all(back))
    if outcome.waits_a_round:
        return _(
            "{text}: waits in the pits until next round, then moves off in {gear} or lower"
        ).format(text=text, gear=gear_name(PIT_EXIT_GEAR))
    return _("{text}: leaves the pits now in {gear}, {spaces}").format(
        text=text, gear=gear_name(PIT_EXIT_GEAR), spaces=plural(outcome.spaces, "space")
    )


def _and_all(items: list[str]) -> str:
    """ "a and b and c": each joined with "and" (the WP given back, zone by zone)."""
    said = items[0] if items else ""
    for item in items[1:]:
        said = _("{some} and {last}").format(some=said, last=item)
    return said


def _tires(before: RaceState, was: CarState, facts: Facts) -> list[str]:
    """Tire Selection: the extra spaces its tires gave the move."""
    if not facts.get("tire_bonus") or was.tires_fitted is None:
        return []
    extra = tire_effect_now(before, was).extra_spaces
    return [
        ngettext(
            "{count} space of them from its {tires}",
            "{count} spaces of them from its {tires}",
            extra,
        ).format(count=extra, tires=tires_words(was.tires_fitted.value))
    ]


# --- Road Races: the engine noise, the car radio, the WP at the line ----------------------------


def _noise_roll(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    line = engine_noise(facts["value"])
    text = _("{car}'s engine-noise roll: {value}, {result}").format(
        car=name(key), value=facts["value"], result=_(line.result).split(":")[0]
    )
    if line.zone is not None:
        text += ", " + _loss(before.car(key), after.car(key), line.zone)
    return text + _marker(before, key, after)


def _radio_roll(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    zone = car_radio_zone(facts["value"])
    check = before.pending[0]
    was, now = before.car(key), after.car(key)
    if was.sheet[zone] == now.sheet[zone] and not (now.status == OUT and was.status != OUT):
        loss = _("no {wp} left to lose").format(wp=wp_text(zone, 0).split(" ", 1)[1])
    else:
        loss = _loss(was, now, zone)
    return _("{reason} onto {car}: {value}, {loss}").format(
        reason=reason_words(check), car=name(key), value=facts["value"], loss=loss
    ) + _marker(before, key, after)


def _wp_back(before: RaceState, key: str, facts: Facts, after: RaceState) -> str:
    was, now = before.car(key), after.car(key)
    back = [
        wp_text(zone, now.sheet[zone] - was.sheet[zone])
        for zone in Zone
        if now.sheet[zone] > was.sheet[zone]
    ]
    given = _("{wp} back").format(wp=_and_all(back)) if back else _("no WP taken")
    if before.pending[0].kind == "checkpoint":
        return _("{car} at the checkpoint: {given}").format(car=name(key), given=given)
    lap = before.pole_laps + 1
    return _("Pole station, lap {lap}: {car} the fastest ({speeds}), {given}").format(
        lap=lap, car=name(key), speeds=pole_speeds(before, lap), given=given
    )


# --- What follows a loss -----------------------------------------------------------------------


def _out(was: CarState, now: CarState) -> str:
    if now.status == OUT and was.status != OUT:
        return "; " + out_reason_words(now.out_reason)
    return ""


def _marker(before: RaceState, key: str, after: RaceState) -> str:
    """Damage and Road Handling: the space becomes dangerous; the table puts the marker down."""
    placed = {marker.key for marker in after.markers} - {marker.key for marker in before.markers}
    here = after.car(key).moved_at  # not Pile of Scrap's marker, on the space it left
    if any(m.car == key and m.key in placed and m.at == here for m in after.markers):
        return _("; a damage marker on its space")
    return ""


_WORDS: dict[str, Callable[[RaceState, str, Facts, RaceState], str]] = {
    "grid_roll": _grid_roll,
    "tie_roll": _tie_roll,
    "start_roll": _start_roll,
    "order": _order,
    "gear": _gear,
    "move": _move,
    "handling_roll": _check(Zone.ROAD_HANDLING),
    "collision_roll": _check(Zone.BODY),
    "motor_roll": _check(Zone.ENGINE),
    "pit_roll": _pit_roll,
    "weather_roll": options_words.weather_roll,
    "tire_choice": options_words.tire_choice,
    "frog_choice": options_words.frog_choice,
    "noise_roll": _noise_roll,
    "radio_roll": _radio_roll,
    "checkpoint": _wp_back,
    "pole_station": _wp_back,
    "qualifying_weather_roll": options_words.qualifying_weather_roll,
    "stopwatch_start": options_words.stopwatch_start,
    "stopwatch_stop": options_words.stopwatch_stop,
    "qualifying_lap": options_words.qualifying_lap,
    "qualifying_tie": options_words.qualifying_tie,
    doubts.CONFIRM: lambda before, _key, _facts, _after: doubts.confirmed_words(before.pending[0]),
}
