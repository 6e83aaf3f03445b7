"""What losing WP does to an RBB car (Elimination, damage tokens), on top of the helpers Formula
D's hooks share (how prompts name cars, ordinals, marker spaces, Elimination), which work on this
state too."""

from __future__ import annotations

from collections.abc import Mapping

from rules.engine.pieces import names, ordinal
from rules.formula_d import Zone
from rules.formula_d.race import common as formula_d
from rules.formula_d.race.common import (
    eliminate,
    event_number,
    gear_name,
    label,
    on_track,
    place_marker,
)
from rules.language import gettext_noop as N_
from rules.rbb import places_damage_marker
from rules.rbb.race.state import RaceState

# A zone's WP lost or got back ("-1 tyres WP"), as the RBB document names its zones.
RBB_WP = {
    Zone.TIRES: N_("{points} tyres WP"),
    Zone.BRAKES: N_("{points} brakes WP"),
    Zone.GEARBOX: N_("{points} gears WP"),
    Zone.BODY: N_("{points} body WP"),
    Zone.ENGINE: N_("{points} engine WP"),
    Zone.ROAD_HANDLING: N_("{points} handling WP"),
}


def lose(state: RaceState, key: str, losses: Mapping[Zone, int]) -> RaceState:
    """`key` loses `losses`; at 0 body, engine or handling WP it is out, and body damage puts a
    token under it (tyres are judged by the moves that cost them, rules.rbb.tyres)."""
    return formula_d.lose(state, key, losses, marks=places_damage_marker)


__all__ = [
    "RBB_WP",
    "eliminate",
    "event_number",
    "gear_name",
    "label",
    "lose",
    "names",
    "on_track",
    "ordinal",
    "place_marker",
]
