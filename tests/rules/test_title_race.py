"""Who can still be champion, what they need, and the title forecast: pure functions on the
standings, the league's points table and the rounds left (issue 12)."""

from __future__ import annotations

import random
import time

import pytest

from rules.championship import (
    RoundLeft,
    StandingRow,
    championship_for,
    most_points_left,
    standings,
    title_race,
)
from rules.forecast import MOST_SIMULATED, Chance, pace_model, title_forecast, whole_percents

SEASON_PASS = championship_for("season_pass")
FORMULA_D = championship_for("formula_d")
MINI = championship_for("mini")


def rows(**points: int) -> tuple[StandingRow, ...]:
    return standings({name: [total] for name, total in points.items()}, {})


def test_the_points_left_are_a_win_in_every_round_left_by_its_multiplier():
    # Formula D's table: 1st scores 10; rounds left worth 1, 1 and 3 times.
    rounds_left = [RoundLeft(1), RoundLeft(1), RoundLeft(3)]
    table = FORMULA_D.points_table({})
    first = table.points(1, 8)
    assert most_points_left(FORMULA_D, {}, rounds_left, field_size=8) == 5 * first


def test_a_table_by_field_size_scores_the_rounds_left_by_the_field_raced():
    # Season Pass prints a row per field size: 1st of 4 cars scores 100.
    assert most_points_left(SEASON_PASS, {}, [RoundLeft(3)], field_size=4) == 300


def test_a_team_can_take_first_and_second_in_every_round_left():
    table = FORMULA_D.points_table({})
    assert most_points_left(FORMULA_D, {}, [RoundLeft(1)], field_size=8, cars=2) == (
        table.points(1, 8) + table.points(2, 8)
    )


def test_a_team_of_more_cars_than_the_field_scores_only_the_places_there_are():
    table = FORMULA_D.points_table({})
    assert most_points_left(FORMULA_D, {}, [RoundLeft(1)], field_size=1, cars=2) == (
        table.points(1, 1)
    )


def test_in_a_team_race_round_a_team_s_points_left_are_the_team_race_s_whatever_the_table():
    settings = FORMULA_D.validated_settings({"points_table": "25-18-15-12-10"})
    team_table = FORMULA_D.team_race_points({"team_race": True})
    rounds_left = [RoundLeft(1, team_table=team_table), RoundLeft(1)]
    assert most_points_left(FORMULA_D, settings, rounds_left, field_size=4, cars=2) == 43 + 43
    teams = most_points_left(FORMULA_D, settings, rounds_left, field_size=4, cars=2, teams=True)
    assert teams == (10 + 8) + (25 + 18)


def test_minis_lap_leader_points_are_in_the_points_left():
    # Mini's three-lap format: 7 for the win and a lap leader's point for laps 1 and 2.
    assert MINI.most_bonus_points("three_laps") == 2
    assert MINI.most_bonus_points("no_pits") == 1
    assert most_points_left(MINI, {}, [RoundLeft(1, "three_laps")], field_size=8) == 9
    assert SEASON_PASS.most_bonus_points("") == 0


def test_no_rounds_left_leave_no_points():
    assert most_points_left(FORMULA_D, {}, [], field_size=8) == 0
    assert most_points_left(FORMULA_D, {}, [RoundLeft(1)], field_size=0) == 0


def test_those_within_the_points_left_of_the_leader_can_still_be_champion():
    race = title_race(rows(Ann=50, Bob=40, Cid=30, Dot=20), points_left=20)
    assert [(c.key, c.behind) for c in race.contenders] == [("Ann", 0), ("Bob", 10), ("Cid", 20)]
    assert race.out_of_it == 1
    assert not race.decided


def test_a_leader_ahead_by_more_than_the_points_left_is_champion():
    race = title_race(rows(Ann=50, Bob=29), points_left=20)
    assert race.decided
    assert race.sentences({"Ann": "Ann", "Bob": "Bob"}) == (
        "Ann is champion: no one can reach 50 points with 20 points left to race for.",
    )


def test_the_title_race_says_what_each_contender_needs():
    race = title_race(rows(Ann=50, Bob=40, Cid=50, Dot=10), points_left=20)
    names = {key: key for key in ("Ann", "Bob", "Cid", "Dot")}
    leader, level, chaser, out = race.sentences(names)
    top = race.contenders[0].key
    other = "Cid" if top == "Ann" else "Ann"
    assert leader == f"{top} leads with 50 points; 20 points are left to race for."
    assert level == (
        f"{other} is level on points with {top}, behind on countback: must outscore {top} to "
        f"take the title, or match {top} and win the countback."
    )
    assert chaser == (
        f"Bob can still be champion, 10 behind: must outscore {top} by 11 over the rounds left "
        "(by 10 to draw level, and countback decides)."
    )
    assert out == "1 other can no longer reach 50 points."


def test_the_title_race_names_the_first_contenders_and_counts_the_rest():
    race = title_race(rows(**{f"D{n}": 100 - n for n in range(10)}), points_left=50)
    sentences = race.sentences({f"D{n}": f"D{n}" for n in range(10)}, most=3)
    assert len(sentences) == 1 + 3 + 1
    assert sentences[-1] == "6 more can still be champion."


def test_an_empty_table_has_no_title_race():
    assert title_race((), points_left=10).sentences({}) == ()


# --- The forecast ----------------------------------------------------------------------------

WIN_ONLY = [[10]]  # a round where only the winner scores


def chances_of(chances: tuple[Chance, ...]) -> dict:
    return {chance.key: chance.chance for chance in chances}


def test_a_contender_who_cannot_be_caught_has_every_chance():
    chances = title_forecast(
        {"Ann": 30, "Bob": 15}, {"Ann": [1], "Bob": [2]}, WIN_ONLY, contenders=["Ann", "Bob"]
    )
    assert chances_of(chances) == {"Ann": 1.0, "Bob": 0.0}


def test_one_win_is_read_as_little_evidence_of_pace():
    # Ann won the only round so far and Bob was 2nd: Ann is likelier to win the next, not
    # certain to, as the old forecast (drawing only from places already finished) had it.
    chances = chances_of(
        title_forecast(
            {"Ann": 10, "Bob": 10}, {"Ann": [1], "Bob": [2]}, WIN_ONLY, contenders=["Ann", "Bob"]
        )
    )
    assert 0.5 < chances["Ann"] < 0.9


def test_the_more_rounds_a_driver_has_raced_the_more_their_places_are_believed():
    once = pace_model({"Ann": [1], "Bob": [10], **{f"D{n}": [n] for n in range(2, 10)}}, 10)
    often = pace_model(
        {"Ann": [1] * 8, "Bob": [10] * 8, **{f"D{n}": [n] * 8 for n in range(2, 10)}}, 10
    )
    assert 0 < once.pace("Ann").mean < often.pace("Ann").mean
    assert once.pace("Ann").spread > often.pace("Ann").spread
    # The field's average is 0: the winner is ahead of it, the last behind it.
    assert once.pace("Bob").mean < 0 < once.pace("Ann").mean


def test_a_team_scores_what_its_drivers_take_in_the_simulated_rounds():
    # After 30 rounds of the same order the paces are all but certain: Red's drivers 1st and
    # 2nd, Blue's, 15 ahead, 3rd and 4th.
    places = {"Ann": [1] * 30, "Bob": [2] * 30, "Cid": [3] * 30, "Dot": [4] * 30}
    team_of = {"Ann": "Red", "Bob": "Red", "Cid": "Blue", "Dot": "Blue"}
    round_points = [[10, 8, 6, 5]] * 2  # Red gains 18 a round, Blue 11: 14 more in two
    two = chances_of(title_forecast({"Red": 30, "Blue": 45}, places, round_points,
                                    contenders=["Blue", "Red"], team_of=team_of))  # fmt: skip
    assert two["Blue"] > 0.95
    four = chances_of(title_forecast({"Red": 30, "Blue": 45}, places, round_points * 2,
                                     contenders=["Blue", "Red"], team_of=team_of))  # fmt: skip
    assert four["Red"] > 0.95


def test_a_level_finish_shares_the_title():
    # Level on points, no round left: each has half.
    chances = title_forecast({"Ann": 5, "Bob": 5}, {"Ann": [1], "Bob": [2]}, [],
                             contenders=["Ann", "Bob"])  # fmt: skip
    assert [chance.chance for chance in chances] == [0.5, 0.5]
    assert [chance.shown for chance in chances] == ["50%", "50%"]


def test_two_alike_have_about_the_same_chance_and_the_chances_add_up_to_one():
    places = {"Ann": [1, 2], "Bob": [2, 1], "Cid": [3, 3]}
    points = {"Ann": 20, "Bob": 20, "Cid": 12}
    chances = title_forecast(points, places, [[10, 6, 4]] * 3, contenders=["Ann", "Bob", "Cid"],
                             runs=2000, seed=7)  # fmt: skip
    by_key = chances_of(chances)
    assert abs(by_key["Ann"] - by_key["Bob"]) < 0.06
    assert by_key["Cid"] < by_key["Ann"]
    assert sum(by_key.values()) == pytest.approx(1)


def test_the_same_seed_gives_the_same_forecast():
    args = ({"Ann": 20, "Bob": 18}, {"Ann": [1, 2], "Bob": [2, 1]}, [[10, 6]] * 4)
    first = title_forecast(*args, contenders=["Ann", "Bob"], seed=3)
    assert title_forecast(*args, contenders=["Ann", "Bob"], seed=3) == first


# --- Ten drivers through a season of nine rounds -----------------------------------------------

TEN = [f"D{n}" for n in range(10)]


def season_of_ten(raced: int) -> tuple[dict[str, int], dict[str, list[int]], list[list[int]]]:
    """Ten drivers of Season Pass after `raced` rounds of 9: D0 the fastest, D9 the slowest,
    each round's order shuffled by luck; (points, places, what each round left scores)."""
    points = dict.fromkeys(TEN, 0)
    places: dict[str, list[int]] = {driver: [] for driver in TEN}
    for number in range(1, raced + 1):
        luck = random.Random(number)
        order = sorted(TEN, key=lambda driver: int(driver[1:]) * 0.4 + luck.gauss(0, 1))
        multiplier = SEASON_PASS.round_shape(number).multiplier
        for place, driver in enumerate(order, start=1):
            places[driver].append(place)
            points[driver] += SEASON_PASS.points_for(place, 10, multiplier, {})
    round_points = [
        [SEASON_PASS.points_for(place, 10, SEASON_PASS.round_shape(number).multiplier, {})
         for place in range(1, 11)]
        for number in range(raced + 1, 10)
    ]  # fmt: skip
    return points, places, round_points


def forecast_after(raced: int) -> tuple[list[str], tuple[Chance, ...]]:
    points, places, round_points = season_of_ten(raced)
    table = standings({driver: [total] for driver, total in points.items()}, {})
    race = title_race(table, sum(max(scores) for scores in round_points))
    contenders = [contender.key for contender in race.contenders]
    return contenders, title_forecast(points, places, round_points, contenders=contenders)


@pytest.mark.parametrize("raced", [1, 2, 5, 8])
def test_every_contender_is_forecast_none_reads_0_and_the_percents_add_up_to_100(raced):
    contenders, chances = forecast_after(raced)
    assert sorted(chance.key for chance in chances) == sorted(contenders)
    assert sum(chance.percent for chance in chances) == 100
    assert all(chance.shown != "0%" for chance in chances)
    if len(contenders) > 1:
        assert all(chance.shown != "100%" for chance in chances)


def test_after_the_first_round_the_leader_is_far_from_certain_and_all_ten_can_win():
    contenders, chances = forecast_after(1)
    assert len(contenders) == 10
    leader = chances_of(chances)[contenders[0]]
    assert leader < 0.6
    # Each but the leader's share is shown, each at least "<1%".
    assert sum(1 for chance in chances if chance.chance > 0) >= 5


def test_before_the_last_round_only_those_who_can_still_win_are_forecast():
    contenders, chances = forecast_after(8)
    assert 1 < len(contenders) < 10
    assert {chance.key for chance in chances} == set(contenders)


def test_the_leader_after_eight_rounds_is_likelier_than_after_one():
    after_one = chances_of(forecast_after(1)[1])
    after_eight = chances_of(forecast_after(8)[1])
    assert max(after_eight.values()) > max(after_one.values())


# --- Whole per cents ---------------------------------------------------------------------------


def test_whole_percents_add_up_to_100_by_the_largest_remainders():
    # 33.3 each: 33 each and the 100th per cent to the first of the largest remainders.
    assert whole_percents([1 / 3] * 3) == (34, 33, 33)
    # Rounding each (50, 50, 0...) would not add up: 49.6 + 49.6 + 0.8.
    assert whole_percents([0.496, 0.496, 0.008]) == (50, 49, 1)
    assert sum(whole_percents([0.1234, 0.3456, 0.531])) == 100


def test_a_contender_rounded_to_0_reads_less_than_1_per_cent():
    shares = whole_percents([0.996, 0.003, 0.001])
    assert shares == (99, 1, 0)  # no one reads 100 while another can still be champion
    assert Chance("Ann", 0.001, 0).shown == "<1%"
    assert Chance("Ann", 0.42, 42).shown == "42%"
    assert whole_percents([1.0]) == (100,)


def test_a_contender_never_simulated_to_win_reads_less_than_1_per_cent():
    # Cid's 45 points are a bonus: not having raced, Cid is simulated to score nothing, yet
    # can still be champion on paper.
    chances = title_forecast({"Ann": 50, "Bob": 45, "Cid": 45},
                             {"Ann": [1], "Bob": [2], "Cid": []}, WIN_ONLY,
                             contenders=["Ann", "Bob", "Cid"])  # fmt: skip
    assert [chance.key for chance in chances] == ["Ann", "Bob", "Cid"]
    assert chances[2].chance == 0 and chances[2].shown == "<1%"
    assert sum(chance.percent for chance in chances) == 100


def test_a_field_of_ten_thousand_forecasts_as_fast_as_one_of_twenty():
    def forecast(drivers: int) -> float:
        points = {n: 1000 - n for n in range(drivers)}
        places = {n: [n % 20 + 1, (n + 3) % 20 + 1] for n in range(drivers)}
        started = time.perf_counter()
        title_forecast(points, places, [list(range(20, 0, -1))] * 4,
                       contenders=list(range(MOST_SIMULATED)), runs=200)  # fmt: skip
        return time.perf_counter() - started

    small, large = min(forecast(20) for _ in range(3)), min(forecast(10_000) for _ in range(3))
    assert large < small * 3 + 0.05
