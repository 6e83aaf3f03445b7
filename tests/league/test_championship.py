"""A league's championship on its pages: the points table in effect and its editing before the
season's first result, and the standings saying why each tie went the way it did."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse

from league.models import Driver, League, Season
from league.services.leagues import (
    LEAGUE_CHANGED,
    POINTS_TABLE_ALREADY,
    POINTS_TABLE_IN_USE,
    league_create,
    league_points_table_set,
)
from league.services.season_end import season_end
from league.services.seasons import season_open
from league.services.teams import team_create
from league.services.tracks import track_create
from rules.championship import championship_for
from tests.factories import UserFactory, published
from tests.league.test_services import play
from tests.pages import html_of

pytestmark = pytest.mark.django_db

F1 = "25-18-15-12-10-8-6-4-2-1"


@pytest.fixture
def formula_d(organiser) -> League:
    """A Formula D league of three one-car teams (Ann's, Bob's, Cid's)."""
    league = published(
        league_create(name="Grand Prix Club", organiser=organiser, ruleset="formula_d")
    )
    for name in ("Ann", "Bob", "Cid"):
        team_create(league=league, name=f"{name}'s", driver_names=[name])
    return league


def open_season(league: League, rounds: int = 1) -> Season:
    tracks = [track_create(name=f"Track {number}") for number in range(1, rounds + 1)]
    return season_open(league=league, tracks=tracks)


def drivers(*names: str) -> list[Driver]:
    by_name = {driver.name: driver for driver in Driver.objects.all()}
    return [by_name[name] for name in names]


def points_url(league: League) -> str:
    return reverse("league:league_points", args=[league.slug])


def fresh(league: League) -> League:
    return League.objects.get(pk=league.pk)


def test_the_league_page_shows_the_table_in_effect(client, league, formula_d):
    page = client.get(league.get_absolute_url()).text
    assert "The Season Pass table" in page and "2x, 3x" in page
    assert '<th scope="row">4</th><td class="round-points">100</td>' in page
    page = client.get(formula_d.get_absolute_url()).text
    assert "The Formula D team race table" in page and "change it" not in page


def test_the_organiser_takes_a_preset_or_writes_a_table_before_the_first_result(
    client_organiser, formula_d
):
    open_season(formula_d)
    page = html_of(client_organiser.get(points_url(formula_d)))
    assert 'value="Formula D team race"' in page and 'name="version" value="0"' in page
    response = client_organiser.post(points_url(formula_d), {"table": F1, "version": "0"})
    assert response.status_code == 302
    assert (fresh(formula_d).settings["points_table"], fresh(formula_d).settings_version) == (F1, 1)
    page = html_of(client_organiser.get(formula_d.get_absolute_url()))
    assert "now scores by 25-18-15" in page and "A table of the league's own" in page
    response = client_organiser.post(
        points_url(formula_d), {"preset": "Formula D team race", "table": "", "version": "1"}
    )
    assert response.status_code == 302
    assert fresh(formula_d).settings["points_table"] == "10-8-6-5-4-3-2-1-0-0"


def test_points_entered_after_the_edit_score_by_the_edited_table(client_organiser, formula_d):
    season = open_season(formula_d)
    client_organiser.post(points_url(formula_d), {"table": F1, "version": "0"})
    play(season.rounds.get(), drivers("Cid", "Ann", "Bob"))
    points = dict(season.rounds.get().entries.values_list("driver__name", "points"))
    assert points == {"Cid": 25, "Ann": 18, "Bob": 15}


def test_a_season_pass_table_of_one_row_still_takes_the_rounds_multiplier(client_organiser, league):
    season = season_open(league=league, preset="Spring")  # round 1 scores double
    for team, names in (("Red", ["Ann", "Bob"]), ("Blue", ["Cid", "Dot"])):
        team_create(league=league, name=team, driver_names=names)
    client_organiser.post(points_url(league), {"table": "10-5-1", "version": "0"})
    play(season.rounds.get(number=1), drivers("Dot", "Cid", "Bob", "Ann"))
    points = dict(season.rounds.get(number=1).entries.values_list("driver__name", "points"))
    assert points == {"Dot": 20, "Cid": 10, "Bob": 2, "Ann": 0}


def test_once_the_season_has_a_result_the_table_stays_and_the_page_says_why(
    client_organiser, formula_d
):
    season = open_season(formula_d, rounds=2)
    play(season.rounds.get(number=1), drivers("Ann", "Bob", "Cid"))
    reason = POINTS_TABLE_IN_USE.format(number=1, round=1)
    page = client_organiser.get(points_url(formula_d))
    assert reason.replace("'", "&#x27;") in page.text and 'name="table"' not in page.text
    response = client_organiser.post(points_url(formula_d), {"table": F1, "version": "0"})
    assert response.status_code == 400 and reason.replace("'", "&#x27;") in response.text
    assert (fresh(formula_d).points_table_name, fresh(formula_d).settings_version) == (
        "Formula D team race",
        0,
    )


def test_the_next_season_may_have_another_table_and_the_last_keeps_its_points(formula_d):
    season = open_season(formula_d)
    play(season.rounds.get(), drivers("Ann", "Bob", "Cid"))
    season_end(season=season)
    league_points_table_set(league=formula_d, table=F1, expected_version=0)
    points = dict(season.rounds.get().entries.values_list("driver__name", "points"))
    assert points == {"Ann": 10, "Bob": 8, "Cid": 6}


def test_a_table_that_is_no_table_is_refused_with_the_reason_and_nothing_is_written(
    client_organiser, formula_d
):
    response = client_organiser.post(points_url(formula_d), {"table": "8-9", "version": "0"})
    assert response.status_code == 400
    assert "Points table: 2nd scores 9, more than 1st&#x27;s 8" in response.text
    assert 'value="8-9"' not in response.text and ">8-9</textarea>" in response.text
    for data in ({"table": F1}, {"preset": "Monaco 1950", "version": "0"}, {"version": "0"}):
        assert client_organiser.post(points_url(formula_d), data).status_code == 400
    assert fresh(formula_d).settings_version == 0


def test_a_page_built_on_older_settings_is_a_409_with_the_table_as_it_stands(
    client_organiser, formula_d
):
    league_points_table_set(league=formula_d, table="9-6-3", expected_version=0)
    response = client_organiser.post(points_url(formula_d), {"table": F1, "version": "0"})
    assert response.status_code == 409
    assert LEAGUE_CHANGED.replace("'", "&#x27;") in response.text
    assert ">9-6-3</textarea>" in response.text and 'name="version" value="1"' in response.text
    assert fresh(formula_d).settings["points_table"] == "9-6-3"


def test_a_double_tap_writes_the_table_once_and_shows_it(client_organiser, formula_d):
    for _tap in range(2):
        response = client_organiser.post(points_url(formula_d), {"table": F1, "version": "0"})
        assert response.status_code == 302
    assert fresh(formula_d).settings_version == 1
    page = client_organiser.get(response.url).text
    assert POINTS_TABLE_ALREADY.format(table=F1) in page


def test_only_the_organiser_changes_the_table(client, formula_d):
    client.force_login(UserFactory(username="rival"))
    assert client.get(points_url(formula_d)).status_code == 403
    assert client.post(points_url(formula_d), {"table": F1, "version": "0"}).status_code == 403
    client.logout()
    assert client.post(points_url(formula_d), {"table": F1, "version": "0"}).status_code == 302
    assert fresh(formula_d).settings_version == 0


def test_the_season_page_says_why_each_tie_went_the_way_it_did(client, formula_d):
    season = open_season(formula_d, rounds=2)
    league_points_table_set(league=formula_d, table="2-1-0", expected_version=0)
    play(season.rounds.get(number=1), drivers("Ann", "Bob", "Cid"))
    play(season.rounds.get(number=2), drivers("Cid", "Bob", "Ann"))  # 2 points each
    page = client.get(season.get_absolute_url()).text
    assert (
        '<ul class="list-unstyled small text-secondary" id="driver-ties">'
        "<li>Ann and Cid share 1st: level on points and every place</li>"
        "<li>Cid ahead of Bob on countback: 1 win to none</li></ul>"
    ) in page
    assert "<li>Cid&#x27;s ahead of Bob&#x27;s on countback: 1 win to none</li>" in page


def test_the_teams_table_is_titled_as_the_rule_set_calls_it(client, formula_d, monkeypatch):
    season = open_season(formula_d)
    assert '<h2 class="h5">Teams</h2>' in client.get(season.get_absolute_url()).text
    monkeypatch.setattr(championship_for("formula_d"), "teams_title", "Constructors")
    cache.clear()  # the rules change with a deploy, which starts the pages' cache afresh
    assert '<h2 class="h5">Constructors</h2>' in client.get(season.get_absolute_url()).text


def test_a_bad_row_of_a_table_is_refused_in_french_in_one_sentence(client_organiser, formula_d):
    """A row's refusal was 'In the row for 6 cars: ' in English glued in front of the reason
    in French; it is one sentence, its field size said with its plural."""
    table = "6 cars: 10-12-8; 3 cars: 5-3"
    response = client_organiser.post(
        points_url(formula_d), {"table": table, "version": "0"}, HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert response.status_code == 400
    assert (
        "Dans la ligne pour 6 voitures : le 2e rapporte 12, plus que les 10 du 1er : aucune place "
        "ne rapporte plus que celle devant elle."
    ) in response.text
    assert "In the row" not in response.text
    one_car = client_organiser.post(
        points_url(formula_d), {"table": "1 car: 2-1", "version": "0"}, HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert (
        "Dans la ligne pour 1 voiture : 2 places rapportent des points, mais une course de 1 "
        "voiture n&#x27;en a que 1."
    ) in one_car.text
    english = client_organiser.post(points_url(formula_d), {"table": table, "version": "0"})
    assert "In the row for 6 cars: 2nd scores 12, more than 1st&#x27;s 10" in english.text
