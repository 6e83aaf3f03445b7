"""Table speed (issue 8), the script: a race's events computed on the pure engine with the
autopilot's logic, seeded, with moves that brake, leave a corner short or end beside cars,
orders whose proposal is wrong and picks other than proposed (`script_race`), and the race it
is played in, built through the services (`TableRace`, `build_race`). Shared by
bench/table_speed.py and tests/browser/test_table_speed.py through
tests/browser/table_speed_harness.py, which plays it on the page."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from rules import engine
from rules.death.race import upgrades
from rules.engine import Event, EventRejected, Prompt

COLOURS = ("red", "blue", "green", "yellow", "white", "black", "orange", "purple", "grey", "pink")
PASSWORD = "table-speed"
# An RBB season's wear points by zone other than its preset's (a tyre WP moved to the brakes): the
# bench's RBB race and the test's both set the season up with it.
RBB_OWN_SETUP = {"tires": 5, "brakes": 4, "gearbox": 3, "body": 3, "engine": 3, "road_handling": 2}

# How often the script's referee meets each situation on the board.
WRONG_ORDER = 0.3  # a proposed order (of movement, a grid, attacks) is not the board's: two swapped
OTHER_PICKS = 0.5  # a prompt of several proposed picks (Death's cards): the player took another
BRAKES = 0.15  # a move that spends brake points
CORNER = 0.1  # a move that leaves a corner with too few stops
BESIDE = 0.2  # a move that ends beside other cars (a collision check follows)
# A car that left a corner short, in the fields a move prompt offers: the corner's number,
# the stops it made there (0), and the spaces it went beyond.
CORNER_FACTS = (("corner", "corner_stops", "skid"), ("corner", "stops", "overshoot"))
BRAKE_FACT = "brakes"
CARS_FACT = "adjacent"


class HarnessError(RuntimeError):
    """The harness could not play the script on the page (not a missed target)."""


@dataclass(frozen=True)
class TableRace:
    """One race the bench plays: its rule set and league settings, its cars, the round from
    which cars cross the line, and the script's seed; where the rule set has them, the season's
    setup (RBB's wear points), round 1's race format (a Mini's series) and the track round 1
    runs on when the rule set has no sample schedule (one the site knows prints its weather)."""

    label: str
    ruleset: str
    cars: int
    finish_from_round: int
    seed: int
    settings: dict[str, bool | str] = field(default_factory=dict)
    setup: dict[str, int] = field(default_factory=dict)
    race_format: str = ""
    track: str = "Table Speed Circuit"


def build_race(table_race: TableRace, *, organiser, referee):
    """Round 1 of a new league's first season, started at the table with `table_race.cars`
    cars; `referee` is the league's referee."""
    from league.models import Role
    from league.services.leagues import league_create
    from league.services.members import member_add
    from league.services.rounds import round_format_set
    from league.services.seasons import season_open, season_setup_set
    from league.services.starts import round_start_at_table
    from league.services.teams import team_create

    league = league_create(
        name=f"Table speed {table_race.label}",
        organiser=organiser,
        ruleset=table_race.ruleset,
        settings=table_race.settings,
    )
    member_add(league=league, user=referee, role=Role.REFEREE)
    per_team = league.rules.cars_per_team(league.settings)
    teams = [
        team_create(
            league=league,
            name=f"Team {n}",
            driver_names=[f"Driver {n}{seat} {table_race.label}" for seat in "abc"[:per_team]],
        )
        for n in range(-(-table_race.cars // per_team))
    ]
    # The rule set's first sample schedule (its tracks print their weather), else a track.
    presets = league.rules.presets
    season = season_open(
        league=league,
        preset=presets[0].name if presets else "",
        tracks=None if presets else [_track(table_race.track)],
    )
    if table_race.setup:
        season = season_setup_set(season=season, setup=table_race.setup)
    round_one = season.rounds.get(number=1)
    if table_race.race_format:
        round_one = round_format_set(round_=round_one, race_format=table_race.race_format)
    drivers = [driver for team in teams for driver in team.drivers.order_by("pk")]
    starters = list(zip(drivers[: table_race.cars], COLOURS, strict=False))
    return round_start_at_table(round_=round_one, starters=starters)


def _track(name: str):
    """The track called `name` on the site's list (its shipped tracks, an earlier race's), else
    a new one."""
    from league.models import Track
    from league.services.tracks import track_create

    return Track.objects.filter(name__iexact=name).first() or track_create(name=name)


@dataclass(frozen=True)
class Step:
    """One scripted event: the prompt's kind, its car, the data the referee enters, and what
    kind of entry it is for the figures (`facts`: a move's board facts beyond the die)."""

    kind: str
    car: str | None
    data: dict[str, Any]
    facts: tuple[str, ...] = ()
    proposal_right: bool = True
    ordered: bool = False  # the prompt proposes an order (an `order` field) to confirm or correct
    forced: bool = False  # the rules leave no choice: Paddock enters it, the referee does not

    @property
    def entries(self) -> dict[str, Any]:
        """What the referee sets in the form: everything but the car, which the prompt names."""
        return {name: value for name, value in self.data.items() if name != "car"}


def script_race(state, *, seed: int, finish_from_round: int) -> list[Step]:
    """Every event of a whole race from `state` on, computed on the pure engine: the autopilot's
    legal events (tests/races/autopilot.py), with board facts and wrong proposals mixed in as
    the seed says, and cars crossing the line from `finish_from_round` on."""
    rng = random.Random(seed)
    steps: list[Step] = []
    while asked := engine.prompts(state):
        prompt = asked[0]
        finish = state.round >= finish_from_round
        for candidate in _candidates(prompt, rng, finish):
            event = _as_the_page_posts(state, prompt, candidate)
            try:
                state, _prompts = engine.apply(state, event)
            except EventRejected:
                continue
            steps.append(_step(prompt, event))
            break
        else:
            raise HarnessError(f"no legal event for {prompt.text!r}")
    return steps


def _candidates(prompt: Prompt, rng: random.Random, finish: bool) -> Iterator[Event]:
    """Events to try for `prompt`, the situation the seed picked first, then tamer ones."""
    # Imported here: the bench imports this module before Django is set up.
    from tests.races.autopilot import legal_event

    tame = legal_event(prompt, rng, finish=finish)
    ordered = _order_field(prompt)
    if ordered and rng.random() < WRONG_ORDER:
        proposal = list(tame.data[ordered])
        if len(proposal) > 1:
            at = rng.randrange(len(proposal) - 1)
            proposal[at], proposal[at + 1] = proposal[at + 1], proposal[at]
            yield Event(prompt.kind, {**tame.data, ordered: proposal})
    yield from _other_picks(prompt, rng, tame)
    if prompt.kind == "move" and not finish:
        yield from _board_facts(prompt, rng, tame)
    yield tame
    yield legal_event(prompt, rng)
    # A choice the autopilot leaves at its default that the roll made necessary (Death's Chain
    # Blades: a roll of 1-4 gives up an upgrade, which one is the car's choice).
    optional = {
        spec.name: [key for key, _label in spec.choices if key != spec.default]
        for spec in prompt.fields
        if spec.kind == "choice" and not spec.required
    }
    if any(optional.values()):
        chosen = {name: rng.choice(keys) for name, keys in optional.items() if keys}
        yield Event(prompt.kind, {**tame.data, **chosen})


def _as_the_page_posts(state, prompt: Prompt, event: Event) -> Event:
    """`event` as the page would post it: Death's cards name every slot (the page presets each
    to "no card", so a slot the autopilot leaves out, the engine's proposal, is picked)."""
    if prompt.kind != "cards":
        return event
    return Event(event.kind, upgrades.as_entered(state, event.data))


def _order_field(prompt: Prompt) -> str | None:
    """The name of the prompt's order to confirm or correct, if it asks for one."""
    return next((spec.name for spec in prompt.fields if spec.kind == "order"), None)


def _other_picks(prompt: Prompt, rng: random.Random, tame: Event) -> Iterator[Event]:
    """Where a prompt proposes several picks (choices with a default, not required), the player
    took other ones: events with one pick changed, then two (the rules may refuse some)."""
    picks = [
        spec
        for spec in prompt.fields
        if spec.kind == "choice" and spec.default is not None and len(spec.choices) > 1
        if not spec.required or prompt.kind == "cards"  # Death's cards, each "no card" preset
    ]
    if len(picks) < 2 or rng.random() >= OTHER_PICKS:
        return
    data = dict(tame.data)
    for spec in rng.sample(picks, 2):
        data[spec.name] = rng.choice([key for key, _label in spec.choices if key != spec.default])
        yield Event(prompt.kind, dict(data))


def _board_facts(prompt: Prompt, rng: random.Random, tame: Event) -> Iterator[Event]:
    specs = {spec.name: spec for spec in prompt.fields}
    roll = tame.data.get("roll", 0)
    draw = rng.random()
    if draw < BRAKES:
        most = min(specs[BRAKE_FACT].maximum or 0, roll - 1) if BRAKE_FACT in specs else 0
        if most >= 1:
            yield Event(prompt.kind, {**tame.data, BRAKE_FACT: rng.randint(1, most)})
    elif draw < BRAKES + CORNER:
        for corner, stops, beyond in CORNER_FACTS:
            if {corner, stops, beyond} <= specs.keys():
                facts = {corner: rng.randint(1, 2), stops: 0, beyond: rng.randint(1, 2)}
                yield Event(prompt.kind, {**tame.data, **facts})
    elif draw < BRAKES + CORNER + BESIDE and CARS_FACT in specs:
        others = [key for key, _label in specs[CARS_FACT].choices]
        if others:
            beside = rng.sample(others, min(len(others), rng.choice((1, 1, 2))))
            yield Event(prompt.kind, {**tame.data, CARS_FACT: beside})


def _step(prompt: Prompt, event: Event) -> Step:
    defaults = {spec.name: spec.default for spec in prompt.fields}
    data = dict(event.data)
    facts = tuple(
        name
        for name, value in data.items()
        if name in defaults and prompt.kind == "move" and name != "roll"
        if value not in (None, "", 0, False, [], ()) and value != defaults[name]
    )
    ordered = _order_field(prompt)
    right = not ordered or list(data[ordered]) == list(defaults[ordered] or ())
    forced = prompt.forced() is not None
    return Step(prompt.kind, prompt.car, data, facts, right, bool(ordered), forced)
