"""Road Races at the table, line by line: hard tires for all, nitro once a lap, no pits, the
engine-noise area, the danger zone, the pole station and the checkpoint, and each driver card's
skill with its limits. Off unless the race is set up as a road race."""

import pytest

from rules.engine import EventRejected, dashboard, ruleset_for
from rules.formula_d import STANDARD_CAR, Tires, Zone
from tests.rules.formula_d.race.table import Table, in_gear, race_setup

FORMULA_D = ruleset_for("formula_d")
WP = {"tires": 8, "brakes": 4, "gearbox": 4, "body": 4, "engine": 4, "road_handling": 3}


def road_race(*cars: str, skills: dict[str, str] | None = None, **options) -> Table:
    """A road race of `cars` (Red and Blue), each driver with the skill `skills` gives it."""
    keys = cars or ("red", "blue")
    cards = {car: {"skill": skill} for car, skill in (skills or {}).items()}
    return Table(race_setup(*keys, road_race=True, driver_cards=cards, **options))


def under_way(*cars: str, skills: dict[str, str] | None = None, **options) -> Table:
    """Every car started normally and moved 1 space in 1st; round 2's order to confirm."""
    keys = cars or ("red", "blue")
    table = road_race(*keys, skills=skills, **options)
    if "weather_chart" in options:
        table("weather_roll", value=1)
        if table.prompt.kind == "frog_choice":
            table("frog_choice", car=table.prompt.car, frog="keep")
    table.grid(**{key: 20 - index for index, key in enumerate(keys)})
    return table.starts(**dict.fromkeys(keys, 10))


def names(table: Table) -> list[str]:
    return [field.name for field in table.prompt.fields]


def said(table: Table, before) -> str:
    return FORMULA_D.describe(before, table.events[-1], table.state)


def kinds(table: Table) -> list[str]:
    return [prompt.kind for prompt in table.asked]


# --- Cars and Drivers --------------------------------------------------------------------------


def test_all_cars_drive_on_hard_tires_chosen_by_no_one():
    table = road_race(tires=True, weather_chart="1-20 rainy")
    table("weather_roll", value=5)
    assert table.prompt.kind == "grid_roll"  # no tire choice
    assert {car.tires_fitted for car in table.state.cars} == {Tires.HARD}
    assert FORMULA_D.status(table.state) == (
        "Before the start · a race of 2 laps · road race · rainy weather (rain)"
    )


def test_hard_tires_in_rain_move_3_more_in_a_corner_as_in_the_tire_rules():
    table = under_way(weather_chart="1-20 rainy").confirm()
    table("gear", car="red", gear=2)
    assert table.field("tire_bonus").label == (
        "A space of the move was in a corner: 3 spaces more (hard tires in rain)"
    )


def test_each_driver_s_card_gives_its_car_s_wp_and_the_driver_s_skill():
    cards = {"red": {"skill": "car_radio", **WP}, "blue": {"skill": "aggressive"}}
    table = Table(race_setup("red", "blue", road_race=True, driver_cards=cards))
    assert table.car("red").sheet.total == 27
    assert table.car("blue").sheet == STANDARD_CAR  # a card without WP: the standard car
    notes = [view.note for view in dashboard(table.state)]
    assert notes == ["Car Radio; nitro ready; hard tires", "Aggressive; nitro ready; hard tires"]


def test_a_card_outside_the_rules_or_outside_a_road_race_is_refused():
    with pytest.raises(
        EventRejected,
        match="Red's driver card: A driver card gives 1 to 20 WP in each zone, not 0 brake WP",
    ):
        race_setup("red", "blue", road_race=True, driver_cards={"red": {**WP, "brakes": 0}})
    with pytest.raises(EventRejected, match="Driver cards are for road races"):
        race_setup("red", "blue", driver_cards={"red": {"skill": "aggressive"}})
    with pytest.raises(EventRejected, match="No starter drives Green"):
        race_setup("red", "blue", road_race=True, driver_cards={"green": {"skill": "aggressive"}})


def test_a_road_race_without_cards_races_standard_cars_or_built_ones():
    built = {"red": {"tires": 10, "brakes": 2, "gearbox": 2, "body": 2, "engine": 2,
                     "road_handling": 2}}  # fmt: skip
    table = Table(race_setup("red", "blue", road_race=True, car_sheets=built))
    assert (table.car("red").sheet.tires, table.car("blue").sheet) == (10, STANDARD_CAR)


# --- Nitro fuel injection ----------------------------------------------------------------------


def test_nitro_adds_a_space_a_gear_once_a_lap_and_marks_the_score_card():
    table = in_gear(under_way(), red=2).confirm()
    table("gear", car="red", gear=3)
    assert table.field("nitro").label == "Nitro, once a lap: +3 spaces in 3rd gear"
    before = table.state
    table("move", car="red", roll=5, nitro=True)
    assert table.car("red").spaces - before.car("red").spaces == 8
    assert table.car("red").sheet == STANDARD_CAR  # a marker on the card, not a WP lost
    assert said(table, before) == "Red moves 8 spaces in 3rd, 3 spaces of them from the nitro"
    assert dashboard(table.state)[0].note == "nitro used this lap; hard tires"
    table.move("blue", 2, 3).confirm()
    table("gear", car="red", gear=3)
    assert "nitro" not in names(table)  # once a lap
    with pytest.raises(EventRejected, match="move has no field nitro"):
        table("move", car="red", roll=5, nitro=True)


def test_nitro_is_ready_again_on_the_next_lap():
    table = under_way().confirm()
    table("gear", car="red", gear=2)("move", car="red", roll=3, nitro=True, finish=1)
    assert table.car("red").laps == 1
    assert dashboard(table.state)[0].note.startswith("nitro ready")
    table.move("blue", 2, 3).confirm()
    table("gear", car="red", gear=2)
    assert "nitro" in names(table)


def test_nitro_is_used_after_rolling_the_gear_die_not_on_a_great_start():
    table = road_race().grid(red=20, blue=5)
    table("start_roll", car="red", value=20)
    assert table.prompt.kind == "move" and "nitro" not in names(table)


def test_the_nitro_s_spaces_may_be_braked_and_leave_the_speed_the_die_s():
    table = in_gear(under_way(), red=4).confirm()
    before = table.state
    table("gear", car="red", gear=4)("move", car="red", roll=7, nitro=True, brakes=3)
    assert table.car("red").spaces - before.car("red").spaces == 8  # 7 + 4 - 3
    assert table.car("red").speed == 7
    with pytest.raises(EventRejected, match="moved 7: it cannot stop 8 spaces short"):
        in_gear(under_way(), red=4).confirm()("gear", car="red", gear=4)(
            "move", car="red", roll=7, blocked=8
        )


def test_better_nitro_adds_3_spaces_on_top_if_the_driver_wishes():
    table = under_way(skills={"red": "better_nitro"}).confirm()
    table("gear", car="red", gear=2)
    assert table.field("better_nitro").label == "Better Nitro: 3 spaces more with the nitro"
    with pytest.raises(EventRejected, match="Better Nitro's 3 spaces come with the nitro"):
        table("move", car="red", roll=3, better_nitro=True)
    before = table.state
    table("move", car="red", roll=3, nitro=True, better_nitro=True)
    assert table.car("red").spaces - before.car("red").spaces == 8
    assert said(table, before) == (
        "Red moves 8 spaces in 2nd, 2 spaces of them from the nitro and 3 more (Better Nitro)"
    )
    table("gear", car="blue", gear=2)
    assert "better_nitro" not in names(table)  # Blue's card has no Better Nitro


# --- Circuit: no pits --------------------------------------------------------------------------


def test_the_pits_are_not_used():
    table = in_gear(under_way(), red=4).confirm()
    table("gear", car="red", gear=4)
    assert "pit" not in names(table)
    with pytest.raises(EventRejected, match="The pits are not used in a road race"):
        table("move", car="red", roll=7, pit=3)


# --- Circuit: Engine Noise ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "zone", "words"),
    [
        (1, None, "Too Late"),
        (15, None, "Too Late"),
        (16, Zone.TIRES, "Grazing Shot, loses 1 tire WP"),
        (18, Zone.TIRES, "Grazing Shot, loses 1 tire WP"),
        (19, Zone.BODY, "Not bad, loses 1 car body WP; a damage marker on its space"),
        (20, Zone.ENGINE, "Direct hit, loses 1 engine WP; a damage marker on its space"),
    ],
)
def test_a_car_ending_its_move_in_the_engine_noise_area_rolls_the_black_die(roll, zone, words):
    table = under_way().confirm()
    table("gear", car="red", gear=2)("move", car="red", roll=3, noise=True)
    assert table.prompt.kind == "noise_roll"
    assert table.prompt.text.startswith(
        "Red (Jane Doe) ended its move in the engine-noise area, a resident takes a shot: roll "
        "black (1-15: Too Late: the shot goes wild; 16-18: Grazing Shot"
    )
    before = table.state
    table("noise_roll", car="red", value=roll)
    lost = {z: STANDARD_CAR[z] - table.wp("red", z) for z in Zone}
    assert lost == {z: 1 if z is zone else 0 for z in Zone}
    assert said(table, before) == f"Red's engine-noise roll: {roll}, {words}"


def test_the_engine_noise_roll_comes_after_the_collision_roll():
    table = under_way().confirm()
    table("gear", car="red", gear=2)("move", car="red", roll=3, noise=True, adjacent=["blue"])
    assert kinds(table) == ["collision_roll", "noise_roll"]


# --- Circuit: Danger Zone ----------------------------------------------------------------------


def test_each_red_space_of_the_danger_zone_is_a_space_with_a_damage_marker():
    table = under_way().confirm()
    table("gear", car="red", gear=2)
    before = table.state
    table("move", car="red", roll=3, danger=2)
    assert said(table, before) == "Red moves 3 spaces in 2nd, over 2 red spaces of the danger zone"
    assert kinds(table) == ["handling_roll", "handling_roll"]
    assert table.prompt.text == (
        "Red (Jane Doe) passed over a red space of the danger zone: road handling roll, roll "
        "black (1-4: -1 road handling WP)"
    )
    before = table.state
    table("handling_roll", car="red", value=4)
    assert table.wp("red", Zone.ROAD_HANDLING) == 1
    assert said(table, before) == (
        "Red's road handling roll for a red space of the danger zone: 4, loses 1 road handling WP"
    )
    table("handling_roll", car="red", value=5)
    assert table.wp("red", Zone.ROAD_HANDLING) == 1


def test_in_rain_a_red_space_costs_road_handling_on_1_to_5():
    table = under_way(weather_chart="1-20 rainy").confirm()
    table("gear", car="red", gear=2)("move", car="red", roll=3, danger=1)
    assert "(1-5 (rain): -1 road handling WP)" in table.prompt.text


# --- Circuit: Checkpoint -----------------------------------------------------------------------


def test_crossing_the_line_gives_the_tires_back_and_2_wp_for_damaged_zones():
    table = under_way().edit_car("red", tires=1, brakes=1, body=2, engine=2).confirm()
    table("gear", car="red", gear=2)
    before = table.state
    table("move", car="red", roll=3, finish=2)
    assert table.wp("red", Zone.TIRES) == STANDARD_CAR.tires
    assert said(table, before) == (
        "Red moves 3 spaces in 2nd, at the checkpoint its tire WP back to 6, past the pole "
        "station at 30, crosses the line: lap 1 of 2 done"
    )
    assert table.prompt.kind == "checkpoint"
    assert table.prompt.text == (
        "Red (Jane Doe) crossed the line: checkpoint, its tire WP back (6) and 2 WP to "
        "distribute between damaged zones, never above the start"
    )
    assert names(table) == ["wp_1", "wp_2"]
    assert [label for _key, label in table.field("wp_1").choices] == [
        "No repair",
        "Brake (1 of 3 WP)",
        "Car body (2 of 3 WP)",
        "Engine (2 of 3 WP)",
    ]
    before = table.state
    table("checkpoint", car="red", wp_1="brakes", wp_2="engine")
    assert (table.wp("red", Zone.BRAKES), table.wp("red", Zone.ENGINE)) == (2, 3)
    assert said(table, before) == "Red at the checkpoint: 1 brake WP and 1 engine WP back"


def test_the_checkpoint_never_gives_more_than_the_start():
    table = under_way().edit_car("red", brakes=2).confirm()
    table("gear", car="red", gear=2)("move", car="red", roll=3, finish=2)
    assert names(table) == ["wp_1"]  # one WP damaged: one to take
    with pytest.raises(EventRejected, match="no field wp_2"):
        table("checkpoint", car="red", wp_1="brakes", wp_2="brakes")


def test_with_nothing_damaged_the_checkpoint_asks_nothing():
    table = under_way().edit_car("red", tires=2).confirm()
    table("gear", car="red", gear=2)("move", car="red", roll=3, finish=2)
    assert table.wp("red", Zone.TIRES) == 6
    assert table.prompt.kind == "gear" and table.prompt.car == "blue"


def test_an_overshoot_beyond_the_line_comes_off_the_fresh_tires():
    table = under_way().edit_car("red", tires=1).confirm()
    table("gear", car="red", gear=2)
    table("move", car="red", roll=4, finish=1, corner=1, overshoot=2)
    assert table.car("red").racing and table.wp("red", Zone.TIRES) == 4


def test_the_last_lap_s_crossing_is_the_finish_no_checkpoint():
    table = under_way().edit_car("red", laps=1, brakes=1).confirm()
    table("gear", car="red", gear=2)("move", car="red", roll=3, finish=1)
    assert table.car("red").status == "finished"
    assert table.wp("red", Zone.BRAKES) == 1 and table.prompt.car == "blue"
    assert table.state.crossings == ()


def test_a_car_past_the_finish_makes_no_engine_noise_or_danger_zone_roll():
    table = under_way().edit_car("red", laps=1).confirm()("gear", car="red", gear=2)
    for fact in ({"noise": True}, {"danger": 1}):
        with pytest.raises(EventRejected, match="no collision, road handling or engine-noise"):
            table("move", car="red", roll=3, finish=1, **fact)


def test_experienced_mechanic_regains_4_wp_at_the_line():
    table = under_way(skills={"red": "experienced_mechanic"})
    table.edit_car("red", brakes=1, gearbox=1, body=1, engine=1).confirm()
    table("gear", car="red", gear=2)("move", car="red", roll=3, finish=1)
    assert "4 WP (Experienced Mechanic) to distribute" in table.prompt.text
    assert names(table) == ["wp_1", "wp_2", "wp_3", "wp_4"]
    table("checkpoint", car="red", wp_1="brakes", wp_2="brakes", wp_3="body", wp_4="engine")
    assert table.car("red").sheet.zones() == {
        **STANDARD_CAR.zones(),
        Zone.GEARBOX: 1,
        Zone.ENGINE: 2,
        Zone.BODY: 2,
    }


# --- Circuit: Pole Station ---------------------------------------------------------------------


def both_cross(table: Table, red: int, blue: int) -> Table:
    table.confirm()
    table("gear", car="red", gear=4)("move", car="red", roll=red, finish=1)
    return table("gear", car="blue", gear=4)("move", car="blue", roll=blue, finish=1)


def test_when_all_have_crossed_the_fastest_gets_2_wp():
    table = in_gear(under_way(), red=4, blue=4).edit_car("red", body=1, engine=2)
    table.edit_car("blue", body=1)
    table.confirm()
    table("gear", car="red", gear=4)("move", car="red", roll=8, finish=1)
    table("checkpoint", car="red", wp_1="body")
    assert table.prompt.kind == "gear"  # Blue has not crossed yet
    table("gear", car="blue", gear=4)("move", car="blue", roll=7, finish=1)
    table("checkpoint", car="blue", wp_1="body")
    assert table.prompt.kind == "pole_station"
    assert table.prompt.text == (
        "Pole station, lap 1: Red (Jane Doe) was the fastest over the line (Red 80, Blue 70): 2 "
        "WP to distribute between damaged zones, never above the start"
    )
    before = table.state
    table("pole_station", car="red", wp_1="body", wp_2="engine")
    assert table.car("red").sheet == STANDARD_CAR
    assert said(table, before) == (
        "Pole station, lap 1: Red the fastest (Red 80, Blue 70), 1 car body WP and 1 engine WP back"
    )
    assert table.state.pole_laps == 1 and table.prompt.kind == "order"


def test_in_a_tie_the_first_driver_to_pass_the_line_gets_the_bonus():
    table = both_cross(in_gear(under_way(), red=4, blue=4), 10, 10)
    assert table.prompt.text.startswith(
        "Pole station, lap 1: Red (Jane Doe) was the fastest over the line (Red 100, Blue 100)"
    )


def test_the_fastest_with_nothing_damaged_takes_nothing():
    table = both_cross(in_gear(under_way(), red=4, blue=4), 8, 9)
    assert table.prompt.kind == "pole_station" and table.prompt.car == "blue"
    assert table.prompt.text.endswith(": nothing is damaged, the WP are not used")
    assert names(table) == []
    before = table.state
    table("pole_station", car="blue")
    assert said(table, before).endswith("(Blue 90, Red 80), no WP taken")


def test_a_car_out_of_the_race_holds_nobody_up_and_gets_nothing():
    table = in_gear(under_way("red", "blue", "green"), red=4, blue=4, green=4)
    table.edit_car("green", status="out", out_reason="engine").confirm()
    table("gear", car="red", gear=4)("move", car="red", roll=9, finish=1)
    table("gear", car="blue", gear=4)("move", car="blue", roll=7, finish=1)
    assert table.prompt.kind == "pole_station" and table.prompt.car == "red"


def test_the_pole_station_waits_for_the_last_car_to_cross():
    table = in_gear(under_way(), red=4, blue=4)
    table.confirm()
    table("gear", car="red", gear=4)("move", car="red", roll=9, finish=1)
    table("gear", car="blue", gear=4)("move", car="blue", roll=7)
    assert table.prompt.kind == "order"
    assert table.state.pole_laps == 0


def test_a_race_that_is_not_a_road_race_asks_none_of_it():
    table = Table(race_setup("red", "blue")).grid(red=20, blue=19).starts(red=10, blue=10)
    table.confirm()("gear", car="red", gear=2)
    assert not {"nitro", "danger", "noise"} & set(names(table))
    assert table.car("red").tires_fitted is None
    assert FORMULA_D.status(table.state) == "Round 2 · a race of 2 laps"


# --- The driver cards, skill by skill ----------------------------------------------------------


def test_how_sweet_an_opponent_overtaking_her_on_a_straight_moves_1_space_less():
    table = under_way(skills={"blue": "how_sweet"}).confirm()
    table("gear", car="red", gear=2)
    assert table.field("sweet").label == "Overtook on a straight (How Sweet!: 1 space less each)"
    before = table.state
    table("move", car="red", roll=4, sweet=["blue"])
    assert table.car("red").spaces - before.car("red").spaces == 3
    assert table.car("red").speed == 4
    assert said(table, before) == (
        "Red moves 3 spaces in 2nd, 1 space less for overtaking Blue on a straight (How Sweet!)"
    )
    table("gear", car="blue", gear=2)
    assert "sweet" not in names(table)  # no How Sweet! driver for her to overtake


def test_a_car_cannot_brake_more_spaces_than_how_sweet_leaves_it():
    table = under_way(skills={"blue": "how_sweet"}).confirm()
    table("gear", car="red", gear=2)
    before = table.state
    with pytest.raises(EventRejected, match="moved 2: it cannot stop 3 spaces short"):
        table("move", car="red", roll=3, sweet=["blue"], brakes=3)
    assert table.state == before
    table("move", car="red", roll=3, sweet=["blue"], brakes=2)
    assert table.car("red").spaces == before.car("red").spaces


def test_weather_frog_may_roll_the_weather_again_before_the_race_and_the_second_counts():
    table = road_race(skills={"blue": "weather_frog"}, weather_chart="1-10 good, 11-20 rainy")
    before = table.state
    table("weather_roll", value=15)
    assert said(table, before) == "The weather roll: 15, rainy; the Weather Frog may roll again"
    assert table.state.weather is None
    assert table.prompt.kind == "frog_choice" and table.prompt.car == "blue"
    assert table.prompt.text == (
        "Weather roll 15 (rainy): Weather Frog Blue (Ada Fangio) may roll the black die again, "
        "and the second result counts"
    )
    assert table.field("frog").choices == (("keep", "Keep 15 (rainy)"), ("again", "Roll again"))
    table("frog_choice", car="blue", frog="again")
    assert table.prompt.kind == "weather_roll"
    assert table.prompt.text.endswith(": the Weather Frog's second roll, which counts")
    before = table.state
    table("weather_roll", value=3)
    assert table.state.weather.value == "good" and table.prompt.kind == "grid_roll"
    assert said(table, before) == "The weather roll before the race: 3, good weather"


def test_weather_frog_may_keep_the_first_roll():
    table = road_race(skills={"blue": "weather_frog"}, weather_chart="1-10 good, 11-20 rainy")
    table("weather_roll", value=15)
    before = table.state
    table("frog_choice", car="blue", frog="keep")
    assert table.state.weather.value == "rainy" and table.prompt.kind == "grid_roll"
    assert said(table, before) == (
        "Blue, the Weather Frog, keeps it. The weather roll before the race: 15, rainy weather "
        "(rain)"
    )


def test_weather_frog_may_roll_a_changeable_re_roll_again_while_he_races():
    chart = "1-10 changeable, 11-20 rain changeable"
    table = in_gear(under_way(skills={"blue": "weather_frog"}, weather_chart=chart), red=5)
    table.confirm()("gear", car="red", gear=5)("move", car="red", roll=20)
    table("motor_roll", car="red", value=10)
    assert kinds(table) == ["weather_roll"]
    table("weather_roll", value=15)
    assert table.prompt.kind == "frog_choice" and table.state.weather.value == "changeable"
    table("frog_choice", car="blue", frog="again")
    table("weather_roll", value=12)
    assert table.state.weather.value == "rain changeable"
    assert not table.state.frog_second and table.prompt.kind == "gear"
    blue_out = in_gear(under_way(skills={"blue": "weather_frog"}, weather_chart=chart), red=5)
    blue_out.edit_car("blue", status="out").confirm()
    blue_out("gear", car="red", gear=5)("move", car="red", roll=20)
    blue_out("motor_roll", car="red", value=10)
    blue_out("weather_roll", value=15)
    assert blue_out.state.weather.value == "rain changeable"  # no frog racing to roll again


def test_weather_frog_slides_1_space_in_rain_not_3():
    table = under_way(skills={"red": "weather_frog"}, weather_chart="1-20 rainy").confirm()
    table("gear", car="red", gear=2)
    assert table.field("tire_bonus").short == "Tires +1"
    table("move", car="red", roll=3)("gear", car="blue", gear=2)
    assert table.field("tire_bonus").short == "Tires +3"


def test_aggressive_the_opponent_ending_beside_him_rolls_twice():
    table = under_way(skills={"blue": "aggressive"}).confirm()
    table("gear", car="red", gear=2)("move", car="red", roll=3, adjacent=["blue"])
    assert kinds(table) == ["collision_roll", "collision_roll"]
    assert table.asked[1].text.startswith(
        "Red (Jane Doe) ended next to or behind Blue (Aggressive: again): collision roll"
    )
    table("collision_roll", car="red", value=1)
    before = table.state
    table("collision_roll", car="red", value=1)
    assert table.wp("red", Zone.BODY) == 1
    assert said(table, before).startswith(
        "Red's collision roll (again: Aggressive): 1, loses 1 car body WP"
    )
    table("gear", car="blue", gear=2)("move", car="blue", roll=3, adjacent=["red"])
    assert kinds(table) == ["collision_roll"]  # he rolls once, as anyone does


def test_skidding_pro_adjusts_his_move_by_1_space_in_a_corner_for_1_tire_wp():
    table = under_way(skills={"red": "skidding_pro"}).confirm()
    table("gear", car="red", gear=2)
    assert table.field("skid").choices == (
        ("0", "No"),
        ("1", "1 space further"),
        ("-1", "1 space shorter"),
    )
    before = table.state
    table("move", car="red", roll=3, skid="-1")
    assert table.car("red").spaces - before.car("red").spaces == 2
    assert table.wp("red", Zone.TIRES) == 5
    assert (
        said(table, before) == "Red moves 2 spaces in 2nd, skids 1 space shorter (Skidding "
        "Pro, 1 tire WP)"
    )
    table("gear", car="blue", gear=2)
    assert "skid" not in names(table)


def test_quick_off_the_mark_wins_a_tie_on_the_grid_outright():
    table = road_race("red", "blue", "green", skills={"blue": "quick_off_the_mark"})
    table.grid(red=12, blue=12)
    before = table.state
    table("grid_roll", car="green", value=3)
    assert table.state.grid == ("blue", "red", "green")
    assert said(table, before).endswith("3rd on the grid; the grid: Blue, Red, Green")
    two = road_race(skills={"red": "quick_off_the_mark", "blue": "quick_off_the_mark"})
    two.grid(red=12, blue=12)
    assert two.prompt.kind == "tie_roll"


def test_quick_off_the_mark_moves_first_of_the_cars_level_with_her():
    table = under_way(skills={"blue": "quick_off_the_mark"})
    table.edit_car("red", gear=3, spaces=1).edit_car("blue", gear=1, spaces=2)
    assert table.field("order").default == ("blue", "red")
    assert under_way().edit_car("red", gear=3, spaces=1).edit_car("blue", gear=1, spaces=2).field(
        "order"
    ).default == ("red", "blue")


def test_car_radio_is_thrown_once_a_race_onto_a_car_beside_it():
    table = under_way(skills={"red": "car_radio"}).confirm()
    table("gear", car="red", gear=2)
    assert table.field("radio").choices == (("none", "Not thrown"), ("blue", "Blue (Ada Fangio)"))
    with pytest.raises(EventRejected, match="name Blue among the cars it ended next to"):
        table("move", car="red", roll=3, radio="blue")
    before = table.state
    table("move", car="red", roll=3, adjacent=["blue"], radio="blue")
    assert said(table, before) == (
        "Red moves 3 spaces in 2nd, throws its car radio onto Blue, next to or behind Blue"
    )
    assert kinds(table) == ["collision_roll", "radio_roll"]
    assert table.asked[1].text == (
        "Red threw its car radio onto Blue (Ada Fangio): roll black for the WP it loses (1-4 "
        "tire, 5-7 brake, 8-10 gearbox, 11-13 car body, 14-17 engine, 18-20 road handling)"
    )
    table("collision_roll", car="red", value=10)
    before = table.state
    table("radio_roll", car="blue", value=9)
    assert table.wp("blue", Zone.GEARBOX) == 2
    assert said(table, before) == "Red threw its car radio onto Blue: 9, loses 1 gearbox WP"
    assert dashboard(table.state)[0].note.startswith("Car Radio; nitro ready; car radio thrown")
    table.move("blue", 2, 3).confirm()("gear", car="red", gear=2)
    assert "radio" not in names(table)  # once a race


@pytest.mark.parametrize(
    ("roll", "zone"),
    [(1, Zone.TIRES), (5, Zone.BRAKES), (8, Zone.GEARBOX), (11, Zone.BODY), (14, Zone.ENGINE),
     (18, Zone.ROAD_HANDLING)],
)  # fmt: skip
def test_the_thrown_radio_costs_1_wp_of_the_zone_the_black_die_names(roll, zone):
    table = under_way(skills={"red": "car_radio"}).confirm()
    table("gear", car="red", gear=2)("move", car="red", roll=3, adjacent=["blue"], radio="blue")
    table("collision_roll", car="red", value=10)("radio_roll", car="blue", value=roll)
    lost = {z: STANDARD_CAR[z] - table.wp("blue", z) for z in Zone}
    assert lost == {z: 1 if z is zone else 0 for z in Zone}


def test_a_radio_on_brakes_already_spent_costs_nothing():
    table = under_way(skills={"red": "car_radio"}).edit_car("blue", brakes=0).confirm()
    table("gear", car="red", gear=2)("move", car="red", roll=3, adjacent=["blue"], radio="blue")
    table("collision_roll", car="red", value=10)
    before = table.state
    table("radio_roll", car="blue", value=6)
    assert said(table, before) == "Red threw its car radio onto Blue: 6, no brake WP left to lose"


def test_pile_of_scrap_leaves_a_marker_once_a_lap_on_the_space_he_leaves():
    table = under_way(skills={"red": "pile_of_scrap"}).confirm()
    left = table.car("red").moved_at
    table("gear", car="red", gear=2)
    before = table.state
    table("move", car="red", roll=3, scrap=True)
    assert [marker.key for marker in table.state.markers] == [f"red-{left}"]
    assert said(table, before) == (
        "Red moves 3 spaces in 2nd, leaves a damage marker on the space it left (Pile of Scrap)"
    )
    table("gear", car="blue", gear=2)
    assert table.field("markers").choices == (
        (f"red-{left}", "R2: Red (Round 2, where Red stood)"),
    )
    table("move", car="blue", roll=3).confirm()("gear", car="red", gear=2)
    assert "scrap" not in names(table)  # once a lap
    assert "scrap marker used this lap" in dashboard(table.state)[0].note


def test_pile_of_scrap_stopping_on_a_dangerous_space_loses_road_handling_only_on_1_or_2():
    table = under_way(skills={"red": "pile_of_scrap"}).confirm()
    table("gear", car="red", gear=2)
    with pytest.raises(EventRejected, match="count it among the red spaces"):
        table("move", car="red", roll=3, stopped_on="danger")
    table("move", car="red", roll=3, danger=2, stopped_on="danger")
    assert [check.stopped_on for check in table.state.pending] == [False, True]
    assert "(1-2 (Pile of Scrap, stopped on it): -1 road handling WP)" in table.asked[1].text
    table("handling_roll", car="red", value=5)
    before = table.state
    table("handling_roll", car="red", value=3)
    assert table.wp("red", Zone.ROAD_HANDLING) == 2
    assert said(table, before) == (
        "Red's road handling roll for a red space of the danger zone, which it stopped on (Pile "
        "of Scrap): 3, no damage"
    )


def test_pile_of_scrap_names_the_marker_he_stopped_on_among_those_he_passed():
    table = under_way(skills={"red": "pile_of_scrap", "blue": "pile_of_scrap"}).confirm()
    left = table.car("red").moved_at
    table("gear", car="red", gear=2)("move", car="red", roll=3, scrap=True)
    table("gear", car="blue", gear=2)
    with pytest.raises(EventRejected, match="name it among the markers it passed over"):
        table("move", car="blue", roll=3, stopped_on=f"red-{left}")
    table("move", car="blue", roll=3, markers=[f"red-{left}"], stopped_on=f"red-{left}")
    table("handling_roll", car="blue", value=2)
    assert table.wp("blue", Zone.ROAD_HANDLING) == 1


@pytest.mark.parametrize(("chart", "costs", "spared"), [("", 3, 4), ("1-20 rainy", 2, 3)])
def test_little_genius_loses_an_engine_wp_only_on_1_to_3_or_1_to_2_in_rain(chart, costs, spared):
    weather = {"weather_chart": chart} if chart else {}
    for roll, lost in ((costs, 1), (spared, 0)):
        table = in_gear(under_way(skills={"red": "little_genius"}, **weather), red=5).confirm()
        table("gear", car="red", gear=5)("move", car="red", roll=20)
        assert "(Little Genius): -1 engine WP" in table.prompt.text
        table("motor_roll", car="red", value=roll)
        assert table.wp("red", Zone.ENGINE) == STANDARD_CAR.engine - lost


def test_ace_at_the_wheel_is_named_on_the_dashboard_and_changes_no_prompt():
    ace = under_way(skills={"red": "ace_at_the_wheel"}).confirm()("gear", car="red", gear=2)
    plain = under_way().confirm()("gear", car="red", gear=2)
    assert names(ace) == names(plain)
    assert dashboard(ace.state)[0].note == "Ace At The Wheel; nitro ready; hard tires"


def test_every_road_race_event_has_words_in_the_log():
    from rules.formula_d.race import FormulaD
    from rules.formula_d.race.words import _WORDS

    assert set(FormulaD.handlers) <= set(_WORDS)


def test_weather_frog_may_roll_the_weather_before_the_qualifying_laps_again_too():
    """ "Each time the black die is rolled to determine weather conditions": the roll before the
    qualifying laps (Qualifying Lap with Stopwatch) as well as the one before the race."""
    table = road_race(
        skills={"blue": "weather_frog"},
        weather_chart="1-10 good, 11-20 rainy",
        stopwatch_qualifying=True,
    )
    before = table.state
    table("qualifying_weather_roll", value=15)
    assert said(table, before) == "The weather roll: 15, rainy; the Weather Frog may roll again"
    assert table.state.qualifying_weather is None
    assert table.prompt.kind == "frog_choice" and table.prompt.car == "blue"
    table("frog_choice", car="blue", frog="again")
    assert table.prompt.kind == "qualifying_weather_roll"
    assert table.prompt.text.endswith(": the Weather Frog's second roll, which counts")
    table("qualifying_weather_roll", value=3)
    assert table.state.qualifying_weather.value == "good" and not table.state.frog_second
    assert table.prompt.kind == "stopwatch_start"

    kept = road_race(
        skills={"blue": "weather_frog"},
        weather_chart="1-10 good, 11-20 rainy",
        stopwatch_qualifying=True,
    )
    kept("qualifying_weather_roll", value=15)
    before = kept.state
    kept("frog_choice", car="blue", frog="keep")
    assert kept.state.qualifying_weather.value == "rainy"
    assert kept.prompt.kind == "stopwatch_start"
    assert said(kept, before) == (
        "Blue, the Weather Frog, keeps it. The weather roll before the qualifying laps: 15, "
        "rainy: the laps are in rain"
    )
