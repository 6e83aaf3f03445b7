"""Championships: how a league of a rule set is run, and results to standings.

- hooks.py: the championship hooks, `Championship`, that each rule set's package subclasses (its
  settings, its season's shape, its points, its ways out, its drivers' careers);
- registry.py: `championship_for(name)` finds a rule set's hooks (rules/registry.py names
  them), `rule_sets()` lists those a league may pick, `track_facts()` what their races read of
  a track (the league keeps each with every track);
- settings.py: what the hooks are made of (settings and race options, a car's build zones, a
  season's setup numbers, a round's shape, sample schedules, a driver's career sheet, what a
  result is worth);
- points_table.py: what each place scores, as data a league shows and its organiser may edit
  before its season's first result (`PointsTable`), and a team race's result;
- ranking.py: standings, totals and countback on equal points, and why each tie went as it did;
- countback.py: countback's keys, which the standings and the drop rounds both read;
- adjustments.py: points adjustments (penalties and bonuses) and drop rounds, as plain data the
  standings count;
- title.py: the title race, who can still be champion.

The names below are the package's public ones: import them from `rules.championship`.
"""

from rules.championship.adjustments import (
    Adjustment,
    Counted,
    Drops,
    InvalidAdjustment,
    best_total,
    counted,
    dropped_rounds,
)
from rules.championship.hooks import Championship
from rules.championship.points_table import (
    MOST_PLACES,
    MOST_POINTS_A_PLACE,
    POINTS_TABLE,
    InvalidPlace,
    InvalidPointsTable,
    PointsRow,
    PointsTable,
    TeamRace,
    most_points,
    team_race,
)
from rules.championship.ranking import (
    StandingRow,
    countback_key,
    countback_reason,
    ordinal,
    standings,
    tie_reasons,
)
from rules.championship.registry import (
    UnknownChampionship,
    championship_for,
    out_reason_label,
    rule_sets,
    track_fact,
    track_facts,
    track_race_options,
)
from rules.championship.settings import (
    DISPLAY,
    DRIVER_ADJUSTMENTS_FOR_TEAM,
    DRIVER_ADJUSTMENTS_FOR_TEAM_SETTING,
    EFFECTS,
    GEAR_ODDS_SETTING,
    RACE,
    SEASON,
    STANDINGS,
    BuildZone,
    DriverSheet,
    EntryScore,
    InvalidSetting,
    RaceOptionLine,
    RoundShape,
    ScheduledTrack,
    SeasonPreset,
    Setting,
    SetupNumber,
    TrackFact,
)
from rules.championship.title import (
    Contender,
    RoundLeft,
    TitleRace,
    most_final_points,
    most_points_each_round,
    most_points_left,
    title_race,
)
from rules.registry import RULE_SET_PACKAGES

__all__ = [
    "Adjustment",
    "Counted",
    "Drops",
    "InvalidAdjustment",
    "best_total",
    "counted",
    "dropped_rounds",
    "most_final_points",
    "most_points_each_round",
    "GEAR_ODDS_SETTING",
    "DISPLAY",
    "DRIVER_ADJUSTMENTS_FOR_TEAM",
    "DRIVER_ADJUSTMENTS_FOR_TEAM_SETTING",
    "RACE",
    "SEASON",
    "STANDINGS",
    "EFFECTS",
    "MOST_PLACES",
    "MOST_POINTS_A_PLACE",
    "POINTS_TABLE",
    "RULE_SET_PACKAGES",
    "BuildZone",
    "Championship",
    "Contender",
    "DriverSheet",
    "EntryScore",
    "InvalidPlace",
    "InvalidPointsTable",
    "InvalidSetting",
    "PointsRow",
    "PointsTable",
    "RaceOptionLine",
    "RoundLeft",
    "RoundShape",
    "ScheduledTrack",
    "SeasonPreset",
    "Setting",
    "SetupNumber",
    "StandingRow",
    "TeamRace",
    "TrackFact",
    "TitleRace",
    "UnknownChampionship",
    "championship_for",
    "countback_key",
    "countback_reason",
    "most_points",
    "most_points_left",
    "ordinal",
    "out_reason_label",
    "rule_sets",
    "standings",
    "team_race",
    "tie_reasons",
    "title_race",
    "track_fact",
    "track_facts",
    "track_race_options",
]
