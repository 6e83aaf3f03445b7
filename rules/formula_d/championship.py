"""How a Formula D league is run. The official rules summary describes single races; a league
of them needs a points table and a season, which the document gives only for its team race
(docs/rulings.md, "Formula D championships").
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from rules.championship import (
    BuildZone,
    Championship,
    PointsTable,
    Setting,
    register_championship,
)
from rules.formula_d.car import BUILD_LIMITS
from rules.formula_d.race.state import OUT_REASONS

# Optional Rules, Team Race: points by finishing place, 1st to 10th; 11th and later score 0.
TEAM_RACE_POINTS: tuple[int, ...] = (10, 8, 6, 5, 4, 3, 2, 1, 0, 0)

# A season is the organiser's choice of races; twelve keeps a season to a season's length.
MOST_ROUNDS = 12


@register_championship
class FormulaDChampionship(Championship):
    name = "formula_d"
    title = "Formula D"
    settings = (
        Setting(
            "cars_per_team",
            "Cars each team (player) races",
            "choice",
            "1",
            (("1", "One car a player"), ("2", "Two cars a team, as in the team race")),
        ),
    )
    most_rounds = MOST_ROUNDS
    # Constructing Your Car: a player may build the car from 20 WP instead of the standard one.
    car_build = tuple(
        BuildZone(zone.name.lower(), zone.value.capitalize(), low, high)
        for zone, (low, high) in BUILD_LIMITS.items()
    )
    out_reasons = tuple(OUT_REASONS.items())
    points_presets = MappingProxyType({"Formula D team race": PointsTable.of(*TEAM_RACE_POINTS)})
    season_note = (
        f"A season is up to {MOST_ROUNDS} races of two laps each, on the tracks you pick, "
        "in race order; every race scores the same."
    )

    def cars_per_team(self, settings: Mapping[str, object]) -> int:
        return int(str(settings.get("cars_per_team", "1")))
