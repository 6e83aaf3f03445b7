"""A Formula D race run with the turn helper: its own dashboard, its own prompts, and its result
written into a Formula D league's standings with the team race's points."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from league.models import Driver, Entry, League, RoundStatus
from league.reads.records import league_records
from league.reads.standings import season_standings
from league.services.drivers import driver_card_set
from league.services.leagues import league_create
from league.services.reopen import round_reopen
from league.services.results import round_table_commit
from league.services.rounds import round_race_options_set
from league.services.seasons import season_open
from league.services.starts import round_start_at_table
from league.services.teams import team_create
from league.services.tracks import track_create
from races.models import Race
from races.services.entries import race_event_apply, race_events, race_state
from rules import engine
from rules.dice import GEAR_NOT_A_GEAR, HIGHEST_GEAR
from rules.engine import Event
from rules.race_counts import race_counts
from tests.league.test_views import round_url
from tests.races.autopilot import drive, drive_to_finish, write_the_result

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def formula_d(organiser) -> League:
    league = league_create(name="Grand Prix Club", organiser=organiser, ruleset="formula_d")
    for name in ("Ann", "Bob", "Cid"):
        team_create(league=league, name=f"{name}'s", driver_names=[name])
    return league


@pytest.fixture
def race(formula_d) -> Race:
    season = season_open(league=formula_d, tracks=[track_create(name="Home")])
    drivers = list(Driver.objects.order_by("pk"))
    cars = ("red", "blue", "green")
    return round_start_at_table(
        round_=season.rounds.get(), starters=list(zip(drivers, cars, strict=True))
    )


def test_a_formula_d_race_starts_on_the_league_s_rule_set(race):
    state = race_state(race)
    assert state.setup.ruleset == "formula_d"
    assert engine.prompts(state)[0].kind == "grid_roll"


def test_the_turn_page_shows_the_formula_d_car_sheet(client_organiser, race):
    page = client_organiser.get(race.get_absolute_url()).content.decode()
    for title in ("Tire", "Brake", "Gearbox", "Body", "Engine", "Road handling"):
        assert title in page
    assert "Gas points" not in page and "Collision damage" not in page


def test_a_formula_d_race_at_the_table_lands_in_the_standings(client_organiser, race):
    drive(race, 3)
    drive_to_finish(race, seed=4)
    state = race_state(race)
    assert state.finished
    round_ = write_the_result(client_organiser, race)
    by_place = {result.place: result.car for result in engine.results(state)}
    points = dict(round_.entries.values_list("car", "points"))
    assert [points[by_place[place]] for place in (1, 2, 3)] == [10, 8, 6]
    standings = season_standings(round_.season)
    assert [line.points for line in standings.drivers] == [10, 8, 6]
    assert set(Driver.objects.values_list("xp", flat=True)) == {0}  # no careers in Formula D


def test_an_eliminated_car_keeps_its_reason_in_the_season(client_organiser, race):
    drive(race, 400, seed=11, wild=True, finish_from_round=6)
    state = race_state(race)
    assert state.finished
    round_table_commit(round_=race.round, expected_race_version=race.version)
    out = {result.car: result.out_reason for result in engine.results(state) if not result.finished}
    recorded = dict(race.round.entries.exclude(finished=True).values_list("car", "out_reason"))
    assert recorded == out
    page = client_organiser.get(race.round.get_absolute_url())
    assert page.status_code == 200


def test_a_formula_d_race_s_log_is_kept_in_words(client_organiser, race):
    drive(race, 400, seed=11, wild=True, finish_from_round=6)
    assert not race.events.filter(text="").exists()
    first, last = race.events.order_by("seq")[0], race.events.order_by("seq").last()
    assert first.summary().startswith("Red (Ann) qualifies ")
    assert last.summary().endswith("; the race is over")
    page = client_organiser.get(reverse("races:log", args=[race.pk])).content.decode()
    assert last.summary() in page  # the log opens on its latest page


def test_a_car_eliminated_names_its_way_out_once_on_the_race_over_card(client_organiser, race):
    """Red skips two stops in its first corner: the card's outcome says how it went out, and
    its note does not say it again."""
    while engine.prompts(race_state(race))[0].kind != "move":
        drive(race, 1, seed=race.seq)
    out = Event("move", {"car": "red", "roll": 1, "corner": 2, "stops": 0, "overshoot": 1})
    race_event_apply(race=race, event=out, expected_version=race.version)
    drive_to_finish(race)
    html = client_organiser.get(reverse("races:turn", args=[race.pk])).content.decode()
    row = re.search(r"<tr><td>\d+</td><td>red</td>.*?</tr>", html, re.S)
    assert row is not None
    assert row.group(0).count("skipped more than one stop in a corner") == 1


def _start_post(drivers, cars, builds=None) -> dict:
    post = {"version": 0}
    for driver, car in zip(drivers, cars, strict=True):
        post[f"d{driver.pk}-start"] = "on"
        post[f"d{driver.pk}-car"] = car
    for driver, wp in (builds or {}).items():
        for zone, value in wp.items():
            post[f"d{driver.pk}-build-{zone}"] = value
    return post


@pytest.fixture
def round_one(formula_d):
    season = season_open(league=formula_d, tracks=[track_create(name="Home")])
    return season.rounds.get()


BUILT = {"tires": 8, "brakes": 3, "gearbox": 2, "body": 2, "engine": 3, "road_handling": 2}


def test_a_player_may_build_the_car_from_20_wp_on_the_start_page(client_organiser, round_one):
    url = round_url(round_one, "table")
    page = client_organiser.get(url).content.decode()
    assert "Constructing Your Car" in page
    drivers = list(Driver.objects.order_by("pk"))
    post = _start_post(drivers, ("red", "blue", "green"), {drivers[0]: BUILT})
    response = client_organiser.post(url, post)
    race = Race.objects.get(round=round_one)
    assert response.status_code == 302
    red = engine.dashboard(race_state(race))
    sheets = {view.car: view.value("tires") for view in red}
    assert sheets == {"red": 8, "blue": 6, "green": 6}


@pytest.mark.parametrize(
    ("build", "reason"),
    [
        ({**BUILT, "tires": 9}, "A car is built from 20 WP in all, not 21."),
        ({**BUILT, "gearbox": 8}, "Ensure this value is less than or equal to 7."),
        ({"tires": 8}, "a built car gives the WP of every zone"),
    ],
)
def test_a_car_built_outside_the_rules_is_refused_and_nothing_starts(
    client_organiser, round_one, build, reason
):
    drivers = list(Driver.objects.order_by("pk"))
    post = _start_post(drivers, ("red", "blue", "green"), {drivers[0]: build})
    response = client_organiser.post(round_url(round_one, "table"), post)
    assert response.status_code == 400
    assert reason in response.content.decode().replace("&#x27;", "'")
    assert not Race.objects.exists()
    round_one.refresh_from_db()
    assert round_one.status == RoundStatus.SCHEDULED and not round_one.entries.exists()


def test_a_zone_built_outside_its_limits_is_named_as_its_label_in_french(
    client_organiser, round_one
):
    """Issue 34: the zone's label stands as a name beside the driver's, never lowered into a
    sentence ("Ann, gearbox: …"), and is said in French (it was the English "Gearbox")."""
    driver = Driver.objects.order_by("pk").first()
    drivers = list(Driver.objects.order_by("pk"))
    post = _start_post(drivers, ("red", "blue", "green"), {driver: {**BUILT, "gearbox": 8}})
    url = round_url(round_one, "table")
    english = client_organiser.post(url, post, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"{driver.name} · Gearbox: Ensure this value is less than or equal to 7." in english
    french = client_organiser.post(url, post, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    said = f"{driver.name} · Boîte : Assurez-vous que cette valeur est inférieure ou égale à 7."
    assert said in french.replace("&#x27;", "'")


def test_a_season_pass_start_page_offers_no_built_cars(client_organiser, round_one, season):
    page = client_organiser.get(round_url(season.rounds.first(), "table"))
    assert "Constructing Your Car" not in page.content.decode()


# --- The Three-Lap Race (an optional rule: the league's setting, or a round's race option) -----


def test_a_league_racing_the_three_lap_race_gets_3_laps_at_the_table(client_organiser, organiser):
    league = league_create(
        name="Long Club", organiser=organiser, ruleset="formula_d", settings={"laps": "3"}
    )
    for name in ("Ann", "Bob"):
        team_create(league=league, name=f"{name}'s", driver_names=[name])
    season = season_open(league=league, tracks=[track_create(name="Home")])
    drivers = list(Driver.objects.order_by("pk"))
    race = round_start_at_table(
        round_=season.rounds.get(), starters=list(zip(drivers, ("red", "blue"), strict=True))
    )
    assert race_state(race).setup.laps == 3
    page = client_organiser.get(race.get_absolute_url()).text
    assert "a race of 3 laps" in page


def test_a_round_given_three_laps_races_them_in_a_two_lap_league(client_organiser, formula_d):
    season = season_open(league=formula_d, tracks=[track_create(name="Home")])
    round_ = season.rounds.get()
    page = client_organiser.get(round_.get_absolute_url()).text
    assert "3 laps, 2 pit stops (the Three-Lap Race)" in page  # the round's race options form
    round_race_options_set(round_=round_, options={"laps": "3"})
    page = client_organiser.get(round_.get_absolute_url()).text
    assert "Race length: 3 laps, 2 pit stops (the Three-Lap Race)" in page
    drivers = list(Driver.objects.order_by("pk"))
    race = round_start_at_table(
        round_=round_, starters=list(zip(drivers, ("red", "blue", "green"), strict=True))
    )
    assert race_state(race).setup.laps == 3


# --- Weather Conditions (an optional rule: the league's setting, on the track's chart) ---------


def test_a_league_playing_the_weather_rolls_against_the_track_s_chart(client_organiser, organiser):
    league = league_create(
        name="Wet Club", organiser=organiser, ruleset="formula_d", settings={"weather": True}
    )
    for name in ("Ann", "Bob"):
        team_create(league=league, name=f"{name}'s", driver_names=[name])
    track = track_create(name="Spa", weather_chart="1-5 good, 6-20 rain")
    assert track.weather_chart == "1-5 good, 6-20 rainy"
    season = season_open(league=league, tracks=[track])
    drivers = list(Driver.objects.order_by("pk"))
    race = round_start_at_table(
        round_=season.rounds.get(), starters=list(zip(drivers, ("red", "blue"), strict=True))
    )
    page = client_organiser.get(race.get_absolute_url()).text
    assert (
        "roll black against the track&#x27;s chart before the race (1-5 good, 6-20 rainy)" in page
    )
    posted = {"kind": "weather_roll", "value": 6, "version": race.version}
    response = client_organiser.post(race.get_absolute_url(), posted)
    assert response.status_code in (200, 302), response.text
    race.refresh_from_db()
    assert race_state(race).weather == "rainy"
    page = client_organiser.get(race.get_absolute_url()).text
    assert "rainy weather (rain)" in page


# --- Tire Selection (an optional rule: the league's setting) -----------------------------------


def test_a_league_playing_tire_selection_asks_each_car_for_its_tires(client_organiser, organiser):
    league = league_create(
        name="Tyre Club", organiser=organiser, ruleset="formula_d", settings={"tires": True}
    )
    for name in ("Ann", "Bob"):
        team_create(league=league, name=f"{name}'s", driver_names=[name])
    season = season_open(league=league, tracks=[track_create(name="Monza")])
    drivers = list(Driver.objects.order_by("pk"))
    race = round_start_at_table(
        round_=season.rounds.get(), starters=list(zip(drivers, ("red", "blue"), strict=True))
    )
    page = client_organiser.get(race.get_absolute_url()).text
    assert "Red (Ann) fits hard tires, or special ones" in page
    posted = {"kind": "tire_choice", "car": "red", "tires": "soft", "version": race.version}
    response = client_organiser.post(race.get_absolute_url(), posted)
    assert response.status_code in (200, 302), response.text
    race.refresh_from_db()
    assert race_state(race).car("red").tires_fitted == "soft"
    assert "soft tires" in client_organiser.get(race.get_absolute_url()).text


# --- Technical pit stops (an optional rule: the league's setting) ------------------------------


def test_a_league_with_technical_pit_stops_sets_its_races_up_with_them(client_organiser, organiser):
    league = league_create(
        name="Garage Club",
        organiser=organiser,
        ruleset="formula_d",
        settings={"technical_pit_stop": True},
    )
    page = client_organiser.get(league.get_absolute_url()).text
    assert "Technical pit stops: 2 WP back in a race" in page
    for name in ("Ann", "Bob"):
        team_create(league=league, name=f"{name}'s", driver_names=[name])
    season = season_open(league=league, tracks=[track_create(name="Monza")])
    drivers = list(Driver.objects.order_by("pk"))
    race = round_start_at_table(
        round_=season.rounds.get(), starters=list(zip(drivers, ("red", "blue"), strict=True))
    )
    setup = race_state(race).setup
    assert (setup.technical_pit_stop, setup.tires, setup.weather_chart) == (True, False, ())


# --- The team race (an optional rule: the league's setting) ------------------------------------


def test_a_league_racing_the_team_race_gives_its_races_the_teams(client_organiser, organiser):
    league = league_create(
        name="Team Club",
        organiser=organiser,
        ruleset="formula_d",
        settings={"cars_per_team": "2", "team_race": True},
    )
    team_create(league=league, name="Scarlet", driver_names=["Ann", "Bob"])
    team_create(league=league, name="Azure", driver_names=["Cid", "Dot"])
    season = season_open(league=league, tracks=[track_create(name="Monza")])
    drivers = list(Driver.objects.order_by("pk"))
    cars = ("red", "pink", "blue", "navy")
    race = round_start_at_table(
        round_=season.rounds.get(), starters=list(zip(drivers, cars, strict=True))
    )
    setup = race_state(race).setup
    teams = {car: str(driver.team_id) for car, driver in zip(cars, drivers, strict=True)}
    assert setup.team_of == teams
    page = client_organiser.get(race.get_absolute_url()).text
    assert "team race (4 WP a team for repairs)" in page
    assert "team Red and Pink: 4 of 4 team WP left" in page


def test_a_league_racing_road_races_gives_its_races_the_drivers_cards(client_organiser, organiser):
    league = league_create(
        name="Street Club", organiser=organiser, ruleset="formula_d", settings={"road_race": True}
    )
    for name in ("Ann", "Bob"):
        team_create(league=league, name=f"{name}'s", driver_names=[name])
    ann, bob = Driver.objects.order_by("pk")
    card = {"skill": "better_nitro", "tires": 8, "brakes": 4, "gearbox": 4, "body": 4,
            "engine": 4, "road_handling": 3}  # fmt: skip
    driver_card_set(driver=ann, card=card, expected_version=0)
    driver_card_set(driver=bob, card={"skill": "aggressive"}, expected_version=0)
    season = season_open(league=league, tracks=[track_create(name="Chicago")])
    race = round_start_at_table(round_=season.rounds.get(), starters=[(ann, "red"), (bob, "blue")])
    setup = race_state(race).setup
    assert setup.road_race and setup.car("red").sheet.tires == 8
    assert [car.skill.value for car in setup.cars] == ["better_nitro", "aggressive"]
    # A card changed once the race is set up changes nothing in it.
    driver_card_set(driver=ann, card={}, expected_version=1)
    assert race_state(race).setup.car("red").sheet.tires == 8
    page = client_organiser.get(race.get_absolute_url()).text
    assert "a race of 2 laps · road race" in page
    assert "Better Nitro; nitro ready; hard tires" in page
    drive_to_finish(race)
    race.refresh_from_db()
    assert race_state(race).finished


def test_a_league_without_road_races_gives_its_races_no_cards(formula_d):
    ann = Driver.objects.get(name="Ann")
    driver_card_set(driver=ann, card={"skill": "aggressive"}, expected_version=0)
    season = season_open(league=formula_d, tracks=[track_create(name="Chicago")])
    bob = Driver.objects.get(name="Bob")
    race = round_start_at_table(round_=season.rounds.get(), starters=[(ann, "red"), (bob, "blue")])
    setup = race_state(race).setup
    assert not setup.road_race and setup.car("red").skill is None


def test_a_race_written_into_its_season_keeps_the_laps_each_car_led(client_organiser, race):
    """Each lap to the first car to complete it (rules/laps_led.py), counted from the log as
    the race is written into its season; the league's record reads it; reopening the round
    takes it back until the race is written again."""
    drive_to_finish(race, seed=4)
    assert not Entry.objects.filter(laps_led__isnull=False).exists()  # nothing before it
    round_ = write_the_result(client_organiser, race)
    state = race_state(race)
    expected = race_counts(engine.setup_from_dict(race.setup), race_events(race)).laps_led
    assert expected is not None and sum(expected.values()) == state.setup.laps  # each lap once
    assert dict(round_.entries.values_list("car", "laps_led")) == expected
    leader = max(expected, key=expected.get)
    driver = round_.entries.get(car=leader).driver
    records = {record.title: record for record in league_records(round_.season.league)}
    assert records["Most laps led"].figure == expected[leader]
    assert [holder.name for holder in records["Most laps led"].holders] == [driver.name]
    round_reopen(round_=round_, expected_version=round_.version)
    assert not Entry.objects.filter(round=round_, laps_led__isnull=False).exists()


ARABIC_INDIC_DIGITS = "٠١٢٣٤٥٦٧٨٩"


@pytest.mark.parametrize(
    "written",
    [" {} ", "0{}", "+{}", "0_{}", "arabic-indic"],
)
def test_a_gear_written_other_than_as_its_digits_is_refused_and_nothing_entered(
    client_organiser, race, written
):
    """int() reads each as the gear, which the rules took, but the log's words read the choice
    as written and found no such gear: a 500."""
    for seed in range(100):
        prompt = engine.prompts(race_state(race))[0]
        if prompt.kind == "gear":
            break
        drive(race, 1, seed=seed)
    gear = prompt.fields[0].default  # a legal gear, as the prompt offers it
    typed = ARABIC_INDIC_DIGITS[int(gear)] if written == "arabic-indic" else written.format(gear)
    before = (race.version, race.events.count())
    post = {"kind": "gear", "version": race.version, "car": prompt.car, "gear": typed}
    response = client_organiser.post(race.get_absolute_url(), post)
    assert response.status_code == 400
    assert escape(GEAR_NOT_A_GEAR.format(highest=HIGHEST_GEAR, raw=typed)) in response.text
    race.refresh_from_db()
    assert (race.version, race.events.count()) == before
