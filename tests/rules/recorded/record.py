"""Recorded races: whole races of every rule set kept as event logs (the JSON files beside this
module), each with what the rules made of it, its results and its final dashboard. The test
(tests/rules/test_recorded_races.py) replays each through rules.engine and compares: a rule
changed by accident changes a result or a dashboard row, as python-chess's perft files catch a
move generator's slip. The test never writes these files; this script does, on purpose:

    python -m tests.rules.recorded.record           # keep each race's events, record again
                                                    # what today's rules make of them
    python -m tests.rules.recorded.record --fresh   # play each race again from its seed
    python -m tests.rules.recorded.record --fresh formula_d_options   # one race, by name
    python -m tests.rules.recorded.record --search formula_d_options  # score seeds 0-39

Run it after changing a rule on purpose, and read the diff of the files: it is what the change
does to whole races. A race whose events the rules now refuse is played again from its seed
only with --fresh (its events change, so its diff says less).

Each race is played by an autopilot that reads only the prompts' fields: a random face of each
die, a random required choice, now and then a board fact (a corner overshot, a car beside, the
pits, a blocked move, a card's choice), and, once the race is long enough, a crossing of the
line; an event the rules refuse is tried again tamer. The seeds below were picked with --search
for races that reach many rules.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from rules.championship import championship_for
from rules.dice import values
from rules.engine import (
    CarResult,
    CarView,
    Event,
    EventRejected,
    Prompt,
    RaceSetup,
    RaceState,
    Starter,
    apply,
    dashboard,
    results,
    setup,
    setup_to_dict,
    start,
)
from rules.season_pass import DEFAULT_WEATHER_TABLE, parse_weather_table

RECORDED = Path(__file__).resolve().parent
CARS = ("red", "blue", "green", "yellow", "black")
DRIVERS = ("Ann Ascari", "Bob Brabham", "Cid Clark", "Dot Donohue", "Eve Elford")
LEVELS = ("Rookie", "Veteran", "Rookie", "Champion", "Veteran")  # Season Pass's; others ignore
MOST_EVENTS = 3000
# Cars cross the line only after about so many events a car, so that a race has laps to race.
EVENTS_A_CAR = 25
# The autopilot's clock: a stopwatch's instants, a few seconds an event.
FIRST_INSTANT = datetime.fromisoformat("2025-06-01T14:00:00+00:00")
SECONDS_AN_EVENT = 7


@dataclass(frozen=True)
class Recording:
    """One recorded race: its rule set, what it is meant to reach, the seed the autopilot
    plays it with, its cars, and what the league gives the rule set's `race_options` hook
    (settings, teams, season setup, season points, a previous finish...)."""

    name: str
    ruleset: str
    about: str
    seed: int
    cars: int = 5
    league: Mapping[str, Any] = field(default_factory=dict)
    boldness: float = 0.15  # how often a number the board shows is given (a corner overshot...)


RECORDINGS = (
    Recording(
        "season_pass_five_cars",
        "season_pass",
        "Season Pass, five cars at three levels: the weather rolls, a tie for the grid, cars "
        "beside each other and chain collisions, a car out overshooting a corner, injury rolls",
        seed=2,
        boldness=0.25,
    ),
    Recording(
        "season_pass_three_cars",
        "season_pass",
        "Season Pass, three cars: a car out failing to air brake, another in a collision",
        seed=14,
        cars=3,
    ),
    Recording(
        "formula_d_options",
        "formula_d",
        "Formula D with the weather, tire selection, technical pit stops and a team race: pit "
        "stops, damage markers, cars out blocked, on their road handling and skipping stops",
        seed=30,
        league={
            "settings": {
                "weather": True,
                "tires": True,
                "technical_pit_stop": True,
                "team_race": True,
            },
            "teams": {"red": "A", "blue": "A", "green": "B", "yellow": "B"},
        },
        cars=4,  # the team race is raced by teams of two: an even field
    ),
    Recording(
        "formula_d_road_race",
        "formula_d",
        "Formula D's road race, its grid set by a qualifying lap against the stopwatch in the "
        "weather: the engine noise, the checkpoint, the pole station, nitro",
        seed=9,
        cars=4,
        league={"settings": {"road_race": True, "stopwatch_qualifying": True, "weather": True}},
    ),
    Recording(
        "formula_d_three_laps",
        "formula_d",
        "Formula D's base race over three laps: pits, collisions, damage markers, eliminations",
        seed=7,
        league={"settings": {"laps": "3"}},
    ),
    Recording(
        "mini_three_laps",
        "mini",
        "Mini's series, three laps: the reverse grid of the season's points, upshifts, "
        "redlining, pits, slipstreams, the damage pool, lap leaders",
        seed=35,
        league={"season_points": {"red": 12, "blue": 3, "green": 7, "yellow": 0, "black": 7}},
    ),
    Recording(
        "mini_double_stops",
        "mini",
        "Mini's series, its double-stops format, four cars",
        seed=8,
        cars=4,
        league={"race_format": "double_stops"},
    ),
    Recording(
        "rbb_first_race",
        "rbb",
        "RBB's first race of a season: the grid drawn at the table, the season's wear points, "
        "body rolls for everyone beside, pit stops",
        seed=29,
        league={
            "season_setup": {
                "tires": 12,
                "brakes": 4,
                "gearbox": 4,
                "body": 3,
                "engine": 3,
                "road_handling": 2,
            }
        },
    ),
    Recording(
        "rbb_reverse_grid",
        "rbb",
        "RBB's later race: the reverse grid of the previous finish, a racer at its home track, "
        "engine damage, cars out",
        seed=24,
        league={
            "starters": list(CARS),
            "previous_finish": ["blue", "red", "black", "green", "yellow"],
            "home": ["green"],
        },
    ),
    Recording(
        "death_random_cards",
        "death",
        "Formula... Death!, cards dealt at random: the Attack Phase, screens, hits, chain "
        "blades, wreckage",
        seed=3,
    ),
    Recording(
        "death_picked_cards",
        "death",
        "Formula... Death!, cards picked from the last on the grid, over three laps with 8 "
        "damage points: cars destroyed",
        seed=19,
        cars=4,
        league={"settings": {"distribution": "pick", "laps": "3"}, "season_setup": {"damage": 8}},
    ),
)


# --- The race as recorded --------------------------------------------------------------------


def starters(cars: int) -> list[Starter]:
    chosen = zip(CARS, DRIVERS, LEVELS, strict=True)
    return [Starter(car, driver, level) for car, driver, level in chosen][:cars]


def race_setup(ruleset: str, starters: Sequence[Starter], league: Mapping[str, Any]) -> RaceSetup:
    """The race's setup as the league would make it: the rule set's `race_options` from the
    league's inputs (the track's weather table: the default one), then the engine's setup."""
    options = championship_for(ruleset).race_options(
        weather_table=parse_weather_table(DEFAULT_WEATHER_TABLE), **league
    )
    return setup(ruleset, starters, **options)


def recorded_setup(recorded: Mapping[str, Any]) -> RaceSetup:
    """The setup of a recorded race, from its rule set, starters and league inputs."""
    return race_setup(
        recorded["ruleset"],
        [Starter(*starter) for starter in recorded["starters"]],
        recorded["league"],
    )


def as_json(rows: Iterable[CarResult | CarView]) -> list[Any]:
    """Results or dashboard rows as the files keep them: plain JSON (tuples as lists)."""
    return [json.loads(json.dumps(asdict(row))) for row in rows]


def outcome(state: RaceState) -> dict[str, Any]:
    """What a finished race is recorded with: its results and its final dashboard."""
    return {"results": as_json(results(state)), "dashboard": as_json(dashboard(state))}


# --- The autopilot --------------------------------------------------------------------------


def instant(events: int) -> str:
    return (FIRST_INSTANT + timedelta(seconds=SECONDS_AN_EVENT * events)).isoformat()


def autopilot_event(
    prompt: Prompt,
    rng: random.Random,
    *,
    at: str,
    finish: bool,
    tame: bool,
    boldness: float = 0.15,
) -> Event:
    """An event for `prompt` from its fields alone; `tame`: no board fact but the line."""
    data: dict[str, Any] = {"car": prompt.car} if prompt.car else {}
    bold = not tame
    for spec in prompt.fields:
        if spec.kind == "die":
            assert spec.die is not None
            data[spec.name] = rng.choice(values(spec.die))
        elif spec.kind == "choice":
            if spec.required or (bold and rng.random() < 0.25):
                data[spec.name] = rng.choice([key for key, _label in spec.choices])
        elif spec.kind == "cars":
            keys = [key for key, _label in spec.choices]
            picked = [key for key in keys if bold and rng.random() < 0.15]
            data[spec.name] = picked if picked or not spec.required else keys[:1]
        elif spec.kind == "order":
            data[spec.name] = list(spec.default or (key for key, _label in spec.choices))
        elif spec.kind == "instant":
            data[spec.name] = at
        elif spec.kind == "bool":
            data[spec.name] = bold and rng.random() < 0.15
        elif spec.chips and spec.default is None:  # not a board fact (0 unless it happened)
            data[spec.name] = rng.randint(spec.minimum or 0, (spec.minimum or 0) + spec.chips - 1)
        elif spec.name == "finish":
            data[spec.name] = 1 if finish else 0
        elif bold and rng.random() < boldness:
            low = spec.minimum or 0
            data[spec.name] = rng.randint(low, spec.maximum if spec.maximum is not None else 6)
        elif spec.default not in (None, "", 0, False, ()):
            data[spec.name] = spec.default
    return Event(prompt.kind, data)


def play(recording: Recording) -> tuple[RaceSetup, list[Event], RaceState]:
    """A whole race, played by the autopilot from the recording's seed."""
    rng = random.Random(recording.seed)
    race = race_setup(recording.ruleset, starters(recording.cars), recording.league)
    state, asked = start(race)
    events: list[Event] = []
    while asked and len(events) < MOST_EVENTS:
        finish = len(events) > EVENTS_A_CAR * recording.cars and rng.random() < 0.3
        # Bold first, then tame; last without crossing the line (a move that puts the car
        # out cannot also cross it).
        for attempt in range(5):
            event = autopilot_event(
                asked[0],
                rng,
                at=instant(len(events)),
                finish=finish and attempt < 3,
                tame=attempt > 0,
                boldness=recording.boldness,
            )
            try:
                state, asked = apply(state, event)
            except EventRejected:
                continue
            events.append(event)
            break
        else:
            raise RuntimeError(f"{recording.name}: no legal event found for {asked[0]}")
    if not state.finished:
        raise RuntimeError(f"{recording.name}: not over after {len(events)} events")
    return race, events, state


def reach(events: Sequence[Event], state: RaceState) -> int:
    """How many rules a race reaches, roughly: the kinds of event, the board facts given (a
    field away from its default) and the ways cars went out."""
    kinds = {event.kind for event in events}
    facts = {
        (event.kind, key)
        for event in events
        for key, value in event.data.items()
        if key != "car" and value not in (0, False, [], (), "", None)
    }
    outs = {result.out_reason for result in results(state) if result.out_reason}
    return len(kinds) + len(facts) + 3 * len(outs)


# --- Writing the files ----------------------------------------------------------------------


def path_of(name: str) -> Path:
    return RECORDED / f"{name}.json"


def write(recording: Recording, race: RaceSetup, events: Sequence[Event], state: RaceState) -> None:
    recorded = {
        "name": recording.name,
        "ruleset": recording.ruleset,
        "about": recording.about,
        "seed": recording.seed,
        "starters": [list(asdict(starter).values()) for starter in starters(recording.cars)],
        "league": dict(recording.league),
        "setup": setup_to_dict(race),
        **outcome(state),
        "events": [event.to_dict() for event in events],
    }
    path_of(recording.name).write_text(as_text(recorded))


def as_text(recorded: Mapping[str, Any]) -> str:
    """The file's text: a row (an event, a result, a car's dashboard row) a line, so that a
    re-recording's diff shows the rows that changed."""
    return _lines(recorded, "") + "\n"


def _lines(value: object, indent: str) -> str:
    """A dict a key a line and a list an item a line, down to the rows: a list's items, and a
    dict's values other than lists and dicts, stay on one line each."""
    inner = indent + " "
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(key)}: {_lines(item, inner)}" for key, item in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{indent}}}" if items else "{}"
    if isinstance(value, list) and value:
        items = [f"{inner}{json.dumps(item, ensure_ascii=False)}" for item in value]
        return "[\n" + ",\n".join(items) + f"\n{indent}]"
    return json.dumps(value, ensure_ascii=False)


def record_fresh(recording: Recording) -> None:
    race, events, state = play(recording)
    write(recording, race, events, state)
    print(f"{recording.name}: {len(events)} events, reach {reach(events, state)}")


def record_again(recording: Recording) -> None:
    """The recorded events again, under today's rules: their results and dashboard anew."""
    recorded = json.loads(path_of(recording.name).read_text())
    race = race_setup(recording.ruleset, starters(recording.cars), recording.league)
    state, _asked = start(race)
    events = [Event.from_dict(raw) for raw in recorded["events"]]
    for number, event in enumerate(events, start=1):
        try:
            state, _asked = apply(state, event)
        except EventRejected as refusal:
            sys.exit(f"{recording.name}: event {number} is refused now ({refusal}); --fresh?")
    if not state.finished:
        sys.exit(f"{recording.name}: not over after its events now; --fresh?")
    write(recording, race, events, state)
    print(f"{recording.name}: {len(events)} events recorded again")


def search(recording: Recording, seeds: range) -> None:
    """Each seed's race, by how many rules it reaches (the most first)."""
    scored = []
    for seed in seeds:
        try:
            _race, events, state = play(Recording(**{**asdict(recording), "seed": seed}))
        except RuntimeError as stuck:
            print(stuck)
            continue
        scored.append((reach(events, state), -len(events), seed))
    for score, minus_events, seed in sorted(scored, reverse=True)[:10]:
        print(f"{recording.name} seed {seed}: reach {score}, {-minus_events} events")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="recordings to write (default: all)")
    parser.add_argument("--fresh", action="store_true", help="play the races again from seeds")
    parser.add_argument("--search", action="store_true", help="score seeds 0-39, write nothing")
    args = parser.parse_args(argv)
    chosen = [r for r in RECORDINGS if not args.names or r.name in args.names]
    unknown = set(args.names) - {r.name for r in RECORDINGS}
    if unknown:
        sys.exit(f"No recording {sorted(unknown)[0]!r}.")
    for recording in chosen:
        if args.search:
            search(recording, range(40))
        elif args.fresh or not path_of(recording.name).exists():
            record_fresh(recording)
        else:
            record_again(recording)


if __name__ == "__main__":
    main()
