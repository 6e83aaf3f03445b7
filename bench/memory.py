"""A gunicorn worker's memory over a season of tables (issue 19), a section of `make bench`.

A real gunicorn (config/gunicorn.py, production settings with the environment `make serve`
sets, one worker) serves Paddock over a throwaway SQLite file; this process plays referee over
HTTP as a phone does: it logs in through the login page, loads each race's turn page and posts
the turn helper's htmx entries with the session cookie and the CSRF token the page sends
(base.html's `hx-headers`, X-CSRFToken), accepting gzip. The entries are the test autopilot's
legal events (bench/turn.py's legal_data), computed from the race as the database holds it
after each entry, over many races of ten cars, Season Pass and Formula D in turn, each a new
league (bench/turn.py's build_race): each race is driven to its finish (committed then, as the
organiser's button does) or left after MOST_EVENTS entries, so the entries span many races,
cars and prompts, as a long-lived worker sees them over a season.

The worker's resident memory (VmRSS in /proc/<pid>/status) is read after FIRST entries and
after LAST, as it stands (no collection asked of it): their ratio is a gate (a size, not a
timing), at most TARGET. The worker must be the same process at both readings (gunicorn
restarts none: no max_requests). A per-process cache that grows with the entries makes the
ratio grow with them: the per-worker cache of a prompt's inputs that issue 19 removed
(`races/reads/turn_panel.py`), put back unbounded, grows the worker by about 1 MB every 1,000
entries
here. Bounded at its 1,024 inputs, as it was, it levelled off about 3 MB up within some 3,000
entries (measured with the same ten car names in every race): a cache bounded by a count it
reaches early adds a fixed amount, which the ratio sees only when that amount is large.

The SQLite file is on tmpfs (/dev/shm) where there is one: a commit syncs the file, some 20 ms
an entry on a plain disk, which would double the run and not change the worker's memory. The
static files are collected under production's hashed names and manifest, without its gzip and
Brotli copies (a minute of Brotli): no static file is asked for.

BENCH_MEMORY_ENTRIES=2000 runs a quick, smaller try (the first reading at 1,000 entries, or
half the entries when fewer); the default is the issue's 50,000, 20 to 30 ms an entry here with
the referee's own work (20 to 25 minutes). Exits 1 if the target is missed.
"""

from __future__ import annotations

import gzip
import http.client
import os
import random
import re
import secrets
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run on its own: python bench/memory.py
    sys.path.insert(0, str(ROOT))

LAST = int(os.environ.get("BENCH_MEMORY_ENTRIES", "50000"))
FIRST = min(1_000, LAST // 2)
TARGET = 1.3
# A race is left (never committed) after this many entries if no car has finished by then.
MOST_EVENTS = 500
# Cars cross the line from a round drawn between these (the autopilot's `finish`): races of
# some 200 to 400 entries.
FINISH_ROUNDS = (10, 20)
RULESETS = ("season_pass", "formula_d")
PASSWORD = "bench-memory-password"
READINGS = 10  # progress lines over the run
CSRF_HEADER = re.compile(r'"X-CSRFToken": "([^"]+)"')
LOGIN_TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def server_env(folder: Path) -> dict[str, str]:
    """The environment `make serve` sets (Makefile SERVE_ENV), over a throwaway SQLite file, its
    static files collected into `folder`."""
    return {
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "localhost,127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "false",
        "DJANGO_SECURE_COOKIES": "false",
        "DJANGO_STATIC_ROOT": str(folder / "static"),
    }


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Phone:
    """A browser as far as the server can tell: one connection a request (gunicorn's sync
    worker closes each), its cookies kept, gzip accepted, the page's Origin on every post."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.origin = f"http://127.0.0.1:{port}"
        self.cookies: dict[str, str] = {}

    def request(
        self, method: str, path: str, data: dict | None = None, headers: dict | None = None
    ) -> tuple[int, str]:
        sent = {
            "Host": f"127.0.0.1:{self.port}",
            "Accept-Encoding": "gzip",
            "Cookie": "; ".join(f"{name}={value}" for name, value in self.cookies.items()),
            **(headers or {}),
        }
        body = None
        if data is not None:
            body = urlencode(data, doseq=True)
            sent["Content-Type"] = "application/x-www-form-urlencoded"
            sent["Origin"] = self.origin
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            connection.request(method, path, body, sent)
            response = connection.getresponse()
            content = response.read()
        finally:
            connection.close()
        for header in response.headers.get_all("Set-Cookie") or ():
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        if response.headers.get("Content-Encoding") == "gzip":
            content = gzip.decompress(content)
        return response.status, content.decode()

    def log_in(self, username: str) -> None:
        status, page = self.request("GET", "/login/")
        token = LOGIN_TOKEN.search(page)
        assert status == 200 and token, (status, page[:500])
        data = {"username": username, "password": PASSWORD, "csrfmiddlewaretoken": token[1]}
        status, page = self.request("POST", "/login/", data)
        assert status == 302 and "sessionid" in self.cookies, (status, page[:500])


def vm_rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


def workers(master: int) -> list[int]:
    children = Path(f"/proc/{master}/task/{master}/children")
    return [int(pid) for pid in children.read_text().split()]


def serve(env: dict[str, str], port: int, log) -> tuple[subprocess.Popen, int]:
    """gunicorn with Paddock's config and one worker; it and its worker's pid once it answers."""
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--config", "config/gunicorn.py"]
        + ["--workers", "1", "--bind", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn stopped (status {server.returncode})")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                pass
            started = workers(server.pid)
            if len(started) == 1:
                return server, started[0]
        except OSError:
            pass
        time.sleep(0.2)
    server.terminate()
    raise RuntimeError("gunicorn did not answer within 60 seconds")


class Referee:
    """Plays races through `phone` and counts the entries the worker took."""

    def __init__(self, phone: Phone, organiser, rng: random.Random) -> None:
        self.phone = phone
        self.organiser = organiser
        self.rng = rng
        self.entries = 0
        self.races = 0
        self.committed = 0
        self.refused = 0

    def play(self) -> Iterator[None]:
        """Races one after another, Season Pass and Formula D in turn: a step after each entry."""
        while True:
            yield from self.race(RULESETS[self.races % len(RULESETS)])

    def race(self, ruleset: str) -> Iterator[None]:
        """A new race (a new league, round 1 at the table) driven to its finish or MOST_EVENTS
        entries, whichever comes first."""
        from bench.turn import build_race, legal_data
        from races.models import Race
        from rules import engine

        self.races += 1
        # Cars named anew in each race, as leagues name theirs (a colour, a number, a team's).
        car = f"r{self.races}car"
        race = build_race(self.organiser, f"Memory {self.races}", ruleset, car=car)
        url = race.get_absolute_url()
        status, page = self.phone.request("GET", url)
        token = CSRF_HEADER.search(page)
        assert status == 200 and token, (status, page[:500])
        headers = {"HX-Request": "true", "HX-Current-URL": self.phone.origin + url}
        headers["X-CSRFToken"] = token[1]
        finish_from = self.rng.randint(*FINISH_ROUNDS)
        for _ in range(MOST_EVENTS):
            version, snapshot = Race.objects.values_list("version", "state").get(pk=race.pk)
            state = engine.state_from_dict(snapshot)
            asked = engine.prompts(state)
            if not asked:  # every car home: the organiser writes the result into the season
                status, page = self.phone.request(
                    "POST", url, {"commit": "", "version": version}, headers
                )
                assert status in (200, 302), (status, page[:500])
                self.committed += 1
                return
            finish = engine.round_of(state) >= finish_from
            for tame in (finish, False):  # as the autopilot does, if a finish is refused
                post = {**legal_data(asked[0], self.rng, finish=tame), "version": version}
                status, page = self.phone.request("POST", url, post, headers)
                if status == 200:
                    break
                self.refused += 1
            assert status == 200, (status, post, page[:500])
            self.entries += 1
            yield


def measure(folder: Path) -> int:
    """Set up the site in `folder` as `make serve` does, serve it, play the races."""
    port = free_port()
    os.environ.update(server_env(folder))
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.test import override_settings

    call_command("migrate", verbosity=0, interactive=False)
    # Under production's hashed names and manifest, without its gzip and Brotli copies.
    storages = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"},
    }
    with override_settings(STORAGES=storages):
        call_command("collectstatic", verbosity=0, interactive=False)
    # This process's ORM, on the same SQLite file, builds the races and reads each one's state.
    organiser = User.objects.create_user("memory-organiser", password=PASSWORD)
    log_path = folder / "gunicorn.log"
    with log_path.open("w") as log:
        server, worker = serve(dict(os.environ), port, log)
        try:
            return play(organiser, port, worker, server)
        except BaseException:
            log.flush()
            print("  gunicorn's log ends:\n" + "".join(log_path.read_text().splitlines(True)[-20:]))
            raise
        finally:
            server.terminate()
            server.wait(timeout=30)


def play(organiser, port: int, worker: int, server: subprocess.Popen) -> int:
    phone = Phone(port)
    phone.log_in(organiser.username)
    referee = Referee(phone, organiser, random.Random(19))
    started = time.monotonic()
    print(f"  worker {worker} at start: {vm_rss_kb(worker) / 1024:.1f} MB", flush=True)
    every = max(LAST // READINGS, 1)
    readings: dict[int, int] = {}
    steps = referee.play()
    for mark in sorted({FIRST, *range(every, LAST + 1, every), LAST}):
        while referee.entries < mark:
            next(steps)
        if workers(server.pid) != [worker]:
            print(f"  the worker {worker} was replaced: {workers(server.pid)}")
            return 1
        readings[mark] = vm_rss_kb(worker)
        minutes, seconds = divmod(time.monotonic() - started, 60)
        print(
            f"  {mark:>6,} entries (race {referee.races}): worker {readings[mark] / 1024:.1f} MB"
            f" ({minutes:.0f} min {seconds:02.0f} s)",
            flush=True,
        )
    elapsed = time.monotonic() - started
    ratio = readings[LAST] / readings[FIRST]
    met = ratio <= TARGET
    print(
        f"  {referee.races} races ({referee.committed} finished and committed), "
        f"{referee.entries:,} entries in {elapsed / 60:.1f} min "
        f"({elapsed / referee.entries * 1000:.1f} ms an entry, the referee's own work with it); "
        f"{referee.refused} finishes refused and entered again"
    )
    name = f"a gunicorn worker's memory after {LAST:,} entries / after {FIRST:,}"
    figure = f"{ratio:.2f} ({readings[FIRST] / 1024:.1f} MB, {readings[LAST] / 1024:.1f} MB VmRSS)"
    print(f"  {name}  {figure}  target <= {TARGET}: {'met' if met else 'MISSED'}")
    print("memory: " + ("every target met" if met else "MISSED a target"))
    return 0 if met else 1


def main() -> int:
    print(
        f"\nMemory (issue 19): one gunicorn worker, production settings on SQLite, "
        f"{LAST:,} entries at the table over HTTP"
    )
    # The SQLite file in memory (tmpfs) where there is one: see the module's docstring.
    shm = Path("/dev/shm")
    where = str(shm) if shm.is_dir() and os.access(shm, os.W_OK) else None
    with tempfile.TemporaryDirectory(prefix="paddock-memory-", dir=where) as folder:
        return measure(Path(folder))


if __name__ == "__main__":
    sys.exit(main())
