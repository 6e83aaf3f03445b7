"""How an RBB league is run: 10 racers in teams of 2 (constructors: the team's points added),
8 races of 2 laps, countback on equal points (rules.championship.standings), the points table,
the season's wear-point setup, each racer's home track and the reverse grid.

Rulings (docs/rulings.md, "RBB championships"):
- Points: the document's table is lost ("Scores are awarded as follows:" and nothing after);
  the preset is 25-18-15-12-10-8-6-4-2-1 for 1st to 10th.
- A season is up to 8 races on the organiser's tracks; every race scores the same.
- Weather ("weather", docs/rulings.md "RBB weather"): on for a new league, as the document
  determines the weather before every race; the track's Formula D chart is rolled before the
  grid. A league made before the setting existed races without it until its organiser turns it
  on; a round may switch it for its own race (a track whose chart the group does not use).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from types import MappingProxyType
from typing import Never

from rules.championship import (
    DRIVER_ADJUSTMENTS_FOR_TEAM_SETTING,
    GEAR_ODDS_SETTING,
    Championship,
    PointsTable,
    Setting,
    SetupNumber,
)
from rules.formula_d.car import Zone
from rules.formula_d.championship import chart_options
from rules.language import gettext_noop as N_
from rules.rbb.car import SETUP_LABELS, SETUP_LEAST_WP, SETUP_MOST_WP, WEAR_POINT_SETUP
from rules.rbb.places import RACES, TEAM_SIZE
from rules.rbb.race.state import OUT_REASONS
from rules.rbb.start import reverse_grid

# Scores: lost from the document; the preset, 1st to 10th.
POINTS: tuple[int, ...] = (25, 18, 15, 12, 10, 8, 6, 4, 2, 1)

# The league setting that rolls the weather on the track's Formula D chart before each race.
WEATHER_SETTING = "weather"
WEATHER = Setting(
    WEATHER_SETTING,
    N_("Weather: the track's Formula D weather chart rolled before the race, rain as Formula D"),
    "bool",
    True,
    race_option=True,
    unset=False,  # leagues made before the setting keep racing without weather
)


class RBBChampionship(Championship[Never, Never]):
    name = "rbb"
    title = "RBB championship"
    settings = (WEATHER, GEAR_ODDS_SETTING, DRIVER_ADJUSTMENTS_FOR_TEAM_SETTING)
    most_rounds = RACES
    out_reasons = tuple(OUT_REASONS.items())
    # The document lost its table ("Scores are awarded as follows:" and nothing after).
    points_presets = MappingProxyType({"RBB": PointsTable.of(*POINTS)})
    teams_title = N_("Constructors")
    teams_in_a_sentence = N_("constructors")
    season_note = N_(
        "A season is up to {races} races of two laps each on the tracks you pick, in race "
        "order; every race scores the same. The first race's grid is drawn at the table, each "
        "later one is the reverse of the race before."
    )

    def note_values(self) -> Mapping[str, object]:
        return {"races": RACES}

    grid_from_previous_finish = True
    home_tracks = True
    # The 2023 numbers are lost: the preset is Formula D's standard car (rules.rbb.car).
    season_setup = tuple(
        SetupNumber(
            zone.name.lower(),
            SETUP_LABELS[zone],
            WEAR_POINT_SETUP[zone],
            SETUP_LEAST_WP,
            SETUP_MOST_WP,
        )
        for zone in Zone
    )
    season_setup_title = N_("Wear-point setup")

    def race_options(
        self,
        *,
        weather_table: object,
        weather_chart: str = "",
        settings: Mapping[str, object] | None = None,
        car_builds: Mapping[str, Mapping[str, int]] | None = None,
        starters: Sequence[str] = (),
        previous_finish: Sequence[str] = (),
        home: Sequence[str] = (),
        season_setup: Mapping[str, int] | None = None,
        placeholders: Collection[str] = (),
        **_not_asked: object,  # what other rule sets' races take (a format, season points)
    ) -> dict[str, object]:
        """Every car on the season's wear-point setup (the preset where it has none), the cars
        at their home track, and the reverse grid Paddock proposes (none for the season's first
        race: drawn at the table); with the weather setting (`settings`: the round's race
        settings), the track's Formula D weather chart (the preset where the track has none)."""
        options: dict[str, object] = {}
        if WEATHER.value_in(settings or {}):
            options.update(chart_options(weather_chart, placeholders))
        if season_setup:
            options["wear_points"] = dict(season_setup)
        if home:
            options["home"] = tuple(home)
        grid = self.grid_proposal(starters, previous_finish)
        if grid:
            options["grid"] = grid
        return options

    def cars_per_team(self, settings: Mapping[str, object]) -> int:
        return TEAM_SIZE

    def grid_proposal(
        self, starters: Sequence[str], previous_finish: Sequence[str]
    ) -> tuple[str, ...]:
        """The reverse of the previous race's finish; () for the season's first race (drawn at
        the table)."""
        return reverse_grid(previous_finish, starters)
