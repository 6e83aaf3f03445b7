"""Lighthouse (issue 21), a section of `make bench`: Google's page audit, as a phone sees the
site, on the home page, a public season page and the turn page of a race at the table (as a
spectator sees it).

Lighthouse comes from npm at bench time, installed once into .venv/lighthouse (never at run
time, never from a CDN), and drives Debian's Chromium (/usr/bin/chromium) in its default mobile
mode (an emulated mid-range phone on a throttled network). The pages are served by a live server
thread over a throwaway database, as bench/table_speed.py serves them, with the static files as
production serves them (bench/static.py: hashed names, gzip and Brotli, by whitenoise) and over
HTTPS as production is (bench/tls.py: a browser takes Brotli only over HTTPS). The turn page is
audited as a spectator sees it and as its referee does (signed in: the prompt's controls), and
its first load, in bytes on the wire, held to issue 21's 60 KB.

Printed: each page's Performance, Accessibility, Best Practices and SEO scores, issue 21's
target (100 in each), and the audits that cost a point where one is missed. Reported, not a gate
(a score also moves with the machine's load): it always exits 0. Where Lighthouse cannot run (no
npm, no network to install it, no Chromium), it says why and the rest of the bench runs.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run on its own: python bench/lighthouse.py
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

VERSION = "12"  # Lighthouse's major version, so the scores of two runs compare
INSTALLED = ROOT / ".venv" / "lighthouse"
CHROMIUM = os.environ.get("PADDOCK_CHROMIUM", "/usr/bin/chromium")
CATEGORIES = (
    ("performance", "Performance"),
    ("accessibility", "Accessibility"),
    ("best-practices", "Best Practices"),
    ("seo", "SEO"),
)
TARGET = 100
# Below this benchmark index (Lighthouse's measure of the CPU: a desktop ~1,500, a mid-range
# phone ~800) the machine is too busy for the performance score to say anything of the site.
BUSY = 500
A_PAGE = 240  # seconds Lighthouse may take over one page
TURN_PAGE = "turn page (spectator)"
REFEREE_PAGE = "turn page (referee)"
FRENCH_REFEREE_PAGE = "turn page (referee, in French)"
FIRST_LOAD_KB = 60  # issue 21: the turn page's first load, on the wire
BROWSER_S_OWN = {"Manifest", "Other"}
# Issue 30: the page, its one stylesheet and its one script (config/bundles.py).
FIRST_LOAD_REQUESTS = 3


def lighthouse() -> tuple[Path | None, str]:
    """Lighthouse's command, installed from npm if it is not yet; else None and why not."""
    command = INSTALLED / "node_modules" / ".bin" / "lighthouse"
    if command.exists():
        return command, ""
    if not Path(CHROMIUM).exists():
        return None, f"Chromium not found at {CHROMIUM}: install Debian's 'chromium' package"
    npm = shutil.which("npm")
    if npm is None:
        return None, "npm not found: install Node.js and npm (Debian's 'nodejs' and 'npm')"
    print(f"installing Lighthouse {VERSION} from npm into {INSTALLED.relative_to(ROOT)}...")
    try:
        installed = subprocess.run(
            [npm, "install", "--prefix", str(INSTALLED), "--no-audit", "--no-fund"]
            + ["--loglevel=error", f"lighthouse@{VERSION}"],
            capture_output=True,
            text=True,
            timeout=900,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return None, "npm took over 15 minutes to install Lighthouse"
    if installed.returncode or not command.exists():
        said = (installed.stderr or installed.stdout).strip().splitlines()
        return None, "npm could not install Lighthouse: " + (said[-1] if said else "no reason")
    return command, ""


def audit(command: Path, url: str, headers: dict[str, str] | None = None) -> dict:
    """Lighthouse's report (its JSON) on `url`, in its default mobile mode; `headers` sent
    with every request (a signed-in visitor's session cookie, a French phone's language)."""
    extra = [f"--extra-headers={json.dumps(headers)}"] if headers else []
    ran = subprocess.run(
        [
            str(command),
            url,
            "--output=json",
            "--output-path=stdout",
            "--quiet",
            f"--chrome-path={CHROMIUM}",
            # The live server's certificate is a throwaway one (bench/tls.py).
            "--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run "
            "--ignore-certificate-errors",
            "--only-categories=" + ",".join(key for key, _ in CATEGORIES),
            *extra,
        ],
        capture_output=True,
        text=True,
        timeout=A_PAGE,
        check=False,
    )
    if ran.returncode:
        said = ran.stderr.strip().splitlines()
        raise RuntimeError(said[-1] if said else f"Lighthouse exited {ran.returncode}")
    return json.loads(ran.stdout)


def scores(report: dict) -> dict[str, int]:
    return {
        key: round((report["categories"][key]["score"] or 0) * 100) for key, _label in CATEGORIES
    }


def misses(report: dict) -> list[str]:
    """The audits that cost a category a point: "SEO: Document does not have a meta
    description"."""
    found = []
    for key, label in CATEGORIES:
        for ref in report["categories"][key]["auditRefs"]:
            result = report["audits"][ref["id"]]
            if ref["weight"] and result["score"] is not None and result["score"] < 1:
                shown = f" ({result['displayValue']})" if result.get("displayValue") else ""
                found.append(f"{label}: {result['title']}{shown}")
    return found


def pages() -> dict[str, tuple[str, dict[str, str]]]:
    """The pages audited, by name: their paths on a league built for it, and the headers the
    visitor sends (none for a visitor who is not signed in, an English one): the turn page as a
    spectator sees it and as its referee does (the prompt's controls), in English and in French
    (issue 34)."""
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.test import Client

    from bench import builders
    from league.models import Driver
    from league.services.starts import round_start_at_table
    from tests.races.autopilot import drive

    organiser = User.objects.create_user("lighthouse-organiser", password="lighthouse")
    league = builders.league_with_drivers(
        organiser=organiser, name="Lighthouse League", drivers=8, rookies=True
    )
    season = builders.season_raced(league, number=1, ended=False, raced_rounds=4, finished=4)
    drivers = list(Driver.objects.filter(team__league=league).racing().order_by("pk")[:4])
    race = round_start_at_table(
        round_=season.rounds.get(number=5),
        starters=[(driver, f"{driver.team.name[:26]} {n}") for n, driver in enumerate(drivers)],
    )
    drive(race, 6, seed=3)
    referee = Client()
    referee.force_login(organiser)
    session = (
        f"{settings.SESSION_COOKIE_NAME}={referee.cookies[settings.SESSION_COOKIE_NAME].value}"
    )
    return {
        "home": ("/", {}),
        "season (public)": (season.get_absolute_url(), {}),
        TURN_PAGE: (race.get_absolute_url(), {}),
        REFEREE_PAGE: (race.get_absolute_url(), {"Cookie": session}),
        FRENCH_REFEREE_PAGE: (
            race.get_absolute_url(),
            {"Cookie": session, "Accept-Language": "fr"},
        ),
    }


def measure(command: Path) -> list[tuple[str, dict | str]]:
    """(page, its report or why Lighthouse failed on it) for every page of `pages`."""
    from bench.static import production_static
    from bench.table_speed import live_server

    audited: list[tuple[str, dict | str]] = []
    # The static files as production sends them: compressed, under hashed names.
    with production_static(), live_server(as_production=True) as url:
        for name, (path, headers) in pages().items():
            audited.append((name, audited_twice(command, url + path, headers)))
    return audited


def audited_twice(command: Path, url: str, headers: dict[str, str]) -> dict | str:
    """Lighthouse's report on `url`, asked again once if its run fails (on a busy machine its
    trace sometimes misses the page's start: "NO_NAVSTART"); else why it failed."""
    failed: Exception | None = None
    for _attempt in range(2):
        try:
            return audit(command, url, headers)
        except (RuntimeError, subprocess.TimeoutExpired, json.JSONDecodeError) as error:
            failed = error
    return f"Lighthouse failed: {failed}"


def first_load(name: str, report: dict) -> str:
    """The turn page's first load against issues 21 and 30's targets: its bytes on the wire
    (every request, compressed as sent), its requests and the scripts that block its paint."""
    weight = report["audits"]["total-byte-weight"]["numericValue"] / 1000
    blocking = [
        item["url"].rsplit("/", 1)[-1]
        for item in report["audits"]["render-blocking-resources"]
        .get("details", {})
        .get("items", [])
        if item["url"].split("?")[0].endswith(".js")
    ]
    items = report["audits"]["network-requests"].get("details", {}).get("items", [])
    # The page's own requests; the browser also fetches the web-app manifest and the icon it
    # names ("Manifest", "Other": for installing the site, after the page has loaded), shown
    # beside them, not counted in them.
    requests = [item for item in items if item.get("resourceType") not in BROWSER_S_OWN]
    besides = [item["url"].rsplit("/", 1)[-1] for item in items if item not in requests]
    met = weight <= FIRST_LOAD_KB and not blocking and len(requests) <= FIRST_LOAD_REQUESTS
    scripts = ", ".join(blocking) if blocking else "none"
    return (
        f"  {name}, first load: {weight:.1f} KB on the wire in {len(requests)} requests "
        f"(and the browser's own: {', '.join(besides) or 'none'}), "
        f"render-blocking scripts: {scripts}   target <= {FIRST_LOAD_KB} KB in "
        f"{FIRST_LOAD_REQUESTS} requests and none: {'met' if met else 'MISSED'}"
    )


def report(audited: list[tuple[str, dict | str]], version: str) -> None:
    print(f"Lighthouse {version}, mobile, Chromium at {CHROMIUM}")
    print(f"{'':32}" + "".join(f"{label:>15}" for _key, label in CATEGORIES))
    missed: list[str] = []
    for name, result in audited:
        if isinstance(result, str):
            print(f"{name:32} {result}")
            missed.append(f"{name}: not measured")
            continue
        page_scores = scores(result)
        # Lighthouse's own measure of the machine's speed: a busy machine scores performance low.
        machine = result.get("environment", {}).get("benchmarkIndex", 0)
        print(
            f"{name:32}"
            + "".join(f"{page_scores[key]:>15}" for key, _ in CATEGORIES)
            + f"   (machine's benchmark index {machine:.0f})"
        )
        if min(page_scores.values()) < TARGET:
            missed += [f"{name}: {miss}" for miss in misses(result)]
    print(f"  target: {TARGET} in every category on every page: ", end="")
    print("met" if not missed else "MISSED")
    for miss in missed:
        print(f"    {miss}")
    for name, result in audited:
        if name in (TURN_PAGE, REFEREE_PAGE, FRENCH_REFEREE_PAGE) and not isinstance(result, str):
            print(first_load(name, result))
    indexes = [
        result.get("environment", {}).get("benchmarkIndex", 0)
        for _name, result in audited
        if not isinstance(result, str)
    ]
    if indexes and min(indexes) < BUSY:
        print(
            f"  (the machine was busy, benchmark index under {BUSY}: the performance scores say "
            "more of its load than of the pages; the other three do not depend on it)"
        )


def main() -> int:
    from django.test.utils import (
        setup_databases,
        setup_test_environment,
        teardown_databases,
        teardown_test_environment,
    )

    print("\nLighthouse (issue 21): the home page, a public season page and the turn page\n")
    command, why = lighthouse()
    if command is None:
        print(f"lighthouse: SKIPPED, {why}")
        return 0
    version = subprocess.run(
        [str(command), "--version"], capture_output=True, text=True, check=False
    ).stdout.strip()
    setup_test_environment()
    databases = setup_databases(verbosity=0, interactive=False)
    try:
        audited = measure(command)
    finally:
        teardown_databases(databases, verbosity=0)
        teardown_test_environment()
    report(audited, version)
    return 0


if __name__ == "__main__":
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
    import django

    django.setup()
    sys.exit(main())
