"""How Mini's series is run: 7-5-3-2-1 and a point for leading each non-final lap, counted for
drivers and constructors alike; an eight-race series on two courses, four each, in the four
race formats; the grid is the reverse of the season standings (docs/rulings.md, "Mini's
series")."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Never

from rules.championship import (
    DRIVER_ADJUSTMENTS_FOR_TEAM_SETTING,
    GEAR_ODDS_SETTING,
    RACE,
    Championship,
    PointsTable,
    RoundShape,
    ScheduledTrack,
    SeasonPreset,
    Setting,
)
from rules.language import gettext as said
from rules.language import gettext_noop as N_
from rules.mini.car import DAMAGE_POOL, DAMAGE_POOL_CHOICES
from rules.mini.finish import LAP_LEADER_POINTS
from rules.mini.formats import (
    FORMATS,
    RACES_PER_COURSE,
    SERIES_RACES,
    RaceFormat,
    format_for_round,
)
from rules.mini.race.state import OUT_REASONS

# Finish position   points earned (6th-8th and later: 0)
POINTS: tuple[int, ...] = (7, 5, 3, 2, 1, 0, 0, 0)

# The document names no courses: the sample series runs on two tracks, four races each.
FIRST_COURSE, SECOND_COURSE = "Mini course A", "Mini course B"


# A choice of the damage each car starts with, in words.
DAMAGE_POINTS = N_("{value} damage points")


class MiniChampionship(Championship[Never, Never]):
    name = "mini"
    title = "Mini's series"
    settings = (
        Setting(
            "damage_pool",
            N_("Damage points each car starts a race with"),
            "choice",
            str(DAMAGE_POOL),
            tuple(
                (str(points), DAMAGE_POINTS.format(value=points)) for points in DAMAGE_POOL_CHOICES
            ),
            effect=RACE,
            choice_words=DAMAGE_POINTS,
        ),
        GEAR_ODDS_SETTING,
        DRIVER_ADJUSTMENTS_FOR_TEAM_SETTING,
    )
    most_rounds = SERIES_RACES
    presets = (
        SeasonPreset(
            "Mini's series",
            tuple(ScheduledTrack(FIRST_COURSE) for _ in range(RACES_PER_COURSE))
            + tuple(ScheduledTrack(SECOND_COURSE) for _ in range(RACES_PER_COURSE)),
        ),
    )
    out_reasons = tuple(OUT_REASONS.items())
    race_formats = tuple((key.value, FORMATS[key].title) for key in RaceFormat)
    grid_by_standings = True
    points_presets = MappingProxyType({"Mini": PointsTable.of(*POINTS)})
    points_note = N_(
        "And 1 point for the leader of each lap but the last (on the track proper), for the "
        "drivers' and the constructors' titles alike."
    )
    teams_title = N_("Constructors")
    teams_in_a_sentence = N_("constructors")
    bonus_points_label = N_("Lap-leader points")
    bonus_points_in_a_sentence = N_("lap-leader points")
    season_note = N_(
        "An eight-race series, four on each of two courses, each course in the four formats "
        "({formats}); the organiser may give any round another format."
    )

    def note_values(self) -> Mapping[str, object]:
        return {"formats": "; ".join(said(FORMATS[key].title) for key in RaceFormat)}

    def round_shape(self, number: int) -> RoundShape:
        return RoundShape(race_format=format_for_round(number).value)

    def most_bonus_points(self, race_format: str) -> int:
        """A point for the leader of each lap but the last (docs/rulings.md, "The lap-leader
        point")."""
        laps = FORMATS[RaceFormat(race_format or RaceFormat.THREE_LAPS.value)].laps
        return LAP_LEADER_POINTS * (laps - 1)

    def damage_pool(self, settings: Mapping[str, object]) -> int:
        return int(str(settings.get("damage_pool", DAMAGE_POOL)))

    def race_options(
        self,
        *,
        weather_table: object,
        car_builds: Mapping[str, Mapping[str, int]] | None = None,
        settings: Mapping[str, object] | None = None,
        race_format: str = "",
        season_points: Mapping[str, int] | None = None,
        **_not_asked: object,  # what other rule sets' races take (a reverse grid, home tracks)
    ) -> dict[str, object]:
        return {
            "damage_pool": self.damage_pool(settings or {}),
            "race_format": race_format or RaceFormat.THREE_LAPS.value,
            "season_points": dict(season_points or {}),
        }
