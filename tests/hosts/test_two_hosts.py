"""Two app hosts behind nginx (docs/deploying.md, "More than one host"): two gunicorn servers
with the production settings on one PostgreSQL database, each caching in its own memory, and
an nginx spreading requests over them, started from a configuration this test writes.

Any host serves any request: a visitor signed in through one is signed in on the other, a write
through one shows on the other's pages at once (its parts were laid out before the write), and
with one host stopped the site still answers. A race at the table is tapped through both hosts
in turn, each tap on the page the other answered; host A is killed (`kill -9`, master and
workers) twice with a tap in flight, once inside its write and once after it, and B finishes
the race: its log has every entry once, replays to the snapshot kept, and its result goes into
the season once. Skipped where nginx is not installed, and on SQLite (the hosts share a
database server)."""

from __future__ import annotations

import contextlib
import http.cookiejar
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import environ
import psycopg
import pytest

from rules import engine
from rules.engine import Event
from tests.races.autopilot import legal_event
from tests.test_deploy import PRODUCTION_ENV, PROJECT_ROOT, clean_env, free_port, manage

SERVER = os.environ.get("DATABASE_URL", "")
pytestmark = [
    pytest.mark.skipif(shutil.which("nginx") is None, reason="nginx is not installed"),
    pytest.mark.skipif(
        not SERVER.startswith("postgres"),
        reason="two hosts share a PostgreSQL server: set DATABASE_URL=postgres://...",
    ),
]

PASSWORD = "two-hosts-one-site"
NGINX = """
worker_processes 1;
pid {folder}/nginx.pid;
daemon off;
events {{ worker_connections 64; }}
http {{
    access_log off;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    upstream paddock {{
        server 127.0.0.1:{a} max_fails=1 fail_timeout=30s;
        server 127.0.0.1:{b} max_fails=1 fail_timeout=30s;
    }}
    server {{
        listen 127.0.0.1:{port};
        client_max_body_size 6m;
        location / {{
            proxy_pass http://paddock;
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            # Which host answered, for the test to see both did.
            add_header X-Upstream $upstream_addr always;
        }}
    }}
}}
"""


@dataclass
class Site:
    proxy: str  # http://127.0.0.1:port, nginx
    hosts: dict[str, str]  # "a"/"b": the host's own address
    servers: dict[str, subprocess.Popen]
    database: str  # the hosts' DATABASE_URL
    env: dict[str, str]  # the hosts' environment, less their PADDOCK_BIND
    folder: Path


def database_of_our_own() -> tuple[str, dict]:
    config = environ.Env.db_url_config(SERVER)
    name = f"paddock_two_hosts_{os.getpid()}"
    return name, {
        "host": config.get("HOST") or "127.0.0.1",
        "port": config.get("PORT") or 5432,
        "user": config.get("USER") or "postgres",
        "password": config.get("PASSWORD") or None,
        "dbname": "postgres",
        "autocommit": True,
    }


def started(command: list[str], env: dict[str, str], log: Path) -> subprocess.Popen:
    return subprocess.Popen(
        command,
        cwd=PROJECT_ROOT,
        env=env,
        stdout=log.open("a"),
        stderr=subprocess.STDOUT,
    )


def answer(url: str, opener=None, data: dict | None = None, deadline: float = 60):
    """The answer at `url` (200 or not), waiting up to `deadline` s for a server to listen."""
    body = urllib.parse.urlencode(data).encode() if data is not None else None
    until = time.monotonic() + deadline
    while True:
        try:
            return (opener or urllib.request.build_opener()).open(url, body, timeout=20)
        except urllib.error.HTTPError as error:
            return error
        except OSError:
            if time.monotonic() > until:
                raise
            time.sleep(0.3)


def gunicorn(env: dict[str, str], host: str, port: int, folder: Path) -> subprocess.Popen:
    """Host `host`'s gunicorn (config/gunicorn.py, the production settings), on `port`."""
    return started(
        [sys.executable, "-m", "gunicorn", "--config", "config/gunicorn.py"],
        clean_env(**env, PADDOCK_BIND=f"127.0.0.1:{port}"),
        folder / f"gunicorn-{host}.log",
    )


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Iterator[Site]:
    folder = tmp_path_factory.mktemp("two-hosts")
    name, server = database_of_our_own()
    with psycopg.connect(**server) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.execute(f'CREATE DATABASE "{name}"')
    url = urllib.parse.urlsplit(SERVER)._replace(path=f"/{name}", query="").geturl()
    env = {
        **PRODUCTION_ENV,
        "DATABASE_URL": url,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "false",
        "DJANGO_SECURE_COOKIES": "false",
        "DJANGO_STATIC_ROOT": str(folder / "static"),
        "WEB_CONCURRENCY": "1",
    }
    servers: dict[str, subprocess.Popen] = {}
    try:
        make_user = (
            "from django.contrib.auth.models import User; "
            "from league.services.leagues import league_create; "
            f"u = User.objects.create_user('organiser', password='{PASSWORD}'); "
            "league_create(name='Two Hosts League', organiser=u, plain_address=True)"
        )
        for step in (
            ("migrate", "--noinput"),
            ("collectstatic", "--noinput"),
            ("shell", "-c", make_user),
        ):
            done = manage(*step, **env)
            assert done.returncode == 0, done.stderr
        ports = {"a": free_port(), "b": free_port()}
        for host, port in ports.items():
            servers[host] = gunicorn(env, host, port, folder)
        proxy_port = free_port()
        config = folder / "nginx.conf"
        config.write_text(NGINX.format(folder=folder, a=ports["a"], b=ports["b"], port=proxy_port))
        servers["nginx"] = started(
            ["nginx", "-p", str(folder), "-e", str(folder / "nginx-error.log"), "-c", str(config)],
            dict(os.environ),
            folder / "nginx.log",
        )
        hosts = {host: f"http://127.0.0.1:{port}" for host, port in ports.items()}
        for address in hosts.values():
            assert answer(f"{address}/healthz").read() == b"ok\n"
        proxy = f"http://127.0.0.1:{proxy_port}"
        yield Site(proxy, hosts, servers, database=url, env=env, folder=folder)
    finally:
        for process in servers.values():
            process.terminate()
        for process in servers.values():
            process.wait(30)
        with psycopg.connect(**server) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def signed_in(site: Site) -> urllib.request.OpenerDirector:
    """A browser signed in through the proxy, whichever host answered."""
    browser = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )
    page = answer(f"{site.proxy}/login/", browser).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token, page
    done = answer(
        f"{site.proxy}/login/",
        browser,
        {"csrfmiddlewaretoken": token[1], "username": "organiser", "password": PASSWORD},
    )
    assert done.status == 200 and "Log out" in done.read().decode()
    return browser


def test_the_proxy_spreads_requests_over_both_hosts(site: Site):
    upstreams = set()
    for _ in range(6):
        response = answer(f"{site.proxy}/healthz")
        assert response.read() == b"ok\n"
        upstreams.add(response.headers["X-Upstream"])
    assert upstreams == {address.removeprefix("http://") for address in site.hosts.values()}


def test_signed_in_through_one_host_is_signed_in_on_the_other(site: Site):
    browser = signed_in(site)
    for address in site.hosts.values():
        page = answer(f"{address}/two-hosts-league/members/", browser)
        assert page.status == 200, address
        assert "Log out" in page.read().decode()


def test_a_write_through_one_host_shows_on_the_other_s_pages_at_once(site: Site):
    browser = signed_in(site)
    league = "/two-hosts-league/"
    for address in site.hosts.values():  # each lays out the page's parts in its own memory
        assert "Kept Apart" not in answer(f"{address}{league}", browser).read().decode()

    form = answer(f"{site.hosts['a']}{league}teams/new/", browser).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form)
    assert token
    made = answer(
        f"{site.hosts['a']}{league}teams/new/",
        browser,
        {"csrfmiddlewaretoken": token[1], "name": "Kept Apart", "driver_1": "A", "driver_2": "B"},
    )
    assert made.status == 200  # redirected to the league page

    assert "Kept Apart" in answer(f"{site.hosts['b']}{league}", browser).read().decode()


def publishing(site: Site, browser, host: str, button: str) -> None:
    """The league published (`button` "publish") or taken back ("unpublish") through `host`."""
    url = f"{site.hosts[host]}/two-hosts-league/publish/"
    form = answer(url, browser).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form)
    version = re.search(r'name="version" value="(\d+)"', form)
    assert token and version, form
    data = {"csrfmiddlewaretoken": token[1], "version": version[1], button: ""}
    assert answer(url, browser, data).status == 200  # redirected to the league page


def test_a_league_published_on_one_host_is_public_on_the_other_and_taken_back_at_once(
    site: Site,
):
    browser = signed_in(site)
    league = "/two-hosts-league/"
    assert answer(f"{site.hosts['b']}{league}").status == 404  # private, as it was made
    publishing(site, browser, "a", "publish")
    assert answer(f"{site.hosts['b']}{league}").status == 200
    publishing(site, browser, "b", "unpublish")
    assert answer(f"{site.hosts['a']}{league}").status == 404


# A race at the table, its taps alternating hosts, one host killed mid-race.

RACE_AT_THE_TABLE = """
from django.contrib.auth.models import User
from league.services.leagues import league_create
from league.services.seasons import season_open
from league.services.starts import round_start_at_table
from league.services.teams import team_create
from league.models import Track
organiser = User.objects.get(username='organiser')
league = league_create(
    name='Raced Across Hosts', organiser=organiser, ruleset='formula_d',
    settings={'cars_per_team': '2'}, plain_address=True,
)
teams = [
    team_create(league=league, name=f'Team {n}', driver_names=[f'Ann {n}', f'Bob {n}'])
    for n in range(2)
]
season = season_open(league=league, tracks=[Track.objects.create(name='Two Hosts Ring')])
drivers = [driver for team in teams for driver in team.drivers.order_by('pk')]
race = round_start_at_table(
    round_=season.rounds.get(number=1),
    starters=[(driver, f'car{n}') for n, driver in enumerate(drivers)],
)
print(race.pk)
"""
# Cars cross the line from this round on (the autopilot's `finish`): a race of some 80 taps.
FINISH_FROM_ROUND = 8
VERSION = re.compile(r'name="version" value="(\d+)"')
CSRF = re.compile(r'"X-CSRFToken": "([^"]+)"')


class Phone:
    """The referee's phone: the turn page's htmx posts, each with the version of the race that
    the page it was tapped on was built on (taken from the last answer, whichever host gave
    it), its cookies shared by every host. What to tap is the test autopilot's legal event for
    what the race asks now (the referee reads the board)."""

    def __init__(self, site: Site, race_id: int) -> None:
        self.site = site
        self.path = f"/races/{race_id}/"
        self.race_id = race_id
        self.jar = http.cookiejar.CookieJar()
        self.browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.log_in()
        page = answer(f"{site.hosts['a']}{self.path}", self.browser).read().decode()
        token, version = CSRF.search(page), VERSION.search(page)
        assert token and version, page[:2000]
        self.token, self.version = token[1], int(version[1])
        self.rng = random.Random(33)
        self.entered: list[str] = []  # the kinds of the entries a host answered 200 to

    def log_in(self) -> None:
        page = answer(f"{self.site.proxy}/login/", self.browser).read().decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        assert token, page
        data = {"csrfmiddlewaretoken": token[1], "username": "organiser", "password": PASSWORD}
        assert answer(f"{self.site.proxy}/login/", self.browser, data).status == 200

    def next_tap(self) -> dict | None:
        """The form data of what the race asks now, with the version the page shows; None when
        every car is home."""
        state = engine.state_from_dict(self.stored()[0])
        asked = engine.prompts(state)
        if not asked:
            return None
        finish = engine.round_of(state) >= FINISH_FROM_ROUND
        event = legal_event(asked[0], self.rng, finish=finish)
        data: dict = {"kind": event.kind, **event.data, "version": self.version}
        lists = [name for name, value in event.data.items() if isinstance(value, list)]
        if lists:
            data["_lists"] = lists
        return data

    def stored(self) -> tuple[dict, int]:
        with psycopg.connect(self.site.database) as database:
            row = database.execute(
                "SELECT state, version FROM races_race WHERE id = %s", [self.race_id]
            ).fetchone()
        assert row
        return row

    def request(self, address: str, data: dict) -> urllib.request.Request:
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": self.token}, doseq=True)
        return urllib.request.Request(
            f"{address}{self.path}", body.encode(), headers={"HX-Request": "true"}
        )

    def send(self, address: str, data: dict) -> tuple[int, str]:
        """`data` posted to `address`, as the page's htmx does; the page's version follows the
        answer's."""
        try:
            response = self.browser.open(self.request(address, data), timeout=30)
        except urllib.error.HTTPError as error:
            response = error
        page = response.read().decode()
        if found := VERSION.search(page):
            self.version = int(found[1])
        return response.status, page

    def tap(self, address: str) -> bool:
        """One entry of what the race asks, through `address`; False once the race is over.
        A finish the rules refuse is tapped again without it (as the autopilot does)."""
        data = self.next_tap()
        if data is None:
            return False
        status, page = self.send(address, data)
        if status == 400 and data["kind"] == "move":
            data = {**data, "finish": ""}
            status, page = self.send(address, data)
        assert status == 200, (status, data, page[:2000])
        self.entered.append(data["kind"])
        return True

    def in_flight(self, address: str, data: dict) -> threading.Thread:
        """`data` posted to `address` from another thread, whose answer never comes."""
        request = self.request(address, data)

        def post() -> None:
            with contextlib.suppress(OSError):  # the host is killed under it
                self.browser.open(request, timeout=30).read()

        thread = threading.Thread(target=post)
        thread.start()
        return thread


def killed(site: Site, host: str) -> None:
    """`kill -9` on host `host`'s gunicorn: its master and every worker at once, as a power cut
    or the kernel's OOM killer would, with no chance to finish a request or say goodbye."""
    master = site.servers[host]
    children = Path(f"/proc/{master.pid}/task/{master.pid}/children").read_text().split()
    for pid in (master.pid, *map(int, children)):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    master.wait(10)


def restarted(site: Site, host: str) -> None:
    port = int(site.hosts[host].rsplit(":", 1)[1])
    site.servers[host] = gunicorn(site.env, host, port, site.folder)
    assert answer(f"{site.hosts[host]}/healthz").read() == b"ok\n"


def until(condition, what: str, deadline: float = 20) -> None:
    ends = time.monotonic() + deadline
    while not condition():
        assert time.monotonic() < ends, f"waited {deadline} s for {what}"
        time.sleep(0.02)


def blocked_on_a_lock(site: Site) -> bool:
    """Whether a host's query waits on a row lock (the race's, held by the test)."""
    with psycopg.connect(site.database) as database:
        return bool(
            database.execute(
                "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                " AND datname = current_database()"
            ).fetchone()
        )


def kill_a_mid_race(site: Site, phone: Phone, how: str) -> None:
    """Host A killed with a tap of the phone's in flight to it, `how`:
    - "mid-write": A's entry is inside its transaction, waiting on the race's row (held by
      the test) when A dies: its transaction is never committed;
    - "written": A has committed the entry, and dies before its answer leaves: the phone never
      hears of it.
    Either way the phone does what a referee does with a tap that got no answer: taps again,
    the same tap on the same page, and it reaches host B."""
    if site.servers["a"].poll() is not None:
        restarted(site, "a")
    data = phone.next_tap()
    assert data is not None
    version = phone.version
    if how == "mid-write":
        with psycopg.connect(site.database) as holder:
            holder.execute("SELECT 1 FROM races_race WHERE id = %s FOR UPDATE", [phone.race_id])
            flight = phone.in_flight(site.hosts["a"], data)
            until(lambda: blocked_on_a_lock(site), "host A's entry to wait on the race's row")
            killed(site, "a")
        # The lock let go: A's backend finds its client gone and rolls its transaction back.
    else:
        flight = phone.in_flight(site.hosts["a"], data)
        until(lambda: phone.stored()[1] == version + 1, "host A to commit its entry")
        killed(site, "a")
    flight.join(30)
    status, page = phone.send(site.hosts["b"], data)
    if how == "mid-write":  # never written: B enters it, once
        assert status == 200, (status, page[:2000])
        phone.entered.append(data["kind"])
    else:  # written by A: B says the page is stale and shows the race as it stands
        assert status == 409 and "Another device changed this race first" in page, page[:2000]
        phone.entered.append(data["kind"])
    assert phone.version == phone.stored()[1]


def test_a_race_whose_taps_alternate_hosts_and_survives_one_killed_mid_race(site: Site):
    if site.servers["a"].poll() is not None:  # stopped by another test
        restarted(site, "a")
    made = manage("shell", "-c", RACE_AT_THE_TABLE, **site.env)
    assert made.returncode == 0, made.stderr
    race_id = int(made.stdout.split()[-1])
    phone = Phone(site, race_id)

    for tap in range(20):  # A, B, A, B...: each tapped on the page the other host answered
        assert phone.tap(site.hosts["ab"[tap % 2]])
    kill_a_mid_race(site, phone, "mid-write")
    for _tap in range(6):
        assert phone.tap(site.hosts["b"])
    restarted(site, "a")
    for tap in range(10):
        assert phone.tap(site.hosts["ab"[tap % 2]])
    kill_a_mid_race(site, phone, "written")
    # B finishes the race alone, through the proxy: A is down and nginx sends every tap to B.
    taps = 0
    while phone.tap(site.proxy):
        taps += 1
        assert taps < 2000, "the race never ended"

    final, version = phone.stored()
    with psycopg.connect(site.database) as database:
        setup, committed = database.execute(
            "SELECT setup, finished_at FROM races_race WHERE id = %s", [race_id]
        ).fetchone()
        events = database.execute(
            "SELECT seq, kind, payload, automatic, joined FROM races_raceevent"
            " WHERE race_id = %s ORDER BY seq",
            [race_id],
        ).fetchall()
    assert committed is None
    # Nothing lost, nothing doubled: the log runs 1..n without a gap, and holds each entry the
    # phone was told was entered (or, for the tap whose answer never came, was taken) once.
    assert [seq for seq, *_ in events] == list(range(1, len(events) + 1))
    assert [kind for _seq, kind, _p, automatic, joined in events if not (automatic or joined)] == (
        phone.entered
    )
    # The log replays to the snapshot the hosts kept, and the race is over.
    replayed = engine.replay(
        engine.setup_from_dict(setup), [Event(kind, payload) for _s, kind, payload, *_ in events]
    )
    assert json.loads(json.dumps(engine.state_to_dict(replayed))) == final
    assert not engine.prompts(replayed)

    # The result goes into the season once: a second tap of the button (the first's answer
    # lost, or another phone's) is refused and changes nothing.
    status, page = phone.send(site.proxy, {"commit": "", "version": version})
    assert status == 200, page[:2000]
    results = season_rows(site, race_id)
    restarted(site, "a")
    for address in site.hosts.values():
        status, page = phone.send(address, {"commit": "", "version": version})
        assert status in (400, 409), (status, page[:2000])
    assert season_rows(site, race_id) == results
    round_status, places = results[0], sorted(row[1] for row in results[1])
    assert round_status == "finished" and places == [1, 2, 3, 4]

    # nginx marked A as down when it died: a reload (new workers, no memory of it) puts it
    # back in the rotation for the other tests.
    site.servers["nginx"].send_signal(signal.SIGHUP)
    until(
        lambda: (
            answer(f"{site.proxy}/healthz")
            .headers["X-Upstream"]
            .endswith(site.hosts["a"].removeprefix("http://"))
        ),
        "nginx to send to host A again",
    )


def season_rows(site: Site, race_id: int) -> tuple[str, list[tuple]]:
    """The race's round status, and every entry of its round (places, points, XP, injuries) and
    its driver's career, as the season holds them."""
    with psycopg.connect(site.database) as database:
        status = database.execute(
            "SELECT r.status FROM league_round r JOIN races_race race ON race.round_id = r.id"
            " WHERE race.id = %s",
            [race_id],
        ).fetchone()[0]
        entries = database.execute(
            "SELECT e.id, e.place, e.*, d.* FROM league_entry e"
            " JOIN races_race race ON race.round_id = e.round_id"
            " JOIN league_driver d ON d.id = e.driver_id WHERE race.id = %s ORDER BY e.id",
            [race_id],
        ).fetchall()
    return status, entries


def test_with_one_host_stopped_the_site_still_answers(site: Site):
    site.servers["a"].terminate()
    site.servers["a"].wait(30)
    for _ in range(4):
        response = answer(f"{site.proxy}/healthz")
        assert (response.status, response.read()) == (200, b"ok\n")
        assert response.headers["X-Upstream"].endswith(site.hosts["b"].removeprefix("http://"))
