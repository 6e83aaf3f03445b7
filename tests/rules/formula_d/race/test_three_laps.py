"""Optional Rules, Three-Lap Race: "The player whose car passes the finishing line first after 3
laps wins. 2 pit stops are possible during the race." A league setting (or a round's race
option), off by default."""

import pytest

from rules.championship import InvalidSetting, championship_for
from rules.engine import Event, EventRejected, apply, dashboard, ruleset_for
from rules.formula_d import PIT_STOPS_BY_LAPS, RACE_LAP_CHOICES, InvalidPitStop, may_pit
from tests.rules.formula_d.race.table import Table, in_gear, race_setup

FORMULA_D = championship_for("formula_d")


def three_laps() -> Table:
    """Red and Blue under way in a 3-lap race, round 2's order to confirm."""
    table = Table(race_setup(laps=3)).grid(red=20, blue=19)
    return table.starts(red=10, blue=10)


def red_to_move(table: Table, gear: int = 4, **changes) -> Table:
    table = in_gear(table, red=gear).edit_car("red", **changes).confirm()
    return table("gear", car="red", gear=gear)


def refused(table: Table, kind: str, match: str, **data) -> None:
    before = table.state
    with pytest.raises(EventRejected, match=match):
        apply(before, Event(kind, data))
    assert table.state == before


# --- Rules data --------------------------------------------------------------------------------


def test_a_race_is_2_laps_with_one_stop_or_3_laps_with_two():
    assert RACE_LAP_CHOICES == (2, 3)
    assert PIT_STOPS_BY_LAPS == {2: 1, 3: 2}


def test_in_3_laps_a_car_may_stop_after_lap_1_and_after_lap_2_twice_at_most():
    assert may_pit(laps_completed=1, stops_made=0, race_laps=3)
    assert may_pit(laps_completed=2, stops_made=0, race_laps=3)
    assert may_pit(laps_completed=2, stops_made=1, race_laps=3)
    assert not may_pit(laps_completed=2, stops_made=2, race_laps=3)
    assert not may_pit(laps_completed=3, stops_made=0, race_laps=3)  # the finish
    assert not may_pit(laps_completed=0, stops_made=0, race_laps=3)


def test_in_2_laps_the_base_rule_holds():
    assert may_pit(laps_completed=1, stops_made=0, race_laps=2)
    assert not may_pit(laps_completed=2, stops_made=0, race_laps=2)


def test_a_race_of_another_length_has_no_pit_stops_to_give():
    with pytest.raises(InvalidPitStop, match="A race is 2 or 3 laps, not 4"):
        may_pit(laps_completed=1, stops_made=0, race_laps=4)


# --- The race at the table ---------------------------------------------------------------------


def test_the_three_lap_race_sets_up_and_says_so():
    setup = race_setup(laps=3)
    assert setup.laps == 3
    table = three_laps()
    assert ruleset_for("formula_d").status(table.state) == "Round 2 · a race of 3 laps"


@pytest.mark.parametrize("laps", [1, 4, True, "3"])
def test_a_race_of_neither_2_nor_3_laps_is_refused(laps):
    with pytest.raises(EventRejected, match=r"the race is 2 laps, or 3 in the optional Three-Lap"):
        race_setup(laps=laps)


def test_a_car_stops_after_lap_1_then_again_after_lap_2():
    table = red_to_move(three_laps(), tires=2)
    assert table.field("pit").label.startswith("Entered the pits at the end of lap 1:")
    table("move", car="red", roll=9, pit=7)("pit_roll", car="red", value=4)("move", car="red")
    red = table.car("red")
    assert (red.laps, red.pits, red.sheet.tires) == (1, 1, 6)
    table.move("blue", 1, 1)
    table.edit_car("red", tires=1)
    table = red_to_move(table)
    assert table.field("pit").label.startswith("Entered the pits at the end of lap 2:")
    table("move", car="red", roll=9, pit=7)
    red = table.car("red")
    assert (red.laps, red.pits, red.sheet.tires) == (2, 2, 6)
    assert [prompt.kind for prompt in table.asked] == ["pit_roll"]


def test_no_third_stop_and_no_stop_at_the_end_of_the_last_lap():
    table = red_to_move(three_laps(), laps=2, pits=2)
    assert "pit" not in [field.name for field in table.prompt.fields]
    refused(
        table,
        "move",
        "may make 2 pit stops in this race, at the end of laps 1 and 2, on a roll",
        car="red",
        roll=9,
        pit=7,
    )
    table = red_to_move(three_laps(), laps=1, pits=0)
    assert "pit" in [field.name for field in table.prompt.fields]  # a car that never stopped


def test_the_car_finishes_after_3_laps_not_2():
    table = red_to_move(three_laps(), laps=1)
    table("move", car="red", roll=9, finish=3)
    red = table.car("red")
    assert (red.laps, red.status) == (2, "racing")
    assert dashboard(table.state)[0].note == "2 laps of 3 done"
    table.move("blue", 1, 1)
    table = red_to_move(table)("move", car="red", roll=9, finish=3)
    assert (table.car("red").laps, table.car("red").status) == (3, "finished")


# --- The league setting and a round's format ---------------------------------------------------


def test_the_league_races_2_laps_unless_its_organiser_switches_the_three_lap_race_on():
    assert FORMULA_D.validated_settings({})["laps"] == "2"
    # A league made before the Overshooting setting shows the reading it keeps racing with.
    assert FORMULA_D.settings_summary(FORMULA_D.validated_settings({"last_tire_wp": "out"})) == ()
    three = FORMULA_D.validated_settings({"laps": "3", "last_tire_wp": "out"})
    assert FORMULA_D.settings_summary(three) == ("3 laps, 2 pit stops (the Three-Lap Race)",)
    with pytest.raises(InvalidSetting, match="Race length: one of 2, 3, not '4'"):
        FORMULA_D.validated_settings({"laps": "4"})


def test_the_race_takes_the_round_s_length_else_the_league_s():
    def laps(settings, race_options=None, race_format=""):
        race = FORMULA_D.race_settings(settings, race_options or {}, race_format)
        return FORMULA_D.race_options(weather_table=(), settings=race)["laps"]

    assert laps({}) == 2
    assert laps({"laps": "3"}) == 3
    assert laps({"laps": "3"}, {"laps": "2"}) == 2
    assert laps({}, {"laps": "3"}) == 3
    # A round given its length as its race format, before the race options held it.
    assert laps({}, {}, "3") == 3
    assert laps({}, {"laps": "2"}, "3") == 2
    assert FORMULA_D.race_formats == ()
