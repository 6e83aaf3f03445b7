"""What a prompt's fields accept: whole numbers (halves only where the rules count them), and
lists of cars where an empty list is an answer, not a missing one."""

import pytest

from rules.engine import Event, EventRejected, Field, Prompt
from tests.rules.season_pass.race.table import FOUR_CARS, Table, race_setup, sunny_two_car_race

BRAKES = Field("brakes", "Brake points spent", "number", minimum=0, unit="brake points")
TO_LINE = Field("finish", "Spaces to the line", "number", minimum=0, step=0.5, unit="spaces")
PLAIN = Field("corner", "Corner difficulty", "number", minimum=0)
BESIDE = Field(
    "adjacent",
    "Cars beside",
    "cars",
    choices=(("red", "Red"), ("blue", "Blue")),
    required=False,
    default=("red",),
)


@pytest.mark.parametrize("raw", ["1.5", 1.5, " 1.5 "])
def test_brake_points_are_whole_points(raw):
    with pytest.raises(EventRejected) as refusal:
        BRAKES.parse(raw)
    assert str(refusal.value) == "Brake points are whole points: 1.5 is not one."


@pytest.mark.parametrize(("raw", "value"), [("2", 2), (2, 2), (2.0, 2), ("2.0", 2), (" 3 ", 3)])
def test_a_whole_number_however_written(raw, value):
    parsed = BRAKES.parse(raw)
    assert parsed == value and type(parsed) is int


@pytest.mark.parametrize(("raw", "value"), [("3.5", 3.5), (3.5, 3.5), ("0.5", 0.5), ("4", 4)])
def test_the_distance_to_the_line_counts_half_spaces(raw, value):
    # Photo Finish example: "the Red car is a half space behind".
    assert TO_LINE.parse(raw) == value


def test_but_no_finer_than_halves():
    with pytest.raises(
        EventRejected, match=r"^Spaces are whole or half spaces: 3.25 is not one\.$"
    ):
        TO_LINE.parse("3.25")


def test_a_field_without_a_unit_names_its_label():
    with pytest.raises(EventRejected, match=r"^Corner difficulty: a whole number, not 1.5\.$"):
        PLAIN.parse("1.5")


@pytest.mark.parametrize("raw", ["nan", "inf", float("nan"), float("inf"), "two", True])
def test_not_a_number_at_all(raw):
    with pytest.raises(EventRejected, match="expected a number"):
        TO_LINE.parse(raw)


def test_bounds_still_hold_after_the_step():
    with pytest.raises(EventRejected, match="at least 0, not -1"):
        BRAKES.parse("-1")


def test_an_empty_list_of_cars_means_none_and_only_a_missing_one_means_the_default():
    assert BESIDE.parse(None) == ("red",)
    assert BESIDE.parse([]) == ()
    assert BESIDE.parse([""]) == ()  # what the page sends when no box is ticked
    assert BESIDE.parse("") == ()
    assert BESIDE.parse(["blue"]) == ("blue",)


def test_a_required_list_of_cars_cannot_be_empty():
    spec = Field("who", "Cars", "cars", choices=(("red", "Red"),))
    with pytest.raises(EventRejected, match="a value is required"):
        spec.parse([])


def test_a_prompt_reads_a_missing_key_as_the_default_and_an_empty_list_as_no_cars():
    prompt = Prompt("neighbours", "Who is beside?", "red", (BESIDE,))
    assert prompt.read({"car": "red"}) == {"adjacent": ("red",)}
    assert prompt.read({"car": "red", "adjacent": []}) == {"adjacent": ()}


# --- through the engine ----------------------------------------------------------------------


def test_half_a_brake_point_is_refused_in_the_rules_words():
    table = sunny_two_car_race().edit_car("red", gear=3)
    table("gear", car="red", gear=3)
    with pytest.raises(EventRejected, match=r"^Brake points are whole points: 1.5 is not one\.$"):
        table("move", car="red", roll=6, brakes="1.5")
    with pytest.raises(EventRejected, match=r"^Tire points are whole points: 0.5 is not one\.$"):
        table("move", car="red", roll=6, brakes=3, air_brake=0.5)
    with pytest.raises(EventRejected, match=r"^Spaces are whole spaces: 1.5 is not one\.$"):
        table("move", car="red", roll=6, corner=1, skid="1.5")
    assert table.prompt.kind == "move"


def test_naming_no_car_beside_a_damaged_car_means_no_chain_rolls():
    def damaged() -> Table:
        table = Table(race_setup(*FOUR_CARS[:3])).qualify(red=1, blue=5, green=9).sunny()
        table.move("red", 1, 1, adjacent=["blue"])
        table("collision_roll", car="red", black=1, green=8)  # Red damaged
        table("collision_roll", car="blue", black=5, green=8)
        assert table.prompt.fields[0].default == ("blue",)
        return table

    # Left out: the engine's pre-filled neighbours (Blue) roll.
    assert [(p.kind, p.car) for p in damaged()("neighbours", car="red").asked] == [
        ("chain_roll", "blue")
    ]
    # An empty list: the referee says no car is beside it any more.
    for nobody in ([], [""]):
        assert damaged()("neighbours", car="red", adjacent=nobody).prompt.kind == "gear"


# --- An instant: a moment the one who runs the race stamps (a stopwatch) ----------------------


def test_an_instant_is_a_moment_with_its_utc_offset():
    spec = Field("at", "Start the stopwatch", "instant")
    assert spec.parse("2025-06-01T14:00:00.25+02:00") == "2025-06-01T14:00:00.250000+02:00"
    assert spec.parse(" 2025-06-01T14:00:00Z ") == "2025-06-01T14:00:00+00:00"
    for raw in ("2025-06-01T14:00:00", "now", "1e999", "2025-13-01T00:00:00+00:00"):
        with pytest.raises(EventRejected, match="Start the stopwatch"):
            spec.parse(raw)
    with pytest.raises(EventRejected, match="a value is required"):
        spec.parse("")


def test_a_prompt_stamps_its_instants_over_what_was_posted_and_leaves_other_events_alone():
    prompt = Prompt("stopwatch_stop", "Stop it", "red", (Field("at", "Stop", "instant"),))
    posted = Event("stopwatch_stop", {"car": "red", "at": "now"})
    assert prompt.stamped(posted, "2025-06-01T14:01:00+00:00").data == {
        "car": "red",
        "at": "2025-06-01T14:01:00+00:00",
    }
    other = Event("move", {"car": "red"})
    assert prompt.stamped(other, "2025-06-01T14:01:00+00:00") is other
    die = Prompt("grid_roll", "Roll", "red", (Field("value", "Black die", "number"),))
    assert die.stamped(Event("grid_roll", {"value": 3}), "x").data == {"value": 3}
