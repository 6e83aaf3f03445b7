"""A league brought in from the spreadsheet it was run in (league/spreadsheet/, docs/
importing.md): its teams and drivers made as the file has them, careers and all, in one
transaction, or nothing made."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from rules.championship import Championship, championship_for

from ..models import (
    Driver,
    DriverChange,
    DriverChangeKind,
    League,
    Team,
    Track,
    ruleset_choices,
    team_colours,
)
from ..spreadsheet import roster as roster_file
from .leagues import league_create

IMPORTED = gettext_noop("Brought in from the league's spreadsheet{file}.")
UNKNOWN_RULE_SET = gettext_noop("{ruleset!r} is not a rule set of this site.")


def spreadsheet_tracks(rules: Championship) -> dict[str, str]:
    """The track names a roster's home tracks may be, by their casefolded name: the site's
    tracks and the rule set's sample schedules' (made with the league); none where the rule
    set has no home tracks."""
    if not rules.home_tracks:
        return {}
    names = [track.name for preset in rules.presets for track in preset.tracks]
    names += Track.objects.values_list("name", flat=True)
    return {name.casefold(): name for name in names}


@transaction.atomic
def league_import_spreadsheet(
    *,
    organiser,
    name: str,
    ruleset: str,
    roster: bytes | None,
    file_name: str = "",
    address: str = "",
) -> League:
    """A new league of `ruleset` called `name`, organised by `organiser`, with the teams and
    drivers of the roster file `roster` (None: a file too large), each driver's career and
    status as the file has them, a change on each driver's page saying where it came from.
    A file with any problem is refused whole (ValidationError, every problem by row and
    column) and nothing is written. A new league as any other for the limits over time, made
    from `address`."""
    if ruleset not in dict(ruleset_choices()):
        raise ValidationError(gettext(UNKNOWN_RULE_SET).format(ruleset=ruleset))
    rules = championship_for(ruleset)
    read = roster_file.read_roster(roster, rules=rules, tracks=spreadsheet_tracks(rules))
    if read.problems:
        raise ValidationError(read.messages)
    league = league_create(name=name, organiser=organiser, ruleset=ruleset, address=address)
    teams: list[Team] = []
    for number, roster_team in enumerate(read.teams):
        # What next_colour gives a new league's teams one after another: the palette in turn
        # (asking it each time would count every team before, for each).
        colour = team_colours.PALETTE[number % len(team_colours.PALETTE)].key
        team = Team(league=league, name=roster_team.name, colour=colour)
        team.full_clean(exclude=["league"], validate_unique=False, validate_constraints=False)
        teams.append(team)
    Team.objects.bulk_create(teams)
    home_tracks = {
        track.name: track
        for track in Track.objects.filter(
            name__in={driver.home_track for driver in read.drivers if driver.home_track}
        )
    }
    drivers = []
    for team, roster_team in zip(teams, read.teams, strict=True):
        for row in roster_team.drivers:
            driver = Driver(
                team=team,
                name=row.name,
                status=row.status,
                home_track=home_tracks.get(row.home_track) if row.home_track else None,
                **row.career,
            )
            # Its name is free in the league: the file's were checked against each other, and
            # the league is new. Its team and track are the rows above: not looked up again.
            driver.full_clean(
                exclude=["team", "home_track"], validate_unique=False, validate_constraints=False
            )
            drivers.append(driver)
    Driver.objects.bulk_create(drivers)
    _kept(drivers, organiser, file_name)
    return league


def _kept(drivers: list[Driver], organiser, file_name: str) -> None:
    """On each driver's page, what the file gave them beyond a rookie's career."""
    rookie = Driver()
    reason = gettext(IMPORTED).format(file=f" ({file_name[:100]})" if file_name else "")
    changes = []
    for driver in drivers:
        fields = [*roster_file.ROOKIE, "status"]
        changed = [name for name in fields if getattr(driver, name) != getattr(rookie, name)]
        if changed:
            changes.append(
                DriverChange(
                    driver=driver,
                    kind=DriverChangeKind.CORRECTED,
                    before={name: getattr(rookie, name) for name in changed},
                    after={name: getattr(driver, name) for name in changed},
                    reason=reason[:200],
                    made_by=organiser,
                )
            )
    DriverChange.objects.bulk_create(changes)
