"""Small helpers the Formula D hooks share: how prompts name cars, replacing one car, board facts,
and what losing WP does to a car (Elimination, damage markers)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import replace

from rules.engine.pieces import Race, name, names, ordinal, plural, with_car
from rules.formula_d import Zone, places_damage_marker, wear
from rules.formula_d.race.shape import FormulaDLikeState, MarkedT, SheetT
from rules.formula_d.race.state import OUT, OUT_REASONS, Marker
from rules.formula_d.weather import ChartLine
from rules.language import gettext as _
from rules.language import gettext_noop as N_
from rules.language import spoken

# Elimination: the zone whose WP ran out, as the out reason the season records.
OUT_BY_ZONE = {
    Zone.TIRES: "tires",
    Zone.BODY: "body",
    Zone.ENGINE: "engine",
    Zone.ROAD_HANDLING: "handling",
}


# "1 brake WP" in each zone's words (Zone's values are the English ones), said through `_`.
ZONE_WP = {
    "tire": N_("{points} tire WP"),
    "brake": N_("{points} brake WP"),
    "gearbox": N_("{points} gearbox WP"),
    "car body": N_("{points} car body WP"),
    "engine": N_("{points} engine WP"),
    "road handling": N_("{points} road handling WP"),
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


_ORDINAL = re.compile(r"\b(\d+)(?:st|nd|rd|th)\b")
_REASONS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(r"ended next to or behind (?P<cars>.+) \(Aggressive: again\)"),
        N_("ended next to or behind {cars} (Aggressive: again)"),
    ),
    (re.compile(r"ended next to or behind (?P<cars>.+)"), N_("ended next to or behind {cars}")),
    (re.compile(r"(?P<car>\S+) threw its car radio"), N_("{car} threw its car radio")),
    (
        re.compile(r"(?P<car>\S+) ended its turn beside (?P<cars>.+)"),
        N_("{car} ended its turn beside {cars}"),
    ),
    (
        re.compile(r"(?P<car>\S+) rolled (?P<roll>\d+) in (?P<gear>neutral|\d+\w\w)"),
        N_("{car} rolled {roll} in {gear}"),
    ),
    (re.compile(r"lap (?P<lap>\d+)"), N_("lap {lap}")),
    # Season Pass's
    (re.compile(r"(?P<car>\S+) rolled (?P<roll>\d+)"), N_("{car} rolled {roll}")),
    (re.compile(r"(?P<car>\S+) took engine damage"), N_("{car} took engine damage")),
    # Death's
    (re.compile(r"rammed by (?P<car>\S+)"), N_("rammed by {car}")),
    (re.compile(r"with (?P<car>\S+) directly behind"), N_("with {car} directly behind")),
    (re.compile(r"(?P<car>\S+) pulled beside it"), N_("{car} pulled beside it")),
    (re.compile(r"pulled beside (?P<cars>.+)"), N_("pulled beside {cars}")),
    (re.compile(r"(?P<car>[A-Z]\S*)'s (?P<weapon>.+) hit it"), N_("{car}'s {weapon} hit it")),
    (re.compile(r"(?P<weapon>.+) hit it"), N_("{weapon} hit it")),
    # doubts.py: a fact the referee confirms from the board
    (
        re.compile(
            r"(?P<car>\S+) slipstreamed behind (?P<cars>.+), but Paddock's picture has (?P=cars) "
            r"behind (?P=car) \(after it in this round's order of play, not moved yet\)"
        ),
        N_(
            "{car} slipstreamed behind {cars}, but Paddock's picture has {cars} behind {car} "
            "(after it in this round's order of play, not moved yet)"
        ),
    ),
    (
        re.compile(
            r"(?P<car>\S+) was blocked by (?P<cars>.+), but Paddock's picture has (?P=cars) "
            r"behind (?P=car) \(after it in this round's order of play, not moved yet\)"
        ),
        N_(
            "{car} was blocked by {cars}, but Paddock's picture has {cars} behind {car} (after "
            "it in this round's order of play, not moved yet)"
        ),
    ),
    (
        re.compile(
            r"(?P<car>\S+) was blocked with (?P<count>\d+) spaces? left, but Paddock's picture "
            r"has no car on the track ahead of (?P=car) \(the first in this round's order of "
            r"play still racing\)"
        ),
        N_(
            "{car} was blocked with {spaces} left, but Paddock's picture has no car on "
            "the track ahead of {car} (the first in this round's order of play still racing)"
        ),
    ),
    (
        re.compile(
            r"(?P<car>\S+) slipstreamed, but Paddock's picture has no car on the track ahead of "
            r"(?P=car) \(the first in this round's order of play still racing\)"
        ),
        N_(
            "{car} slipstreamed, but Paddock's picture has no car on the track ahead of {car} "
            "(the first in this round's order of play still racing)"
        ),
    ),
)


def reason_words(reason: str) -> str:
    """A check's reason, kept in the state in English ("Red rolled 20 in 5th"), in the language
    spoken: as it is in English, or where it is none of the rules' reasons."""
    if not spoken():
        return reason
    for pattern, words in _REASONS:
        found = pattern.fullmatch(reason)
        if found is None:
            continue
        said = dict(found.groupdict())
        if "cars" in said:
            said["cars"] = names(re.split(r", | and ", said["cars"]))
        if "count" in said:
            said["spaces"] = plural(int(said.pop("count")), "space")
        if "gear" in said:
            gear = said["gear"]
            number = _ORDINAL.fullmatch(gear)
            said["gear"] = gear_name(int(number.group(1)) if number else 0)
        return _(words).format(**said)
    return reason


def wp_text(zone: str, points: int) -> str:
    """ "2 brake WP" (in French "2 PU freins"): `points` of the zone named `zone`."""
    words = ZONE_WP.get(zone)
    return _(words).format(points=points) if words else f"{points} {zone} WP"


def gear_name(gear: int) -> str:
    return _("neutral") if gear == 0 else ordinal(gear)


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
