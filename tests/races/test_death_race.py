"""A Formula... Death! race run with the turn helper: the cards entered at the table once the
grid is set, each car's cards, reloads and damage on the turn page, the season's damage points,
and its result written into the standings."""

from __future__ import annotations

import pytest

from league.models import Driver, League
from league.reads.standings import season_standings
from league.services.leagues import league_create
from league.services.seasons import season_open, season_setup_set
from league.services.starts import round_start_at_table
from league.services.teams import team_create
from league.services.tracks import track_create
from races.models import Race
from races.services.entries import race_event_apply, race_events, race_state
from rules import engine
from tests.races.autopilot import drive_to_finish, write_the_result

pytestmark = pytest.mark.django_db
CARS = ("red", "blue", "green")


@pytest.fixture
def death(organiser) -> League:
    league = league_create(
        name="Death", organiser=organiser, ruleset="death", settings={"distribution": "pick"}
    )
    for name in ("Ann", "Bob", "Cid"):
        team_create(league=league, name=f"{name}'s", driver_names=[name])
    return league


@pytest.fixture
def season(death):
    tracks = [track_create(name=name) for name in ("Monza", "Spa")]
    return season_open(league=death, tracks=tracks)


def start_round(season, number: int = 1) -> Race:
    drivers = list(Driver.objects.order_by("pk"))
    return round_start_at_table(
        round_=season.rounds.get(number=number), starters=list(zip(drivers, CARS, strict=True))
    )


def test_the_race_deals_the_league_s_way_and_the_season_s_damage_points(death, season):
    season_setup_set(season=season, setup={"damage": 14}, expected_version=0)
    season.refresh_from_db()
    state = race_state(start_round(season))
    assert state.setup.ruleset == "death" and state.setup.damage == 14
    assert state.setup.distribution == "pick"
    assert {view.value("damage") for view in engine.dashboard(state)} == {14}


def test_a_season_setup_out_of_bounds_is_refused(season):
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError):
        season_setup_set(season=season, setup={"damage": 31}, expected_version=0)


def test_the_turn_page_shows_the_cards_prompt_and_the_damage_column(client_organiser, season):
    race = start_round(season)
    for value in (18, 9, 3):
        state = race_state(race)
        prompt = engine.prompts(state)[0]
        race_event_apply(
            race=race,
            event=engine.Event("grid_roll", {"car": prompt.car, "value": value}),
            expected_version=race.version,
        )
        race.refresh_from_db()
    page = client_organiser.get(race.get_absolute_url()).content.decode()
    assert "Damage points left" in page
    # Pick: the last on the grid (Green rolled lowest) chooses first, from the printed list.
    assert "Green (Cid)&#x27;s cards" in page or "Green (Cid)'s cards" in page
    assert "Forward Turbolaser" in page and "Nanobot Repair Systems" in page


def test_a_death_race_at_the_table_lands_in_the_standings(client_organiser, season):
    race = start_round(season)
    drive_to_finish(race, seed=3)
    state = race_state(race)
    assert state.finished
    assert "attack_order" in {event.kind for event in race_events(race)}
    round_ = write_the_result(client_organiser, race)
    standings = season_standings(round_.season)
    assert [line.points for line in standings.drivers] == [10, 8, 6]


def test_no_line_of_sight_is_a_box_ticked_on_the_page_and_left_empty_it_fires(
    client_organiser, season
):
    from django.urls import reverse

    from tests.rules.death.script import GRID, between_rounds, dealt, fire, in_1st

    drivers = list(Driver.objects.order_by("pk"))[:2]
    race = round_start_at_table(
        round_=season.rounds.get(number=1),
        starters=list(zip(drivers, ("red", "blue"), strict=True)),
    )
    order = ["red", "blue"]
    for event in (
        *GRID,
        *dealt(first="blue"),  # the league picks: the last on the grid first
        engine.Event("move", {"car": "red", "roll": 2}),
        engine.Event("start_roll", {"car": "blue", "value": 10}),
        engine.Event("move", {"car": "blue", "roll": 1}),
        *between_rounds(order, "reload:0", "reload:1"),
        *in_1st(order),
        *fire(order, 0),  # Blue's Forward MG at Red
    ):
        race_event_apply(race=race, event=event, expected_version=race.version)
        race.refresh_from_db()
    url = reverse("races:turn", kwargs={"race_id": race.pk})
    page = client_organiser.get(url).content.decode()
    assert 'name="no_sight"' in page and "No line of sight" in page
    aim = {"kind": "aim", "car": "blue", "target": "red", "spaces": 2, "version": race.version}
    refused = client_organiser.post(url, {**aim, "no_sight": "on"})
    assert refused.status_code == 400 and "no line of sight" in refused.content.decode()
    assert engine.prompts(race_state(race))[0].kind == "aim"
    assert client_organiser.post(url, aim).status_code == 302  # the box left empty: it fires
    race.refresh_from_db()
    assert engine.prompts(race_state(race))[0].kind == "hit_roll"


def test_the_cards_form_offers_one_no_card_chosen_in_every_slot(season):
    from races.forms.prompt import prompt_form

    race = start_round(season)
    for value in (18, 9, 3):
        prompt = engine.prompts(race_state(race))[0]
        race_event_apply(
            race=race,
            event=engine.Event("grid_roll", {"car": prompt.car, "value": value}),
            expected_version=race.version,
        )
        race.refresh_from_db()
    state = race_state(race)
    form = prompt_form(engine.prompts(state)[0], state)
    for item in form.inputs:
        assert item.widget == "select"
        blanks = [option for option in item.options if option.value in ("", "none")]
        assert [(o.value, o.label) for o in blanks] == [("none", "— no card —")]
        assert [option.value for option in item.options if option.selected] == ["none"]
