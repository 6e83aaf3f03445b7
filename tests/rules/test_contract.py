"""One contract for every rule set Paddock runs: an autopilot that knows only the prompts' fields
plays random legal races to the end, and for each rule set

- replaying the log gives the state the race reached;
- every refused event raises EventRejected and leaves the race as it was (applying the next
  legal event afterwards gives what it gives on the untouched state);
- every state round-trips through JSON;
- the results rank every car exactly once, places 1 to n;
- the dashboard shows every car once, with a value for each of the rule set's columns.

The autopilot reads nothing but Field kinds: a die is a random face, a required choice a random
one, cars a random few, an order its proposal, an instant the one it counts from (else a fixed
one), a number offered as keys one of them, and numbers their default — except `finish`, the
board fact every rule set names the crossing of the line, which it sets from some round on so
that races end. Each rule set plays its races as set up by default, and, where it has race
options (rules.championship.Setting.race_option), with every yes/no one of them on too.
"""

from __future__ import annotations

import json
import random

import pytest

from rules.championship import RULE_SET_PACKAGES, championship_for
from rules.dice import values
from rules.engine import (
    Event,
    EventRejected,
    Prompt,
    RaceState,
    Starter,
    apply,
    damage_markers,
    dashboard,
    dashboard_columns,
    replay,
    results,
    ruleset_for,
    setup,
    start,
    state_from_dict,
    state_to_dict,
)
from rules.season_pass import DEFAULT_WEATHER_TABLE, parse_weather_table

CARS = ("red", "blue", "green", "yellow", "black")
DRIVERS = ("Ann", "Bob", "Cid", "Dot", "Eve")
MOST_EVENTS = 3000
SEEDS = range(12)


# An instant for the autopilot's stopwatch (the engine takes the moment it is given).
AN_INSTANT = "2025-06-01T14:00:00+00:00"


def a_setup(ruleset: str, cars: int, *, every_option: bool = False):
    if every_option:  # the team race among them is raced by pairs: an even field
        cars -= cars % 2
    starters = [
        Starter(car, driver, "Rookie")  # a rule set without levels ignores it
        for car, driver in zip(CARS[:cars], DRIVERS, strict=False)
    ]
    rules = championship_for(ruleset)
    settings = {
        setting.key: True
        for setting in rules.race_option_settings
        if every_option and setting.kind == "bool"
    }
    teams = {car: str(index // 2) for index, car in enumerate(CARS[:cars])}
    options = rules.race_options(
        weather_table=parse_weather_table(DEFAULT_WEATHER_TABLE), settings=settings, teams=teams
    )
    return setup(ruleset, starters, **options)


def autopilot_event(prompt: Prompt, rng: random.Random, *, finish: bool, tame: bool) -> Event:
    data: dict = {"car": prompt.car} if prompt.car else {}
    kinds = {spec.kind for spec in prompt.fields}
    a_roll_and_its_answer = kinds == {"die", "choice"}
    for spec in prompt.fields:
        if spec.kind == "die":
            data[spec.name] = rng.choice(values(spec.die))
        elif prompt.kind == "cards":
            pass  # Death's cards left out: the engine takes the first in the deck (a proposal)
        elif spec.kind == "choice" and spec.required:
            data[spec.name] = rng.choice([key for key, _label in spec.choices])
        elif spec.kind == "choice" and tame and a_roll_and_its_answer:
            # A roll's answer asked only on some values (the Chain Blades' upgrade on a 1-4): a
            # tame retry gives it.
            data[spec.name] = next((key for key, _label in spec.choices if key), "")
        elif spec.kind == "order":
            data[spec.name] = list(spec.default or (key for key, _ in spec.choices))
        elif spec.kind == "cars":
            keys = [key for key, _label in spec.choices]
            picked = [] if tame else [key for key in keys if rng.random() < 0.15]
            data[spec.name] = picked if picked or not spec.required else keys[:1]
        elif spec.kind == "instant":
            data[spec.name] = spec.default or AN_INSTANT
        elif spec.chips and spec.default is None:  # not a board fact (0 unless it happened)
            data[spec.name] = rng.randint(spec.minimum or 0, (spec.minimum or 0) + spec.chips - 1)
        elif spec.name == "finish" and finish:
            data[spec.name] = 1
        elif spec.default not in (None, "", 0, False, ()):
            data[spec.name] = spec.default
    return Event(prompt.kind, data)


def play(
    ruleset: str, seed: int, *, every_option: bool = False
) -> tuple[object, list[Event], RaceState]:
    """A random legal race played to its end; an event the rules refuse is retried tamer."""
    rng = random.Random(seed)
    race_setup = a_setup(ruleset, rng.randint(2, 5), every_option=every_option)
    state, asked = start(race_setup)
    events: list[Event] = []
    while asked and len(events) < MOST_EVENTS:
        finish = len(events) > 60 and rng.random() < 0.5
        for tame in (False, True, True):
            event = autopilot_event(asked[0], rng, finish=finish, tame=tame)
            try:
                state, asked = apply(state, event)
            except EventRejected:
                continue
            events.append(event)
            break
        else:
            pytest.fail(f"no legal event found for {asked[0]}")
    return race_setup, events, state


@pytest.fixture(params=RULE_SET_PACKAGES)
def ruleset(request) -> str:
    return request.param


@pytest.mark.parametrize("seed", SEEDS)
def test_a_random_legal_race_ends_and_replays_to_its_state(ruleset, seed):
    race_setup, events, state = play(ruleset, seed)
    assert state.finished, f"{ruleset} seed {seed}: not over after {len(events)} events"
    assert replay(race_setup, events) == state


WITH_RACE_OPTIONS = [
    name for name in RULE_SET_PACKAGES if championship_for(name).race_option_settings
]


@pytest.mark.parametrize("seed", SEEDS[:6])
@pytest.mark.parametrize("ruleset", WITH_RACE_OPTIONS)
def test_a_race_with_every_race_option_on_ends_replays_and_ranks_every_car(ruleset, seed):
    race_setup, events, state = play(ruleset, seed, every_option=True)
    assert state.finished, f"{ruleset} seed {seed}: not over after {len(events)} events"
    assert replay(race_setup, events) == state
    assert state_from_dict(json.loads(json.dumps(state_to_dict(state)))) == state
    assert sorted(result.car for result in results(state)) == sorted(state.car_keys)


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_every_state_round_trips_through_json(ruleset, seed):
    race_setup, events, _state = play(ruleset, seed)
    state, _asked = start(race_setup)
    for event in events:
        state, _asked = apply(state, event)
        assert state_from_dict(json.loads(json.dumps(state_to_dict(state)))) == state


@pytest.mark.parametrize("seed", SEEDS)
def test_the_results_rank_every_car_exactly_once(ruleset, seed):
    _setup, _events, state = play(ruleset, seed)
    placed = results(state)
    assert sorted(result.car for result in placed) == sorted(state.car_keys)
    assert [result.place for result in placed] == list(range(1, len(state.car_keys) + 1))


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_the_dashboard_shows_every_car_once_in_every_column(ruleset, seed):
    race_setup, events, _state = play(ruleset, seed)
    columns = [column.key for column in dashboard_columns(start(race_setup)[0])]
    assert columns
    state, _asked = start(race_setup)
    for event in events[:200]:
        state, _asked = apply(state, event)
        views = dashboard(state)
        assert sorted(view.car for view in views) == sorted(state.car_keys)
        assert all([key for key, _value in view.values] == columns for view in views)


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_the_dashboard_says_where_each_car_is_and_whether_it_spun(ruleset, seed):
    """A car's position and spun state reach a page or a script through its CarView (`spaces`,
    `laps`, `spun`), as the rule set's own state holds them at every step, never read from it;
    the spaces of the end are the distance its result records."""
    race_setup, events, end = play(ruleset, seed)
    state, _asked = start(race_setup)
    for event in events[:200]:
        state, _asked = apply(state, event)
        for view in dashboard(state):
            car = state.car(view.car)
            assert view.spaces == getattr(car, "spaces", getattr(car, "distance", None))
            assert view.laps == getattr(car, "laps", None)
            assert view.spun is getattr(car, "spun", getattr(car, "spun_out", None))
    distance = {result.car: result.distance for result in results(end)}
    assert {view.car: view.spaces for view in dashboard(end)} == distance


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_the_markers_a_move_names_are_the_damage_markers_on_the_track(ruleset, seed):
    """`damage_markers` lists every marker a move's "markers" fact offers, each once."""
    race_setup, events, _state = play(ruleset, seed)
    state, asked = start(race_setup)
    for event in events:
        on_track = [marker.key for marker in damage_markers(state)]
        assert len(on_track) == len(set(on_track))
        for spec in asked[0].fields if asked else ():
            if spec.name == "markers":
                assert {key for key, _label in spec.choices} <= set(on_track)
        state, asked = apply(state, event)


def _refusals(prompt: Prompt, state: RaceState) -> list[Event]:
    """Events no rule set may take now: another kind, another car, a face the die lacks."""
    wrong = [Event("no_such_event", {}), Event(prompt.kind, {"car": "nobody"})]
    others = [key for key in state.car_keys if key != prompt.car]
    if prompt.car and others:
        wrong.append(Event(prompt.kind, {"car": others[0]}))
    for spec in prompt.fields:
        if spec.kind == "die":
            data = {"car": prompt.car} if prompt.car else {}
            wrong.append(Event(prompt.kind, {**data, spec.name: max(values(spec.die)) + 1}))
    return wrong


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_a_refused_event_changes_nothing(ruleset, seed):
    race_setup, events, _state = play(ruleset, seed)
    state, asked = start(race_setup)
    for event in events[:150]:
        before = state_to_dict(state)
        for wrong in _refusals(asked[0], state):
            with pytest.raises(EventRejected):
                apply(state, wrong)
            assert state_to_dict(state) == before
        state, asked = apply(state, event)


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_the_prompt_an_event_answers_is_the_first_of_the_prompts(ruleset, seed):
    race_setup, events, _state = play(ruleset, seed)
    state, asked = start(race_setup)
    rules = ruleset_for(ruleset)
    for event in events:
        assert rules.next_prompt(state) == asked[0]
        state, asked = apply(state, event)
    assert rules.next_prompt(state) is None and asked == ()


def _promises_broken(prompt: Prompt, state: RaceState) -> list[str]:
    """The choices of `prompt` whose promised die (`Prompt.then`) is not what the rules ask
    for once the choice is in."""
    broken = []
    for choice, die in prompt.then:
        event = Event(prompt.kind, {"car": prompt.car, prompt.fields[0].name: choice})
        _after, asked = apply(state, event)
        value = values(die.die)[0]
        follow = prompt.follow_up(event, asked, value)
        if follow is None or follow.data != {"car": prompt.car, die.name: value}:
            broken.append(choice)
    return broken


@pytest.mark.parametrize("seed", SEEDS[:6])
def test_the_die_a_choice_promises_is_the_one_asked_next(ruleset, seed):
    """A gear offered with its die's faces (one tap for both) is followed by that car's move
    asking for that die and nothing else required."""
    race_setup, events, _state = play(ruleset, seed)
    state, asked = start(race_setup)
    promised = 0
    for event in events:
        if asked[0].then:
            promised += 1
            assert _promises_broken(asked[0], state) == [], asked[0].text
        state, asked = apply(state, event)
    assert promised, f"{ruleset}: no gear was offered with its die"


@pytest.mark.parametrize("seed", SEEDS[:2])
def test_applying_with_the_prompt_at_hand_is_applying_without_it(ruleset, seed):
    """Paddock passes the prompt an apply just returned (entering what the rules leave no
    choice in), so it is not built twice: the outcome is the same."""
    race_setup, events, _state = play(ruleset, seed)
    state, asked = start(race_setup)
    for event in events[:150]:
        assert apply(state, event, asked[0]) == apply(state, event)
        state, asked = apply(state, event, asked[0])
