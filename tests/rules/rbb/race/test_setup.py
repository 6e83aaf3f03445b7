"""An RBB race's setup: the season's wear points, the home track's tyres, the grid drawn at the
table for the first race or Paddock's reverse grid confirmed by the referee, and the start roll."""

import pytest

from rules.engine import EventRejected, Starter, dashboard, setup
from rules.formula_d import Zone
from tests.rules.rbb.race.table import Table, race_setup


def test_every_car_starts_on_the_preset_wear_points():
    table = Table()
    assert table.car("red").sheet.zones() == {
        Zone.TIRES: 6,
        Zone.BRAKES: 3,
        Zone.GEARBOX: 3,
        Zone.BODY: 3,
        Zone.ENGINE: 3,
        Zone.ROAD_HANDLING: 2,
    }


def test_a_season_s_own_wear_points_and_a_home_track_s_2_bonus_tyres():
    wear = {"tyres": 8, "brakes": 4, "gears": 2, "body": 2, "engine": 2, "handling": 3}
    table = Table(race_setup(wear_points=wear, home=["blue"]))
    assert (table.wp("red", Zone.TIRES), table.wp("blue", Zone.TIRES)) == (8, 10)
    assert table.wp("blue", Zone.BRAKES) == 4
    assert "home track: 2 bonus tyre WP" in dashboard(table.state)[1].note


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"laps": 3}, "a race is 2 laps"),
        ({"home": ["pink"]}, "No starter drives Pink"),
        ({"grid": ["red"]}, "names every car exactly once"),
        ({"wear_points": {"tyres": 0}}, "wear-point setup"),
    ],
)
def test_a_setup_the_rules_cannot_run_is_refused(options, reason):
    with pytest.raises(EventRejected, match=reason):
        race_setup(**options)
    with pytest.raises(EventRejected, match="at least two cars"):
        setup("rbb", [Starter("red", "Ann")])


def test_the_first_race_s_grid_is_drawn_with_the_damage_die_highest_on_pole():
    table = Table()
    assert table.prompt.text == "Random grid: Red (Jane Doe) rolls black (highest on pole)"
    table.grid(red=4, blue=4)
    assert table.prompt.kind == "tie_roll"
    table("tie_roll", car="red", value=3)("tie_roll", car="blue", value=9)
    assert table.state.grid == ("blue", "red")
    assert (table.prompt.kind, table.prompt.car) == ("start_roll", "blue")


def test_a_later_race_s_grid_is_paddock_s_proposal_confirmed_or_corrected_by_the_referee():
    table = Table(race_setup("red", "blue", "green", grid=["green", "red", "blue"]))
    assert table.prompt.kind == "grid"
    assert table.prompt.fields[0].default == ("green", "red", "blue")
    table("grid", order=["red", "green", "blue"])
    assert table.state.grid == ("red", "green", "blue")
    assert (table.prompt.kind, table.prompt.car) == ("start_roll", "red")


@pytest.mark.parametrize(("roll", "next_kind"), [(1, "start_roll"), (10, "move"), (20, "move")])
def test_the_start_roll(roll, next_kind):
    table = Table().grid(red=15, blue=8)("start_roll", car="red", value=roll)
    assert table.prompt.kind == next_kind
    if roll == 1:
        assert table.prompt.car == "blue" and table.car("red").gear == 0
    elif roll == 20:
        assert "fantastic start: it moves 4 spaces" in table.prompt.text
        assert "roll" not in [field.name for field in table.prompt.fields]
    else:
        assert table.field("roll").die.value == "yellow"


def test_a_stalled_car_moves_off_in_1st_next_turn_without_a_new_start_roll():
    table = Table().grid(red=15, blue=8)("start_roll", car="red", value=1)
    table.starts(blue=10)("order", order=["red", "blue"])
    assert (table.prompt.kind, table.prompt.car) == ("move", "red")
    assert "after its stall, in 1st without a new start roll" in table.prompt.text
