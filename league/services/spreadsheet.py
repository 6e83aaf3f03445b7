"""A league brought in from the spreadsheet it was run in (league/spreadsheet/, docs/
importing.md): its teams and drivers made as the file has them, careers and all, and its past
seasons' results, marked imported, in one transaction, or nothing made."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from rules.championship import Championship, championship_for

from ..models import (
    Driver,
    DriverChange,
    DriverChangeKind,
    Entry,
    League,
    Round,
    RoundStatus,
    Season,
    Team,
    Track,
    ruleset_choices,
    team_colours,
)
from ..spreadsheet import results as results_file
from ..spreadsheet import roster as roster_file
from ..spreadsheet.workbook import spreadsheet_files
from .leagues import league_create
from .tracks import tracks_ensure_sample

IMPORTED = gettext_noop("Brought in from the league's spreadsheet.")
IMPORTED_FROM = gettext_noop("Brought in from the league's spreadsheet ({file}).")
UNKNOWN_RULE_SET = gettext_noop("{ruleset!r} is not a rule set of this site.")


def spreadsheet_tracks(rules: Championship) -> dict[str, str]:
    """The track names a roster's home tracks may be, by their casefolded name: the site's
    tracks and the rule set's sample schedules' (made with the league); none where the rule
    set has no home tracks."""
    return site_tracks(rules) if rules.home_tracks else {}


def site_tracks(rules: Championship) -> dict[str, str]:
    """The track names a past season's round may be raced on, by their casefolded name: the
    site's tracks and the rule set's sample schedules' (made when a round names one)."""
    names = [track.name for preset in rules.presets for track in preset.tracks]
    names += Track.objects.values_list("name", flat=True)
    return {name.casefold(): name for name in names}


def spreadsheet_read(
    rules: Championship, roster: bytes | None, results: bytes | None = b""
) -> tuple[roster_file.Roster, results_file.PastSeasons]:
    """The roster and the past seasons the files hold (CSV, or workbooks: spreadsheet_files),
    for a league of `rules`: the past seasons read against the roster, once it has no
    problem."""
    files = spreadsheet_files(roster, results)
    if files.problems.count or files.past_problems.count:
        refused = roster_file.Roster(
            problems=files.problems.problems, more_problems=files.problems.more_problems
        )
        past = results_file.PastSeasons(
            problems=files.past_problems.problems, more_problems=files.past_problems.more_problems
        )
        return refused, past
    roster, results = files.roster, files.results
    read = roster_file.read_roster(roster, rules=rules, tracks=spreadsheet_tracks(rules))
    if read.problems:
        return read, results_file.PastSeasons()
    return read, results_file.read_results(
        results, rules=rules, roster=read, tracks=site_tracks(rules)
    )


@transaction.atomic
def league_import_spreadsheet(
    *,
    organiser,
    name: str,
    ruleset: str,
    roster: bytes | None,
    results: bytes | None = b"",
    file_name: str = "",
    address: str = "",
) -> League:
    """A new league of `ruleset` called `name`, organised by `organiser`, with the teams and
    drivers of the roster file `roster` (CSV or a workbook; None: a file too large), each
    driver's career and status as the file has them, a change on each driver's page saying
    where it came from; and the seasons of the past seasons file `results` (b"": none; None:
    too large), their results as the file has them, each round marked imported (no race log;
    it changed no career, which the roster gives as it stands now), every season but the last
    ended. A file with any problem is refused whole (ValidationError, every problem by file,
    row and column) and nothing is written. A new league as any other for the limits over
    time, made from `address`."""
    if ruleset not in dict(ruleset_choices()):
        raise ValidationError(gettext(UNKNOWN_RULE_SET).format(ruleset=ruleset))
    rules = championship_for(ruleset)
    read, past = spreadsheet_read(rules, roster, results)
    if read.problems or past.problems:
        raise ValidationError(read.messages + past.messages)
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
    _seasons_made(league, rules, past, teams, drivers)
    return league


def _seasons_made(
    league: League,
    rules: Championship,
    past: results_file.PastSeasons,
    teams: list[Team],
    drivers: list[Driver],
) -> None:
    """The past seasons, their rounds and their results, in a statement a table."""
    if not past.seasons:
        return
    now = timezone.now()
    seasons = [
        Season(
            league=league,
            number=season.number,
            ruleset=league.ruleset,
            ended_at=now if season.ended else None,
        )
        for season in past.seasons
    ]
    Season.objects.bulk_create(seasons)
    tracks = _tracks(rules, {round_.track for season in past.seasons for round_ in season.rounds})
    rounds: list[tuple[Round, results_file.PastRound]] = []
    for season, read in zip(seasons, past.seasons, strict=True):
        for past_round in read.rounds:
            shape = rules.round_shape(past_round.number)
            round_ = Round(
                season=season,
                number=past_round.number,
                track=tracks[past_round.track.casefold()],
                multiplier=shape.multiplier,
                extra_healing=shape.extra_healing,
                race_format=shape.race_format,
                status=RoundStatus.FINISHED if past_round.raced else RoundStatus.SCHEDULED,
                finished_at=now if past_round.raced else None,
                imported=past_round.raced,
            )
            rounds.append((round_, past_round))
    Round.objects.bulk_create([round_ for round_, _past in rounds])
    team_of = {team.name: team for team in teams}
    driver_of = {driver.name: driver for driver in drivers}
    entries = [
        Entry(
            round=round_,
            driver=driver_of[entry.driver],
            team=team_of[entry.team],
            car=f"#{entry.place}",
            place=entry.place,
            finished=entry.finished,
            out_reason=entry.out,
            points=entry.points,
            bonus_points=entry.bonus,
        )
        for round_, past_round in rounds
        for entry in past_round.entries
    ]
    Entry.objects.bulk_create(entries, batch_size=1000)


def _tracks(rules: Championship, names: set[str]) -> dict[str, Track]:
    """The tracks named, by their casefolded names: the site's, or made from the rule set's
    sample schedules (where a round names one the list lacks yet)."""
    found = {track.name.casefold(): track for track in Track.objects.filter(name__in=names)}
    if len(found) < len(names):
        found.update(
            (name.casefold(), track)
            for name, track in tracks_ensure_sample(rules).items()
            if name in names
        )
    return found


def _kept(drivers: list[Driver], organiser, file_name: str) -> None:
    """On each driver's page, what the file gave them beyond a rookie's career."""
    rookie = Driver()
    said = gettext(IMPORTED_FROM if file_name else IMPORTED)
    reason = said.format(file=file_name[:100])
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
