"""One host's capacity, and the shared cache on a second host (issue 33), a section of
`make bench`.

A real gunicorn (config/gunicorn.py, the production settings, 5 workers) serves Paddock on a
PostgreSQL database of this run's own (on the server DATABASE_URL names; skipped without one),
with the trivial view added (bench/host_wsgi.py). This process plays the phones over HTTP,
logged in as the organiser, each entry the turn page's htmx post with the version its page was
built on, gzip accepted. The entries are recorded beforehand (bench/turn.py's legal_data through
the service on each race, then taken back to its start), so a phone's own work is only HTTP:
Formula D and Season Pass races of ten cars in turn.

- Throughput: CLIENTS phones at once, each posting as soon as its last answer came, for
  SECONDS; then the same number of clients asking the trivial view (the logged-in user and an
  empty page on base.html). Entries a second over trivial requests a second: target >= 0.6.
- Tables: TABLES tables (BENCH_HOST_TABLES), each entering every 2 s, started at random
  moments within the first 2 s, for TABLE_SECONDS: the 95th percentile of an entry's time,
  target < 100 ms.
- The shared cache: two hosts (one worker each) on one Redis (CACHE_URL, else this machine's
  127.0.0.1:6379), its keys under a prefix of the run's own: a season page laid out on host A,
  then read on host B, whose first read finds A's parts.

The load generator shares the machine with the server: on a machine of 2 cores both figures
are the server's share of it. Reported, not a gate (timings).
"""

from __future__ import annotations

import http.client
import os
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run on its own: python bench/host.py
    sys.path.insert(0, str(ROOT))

from bench.memory import CSRF_HEADER, PASSWORD, Phone, free_port  # noqa: E402

WORKERS = 5
CLIENTS = 10
SECONDS = 6.0
WARM_UP = 1.5
TABLES = int(os.environ.get("BENCH_HOST_TABLES", "75"))
EVERY = 2.0
TABLE_SECONDS = float(os.environ.get("BENCH_HOST_SECONDS", "20"))
RATIO_TARGET = 0.6
P95_TARGET_MS = 100.0
RULESETS = ("formula_d", "season_pass")
SERVER = os.environ.get("DATABASE_URL", "")


def server_env(folder: Path, database: str) -> dict[str, str]:
    return {
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "DATABASE_URL": database,
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "localhost,127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "false",
        "DJANGO_SECURE_COOKIES": "false",
        "DJANGO_STATIC_ROOT": str(folder / "static"),
    }


class Table:
    """A race and the entries recorded for it, posted in turn, each with its page's version."""

    def __init__(self, path: str, version: int, posts: list[dict]) -> None:
        self.path, self.version, self.posts = path, version, posts
        self.next = 0

    def body(self) -> str | None:
        if self.next == len(self.posts):
            return None
        post = {**self.posts[self.next], "version": self.version + self.next}
        self.next += 1
        return urlencode(post, doseq=True)


class Load:
    """The phones' HTTP: one connection a request (gunicorn's sync worker closes each)."""

    def __init__(self, port: int, cookies: dict[str, str], token: str) -> None:
        self.port = port
        self.headers = {
            "Host": f"127.0.0.1:{port}",
            "Accept-Encoding": "gzip",
            "Cookie": "; ".join(f"{name}={value}" for name, value in cookies.items()),
        }
        self.posting = {
            **self.headers,
            "Content-Type": "application/x-www-form-urlencoded",
            "HX-Request": "true",
            "X-CSRFToken": token,
            "Origin": f"http://127.0.0.1:{port}",
        }

    def send(self, method: str, path: str, body: str | None = None) -> tuple[int, float]:
        started = time.perf_counter()
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            connection.request(method, path, body, self.posting if body else self.headers)
            response = connection.getresponse()
            response.read()
        finally:
            connection.close()
        return response.status, time.perf_counter() - started


def saturated(work: list[Callable[[], bool]], seconds: float) -> tuple[int, int]:
    """Each of `work` called again and again, at once, for `seconds` after WARM_UP: how many
    calls came back True (and how many False) in those seconds."""
    counts = [[0, 0] for _ in work]
    counting = threading.Event()
    stop = threading.Event()

    def run(index: int) -> None:
        while not stop.is_set():
            done = work[index]()
            if counting.is_set() and not stop.is_set():
                counts[index][0 if done else 1] += 1

    threads = [threading.Thread(target=run, args=(index,)) for index in range(len(work))]
    for thread in threads:
        thread.start()
    time.sleep(WARM_UP)
    counting.set()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join()
    return sum(ok for ok, _ in counts), sum(bad for _, bad in counts)


def at_the_tables(load: Load, tables: list[Table], rng: random.Random) -> tuple[list[float], int]:
    """Every table entering every EVERY s for TABLE_SECONDS: each entry's seconds, and how
    many were refused or missing."""
    timings: list[float] = []
    failed = [0]
    begin = time.monotonic() + 0.5

    def run(table: Table, offset: float) -> None:
        due = begin + offset
        while due < begin + TABLE_SECONDS:
            time.sleep(max(0.0, due - time.monotonic()))
            body = table.body()
            if body is None:
                failed[0] += 1
                return
            status, took = load.send("POST", table.path, body)
            if status == 200:
                timings.append(took)
            else:
                failed[0] += 1
            due += EVERY

    threads = [
        threading.Thread(target=run, args=(table, rng.uniform(0, EVERY))) for table in tables
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return timings, failed[0]


def recorded(organiser, name: str, ruleset: str, entries: int, rng: random.Random) -> Table:
    """A new ten-car race with `entries` legal entries recorded, driven through the service
    and taken back to its start: the table's posts, in order."""
    from bench.turn import apply, build_race, legal_data
    from races.services.entries import race_state, race_undo
    from rules import engine

    race = build_race(organiser, name, ruleset, car=f"{name.split()[-1]}c")
    posts = []
    for _ in range(entries):
        race.refresh_from_db()
        asked = engine.prompts(race_state(race))
        if not asked:
            break
        data = legal_data(asked[0], rng)
        apply(race, data)
        posts.append(data)
    race.refresh_from_db()
    race_undo(race=race, expected_version=race.version, back_to=1)
    race.refresh_from_db()
    return Table(race.get_absolute_url(), race.version, posts)


def serve(env: dict[str, str], port: int, workers: int, log) -> subprocess.Popen:
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--config", "config/gunicorn.py"]
        + ["--workers", str(workers), "--bind", f"127.0.0.1:{port}", "bench.host_wsgi:application"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn stopped (status {server.returncode})")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                return server
        except OSError:
            time.sleep(0.3)
    server.terminate()
    raise RuntimeError("gunicorn did not answer within 90 seconds")


def measure(folder: Path, database: str) -> int:
    os.environ.update(server_env(folder, database))
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.test import override_settings

    call_command("migrate", verbosity=0, interactive=False)
    storages = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"},
    }
    with override_settings(STORAGES=storages):
        call_command("collectstatic", verbosity=0, interactive=False)
    organiser = User.objects.create_user("host-organiser", password=PASSWORD)
    rng = random.Random(33)
    print(f"  recording {CLIENTS + TABLES} races' entries...", flush=True)
    busy = [recorded(organiser, f"Busy {n}", RULESETS[n % 2], 200, rng) for n in range(CLIENTS)]
    tables = [
        recorded(organiser, f"Table {n}", RULESETS[n % 2], int(TABLE_SECONDS / EVERY) + 3, rng)
        for n in range(TABLES)
    ]
    port = free_port()
    env = {**os.environ, "WEB_CONCURRENCY": str(WORKERS)}
    rows = []
    with (folder / "gunicorn.log").open("w") as log:
        server = serve(env, port, WORKERS, log)
        try:
            rows += capacity(organiser, port, busy, tables, rng)
        finally:
            server.terminate()
            server.wait(30)
        rows.append(shared_cache(organiser, folder, log))
    for name, figure, target, met in rows:
        verdict = {True: "met", False: "MISSED", None: "reported"}[met]
        print(f"  {name:<58}  {figure:<44}  target {target}: {verdict}")
    return 0


def phone_for(organiser, port: int, path: str) -> Load:
    phone = Phone(port)
    phone.log_in(organiser.username)
    status, page = phone.request("GET", path)
    token = CSRF_HEADER.search(page)
    assert status == 200 and token, (status, page[:500])
    return Load(port, phone.cookies, token[1])


def capacity(organiser, port: int, busy: list[Table], tables: list[Table], rng) -> list[tuple]:
    load = phone_for(organiser, port, busy[0].path)

    def trivial() -> bool:
        return load.send("GET", "/bench/trivial-page/")[0] == 200

    def entry(table: Table) -> Callable[[], bool]:
        def post() -> bool:
            body = table.body()
            if body is None:
                time.sleep(0.05)
                return False
            return load.send("POST", table.path, body)[0] == 200

        return post

    requests, _ = saturated([trivial] * CLIENTS, SECONDS)
    entries, refused = saturated([entry(table) for table in busy], SECONDS)
    per_second = (requests / SECONDS, entries / SECONDS)
    ratio = per_second[1] / per_second[0]
    timings, failed = at_the_tables(load, tables, rng)
    p95 = statistics.quantiles(timings, n=20)[-1] * 1000 if len(timings) > 1 else float("nan")
    median = statistics.median(timings) * 1000 if timings else float("nan")
    return [
        (
            f"one host, {WORKERS} workers: entries/s : trivial views/s",
            f"{ratio:.2f} ({per_second[1]:.0f} / {per_second[0]:.0f} a second"
            + (f", {refused} refused" if refused else "")
            + ")",
            f">= {RATIO_TARGET}",
            ratio >= RATIO_TARGET,
        ),
        (
            f"one host, {TABLES} tables each entering every {EVERY:.0f} s",
            f"p95 {p95:.0f} ms, median {median:.0f} ms ({len(timings)} entries"
            + (f", {failed} failed" if failed else "")
            + ")",
            f"p95 < {P95_TARGET_MS:.0f} ms",
            p95 < P95_TARGET_MS and not failed,
        ),
    ]


def shared_cache(organiser, folder: Path, log) -> tuple:
    """A season page laid out on host A, then read on host B, both on one Redis."""
    import redis

    from bench import builders

    url = os.environ.get("CACHE_URL", "")
    url = url if url.startswith("redis") else "redis://127.0.0.1:6379/0"
    name = "shared cache: season page, B's first read after A's"
    try:
        redis.Redis.from_url(url, socket_connect_timeout=1).ping()
    except redis.RedisError as error:
        return (name, f"not measured: no Redis at {url} ({error})", "reported", None)
    prefix = f"bench-host-{secrets.token_hex(4)}"
    # Three leagues of the same shape: one read on both hosts first (each worker loads its
    # templates and code), one laid out on A then read on B, one read first on B (B cold).
    pages = [
        builders.league_with_history(organiser=organiser, name=name, seasons=2)
        .seasons.order_by("-number")
        .first()
        .get_absolute_url()
        for name in ("Warm", "Cached", "Cold on B")
    ]
    env = {**os.environ, "CACHE_URL": url, "BENCH_CACHE_PREFIX": prefix}
    ports = (free_port(), free_port())
    servers = [serve(env, port, 1, log) for port in ports]
    try:
        a, b = (phone_for(organiser, port, pages[0]) for port in ports)
        for host in (a, b):
            host.send("GET", pages[0])
        on_a = a.send("GET", pages[1])[1]
        first_on_b = b.send("GET", pages[1])[1]
        cold_on_b = b.send("GET", pages[2])[1]
        warm = statistics.median(b.send("GET", pages[1])[1] for _ in range(9))
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(30)
        client = redis.Redis.from_url(url)
        for key in client.scan_iter(match=f"{prefix}*"):
            client.delete(key)
    figure = f"{first_on_b * 1000:.0f} ms (laid out: {on_a * 1000:.0f} ms on A"
    figure += f", {cold_on_b * 1000:.0f} ms on B; warm {warm * 1000:.0f} ms)"
    return (name, figure, "B's first read near warm", None)


def main() -> int:
    print(f"\nOne host (issue 33): gunicorn, {WORKERS} workers, production settings on PostgreSQL")
    if not SERVER.startswith(("postgres://", "postgresql://")):
        print("  not measured: set DATABASE_URL=postgres://... (this run makes a database there)")
        return 0
    import psycopg

    name = f"paddock_bench_host_{os.getpid()}"
    admin_url = urllib.parse.urlsplit(SERVER)._replace(path="/postgres", query="").geturl()
    database = urllib.parse.urlsplit(SERVER)._replace(path=f"/{name}", query="").geturl()
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        with tempfile.TemporaryDirectory(prefix="paddock-host-") as folder:
            return measure(Path(folder), database)
    finally:
        from django.db import connections

        connections.close_all()
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


if __name__ == "__main__":
    sys.exit(main())
