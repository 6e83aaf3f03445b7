"""Setup at the table: the grid by the black die (ties re-rolled) and the start roll."""

from dataclasses import replace

from rules.dice import Die
from rules.engine import dashboard
from tests.rules.formula_d.race.table import Table, race_setup, two_cars


def test_the_highest_roller_takes_pole_and_goes_first():
    table = Table(race_setup("red", "blue", "green"))
    assert table.prompt.text == (
        "Grid: Red (Jane Doe) rolls black for its starting position (highest on pole)"
    )
    table.grid(red=4, blue=17, green=9)
    assert table.state.grid == ("blue", "green", "red")
    assert (table.prompt.kind, table.prompt.car) == ("start_roll", "blue")
    assert table.prompt.text.startswith("Round 1 (grid: Blue, Green and Red): Blue (Ada Fangio)")


def test_only_the_tied_cars_re_roll_until_the_tie_is_broken():
    table = Table(race_setup("red", "blue", "green")).grid(red=12, blue=12, green=3)
    assert [(p.kind, p.car) for p in table.asked] == [("tie_roll", "red"), ("tie_roll", "blue")]
    assert table.prompt.text == (
        "Grid: Red (Jane Doe) tied with Blue: roll black again, highest takes the forward place"
    )
    table("tie_roll", car="red", value=6)("tie_roll", car="blue", value=6)
    assert [p.car for p in table.asked] == ["red", "blue"]
    table("tie_roll", car="red", value=5)("tie_roll", car="blue", value=11)
    assert table.state.grid == ("blue", "red", "green")


def test_the_first_round_goes_in_grid_order_each_car_making_its_start_roll():
    table = two_cars()
    assert table.prompt.text == (
        "Round 1 (grid: Red and Blue): Red (Jane Doe), 1st on the grid, starts: roll black "
        "(1: Poor Start, misses this turn; 20: Great Start, 4 spaces at once)"
    )
    assert [v.car for v in dashboard(table.state)] == ["red", "blue"]
    assert dashboard(table.state)[0].value("gear") is None  # not in gear before the start


def test_a_normal_start_2_to_19_engages_1st_and_rolls_yellow():
    for value in (2, 19):
        table = two_cars()("start_roll", car="red", value=value)
        assert (table.prompt.kind, table.prompt.car) == ("move", "red")
        assert table.prompt.text == "Round 1: Red (Jane Doe) in 1st: roll yellow"
        assert table.field("roll").die is Die.YELLOW
        assert table.car("red").gear == 1


def test_a_poor_start_misses_the_first_turn_then_moves_off_in_1st_without_a_new_start_roll():
    table = two_cars()("start_roll", car="red", value=1)
    assert (table.prompt.kind, table.prompt.car) == ("start_roll", "blue")
    assert dashboard(table.state)[0].note == "Poor Start: moves off in 1st next turn"
    table.starts(blue=10)
    table.confirm()  # Blue moved 1: Blue leads
    assert table.prompt.car == "blue"
    table.move("blue", 2, 3)
    # Red engages 1st itself: no gear to choose, no start roll again.
    assert (table.prompt.kind, table.prompt.car) == ("move", "red")
    assert table.prompt.text == (
        "Round 2: Red (Jane Doe) moves off after its Poor Start, in 1st without a new start roll: "
        "roll yellow"
    )
    table("move", car="red", roll=2)
    assert table.car("red").spaces == 2


def test_a_great_start_on_20_moves_4_spaces_at_once_then_may_shift_to_2nd():
    table = two_cars()("start_roll", car="red", value=20)
    assert table.prompt.text == (
        "Round 1: Red (Jane Doe) made a Great Start: it moves 4 spaces at once in 1st "
        "(1 or 2 lanes over if wanted); report the board"
    )
    assert "roll" not in [field.name for field in table.prompt.fields]
    table("move", car="red")
    assert (table.car("red").spaces, table.car("red").gear) == (4, 1)
    table.starts(blue=19)
    table.confirm()
    assert [key for key, _ in table.field("gear").choices] == ["1", "2"]


def test_a_great_start_may_brake_like_any_move():
    table = two_cars()("start_roll", car="red", value=20)("move", car="red", brakes=1)
    assert (table.car("red").spaces, table.car("red").sheet.brakes) == (3, 2)


def test_the_grid_is_ranked_once_a_state_and_never_kept_past_it():
    """Each prompt, log line and dashboard of an entry asks for the grid: a state ranks the
    rolls once. A state made from it with other rolls ranks them afresh."""
    table = Table(race_setup("red", "blue", "green")).grid(red=4, blue=17, green=9)
    state = table.state
    assert state.grid_outcome is state.grid_outcome
    swapped = replace(
        state,
        grid_rolls=tuple(
            replace(entry, rolls=(21 - entry.rolls[0],)) for entry in state.grid_rolls
        ),
    )
    assert state.grid == ("blue", "green", "red")
    assert swapped.grid == ("red", "green", "blue")
