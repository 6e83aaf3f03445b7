"""Penalties, points adjustments and drop rounds (issue 22): the services that write them, and
the standings, the league page's champions and the title race that read them."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from league.models import League, PointsAdjustment, Season, Team
from league.reads.standings import season_leaders, season_standings
from league.reads.title import season_title
from league.services.drivers import driver_hire
from league.services.errors import AlreadyDone, LeagueArchived, Stale
from league.services.leagues import league_archive_set, league_create
from league.services.penalties import (
    NO_REASON,
    ONE_COMPETITOR,
    UNKNOWN_DRIVER,
    UNKNOWN_TEAM,
    adjustment_add,
    adjustment_remove,
    season_drops_set,
)
from league.services.seasons import season_open
from league.services.teams import team_create
from tests.factories import UserFactory, published
from tests.league.test_services import play_rounds, racing_drivers

pytestmark = pytest.mark.django_db


@pytest.fixture
def teams(league: League) -> list[Team]:
    return [
        team_create(league=league, name="Red Herrings", driver_names=["Ann", "Bob"]),
        team_create(league=league, name="Blue Moons", driver_names=["Cid", "Dot"]),
    ]


@pytest.fixture
def season(league: League, teams: list[Team]) -> Season:
    """Season 1 on the Spring schedule (9 rounds), rounds 1 to 3 raced: Ann, Bob, Cid, Dot
    finish in that order every time."""
    season = season_open(league=league, preset="Spring")
    play_rounds(season, racing_drivers(teams), [1, 2, 3])
    return season


def points(season: Season, kind: str = "drivers") -> dict[str, int]:
    table = season_standings(Season.objects.get(pk=season.pk))
    return {line.competitor.name: line.points for line in getattr(table, kind)}


def add(season: Season, organiser, **values) -> PointsAdjustment:
    season.refresh_from_db()
    values = {"points": -5, "reason": "Contact at the hairpin", **values}
    return adjustment_add(
        season=season, user=organiser, expected_version=season.standings_version, **values
    )


def driver(teams, name: str):
    return next(d for team in teams for d in team.drivers.all() if d.name == name)


def test_a_penalty_in_a_round_takes_its_points_from_the_driver_alone(season, teams, organiser):
    before = points(season)
    before_teams = points(season, "teams")
    add(season, organiser, driver_id=driver(teams, "Ann").pk, round_number=2, points=-7)
    after = points(season)
    assert after["Ann"] == before["Ann"] - 7
    assert {name: after[name] for name in ("Bob", "Cid", "Dot")} == {
        name: before[name] for name in ("Bob", "Cid", "Dot")
    }
    # A driver's penalty is not their team's (docs/rulings.md): the team has its own.
    assert points(season, "teams") == before_teams
    line = season_standings(season).drivers.of_keys([driver(teams, "Ann").pk])[0]
    assert line.adjustment == -7 and line.by_round[1] is not None


def test_a_team_penalty_for_the_season_counts_in_the_teams_table_only(season, teams, organiser):
    before, before_drivers = points(season, "teams"), points(season)
    add(season, organiser, team_id=teams[0].pk, points=-3, reason="Late entry fee")
    assert points(season, "teams")["Red Herrings"] == before["Red Herrings"] - 3
    assert points(season) == before_drivers


def test_a_penalty_can_take_the_lead_and_the_league_page_names_the_new_leader(
    season, teams, organiser
):
    leaders = season_leaders([season])[0]
    assert [leader.name for leader in leaders.drivers] == ["Ann"]
    gap = points(season)["Ann"] - points(season)["Bob"]
    add(season, organiser, driver_id=driver(teams, "Ann").pk, points=-(gap + 1))
    assert [leader.name for leader in season_leaders([season])[0].drivers] == ["Bob"]
    assert season_standings(season).driver_champions[0].competitor.name == "Bob"


def test_a_driver_penalised_before_scoring_is_in_the_table_below_zero(
    season, teams, organiser, league
):
    rookie = driver_hire(team=teams[1], name="Eve")
    add(season, organiser, driver_id=rookie.pk, points=-2, reason="Missed the drivers' briefing")
    assert points(season)["Eve"] == -2


def test_the_title_race_and_the_forecast_read_the_penalties(season, teams, organiser):
    rounds = list(season.rounds.select_related("track").order_by("number"))
    title = season_title(season, season_standings(season, rounds=rounds), rounds)
    assert title is not None and title.drivers[0].startswith("Ann leads")
    gap = points(season)["Ann"] - points(season)["Bob"]
    add(season, organiser, driver_id=driver(teams, "Ann").pk, points=-(gap + 1))
    season = Season.objects.get(pk=season.pk)
    title = season_title(season, season_standings(season, rounds=rounds), rounds)
    assert title.drivers[0].startswith("Bob leads")
    assert title.forecast[0].line.competitor.name in {"Bob", "Ann"}
    by_name = {line.line.competitor.name: line.line.points for line in title.forecast}
    assert by_name["Ann"] == points(season)["Ann"]


def test_refusals_say_why_and_write_nothing(season, teams, organiser, league):
    other = published(league_create(name="Elsewhere", organiser=UserFactory()))
    stranger_team = team_create(league=other, name="Far", driver_names=["Zed", "Yan"])
    ann = driver(teams, "Ann").pk
    cases = [
        ({"driver_id": stranger_team.drivers.first().pk}, UNKNOWN_DRIVER),
        ({"team_id": stranger_team.pk}, UNKNOWN_TEAM),
        ({"driver_id": ann, "points": 0}, "0 points"),
        ({"driver_id": ann, "reason": "   "}, NO_REASON),
        ({}, ONE_COMPETITOR),
        ({"driver_id": ann, "team_id": teams[0].pk}, ONE_COMPETITOR),
        ({"driver_id": ann, "round_number": 5}, "Round 5 has not been raced yet"),
        ({"driver_id": ann, "round_number": 12}, "no round 12"),
    ]
    for values, reason in cases:
        with pytest.raises(ValidationError) as refused:
            add(season, organiser, **values)
        assert reason in " ".join(refused.value.messages)
    assert not PointsAdjustment.objects.exists()
    with pytest.raises(PermissionDenied):
        add(season, UserFactory(), driver_id=ann)
    league_archive_set(league=league, archived=True, expected_version=None)
    with pytest.raises(LeagueArchived):
        add(season, organiser, driver_id=ann)
    assert not PointsAdjustment.objects.exists()


def test_a_double_tap_is_done_already_and_another_tab_is_stale(season, teams, organiser):
    ann = driver(teams, "Ann").pk
    values = {"points": -5, "reason": "Contact", "driver_id": ann}
    first = adjustment_add(season=season, user=organiser, expected_version=0, **values)
    with pytest.raises(AlreadyDone) as again:
        adjustment_add(season=season, user=organiser, expected_version=0, **values)
    assert again.value.done == first
    with pytest.raises(Stale):
        adjustment_add(
            season=season, user=organiser, expected_version=0, **{**values, "points": -1}
        )
    assert PointsAdjustment.objects.count() == 1
    with pytest.raises(Stale):
        adjustment_remove(season=season, user=organiser, expected_version=0, adjustment_id=first.pk)
    adjustment_remove(season=season, user=organiser, expected_version=1, adjustment_id=first.pk)
    assert not PointsAdjustment.objects.exists()
    with pytest.raises(AlreadyDone):  # the same removal, tapped twice
        adjustment_remove(season=season, user=organiser, expected_version=1, adjustment_id=first.pk)


def test_dropping_the_worst_results_counts_the_best_of_the_season_s_rounds(
    season, teams, organiser
):
    # 9 rounds, worst 7 dropped: the best 2 count. After 3 raced, each driver's worst drops.
    raw = points(season)
    season_drops_set(season=season, user=organiser, expected_version=0, rule="worst", number=7)
    season.refresh_from_db()
    assert season.drops(9).counted == 2
    table = season_standings(season)
    for line in table.drivers:
        assert line.dropped_rounds == 1
        kept = [p for p, gone in line.cells if not gone and p is not None]
        assert line.points == sum(kept) < raw[line.competitor.name]
    assert table.counted == 2


def test_which_results_count_is_checked_against_the_season_s_rounds(season, organiser):
    for rule, number, reason in (
        ("best", 0, "Count between 1 and 9"),
        ("best", 10, "Count between 1 and 9"),
        ("worst", 9, "Drop between 1 and 8"),
        ("sometimes", 1, "No such way"),
    ):
        with pytest.raises(ValidationError) as refused:
            season_drops_set(
                season=season, user=organiser, expected_version=0, rule=rule, number=number
            )
        assert reason in " ".join(refused.value.messages)
    with pytest.raises(AlreadyDone):
        season_drops_set(season=season, user=organiser, expected_version=0, rule="")


def test_a_penalty_in_a_dropped_round_still_counts_unless_the_season_says_otherwise(
    season, teams, organiser
):
    # Best 2 of 3 raced count. Dot finishes last every round; a penalty in round 3 makes it
    # the worst, and it drops; the penalty counts anyway, by default.
    dot = driver(teams, "Dot")
    add(season, organiser, driver_id=dot.pk, round_number=3, points=-4)
    season_drops_set(season=season, user=organiser, expected_version=1, rule="best",
                              number=2)  # fmt: skip
    line = season_standings(Season.objects.get(pk=season.pk)).drivers.of_keys([dot.pk])[0]
    raced = [p or 0 for p in line.by_round[:3]]
    assert line.points == sum(sorted(raced, reverse=True)[:2]) - 4
    season_drops_set(season=season, user=organiser, expected_version=2, rule="best",
                              number=2, adjustments_dropped_with_round=True)  # fmt: skip
    line = season_standings(Season.objects.get(pk=season.pk)).drivers.of_keys([dot.pk])[0]
    assert line.dropped[2] and line.adjustment == 0
    assert line.points == raced[0] + raced[1]
