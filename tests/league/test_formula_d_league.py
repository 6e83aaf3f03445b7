"""A Formula D league from the home page to its standings: its own settings and season, no
careers (no XP, levels or injuries), and the team race's points table."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation

from league.models import Driver, Entry, League, Round, RoundStatus
from league.reads.standings import season_standings
from league.services.drivers import driver_card_set
from league.services.errors import AlreadyDone, LeagueArchived, StaleDriverCard
from league.services.leagues import league_archive_set, league_create
from league.services.results import round_result_record
from league.services.season_end import season_end
from league.services.seasons import season_open
from league.services.starts import round_start
from league.services.teams import team_create
from league.services.tracks import track_create
from rules import language as rules_language
from rules.championship import championship_for
from tests.league.test_services import all_finish
from tests.league.test_views import result_data, round_url, versioned
from tests.pages import html_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def formula_d(organiser) -> League:
    return league_create(name="Grand Prix Club", organiser=organiser, ruleset="formula_d")


def test_the_new_league_form_shows_the_settings_of_the_rule_set_picked(client_organiser):
    page = client_organiser.get(reverse("league:league_new"), {"ruleset": "formula_d"})
    assert 'name="cars_per_team"' in page.text and 'name="third_car"' not in page.text
    assert "10-8-6-5-4-3-2-1" in page.text
    page = client_organiser.get(reverse("league:league_new"))
    assert 'name="third_car"' in page.text and 'name="cars_per_team"' not in page.text


def test_a_formula_d_league_is_created_from_the_home_page(client_organiser):
    assert "New league" in client_organiser.get(reverse("league:home")).text
    response = client_organiser.post(
        reverse("league:league_new"),
        {"name": "Grand Prix Club", "ruleset": "formula_d", "cars_per_team": "2", "laps": "2"},
    )
    league = League.objects.get(name="Grand Prix Club")
    assert response.status_code == 302
    assert (league.ruleset, league.settings, league.cars_per_team) == (
        "formula_d",
        {
            "cars_per_team": "2",
            "laps": "2",
            "weather": False,
            "tires": False,
            "technical_pit_stop": False,
            "team_race": False,
            "stopwatch_qualifying": False,
            "road_race": False,
            "last_tire_wp": "out",
            "gear_odds": False,
            "driver_adjustments_for_team": False,
            "points_table": "10-8-6-5-4-3-2-1-0-0",
        },
        2,
    )
    page = client_organiser.get(league.get_absolute_url())
    assert "Formula D · Two cars a team" in page.text
    assert "Three-Lap Race" not in page.text


def test_a_setting_the_rule_set_lacks_is_refused(organiser):
    with pytest.raises(ValidationError, match="Formula D has no setting 'third_car'"):
        league_create(
            name="Odd", organiser=organiser, ruleset="formula_d", settings={"third_car": True}
        )
    assert not League.objects.exists()


def test_a_formula_d_season_is_the_organisers_tracks_every_race_scoring_the_same(
    client_organiser, formula_d
):
    tracks = [track_create(name=name) for name in ("Home", "Away", "Garden")]
    url = reverse("league:season_new", args=[formula_d.slug])
    page = client_organiser.get(url)
    assert "race_12" in page.text and "race_13" not in page.text and "Spring" not in page.text
    data = {f"race_{number}": track.pk for number, track in enumerate(tracks, start=1)}
    assert client_organiser.post(url, data).status_code == 302
    rounds = list(Round.objects.order_by("number"))
    assert [(r.track.name, r.multiplier, r.extra_healing) for r in rounds] == [
        ("Home", 1, False),
        ("Away", 1, False),
        ("Garden", 1, False),
    ]


def test_a_formula_d_round_scores_the_team_race_points_and_touches_no_career(
    client_organiser, formula_d
):
    team_create(league=formula_d, name="Ann's", driver_names=["Ann"])
    team_create(league=formula_d, name="Bob's", driver_names=["Bob"])
    team_create(league=formula_d, name="Cid's", driver_names=["Cid"])
    season = season_open(league=formula_d, tracks=[track_create(name="Home")])
    round_ = season.rounds.get(number=1)
    drivers = list(Driver.objects.order_by("pk"))
    start = {f"d{d.pk}-start": "on" for d in drivers} | {f"d{d.pk}-car": d.name for d in drivers}
    page = client_organiser.get(round_url(round_))
    assert "races as" not in html_of(page) and "gains one XP" not in html_of(page)
    client_organiser.post(round_url(round_, "start"), versioned(round_, start))
    assert [(e.level, e.xp_change) for e in Entry.objects.all()] == [("", 0)] * 3
    assert set(Driver.objects.values_list("xp", flat=True)) == {0}

    page = client_organiser.get(round_url(round_))
    assert 'value="engine"' in html_of(page) and 'value="collision"' not in html_of(page)
    assert "Overshoot" not in html_of(page)
    entries = list(round_.entries.select_related("driver"))
    lines = {
        "Ann": {"outcome": "finished", "place": "2"},
        "Bob": {"outcome": "finished", "place": "1"},
        "Cid": {"outcome": "engine", "distance": "31"},
    }
    response = client_organiser.post(
        round_url(round_, "result"), versioned(round_, result_data(entries, lines))
    )
    assert response.status_code == 302
    page = html_of(client_organiser.get(round_url(round_)))
    # No careers, so no injury checks: the result is simply ready, the way out named in the
    # rule's words.
    assert "Ready to confirm" in page and "injury check" not in page
    assert "Cid — Eliminated: lost its last engine WP<" in page
    client_organiser.post(round_url(round_, "commit"), versioned(round_, {}))
    round_.refresh_from_db()
    assert round_.status == RoundStatus.FINISHED
    points = dict(round_.entries.values_list("driver__name", "points"))
    assert points == {"Bob": 10, "Ann": 8, "Cid": 6}
    assert set(Driver.objects.values_list("xp", "races_to_miss")) == {(0, 0)}
    standings = season_standings(season)
    assert [(line.competitor.name, line.points) for line in standings.drivers] == [
        ("Bob", 10),
        ("Ann", 8),
        ("Cid", 6),
    ]


def test_the_formula_d_points_table_runs_to_tenth_and_past_it_scores_nothing():
    rules = championship_for("formula_d")
    assert [rules.points_for(place, 12, 1, {}) for place in range(1, 13)] == [
        10, 8, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0
    ]  # fmt: skip


def test_ending_a_formula_d_season_ages_no_one_and_opens_the_next(formula_d):
    team_create(league=formula_d, name="Ann's", driver_names=["Ann"])
    team_create(league=formula_d, name="Bob's", driver_names=["Bob"])
    track = track_create(name="Home")
    season = season_open(league=formula_d, tracks=[track])
    round_ = season.rounds.get()
    drivers = list(Driver.objects.order_by("pk"))
    entries = round_start(round_=round_, starters=[(d, d.name) for d in drivers])
    round_result_record(
        round_=round_,
        outcomes=all_finish(entries),
        injury_rolls={},
    )
    changes, next_season = season_end(season=season)
    assert changes == [] and next_season.number == 2
    assert list(next_season.rounds.values_list("track__name", flat=True)) == ["Home"]
    assert set(Driver.objects.values_list("age", "xp")) == {(1, 0)}


# --- Road races: the setting and the driver cards ----------------------------------------------

CARD = {"skill": "car_radio", "tires": 8, "brakes": 4, "gearbox": 4, "body": 3, "engine": 3,
        "road_handling": 2}  # fmt: skip


def test_road_races_are_a_setting_off_by_default_and_bring_the_drivers_cards():
    rules = championship_for("formula_d")
    assert rules.validated_settings({})["road_race"] is False
    assert rules.settings_summary({"road_race": True, "last_tire_wp": "out"}) == (
        "Road race: hard tires, nitro, no pits, the engine noise, danger zone, pole station and "
        "checkpoint, and the drivers' cards",
    )
    cards = {"red": CARD, "blue": {}}
    options = rules.race_options(
        weather_table=None, settings={"road_race": True}, driver_cards=cards
    )
    assert (options["road_race"], options["driver_cards"]) == (True, {"red": CARD})
    assert "road_race" not in rules.race_options(weather_table=None, driver_cards=cards)
    assert [title for _key, title in rules.driver_card_skills][-1] == "Ace At The Wheel"


def test_the_organiser_gives_a_driver_a_card_versioned(formula_d):
    team = team_create(league=formula_d, name="Ann's", driver_names=["Ann"])
    ann = team.drivers.get()
    ann = driver_card_set(driver=ann, card=CARD, expected_version=0)
    assert (ann.driver_card, ann.card_version) == (CARD, 1)
    assert ann.driver_card_text == (
        "Car Radio; 8 tire WP, 4 brake WP, 4 gearbox WP, 3 car body WP, 3 engine WP, "
        "2 road handling WP"
    )
    with rules_language.speaking("fr"):
        assert ann.driver_card_text == (
            "Autoradio ; 8 PU pneus, 4 PU freins, 4 PU boîte, 3 PU carrosserie, 3 PU moteur, "
            "2 PU tenue de route"
        )
    with pytest.raises(AlreadyDone, match="Ann's driver card is already as asked"):
        driver_card_set(driver=ann, card=CARD, expected_version=0)
    with pytest.raises(StaleDriverCard, match="Someone changed Ann's driver card first"):
        driver_card_set(driver=ann, card={"skill": "aggressive"}, expected_version=0)
    ann = driver_card_set(driver=ann, card={"skill": "aggressive"}, expected_version=1)
    assert ann.driver_card_text == "Aggressive; the car the race gives it"
    ann = driver_card_set(driver=ann, card={}, expected_version=2)
    assert (ann.driver_card, ann.driver_card_text) == ({}, "")


def test_a_driver_s_card_is_said_on_their_page_in_the_reader_s_language(
    client_organiser, formula_d
):
    """The card in words was an English f-string ("Aggressive; the car the race gives it")."""
    team = team_create(league=formula_d, name="Ann's", driver_names=["Ann"])
    ann = driver_card_set(driver=team.drivers.get(), card=CARD, expected_version=0)
    page = client_organiser.get(ann.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").text
    assert "Autoradio ; 8 PU pneus, 4 PU freins, 4 PU boîte, 3 PU carrosserie, 3 PU moteur" in page
    ann = driver_card_set(driver=ann, card={"skill": "aggressive"}, expected_version=1)
    page = client_organiser.get(ann.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").text
    assert "Agressif ; la voiture que donne la course" in page
    assert "the car the race gives it" not in page
    with rules_language.speaking("fr"):
        no_skill = {key: value for key, value in CARD.items() if key != "skill"}
        ann = driver_card_set(driver=ann, card=no_skill, expected_version=2)
        assert ann.driver_card_text.startswith("sans compétence ; 8 PU pneus, 4 PU freins")


def test_a_card_for_a_driver_of_a_league_archived_meanwhile_is_refused_under_the_lock(formula_d):
    """The view asks before it reads the post; the service asks again under its lock, as every
    write does, so an archiving that lands first is seen."""
    team = team_create(league=formula_d, name="Ann's", driver_names=["Ann"])
    ann = team.drivers.get()
    league_archive_set(league=formula_d, archived=True, expected_version=formula_d.settings_version)
    with pytest.raises(LeagueArchived):
        driver_card_set(driver=ann, card=CARD, expected_version=0)
    ann.refresh_from_db()
    assert (ann.driver_card, ann.card_version) == ({}, 0)


@pytest.mark.parametrize(
    ("card", "reason"),
    [
        ({"skill": "flying"}, "Ann's driver card: No driver card has the skill 'flying'."),
        (
            {**CARD, "tires": 21},
            "Ann's driver card: A driver card gives 1 to 20 WP in each zone, not 21 tire WP.",
        ),
        ({"skill": "", "tires": 8}, "gives WP in all six zones"),
    ],
)
def test_a_card_the_rules_do_not_allow_is_refused_and_nothing_written(formula_d, card, reason):
    team = team_create(league=formula_d, name="Ann's", driver_names=["Ann"])
    ann = team.drivers.get()
    with pytest.raises(ValidationError, match=reason):
        driver_card_set(driver=ann, card=card, expected_version=0)
    ann.refresh_from_db()
    assert (ann.driver_card, ann.card_version) == ({}, 0)


def test_a_card_the_rules_do_not_allow_is_refused_in_french(formula_d):
    team = team_create(league=formula_d, name="Ann's", driver_names=["Ann"])
    with (
        translation.override("fr"),
        rules_language.speaking("fr"),
        pytest.raises(ValidationError) as refused,
    ):
        driver_card_set(driver=team.drivers.get(), card={**CARD, "tires": 21}, expected_version=0)
    assert refused.value.messages[0].startswith("Carte pilote de Ann : ")
    assert "driver card" not in refused.value.messages[0]


def test_a_rule_set_without_driver_cards_refuses_one(league):
    team = team_create(league=league, name="Ann's", driver_names=["Ann", "Bob"])
    with pytest.raises(ValidationError, match="Season Pass has no driver cards"):
        driver_card_set(driver=team.drivers.first(), card=CARD, expected_version=0)


def test_the_driver_page_offers_the_organiser_the_card_and_saves_it(client_organiser, formula_d):
    team = team_create(league=formula_d, name="Ann's", driver_names=["Ann"])
    ann = team.drivers.get()
    page = client_organiser.get(ann.get_absolute_url()).text
    assert "Driver card for road races: none" in page
    assert "Give Ann a driver card (road races)" in page and 'value="car_radio"' in page
    url = reverse("league:driver_card", args=[formula_d.slug, ann.pk])
    response = client_organiser.post(url, {**CARD, "version": 0}, follow=True)
    assert "Ann&#x27;s driver card is saved." in response.text
    assert "Driver card for road races: Car Radio; 8 tire WP, 4 brake WP" in response.text
    ann.refresh_from_db()
    assert ann.driver_card == CARD


def test_a_stale_card_form_gets_a_409_with_the_card_as_it_stands(client_organiser, formula_d):
    team = team_create(league=formula_d, name="Ann's", driver_names=["Ann"])
    ann = team.drivers.get()
    driver_card_set(driver=ann, card=CARD, expected_version=0)
    url = reverse("league:driver_card", args=[formula_d.slug, ann.pk])
    response = client_organiser.post(url, {"skill": "aggressive", "version": 0})
    assert response.status_code == 409
    assert "Someone changed Ann&#x27;s driver card first" in response.text
    assert 'name="version" value="1"' in response.text
    assert Driver.objects.get(pk=ann.pk).driver_card == CARD


def test_a_bad_card_form_gets_a_400_with_the_reason(client_organiser, formula_d):
    team = team_create(league=formula_d, name="Ann's", driver_names=["Ann"])
    ann = team.drivers.get()
    url = reverse("league:driver_card", args=[formula_d.slug, ann.pk])
    response = client_organiser.post(url, {"skill": "", "tires": 8, "version": 0})
    assert response.status_code == 400
    assert "gives WP in all six zones" in response.text
    response = client_organiser.post(url, {**CARD, "tires": 99, "version": 0})
    assert response.status_code == 400 and "less than or equal to 20" in response.text
    response = client_organiser.post(url, {**CARD})
    assert response.status_code == 400 and "which version of the driver card" in response.text
    assert Driver.objects.get(pk=ann.pk).card_version == 0
