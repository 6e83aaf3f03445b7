"""A league's standings and results for other programs and for paper: CSV files, a JSON
standings endpoint for other sites and bots (docs/api.md), an iCalendar feed of the race
sessions its organiser schedules, and a printable Team Tracking Sheet per team. Read only:
each view reads, hands the rows to a writer, and answers."""

from __future__ import annotations

import csv
from collections.abc import Iterable, Sequence
from datetime import timedelta
from typing import cast

from django.db.models import Sum
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from config.languages import league_language

from ..models import (
    Driver,
    DriverStatus,
    Entry,
    League,
    Membership,
    PointsAdjustment,
    Round,
    RoundStatus,
    Season,
    Team,
)
from ..models.time_zones import local
from ..reads import ical
from ..reads.standings import SeasonStandings, StandingLine, season_standings
from .common import league_for

# How long a race session is taken to last in the calendar: an evening at the table.
SESSION_LENGTH = timedelta(hours=3)
# A spreadsheet runs a cell starting with one of these as a formula (CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _season(league: League, number: int) -> Season:
    season = get_object_or_404(Season, league=league, number=number)
    season.league = league
    return season


def cell(value: object) -> object:
    """A value safe in a spreadsheet: text that would run as a formula gets a leading '."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_response(
    filename: str, header: Sequence[str], rows: Iterable[Sequence[object]]
) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    writer = csv.writer(response)
    writer.writerow(header)
    writer.writerows([cell(value) for value in row] for row in rows)
    return response


@require_GET
def standings_csv(request: HttpRequest, slug: str, number: int, table: str) -> HttpResponse:
    """The drivers' or the teams' table: position, name, (team,) points counted, the points
    beyond the place in them (Mini's lap leaders, where the rule set scores them), the points
    adjustments in them, the rounds dropped (where only the best results count), then each
    round's points as raced."""
    season = _season(league_for(slug), number)
    standings = season_standings(season)
    rounds = [f"R{round_number}" for round_number in standings.rounds]
    filename = f"{season.league.slug}-season-{season.number}-{table}.csv"
    bonus_label = season.rules.bonus_points_label
    bonus = _bonus_points(season, "team_id" if table == "teams" else "driver_id", bonus_label)
    counting = ("Points", *((bonus_label,) if bonus_label else ()), "Adjustment", "Dropped")

    def counted(line: StandingLine) -> tuple[object, ...]:
        earned = (bonus.get(line.competitor.pk, 0),) if bonus_label else ()
        return (line.points, *earned, line.adjustment, _dropped(line, standings))

    if table == "teams":
        rows = (
            (line.position, line.competitor.name, *counted(line), *_blank(line))
            for line in standings.teams
        )
        return csv_response(filename, ("Position", "Team", *counting, *rounds), rows)
    rows = (
        (
            line.position,
            line.competitor.name,
            cast(Driver, line.competitor).team.name,
            *counted(line),
            *_blank(line),
        )
        for line in standings.drivers
    )
    return csv_response(filename, ("Position", "Driver", "Team", *counting, *rounds), rows)


def _bonus_points(season: Season, by: str, label: str) -> dict[int, int]:
    """The points beyond the place each driver (`by` "driver_id") or team ("team_id") earned in
    the season's finished rounds, in one query; none asked where the rule set has none."""
    if not label:
        return {}
    earned = (
        Entry.objects.filter(round__season=season, round__status=RoundStatus.FINISHED)
        .values(by)
        .annotate(total=Sum("bonus_points"))
        .order_by()
    )
    return {row[by]: row["total"] or 0 for row in earned}


def _dropped(line: StandingLine, standings: SeasonStandings) -> str:
    """The rounds dropped from `line`'s points, in words ("R2 R5")."""
    return " ".join(
        f"R{number}"
        for number, gone in zip(standings.rounds, line.dropped or (), strict=False)
        if gone
    )


def _blank(line: StandingLine) -> tuple[object, ...]:
    """A round's points, empty where the competitor did not start."""
    return tuple("" if points is None else points for points in line.by_round)


@require_GET
def results_csv(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Every result of the season's finished rounds, a line a car, in round and place order."""
    season = _season(league_for(slug), number)
    bonus_label = season.rules.bonus_points_label
    entries = (
        Entry.objects.filter(round__season=season, round__status=RoundStatus.FINISHED)
        .select_related("round__track", "driver", "team")
        .order_by("round__number", "place", "pk")
    )
    rows = (
        (
            entry.round.number,
            entry.round.track.name,
            entry.round.multiplier,
            entry.place,
            entry.driver.name,
            entry.team.name,
            entry.car,
            "yes" if entry.finished else "no",
            "" if entry.finished else entry.out_reason_in_english,
            *((entry.bonus_points,) if bonus_label else ()),
            entry.points,
        )
        for entry in entries.iterator()
    )
    header = (
        *("Round", "Track", "Multiplier", "Place", "Driver", "Team", "Car"),
        *("Finished", "Out", *((bonus_label,) if bonus_label else ()), "Points"),
    )
    return csv_response(f"{season.league.slug}-season-{season.number}-results.csv", header, rows)


@require_GET
def standings_json(request: HttpRequest, slug: str, number: int) -> JsonResponse:
    return _standings_json(request, _season(league_for(slug), number))


@require_GET
def current_standings_json(request: HttpRequest, slug: str) -> JsonResponse:
    """The standings of the league's latest season: the address a bot keeps."""
    league = league_for(slug)
    season = league.current_season()
    if season is None:
        raise Http404("The league has no season yet.")
    season.league = league
    return _standings_json(request, season)


def _standings_json(request: HttpRequest, season: Season) -> JsonResponse:
    league = season.league
    standings = season_standings(season)
    rounds = season.rounds.select_related("track").order_by("number")
    link = request.build_absolute_uri
    data = {
        "version": 1,
        "league": {
            "name": league.name,
            "slug": league.slug,
            "rule_set": season.rules.title,
            "time_zone": league.time_zone,
            "url": link(league.get_absolute_url()),
        },
        "season": {
            "number": season.number,
            "ended": season.is_ended,
            "url": link(reverse("league:season", args=[league.slug, season.number])),
        },
        "rounds": [_round_json(round_, league.time_zone) for round_ in rounds],
        "counted_results": standings.counted,
        "drivers": [
            {**_line_json(line, standings, link), "team": cast(Driver, line.competitor).team.name}
            for line in standings.drivers
        ],
        "teams_title": season.rules.teams_title,
        "teams": [_line_json(line, standings, link) for line in standings.teams],
        "ties": _ties_json(standings),
        "adjustments": [_adjustment_json(made) for made in standings.adjustments],
    }
    response = JsonResponse(data)
    # Published standings are for any site's page to fetch.
    response["Access-Control-Allow-Origin"] = "*"
    return response


def _round_json(round_: Round, time_zone: str) -> dict[str, object]:
    return {
        "number": round_.number,
        "track": round_.track.name,
        "multiplier": round_.multiplier,
        "status": round_.status,
        # The instant, written as the clocks of the league's zone read it (its offset says
        # which instant): 2026-01-15T19:30:00+01:00.
        "starts_at": local(round_.starts_at, time_zone).isoformat() if round_.starts_at else None,
        "venue": round_.venue,
    }


def _line_json(line: StandingLine, standings: SeasonStandings, link) -> dict[str, object]:
    return {
        "position": line.position,
        "name": line.competitor.name,
        "points": line.points,
        "adjustment": line.adjustment,
        "by_round": list(line.by_round),
        "dropped_rounds": [
            number
            for number, gone in zip(standings.rounds, line.dropped or (), strict=False)
            if gone
        ],
        "url": link(line.competitor.get_absolute_url()),
    }


def _adjustment_json(made: PointsAdjustment) -> dict[str, object]:
    return {
        "driver": made.driver.name if made.driver else None,
        "team": made.team.name if made.team else made.driver.team.name,  # type: ignore[union-attr]
        "round": made.round.number if made.round else None,
        "points": made.points,
        "reason": made.reason,
    }


def _ties_json(standings: SeasonStandings) -> dict[str, list[str]]:
    return {
        "drivers": list(standings.ties(standings.drivers)),
        "teams": list(standings.ties(standings.teams)),
    }


@require_GET
def calendar(request: HttpRequest, slug: str) -> HttpResponse:
    """The race sessions of every season its organiser has scheduled, as an iCalendar feed."""
    return _calendar(request, league_for(slug))


@require_GET
def member_calendar(request: HttpRequest, token: str) -> HttpResponse:
    """The same feed at a member's own secret address, for a league published or not (a
    calendar program cannot log in); an address made anew since, or of no member, is a 404."""
    membership = get_object_or_404(
        Membership.objects.select_related("league"), calendar_token=token
    )
    return _calendar(request, membership.league)


def _calendar(request: HttpRequest, league: League) -> HttpResponse:
    # An event's summary is read by a person: in the language they chose, else the league's
    # (a calendar program sends no Accept-Language of its reader's). UIDs and times stay.
    league_language(request, league)
    summary = gettext("{league}: season {season}, round {round}, {track}")
    rounds = (
        Round.objects.filter(season__league=league, starts_at__isnull=False)
        .select_related("track", "season")
        .order_by("starts_at", "pk")
    )
    sessions = [
        ical.Session(
            uid=ical.round_uid(league.slug, round_.season.number, round_.number),
            starts_at=round_.starts_at,
            length=SESSION_LENGTH,
            summary=summary.format(
                league=league.name,
                season=round_.season.number,
                round=round_.number,
                track=round_.track.name,
            ),
            location=round_.venue,
            url=request.build_absolute_uri(
                reverse("league:round", args=[league.slug, round_.season.number, round_.number])
            ),
        )
        for round_ in rounds
        if round_.starts_at is not None  # every one of them: typed for the checker
    ]
    feed = ical.calendar(league.name, sessions, stamp=timezone.now(), time_zone=league.time_zone)
    response = HttpResponse(feed, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{league.slug}.ics"'
    return response


@require_GET
def team_sheet(request: HttpRequest, slug: str, team_id: int) -> HttpResponse:
    """The Team Tracking Sheet, for players who keep paper at the table: the team's drivers as
    they stand, and a line per car per round of the current season, filled in where the round
    is raced, blank to fill in by hand where it is still to come."""
    league = league_for(slug)
    team = get_object_or_404(Team, league=league, pk=team_id)
    season = league.current_season()
    rounds = list(season.rounds.select_related("track")) if season else []
    drivers = list(
        Driver.objects.filter(team=team, status=DriverStatus.ACTIVE).order_by("hired", "pk")
    )
    team.league = league
    for driver in drivers:
        driver.team = team
    raced: dict[int, list[Entry]] = {}
    if season is not None:
        finished = Entry.objects.filter(
            team=team, round__season=season, round__status=RoundStatus.FINISHED
        ).select_related("driver")
        for entry in finished.order_by("place", "pk"):
            raced.setdefault(entry.round_id, []).append(entry)
    cars_per_team = season.cars_per_team if season is not None else league.cars_per_team
    context = {
        "league": league,
        "team": team,
        "season": season,
        "rules": season.rules if season is not None else league.rules,
        # A line a car: the team's entries where the round is raced, blanks to fill in where not.
        "rounds": [
            (
                round_,
                (entries := raced.get(round_.pk, []))
                + [None] * max(0, (1 if entries else cars_per_team) - len(entries)),
            )
            for round_ in rounds
        ],
        "drivers": drivers,
        # Blank lines for the rookies hired during the season, as the printed sheet has.
        "spare_lines": range(max(0, cars_per_team + 2 - len(drivers))),
    }
    return render(request, "league/team_sheet.html", context)
