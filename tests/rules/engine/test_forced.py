"""A prompt that leaves the referee no choice is entered by Paddock (Prompt.forced)."""

from rules.dice import Die
from rules.engine import Event, Field, Prompt
from rules.engine.pieces import order_prompt


def gear_prompt(*gears: str) -> Prompt:
    field = Field("gear", "Gear", "choice", choices=tuple((gear, gear) for gear in gears))
    return Prompt("gear", "Red: select a gear", "red", (field,))


def test_the_only_legal_gear_is_forced():
    assert gear_prompt("1").forced() == Event("gear", {"car": "red", "gear": "1"})


def test_two_legal_gears_are_the_referee_s_choice():
    assert gear_prompt("1", "2").forced() is None


def test_the_order_of_a_lone_car_is_forced_and_of_two_is_not():
    lone = order_prompt(("red",), str, field_label="Order", text="Confirm the order")
    assert lone.forced() == Event("order", {"order": ["red"]})
    pair = order_prompt(("red", "blue"), str, field_label="Order", text="Confirm the order")
    assert pair.forced() is None


def test_a_roll_is_never_forced_even_of_a_die_with_one_face_left():
    roll = Prompt("move", "Red: roll", "red", (Field("roll", "Roll", "die", die=Die.YELLOW),))
    assert roll.forced() is None


def test_an_optional_choice_is_a_fact_to_enter_not_a_forced_one():
    field = Field("off_road", "Red Flag", "choice", choices=(("blue", "Blue"),), required=False)
    assert Prompt("move", "Red", "red", (field,)).forced() is None


def test_a_prompt_with_no_fields_is_not_forced():
    assert Prompt("confirm", "Nothing to ask", None, ()).forced() is None
