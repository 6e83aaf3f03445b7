"""The big screen for the room (races:screen) and the strip at the top of the turn page: every
car in the order of play with its lap and its state, no control, and a 204 to a poll when
nothing changed, as the spectator's turn page."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from league.models import League
from league.models.team_colours import car_colour
from league.services.starts import round_start_at_table
from league.services.teams import team_colour_set
from races.reads.strip import strip_of
from rules import engine
from rules.engine import CarView
from tests.pages import html_of
from tests.races.autopilot import drive
from tests.races.test_turn_templates import Page
from tests.races.test_views import STEPS, form_data, next_post

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def screen_url(race) -> str:
    return reverse("races:screen", kwargs={"race_id": race.pk})


def test_the_big_screen_shows_the_race_without_a_control(client_organiser, race):
    drive(race, 6)
    race.refresh_from_db()
    response = client_organiser.get(screen_url(race))
    assert response.status_code == 200
    shown = Page(html_of(response))
    state = engine.state_from_dict(race.state)
    assert shown.text("prompt-text") == f"Now: {engine.prompts(state)[0].text}"
    cars = re.findall(r'<tr id="car-\w+"[^>]*data-car="(\w+)"', html_of(response))
    assert cars == [view.car for view in engine.dashboard(state)]  # the order of play
    assert re.findall(r'<li class="strip-car[^"]*" data-car="(\w+)"', html_of(response)) == cars
    latest = race.events.order_by("-seq").first().summary()
    assert latest in html_of(response)
    assert "<form" not in html_of(response).split("<main")[1]  # no control (the navbar's aside)


def test_a_poll_of_an_unchanged_race_is_a_204_and_a_changed_one_the_screen(race):
    watcher = Client()
    unchanged = watcher.get(screen_url(race), {"version": race.version}, **HTMX)
    assert unchanged.status_code == 204 and not unchanged.content
    drive(race, 1)
    changed = watcher.get(screen_url(race), {"version": 0}, **HTMX)
    assert changed.status_code == 200 and changed.text.lstrip().startswith('<div id="screen"')


def test_an_unpublished_league_s_screen_is_for_its_members(client_organiser, race, league):
    League.objects.filter(pk=league.pk).update(published=False)
    assert Client().get(screen_url(race)).status_code == 404
    assert client_organiser.get(screen_url(race)).status_code == 200


def test_the_strip_says_each_car_s_place_lap_and_state():
    views = (
        CarView("red", "Ann", "racing", "", (), laps=2),
        CarView("blue", "Bob", "racing", "", (), laps=1, pitted=True),
        CarView("green", "Cid", "finished", "", (), laps=3),
        CarView("yellow", "Dot", "out", "", ()),
    )
    strip = strip_of(views)
    assert [(car.place, car.car, car.state, car.lap_text) for car in strip.cars] == [
        (1, "red", "racing", "L2"),
        (2, "blue", "pitted", "L1 P"),
        (3, "green", "finished", "L3 F"),
        (4, "yellow", "out", "X"),
    ]
    assert strip.words.startswith("1. red: racing, 2 laps done; 2. blue: pitted")


def test_the_turn_page_draws_the_strip_and_an_entry_redraws_it_when_it_changed(
    client_organiser, race
):
    """An entry sends the strip again only when the picture changed (the order of play, a
    lap, a car's state): most moves change none of it, and the strip is most of what an entry
    would send otherwise."""
    page = client_organiser.get(reverse("races:turn", kwargs={"race_id": race.pk})).text
    assert page.count('<g class="strip-car') == 4
    sent = {True: 0, False: 0}
    for _ in range(60):
        race.refresh_from_db()
        if not engine.prompts(engine.state_from_dict(race.state)):
            break
        before = strip_of(engine.dashboard(engine.state_from_dict(race.state)))
        entered = client_organiser.post(race.get_absolute_url(), next_post(race), **HTMX).text
        race.refresh_from_db()
        after = strip_of(engine.dashboard(engine.state_from_dict(race.state)))
        redrawn = re.search(r'<figure id="race-strip"[^>]* hx-swap-oob="true"', entered)
        assert bool(redrawn) == (before != after), race.seq
        sent[before != after] += 1
    assert sent[True] and sent[False]  # both seen


def _colours_shown(html: str) -> tuple[dict[str, str], dict[str, str]]:
    """Each car's team-colour class as its dashboard row and as its strip box show it."""
    rows = {
        car: colour
        for colour, car in re.findall(
            r'<span class="swatch (team-\w+)" aria-hidden="true"></span>'
            r'<span class="fw-bold">(\w+)</span>',
            html,
        )
    }
    boxes = {
        car: colour
        for colour, car in re.findall(
            r'<(?:g|li) class="strip-car (team-\w+)" data-car="(\w+)"', html
        )
    }
    return rows, boxes


def test_every_car_wears_its_colour_on_the_turn_page_the_screen_and_after_an_entry(
    client_organiser, race
):
    """The race's cars are named red, blue, green and yellow (two teams in orange and sky
    blue): each is drawn in the colour it is named after (issue 32), its row and its box."""
    expected = {
        entry.car: f"team-{car_colour(entry.car, entry.team.colour)}"
        for entry in race.round.entries.select_related("team")
    }
    assert expected == {
        "red": "team-vermillion",
        "blue": "team-blue",
        "green": "team-green",
        "yellow": "team-yellow",
    }
    for url in (race.get_absolute_url(), screen_url(race)):
        rows, boxes = _colours_shown(html_of(client_organiser.get(url)))
        assert rows == expected and boxes == expected
    for kind, car, data in STEPS[:5]:  # qualifying, weather; Paddock puts red in 1st
        client_organiser.post(race.get_absolute_url(), form_data(race, kind, car, data))
        race.refresh_from_db()
    entered = html_of(
        client_organiser.post(
            race.get_absolute_url(), form_data(race, "move", "red", {"roll": 2}), **HTMX
        )
    )
    rows, boxes = _colours_shown(entered)
    assert boxes in ({}, expected)  # the strip, if redrawn, redrawn whole
    # The rows whose dashboard changed, swapped in
    assert rows and all(expected[car] == colour for car, colour in rows.items())


def test_a_car_named_after_no_colour_wears_its_team_s_given_at_once(
    client_organiser, round_one, teams
):
    drivers = [driver for team in teams for driver in team.drivers.order_by("pk")]
    race = round_start_at_table(
        round_=round_one,
        starters=list(zip(drivers, ("Arrow", "Dart", "Comet", "Bolt"), strict=True)),
    )
    rows, boxes = _colours_shown(html_of(client_organiser.get(race.get_absolute_url())))
    assert rows["Arrow"] == boxes["Arrow"] == f"team-{teams[0].colour}"
    assert rows["Comet"] == boxes["Comet"] == f"team-{teams[1].colour}"
    taken = {team.colour for team in teams}
    free = next(key for key in ("purple", "yellow", "black") if key not in taken)
    team_colour_set(team=teams[0], colour=free)
    rows, boxes = _colours_shown(html_of(client_organiser.get(race.get_absolute_url())))
    assert rows["Arrow"] == boxes["Arrow"] == rows["Dart"] == f"team-{free}"


def test_a_team_s_cars_stay_apart_in_the_strip_however_long_their_names():
    views = tuple(
        CarView(car, "Ann", "racing", "", (), laps=1)
        for car in ("Rosso 1", "Rosso 2", "Rosso 12", "Arrow", "Ferrari Testarossa")
    )
    assert [car.name for car in strip_of(views).cars] == [
        "Ros…1",
        "Ros…2",
        "Ro…12",
        "Arrow",
        "Ferr…",
    ]


def test_the_big_screen_names_every_car_in_full(client_organiser, round_one, teams):
    drivers = [driver for team in teams for driver in team.drivers.order_by("pk")]
    race = round_start_at_table(
        round_=round_one,
        starters=list(zip(drivers, ("Silver Arrow", "Dart", "Comet", "Bolt"), strict=True)),
    )
    html = html_of(client_organiser.get(screen_url(race)))
    assert re.search(r'<span class="strip-name">\d Silver Arrow</span>', html)
    assert "Silv…" not in html  # the phone's strip's name, cut
