"""The season page says who can still be champion and what they need, and forecasts the title
(issue 12)."""

from __future__ import annotations

import re

import pytest
from django.db.models import F

from bench import builders
from league.models import Driver, Entry, League
from league.services.common import leagues_changed
from tests.factories import UserFactory
from tests.pages import html_of

pytestmark = pytest.mark.django_db


def league_of(drivers: int, finished: int, name: str = "Title") -> League:
    league = builders.league_with_drivers(organiser=UserFactory(), name=name, drivers=drivers)
    builders.season_raced(league, number=1, ended=False, raced_rounds=finished, finished=finished)
    return league


def title_section(client, league: League) -> str:
    page = html_of(client.get(league.current_season().get_absolute_url()))
    assert 'id="title-race"' in page
    return page.split('id="title-race"', 1)[1].split("</details>", 1)[0]


def test_midseason_the_page_names_the_leader_and_the_points_left(client):
    # Season Pass, 6 cars: 1st scores 100; rounds 6 to 9 are worth 1, 1, 1 and 3 times.
    section = title_section(client, league_of(drivers=6, finished=5))
    assert "leads with" in section
    assert "600 points are left to race for." in section
    assert "can still be champion" in section


def test_the_forecast_gives_each_contender_a_chance(client):
    section = title_section(client, league_of(drivers=6, finished=5))
    forecast = section.split('id="title-forecast"', 1)[1].split("</table>", 1)[0]
    assert forecast.count("<tr>") == 1 + 6
    assert "%" in forecast


def forecast_of(section: str, table: str = "title-forecast") -> list[str]:
    """The chances the forecast's table shows, one a line, the likeliest first."""
    forecast = section.split(f'id="{table}"', 1)[1].split("</table>", 1)[0]
    return re.findall(r'<td class="text-end">([^<]*%)</td>', forecast)


def contenders_named(section: str) -> int:
    """How many the drivers' title race says can still be champion: the leader and each
    chaser."""
    section = section.split('id="title-forecast"', 1)[0]
    chasers = section.count("can still be champion,") + section.count("is level on points")
    more = re.search(r"(\d+) more can still be champion\.", section)
    return 1 + chasers + (int(more.group(1)) if more else 0)


@pytest.mark.parametrize("finished", [1, 2, 5, 8])
def test_every_driver_who_can_still_be_champion_is_forecast_and_the_chances_add_up_to_100(
    client, finished
):
    # Ten drivers: the forecast used to stop at 8 lines and its rounded chances to add up to
    # 99 or 101; after round 1 it gave the winner 100%.
    section = title_section(client, league_of(drivers=10, finished=finished, name=f"R{finished}"))
    shown = forecast_of(section)
    assert len(shown) == contenders_named(section)
    assert "0%" not in shown and "100%" not in shown
    assert sum(int(percent.rstrip("%")) for percent in shown if percent != "&lt;1%") == 100
    if finished == 1:
        assert len(shown) == 10
        assert int(shown[0].rstrip("%")) < 70


def test_a_crowded_field_names_the_likeliest_and_counts_every_other_contender(client):
    # 25 drivers after round 1: all can still be champion; the simulation races 20 of them.
    section = title_section(client, league_of(drivers=25, finished=1, name="Crowd"))
    shown = forecast_of(section)
    more = re.search(r"(\d+) more who can still be champion</td>", section)
    assert more is not None
    assert len(shown) + int(more.group(1)) == contenders_named(section) == 25
    assert sum(int(percent.rstrip("%")) for percent in shown if percent != "&lt;1%") == 100
    assert "the rest are taken to finish behind them" in section


def test_a_driver_who_can_no_longer_be_champion_is_not_forecast(client):
    # Round 9 is left (a win is 300 points): the last driver, 400 behind, is out of it.
    league = league_of(drivers=4, finished=8)
    last = Driver.objects.filter(team__league=league).order_by("pk").last()
    Entry.objects.filter(driver=last).update(points=0)
    section = title_section(client, league)
    table = section.split('id="title-forecast"', 1)[1].split("</table>", 1)[0]
    assert last.name not in table
    assert len(forecast_of(section)) == contenders_named(section) == 3


def test_the_forecast_is_the_same_on_every_reload(client):
    league = league_of(drivers=6, finished=5)
    assert title_section(client, league) == title_section(client, league)


def test_the_teams_title_race_is_told_and_forecast_too(client):
    section = title_section(client, league_of(drivers=6, finished=5))
    assert 'id="team-title-race"' in section
    assert "Title team" in section.split('id="team-title-race"', 1)[1]
    forecast = section.split('id="team-forecast"', 1)[1].split("</table>", 1)[0]
    assert forecast.count("Title team") == 3
    assert (
        sum(int(p.rstrip("%")) for p in forecast_of(section, "team-forecast") if "&lt;" not in p)
        == 100
    )


def test_a_champion_decided_before_the_last_round_is_said_to_be(client):
    # Round 9 is left: 3 times 100 points for a win of 4 cars. Ann, given 100 more a round, is
    # out of reach.
    league = league_of(drivers=4, finished=8)
    ann = Driver.objects.filter(team__league=league).order_by("pk").first()
    Entry.objects.filter(driver=ann).update(points=F("points") + 100)
    section = title_section(client, league)
    assert f"{ann.name} is champion: no one can reach" in section
    assert "with 300 points left to race for." in section
    assert 'id="title-forecast"' not in section


def test_before_the_first_result_and_after_the_last_there_is_no_title_race(client, season):
    assert 'id="title-race"' not in client.get(season.get_absolute_url()).content.decode()
    league = league_of(drivers=4, finished=9, name="Done")
    page = client.get(league.current_season().get_absolute_url()).content.decode()
    assert 'id="title-race"' not in page


def test_the_title_race_costs_the_same_queries_for_10_drivers_or_200(
    client, django_assert_max_num_queries
):
    small, large = league_of(10, 5, "Small"), league_of(200, 5, "Large")
    with django_assert_max_num_queries(12) as few:
        title_section(client, small)
    with django_assert_max_num_queries(len(few.captured_queries), exact=True):
        title_section(client, large)


def test_the_forecast_is_simulated_once_until_a_result_changes(client, monkeypatch):
    from django.core.cache import cache

    from league.reads import title

    cache.clear()  # an earlier test may have simulated these very standings
    simulated = []
    real = title.simulate

    def counted(*args, **kwargs):
        simulated.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(title, "simulate", counted)
    league = league_of(drivers=6, finished=5, name="Cached")
    title_section(client, league)
    title_section(client, league)
    assert len(simulated) == 1  # the drivers' title and the teams', from the same runs
    Entry.objects.filter(driver__team__league=league, place=1).update(points=F("points") + 1)
    leagues_changed(League.objects.filter(pk=league.pk))  # written around them
    title_section(client, league)
    assert len(simulated) == 2
