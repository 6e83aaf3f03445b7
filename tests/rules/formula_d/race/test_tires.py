"""Tire Selection at the table: each car fits its tires after the weather roll, the move prompt
offers the tires' extra spaces and says what an overshoot costs, and a pit stop may change them.
Off unless the race is set up with `tires`."""

import pytest

from rules.engine import Event, EventRejected, apply, dashboard, ruleset_for
from rules.formula_d import DEFAULT_WEATHER_CHART, Tires, Zone
from tests.rules.formula_d.race.table import Table, in_gear, race_setup

FORMULA_D = ruleset_for("formula_d")


def fitted(red: str, blue: str = "hard", *, weather: int | None = None, laps: int = 2) -> Table:
    """Red and Blue on their tires (after the weather roll `weather`, if any), started, round 2's
    order to confirm."""
    chart = {"weather_chart": DEFAULT_WEATHER_CHART} if weather else {}
    table = Table(race_setup(tires=True, laps=laps, **chart))
    if weather:
        table("weather_roll", value=weather)
    table("tire_choice", car="red", tires=red)("tire_choice", car="blue", tires=blue)
    table.grid(red=20, blue=19)
    return table.starts(red=10, blue=10)


def red_to_move(table: Table, gear: int = 4, **changes) -> Table:
    table = in_gear(table, red=gear).edit_car("red", **changes).confirm()
    return table("gear", car="red", gear=gear)


def names(table: Table) -> list[str]:
    return [field.name for field in table.prompt.fields]


def test_without_the_rule_no_tires_are_asked_for_and_the_move_has_no_tire_fact():
    table = red_to_move(in_gear(Table().grid(red=20, blue=19).starts(red=10, blue=10)))
    assert "tire_bonus" not in names(table)
    assert table.car("red").tires_fitted is None


def test_each_car_fits_its_tires_after_the_weather_roll_hard_by_default():
    table = Table(race_setup(tires=True, weather_chart=DEFAULT_WEATHER_CHART))
    assert table.prompt.kind == "weather_roll"
    table("weather_roll", value=10)
    assert [(prompt.kind, prompt.car) for prompt in table.asked] == [
        ("tire_choice", "red"),
        ("tire_choice", "blue"),
    ]
    assert table.prompt.text.startswith("Tires (changeable weather): Red (Jane Doe) fits hard")
    assert table.field("tires").default == "hard"
    before = table.state
    table("tire_choice", car="red", tires="soft")
    assert FORMULA_D.describe(before, table.events[-1], table.state) == (
        "Red (Jane Doe) fits soft tires (a damage marker on its score card, sun side up)"
    )
    table("tire_choice", car="blue", tires="hard")
    assert table.prompt.kind == "grid_roll"
    assert dashboard(table.state)[0].note == "soft tires"


def test_soft_tires_in_the_dry_may_take_1_more_space():
    table = red_to_move(fitted("soft", weather=1))
    assert table.field("tire_bonus").label == (
        "Took its soft tires' extra 1 space in the dry (not compulsory)"
    )
    before = table.state
    table("move", car="red", roll=9, tire_bonus=True)
    assert table.car("red").spaces - before.car("red").spaces == 10
    assert FORMULA_D.describe(before, table.events[-1], table.state).startswith(
        "Red moves 10 spaces in 4th, 1 space of them from its soft tires"
    )


def test_hard_tires_in_rain_move_3_more_with_a_space_in_a_corner():
    table = red_to_move(fitted("hard", weather=20))
    assert table.field("tire_bonus").label == (
        "A space of the move was in a corner: 3 spaces more (hard tires in rain)"
    )
    before = table.car("red").spaces
    table("move", car="red", roll=9, tire_bonus=True)
    assert table.car("red").spaces - before == 12


def test_hard_tires_in_the_dry_give_nothing_and_a_claimed_bonus_is_refused():
    table = red_to_move(fitted("hard", weather=1))
    assert "tire_bonus" not in names(table)
    with pytest.raises(EventRejected, match="Red's tires give no extra spaces on this move"):
        apply(table.state, Event("move", {"car": "red", "roll": 9, "tire_bonus": True}))


def test_rain_tires_in_the_dry_double_the_overshoot_in_laps_1_and_2():
    table = red_to_move(fitted("rain", weather=1))
    assert table.field("overshoot").label == (
        "Spaces it overshot that corner by (2 tire WP each, doubled by its tires)"
    )
    table("move", car="red", roll=9, corner=1, overshoot=2)
    assert table.wp("red", Zone.TIRES) == 2


def test_soft_tires_kept_into_lap_3_treble_the_overshoot_but_a_pit_stop_changes_them():
    table = red_to_move(fitted("soft", weather=1, laps=3), laps=2)
    assert "3 tire WP each, trebled" in table.field("overshoot").label
    table("move", car="red", roll=9, corner=1, overshoot=1)
    assert table.wp("red", Zone.TIRES) == 3
    changed = red_to_move(fitted("soft", weather=1, laps=3), laps=2, pits=1)
    assert "(1 tire WP each)" in changed.field("overshoot").label


def test_soft_tires_in_rain_lose_their_3_spaces_on_lap_3():
    table = red_to_move(fitted("soft", weather=20, laps=3), laps=1)
    assert "3 spaces more (soft tires in rain)" in table.field("tire_bonus").label
    table = red_to_move(fitted("soft", weather=20, laps=3), laps=2, pits=1)
    assert "tire_bonus" not in names(table)


def test_a_pit_stop_may_change_the_type_of_tires():
    table = red_to_move(fitted("soft", weather=1))("move", car="red", roll=9, pit=7)
    assert table.prompt.kind == "pit_roll"
    assert table.field("tires").default == "soft"
    before = table.state
    table("pit_roll", car="red", value=15, tires="rain")
    assert table.car("red").tires_fitted is Tires.RAIN
    assert FORMULA_D.describe(before, table.events[-1], table.state).startswith(
        "Red fits rain tires; its pit stop roll: 15, Slow Stop"
    )
