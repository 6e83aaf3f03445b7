"""JSON snapshots, replay, and apply costing the same late in a race as early on."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.dice import values
from rules.engine import (
    Event,
    Prompt,
    apply,
    prompts,
    replay,
    serial,
    start,
    state_from_dict,
    state_to_dict,
)
from rules.season_pass import Level, parse_weather_table
from rules.season_pass.race import CarSetup, RaceSetup, RaceState
from tests.rules.season_pass.race.table import FOUR_CARS, Table, race_setup, sunny_two_car_race

TABLES = (
    parse_weather_table("1-14 sun, 15-18 rain, 19-20 variable"),
    parse_weather_table("1-3 sun, 4-6 rain, 7-20 variable"),
)


def through_json(state: RaceState) -> RaceState:
    return state_from_dict(json.loads(json.dumps(state_to_dict(state))))


def test_setup_and_events_round_trip_through_json():
    setup = race_setup(*FOUR_CARS)
    assert RaceSetup.from_dict(json.loads(json.dumps(setup.to_dict()))) == setup
    event = Event("move", {"car": "red", "roll": 3, "adjacent": ["blue"]})
    assert Event.from_dict(json.loads(json.dumps(event.to_dict()))) == event


def test_a_state_mid_injury_check_round_trips_exactly():
    table = sunny_two_car_race().edit_car("red", gear=5, tires=2, brakes=1)
    table.move("red", 5, 19, brakes=1, corner=1, skid=5)
    table("injury_roll", car="red", value=1)
    assert table.car("red").injury.rolls
    assert through_json(table.state) == table.state


def test_the_snapshot_is_field_order_json_and_loads_back_to_the_same_text():
    table = sunny_two_car_race().edit_car("red", gear=5, tires=2, brakes=1)
    table.move("red", 5, 19, brakes=1, corner=1, skid=5)
    raw = state_to_dict(table.state)
    assert list(raw) == [name for name in RaceState.__dataclass_fields__ if name in raw]
    assert raw["cars"][0]["level"] == "Rookie" and raw["fixed_weather"] == "sun"
    # The injury check's rolls, severity and verdicts are at their defaults: left out.
    assert raw["cars"][0]["injury"] == {"pending": ["blue"]}
    text = json.dumps(raw)
    assert json.dumps(state_to_dict(state_from_dict(json.loads(text)))) == text


def test_a_snapshot_leaves_out_what_is_at_its_default():
    """Written on every roll entered: a fresh car is its key, driver and wear points."""
    raw = state_to_dict(sunny_two_car_race().state)
    fresh = raw["cars"][0]
    assert "injury" not in fresh and "spun_out" not in fresh and "out_reason" not in fresh
    assert len(json.dumps(raw)) < 1500


def whole_snapshot(state: RaceState, monkeypatch) -> dict:
    """The snapshot as written before fields at their defaults were left out: every field."""
    monkeypatch.setattr(serial, "field_defaults", lambda kind: ())
    compiled = (serial._dumper, serial._dataclass_dumper)
    for cache in compiled:
        cache.cache_clear()
    try:
        return json.loads(json.dumps(state_to_dict(state)))
    finally:
        monkeypatch.undo()
        for cache in compiled:
            cache.cache_clear()


def test_a_snapshot_written_whole_before_a_field_was_added_takes_its_default(monkeypatch):
    table = sunny_two_car_race().move("red", 1, 1)
    raw = whole_snapshot(table.state, monkeypatch)
    for car in raw["cars"]:
        assert car.pop("overshoot") is None
    assert "spun_out" in raw["cars"][0]  # written whole
    assert state_from_dict(raw) == table.state


def _long_race() -> tuple[list[tuple[int, RaceState]], list[Event]]:
    """Two cars crawling in 1st gear for 60 rounds; the states where a move is due, with the
    number of events entered before each."""
    table = sunny_two_car_race()
    before_moves = []
    while len(table.events) < 310:
        if table.prompt.kind == "order":
            table("order", order=",".join(table.prompt.fields[0].default))
        else:
            car = table.prompt.car
            table("gear", car=car, gear=1)
            before_moves.append((len(table.events), table.state))
            table("move", car=car, roll=1)
    return before_moves, table.events


def test_the_state_keeps_no_history_so_event_300_costs_what_event_10_does():
    # apply() reads only the state; a state that stays the same size whatever the length of the
    # log costs the same to apply at event 300 as at event 10 (bench/ measures the time itself).
    before_moves, _events = _long_race()
    early = next(state for count, state in before_moves if count >= 9)
    late = next(state for count, state in before_moves if count >= 299)

    def size(state: RaceState) -> int:
        return len(json.dumps(state_to_dict(state)))

    assert size(late) <= size(early) + 32  # a few more digits in counters, nothing else


def test_replay_gives_the_snapshot():
    states, events = _long_race()
    final = replay(sunny_two_car_race().setup, events)
    assert through_json(final) == final


# --- Random legal races ----------------------------------------------------------------------


@st.composite
def setups(draw) -> RaceSetup:
    count = draw(st.integers(2, 4))
    levels = draw(st.lists(st.sampled_from(list(Level)), min_size=count, max_size=count))
    cars = tuple(
        CarSetup(spec.car, spec.driver, level)
        for spec, level in zip(FOUR_CARS[:count], levels, strict=True)
    )
    return RaceSetup("season_pass", cars, draw(st.sampled_from(TABLES)))


def _some(draw, keys: list[str]) -> list[str]:
    return draw(st.lists(st.sampled_from(keys), unique=True, max_size=2)) if keys else []


def _die_fields(draw, prompt: Prompt) -> dict:
    return {f.name: draw(st.sampled_from(values(f.die))) for f in prompt.fields if f.kind == "die"}


@st.composite
def legal_event(draw, state: RaceState, prompt: Prompt) -> Event:
    data: dict = {"car": prompt.car} if prompt.car else {}
    fields = {f.name: f for f in prompt.fields}
    if prompt.kind == "order":
        keys = [key for key, _ in fields["order"].choices]
        data["order"] = draw(st.permutations(keys))
    elif prompt.kind == "gear":
        data["gear"] = draw(st.sampled_from([key for key, _ in fields["gear"].choices]))
    elif prompt.kind == "neighbours":
        keys = [key for key, _ in fields["adjacent"].choices]
        data["adjacent"] = _some(draw, keys)
    elif prompt.kind == "move":
        data.update(_move(draw, state, prompt))
    else:
        data.update(_die_fields(draw, prompt))
    return Event(prompt.kind, data)


def _move(draw, state: RaceState, prompt: Prompt) -> dict:
    car = state.car(prompt.car)
    fields = {f.name: f for f in prompt.fields}
    roll = draw(st.sampled_from(values(fields["roll"].die)))
    brakes = draw(st.integers(0, min(car.brakes, roll)))
    air_brake = 0
    if brakes == car.brakes:
        air_brake = draw(st.integers(0, min(car.tires, roll - brakes)))
    data = {"roll": roll, "brakes": brakes, "air_brake": air_brake}
    spaces = roll - brakes - air_brake
    tires = car.tires - air_brake
    most = roll - car.brakes - car.tires  # the overshoot when stopped right behind the car
    if most >= 1 and draw(st.integers(0, 30)) == 0:
        data["air_brake_overshoot"] = draw(st.integers(1, most))
        return data
    skidded = spaces if car.skid_moves else 0
    if spaces and draw(st.integers(0, 5)) == 0:
        corner = draw(st.integers(1, 3))
        data.update(corner=corner, corner_stops=draw(st.integers(0, corner - 1)))
        data["skid"] = draw(st.integers(1, spaces))
        skidded = skidded or data["skid"]
    out = skidded > tires
    if "off_road" in fields and not out and draw(st.integers(0, 6)) == 0:
        data["off_road"] = draw(st.sampled_from([key for key, _ in fields["off_road"].choices]))
    finishing = spaces and not out and draw(st.integers(0, 12)) < state.round
    if finishing:
        data["finish"] = draw(st.integers(1, spaces))
    elif not out and "off_road" not in data:
        others = [key for key, _ in fields["adjacent"].choices]
        data["adjacent"] = _some(draw, others)
    return data


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), data=st.data())
def test_random_legal_races_replay_to_the_same_state_and_round_trip_at_every_step(setup, data):
    state, asked = start(setup)
    events = []
    for _ in range(400):
        if not asked:
            break
        event = data.draw(legal_event(state, asked[0]))
        state, asked = apply(state, event)
        events.append(event)
        assert through_json(state) == state
    assert replay(setup, events) == state
    assert asked == prompts(state)


def test_a_whole_table_round_trips_between_every_event():
    table = Table(race_setup(*FOUR_CARS)).qualify(red=5, blue=6, green=9, yellow=12)
    assert through_json(table.state) == table.state
