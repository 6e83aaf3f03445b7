import time

from hypothesis import given
from hypothesis import strategies as st

from rules.championship import countback_key, standings


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


def test_ten_thousand_drivers_level_on_points_are_ranked_in_a_blink():
    keys = range(10_000)
    started = time.perf_counter()
    rows = standings({key: [0] for key in keys}, {key: [key + 1] for key in keys})
    assert time.perf_counter() - started < 1.0
    assert [row.key for row in rows[:3]] == [0, 1, 2]
