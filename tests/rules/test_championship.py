import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.championship import (
    InvalidPlace,
    InvalidPointsTable,
    InvalidSetting,
    PointsTable,
    championship_for,
    countback_key,
    countback_reason,
    standings,
    team_race,
    tie_reasons,
)
from rules.season_pass.scoring import SCORING_TABLE, FieldSizeRule, points_for


def test_more_points_ranks_higher():
    rows = standings({"a": [10, 20], "b": [100, None]}, {"a": [3, 2], "b": [1]})
    assert [(row.key, row.position, row.points) for row in rows] == [("b", 1, 100), ("a", 2, 30)]


def test_equal_points_are_split_by_who_has_more_wins():
    rows = standings({"a": [60, 60], "b": [100, 20]}, {"a": [2, 2], "b": [1, 5]})
    assert [row.key for row in rows] == ["b", "a"]


def test_equal_points_and_equal_places_share_the_position():
    rows = standings({"a": [50], "b": [50], "c": [10]}, {"a": [2], "b": [2], "c": [5]})
    assert [row.position for row in rows] == [1, 1, 3]


def test_countback_counts_each_place():
    assert countback_key([1, 3, 3], worst_place=4) == (1, 0, 2, 0)


def test_a_round_not_started_shows_as_none_and_counts_zero():
    (row,) = standings({"a": [None, 5]}, {"a": [4]})
    assert row.by_round == (None, 5) and row.points == 5


# --- Points tables ---------------------------------------------------------------------------


def test_a_table_of_one_row_scores_every_field_alike_and_places_past_it_nothing():
    table = PointsTable.parse("25-18-15-12-10-8-6-4-2-1")
    assert [table.points(place, 12) for place in range(1, 13)] == [
        25, 18, 15, 12, 10, 8, 6, 4, 2, 1, 0, 0
    ]  # fmt: skip
    assert table.points(2, 3) == 18


def test_a_table_reads_back_as_the_text_it_was_written_in():
    text = "4 cars: 100-60-30-5; 6 cars: 100-75-55-35-20-5"
    assert str(PointsTable.parse(text)) == text
    assert str(PointsTable.parse("6 cars: 100, 75, 55, 35, 20, 5\n4 car:100 60 30 5")) == text
    assert str(PointsTable.of(7, 5, 3, 2, 1, 0, 0, 0)) == "7-5-3-2-1-0-0-0"


def test_a_header_names_the_places_the_longest_row_scores():
    table = PointsTable.by_field_size({2: (3, 1), 4: (5, 3, 2)})
    assert table.places == ("1st", "2nd", "3rd")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "the points for 1st place at least"),
        ("10-8-x", "not points by place"),
        ("10--8", "not points by place"),
        ("10-8-9", "3rd scores 9, more than 2nd's 8"),
        ("1001-8", "at most 1000 points"),
        ("-".join(["1"] * 21), "at most 20 places"),
        ("six cars: 10-8", "not a field size"),
        ("4 cars: 10-8; 10-8-6", "Give every row its field size"),
        ("4 cars: 10-8; 4 cars: 9", "two rows for 4 cars"),
        ("2 cars: 10-8-6", "a race of 2 cars has 2"),
        ("0 cars: 1", "1 to 20 cars, not 0"),
    ],
)
def test_a_table_that_is_not_points_falling_by_place_is_refused_with_the_reason(text, reason):
    with pytest.raises(InvalidPointsTable, match=reason):
        PointsTable.parse(text)


@pytest.mark.parametrize(("place", "field_size"), [(0, 6), (7, 6), (1, 0)])
def test_a_place_outside_the_field_is_refused(place, field_size):
    with pytest.raises(InvalidPlace):
        PointsTable.of(10, 8, 6).points(place, field_size)


@given(st.integers(1, 14), st.sampled_from(list(FieldSizeRule)), st.data())
def test_the_season_pass_preset_scores_exactly_as_the_scoring_table(field_size, rule, data):
    rules = championship_for("season_pass")
    place = data.draw(st.integers(1, field_size))
    settings = rules.validated_settings({"field_size_rule": rule.value})
    for multiplier in (1, 2, 3):
        assert rules.points_for(place, field_size, multiplier, settings) == points_for(
            place, field_size, multiplier, rule
        )


def test_each_rule_set_declares_its_presets_and_a_new_league_takes_the_first():
    season_pass, formula_d = championship_for("season_pass"), championship_for("formula_d")
    assert season_pass.default_points_name == "Season Pass"
    assert season_pass.default_points_table == PointsTable.by_field_size(SCORING_TABLE)
    assert dict(formula_d.points_presets) == {
        "Formula D team race": PointsTable.of(10, 8, 6, 5, 4, 3, 2, 1, 0, 0)
    }
    assert formula_d.validated_settings({})["points_table"] == "10-8-6-5-4-3-2-1-0-0"


def test_a_league_scores_by_the_table_in_its_settings():
    rules = championship_for("formula_d")
    settings = rules.validated_settings({"points_table": "25-18-15-12-10-8-6-4-2-1"})
    assert settings["points_table"] == "25-18-15-12-10-8-6-4-2-1"
    assert rules.points_for(1, 6, 1, settings) == 25
    assert rules.points_table_name(rules.points_table(settings)) == ""
    assert rules.points_table_name(rules.default_points_table) == "Formula D team race"


def test_a_points_table_setting_that_is_no_table_is_refused_as_a_setting():
    rules = championship_for("formula_d")
    with pytest.raises(InvalidSetting, match="Points table: 2nd scores 9"):
        rules.validated_settings({"points_table": "8-9"})
    with pytest.raises(InvalidSetting, match="Points table: a table written out"):
        rules.validated_settings({"points_table": [10, 8]})


# --- Why ties went the way they did (RBB: "countback of race wins ... then 2nd places then 3rd
# places etc."; Season Pass: docs/rulings.md, "Equal points in the standings") ----------------


def test_more_wins_puts_a_driver_ahead_whatever_order_they_are_asked_in():
    expected = "Jane ahead of Mario on countback: 2 wins to 1"
    assert countback_reason("Jane", [1, 1, 5], "Mario", [1, 2, 2], position=1) == expected
    assert countback_reason("Mario", [1, 2, 2], "Jane", [1, 1, 5], position=1) == expected


def test_level_on_wins_second_places_decide():
    assert (
        countback_reason("Jane", [1, 2, 2, 2], "Mario", [1, 2, 3, 3], position=2)
        == "Jane ahead of Mario on countback: level on wins, 3 second places to 1"
    )


def test_level_on_wins_and_second_places_third_places_decide():
    assert (
        countback_reason("Jane", [2, 3], "Mario", [2, 4], position=4)
        == "Jane ahead of Mario on countback: level on wins and second places, "
        "1 third place to none"
    )


def test_further_down_the_places_decide_in_their_order():
    assert (
        countback_reason("Jane", [4, 11], "Mario", [4, 12], position=5)
        == "Jane ahead of Mario on countback: level on wins and every place down to 10th, "
        "1 11th place to none"
    )


def test_level_on_every_place_the_position_is_shared():
    assert (
        countback_reason("Jane", [3, 1], "Mario", [1, 3], position=3)
        == "Jane and Mario share 3rd: level on points and every place"
    )


def test_the_standings_explain_each_tie_between_neighbours_from_the_top():
    points = {
        "Jane": [25, 18],
        "Mario": [18, 25],
        "Al": [43, None],
        "Bo": [1, 0],
        "Dee": [None, 0],
        "Cy": [None, None],
        "Ed": [None, None],
    }
    places = {"Jane": [1, 2], "Mario": [2, 1], "Al": [1], "Bo": [10, 11], "Dee": [12]}
    rows = standings(points, places)
    assert [(row.key, row.position) for row in rows] == [
        ("Jane", 1), ("Mario", 1), ("Al", 3), ("Bo", 4), ("Dee", 5), ("Cy", 6), ("Ed", 6)
    ]  # fmt: skip
    assert tie_reasons(rows, places, {key: key for key in points}) == (
        "Jane and Mario share 1st: level on points and every place",
        "Mario ahead of Al on countback: level on wins, 1 second place to none",
        "Dee ahead of Cy on countback: level on wins and every place down to 11th, "
        "1 12th place to none",
    )  # Cy and Ed have not raced: their tie needs no words


@given(st.lists(st.lists(st.integers(1, 6), max_size=5), min_size=1, max_size=8))
def test_equal_points_rank_as_the_counts_of_each_place_say(place_lists):
    """Ranked without a count for every place down to the worst: 10,000 drivers made that
    10,000 counts each, and the season page took 8 s (issue 11)."""
    keys = [f"driver {index}" for index in range(len(place_lists))]
    rows = standings({key: [0] for key in keys}, dict(zip(keys, place_lists, strict=True)))
    counts = {
        key: countback_key(places, worst_place=6)
        for key, places in zip(keys, place_lists, strict=True)
    }
    expected = {key: 1 + sum(other > counts[key] for other in counts.values()) for key in keys}
    assert {row.key: row.position for row in rows} == expected


def test_ten_thousand_drivers_level_on_points_are_ranked_by_keys_their_own_size(monkeypatch):
    """Countback once built a count of every place down to the field's worst for each driver:
    10,000 counts each at 10,000 drivers. Each key now holds a driver's own places only."""
    from rules.championship import ranking

    built = []
    real = ranking.countback_order
    monkeypatch.setattr(
        ranking, "countback_order", lambda places: built.append(real(places)) or built[-1]
    )
    keys = range(10_000)
    rows = standings({key: [0] for key in keys}, {key: [key + 1] for key in keys})
    assert [row.key for row in rows[:3]] == [0, 1, 2]
    assert max(len(key) for key in built) == 1


# --- A team race (Formula D's Team Race): the teams score a table of its own -------------------


def test_a_team_race_scores_each_team_its_cars_places_on_its_table_and_the_most_wins():
    table = PointsTable.of(10, 8, 6, 5, 4, 3, 2, 1, 0, 0)
    result = team_race(table, {"A": [1, 4], "B": [2, 3]}, field_size=4)
    assert result.totals == (("A", 15), ("B", 14))
    assert result.winners == ("A",)
    doubled = team_race(table, {"A": [1, 4], "B": [2, 3]}, field_size=4, multiplier=2)
    assert doubled.totals == (("A", 30), ("B", 28))


def test_level_team_race_totals_share_the_win():
    table = PointsTable.of(10, 8, 6, 5, 4, 3, 2, 1, 0, 0)
    result = team_race(table, {"A": [1, 6], "B": [2, 4], "C": [3, 5]}, field_size=6)
    assert result.totals == (("A", 13), ("B", 13), ("C", 10))
    assert result.winners == ("A", "B")


def test_formula_d_s_team_race_scores_its_own_table_only_when_the_race_is_a_team_race():
    rules = championship_for("formula_d")
    assert rules.team_race_points({}) is None
    assert str(rules.team_race_points({"team_race": True})) == "10-8-6-5-4-3-2-1-0-0"
    assert championship_for("season_pass").team_race_points({"team_race": True}) is None
