"""The turn helper at table speed (issue 8), a section of `make bench`: what a whole race costs the
referee's thumb on a phone.

Headless Chromium (Debian's /usr/bin/chromium) at 390×844 plays a whole scripted race through
the real pages, served on a live server thread over a throwaway database: a seven-car Season
Pass race of ten rounds, a shorter Formula D one, and (issue 21: the targets hold for every
rule set) a Mini's series race, an RBB race and a Formula... Death! one. The script is the
autopilot's events, seeded, computed on the pure engine; the harness
(tests/browser/table_speed_harness.py, its script and figures beside it, shared with
tests/browser/test_table_speed.py) enters each through the controls of the prompt on the page
as a person would, counting taps, keys typed on the phone keyboard and scrolls.

Printed per event kind and in total, beside today's figures kept as the baseline in
bench/table_speed_baseline.json, with issue 8's targets and which are met. Exits 1 if one is
missed. `python bench/table_speed.py --write-baseline` measures and writes the baseline anew
(only when the script or the rules change what is entered: the baseline is the UI before
issue 8).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = Path(__file__).resolve().parent / "table_speed_baseline.json"
if str(ROOT) not in sys.path:  # run on its own: python bench/table_speed.py
    sys.path.insert(0, str(ROOT))
# Playwright's sync API runs an event loop in this thread; the ORM calls made here are plain.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from tests.browser.table_speed_script import RBB_OWN_SETUP, TableRace  # noqa: E402

RACES = (
    TableRace("Season Pass", "season_pass", cars=7, finish_from_round=10, seed=8),
    TableRace(
        "Formula D",
        "formula_d",
        cars=5,
        finish_from_round=5,
        seed=8,
        settings={"cars_per_team": "2"},
    ),
    # Issue 21: the targets hold for every rule set. Seeds picked for scripts that hold every
    # kind of entry a target judges. A Mini's series race under the "corners doubled" format
    # (round 1's own is three laps), two cars a team, its grid by the standings proposed.
    TableRace(
        "Mini's series", "mini", cars=5, finish_from_round=5, seed=4, race_format="double_stops"
    ),
    # An RBB race on a track that prints its weather (rolled first), the season's wear-point
    # setup other than the preset (a tyre WP moved to the brakes).
    TableRace(
        "RBB",
        "rbb",
        cars=6,
        finish_from_round=5,
        seed=8,
        settings={"weather": True},
        setup=RBB_OWN_SETUP,
        track="Monza",
    ),
    # Formula... Death!, the cards picked in turn once the grid is set (a choice per card, the
    # proposal taken or not), then attack orders, attacks, aims, hit rolls and a Chain Blades
    # roll (an upgrade given up) among the moves; one car a team.
    TableRace(
        "Formula... Death!",
        "death",
        cars=4,
        finish_from_round=5,
        seed=11,
        settings={"distribution": "pick"},
    ),
)


def script_digest(steps) -> str:
    """Names the script: a baseline measured on another script says nothing about this one."""
    entered = json.dumps([(step.kind, step.car, step.data) for step in steps], sort_keys=True)
    return hashlib.sha256(entered.encode()).hexdigest()[:16]


def _as_it_is(application):
    return application


@contextmanager
def live_server(*, as_production: bool = False) -> Iterator[str]:
    """The site on a thread on 127.0.0.1 (Django's LiveServerThread, as LiveServerTestCase
    runs it, static files included): its address. `as_production`: the static files served as
    production serves them (bench/static.py: hashed, compressed, by whitenoise), not from the
    finders, over HTTPS (bench/tls.py) where openssl is installed."""
    from django.contrib.staticfiles.handlers import StaticFilesHandler
    from django.db import connections
    from django.test import modify_settings
    from django.test.testcases import LiveServerThread

    from bench.tls import tls_context, tls_server_thread

    # An in-memory SQLite database lives in its connection: the server thread shares it.
    shared = {
        connection.alias: connection
        for connection in connections.all()
        if connection.vendor == "sqlite" and connection.is_in_memory_db()
    }
    for connection in shared.values():
        connection.inc_thread_sharing()
    # The live server wraps the site in its static handler: none, for whitenoise to serve them.
    handler = _as_it_is if as_production else StaticFilesHandler
    with tls_context() as context:
        secure = as_production and context is not None
        thread = tls_server_thread(context) if secure and context else LiveServerThread
        server = thread("127.0.0.1", handler, connections_override=shared, port=0)
        server.daemon = True
        try:
            with modify_settings(ALLOWED_HOSTS={"append": "127.0.0.1"}):
                server.start()
                server.is_ready.wait()
                if server.error:
                    raise server.error
                yield f"{'https' if secure else 'http'}://127.0.0.1:{server.port}"
        finally:
            if server.is_alive():
                server.terminate()
                server.join()
            for connection in shared.values():
                connection.dec_thread_sharing()


def measure() -> dict[str, dict]:
    """Every race of RACES played in Chromium: its digest, event count and figures."""
    from django.contrib.auth.models import User
    from playwright.sync_api import sync_playwright

    from races.services.entries import race_state
    from tests.browser import table_speed_harness as harness
    from tests.browser.table_speed_figures import figures
    from tests.browser.table_speed_script import PASSWORD, build_race, script_race

    organiser = User.objects.create_user("table-organiser", password=PASSWORD)
    referee = User.objects.create_user("table-referee", password=PASSWORD)
    played = {}
    scripted = []
    for table_race in RACES:
        race = build_race(table_race, organiser=organiser, referee=referee)
        steps = script_race(
            race_state(race),
            seed=table_race.seed,
            finish_from_round=table_race.finish_from_round,
        )
        scripted.append((table_race, race.get_absolute_url(), steps))
    with live_server() as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=harness.CHROMIUM, args=harness.CHROMIUM_ARGS
        )
        page = browser.new_page(viewport=harness.VIEWPORT)
        harness.log_in(page, url, referee.username)
        for table_race, turn_url, steps in scripted:
            tallies = harness.play(page, url + turn_url, steps)
            rows = figures(steps, tallies)
            played[table_race.label] = {
                "script": script_digest(steps),
                "cars": table_race.cars,
                "rounds": table_race.finish_from_round,
                "rows": rows,
                "prompts outside the first viewport": sum(
                    bool(tally.prompt_outside) for tally in tallies
                ),
                "outside": [
                    f"#{seq} {step.kind}: {', '.join(tally.prompt_outside)}"
                    for seq, (step, tally) in enumerate(zip(steps, tallies, strict=True), 1)
                    if tally.prompt_outside
                ],
            }
        browser.close()
    return played


def as_json(played: dict[str, dict]) -> dict:
    from dataclasses import asdict

    return {
        label: {**race, "rows": {name: asdict(row) for name, row in race["rows"].items()}}
        for label, race in played.items()
    }


HEADER = (
    f"{'':40} {'events':>6} | {'taps':>5} {'keys':>5} {'scroll':>6} |"
    f" {'taps':>5} {'keys':>5} {'scroll':>6}"
)


def report(label: str, race: dict, baseline: dict | None) -> bool:
    """Print one race's figures beside its baseline and the targets; True if one is missed."""
    from tests.browser.table_speed_figures import TARGETS, TOTAL, Row

    rows: dict[str, Row] = race["rows"]
    base_rows = (baseline or {}).get("rows", {})
    total = rows[TOTAL]
    print(
        f"{label}: {race['cars']} cars, cars cross the line in round {race['rounds']}, "
        f"{total.events} events, Chromium at 390x844"
    )
    print(f"{'':40} {'':>6} | {'per event now':^18} | {'per event, baseline':^19}")
    print(HEADER)
    for name, row in rows.items():
        base = base_rows.get(name)
        now = _per_event(row.events, row.taps, row.keys, row.scrolls)
        before = (
            _per_event(base["events"], base["taps"], base["keys"], base["scrolls"]) if base else ""
        )
        print(f"{name:40} {row.events:>6} | {now} | {before}")
    base_total = base_rows.get(TOTAL)
    print(f"  in all: {_in_all(total, race)}")
    if base_total:
        print(f"  baseline: {_in_all(Row(**base_total), baseline)}")
    missed = []
    for target in TARGETS:
        miss = target.missed_by(rows)
        shown = "not measured" if not target.judged(rows) else f"MISSED, {miss}" if miss else "met"
        print(f"  target: {target.text}: {shown}")
        missed.append(bool(miss))
    if baseline is None:
        print("  target: the whole race in at most half of today's taps: no baseline to compare")
    elif baseline["script"] != race["script"]:
        print(
            "  target: the whole race in at most half of today's taps: the baseline was measured "
            "on another script (the rules or the script changed): not judged"
        )
    else:
        before = base_total["taps"] + base_total["keys"]
        half = total.touches <= before / 2
        print(
            "  target: the whole race in at most half of today's taps (keys count as taps): "
            + ("met" if half else "MISSED")
            + f", {total.touches} (today {before})"
        )
        missed.append(not half)
    print(f"{label}: " + ("MISSED a target" if any(missed) else "every target met") + "\n")
    return any(missed)


def _in_all(total, race: dict) -> str:
    outside = race["prompts outside the first viewport"]
    where = "".join(f"\n    {line}" for line in race.get("outside", ())[:5])
    return (
        f"{total.taps} taps, {total.keys} keys, {total.scrolls} scrolls; "
        f"{outside} prompts not all in the first viewport{where}"
    )


def _per_event(events: int, taps: int, keys: int, scrolls: int) -> str:
    if not events:
        return ""
    return f"{taps / events:5.2f} {keys / events:5.2f} {scrolls / events:6.2f}"


def main(argv: list[str] | None = None) -> int:
    """The table-speed section: measure, print beside the baseline; 1 if a target is missed."""
    from django.test.utils import (
        setup_databases,
        setup_test_environment,
        teardown_databases,
        teardown_test_environment,
    )

    from tests.browser.table_speed_harness import CHROMIUM

    argv = sys.argv[1:] if argv is None else argv
    print("Table speed (issue 8): a whole scripted race entered on a phone in Chromium\n")
    if not Path(CHROMIUM).exists():
        print(
            f"table speed: SKIPPED, Chromium not found at {CHROMIUM}: install Debian's "
            "'chromium' package (`apt-get install chromium`)"
        )
        return 0
    setup_test_environment()
    databases = setup_databases(verbosity=0, interactive=False)
    try:
        played = measure()
    finally:
        teardown_databases(databases, verbosity=0)
        teardown_test_environment()
    if "--write-baseline" in argv:
        BASELINE.write_text(json.dumps(as_json(played), indent=2) + "\n")
        print(f"baseline written to {BASELINE.relative_to(ROOT)}\n")
    baseline = json.loads(BASELINE.read_text()) if BASELINE.exists() else {}
    missed = [report(label, race, baseline.get(label)) for label, race in played.items()]
    print("table speed: " + ("MISSED a target" if any(missed) else "every target met"))
    return 1 if any(missed) else 0


if __name__ == "__main__":
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
    import django

    django.setup()
    sys.exit(main())
