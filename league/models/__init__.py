"""Leagues, seasons, rounds, teams, drivers and the entries of each round.

Models hold data, a module by area (tracks, leagues, members, seasons, teams, results); rules
live in rules/ and writes in league/services/. The few members here
that call rules/ (a driver's level, an entry's injury check and races missed, a track's weather
table and its default) are the one boundary where stored values become rules values.
"""

from .accounts import Making, NameKey, Profile
from .house_rules import HouseRules
from .leagues import League, LeagueSettingChange
from .members import (
    RUNS_RACES,
    Invitation,
    Membership,
    MembershipQuerySet,
    Role,
    may_manage,
    may_referee,
    may_run_team,
    may_see,
    member_role,
    role_in_league,
    role_read,
    role_sees,
    seen_by,
)
from .results import (
    Entry,
    EntryQuerySet,
    PointsAdjustment,
    RoundResultChange,
    SeasonEndChange,
    StarterChoice,
)
from .roster import DriverChange, DriverChangeKind
from .seasons import DropRule, Round, RoundStatus, Season
from .teams import Driver, DriverQuerySet, DriverStatus, Team
from .tracks import Track, ruleset_choices, track_fact_column

__all__ = [
    "HouseRules",
    "Making",
    "NameKey",
    "Profile",
    "ruleset_choices",
    "track_fact_column",
    "Track",
    "League",
    "LeagueSettingChange",
    "member_role",
    "role_in_league",
    "role_read",
    "role_sees",
    "may_manage",
    "may_referee",
    "may_run_team",
    "may_see",
    "seen_by",
    "Role",
    "RUNS_RACES",
    "MembershipQuerySet",
    "Membership",
    "Invitation",
    "DropRule",
    "Season",
    "RoundStatus",
    "Round",
    "Team",
    "DriverStatus",
    "DriverQuerySet",
    "Driver",
    "DriverChange",
    "DriverChangeKind",
    "EntryQuerySet",
    "Entry",
    "PointsAdjustment",
    "SeasonEndChange",
    "StarterChoice",
    "RoundResultChange",
]
