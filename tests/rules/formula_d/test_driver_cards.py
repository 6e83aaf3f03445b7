"""Optional Rules, Road Races: the driver cards, skill by skill as the Skill Reference prints
them, and the cards' WP as the organiser enters them."""

import pytest

from rules.dice import InvalidRoll
from rules.formula_d import (
    AGGRESSIVE_COLLISION_ROLLS,
    BETTER_NITRO_SPACES,
    CAR_RADIO_TABLE,
    EXPERIENCED_MECHANIC_WP,
    HOW_SWEET_SPACES,
    LITTLE_GENIUS_MOTOR_MAX,
    LITTLE_GENIUS_RAIN_MOTOR_MAX,
    PILE_OF_SCRAP_HANDLING_MAX,
    SKID_SPACES,
    SKID_TIRE_WP,
    SKILLS,
    WEATHER_FROG_RAIN_SLIDE,
    CarSheet,
    DriverCard,
    InvalidDriverCard,
    Limit,
    Skill,
    Zone,
    car_radio_zone,
    checkpoint_wp,
    collision_rolls,
    driver_card,
    engine_failure_max,
    grid_score,
    road_handling_roll_max,
    skid,
    skill_title,
)
from rules.language import speaking


def test_the_skill_reference_prints_eleven_skills_in_this_order():
    assert [card.title for card in SKILLS.values()] == [
        "How Sweet!",
        "Weather Frog",
        "Aggressive",
        "Skidding Pro",
        "Experienced Mechanic",
        "Quick Off The Mark",
        "Car Radio",
        "Pile of Scrap",
        "Little Genius",
        "Better Nitro",
        "Ace At The Wheel",
    ]
    assert list(SKILLS) == list(Skill)


def test_car_radio_is_once_a_race_pile_of_scrap_once_a_lap_the_others_every_time():
    limits = {skill: card.limit for skill, card in SKILLS.items()}
    assert limits.pop(Skill.CAR_RADIO) is Limit.ONCE_A_RACE
    assert limits.pop(Skill.PILE_OF_SCRAP) is Limit.ONCE_A_LAP
    assert set(limits.values()) == {Limit.ALWAYS}


def test_how_sweet_an_overtaking_opponent_s_speed_is_reduced_by_one_square():
    assert HOW_SWEET_SPACES == 1


def test_weather_frog_slides_1_space_in_rain_instead_of_3():
    assert WEATHER_FROG_RAIN_SLIDE == 1


def test_aggressive_his_opponent_rolls_the_black_die_twice_instead_of_once():
    assert AGGRESSIVE_COLLISION_ROLLS == 2
    assert collision_rolls({Skill.AGGRESSIVE, None}) == 2
    assert collision_rolls({Skill.HOW_SWEET, None}) == 1
    assert collision_rolls(frozenset()) == 1


def test_skidding_pro_adjusts_plus_or_minus_1_space_for_1_tire_wp():
    assert (SKID_SPACES, SKID_TIRE_WP) == (1, 1)
    assert [skid(adjustment) for adjustment in (-1, 0, 1)] == [1, 0, 1]
    with pytest.raises(InvalidDriverCard, match="1 space either way, not 2"):
        skid(2)


def test_experienced_mechanic_regains_4_wp_instead_of_2_at_the_line():
    assert EXPERIENCED_MECHANIC_WP == 4
    assert checkpoint_wp(Skill.EXPERIENCED_MECHANIC) == 4
    assert checkpoint_wp(None) == checkpoint_wp(Skill.BETTER_NITRO) == 2


def test_quick_off_the_mark_wins_a_grid_tie_and_only_a_tie():
    assert grid_score(True, 12) > grid_score(False, 12)
    assert grid_score(True, 12) < grid_score(False, 13)
    assert grid_score(True, 12) == grid_score(True, 12)  # two of them tied: they roll off


@pytest.mark.parametrize(
    ("roll", "zone"),
    [
        *((roll, Zone.TIRES) for roll in range(1, 5)),
        *((roll, Zone.BRAKES) for roll in range(5, 8)),
        *((roll, Zone.GEARBOX) for roll in range(8, 11)),
        *((roll, Zone.BODY) for roll in range(11, 14)),
        *((roll, Zone.ENGINE) for roll in range(14, 18)),
        *((roll, Zone.ROAD_HANDLING) for roll in range(18, 21)),
    ],
)
def test_car_radio_the_target_loses_1_wp_by_the_black_die(roll, zone):
    assert car_radio_zone(roll) is zone


def test_the_car_radio_table_reads_as_printed():
    assert CAR_RADIO_TABLE == (
        (1, 4, Zone.TIRES),
        (5, 7, Zone.BRAKES),
        (8, 10, Zone.GEARBOX),
        (11, 13, Zone.BODY),
        (14, 17, Zone.ENGINE),
        (18, 20, Zone.ROAD_HANDLING),
    )
    with pytest.raises(InvalidRoll):
        car_radio_zone(21)


def test_pile_of_scrap_loses_road_handling_only_on_1_or_2_where_he_stops_in_any_weather():
    assert PILE_OF_SCRAP_HANDLING_MAX == 2
    scrap = Skill.PILE_OF_SCRAP
    assert road_handling_roll_max(scrap, stopped_on=True, rain=False) == 2
    assert road_handling_roll_max(scrap, stopped_on=True, rain=True) == 2
    assert road_handling_roll_max(scrap, stopped_on=False, rain=False) == 4
    assert road_handling_roll_max(None, stopped_on=True, rain=True) == 5


def test_little_genius_loses_an_engine_wp_only_on_1_to_3_or_1_to_2_in_rain():
    assert (LITTLE_GENIUS_MOTOR_MAX, LITTLE_GENIUS_RAIN_MOTOR_MAX) == (3, 2)
    assert engine_failure_max(Skill.LITTLE_GENIUS, rain=False) == 3
    assert engine_failure_max(Skill.LITTLE_GENIUS, rain=True) == 2
    assert engine_failure_max(None, rain=False) == 4
    assert engine_failure_max(None, rain=True) == 3


def test_better_nitro_gives_3_additional_spaces():
    assert BETTER_NITRO_SPACES == 3


def test_ace_at_the_wheel_is_printed_without_text():
    assert "prints no text" in SKILLS[Skill.ACE_AT_THE_WHEEL].text


# --- The card as the organiser enters it -------------------------------------------------------

WP = {"tires": 8, "brakes": 4, "gearbox": 4, "body": 3, "engine": 3, "road_handling": 2}


def test_a_card_is_a_skill_and_wp_in_all_six_zones_with_no_total():
    card = driver_card({"skill": "car_radio", **WP})
    assert card == DriverCard(Skill.CAR_RADIO, CarSheet(8, 4, 4, 3, 3, 2))
    assert card.sheet is not None and card.sheet.total == 24
    assert skill_title(card.skill) == "Car Radio"


def test_a_card_may_leave_the_skill_or_the_wp_out():
    assert driver_card({"skill": "aggressive"}) == DriverCard(Skill.AGGRESSIVE)
    assert driver_card({"skill": "", **WP}).skill is None
    assert driver_card({}) == DriverCard()


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ({"skill": "flying"}, "No driver card has the skill 'flying'"),
        ({"tires": 8}, "WP in all six zones: Brake WP, Gearbox WP"),
        ({**WP, "brakes": 0}, "1 to 20 WP in each zone, not 0 brake WP"),
        ({**WP, "tires": 21}, "1 to 20 WP in each zone, not 21 tire WP"),
        ({**WP, "engine": "many"}, "Engine WP: a whole number"),
        ({**WP, "engine": True}, "Engine WP: a whole number"),
    ],
)
def test_a_card_outside_the_rules_is_refused_with_the_reason(raw, reason):
    with pytest.raises(InvalidDriverCard, match=reason):
        driver_card(raw)


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ({"tires": 8}, "PU dans les six zones : PU freins, PU boîte"),
        ({**WP, "brakes": 0}, "de 1 à 20 PU dans chaque zone, pas 0 PU freins"),
        ({**WP, "engine": "many"}, "PU moteur : un nombre entier"),
    ],
)
def test_a_card_outside_the_rules_is_refused_in_french_naming_its_zone_in_french(raw, reason):
    """The zone a refusal names is said in the reader's words ("PU freins", not "brake")."""
    with speaking("fr"), pytest.raises(InvalidDriverCard) as refused:
        driver_card(raw)
    assert reason in str(refused.value)
    assert not {"brake", "gearbox", "engine", "tire"} & set(str(refused.value).split())
