"""Benchmark of the turn helper (`make bench`): what entering one roll costs on the server.

Entering a roll must cost about what any page costs, and the same at event 300 as at event 10
(the engine works on a snapshot, never the log). Through the Django test Client, on a throwaway
in-memory SQLite database, with a ten-car race of each rule set that runs races at the table
(Season Pass and Formula D), this times (median of many repetitions, interleaved so a busy
machine slows every figure alike):

- entering one move (the htmx POST a referee's phone sends) at event ~10 and at event ~300;
- the trivial view: the floor of every Paddock page, behind the same middleware and session —
  the logged-in user and an empty page on base.html;
- for scale, a bare HttpResponse("ok") that never reads the session.

The targets: entry <= 2.0 x the trivial view, and event 300 <= 1.2 x event 10. The bare
response is printed but not judged: it skips the session and user look-ups that every request
from a logged-in referee pays, and one ORM query alone costs more than it, so no view that writes
a row could come within 2x of it. Exits 1 if a target is missed.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
import types
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.test"

import django  # noqa: E402

django.setup()

from django.http import HttpRequest, HttpResponse  # noqa: E402
from django.test import Client, override_settings  # noqa: E402
from django.test.utils import (  # noqa: E402
    setup_databases,
    setup_test_environment,
    teardown_databases,
    teardown_test_environment,
)
from django.urls import path, reverse  # noqa: E402

FORM_ENCODED = "application/x-www-form-urlencoded"
CARS = 10
REPEATS = 60
ENTRY_TARGET = 2.0
GROWTH_TARGET = 1.2


def trivial(request: HttpRequest) -> HttpResponse:
    """A bare response, for scale: it never reads the session."""
    return HttpResponse("ok")


def trivial_page(request: HttpRequest) -> HttpResponse:
    """The trivial view: the floor of every Paddock page, the logged-in user and an empty page
    on base.html."""
    from django.template import engines

    template = engines["django"].from_string('{% extends "base.html" %}')
    return HttpResponse(template.render({}, request))


def _urlconf() -> types.ModuleType:
    """The project's URLs plus the trivial view, for this run only (not part of the app)."""
    from config import urls

    module = types.ModuleType("bench_urls")
    module.urlpatterns = [
        path("bench/trivial/", trivial),
        path("bench/trivial-page/", trivial_page),
        *urls.urlpatterns,
    ]
    sys.modules[module.__name__] = module
    return module


RULESETS = {
    # rule set: its league settings for two cars a team
    "season_pass": {},
    "formula_d": {"cars_per_team": "2"},
}


def build_race(organiser, name: str, ruleset: str):
    from league import services as league_services
    from league.models import Track
    from races import services

    league = league_services.league_create(
        name=name, organiser=organiser, ruleset=ruleset, settings=RULESETS[ruleset]
    )
    teams = [
        league_services.team_create(
            league=league,
            name=f"Team {n}",
            driver_names=[f"Driver {n}a {ruleset}", f"Driver {n}b {ruleset}"],
        )
        for n in range(CARS // 2)
    ]
    track, _ = Track.objects.get_or_create(name="Bench Circuit")
    season = league_services.season_open(league=league, tracks=[track])
    drivers = [driver for team in teams for driver in team.drivers.all()]
    starters = [(driver, f"car{n}") for n, driver in enumerate(drivers)]
    return services.race_start(round_=season.rounds.get(number=1), starters=starters)


def legal_data(prompt, rng: random.Random) -> dict:
    """What the page would post for `prompt`: the test autopilot's legal event as form data,
    its list fields named in `_lists` as the page's forms do."""
    from tests.races.autopilot import legal_event

    event = legal_event(prompt, rng)
    data: dict = {"kind": event.kind, **event.data}
    lists = [name for name, value in event.data.items() if isinstance(value, list)]
    if lists:
        data["_lists"] = lists
    return data


def advance(race, *, to_seq: int, rng: random.Random) -> None:
    """Drive the race (through the service) to `to_seq`, then on until a move is asked for."""
    from races import services
    from rules import engine
    from rules.engine import Event

    while True:
        race.refresh_from_db()
        prompt = engine.prompts(services.race_state(race))[0]
        if race.seq >= to_seq and prompt.kind == "move":
            return
        data = legal_data(prompt, rng)
        kind = data.pop("kind")
        data.pop("_lists", None)
        services.race_event_apply(race=race, event=Event(kind, data), expected_version=race.version)


def enter_once(client: Client, race, rng: random.Random, **headers) -> float:
    """Seconds for one entered move; the move is then undone (untimed), so every repetition
    enters a move at the same event number."""
    from races import services
    from rules import engine

    race.refresh_from_db()
    post = legal_data(engine.prompts(services.race_state(race))[0], rng)
    post["version"] = race.version
    url = reverse("races:turn", kwargs={"race_id": race.pk})
    # Encoded as a browser (and htmx) submits a form, not as the test client's multipart.
    body = urlencode(post, doseq=True)
    started = time.perf_counter()
    response = client.post(url, body, content_type=FORM_ENCODED, **headers)
    elapsed = time.perf_counter() - started
    assert response.status_code in (200, 302), response.content[:500]
    services.race_undo(race=race, expected_version=race.version + 1)
    return elapsed


def timed(function) -> float:
    started = time.perf_counter()
    response = function()
    elapsed = time.perf_counter() - started
    assert response.status_code == 200
    return elapsed


def measure(client: Client, early, late, rng: random.Random) -> dict[str, list[float]]:
    """Interleaved, so a busy machine slows every figure alike."""
    htmx = {"HTTP_HX_REQUEST": "true"}
    early_url = reverse("races:turn", kwargs={"race_id": early.pk})
    samples: dict[str, list[float]] = {
        "trivial": [],
        "trivial page": [],
        "early": [],
        "late": [],
        "early plain": [],
        "early panel": [],
    }
    for _ in range(REPEATS):
        samples["trivial"].append(timed(lambda: client.get("/bench/trivial/")))
        samples["trivial page"].append(timed(lambda: client.get("/bench/trivial-page/")))
        samples["early"].append(enter_once(client, early, rng, **htmx))
        samples["late"].append(enter_once(client, late, rng, **htmx))
        samples["early plain"].append(enter_once(client, early, rng))
        samples["early panel"].append(timed(lambda: client.get(early_url, **htmx)))
    return samples


def main() -> int:
    setup_test_environment()
    databases = setup_databases(verbosity=0, interactive=False)
    try:
        with override_settings(ROOT_URLCONF=_urlconf().__name__):
            return run()
    finally:
        teardown_databases(databases, verbosity=0)
        teardown_test_environment()


def run() -> int:
    from django.contrib.auth.models import User

    organiser = User.objects.create_user("bench-organiser", password="bench")
    client = Client()
    client.force_login(organiser)
    rng = random.Random(2024)
    races = {ruleset: build_races(organiser, ruleset, rng) for ruleset in RULESETS}
    for early, late in races.values():  # warm every path up before any figure is taken
        measure(client, early, late, rng)
    missed = [
        report(ruleset, measure(client, *races[ruleset], rng), *races[ruleset])
        for ruleset in RULESETS
    ]
    print("MISSED a target" if any(missed) else "every target met")
    return 1 if any(missed) else 0


def build_races(organiser, ruleset: str, rng: random.Random):
    """Two races of `ruleset`: one at event ~10, one at event ~300, each before a move."""
    early = build_race(organiser, f"Early {ruleset}", ruleset)
    late = build_race(organiser, f"Late {ruleset}", ruleset)
    advance(early, to_seq=10, rng=rng)
    advance(late, to_seq=300, rng=rng)
    return early, late


def report(ruleset: str, samples: dict[str, list[float]], early, late) -> bool:
    """Print one rule set's figures; True if it missed a target."""
    median = {name: statistics.median(times) for name, times in samples.items()}
    entry_ratio = max(median["early"], median["late"]) / median["trivial page"]
    bare_ratio = max(median["early"], median["late"]) / median["trivial"]
    growth = median["late"] / median["early"]
    print(f"{ruleset}: {CARS}-car race, median of {REPEATS}, server time through the test Client:")
    print(f"  trivial view (user + base.html)     {median['trivial page'] * 1000:7.2f} ms")
    print(f"  bare HttpResponse, for scale        {median['trivial'] * 1000:7.2f} ms")
    print(f"  enter a move at event {early.seq + 1:<4} (htmx) {median['early'] * 1000:7.2f} ms")
    print(f"  enter a move at event {late.seq + 1:<4} (htmx) {median['late'] * 1000:7.2f} ms")
    print(f"  for scale: the same move, no htmx (redirect)  {median['early plain'] * 1000:7.2f} ms")
    print(f"  for scale: GET the turn panel (htmx)          {median['early panel'] * 1000:7.2f} ms")
    print(f"entry/trivial    = {entry_ratio:6.2f}  (target <= {ENTRY_TARGET})")
    print(f"entry/bare       = {bare_ratio:6.2f}  (for scale, not judged)")
    print(f"event300/event10 = {growth:6.2f}  (target <= {GROWTH_TARGET})")
    missed = entry_ratio > ENTRY_TARGET or growth > GROWTH_TARGET
    print(f"{ruleset}: " + ("MISSED a target" if missed else "both targets met") + "\n")
    return missed


if __name__ == "__main__":
    status = main()
    # The table-speed section (issue 8) lives in its own module: bench/table_speed.py.
    from bench import table_speed

    sys.exit(table_speed.main([]) or status)
