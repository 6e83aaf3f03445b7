"""JSON snapshots, replay, and random legal races played to the end."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.dice import gear_die, values
from rules.engine import (
    Event,
    Prompt,
    apply,
    dashboard,
    prompts,
    replay,
    results,
    start,
    state_from_dict,
    state_to_dict,
)
from rules.formula_d import SLIPSTREAM_SPACES, Skill, blocked_braking, overshoot
from rules.formula_d.race import RaceSetup, RaceState
from tests.rules.formula_d.race.table import Table, race_setup, under_way

KEYS = ("red", "blue", "green", "yellow")
BUILT = {"tire": 3, "brake": 4, "gearbox": 4, "car body": 3, "engine": 3, "road handling": 3}


def through_json(state: RaceState) -> RaceState:
    return state_from_dict(json.loads(json.dumps(state_to_dict(state))))


def test_a_state_with_markers_a_spin_and_a_car_in_the_pits_round_trips_exactly():
    table = under_way("red", "blue", "green").confirm()
    table.move("red", 2, 3, adjacent=["blue"])("collision_roll", car="red", value=1)
    table.move("blue", 2, 4, pit=2)("pit_roll", car="blue", value=20)
    table.edit_car("green", tires=0)
    table.move("green", 2, 4, corner=1, overshoot=1)
    assert table.car("green").out_reason == "tires"
    assert table.state.markers and table.car("blue").in_pits
    assert through_json(table.state) == table.state
    raw = state_to_dict(table.state)
    assert list(raw) == [name for name in RaceState.__dataclass_fields__ if name in raw]
    assert raw["cars"][0]["sheet"] == {
        "tires": 6,
        "brakes": 3,
        "gearbox": 3,
        "body": 2,
        "engine": 3,
        "road_handling": 2,
    }


def _long_race() -> Table:
    """Two cars crawling in 1st gear for 60 rounds."""
    table = under_way()
    while len(table.events) < 300:
        if table.prompt.kind == "order":
            table.confirm()
        else:
            table.move(table.prompt.car, 1, 1)
    return table


def test_the_state_keeps_no_history_so_a_late_event_costs_what_an_early_one_does():
    early = len(json.dumps(state_to_dict(under_way().state)))
    table = _long_race()
    assert len(json.dumps(state_to_dict(table.state))) <= early + 48
    assert replay(table.setup, table.events) == table.state


# --- Random legal races ----------------------------------------------------------------------


@st.composite
def setups(draw) -> RaceSetup:
    count = draw(st.integers(2, 4))
    built = draw(st.sampled_from([{}, {"red": BUILT}]))
    if not draw(st.booleans()):
        return race_setup(*KEYS[:count], car_sheets=built)
    # A road race, its drivers with random skills, sometimes in changeable weather.
    skills = draw(st.lists(st.sampled_from([*Skill, None]), min_size=count, max_size=count))
    cards = {key: {"skill": skill or ""} for key, skill in zip(KEYS, skills, strict=False)}
    chart = draw(st.sampled_from(["", "1-10 changeable, 11-20 rain changeable"]))
    return race_setup(
        *KEYS[:count], car_sheets=built, road_race=True, driver_cards=cards, weather_chart=chart
    )


def _subset(draw, field) -> list[str]:
    keys = [key for key, _label in field.choices]
    return draw(st.lists(st.sampled_from(keys), unique=True, max_size=2)) if keys else []


@st.composite
def legal_event(draw, state: RaceState, prompt: Prompt) -> Event:
    """A die: a random face (a re-roll: one that breaks the tie); a choice: a random choice; an
    order: its default; cars: a random subset; numbers: 0 most of the time, sometimes a legal
    value; `finish` more and more often. Gears lean to the highest offered, so that races reach
    5th and 6th and slipstream."""
    data: dict = {"car": prompt.car} if prompt.car else {}
    if prompt.kind == "order":
        data["order"] = list(prompt.fields[0].default)
    elif prompt.kind == "gear":
        gears = [key for key, _ in prompt.fields[0].choices]
        data["gear"] = gears[-1] if draw(st.booleans()) else draw(st.sampled_from(gears))
    elif prompt.kind == "move":
        data.update(_move(draw, state, prompt))
    elif prompt.kind in ("frog_choice", "checkpoint", "pole_station", "confirm_fact"):
        # The first choice offered, or none (a WP at the checkpoint or the pole station).
        for field in prompt.fields:
            data[field.name] = draw(st.sampled_from([key for key, _ in field.choices][:2]))
            break
    elif prompt.kind == "tie_roll":
        # A face no other car has shown at this stage of the grid, so re-rolls end the ties.
        stage = len(next(entry.rolls for entry in state.grid_rolls if entry.car == prompt.car))
        shown = {entry.rolls[stage] for entry in state.grid_rolls if len(entry.rolls) > stage}
        faces = [face for face in values(prompt.fields[0].die) if face not in shown]
        data["value"] = draw(st.sampled_from(faces))
    else:
        data["value"] = draw(st.sampled_from(values(prompt.fields[0].die)))
    return Event(prompt.kind, data)


def _rarely(draw, odds: int) -> bool:
    return draw(st.integers(0, odds)) == 0


def _move(draw, state: RaceState, prompt: Prompt) -> dict:
    car = state.car(prompt.car)
    fields = {f.name: f for f in prompt.fields}
    sheet = car.sheet
    data: dict = {}
    if "roll" in fields:
        roll = data["roll"] = draw(st.sampled_from(values(fields["roll"].die)))
    else:
        roll = state.fixed_move
    brakes = blocked = 0
    if sheet.brakes and _rarely(draw, 4):
        brakes = data["brakes"] = draw(st.integers(1, min(sheet.brakes, roll)))
    elif _rarely(draw, 15):
        blocked = data["blocked"] = draw(st.integers(1, min(roll, 8)))
    spaces, brakes_left, tires_left, out = roll - brakes - blocked, sheet.brakes, sheet.tires, False
    if blocked:
        outcome = blocked_braking(blocked, sheet.brakes, sheet.tires)
        out = outcome.eliminated
        brakes_left -= outcome.brakes_lost
        tires_left -= outcome.tires_lost
    fronts = []
    if "slipstream" in fields and not (brakes or blocked) and _rarely(draw, 2):
        fronts = [
            key
            for key, _ in fields["slipstream"].choices
            if roll >= (state.car(key).speed or values(gear_die(state.car(key).gear))[0])
        ]
        fronts = draw(st.lists(st.sampled_from(fronts), unique=True, max_size=2)) if fronts else []
    if fronts:
        data["slipstream"] = fronts
        slip_brakes = draw(st.integers(0, min(SLIPSTREAM_SPACES, brakes_left)))
        data["slipstream_brakes"] = slip_brakes
        data["slipstream_corner"] = brakes_left > slip_brakes and _rarely(draw, 2)
        spaces += SLIPSTREAM_SPACES * len(fronts) - slip_brakes
    if not out and spaces and _rarely(draw, 10):
        corner = data["corner"] = draw(st.integers(1, 3))
        stops = data["stops"] = draw(st.integers(0, corner - 1))
        over = data["overshoot"] = draw(st.integers(1, spaces))
        out = overshoot(tires_left, over, stops, corner).eliminated
    if out:
        return data
    if "pit" in fields and not (brakes or blocked or fronts) and _rarely(draw, 3):
        data["pit"] = draw(st.integers(1, roll))
        return data
    finishing = spaces and draw(st.integers(0, 25)) < state.round
    if finishing:
        data["finish"] = draw(st.integers(1, 2 * spaces)) / 2
        if car.laps + 1 >= state.setup.laps:
            return data  # across the line for good: no more rolls
    if "markers" in fields and _rarely(draw, 2):
        data["markers"] = _subset(draw, fields["markers"])
    if "adjacent" in fields and _rarely(draw, 2):
        data["adjacent"] = _subset(draw, fields["adjacent"])
    return data | _road(draw, fields, data)


def _road(draw, fields: dict, data: dict) -> dict:
    """A road race's facts, now and then: the nitro, the engine noise, red spaces, and the
    skills' (Pile of Scrap's marker, the car radio onto a car beside it)."""
    road: dict = {}
    for key in ("nitro", "noise", "scrap"):
        if key in fields and _rarely(draw, 3):
            road[key] = True
    if "danger" in fields and _rarely(draw, 5):
        road["danger"] = draw(st.integers(1, 2))
    if "radio" in fields and data.get("adjacent") and _rarely(draw, 2):
        road["radio"] = draw(st.sampled_from(data["adjacent"]))
    return road


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), data=st.data())
def test_random_legal_races_end_replay_round_trip_and_rank_every_car_once(setup, data):
    state, asked = start(setup)
    events = []
    for _ in range(800):
        if not asked:
            break
        event = data.draw(legal_event(state, asked[0]))
        state, asked = apply(state, event)
        events.append(event)
        assert state.clock == len(events)
        assert sorted(view.car for view in dashboard(state)) == sorted(state.car_keys)
    assert state.finished and asked == prompts(state) == ()
    assert replay(setup, events) == state
    assert through_json(state) == state
    ranked = results(state)
    assert [result.place for result in ranked] == list(range(1, len(setup.cars) + 1))
    assert sorted(result.car for result in ranked) == sorted(state.car_keys)
    assert all(result.finished == (result.out_reason is None) for result in ranked)
