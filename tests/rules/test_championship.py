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
