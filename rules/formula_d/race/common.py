"""Small helpers the Formula D hooks share: how prompts name cars, replacing one car, board facts,
and what losing WP does to a car (Elimination, damage markers)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from rules.engine.pieces import Race, name, with_car
from rules.formula_d import Zone, places_damage_marker, wear
from rules.formula_d.race.reasons import gear_name as gear_name
from rules.formula_d.race.shape import FormulaDLikeState, MarkedT, SheetT
from rules.formula_d.race.state import OUT, OUT_REASONS, Marker
from rules.formula_d.weather import ChartLine
from rules.language import gettext as _
from rules.language import gettext_noop as N_

# Elimination: the zone whose WP ran out, as the out reason the season records.
OUT_BY_ZONE = {
    Zone.TIRES: "tires",
    Zone.BODY: "body",
    Zone.ENGINE: "engine",
    Zone.ROAD_HANDLING: "handling",
}


# The values of the rules' enums (English, kept in the state) in words, said through `_`.
VALUE_WORDS = {
    # Tires (Tire Selection), as "{tires} tires"
    "hard": N_("hard"),
    "soft": N_("soft"),
    "rain": N_("rain"),
    # Weather, as "{weather} weather"
    "good": N_("good"),
    "changeable": N_("changeable"),
    "rain changeable": N_("rain changeable"),
    "rainy": N_("rainy"),
    # Pit stops
    "Quick Stop": N_("Quick Stop"),
    "Slow Stop": N_("Slow Stop"),
    # Starts
    "Poor Start": N_("Poor Start"),
    "Normal Start": N_("Normal Start"),
    "Great Start": N_("Great Start"),
}


def value_words(value: str) -> str:
    """An enum's value (a tire, a weather line, a pit stop) in the language spoken."""
    words = VALUE_WORDS.get(value)
    return _(words) if words else value


def tires_words(tires: str) -> str:
    """ "hard tires" (in French "pneus durs")."""
    return _("{tires} tires").format(tires=value_words(tires))


def weather_words(weather: str) -> str:
    """ "good weather" (in French "beau temps")."""
    return _("{weather} weather").format(weather=value_words(weather))


def label(state: Race, key: str) -> str:
    """ "Red (Jane Doe)": how prompts name a car."""
    driver = state.setup.car(key).driver
    return f"{name(key)} ({driver})" if driver else name(key)


def on_track(state: FormulaDLikeState) -> tuple[str, ...]:
    """Cars a move can end beside: racing and not waiting in the pits. A finished car has left the
    track past the line, and an eliminated one is taken off (a damage marker stays)."""
    return tuple(car.car for car in state.cars if car.on_track)


def event_number(state: FormulaDLikeState) -> int:
    """The number, in the log, of the event being applied now."""
    return state.clock + 1


def place_marker(state: MarkedT, key: str) -> MarkedT:
    """Damage and Road Handling: the space where `key` stands becomes dangerous (one marker per
    space is enough: a car rolls once per dangerous space)."""
    marker = Marker(key, state.car(key).moved_at, state.round)
    if any(other.key == marker.key for other in state.markers):
        return state
    return replace(state, markers=(*state.markers, marker))


def eliminate(state: MarkedT, key: str, reason: str) -> MarkedT:
    """`key` is out for `reason` (a key of OUT_REASONS); a marker goes where its move ended."""
    state = with_car(state, key, status=OUT, out_reason=reason, out_at=event_number(state))
    return place_marker(state, key)


def lose(
    state: SheetT,
    key: str,
    losses: Mapping[Zone, int],
    *,
    marks: Callable[[Mapping[Zone, int]], bool] = places_damage_marker,
) -> SheetT:
    """`key` loses `losses` ({Zone: WP}); Elimination and damage markers follow (`marks`: which
    losses make its space dangerous, a variant's own)."""
    if not any(losses.values()):
        return state
    worn = wear(state.car(key).sheet, losses)
    state = with_car(state, key, sheet=worn.sheet)
    if worn.eliminated:
        assert worn.cause is not None
        return eliminate(state, key, OUT_BY_ZONE[worn.cause])
    if marks(losses):
        return place_marker(state, key)
    return state


def out_reason_words(reason: str | None) -> str:
    """Why a car is out (a key of OUT_REASONS), in the language spoken."""
    return _(OUT_REASONS.get(reason or "", N_("eliminated")))


def chart_words(chart: tuple[ChartLine, ...]) -> str:
    """A weather chart as the organiser writes it ("1-8 good, 9-14 changeable"), its lines in
    the language spoken."""
    return ", ".join(
        f"{line.low}{'' if line.low == line.high else f'-{line.high}'} "
        + value_words(line.weather.value)
        for line in chart
    )


def weather_roll_words(
    chart: tuple[ChartLine, ...], *, placeholder: bool, qualifying: bool = False
) -> str:
    """The weather roll's words before the race (or before its qualifying laps): against the
    track's chart, or against the placeholder every track starts with, said as such so that the
    referee reads the board's own where it differs. Each a whole sentence, for its translation."""
    if qualifying and placeholder:
        text = _(
            "Weather: roll black against the placeholder chart, not this board's, before the "
            "qualifying laps ({chart})"
        )
    elif qualifying:
        text = _(
            "Weather: roll black against the track's chart before the qualifying laps ({chart})"
        )
    elif placeholder:
        text = _(
            "Weather: roll black against the placeholder chart, not this board's, before the race "
            "({chart})"
        )
    else:
        text = _("Weather: roll black against the track's chart before the race ({chart})")
    return text.format(chart=chart_words(chart))
