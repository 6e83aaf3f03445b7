"""Facts Paddock's own picture of the board rules out are not refused: the race takes them, then
asks the referee to confirm them from the board, saying what Paddock's picture shows, and the log
keeps the confirmation. Paddock's picture is the round's order of play: the cars before the mover
have moved on ahead of it, the cars after it are behind it and have not moved yet."""

from rules.engine import describe
from tests.rules.formula_d.race.table import Table, in_gear, under_way


def slipstreaming(*order: str) -> Table:
    """Red in 4th and Blue in 4th at 9, in `order`; Red's gear chosen if it moves first."""
    table = in_gear(under_way(), red=4).edit_car("blue", gear=4, speed=9).order(*order)
    return table("gear", car="red", gear=4) if order[0] == "red" else table


def test_a_slipstream_behind_a_car_paddock_has_behind_the_mover_is_put_to_the_referee():
    table = slipstreaming("red", "blue")
    table("move", car="red", roll=9, slipstream=["blue"])
    assert table.car("red").spaces == 1 + 9 + 3  # taken, not refused
    assert (table.prompt.kind, table.prompt.car) == ("confirm_fact", "red")
    assert table.prompt.text == (
        "Red (Jane Doe): Red slipstreamed behind Blue, but Paddock's picture has Blue behind Red "
        "(after it in this round's order of play, not moved yet): confirm from the board, or "
        "Undo the move to correct it"
    )
    before = table.state
    table.confirm_fact()
    assert describe(before, table.events[-1], table.state) == (
        "The referee confirms from the board: Red slipstreamed behind Blue, but Paddock's "
        "picture has Blue behind Red (after it in this round's order of play, not moved yet)"
    )
    assert (table.prompt.kind, table.prompt.car) == ("gear", "blue")


def test_a_slipstream_behind_a_car_that_moved_on_ahead_asks_nothing_more():
    table = slipstreaming("blue", "red")
    table.move("blue", 4, 9)("gear", car="red", gear=4)
    table("move", car="red", roll=9, slipstream=["blue"])
    assert table.prompt.kind == "order"


def test_blocked_with_no_car_ahead_in_paddock_s_picture_is_put_to_the_referee():
    table = in_gear(under_way(), red=4).confirm()
    table.move("red", 4, 9, blocked=2)
    assert (table.prompt.kind, table.prompt.car) == ("confirm_fact", "red")
    assert table.prompt.text.startswith(
        "Red (Jane Doe): Red was blocked with 2 spaces left, but Paddock's picture has no car on "
        "the track ahead of Red (the first in this round's order of play still racing)"
    )


def test_blocked_behind_a_car_that_moved_on_ahead_asks_nothing_more():
    table = in_gear(under_way(), blue=4).order("blue", "red")
    table.move("blue", 4, 9).move("red", 1, 2, blocked=1)
    assert table.prompt.kind == "order"


def test_a_car_out_on_a_block_paddock_doubts_still_has_it_confirmed():
    table = in_gear(under_way(), red=5).confirm()
    table.move("red", 5, 15, blocked=7)
    assert table.car("red").out_reason == "blocked"
    assert (table.prompt.kind, table.prompt.car) == ("confirm_fact", "red")
    table.confirm_fact()
    assert (table.prompt.kind, table.prompt.car) == ("gear", "blue")
