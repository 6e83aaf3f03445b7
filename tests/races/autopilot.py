"""A referee who always enters something legal: for tests that need a race some events in."""

from __future__ import annotations

import random

from django.core.exceptions import ValidationError

from league.models import Round, RoundStatus
from races.models import Race
from races.services.entries import race_event_apply, race_state
from rules import engine
from rules.dice import values
from rules.engine import Event, EventRejected, Prompt


def legal_event(
    prompt: Prompt, rng: random.Random, *, finish: bool = False, wild: bool = False
) -> Event:
    """An event for `prompt` from its fields: a random face of each die, defaults elsewhere.

    With `finish`, a move crosses the line on its last space (and ends beside no one); `wild`
    moves sometimes end beside another car or skid out of a corner (the engine may refuse).
    """
    data: dict = {"car": prompt.car} if prompt.car else {}
    for spec in prompt.fields:
        if spec.kind == "die":
            assert spec.die is not None
            data[spec.name] = rng.choice(values(spec.die))
        elif prompt.kind == "cards":
            pass  # Death's cards left out: the engine takes the first in the deck (a proposal)
        elif spec.kind == "choice" and spec.required:
            data[spec.name] = rng.choice([key for key, _label in spec.choices])
        elif spec.kind in ("cars", "order"):
            data[spec.name] = list(spec.default or ())
        elif spec.kind == "instant":  # the server stamps its own moment; the engine needs one
            data[spec.name] = spec.default or "2025-06-01T14:00:00+00:00"
        elif spec.chips and spec.default is None:  # a count with keys (a lap's throws)
            data[spec.name] = rng.randint(spec.minimum or 0, (spec.minimum or 0) + spec.chips - 1)
        elif spec.default not in (None, "", 0, False):
            data[spec.name] = spec.default
    names = {spec.name for spec in prompt.fields}
    if prompt.kind == "move":
        if "adjacent" in names:
            data["adjacent"] = []
        if finish and "finish" in names:
            data["finish"] = 1
        elif wild:
            _mischief(prompt, rng, data)
    return Event(prompt.kind, data)


def _mischief(prompt: Prompt, rng: random.Random, data: dict) -> None:
    others = [key for spec in prompt.fields if spec.name == "adjacent" for key, _ in spec.choices]
    if others and rng.random() < 0.3:
        data["adjacent"] = [rng.choice(others)]
    if rng.random() < 0.15:
        data.update(corner=rng.randint(1, 3), corner_stops=0, skid=rng.randint(1, data["roll"]))


def drive(
    race: Race,
    events: int,
    *,
    seed: int = 1,
    finish_from_round: int = 0,
    wild: bool = False,
    who=None,
) -> Race:
    """Enter `events` legal events through the service; cars cross the line from the given round
    (0 = never), so a race can be driven to its end. A wild event the rules refuse is replaced
    by a tame one."""
    rng = random.Random(seed)
    for _ in range(events):
        race.refresh_from_db()
        state = race_state(race)
        asked = engine.prompts(state)
        if not asked:
            break
        finish = bool(finish_from_round) and state.round >= finish_from_round
        tries = [
            legal_event(asked[0], rng, finish=finish, wild=wild),
            legal_event(asked[0], rng, finish=finish),
            legal_event(asked[0], rng),
        ]
        for event in tries:
            try:
                race_event_apply(race=race, event=event, expected_version=race.version, who=who)
                break
            except ValidationError:
                if event is tries[-1]:
                    raise
    race.refresh_from_db()
    return race


def drive_to_finish(race: Race, *, seed: int = 1, wild: bool = False, who=None) -> Race:
    return drive(race, 2000, seed=seed, finish_from_round=4, wild=wild, who=who)


def write_the_result(client, race: Race) -> Round:
    """The organiser (`client`) writes the finished race into the season from the turn page:
    its round, finished."""
    response = client.post(race.get_absolute_url(), {"commit": "", "version": race.version})
    assert response.status_code == 302
    round_ = race.round
    round_.refresh_from_db()
    assert round_.status == RoundStatus.FINISHED
    return round_


def finish_in_memory(race: Race, *, seed: int = 1) -> Race:
    """The race driven to its end (wild) on the engine alone, its final snapshot stored: for a
    finished race of many cars in little time. Its log stays empty."""
    rng = random.Random(seed)
    state = race_state(race)
    while asked := engine.prompts(state):
        finish = state.round >= 4
        for event in (
            legal_event(asked[0], rng, finish=finish, wild=True),
            legal_event(asked[0], rng, finish=finish),
            legal_event(asked[0], rng),
        ):
            try:
                state, _asked = engine.apply(state, event)
                break
            except EventRejected:
                continue
        else:
            raise AssertionError(f"no legal event for {asked[0]}")
    race.state = engine.state_to_dict(state)
    race.save(update_fields=["state"])
    return race
