"""What a league's backup file holds: its format's name and version, its parts in order, and
the tables of a league's rows (`TABLES`, which another app joins through `register`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import models

from ..models import (
    Driver,
    DriverChange,
    Entry,
    League,
    LeagueSettingChange,
    Membership,
    PointsAdjustment,
    Round,
    RoundResultChange,
    Season,
    SeasonEndChange,
    StarterChoice,
    Team,
)

FORMAT = "paddock-league"
# 2: members and starter choices for the referees of version 1; 3: points adjustments, house
# rules and rulings; 4: each season's rule set (and the settings it ran under, kept when its
# league moved on to another) and an entry's grid position and laps led; 5: the changes made
# to drivers by hand (DriverChange) and to the league's settings (LeagueSettingChange); 6: a
# round's mark that its result was brought in from the league's spreadsheet (Round.imported),
# and the colour a league chose for a car in a round (an entry's and a starter choice's). A
# file of an older version lacks the tables added since (Table.since), which it restores as
# empty, and the fields added since (Table.fields_since), which take their defaults or what a
# site of then read in their place (a season's rule set: its league's,
# league/backup/importing.py).
FORMAT_VERSION = 6
OLDEST_VERSION = 2
# The parts of a file, in the order league_export writes them: a row of a table names people
# and tracks, so those come first.
PARTS = ("format", "version", "exported_at", "league", "users", "tracks", "tables")


@dataclass(frozen=True)
class Table:
    """A model whose rows belong to a league, how to find them, and what to ask of a row read
    from a file beyond its fields' types (`check` raises ValueError, TypeError or KeyError for
    a row this Paddock could not show)."""

    label: str
    model: type[models.Model]
    rows: Callable[[League], models.QuerySet]
    check: Callable[[Any], object] | None = None  # of a row of `model`
    since: int = OLDEST_VERSION  # the first version of the format to hold it
    # A field added to the table after it, by the first version of the format to hold it.
    fields_since: Mapping[str, int] = dataclasses.field(default_factory=dict)
    # What the table's rows must be together, once all are written (a race's log replayed):
    # `after(league)` raises ValidationError, in the site's words, for rows no site could make.
    after: Callable[[League], object] | None = None

    def fields_after(self, version: int) -> set[str]:
        """The fields a file of `version` cannot hold: added to the table since."""
        return {name for name, since in self.fields_since.items() if since > version}


def tables_of(version: int) -> list[Table]:
    """The tables a file of `version` holds, in their order."""
    return [table for table in TABLES if table.since <= version]


# In the order they are imported: a row only names rows of tables before it (and people and
# tracks, which come first).
TABLES: list[Table] = [
    Table("league.league", League, lambda league: League.objects.filter(pk=league.pk)),
    Table(
        "league.season",
        Season,
        lambda league: Season.objects.filter(league=league),
        fields_since={"ruleset": 4, "settings_kept": 4},
    ),
    Table(
        "league.round",
        Round,
        lambda league: Round.objects.filter(season__league=league),
        fields_since={"imported": 6},
    ),
    Table("league.team", Team, lambda league: Team.objects.filter(league=league)),
    Table("league.driver", Driver, lambda league: Driver.objects.filter(team__league=league)),
    # Its referees and team owners (an invitation is left out: a one-use secret for one person).
    Table("league.membership", Membership, lambda league: Membership.objects.filter(league=league)),
    Table(
        "league.starterchoice",
        StarterChoice,
        lambda league: StarterChoice.objects.filter(round__season__league=league),
        fields_since={"colour": 6},
    ),
    Table(
        "league.entry",
        Entry,
        lambda league: Entry.objects.filter(round__season__league=league),
        fields_since={"grid": 4, "laps_led": 4, "colour": 6},
    ),
    Table(
        "league.seasonendchange",
        SeasonEndChange,
        lambda league: SeasonEndChange.objects.filter(season__league=league),
    ),
    Table(
        "league.roundresultchange",
        RoundResultChange,
        lambda league: RoundResultChange.objects.filter(round__season__league=league),
    ),
    Table(
        "league.leaguesettingchange",
        LeagueSettingChange,
        lambda league: LeagueSettingChange.objects.filter(league=league),
        since=5,
    ),
    Table(
        "league.pointsadjustment",
        PointsAdjustment,
        lambda league: PointsAdjustment.objects.filter(season__league=league),
        since=3,
    ),
    Table(
        "league.driverchange",
        DriverChange,
        lambda league: DriverChange.objects.filter(driver__team__league=league),
        since=5,
    ),
]


def register(
    label: str,
    model: type[models.Model],
    rows: Callable[[League], models.QuerySet],
    check: Callable[[Any], object] | None = None,
    since: int = OLDEST_VERSION,
    after: Callable[[League], object] | None = None,
) -> None:
    """Add another app's rows of a league to the file (after the league's own): `rows(league)`
    are that league's rows of `model`, `check(row)` what a row read from a file must pass,
    `since` the format's version that first held the table, `after(league)` what its rows
    must be together once all are written. Called from the app's ready(), once per table."""
    if all(table.label != label for table in TABLES):
        TABLES.append(Table(label, model, rows, check, since, after=after))


def fields(model: type[models.Model]) -> list[models.Field]:
    """The fields of `model` a backup holds: every column but its id and those made from the
    others (`serialize=False`, as Django's own dumps leave out: the house rules' page, made
    again from their text when they are restored, so a file brings no HTML of its own)."""
    # django-stubs 5.2.9 has `serialize` as Field's argument only, not as what it keeps.
    return [
        field
        for field in model._meta.concrete_fields
        if not field.primary_key and field.serialize  # type: ignore[attr-defined]
    ]


def referenced() -> set[type[models.Model]]:
    """The models a row of the file may name: their rows' new ids are kept while importing."""
    return {
        field.related_model
        for table in TABLES
        for field in fields(table.model)
        if field.is_relation and isinstance(field.related_model, type)
    }
