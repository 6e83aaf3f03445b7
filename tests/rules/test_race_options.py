"""Race options: league settings a single round may switch for its race (`Setting.race_option`),
whatever rule set declares them; Formula D's optional rules are its race options."""

from __future__ import annotations

import pytest

from rules.championship import Championship, InvalidSetting, Setting, championship_for

FORMULA_D = championship_for("formula_d")


class RoadRaces(Championship):
    """A rule set of tomorrow: a yes/no marked as a race option gets a round's switch for free."""

    title = "Road Races"
    settings = (
        Setting("road_race", "Road race", "bool", False, race_option=True),
        Setting("nitro", "Nitro", "choice", "once", (("once", "Once a lap"), ("never", "Never"))),
    )


def test_formula_d_s_optional_rules_are_its_race_options_and_a_team_s_cars_are_not():
    keys = [setting.key for setting in FORMULA_D.race_option_settings]
    assert keys[:5] == ["laps", "weather", "tires", "technical_pit_stop", "team_race"]
    assert "cars_per_team" not in keys


def test_a_round_s_options_override_the_league_s_and_those_it_leaves_race_as_the_league_says():
    league = FORMULA_D.validated_settings({"weather": True, "laps": "3"})
    race = FORMULA_D.race_settings(league, {"weather": False, "tires": True})
    assert (race["weather"], race["tires"], race["laps"]) == (False, True, "3")
    assert race["points_table"] == league["points_table"]


def test_a_setting_marked_as_a_race_option_is_switched_for_a_round_in_any_rule_set():
    rules = RoadRaces()
    assert rules.validated_race_options({"road_race": True}) == {"road_race": True}
    assert rules.race_settings({"road_race": False, "nitro": "once"}, {"road_race": True}) == {
        "road_race": True,
        "nitro": "once",
    }
    with pytest.raises(InvalidSetting, match="Road Races has no race option 'nitro'"):
        rules.validated_race_options({"nitro": "never"})


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ({"cars_per_team": "2"}, "Formula D has no race option 'cars_per_team'"),
        ({"points_table": "10-5"}, "Formula D has no race option 'points_table'"),
        ({"weather": "on"}, "Weather Conditions, on each track's weather chart: yes or no"),
        ({"laps": "4"}, "Race length: one of 2, 3, not '4'"),
        ({"laps": 3}, "Race length: one of 2, 3, not 3"),
    ],
)
def test_a_round_may_switch_only_race_options_and_only_to_values_they_allow(raw, reason):
    with pytest.raises(InvalidSetting, match=reason):
        FORMULA_D.validated_race_options(raw)


def test_the_round_page_s_lines_say_each_option_s_value_and_which_the_round_switched():
    league = FORMULA_D.validated_settings({"weather": True})
    lines = {line.setting.key: line for line in FORMULA_D.race_option_lines(league, {"laps": "3"})}
    assert str(lines["laps"]) == "Race length: 3 laps, 2 pit stops (the Three-Lap Race)"
    assert lines["laps"].own and lines["laps"].on
    assert str(lines["weather"]) == "Weather Conditions, on each track's weather chart: on"
    assert lines["weather"].on and not lines["weather"].own
    assert str(lines["tires"]).endswith(": off") and not lines["tires"].on
    two_laps = FORMULA_D.race_option_lines(league, {"laps": "2"})[0]
    assert two_laps.own and not two_laps.on  # the base game's length, switched for the round


# "A large group with an even number of players may use these rules. Form teams, each with 2
# players and a color." (Formula D, Optional Rules, Team Race)
TEAMS_OF_TWO = r"A team race is raced by teams of 2 cars each \(Optional Rules, Team Race\)"


def test_a_league_of_one_car_a_team_races_no_team_race_and_says_why():
    one_car = FORMULA_D.validated_settings({"team_race": True})
    with pytest.raises(InvalidSetting, match=TEAMS_OF_TWO + ": this league's teams race one car"):
        FORMULA_D.check_race_settings(one_car)
    FORMULA_D.check_race_settings(
        FORMULA_D.validated_settings({"team_race": True, "cars_per_team": "2"})
    )


def test_a_round_may_switch_the_team_race_on_only_in_a_league_of_two_cars_a_team():
    one_car = FORMULA_D.validated_settings({})
    with pytest.raises(InvalidSetting, match=TEAMS_OF_TWO):
        FORMULA_D.validated_race_options({"team_race": True}, one_car)
    pairs = FORMULA_D.validated_settings({"cars_per_team": "2"})
    assert FORMULA_D.validated_race_options({"team_race": True}, pairs) == {"team_race": True}
    assert FORMULA_D.validated_race_options({"team_race": False}, one_car) == {"team_race": False}
