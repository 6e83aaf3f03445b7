"""A complete four-car Season Pass race, scripted roll by roll, and its results."""

from dataclasses import replace

from rules.engine import Event, apply, replay, results, state_from_dict, state_to_dict
from rules.season_pass import Column, Weather
from rules.season_pass.race import Check, checks
from rules.season_pass.race.standings import retired
from tests.rules.season_pass.race.table import FOUR_CARS, Table, race_setup, sunny_two_car_race


def test_a_four_car_race_from_qualifying_to_results():
    table = Table(race_setup(*FOUR_CARS))

    # Qualifying: Red 5+1 and Blue 6+0 tie on 6; Green 9-1 = 8, Yellow 12-2 = 10.
    table.qualify(red=5, blue=6, green=9, yellow=12)
    assert [p.car for p in table.asked] == ["red", "blue"]
    table("tie_roll", car="red", value=8)("tie_roll", car="blue", value=3)
    assert table.state.grid == ("blue", "red", "green", "yellow")

    # Weather: variable, red die 7 to start; each round a black die before the leader moves.
    table("weather_roll", value=18)("weather_score_roll", value=7)
    assert table.prompt.kind == "weather_roll"
    table("weather_roll", value=12)  # rain: 6
    assert (table.state.weather_score, table.state.weather) == (6, Weather.RAIN)

    # Round 1, grid order, everyone in 1st. Red ends beside Blue: both check, nothing happens.
    table.move("blue", 1, 2)
    table.move("red", 1, 2, adjacent=["blue"])
    assert table.prompt.text.startswith("Red (Jane Doe, Rookie) ended beside Blue in rain")
    assert [f.die.value for f in table.prompt.fields] == ["black", "red"]
    table("collision_roll", car="red", black=10, red=4)
    table("collision_roll", car="blue", black=4, red=4)
    table.move("green", 1, 1)
    table.move("yellow", 1, 1)

    # Round 2: sunny again (7). The proposed order is the farthest first, first arrived first.
    table("weather_roll", value=5)
    assert table.state.weather is Weather.SUN
    assert table.prompt.fields[0].default == ("blue", "red", "green", "yellow")
    table("order", order="blue,red,green,yellow")
    table.move("blue", 2, 4)
    table.move("red", 2, 3)
    # Green ends beside Red: a collision chain that disables Green.
    table.move("green", 2, 4, adjacent=["red"])
    table("collision_roll", car="green", black=1, green=8)  # Champion in sun: Black 1 Green 7-11
    table("collision_roll", car="red", black=5, green=8)
    assert table.prompt.kind == "neighbours"
    assert table.prompt.fields[0].default == ("red",)
    table("neighbours", car="green", adjacent=["red"])
    table("chain_roll", car="red", value=2)
    table("neighbours", car="red", adjacent=["green"])
    table("chain_roll", car="green", value=1)
    assert table.car("green").status == "out"
    table("neighbours", car="green", adjacent=["red"])
    table("chain_roll", car="red", value=20)
    # Disabled with exactly two points: one roll on the red column.
    assert table.prompt.kind == "injury_roll"
    assert "Red column" in table.prompt.text
    table("injury_roll", car="green", value=13)
    assert table.car("green").injury.severity == 1
    table.move("yellow", 2, 2)

    # Round 3: Blue leaves a difficulty-2 corner after no stops, 3 spaces beyond: 3 tire points.
    table("weather_roll", value=1)
    assert table.prompt.fields[0].default == ("blue", "red", "yellow")
    table("order", order=["blue", "red", "yellow"])
    table.move("blue", 3, 8, corner=2, corner_stops=0, skid=3)
    assert (table.car("blue").tires, table.car("blue").skid_moves) == (1, 1)
    table.move("red", 3, 7)
    table.move("yellow", 3, 5)

    # Round 4: Blue still skidding brakes to one space, its last tire point: a spin-out.
    table("weather_roll", value=2)
    table("order", order=["blue", "red", "yellow"])
    table.move("blue", 3, 4, brakes=3)
    blue = table.car("blue")
    assert (blue.tires, blue.brakes, blue.spun_out, blue.skid_moves) == (1, 0, True, 0)
    table.move("red", 4, 12)
    table.move("yellow", 4, 10)

    # Round 5: Red rolls 20 in 5th; only Red is in 5th or higher; a 3 damages, then it holds.
    table("weather_roll", value=3)
    assert table.prompt.fields[0].default == ("red", "yellow", "blue")
    table("order", order="red,yellow,blue")
    table.move("red", 5, 20)
    assert [p.kind for p in table.asked] == ["engine_check"]
    table("engine_check", car="red", value=3)
    table("engine_check", car="red", value=15)
    assert table.car("red").engine_damage == 1
    table.move("yellow", 5, 14)
    assert [c for c, _ in table.prompt.fields[0].choices] == ["1"]  # spun out: 1st gear
    table.move("blue", 1, 2)

    # Round 6: Red and Yellow cross the line; Blue overshoots and is hurt.
    table("weather_roll", value=4)
    table("order", order="red,yellow,blue")
    table.move("red", 6, 25, finish=5)  # 5/25 = 20% of its move
    table.move("yellow", 6, 22, finish=3)  # 3/22 = 14%: ahead in the photo finish
    table.move("blue", 2, 3, corner=1, skid=3)  # 3 beyond with 1 tire point: overshoot of 2
    assert table.car("blue").out_reason == "overshoot"
    for value, column in ((5, "Indigo"), (1, "Blue"), (20, "Orange"), (12, "Green")):
        assert not table.state.finished
        assert f"{column} column" in table.prompt.text
        table("injury_roll", car="blue", value=value)
    assert table.state.finished
    assert table.asked == ()

    places = results(table.state)
    assert [(r.car, r.place, r.finished, r.out_reason) for r in places] == [
        ("yellow", 1, True, None),
        ("red", 2, True, None),
        ("blue", 3, False, "overshoot"),
        ("green", 4, False, "collision"),
    ]
    # What the season needs besides: Blue's overshoot (2, the Indigo column), Green's damage.
    assert [(r.car, r.overshoot, r.damage) for r in places] == [
        ("yellow", None, 0),
        ("red", None, 1),
        ("blue", 2, 0),
        ("green", None, 2),
    ]
    blue_injury = places[2].injury
    assert blue_injury.rolls == (
        (Column.INDIGO, 5),
        (Column.BLUE, 1),
        (Column.ORANGE, 20),
        (Column.GREEN, 12),
    )
    assert (blue_injury.severity, blue_injury.settled) == (2, True)
    assert places[0].injury is None

    assert replay(table.setup, table.events) == table.state
    assert state_from_dict(state_to_dict(table.state)) == table.state


def test_cars_out_are_ranked_by_how_far_they_got_and_level_ones_by_who_lasted_longer():
    # Scoring: "Cars that do not finish the race are ordered based on how far they made it";
    # level on distance, the one that went out later ranks first (docs/rulings.md).
    table = Table(race_setup(*FOUR_CARS)).qualify(red=1, blue=5, green=9, yellow=15).sunny()
    table.edit_car("red", status="out", out_reason="overshoot", distance=20, out_at=3)
    table.edit_car("blue", status="out", out_reason="collision", distance=20, out_at=7)
    table.edit_car("green", status="out", out_reason="overshoot", distance=25, out_at=2)
    assert retired(table.state) == ["green", "blue", "red"]


def test_a_roll_with_many_checks_pending_builds_each_prompt_once(monkeypatch):
    """Prompts were built twice per roll: all 42 of a 6th-gear off-road move's checks."""
    table = sunny_two_car_race()
    owed = tuple(Check("engine_check", key, reason="A 30 in 6th") for key in ("red", "blue"))
    state = replace(table.state, pending=owed * 21)
    built = []
    real = checks._prompt
    monkeypatch.setattr(checks, "_prompt", lambda *args: built.append(1) or real(*args))
    _state, asked = apply(state, Event("engine_check", {"car": "red", "value": 10}))
    assert len(asked) == 41
    assert len(built) == 1 + 41  # the one the roll answers, then the new state's prompts
