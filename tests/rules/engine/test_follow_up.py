"""A gear and its die in one tap (Prompt.then, Prompt.follow_up): the die is entered on the
prompt that follows only when that prompt is the same car's, asking for that die and nothing
else required."""

from rules.dice import Die
from rules.engine import Event, Field, Prompt
from rules.engine.pieces import BLACK_DIE

YELLOW = Field("roll", "Yellow die (1st gear)", "die", die=Die.YELLOW)
ORANGE = Field("roll", "Orange die (2nd gear)", "die", die=Die.ORANGE)
BRAKES = Field("brakes", "Brakes", "number", required=False, default=0)
GEAR = Field("gear", "Gear", "choice", choices=(("1", "1st"), ("2", "2nd"), ("3", "3rd")))
# 1st and 2nd are followed by the move at once; after 3rd something comes first.
ASKED = Prompt("gear", "Red: select a gear", "red", (GEAR,), then=(("1", YELLOW), ("2", ORANGE)))


def chose(gear: str) -> Event:
    return Event("gear", {"car": "red", "gear": gear})


def move(car: str, *fields: Field) -> Prompt:
    return Prompt("move", f"{car}: roll", car, fields)


def test_the_move_asking_for_the_promised_die_takes_the_roll():
    assert ASKED.follow_up(chose("2"), (move("red", ORANGE, BRAKES),), "3") == Event(
        "move", {"car": "red", "roll": "3"}
    )


def test_a_gear_promising_no_die_leaves_the_roll_out():
    assert ASKED.follow_up(chose("3"), (move("red", ORANGE),), "3") is None


def test_a_check_before_the_move_leaves_the_roll_out():
    upshift = Prompt("upshift_roll", "Red shifted up two gears: roll black", "red", (BLACK_DIE,))
    assert ASKED.follow_up(chose("2"), (upshift, move("red", ORANGE)), "3") is None


def test_another_die_another_car_or_another_required_fact_leaves_the_roll_out():
    corner = Field("corner", "Corner", "number")  # required
    assert ASKED.follow_up(chose("2"), (move("red", YELLOW),), "1") is None
    assert ASKED.follow_up(chose("2"), (move("blue", ORANGE),), "3") is None
    assert ASKED.follow_up(chose("2"), (move("red", ORANGE, corner),), "3") is None
    assert ASKED.follow_up(chose("2"), (move("red"),), "3") is None  # a move without a die
    assert ASKED.follow_up(chose("2"), (), "3") is None  # the race is over


def test_a_prompt_without_promises_never_follows_up():
    plain = Prompt("gear", "Red: select a gear", "red", (GEAR,))
    assert plain.follow_up(chose("1"), (move("red", YELLOW),), "1") is None
