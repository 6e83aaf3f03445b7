import pytest

from rules.dice import FACES, Die, InvalidRoll, check_roll, gear_die, values


@pytest.mark.parametrize(
    ("die", "faces"),
    [
        (Die.YELLOW, (1, 1, 2, 2)),
        (Die.ORANGE, (2, 3, 3, 4, 4, 4)),
        (Die.RED, (4, 5, 6, 6, 7, 7, 8, 8)),
    ],
)
def test_low_gear_dice_have_the_faces_the_turn_helper_issue_lists(die, faces):
    assert FACES[die] == faces


def test_fourth_and_fifth_gear_dice_show_their_range_twice_and_sixth_three_times():
    assert sorted(FACES[Die.GREEN]) == sorted(list(range(7, 13)) * 2)
    assert sorted(FACES[Die.PURPLE]) == sorted(list(range(11, 21)) * 2)
    assert sorted(FACES[Die.BLUE]) == sorted(list(range(21, 31)) * 3)


def test_black_die_is_a_d20():
    assert values(Die.BLACK) == tuple(range(1, 21))


@pytest.mark.parametrize(("gear", "die"), [(1, Die.YELLOW), (4, Die.GREEN), (6, Die.BLUE)])
def test_each_gear_has_its_die(gear, die):
    assert gear_die(gear) is die


@pytest.mark.parametrize(
    ("die", "value"), [(Die.BLACK, 0), (Die.BLACK, 21), (Die.RED, 3), (Die.ORANGE, 1)]
)
def test_a_value_the_die_cannot_show_is_refused_with_its_faces(die, value):
    with pytest.raises(InvalidRoll, match=f"The {die.value} die cannot show {value}"):
        check_roll(die, value)


def test_a_value_on_the_die_is_accepted():
    assert check_roll(Die.GREEN, 12) == 12


def test_there_is_no_seventh_gear():
    with pytest.raises(InvalidRoll, match="no gear 7"):
        gear_die(7)
