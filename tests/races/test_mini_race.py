"""A Mini race run with the turn helper: its grid from the reverse of the season standings, its
damage pool from the league, its format from the round, and its result written into the
season with the lap-leader points."""

from __future__ import annotations

import pytest

from league.models import Driver, League
from league.reads.standings import season_standings
from league.services.leagues import league_create
from league.services.results import round_result_record
from league.services.rounds import round_format_set
from league.services.seasons import season_open
from league.services.starts import round_start, round_start_at_table
from league.services.teams import team_create
from races.models import Race
from races.services.entries import race_event_apply, race_state
from rules import engine
from rules.mini.championship import POINTS
from tests.league.test_services import all_finish
from tests.races.autopilot import drive, drive_to_finish, write_the_result

pytestmark = pytest.mark.django_db


@pytest.fixture
def mini(organiser) -> League:
    league = league_create(
        name="Mini Club", organiser=organiser, ruleset="mini", settings={"damage_pool": "15"}
    )
    for name in ("Ann", "Bob", "Cid"):
        team_create(league=league, name=f"{name}'s", driver_names=[name, f"{name} II"])
    return league


@pytest.fixture
def season(mini):
    return season_open(league=mini, preset="Mini's series")


def _drivers() -> list[Driver]:
    return [Driver.objects.get(name=name) for name in ("Ann", "Bob", "Cid")]


def _start(round_, cars=("red", "blue", "green")) -> Race:
    drivers = _drivers()
    return round_start_at_table(round_=round_, starters=list(zip(drivers, cars, strict=True)))


def test_a_mini_race_takes_the_leagues_pool_and_the_rounds_format(season):
    round_ = season.rounds.get(number=1)
    round_format_set(round_=round_, race_format="no_pits")
    state = race_state(_start(round_))
    assert state.setup.ruleset == "mini" and state.setup.damage_pool == 15
    assert state.setup.laps == 2 and not state.setup.format.pits
    assert {car.life for car in state.cars} == {15}
    assert engine.prompts(state)[0].kind == "tie_roll"  # everyone on 0 points: roll black


def test_the_grid_is_the_reverse_of_the_season_standings(season):
    first = season.rounds.get(number=1)
    drivers = _drivers()
    entries = round_start(round_=first, starters=list(zip(drivers, ("a", "b", "c"), strict=True)))
    round_result_record(round_=first, outcomes=all_finish(entries), injury_rolls={})
    state = race_state(_start(season.rounds.get(number=2)))
    prompt = engine.prompts(state)[0]
    assert prompt.kind == "grid"
    assert prompt.fields[0].default == ("green", "blue", "red")  # Cid 3, Bob 5, Ann 7


def test_the_turn_page_shows_the_damage_pool(client_organiser, season):
    race = _start(season.rounds.get(number=1))
    page = client_organiser.get(race.get_absolute_url()).content.decode()
    assert "Damage points left" in page and "Laps led" in page
    assert "15 damage points a car" in page and "Tire WP" not in page


def test_a_mini_race_at_the_table_lands_in_the_standings_with_lap_leader_points(
    client_organiser, season
):
    race = _start(season.rounds.get(number=1))
    drive_to_finish(race, seed=3)
    state = race_state(race)
    assert state.finished
    results = engine.results(state)
    assert sum(result.bonus_points for result in results) == state.setup.laps - 1
    round_ = write_the_result(client_organiser, race)
    points = dict(round_.entries.values_list("car", "points"))
    expected = {r.car: POINTS[r.place - 1] + r.bonus_points for r in results}
    assert points == expected
    # Kept on the entry too, as a result typed by hand keeps them, to show and to correct.
    bonus = dict(round_.entries.values_list("car", "bonus_points"))
    assert bonus == {r.car: r.bonus_points for r in results}
    standings = season_standings(round_.season)
    assert sum(line.points for line in standings.drivers) == sum(expected.values())
    assert sum(line.points for line in standings.teams) == sum(expected.values())


def _enter(race: Race, kind: str, **data) -> None:
    race_event_apply(race=race, event=engine.Event(kind, data), expected_version=race.version)


def test_the_turn_page_offers_the_upshift_roll_and_the_pit_stop(client_organiser, season):
    race = _start(season.rounds.get(number=1), cars=("red", "blue", "green"))
    for car, value in (("red", 5), ("blue", 9), ("green", 14)):
        _enter(race, "tie_roll", car=car, value=value)
    _enter(race, "grid", grid=["green", "blue", "red"])
    for car in ("green", "blue", "red"):
        _enter(race, "start_roll", car=car, value=10)
        _enter(race, "move", car=car, roll=1)
    _enter(race, "order", order=["green", "blue", "red"])
    _enter(race, "gear", car="green", gear=3)
    page = client_organiser.get(race.get_absolute_url()).content.decode()
    assert "shifted up two gears" in page
    _enter(race, "upshift_roll", car="green", value=18)
    _enter(race, "move", car="green", roll=6, pit=4)  # 2 braked into the pit
    page = client_organiser.get(race.get_absolute_url()).content.decode()
    assert "Quick pit-stop: roll red (3rd)" in page and "Full pit-stop: roll purple" in page
    _enter(race, "pit_stop", car="green", stop="1")
    _enter(race, "pit_roll", car="green", value=2)
    state = race_state(race)
    assert state.car("green").life == 15 - 1 - 2 + 2 and state.car("green").leaving_pits
    assert "leaving its pit" in client_organiser.get(race.get_absolute_url()).content.decode()


def _at_a_gear_with_a_check_before_its_move(race: Race) -> tuple[str, str]:
    """Drive `race` on to a gear prompt offering a gear whose move is not asked for at once
    (two up: the upshift roll comes first); that gear, and a face of its die."""
    for _ in range(300):
        race.refresh_from_db()
        prompt = engine.prompts(race_state(race))[0]
        if prompt.kind == "gear":
            offered = [key for key, _label in prompt.fields[0].choices]
            checked = [key for key in offered if key not in dict(prompt.then)]
            if checked:
                return checked[0], "2"
        drive(race, 1, seed=race.seq)
    raise AssertionError("no gear with a check before its move")


def test_a_roll_tapped_with_two_gears_up_is_left_out_and_the_page_says_so(
    season, client, organiser
):
    """Ruling: a gear and its roll in one tap. The upshift roll comes between: only the gear is
    entered, and the page says the roll must be entered when its move is asked for."""
    race = _start(season.rounds.get(number=1))
    gear, face = _at_a_gear_with_a_check_before_its_move(race)
    client.force_login(organiser)
    car = engine.prompts(race_state(race))[0].car
    post = {"kind": "gear", "car": car, "version": race.version, "gear:roll": f"{gear}:{face}"}
    seq = race.seq
    response = client.post(race.get_absolute_url(), post, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    race.refresh_from_db()
    assert list(race.events.filter(seq__gt=seq).values_list("kind", flat=True)) == ["gear"]
    assert engine.prompts(race_state(race))[0].kind == "upshift_roll"
    assert f"but not the roll of {face} tapped with it" in response.text
    assert 'class="alert alert-warning' in response.text
    # Without JavaScript the same notice comes as a message on the page it redirects to.
    client.post(race.get_absolute_url(), {"undo": "", "version": race.version})
    race.refresh_from_db()
    response = client.post(race.get_absolute_url(), {**post, "version": race.version}, follow=True)
    assert f"but not the roll of {face} tapped with it" in response.text
