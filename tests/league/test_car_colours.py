"""Per-car colours a league may set (issue 32): the referee naming a car for a round on the
starters form (or a team owner choosing the team's starters) may pick the colour it is drawn in
at the table; left as it is, a car is drawn in the colour its name names, else in its team's.
The choice is kept with the entry (and the owner's choice), proposed again while the car keeps
its name, and comes back from a backup; a file from before it restores every car as named."""

from __future__ import annotations

import json
import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from league import backup
from league.models import Entry, Role, StarterChoice
from league.reads.round_panel import starter_lines
from league.services.errors import AlreadyDone
from league.services.members import member_add
from league.services.results import round_result_record
from league.services.starts import (
    UNKNOWN_CAR_COLOUR,
    round_start,
    round_start_at_table,
    round_starters_change,
    round_starters_choose,
)
from races.models import Race
from races.reads.colours import car_colours
from tests.factories import UserFactory
from tests.league.test_backup import empty_database, imported, of_version_5
from tests.league.test_services import all_finish

pytestmark = pytest.mark.django_db

CARS = ["Red", "Arrow", "Silver", "Dart"]


def _drivers(teams):
    return [driver for team in teams for driver in team.drivers.order_by("pk")]


def test_a_cars_chosen_colour_beats_its_names_and_its_teams(teams, season):
    race = round_start_at_table(
        round_=season.rounds.get(number=1),
        starters=list(zip(_drivers(teams), CARS, strict=True)),
        car_colours={"Red": "blue", "Arrow": "silver"},
    )
    assert car_colours(race.round_id) == {
        "Red": "team-blue",  # named red, drawn as the league chose
        "Arrow": "team-silver",  # a Red Herrings car (orange), drawn as the league chose
        "Silver": "team-silver",  # as named
        "Dart": "team-sky",  # as its team
    }


def test_a_colour_no_car_may_take_is_refused_and_nothing_starts(teams, season):
    round_ = season.rounds.get(number=1)
    with pytest.raises(ValidationError) as refused:
        round_start(
            round_=round_,
            starters=list(zip(_drivers(teams), CARS, strict=True)),
            car_colours={"Arrow": "mauve"},
        )
    assert refused.value.messages == [UNKNOWN_CAR_COLOUR.format(car="Arrow")]
    assert not Entry.objects.exists()


def _start_post(round_, teams, colours):
    post = {"version": round_.version}
    for driver, car in zip(_drivers(teams), CARS, strict=True):
        post |= {f"d{driver.pk}-start": "on", f"d{driver.pk}-car": car}
        post[f"d{driver.pk}-colour"] = colours.get(car, "")
    return post


def test_the_referee_picks_a_cars_colour_on_the_tables_start_page(
    client_organiser, league, teams, season
):
    round_ = season.rounds.get(number=1)
    url = reverse("league:round_table", args=[league.slug, 1, 1])
    page = client_organiser.get(url).content.decode()
    ann = teams[0].drivers.get(name="Ann")
    assert f'name="d{ann.pk}-colour"' in page
    assert '<option value="silver">Silver</option>' in page

    response = client_organiser.post(url, _start_post(round_, teams, {"Dart": "black"}))
    race = Race.objects.get(round=round_)
    assert response.status_code == 302 and response.url == race.get_absolute_url()
    assert car_colours(round_.pk)["Dart"] == "team-black"
    turn = client_organiser.get(race.get_absolute_url()).content.decode()
    row = re.search(r'<tr[^>]*data-car="Dart".*?</tr>', turn, re.S)
    assert row is not None and "team-black" in row.group(0)


def test_a_colour_typed_by_hand_is_refused_on_the_page_and_nothing_starts(
    client_organiser, league, teams, season
):
    round_ = season.rounds.get(number=1)
    url = reverse("league:round_table", args=[league.slug, 1, 1])
    response = client_organiser.post(url, _start_post(round_, teams, {"Dart": "x" * 5000}))
    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()
    assert not Race.objects.exists() and not Entry.objects.exists()


def test_a_starter_s_line_refused_names_the_driver_in_french(
    client_organiser, league, teams, season
):
    round_ = season.rounds.get(number=1)
    url = reverse("league:round_table", args=[league.slug, 1, 1])
    posted = _start_post(round_, teams, {"Dart": "x" * 50})
    response = client_organiser.post(url, posted, HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 400
    driver = next(
        driver for driver, car in zip(_drivers(teams), CARS, strict=True) if car == "Dart"
    )
    assert f"{driver.name} : Sélectionnez un choix valide" in response.content.decode()


def test_a_team_owner_chooses_a_cars_colour_and_the_referees_form_proposes_it(
    client, client_organiser, league, teams, season
):
    owner = UserFactory(username="owner")
    member_add(league=league, user=owner, role=Role.TEAM_OWNER, team=teams[0])
    round_ = season.rounds.get(number=1)
    ann = teams[0].drivers.get(name="Ann")
    choose = reverse("league:round_choose", args=[league.slug, 1, 1])
    post = {
        "version": round_.version,
        "team": teams[0].pk,
        f"d{ann.pk}-start": "on",
        f"d{ann.pk}-car": "Arrow",
        f"d{ann.pk}-colour": "purple",
    }
    client.force_login(owner)
    assert client.post(choose, post).status_code == 302
    assert list(StarterChoice.objects.values_list("car", "colour")) == [("Arrow", "purple")]
    round_.refresh_from_db()
    with pytest.raises(AlreadyDone):
        round_starters_choose(
            round_=round_, team=teams[0], starters=[(ann, "Arrow")], car_colours={"Arrow": "purple"}
        )
    # The colour alone changed is a choice of its own.
    round_starters_choose(round_=round_, team=teams[0], starters=[(ann, "Arrow")])
    assert list(StarterChoice.objects.values_list("colour", flat=True)) == [""]
    round_starters_choose(
        round_=round_, team=teams[0], starters=[(ann, "Arrow")], car_colours={"Arrow": "green"}
    )

    client_organiser.force_login(league.organiser)
    page = client_organiser.get(round_.get_absolute_url()).content.decode()
    select = re.search(rf'<select[^>]*name="d{ann.pk}-colour".*?</select>', page, re.S)
    assert select is not None
    assert re.findall(r'<option value="(\w*)" selected>', select.group(0)) == ["green"]


def test_a_car_keeping_its_name_keeps_its_colour_into_the_next_round(teams, season):
    drivers = _drivers(teams)
    first = season.rounds.get(number=1)
    entries = round_start(
        round_=first,
        starters=list(zip(drivers, CARS, strict=True)),
        car_colours={"Arrow": "silver"},
    )
    round_result_record(round_=first, outcomes=all_finish(entries), injury_rolls={})
    lines = {
        line.driver.name: line.form
        for _team, group in starter_lines(season.rounds.get(number=2))
        for line in group
    }
    assert (lines["Bob"].initial["car"], lines["Bob"].initial["colour"]) == ("Arrow", "silver")
    assert (lines["Ann"].initial["car"], lines["Ann"].initial["colour"]) == ("Red", "")


def test_changing_only_a_cars_colour_starts_the_race_again_in_it(teams, season):
    drivers = _drivers(teams)
    round_ = season.rounds.get(number=1)
    starters = list(zip(drivers, CARS, strict=True))
    race = round_start_at_table(round_=round_, starters=starters)
    round_.refresh_from_db()
    race.refresh_from_db()
    round_starters_change(
        round_=round_,
        starters=starters,
        expected_version=round_.version,
        expected_race_version=race.version,
        car_colours={"Dart": "yellow"},
    )
    assert car_colours(round_.pk)["Dart"] == "team-yellow"


def test_a_backup_keeps_each_cars_colour_and_a_file_of_before_draws_it_as_named(
    organiser, teams, season
):
    round_start_at_table(
        round_=season.rounds.get(number=1),
        starters=list(zip(_drivers(teams), CARS, strict=True)),
        car_colours={"Arrow": "silver"},
    )
    exported = json.loads(backup.league_file(season.league))
    assert exported["version"] == backup.FORMAT_VERSION == 6
    empty_database()
    back = imported(exported)
    assert dict(Entry.objects.filter(round__season__league=back).values_list("car", "colour")) == {
        "Red": "",
        "Arrow": "silver",
        "Silver": "",
        "Dart": "",
    }

    empty_database()
    old = of_version_5(exported)
    hostile = {
        **old,
        "tables": {**old["tables"], "league.entry": exported["tables"]["league.entry"]},
    }
    back = imported(old)
    colours = Entry.objects.filter(round__season__league=back).values_list("colour", flat=True)
    assert set(colours) == {""}
    # A file of 5 naming the colour, or of 6 naming one no car takes, is refused.
    empty_database()
    with pytest.raises(ValidationError, match="colour"):
        imported(hostile)
    bad = json.loads(json.dumps(exported))
    bad["tables"]["league.entry"][0]["colour"] = "mauve"
    with pytest.raises(ValidationError, match="mauve"):
        imported(bad)
