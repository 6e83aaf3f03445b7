"""The league pages, through the test client: a season from an empty league to its end."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from bench import builders
from league.models import Driver, Entry, League, Role, Round, RoundStatus, Season, Team, Track
from league.reads.pagination import LEAGUES_PER_PAGE
from league.services.common import leagues_changed
from league.services.drivers import driver_hire
from league.services.leagues import league_create
from league.services.members import member_add
from league.services.results import EntryOutcome, round_result_enter, round_result_record
from league.services.season_end import season_end
from league.services.starts import round_start
from league.services.teams import team_create
from league.services.tracks import tracks_ensure_sample
from rules.championship import championship_for
from tests.factories import UserFactory, published
from tests.league.test_services import all_finish
from tests.pages import html_of

pytestmark = pytest.mark.django_db


def round_url(round_: Round, action: str = "") -> str:
    name = f"league:round_{action}" if action else "league:round"
    season = round_.season
    return reverse(name, args=[season.league.slug, season.number, round_.number])


def start_data(drivers: list[Driver], cars: list[str] | None = None) -> dict[str, str]:
    data = {}
    for index, driver in enumerate(drivers):
        data[f"d{driver.pk}-start"] = "on"
        data[f"d{driver.pk}-car"] = cars[index] if cars else f"Car {index + 1}"
    return data


def result_data(entries: list[Entry], lines: dict[str, dict[str, str]]) -> dict[str, str]:
    """`lines` maps a driver's name to that car's fields (outcome, place, distance...)."""
    data = {}
    for entry in entries:
        for field, value in lines[entry.driver.name].items():
            data[f"e{entry.pk}-{field}"] = value
    return data


def versioned(round_: Round, data: dict) -> dict:
    """`data` as the round page's form posts it: with the round's version it was built on."""
    return {**data, "version": Round.objects.values_list("version", flat=True).get(pk=round_.pk)}


def start_everyone(round_: Round, teams) -> None:
    """Every driver of `teams` starts `round_`, each in a car of their own."""
    drivers = Driver.objects.filter(team__in=teams)
    round_start(round_=round_, starters=[(d, f"c{d.pk}") for d in drivers])


def test_home_lists_leagues(client, league):
    response = client.get(reverse("league:home"))
    assert response.status_code == 200
    assert "Thursday Night League" in response.text


def test_an_organiser_creates_a_league_then_teams_then_a_season(client_organiser):
    response = client_organiser.post(
        reverse("league:league_new"),
        {"name": "Sunday Club", "field_size_rule": "next_larger", "third_car": "on"},
    )
    league = League.objects.get(name="Sunday Club")
    assert response.status_code == 302 and league.settings["third_car"] is True
    response = client_organiser.post(
        reverse("league:team_new", args=[league.slug]),
        {"name": "Trio", "driver_1": "A", "driver_2": "B", "driver_3": "C"},
    )
    assert response.status_code == 302
    assert list(league.teams.get().drivers.values_list("age", "xp")) == [(1, 0)] * 3
    response = client_organiser.post(
        reverse("league:season_new", args=[league.slug]), {"preset": "Summer"}
    )
    season = league.seasons.get()
    assert response.status_code == 302
    assert season.rounds.first().track.name == "Atlanta"


def test_a_team_with_too_few_drivers_is_refused_on_the_page(client_organiser, league):
    response = client_organiser.post(
        reverse("league:team_new", args=[league.slug]), {"name": "Solo", "driver_1": "A"}
    )
    assert response.status_code == 400
    assert "This field is required" in response.text
    assert not league.teams.exists()


def test_someone_else_may_not_add_teams(client, league, django_user_model):
    client.force_login(django_user_model.objects.create_user("mallory", password="x"))
    response = client.post(
        reverse("league:team_new", args=[league.slug]),
        {"name": "Sneaky", "driver_1": "A", "driver_2": "B"},
    )
    assert response.status_code == 403


def test_pages_show_to_the_public(client, league, season, teams):
    driver = teams[0].drivers.first()
    for url in (
        league.get_absolute_url(),
        season.get_absolute_url(),
        teams[0].get_absolute_url(),
        driver.get_absolute_url(),
        round_url(season.rounds.first()),
        reverse("league:tracks"),
    ):
        assert client.get(url).status_code == 200, url


def test_a_round_is_walked_from_starters_to_the_standings(client_organiser, season, teams):
    round_ = season.rounds.get(number=1)
    drivers = list(Driver.objects.filter(team__in=teams))
    response = client_organiser.post(
        round_url(round_, "start"), versioned(round_, start_data(drivers))
    )
    assert response.status_code == 302
    assert set(Driver.objects.values_list("xp", flat=True)) == {1}

    entries = list(round_.entries.select_related("driver"))
    lines = {
        "Ann": {"outcome": "finished", "place": "1"},
        "Bob": {"outcome": "finished", "place": "2"},
        "Cid": {"outcome": "finished", "place": "3"},
        "Dot": {"outcome": "overshoot", "distance": "40", "overshoot": "3"},
    }
    response = client_organiser.post(
        round_url(round_, "result"), versioned(round_, result_data(entries, lines))
    )
    assert response.status_code == 302
    page = client_organiser.get(round_url(round_))
    assert "against the <strong>Blue</strong> column" in html_of(page)

    # The document's injury example: 1 on Blue, 2 on Orange, 10 on Red, 12 on Black.
    dot = round_.entries.get(driver__name="Dot")
    for value in (1, 2, 10, 12):
        response = client_organiser.post(
            round_url(round_, "injury_roll"), versioned(round_, {"entry": dot.pk, "value": value})
        )
        assert response.status_code == 302
    assert "Every injury check is settled" in html_of(client_organiser.get(round_url(round_)))

    response = client_organiser.post(round_url(round_, "commit"), versioned(round_, {}))
    assert response.status_code == 302
    page = client_organiser.get(round_url(round_))
    assert "severity 4: misses 4 races" in html_of(page)
    dot_driver = Driver.objects.get(name="Dot")
    assert (dot_driver.races_to_miss, dot_driver.prior_injuries) == (4, 1)
    standings = html_of(client_organiser.get(season.get_absolute_url()))
    assert "200" in standings  # Ann: 100 points for 1st of 4, doubled in round 1


def test_a_die_value_the_black_die_cannot_show_is_refused_with_the_reason(
    client_organiser, season, teams
):
    round_ = season.rounds.get(number=1)
    start_everyone(round_, teams)
    entries = list(round_.entries.select_related("driver"))
    round_result_enter(
        round_=round_,
        outcomes=[
            EntryOutcome(entry_id=entries[0].pk, finished=True, place=1),
            EntryOutcome(entry_id=entries[1].pk, finished=True, place=2),
            EntryOutcome(entry_id=entries[2].pk, finished=True, place=3),
            EntryOutcome(
                entry_id=entries[3].pk,
                finished=False,
                out_reason="collision",
                distance=10,
                damage=2,
            ),
        ],
    )
    response = client_organiser.post(
        round_url(round_, "injury_roll"),
        versioned(round_, {"entry": entries[3].pk, "value": 21}),
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 400
    assert "The black die cannot show 21" in response.text
    assert "<html" not in response.text  # only the round panel swaps
    assert round_.entries.get(pk=entries[3].pk).injury_rolls == []


def test_a_driver_who_may_not_start_is_named_once_beside_the_reason(
    client_organiser, season, teams
):
    round_ = season.rounds.get(number=1)
    Driver.objects.filter(name="Ann").update(races_to_miss=2)
    page = client_organiser.get(round_url(round_)).text
    labels = re.findall(r'<label[^>]*for="id_d\d+-start">(.*?)</label>', page, re.S)
    words = [" ".join(re.sub(r"<[^>]+>", " ", label).split()) for label in labels]
    said = "Ann has 2 races still to miss: only drivers with zero injury points may race."
    assert said in words


def test_an_injured_starter_is_refused_and_nothing_is_written(client_organiser, season, teams):
    round_ = season.rounds.get(number=1)
    drivers = list(Driver.objects.filter(team__in=teams))
    Driver.objects.filter(pk=drivers[0].pk).update(races_to_miss=2)
    response = client_organiser.post(
        round_url(round_, "start"), versioned(round_, start_data(drivers))
    )
    assert response.status_code == 400
    assert "2 races still to miss" in response.text
    assert not Entry.objects.exists()
    assert Round.objects.get(pk=round_.pk).status == RoundStatus.SCHEDULED
    assert set(Driver.objects.values_list("xp", flat=True)) == {0}


def test_a_result_with_a_missing_place_is_refused(client_organiser, season, teams):
    round_ = season.rounds.get(number=1)
    start_everyone(round_, teams)
    entries = list(round_.entries.select_related("driver"))
    lines = {name: {"outcome": "finished", "place": "1"} for name in ("Ann", "Bob", "Cid", "Dot")}
    response = client_organiser.post(
        round_url(round_, "result"), versioned(round_, result_data(entries, lines))
    )
    assert response.status_code == 400
    assert "Finishers must take places 1 to 4" in response.text
    assert not round_.entries.filter(place__isnull=False).exists()


def test_a_finisher_left_without_a_place_is_named(client_organiser, season, teams):
    round_ = season.rounds.get(number=1)
    start_everyone(round_, teams)
    entries = list(round_.entries.select_related("driver"))
    lines = {
        "Ann": {"outcome": "finished", "place": "1"},
        "Bob": {"outcome": "finished", "place": "2"},
        "Cid": {"outcome": "finished", "place": "3"},
        "Dot": {"outcome": "finished", "place": ""},
    }
    response = client_organiser.post(
        round_url(round_, "result"), versioned(round_, result_data(entries, lines))
    )
    assert response.status_code == 400
    assert "Dot finished: enter their place (1 to 4)." in response.text
    assert "before the first" not in response.text
    assert not round_.entries.filter(place__isnull=False).exists()


def test_a_referee_who_is_not_organiser_may_enter_results(client, season, teams, django_user_model):
    referee = django_user_model.objects.create_user("ref", password="x")
    member_add(league=season.league, user=referee, role=Role.REFEREE)
    client.force_login(referee)
    drivers = list(Driver.objects.filter(team__in=teams))
    round_ = season.rounds.get(number=1)
    assert (
        client.post(round_url(round_, "start"), versioned(round_, start_data(drivers))).status_code
        == 302
    )


def test_a_result_typed_but_not_confirmed_is_shown_to_others_as_such(
    client_organiser, season, teams
):
    round_ = season.rounds.get(number=1)
    start_everyone(round_, teams)
    entries = list(round_.entries.select_related("driver"))
    places = {"Ann": "1", "Bob": "2", "Cid": "3", "Dot": "4"}
    lines = {name: {"outcome": "finished", "place": place} for name, place in places.items()}
    client_organiser.post(
        round_url(round_, "result"), versioned(round_, result_data(entries, lines))
    )
    page = Client().get(round_url(round_)).text  # anyone: the league is published
    assert "The result as entered, not confirmed yet" in page
    assert "Every injury check is settled" not in page
    assert "Every injury check is settled" in client_organiser.get(round_url(round_)).text


def test_the_public_may_not_enter_results(client, season, teams):
    round_ = season.rounds.get(number=1)
    response = client.post(round_url(round_, "start"), {})
    assert response.status_code == 302 and "/login/" in response.url


def test_ending_an_unfinished_season_is_refused_on_the_page(client_organiser, season):
    response = client_organiser.post(
        reverse("league:season_end", args=[season.league.slug, season.number])
    )
    assert response.status_code == 400
    assert "round 1 has not been raced yet" in response.text
    assert not Season.objects.get(pk=season.pk).is_ended


def test_a_track_with_a_broken_weather_table_is_refused(client_organiser):
    response = client_organiser.post(
        reverse("league:tracks"), {"name": "Home Track", "weather_table": "1-10 sun"}
    )
    assert response.status_code == 400
    assert "Home Track" not in response.text.split("Add a track")[0]


def test_a_rookie_is_hired_from_the_team_page(client_organiser, league, teams):
    response = client_organiser.post(
        reverse("league:driver_hire", args=[league.slug, teams[0].pk]), {"name": "Eve"}
    )
    assert response.status_code == 302
    eve = teams[0].drivers.get(name="Eve")
    assert (eve.age, eve.xp) == (1, 0)


def test_unknown_pages_are_404_not_500(client, league):
    assert client.get("/no-such-league/").status_code == 404
    assert client.get(f"/{league.slug}/seasons/9/").status_code == 404
    assert client.get(f"/{league.slug}/seasons/1/rounds/1/").status_code == 404


@pytest.mark.parametrize("number", [str(2**63), "1" + "0" * 30])
def test_a_number_too_long_for_the_database_is_a_404_not_500(client_organiser, league, number):
    """Found by the fuzz test: a 20-digit race id overflowed SQLite's integers (a 500)."""
    assert client_organiser.get(f"/races/{number}/").status_code == 404
    assert client_organiser.post(f"/races/{number}/", {"version": 1}).status_code == 404
    assert client_organiser.get(f"/{league.slug}/teams/{number}/").status_code == 404
    assert client_organiser.get(f"/{league.slug}/seasons/{number}/").status_code == 404


def test_a_custom_schedule_keeps_the_race_order_picked(client_organiser, league):
    tracks_ensure_sample(championship_for("season_pass"))
    monaco, imola = (Track.objects.get(name=name) for name in ("Monaco", "Imola"))
    response = client_organiser.post(
        reverse("league:season_new", args=[league.slug]),
        {"preset": "", "race_1": monaco.pk, "race_2": imola.pk},
    )
    assert response.status_code == 302
    rounds = league.seasons.get().rounds.order_by("number")
    assert [(r.track.name, r.multiplier) for r in rounds] == [("Monaco", 2), ("Imola", 1)]


def test_a_season_with_no_track_is_refused(client_organiser, league):
    response = client_organiser.post(reverse("league:season_new", args=[league.slug]), {})
    assert response.status_code == 400
    assert "Pick a sample schedule or at least one track." in response.text


def test_with_htmx_starting_a_round_swaps_in_the_result_form(client_organiser, season, teams):
    round_ = season.rounds.get(number=1)
    drivers = list(Driver.objects.filter(team__in=teams))
    response = client_organiser.post(
        round_url(round_, "start"), versioned(round_, start_data(drivers)), HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    assert 'id="round-panel"' in response.text and "<html" not in response.text
    assert "Enter the result" in response.text


def test_a_team_with_more_eligible_drivers_than_cars_is_offered_only_its_cars(
    client_organiser, league, season, teams
):
    driver_hire(team=teams[0], name="Eve")
    page = client_organiser.get(round_url(season.rounds.get(number=1))).text
    eve = teams[0].drivers.get(name="Eve")
    assert f'name="d{eve.pk}-start" \n' not in page
    checked = re.findall(r'name="d(\d+)-start"\s+checked', page)
    assert str(eve.pk) not in checked and len(checked) == 4


def test_a_retired_starter_posted_anyway_is_refused_in_the_words_of_the_rules(
    client_organiser, season, teams
):
    drivers = list(Driver.objects.filter(team__in=teams))
    Driver.objects.filter(pk=drivers[0].pk).update(status="retired")
    response = client_organiser.post(
        round_url(season.rounds.get(number=1), "start"),
        versioned(season.rounds.get(number=1), start_data(drivers)),
    )
    assert response.status_code == 400
    assert f"{drivers[0].name} is retired and may no longer race." in response.text
    assert not Entry.objects.exists()


def test_an_absurd_overshoot_is_refused_not_a_server_error(client_organiser, season, teams):
    round_ = season.rounds.get(number=1)
    start_everyone(round_, teams)
    entries = list(round_.entries.select_related("driver"))
    lines = {
        "Ann": {"outcome": "finished", "place": "1"},
        "Bob": {"outcome": "finished", "place": "2"},
        "Cid": {"outcome": "finished", "place": "3"},
        "Dot": {"outcome": "overshoot", "distance": "4", "overshoot": "99999999999999999999"},
    }
    response = client_organiser.post(
        round_url(round_, "result"), versioned(round_, result_data(entries, lines))
    )
    assert response.status_code == 400
    assert "less than or equal to 30" in response.text
    assert not round_.entries.filter(place__isnull=False).exists()


@pytest.mark.parametrize("page", ["season", "team", "round", "league"])
def test_pages_cost_the_same_queries_however_many_rounds_were_played(
    client, season, teams, page, django_assert_max_num_queries
):
    def url() -> str:
        return {
            "season": season.get_absolute_url(),
            "team": teams[0].get_absolute_url(),
            "round": round_url(season.rounds.get(number=1)),
            "league": season.league.get_absolute_url(),
        }[page]

    def play(number: int) -> None:
        round_ = season.rounds.get(number=number)
        start_everyone(round_, teams)
        entries = list(round_.entries.all())
        round_result_record(
            round_=round_,
            outcomes=all_finish(entries),
            injury_rolls={},
        )

    play(1)
    with django_assert_max_num_queries(12) as after_one:
        client.get(url())
    for number in (2, 3, 4):
        play(number)
    with django_assert_max_num_queries(len(after_one.captured_queries)):
        client.get(url())


def test_the_end_of_the_season_is_offered_once_every_round_is_in_and_asks_first(
    client_organiser, season, teams
):
    """The button showed on unfinished seasons, even empty ones, and ended at one tap."""
    page = client_organiser.get(season.get_absolute_url())
    assert "End the season" not in page.text
    Round.objects.filter(season=season).update(status=RoundStatus.FINISHED)
    leagues_changed(League.objects.filter(pk=season.league_id))  # written around them
    page = client_organiser.get(season.get_absolute_url())
    end_url = reverse("league:season_end", args=[season.league.slug, season.number])
    assert f'href="{end_url}"' in page.text
    confirm = client_organiser.get(end_url)
    assert "End season 1?" in confirm.text and "cannot be taken back" in confirm.text
    assert not Season.objects.get(pk=season.pk).is_ended


def test_pages_with_a_versioned_form_are_never_served_from_the_cache(
    client_organiser, season, teams
):
    """Back showed a stale form from the browser's cache, built on a version long gone."""
    round_ = season.rounds.get(number=1)
    for url in (
        round_url(round_),
        teams[0].get_absolute_url(),
        reverse("league:league_new"),
        reverse("league:team_new", args=[season.league.slug]),
        reverse("league:season_new", args=[season.league.slug]),
        reverse("league:league_points", args=[season.league.slug]),
        round_url(round_, "table"),
    ):
        response = client_organiser.get(url)
        assert "no-store" in response.headers["Cache-Control"], url


def test_the_season_report_names_the_champions(client_organiser, season, teams):
    drivers = list(Driver.objects.filter(team__in=teams).order_by("pk"))  # Ann, Bob, Cid, Dot
    for round_ in season.rounds.order_by("number"):
        entries = round_start(round_=round_, starters=[(d, f"c{d.pk}") for d in drivers])
        round_result_record(
            round_=round_,
            outcomes=all_finish(entries),
            injury_rolls={},
        )
    season_end(season=season)
    report = client_organiser.get(reverse("league:season_report", args=[season.league.slug, 1]))
    champions = html_of(report).split('id="champions"')[1].split("</section>")[0]
    assert "<strong>Ann</strong></a> (Red Herrings)" in champions
    assert "<strong>Red Herrings</strong>" in champions


def test_a_finished_round_page_costs_the_same_queries_for_4_or_8_cars(
    client, league, season, django_assert_max_num_queries
):
    """Each entry's driver link read its team and league: 2 queries a car (issue 11)."""

    def finished_round(number: int, teams: int) -> Round:
        for index in range(Team.objects.count(), teams):
            team_create(
                league=league, name=f"Team {index}", driver_names=[f"A{index}", f"B{index}"]
            )
        round_ = season.rounds.get(number=number)
        drivers = Driver.objects.filter(team__league=league).racing()
        entries = round_start(round_=round_, starters=[(d, f"c{d.pk}") for d in drivers])
        round_result_record(
            round_=round_,
            outcomes=all_finish(entries),
            injury_rolls={},
        )
        return round_

    four = finished_round(1, teams=2)
    with django_assert_max_num_queries(20) as with_four:
        assert client.get(round_url(four)).status_code == 200
    eight = finished_round(2, teams=4)
    with django_assert_max_num_queries(len(with_four.captured_queries)):
        assert client.get(round_url(eight)).status_code == 200


def test_entering_a_result_costs_the_same_queries_for_4_or_8_cars(
    client_organiser, league, season, django_assert_max_num_queries
):
    """full_clean() and save() per entry: 6 queries a car (issue 11)."""

    def started_round(number: int, teams: int) -> tuple[Round, dict]:
        Round.objects.filter(season=season, number__lt=number).update(status=RoundStatus.FINISHED)
        for index in range(Team.objects.count(), teams):
            team_create(
                league=league, name=f"Team {index}", driver_names=[f"A{index}", f"B{index}"]
            )
        round_ = season.rounds.get(number=number)
        drivers = Driver.objects.filter(team__league=league).racing()
        entries = round_start(round_=round_, starters=[(d, f"c{d.pk}") for d in drivers])
        data = {}
        for place, entry in enumerate(entries, start=1):
            data[f"e{entry.pk}-outcome"] = "finished"
            data[f"e{entry.pk}-place"] = str(place)
        return round_, versioned(round_, data)

    four, data = started_round(1, teams=2)
    with django_assert_max_num_queries(30) as with_four:
        assert client_organiser.post(round_url(four, "result"), data).status_code == 302
    eight, data = started_round(2, teams=4)
    with django_assert_max_num_queries(len(with_four.captured_queries)):
        assert client_organiser.post(round_url(eight, "result"), data).status_code == 302


def test_the_home_page_lists_ones_own_leagues_by_role_and_the_published_a_page_at_a_time(
    client, organiser
):
    referee = UserFactory(username="ref")
    for number in range(LEAGUES_PER_PAGE + 3):
        made = league_create(name=f"League {number:02}", organiser=organiser)
        made = published(made)
        if number == 1:
            member_add(league=made, user=referee, role=Role.REFEREE)
    client.force_login(referee)
    page = client.get(reverse("league:home")).text
    mine, _, listed = page.partition('id="published-leagues"')
    assert "League 01" in mine and "Referee" in mine and "League 02" not in mine
    # The latest first, a page at a time.
    assert f"League {LEAGUES_PER_PAGE + 2:02}" in listed and "League 00" not in listed
    assert "League 00" in client.get(reverse("league:home") + "?page=2").text


def published_lines(html: str) -> list[str]:
    """The home page's published leagues, each line's words (tags dropped)."""
    listed = html.split('id="published-leagues">', 1)[1].split("</div>", 1)[0]
    return [" ".join(re.sub(r"<[^>]+>", " ", line).split()) for line in listed.split("</a>")[:-1]]


def test_the_home_page_costs_the_same_queries_for_3_leagues_or_300_and_counts_their_seasons(
    client_organiser, organiser, league, season, django_assert_max_num_queries
):
    """Each line says its league's rule set and how many seasons it has run (none too); the
    page counts the published leagues without reading their seasons."""
    member_add(league=league, user=UserFactory(), role=Role.REFEREE)
    Season.objects.create(league=league, number=2, ruleset=league.ruleset)
    published(league_create(name="No season yet", organiser=UserFactory()))
    builders.leagues_in_bulk(organiser=UserFactory(), count=1, name="Bulk")
    home = reverse("league:home")
    # Its session, its user, one's own leagues, the count of the published and their page.
    with django_assert_max_num_queries(5) as few:
        page = client_organiser.get(home).text
    title = championship_for(league.ruleset).title
    assert published_lines(page) == [
        f"Bulk 0 · {title} 1 season",
        f"No season yet · {title} 0 seasons",
        f"Thursday Night League · {title} 2 seasons",
    ]
    builders.leagues_in_bulk(organiser=UserFactory(), count=300, name="More")
    with django_assert_max_num_queries(len(few.captured_queries), exact=True):
        page = client_organiser.get(home).text
    assert len(published_lines(page)) == LEAGUES_PER_PAGE
    assert "Page 1 of 16" in page


def test_a_season_with_no_result_yet_ranks_no_team_either(client_organiser, season, teams):
    """The drivers' table says "No results yet": the teams' table said each team was 1st on 0
    points."""
    page = client_organiser.get(season.get_absolute_url()).text
    for table in ("driver-standings", "team-standings"):
        body = page[page.index(f'id="{table}"') :]
        body = body[body.index("<tbody>") : body.index("</tbody>")]
        assert "No results yet." in body, table
        assert teams[0].name not in body
