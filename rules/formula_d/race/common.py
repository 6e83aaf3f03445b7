"""Small helpers the Formula D hooks share: how prompts name cars, replacing one car, board facts,
and what losing WP does to a car (Elimination, damage markers)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from rules.engine.pieces import Race, name, ordinal, with_car
from rules.formula_d import Zone, places_damage_marker, wear
from rules.formula_d.race.shape import FormulaDLikeState, MarkedT, SheetT
from rules.formula_d.race.state import OUT, Marker
from rules.language import gettext as _
from rules.language import gettext_noop as N_

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


# The dice by their colour, said through `_` ("roll yellow", in French "lancez le dé jaune").
DIE_NAMES = {
    "black": N_("black"),
    "yellow": N_("yellow"),
    "orange": N_("orange"),
    "red": N_("red"),
    "green": N_("green"),
    "purple": N_("purple"),
    "blue": N_("blue"),
}


def die_name(die: str) -> str:
    """A die's colour in the language spoken ("yellow", "jaune")."""
    words = DIE_NAMES.get(die)
    return _(words) if words else die


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
