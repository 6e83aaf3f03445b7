"""Hiring a rookie from a round's starters form, by hand or at the table: the organiser of a
league whose drivers have careers hires them and is back on the form with them listed."""

from __future__ import annotations

from html import unescape

import pytest

from league.models import Driver, League, Role, Round
from league.services.drivers import DRIVER_NAME_TAKEN, HIRE_DURING_RACE
from league.services.leagues import league_create
from league.services.members import member_add
from league.services.seasons import season_open
from league.services.starts import round_start
from league.services.teams import team_create
from league.services.tracks import track_create
from league.views.starts import NO_ROOKIES
from tests.league.test_views import round_url

pytestmark = pytest.mark.django_db


@pytest.fixture
def round_one(season, teams) -> Round:
    return season.rounds.get(number=1)


def hire(client, url: str, team, name: str, *, back: str = ""):
    """The rookie form's post; `back`: "table" from the turn helper's start page."""
    data = {"team": team.pk, "name": name, "hire": ""}
    return client.post(url, {**data, "back": back} if back else data)


def test_a_rookie_is_hired_from_the_round_pages_starters_form(client_organiser, round_one, teams):
    page = client_organiser.get(round_url(round_one))
    assert "Hire a rookie" in page.text and round_url(round_one, "hire") in page.text

    response = hire(client_organiser, round_url(round_one, "hire"), teams[0], "Eve")

    assert response.status_code == 302 and response.url == round_url(round_one)
    eve = Driver.objects.get(name="Eve")
    assert (eve.team, eve.age, eve.xp) == (teams[0], 1, 0)
    page = client_organiser.get(round_url(round_one))
    assert f'name="d{eve.pk}-start"' in page.text  # on the starters form, to tick
    assert "Eve signs for Red Herrings" in page.text


def test_a_rookie_is_hired_from_the_turn_helpers_starters_form(client_organiser, round_one, teams):
    start_page = round_url(round_one, "table")
    hire_url = round_url(round_one, "hire")
    page = client_organiser.get(start_page).text
    assert hire_url in page and 'name="back" value="table"' in page

    response = hire(client_organiser, hire_url, teams[1], "Eve", back="table")

    assert response.status_code == 302 and response.url == start_page
    eve = Driver.objects.get(name="Eve")
    assert f'name="d{eve.pk}-start"' in client_organiser.get(start_page).text


@pytest.mark.parametrize("action", ["round", "table"])
def test_a_rookie_named_as_a_driver_of_the_league_is_refused_on_the_form(
    client_organiser, round_one, teams, action
):
    back = "table" if action == "table" else ""
    response = hire(client_organiser, round_url(round_one, "hire"), teams[0], "Cid", back=back)

    assert response.status_code == 400
    message = DRIVER_NAME_TAKEN.format(name="Cid", team="Blue Moons")
    assert message in unescape(response.text)
    assert 'value="Cid"' in response.text  # kept on the form, to correct
    assert Driver.objects.filter(name="Cid").count() == 1


def test_no_rookie_is_hired_while_a_round_is_under_way(client_organiser, round_one, teams):
    round_start(
        round_=round_one, starters=[(driver, driver.name) for driver in Driver.objects.all()]
    )
    response = hire(client_organiser, round_url(round_one, "hire"), teams[0], "Eve")
    assert response.status_code == 400
    assert HIRE_DURING_RACE.format(number=1) in unescape(response.text)
    assert not Driver.objects.filter(name="Eve").exists()


def test_a_referee_sees_no_hiring_and_may_not_hire(client, round_one, teams, django_user_model):
    referee = django_user_model.objects.create_user("ref", password="x")
    member_add(league=round_one.season.league, user=referee, role=Role.REFEREE)
    client.force_login(referee)

    assert "Hire a rookie" not in client.get(round_url(round_one)).text
    assert hire(client, round_url(round_one, "hire"), teams[0], "Eve").status_code == 403
    assert not Driver.objects.filter(name="Eve").exists()


def test_a_league_without_careers_offers_no_rookies(client_organiser, organiser):
    league: League = league_create(name="Grand Prix Club", organiser=organiser, ruleset="formula_d")
    team = team_create(league=league, name="Solo", driver_names=["Ann"])
    season = season_open(league=league, tracks=[track_create(name="Home")])
    round_one = season.rounds.get()

    assert "Hire a rookie" not in client_organiser.get(round_url(round_one)).text
    # Refused as what it is, not as the organiser's lack of a right they have.
    refusal = NO_ROOKIES.format(rules="Formula D")
    for back in ("", "table"):
        response = hire(client_organiser, round_url(round_one, "hire"), team, "Eve", back=back)
        assert response.status_code == 400
        assert refusal in unescape(response.text)
        assert "Hire a rookie" not in response.text
    assert not Driver.objects.filter(name="Eve").exists()
