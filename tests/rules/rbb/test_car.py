"""Car Setup: the season's wear points (the 2023 numbers are missing) and the home-track tyres."""

import pytest

from rules.formula_d import STANDARD_CAR, CarSheet, Zone
from rules.rbb import (
    HOME_TRACK_TYRES,
    RBB_NAMES,
    WEAR_POINT_SETUP,
    InvalidSetup,
    race_sheet,
    wear_point_setup,
    zone_named,
)


def test_the_missing_2023_setup_is_preset_to_the_formula_d_standard_car():
    assert WEAR_POINT_SETUP == STANDARD_CAR == wear_point_setup()
    assert WEAR_POINT_SETUP.zones() == {
        Zone.TIRES: 6,
        Zone.BRAKES: 3,
        Zone.GEARBOX: 3,
        Zone.BODY: 3,
        Zone.ENGINE: 3,
        Zone.ROAD_HANDLING: 2,
    }


def test_the_zones_are_named_as_the_document_heads_its_sections():
    assert list(RBB_NAMES.values()) == ["Tyres", "Brakes", "Gears", "Body", "Engine", "Handling"]
    assert zone_named("tyres") is Zone.TIRES and zone_named("Gears") is Zone.GEARBOX
    assert zone_named("road_handling") is Zone.ROAD_HANDLING and zone_named("car body") is Zone.BODY


def test_a_season_may_set_its_own_wear_points():
    setup = {"tyres": 8, "brakes": 4, "gears": 2, "body": 2, "engine": 2, "handling": 3}
    assert wear_point_setup(setup) == CarSheet(
        tires=8, brakes=4, gearbox=2, body=2, engine=2, road_handling=3
    )


@pytest.mark.parametrize(
    ("setup", "reason"),
    [
        ({"tyres": 8}, "all six zones"),
        ({**dict.fromkeys(RBB_NAMES.values(), 3), "Body": 0}, "1 to 20 WP: Body WP 0"),
        ({**dict.fromkeys(RBB_NAMES.values(), 3), "Tyres": 21}, "Tyres WP 21"),
        ({**dict.fromkeys(RBB_NAMES.values(), 3), "wings": 1}, "no zone 'wings'"),
    ],
)
def test_a_setup_with_a_zone_missing_empty_or_unknown_is_refused(setup, reason):
    with pytest.raises(InvalidSetup, match=reason):
        wear_point_setup(setup)


def test_a_racer_at_their_home_track_receives_2_bonus_tyre_wp():
    assert HOME_TRACK_TYRES == 2
    assert race_sheet(WEAR_POINT_SETUP, home=True).tires == 8
    assert race_sheet(WEAR_POINT_SETUP, home=False) == WEAR_POINT_SETUP


def test_a_setup_s_refusals_name_the_zone_in_french():
    """A setup's refusals named the zone by the document's English heading ("Tyres") in the
    French sentence."""
    from rules.language import speaking

    with speaking("fr"):
        with pytest.raises(InvalidSetup) as too_many:
            wear_point_setup({**dict.fromkeys(RBB_NAMES.values(), 3), "Tyres": 21})
        with pytest.raises(InvalidSetup) as not_whole:
            wear_point_setup({**dict.fromkeys(RBB_NAMES.values(), 3), "Gears": 2.5})
    assert str(too_many.value) == ("Une configuration donne à chaque zone 1 à 20 PU : PU pneus 21.")
    assert str(not_whole.value) == "Une configuration donne des PU entiers : PU boîte 2.5."
