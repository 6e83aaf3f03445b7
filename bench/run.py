"""The benchmark (`make bench`): every row of issue 11's table, "Fast at any size".

Each figure is a ratio to the trivial view measured in the same run (the floor of every Paddock
page: the logged-in user and an empty page on base.html), through the Django test Client, on a
throwaway test database: SQLite, and PostgreSQL too when DATABASE_URL points at one. Each
section is a module of this folder that returns its rows (report.Row): turn.py (the turn helper
at the table) and scale.py (a season's end with 10,000 drivers, a round's result for 10 and 40
cars, the history pages after 20 seasons); builders.py makes their data in bulk. A closing line
per database says which targets are met.

Timings are reported, not a gate: it exits 1 only if a query count, a status or a page's size
misses its target (those are also the tests' gate). A bare
HttpResponse("ok") that never reads the session is printed for scale, not judged: one ORM query
alone costs more than it, so no view that writes a row could come within 2x of it.

Then, each in a process of its own: table_speed.py (a whole race entered on a phone in
Chromium, issue 8), memory.py, host.py (one gunicorn host of 5 workers on PostgreSQL: entries a
second against the trivial view's, the p95 of N tables each entering every 2 s, and the shared
cache's hit on a second host; issue 33, reported) and lighthouse.py (Lighthouse's four scores on
the home page, a public season page and the turn page, issue 21; reported, not a gate).

memory.py (issue 19) serves Paddock under gunicorn with the production settings and one worker,
over a throwaway SQLite file, and posts 50,000 entries at the table to it over HTTP as the turn
page's htmx does (many ten-car races, Season Pass and Formula D in turn, each to its finish or a
few hundred entries): the worker's resident memory after 50,000 entries is at most 1.3 times
its memory after 1,000, a gate (a size, not a timing), so a per-process cache that grows with
the entries misses it. It takes about 20 minutes (BENCH_MEMORY_ENTRIES=2000 for a quick try).
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The sections, in the order they run: each a module of bench/ whose rows(client, organiser)
# returns its report.Rows.
SECTIONS = tuple(os.environ.get("BENCH_SECTIONS", "turn,scale,site").split(","))
HERE = "--here"  # run the sections in this process, on the database the settings name


def main() -> int:
    """Each database in a process of its own: the settings read DATABASE_URL once."""
    databases = {"SQLite": {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}}
    if os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        databases["PostgreSQL"] = dict(os.environ)
    failed = [
        name
        for name, env in databases.items()
        if subprocess.run([sys.executable, __file__, HERE, name], env=env, check=False).returncode
    ]
    if "PostgreSQL" not in databases:
        print("\n(PostgreSQL not measured: set DATABASE_URL=postgres://... to measure it too)")
    print("\nMISSED a gate on " + ", ".join(failed) if failed else "\nevery gate met")
    return 1 if failed else 0


def run_here() -> int:
    sys.path.insert(0, str(ROOT))
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
    import django

    django.setup()
    from django.test import override_settings
    from django.test.utils import setup_databases, teardown_databases

    # Not setup_test_environment(): it wraps every template's render in a signal to which the
    # test Client answers with a copy of the context, about 60 microseconds a template, which
    # production never pays (a turn page's prompt is some 40 partials: ~2.5 ms of its ~14).
    # The pages are timed as production renders them; mail goes to memory (the locmem backend
    # makes its own outbox), as the test environment sends it.
    databases = setup_databases(verbosity=0, interactive=False)
    try:
        with override_settings(
            ROOT_URLCONF=_urlconf().__name__,
            EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
        ):
            return run(sys.argv[-1])
    finally:
        teardown_databases(databases, verbosity=0)


def trivial(request):
    """A bare response, for scale: it never reads the session."""
    from django.http import HttpResponse

    return HttpResponse("ok")


def trivial_page(request):
    """The trivial view: the floor of every Paddock page, the logged-in user and an empty page
    on base.html."""
    from django.http import HttpResponse
    from django.template import engines

    template = engines["django"].from_string('{% extends "base.html" %}')
    return HttpResponse(template.render({}, request))


def _urlconf() -> types.ModuleType:
    """The project's URLs plus the trivial views, for this run only (not part of the app)."""
    from django.urls import path

    from config import urls

    module = types.ModuleType("bench_urls")
    module.urlpatterns = [
        path("bench/trivial/", trivial),
        path("bench/trivial-page/", trivial_page),
        *urls.urlpatterns,
    ]
    sys.modules[module.__name__] = module
    return module


def run(database: str) -> int:
    from django.contrib.auth.models import User
    from django.test import Client

    from bench import report

    organiser = User.objects.create_user("bench-organiser", password="bench")
    client = Client()
    client.force_login(organiser)
    print(f"{database}: measuring...", flush=True)
    rows = []
    for section in SECTIONS:
        rows += importlib.import_module(f"bench.{section}").rows(client, organiser)
    bare = report.seconds(lambda: client.get("/bench/trivial/")) * 1000
    print(f"  (a bare HttpResponse, for scale: {bare:.2f} ms)")
    return 0 if report.print_rows(database, report.trivial_ms(client), rows) else 1


if __name__ == "__main__":
    if HERE in sys.argv:  # one database's measurements, in a process of its own
        sys.exit(run_here())
    status = main()
    # The table-speed section (issue 8): its own module, in a process of its own, on SQLite.
    speed = subprocess.run([sys.executable, str(ROOT / "bench" / "table_speed.py")], check=False)
    # A gunicorn worker's memory over 50,000 entries (issue 19): its own process, on SQLite.
    memory = subprocess.run([sys.executable, str(ROOT / "bench" / "memory.py")], check=False)
    # One host's capacity and the shared cache on a second host (issue 33), on PostgreSQL:
    # timings, reported, never a gate; it says why where it cannot run.
    subprocess.run([sys.executable, str(ROOT / "bench" / "host.py")], check=False)
    # Lighthouse (issue 21), reported, never a gate: it says why where it cannot run.
    subprocess.run([sys.executable, str(ROOT / "bench" / "lighthouse.py")], check=False)
    sys.exit(speed.returncode or memory.returncode or status)
