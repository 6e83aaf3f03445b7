"""Penalties, points adjustments and drop rounds in the standings, the title race and the
forecast: pure functions on plain data (issue 22; docs/rulings.md, "Penalties, points
adjustments and drop rounds")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.championship import (
    Adjustment,
    Drops,
    InvalidAdjustment,
    RoundLeft,
    best_total,
    championship_for,
    dropped_rounds,
    most_final_points,
    most_points_each_round,
    standings,
    tie_reasons,
    title_race,
)
from rules.forecast import title_forecast

FORMULA_D = championship_for("formula_d")


def by_key(rows):
    return {row.key: row for row in rows}


def test_a_penalty_in_a_round_takes_its_points_off_the_total_and_the_by_round_stays_as_raced():
    rows = by_key(
        standings(
            {"jane": [10, 6], "mario": [6, 10]},
            {"jane": [1, 2], "mario": [2, 1]},
            adjustments=[Adjustment("jane", -5, column=0)],
        )
    )
    assert rows["jane"].points == 11
    assert rows["jane"].adjustment == -5
    assert rows["jane"].by_round == (10, 6)
    assert rows["mario"].position == 1 and rows["jane"].position == 2


def test_a_season_bonus_counts_once_and_several_adjustments_add_up():
    rows = by_key(
        standings(
            {"jane": [3], "mario": [3]},
            {"jane": [3], "mario": [3]},
            adjustments=[Adjustment("mario", 2), Adjustment("mario", -1, column=0)],
        )
    )
    assert rows["mario"].points == 4 and rows["mario"].adjustment == 1


def test_an_adjustment_of_nothing_or_for_no_one_ranked_is_refused():
    with pytest.raises(InvalidAdjustment):
        Adjustment("jane", 0)
    with pytest.raises(InvalidAdjustment):
        standings({"jane": [1]}, {}, adjustments=[Adjustment("nobody", -1)])
    with pytest.raises(InvalidAdjustment):
        standings({"jane": [1]}, {}, adjustments=[Adjustment("jane", -1, column=3)])
    with pytest.raises(InvalidAdjustment):
        Drops(counted=0)


def test_a_penalty_leaves_countback_to_the_places_finished():
    # Level on 10 after Jane's penalty: she has the win, so she is ahead on countback.
    rows = standings(
        {"jane": [15], "mario": [10]},
        {"jane": [1], "mario": [2]},
        adjustments=[Adjustment("jane", -5, column=0)],
    )
    assert [row.key for row in rows] == ["jane", "mario"]
    assert rows[0].points == rows[1].points == 10
    reasons = tie_reasons(rows, {"jane": [1], "mario": [2]}, {"jane": "Jane", "mario": "Mario"})
    assert reasons == ("Jane ahead of Mario on countback: 1 win to none",)


def test_best_two_of_three_drops_the_worst_result_and_marks_it():
    rows = by_key(standings({"jane": [10, 2, 6]}, {"jane": [1, 5, 3]}, drops=Drops(counted=2)))
    assert rows["jane"].points == 16
    assert rows["jane"].dropped == (False, True, False)


def test_a_round_not_started_is_a_result_of_nothing_and_drops_first():
    assert dropped_rounds([4, None, 4], 2) == (False, True, False)


def test_nothing_drops_until_more_rounds_are_raced_than_count():
    raced = (True, True, False, False)
    assert dropped_rounds([1, 8, None, None], 2, raced=raced) == (False,) * 4
    assert dropped_rounds([1, 8, 3, None], 2, raced=(True, True, True, False)) == (
        True, False, False, False
    )  # fmt: skip


def test_between_equal_results_the_worse_places_drop_then_the_earlier_round():
    # Equal 5 points: round 2's car finished 4th, round 1's 3rd; the 4th place drops.
    assert dropped_rounds([5, 5, 9], 2, places=[[3], [4], [1]]) == (False, True, False)
    assert dropped_rounds([5, 5, 9], 2) == (True, False, False)


def test_countback_reads_only_the_counted_rounds_unless_the_league_says_every_round():
    # Both count 10 (best one of two). Jane's dropped round was a win; Mario's kept 10 was 2nd
    # place in a doubled round, Jane's a 2nd place too; Mario's dropped round a 3rd.
    points = {"jane": [5, 10], "mario": [10, 4]}
    places = {"jane": [1, 2], "mario": [2, 3]}
    round_places = {"jane": [[1], [2]], "mario": [[2], [3]]}
    counted_only = standings(points, places, drops=Drops(counted=1), round_places=round_places)
    assert counted_only[0].position == counted_only[1].position == 1  # level on one 2nd place
    every_round = standings(
        points,
        places,
        drops=Drops(counted=1, countback_reads_dropped=True),
        round_places=round_places,
    )
    assert [row.key for row in every_round] == ["jane", "mario"]
    assert every_round[1].position == 2


def test_a_penalised_round_dropped_keeps_its_penalty_unless_the_league_drops_it_with_the_round():
    points = {"jane": [10, 2, 6]}
    penalty = [Adjustment("jane", -8, column=0)]
    kept = by_key(standings(points, {}, adjustments=penalty, drops=Drops(counted=2)))["jane"]
    # The worst raced result (2) drops; the penalty counts whatever: 10 + 6 - 8.
    assert kept.points == 8 and kept.dropped == (False, True, False)
    with_round = by_key(
        standings(
            points,
            {},
            adjustments=penalty,
            drops=Drops(counted=2, adjustments_dropped_with_round=True),
        )
    )["jane"]
    # Round 1 is worth 2 after its penalty: it drops, and its penalty with it: 2 + 6.
    assert with_round.points == 8 and with_round.dropped == (True, False, False)
    assert with_round.adjustment == 0


results = st.lists(st.one_of(st.none(), st.integers(0, 30)), min_size=1, max_size=8)


@given(results, st.integers(1, 8))
def test_the_counted_total_is_the_best_results_and_never_more_than_all(row, counted):
    line = by_key(standings({"x": row}, {}, drops=Drops(counted=counted)))["x"]
    raced = [points or 0 for points in row]
    assert line.points == best_total(raced, counted)
    assert line.points <= sum(raced)
    assert sum(line.dropped) == max(0, len(row) - counted)
    kept = [points for points, dropped in zip(raced, line.dropped, strict=True) if not dropped]
    gone = [points for points, dropped in zip(raced, line.dropped, strict=True) if dropped]
    assert not gone or max(gone) <= min(kept)


@given(results, st.lists(st.integers(-20, 20).filter(bool), max_size=4))
def test_season_adjustments_move_the_total_by_exactly_their_sum(row, changes):
    adjustments = [Adjustment("x", change) for change in changes]
    line = by_key(standings({"x": row}, {}, adjustments=adjustments))["x"]
    assert line.points == sum(points or 0 for points in row) + sum(changes)
    assert line.adjustment == sum(changes)


@given(st.lists(results, min_size=2, max_size=6), st.integers(1, 4))
def test_the_order_is_by_counted_points_most_first(rows, counted):
    width = min(len(row) for row in rows)
    points = {index: row[:width] for index, row in enumerate(rows)}
    ranked = standings(points, {}, drops=Drops(counted=counted))
    totals = [row.points for row in ranked]
    assert totals == sorted(totals, reverse=True)


def test_with_drops_the_title_race_asks_what_each_can_still_end_on():
    # Best 2 of 4 count. Jane 10 + 10 = 20 after two rounds; Mario 10 and 0. Two rounds left,
    # 10 the most a round: Mario can end on 20, level, so he is still in it.
    rows = standings(
        {"jane": [10, 10, None, None], "mario": [10, 0, None, None]},
        {},
        drops=Drops(counted=2),
        raced=(True, True, False, False),
    )
    best_left = most_points_each_round(FORMULA_D, {}, [RoundLeft(), RoundLeft()], field_size=8)
    assert best_left == (10, 10)
    raced = (True, True, False, False)
    final = {row.key: most_final_points(row.by_round, raced, 0, best_left, 2) for row in rows}
    assert final == {"jane": 20, "mario": 20}
    race = title_race(rows, sum(best_left), most_final=final)
    assert [contender.key for contender in race.contenders] == ["jane", "mario"]
    # Best 1 of 3: Jane's 10 already counts; Mario's best possible is 10 too.
    assert most_final_points([10, 0, None], (True, True, False), -1, (10,), 1) == 9


def test_the_forecast_counts_only_the_best_results_and_the_fixed_adjustments():
    # One round left, best 1 counts. Jane already has a 10; Mario 6. Whatever happens in the
    # last round (at most 10), Mario can at best draw level; a penalty of 1 on Mario makes
    # Jane certain.
    chances = title_forecast(
        {"jane": 10, "mario": 6},
        {"jane": [1], "mario": [2]},
        [[10, 6]],
        contenders=["jane", "mario"],
        runs=200,
        counted=1,
        results={"jane": [10], "mario": [6]},
        fixed={"jane": 0, "mario": -1},
    )
    assert {chance.key: chance.chance for chance in chances} == {"jane": 1.0, "mario": 0.0}
