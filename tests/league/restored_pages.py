"""Every page of a league, as its organiser reads them: for the tests that restore a league
from a file and then walk all of it (tests/league/test_restore.py)."""

from __future__ import annotations

from django.urls import reverse

from league.models import Driver, League, Round, Season, Team
from races.models import Race


def league_pages(league: League) -> list[str]:
    """The address of every page of `league` a GET answers: the league's own, each season's
    and its report and exports, each round's, team's (and its tracking sheet), driver's, and
    each race at the table's turn page and log; the calendar and standings feeds."""
    slug = league.slug
    pages = [
        reverse(name, args=[slug])
        for name in (
            "league:league",
            "league:members",
            "league:league_points",
            "league:calendar",
            "league:standings_json",
            "league:season_new",
            "league:team_new",
        )
    ]
    for number in Season.objects.filter(league=league).values_list("number", flat=True):
        pages += [
            reverse(name, args=[slug, number])
            for name in (
                "league:season",
                "league:season_report",
                "league:season_standings_json",
                "league:drivers_csv",
                "league:teams_csv",
                "league:results_csv",
            )
        ]
        if league.rules.season_setup:
            pages.append(reverse("league:season_setup", args=[slug, number]))
    for season, number in Round.objects.filter(season__league=league).values_list(
        "season__number", "number"
    ):
        pages.append(reverse("league:round", args=[slug, season, number]))
    for team in Team.objects.filter(league=league).values_list("pk", flat=True):
        pages += [
            reverse("league:team", args=[slug, team]),
            reverse("league:team_sheet", args=[slug, team]),
        ]
    for driver in Driver.objects.filter(team__league=league).values_list("pk", flat=True):
        pages.append(reverse("league:driver", args=[slug, driver]))
    for race in Race.objects.filter(round__season__league=league).values_list("pk", flat=True):
        pages += [reverse("races:turn", args=[race]), reverse("races:log", args=[race])]
    return pages
