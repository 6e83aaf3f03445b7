"""The Technical Pit Stop at the table: the pit stop roll's prompt offers up to 2 WP back for the
race (not the tires, never above the start), the car starts the next round in 4th at most, and
soft tires give no extra space leaving the pits. Off unless the race is set up with it."""

import pytest

from rules.engine import Event, EventRejected, apply, ruleset_for
from rules.formula_d import DEFAULT_WEATHER_CHART, Zone
from tests.rules.formula_d.race.table import Table, in_gear, race_setup

FORMULA_D = ruleset_for("formula_d")


def technical(*, tires: bool = False) -> Table:
    """Red and Blue under way (on soft and hard tires in good weather, with `tires`); round 2's
    order to confirm."""
    options = {"tires": True, "weather_chart": DEFAULT_WEATHER_CHART} if tires else {}
    table = Table(race_setup(technical_pit_stop=True, **options))
    if tires:
        table("weather_roll", value=1)
        table("tire_choice", car="red", tires="soft")("tire_choice", car="blue", tires="hard")
    table.grid(red=20, blue=19)
    return table.starts(red=10, blue=10)


def red_in_the_pits(table: Table, **changes) -> Table:
    table = in_gear(table, red=5).edit_car("red", **changes).confirm()
    return table("gear", car="red", gear=5)("move", car="red", roll=15, pit=12)


def names(table: Table) -> list[str]:
    return [field.name for field in table.prompt.fields]


def test_without_the_rule_the_pit_stop_roll_offers_no_repair():
    table = in_gear(Table().grid(red=20, blue=19).starts(red=10, blue=10), red=5).confirm()
    table("gear", car="red", gear=5)("move", car="red", roll=15, pit=12)
    assert names(table) == ["value"]


def test_a_technical_stop_takes_2_wp_in_two_zones_with_the_pit_stop_roll():
    table = red_in_the_pits(technical(), brakes=2, engine=2)
    assert names(table) == ["repair_1", "repair_2", "value"]
    assert table.field("repair_1").label == (
        "Technical pit stop: 1 WP back in (2 WP left this race, not above the start; 4th gear "
        "at most next round)"
    )
    assert dict(table.field("repair_1").choices)["brakes"] == "Brake (2 of 3 WP)"
    assert "tires" not in dict(table.field("repair_1").choices)
    before = table.state
    table("pit_roll", car="red", value=15, repair_1="brakes", repair_2="engine")
    assert (table.wp("red", Zone.BRAKES), table.wp("red", Zone.ENGINE)) == (3, 3)
    assert table.car("red").repaired == 2
    assert FORMULA_D.describe(before, table.events[-1], table.state) == (
        "Red's pit stop roll: 15, Slow Stop (technical pit stop: 1 brake WP and 1 engine WP "
        "back): waits in the pits until next round, then moves off in 4th or lower"
    )


def test_never_above_the_start_and_2_wp_for_the_whole_race():
    table = red_in_the_pits(technical(), engine=2)
    with pytest.raises(EventRejected, match="The car body has 3 WP, what it started the race"):
        apply(table.state, Event("pit_roll", {"car": "red", "value": 5, "repair_1": "body"}))
    table = red_in_the_pits(technical(), engine=1, repaired=1)
    assert names(table) == ["repair_1", "value"]  # 1 WP left of the race's 2
    table = red_in_the_pits(technical(), engine=1, repaired=2)
    assert names(table) == ["value"]


def test_after_a_technical_stop_the_next_round_starts_in_4th_at_most():
    table = red_in_the_pits(technical(), engine=2)
    table("pit_roll", car="red", value=4, repair_1="engine")("move", car="red")  # Quick Stop
    table("gear", car="blue", gear=2)("move", car="blue", roll=3).confirm()
    assert table.prompt.text == (
        "Round 3: Red (Jane Doe) in 4th (technical pit stop: 4th at most): choose a gear"
    )
    assert set(dict(table.field("gear").choices)) == {"1", "2", "3", "4"}
    with pytest.raises(EventRejected, match="may not start in higher than 4th gear"):
        apply(table.state, Event("gear", {"car": "red", "gear": 5}))


def test_a_tire_stop_leaves_the_next_round_free():
    table = red_in_the_pits(technical(), engine=2)
    table("pit_roll", car="red", value=4)("move", car="red")
    table("gear", car="blue", gear=2)("move", car="blue", roll=3).confirm()
    assert "5" in dict(table.field("gear").choices)


def test_soft_tires_give_no_extra_space_leaving_the_pits_after_a_technical_stop():
    table = red_in_the_pits(technical(tires=True), engine=2)
    table("pit_roll", car="red", value=4, tires="soft", repair_1="engine")
    assert table.prompt.kind == "move" and "tire_bonus" not in names(table)
    tire_stop = red_in_the_pits(technical(tires=True), engine=2)
    tire_stop("pit_roll", car="red", value=4, tires="soft")
    assert "tire_bonus" in names(tire_stop)
