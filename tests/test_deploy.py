"""Deployment defaults: login throttling, production settings that refuse to guess, and the
server `make serve` and a host run (gunicorn with its config, whitenoise)."""

from __future__ import annotations

import os
import re
import secrets
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from datetime import timedelta
from io import StringIO
from pathlib import Path

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.core.handlers.wsgi import WSGIHandler
from django.core.management import call_command
from django.db import connection
from django.db.models import F
from django.http import HttpResponse
from django.test import Client, RequestFactory

from tests.factories import PASSWORD, UserFactory

PROJECT_ROOT = Path(__file__).resolve().parent.parent

# A hosted league's environment, as docs/deploying.md describes it.
PRODUCTION_ENV = {
    "DJANGO_SETTINGS_MODULE": "config.settings.production",
    # Django's deploy check wants 50+ characters, with at least 5 different ones.
    "DJANGO_SECRET_KEY": secrets.token_urlsafe(45),
    # No such database or user exists here: the deploy check must not need to connect.
    "DATABASE_URL": "postgres://paddock@127.0.0.1:5432/paddock",
    "DJANGO_ALLOWED_HOSTS": "paddock.example.org",
    "DJANGO_CSRF_TRUSTED_ORIGINS": "https://paddock.example.org",
    "DJANGO_SECURE_HSTS_SECONDS": "31536000",
    # Behind the one reverse proxy docs/deploying.md sets up.
    "DJANGO_PROXY_COUNT": "1",
}


def clean_env(**env: str) -> dict[str, str]:
    """This shell's environment with none of its settings leaking in, and `env`."""
    clean = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith("DJANGO_") and name not in ("DATABASE_URL", "CACHE_URL")
    }
    return {**clean, **env}


def manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Run manage.py in a fresh interpreter, with none of this shell's settings leaking in."""
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=PROJECT_ROOT,
        env=clean_env(**env),
        capture_output=True,
        text=True,
        # collectstatic compresses every file twice (gzip, Brotli): near two minutes on a loaded
        # two-core machine, a fraction of that on an idle one.
        timeout=300,
        check=False,
    )


def without(name: str) -> dict[str, str]:
    return {key: value for key, value in PRODUCTION_ENV.items() if key != name}


def log_in(client: Client, username: str, password: str) -> HttpResponse:
    return client.post("/login/", {"username": username, "password": password})


def logged_in_as(client: Client) -> str | None:
    user_id = client.session.get("_auth_user_id")
    return None if user_id is None else get_user_model().objects.get(pk=user_id).username


@pytest.mark.django_db
def test_five_wrong_passwords_lock_that_name_out_from_that_address(client):
    UserFactory(username="ann")
    UserFactory(username="bob")

    answers = [log_in(client, "ann", "wrong") for _ in range(6)]

    # The fifth failure locks; the sixth try is refused without looking at the password.
    assert [answer.status_code for answer in answers] == [200] * 4 + [429] * 2
    assert "Please enter a correct username and password" in answers[3].content.decode()
    page = answers[5].content.decode()
    assert "Too many tries" in page and "Wait 15 minutes" in page
    assert "navbar" in page  # the site's own page, not a bare message

    assert log_in(client, "ann", PASSWORD).status_code == 429
    assert logged_in_as(client) is None

    # Another name from the same address is not caught by ann's lockout.
    assert log_in(client, "bob", PASSWORD).status_code == 302
    assert logged_in_as(client) == "bob"


@pytest.mark.django_db
def test_a_lockout_lifts_after_15_minutes(client):
    UserFactory(username="ann")
    for _ in range(5):
        log_in(client, "ann", "wrong")

    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=14))
    assert log_in(client, "ann", PASSWORD).status_code == 429
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=1, seconds=1))
    assert log_in(client, "ann", PASSWORD).status_code == 302


@pytest.mark.django_db
def test_an_admin_lifts_a_lockout_with_axes_reset(client):
    UserFactory(username="ann")
    for _ in range(5):
        log_in(client, "ann", "wrong")

    call_command("axes_reset", stdout=StringIO())

    assert log_in(client, "ann", PASSWORD).status_code == 302


@pytest.mark.django_db
def test_logging_in_forgives_the_wrong_passwords_before(client):
    UserFactory(username="ann")
    for _ in range(4):
        log_in(client, "ann", "wrong")
    assert log_in(client, "ann", PASSWORD).status_code == 302
    client.logout()

    answers = [log_in(client, "ann", "wrong") for _ in range(4)]

    assert [answer.status_code for answer in answers] == [200] * 4


@pytest.mark.django_db
def test_one_wrong_password_against_each_of_30_names_locks_the_address_out(client, settings):
    """Issue 29: one guess at each of 30 names from one address was 30 wrong-password pages,
    as each name and address had failed once. The address is counted across names too."""
    assert settings.PADDOCK_LOGIN_FAILURES_PER_ADDRESS == 20
    names = [f"player{number}" for number in range(30)]
    for name in names:
        UserFactory(username=name)

    answers = [log_in(client, name, "wrong") for name in names]

    # The 20th failure locks the address; the tries after are refused unread.
    assert [answer.status_code for answer in answers] == [200] * 19 + [429] * 11
    page = answers[-1].content.decode()
    assert "Too many wrong passwords from this address" in page and "Wait 15 minutes" in page
    assert log_in(client, "player29", PASSWORD).status_code == 429
    assert logged_in_as(client) is None
    # Another address is not caught by this one's lockout.
    assert (
        client.post(
            "/login/", {"username": "player29", "password": PASSWORD}, REMOTE_ADDR=ANN_AT_HOME
        ).status_code
        == 302
    )


@pytest.mark.django_db
def test_logging_into_an_account_of_ones_own_forgives_no_other_names_failures(client):
    """A sprayer with an account here logs into it between guesses: that forgives their own
    name's failures, never the address's count across the others."""
    UserFactory(username="mine")
    for number in range(19):
        UserFactory(username=f"player{number}")
        log_in(client, f"player{number}", "wrong")
    assert log_in(client, "mine", PASSWORD).status_code == 302
    client.logout()

    UserFactory(username="player19")
    assert log_in(client, "player19", "wrong").status_code == 429


# Documentation addresses (RFC 5737): two people's, and the reverse proxy's, as the site sees it.
ANN_AT_HOME, BOB_AT_HOME, PROXY = "198.51.100.7", "203.0.113.9", "127.0.0.1"


def log_in_through_proxy(client: Client, forwarded_for: str, username: str, password: str):
    """A login as it reaches the site from the proxy, which appended the address it was reached
    from to X-Forwarded-For (after anything the client sent)."""
    return client.post(
        "/login/",
        {"username": username, "password": password},
        REMOTE_ADDR=PROXY,
        headers={"X-Forwarded-For": forwarded_for},
    )


@pytest.mark.django_db
def test_behind_one_proxy_wrong_passwords_lock_out_only_the_address_they_came_from(
    client, settings
):
    """Issue 18: behind the proxy every try came from its address, so five wrong guesses by
    anyone kept a known organiser out for everyone."""
    settings.PADDOCK_PROXY_COUNT = 1
    UserFactory(username="ann")

    answers = [log_in_through_proxy(client, BOB_AT_HOME, "ann", "wrong") for _ in range(6)]
    assert [answer.status_code for answer in answers] == [200] * 4 + [429] * 2
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {BOB_AT_HOME}

    # Bob cannot get round his lockout by sending a header of his own: the proxy's entry, the
    # last, is the one read.
    spoofed = log_in_through_proxy(client, f"{ANN_AT_HOME}, {BOB_AT_HOME}", "ann", PASSWORD)
    assert spoofed.status_code == 429

    assert log_in_through_proxy(client, ANN_AT_HOME, "ann", PASSWORD).status_code == 302
    assert logged_in_as(client) == "ann"


@pytest.mark.django_db
def test_with_no_proxy_counted_a_forwarded_header_is_never_read(client, settings):
    """The default: a client that makes up a new X-Forwarded-For for each try is still counted
    by the address it connects from."""
    assert settings.PADDOCK_PROXY_COUNT == 0
    UserFactory(username="ann")

    answers = [
        log_in_through_proxy(client, f"192.0.2.{attempt}", "ann", "wrong") for attempt in range(5)
    ]
    assert [answer.status_code for answer in answers] == [200] * 4 + [429]

    assert log_in_through_proxy(client, "192.0.2.99", "ann", PASSWORD).status_code == 429
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {PROXY}


@pytest.mark.parametrize(
    ("proxies", "forwarded_for", "counted"),
    [
        (0, ANN_AT_HOME, PROXY),  # the header is not read at all
        (1, ANN_AT_HOME, ANN_AT_HOME),
        (1, f"{BOB_AT_HOME}, {ANN_AT_HOME}", ANN_AT_HOME),  # Ann sent Bob's address herself
        (1, f"not an address, {ANN_AT_HOME}", ANN_AT_HOME),
        (2, f"{BOB_AT_HOME}, {ANN_AT_HOME}, 10.0.0.5", ANN_AT_HOME),  # 10.0.0.5: the outer proxy
        (1, None, PROXY),  # a proxy that forwards no header: its own address, as before
    ],
)
def test_the_address_counted_is_the_one_the_outermost_proxy_saw(
    rf, settings, proxies, forwarded_for, counted
):
    from config.client_address import client_address

    settings.PADDOCK_PROXY_COUNT = proxies
    headers = {} if forwarded_for is None else {"X-Forwarded-For": forwarded_for}
    request = rf.post("/login/", REMOTE_ADDR=PROXY, headers=headers)

    assert client_address(request) == counted


def test_production_settings_pass_the_deploy_check():
    result = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION_ENV)

    assert result.returncode == 0, result.stderr
    assert "System check identified no issues" in result.stdout


SHOW_SETTINGS = """
import json
from django.conf import settings
print(json.dumps({
    "ALLOWED_HOSTS": settings.ALLOWED_HOSTS,
    "PADDOCK_PROXY_COUNT": settings.PADDOCK_PROXY_COUNT,
    "CONTENT_SECURITY_POLICY": settings.CONTENT_SECURITY_POLICY,
}))
"""


def test_production_settings_read_the_hosts_proxies_and_policy_from_the_environment(settings):
    import json

    result = manage("shell", "-c", SHOW_SETTINGS, **PRODUCTION_ENV)

    assert result.returncode == 0, result.stderr
    shown = json.loads(result.stdout.strip().splitlines()[-1])
    # Never the test client's "testserver", nor this computer's names.
    assert shown["ALLOWED_HOSTS"] == ["paddock.example.org"]
    assert shown["PADDOCK_PROXY_COUNT"] == 1
    # The policy the browser tests hold every page to is the one production sends.
    assert shown["CONTENT_SECURITY_POLICY"] == json.loads(
        json.dumps(settings.CONTENT_SECURITY_POLICY)
    )


def test_only_the_test_settings_answer_to_the_test_client_s_host():
    show = "from django.conf import settings; print(settings.ALLOWED_HOSTS)"
    local = manage("shell", "-c", show, DJANGO_SETTINGS_MODULE="config.settings.local")
    assert local.returncode == 0, local.stderr
    assert local.stdout.strip().splitlines()[-1] == "['127.0.0.1', 'localhost']"


def test_production_settings_without_allowed_hosts_refuse_to_start():
    result = manage("check", **without("DJANGO_ALLOWED_HOSTS"))

    assert result.returncode != 0
    assert "Set DJANGO_ALLOWED_HOSTS to the site's host names" in result.stderr


@pytest.mark.parametrize(
    "key",
    [
        "x",  # issue 18: a one-character key was accepted
        secrets.token_urlsafe(36),  # 48 characters: two short of Django's 50
        "ab" * 40,  # long, but only two different characters
        "django-insecure-" + secrets.token_urlsafe(45),  # Django's development keys
    ],
    # Named, not by the random keys: every pytest-xdist worker collects the same tests.
    ids=["one-character", "48-characters", "two-characters-repeated", "django-insecure"],
)
def test_production_settings_refuse_a_weak_secret_key(key):
    result = manage("check", **{**PRODUCTION_ENV, "DJANGO_SECRET_KEY": key})

    assert result.returncode != 0
    assert "ImproperlyConfigured: DJANGO_SECRET_KEY is too weak" in result.stderr
    assert "at least 50 characters, 5 of them different" in result.stderr


def test_make_serve_s_secret_key_is_strong_enough():
    """`make serve` makes its key as docs/deploying.md says to: secrets.token_urlsafe(50)."""
    makefile = (PROJECT_ROOT / "Makefile").read_text()
    assert "secrets.token_urlsafe(50)" in makefile
    result = manage("check", **{**PRODUCTION_ENV, "DJANGO_SECRET_KEY": secrets.token_urlsafe(50)})
    assert result.returncode == 0, result.stderr


def test_postgresql_connections_are_kept_between_requests_and_checked_before_reuse():
    """Opening a connection costs more than an entry at the table, whose statements are
    prepared once per connection; an address may still ask for a connection per request."""
    import environ

    from config.settings.base import database

    url = "postgres://paddock@127.0.0.1:5432/paddock"
    kept = database(environ.Env.db_url_config(url))
    assert (kept["CONN_MAX_AGE"], kept["CONN_HEALTH_CHECKS"]) == (60, True)
    assert database(environ.Env.db_url_config(url + "?conn_max_age=0"))["CONN_MAX_AGE"] == 0
    assert "CONN_MAX_AGE" not in database(environ.Env.db_url_config("sqlite:///paddock.db"))


@pytest.mark.django_db(transaction=True)
def test_a_worker_reuses_its_postgresql_connection_from_one_request_to_the_next():
    """What a gunicorn worker does between requests (Django's request signals, which the test
    client leaves out): the connection stays open. One per request cost 14-19 ms more a page
    under gunicorn, and psycopg's pool no less than this (docs/deploying.md, issue 33)."""
    if connection.vendor != "postgresql":
        pytest.skip("SQLite opens a file, not a connection to a server")
    handler = WSGIHandler()

    def served() -> object:
        answer = handler(RequestFactory().get("/healthz").environ, lambda *args: None)
        assert b"".join(answer) == b"ok\n"
        answer.close()  # as gunicorn does: request_finished, where Django closes or keeps it
        return connection.connection

    first = served()
    assert first is not None and served() is first


def test_production_settings_without_database_url_refuse_to_start():
    result = manage("check", **without("DATABASE_URL"))

    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "Set DATABASE_URL" in result.stderr and "never fall back to SQLite" in result.stderr


def test_manage_py_uses_production_settings_unless_told_otherwise():
    show = "from django.conf import settings; print(settings.SETTINGS_MODULE, settings.DEBUG)"

    result = manage("shell", "-c", show, **without("DJANGO_SETTINGS_MODULE"))
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "config.settings.production False"

    no_key = {
        k: v for k, v in without("DJANGO_SETTINGS_MODULE").items() if k != "DJANGO_SECRET_KEY"
    }
    result = manage("diffsettings", **no_key)
    assert result.returncode != 0
    assert "Set the DJANGO_SECRET_KEY environment variable" in result.stderr


def test_a_user_name_longer_than_any_is_refused_on_the_form(client):
    """Found by the fuzz test: on PostgreSQL a 256-character name was a 500 (the throttle's
    records hold 255)."""
    response = client.post("/login/", {"username": "n" * 256, "password": "x"})
    assert response.status_code == 200
    assert "Ensure this value has at most 150 characters" in response.text


def test_production_serves_static_files_under_hashed_names(tmp_path):
    """Unhashed names were revalidated every 60 s: a warm reload cost 4 requests (issue 11)."""
    env = {**PRODUCTION_ENV, "DJANGO_STATIC_ROOT": str(tmp_path)}
    collected = manage("collectstatic", "--noinput", **env)
    assert collected.returncode == 0, collected.stderr
    assert (tmp_path / "staticfiles.json").exists()
    shown = manage(
        "shell",
        "-c",
        "from django.templatetags.static import static; print(static('bundles/site.js'))",
        **env,
    )
    assert shown.returncode == 0, shown.stderr
    name = shown.stdout.strip().splitlines()[-1]  # after the shell's own banner
    assert re.fullmatch(r"/static/bundles/site\.[0-9a-f]{12}\.js", name), name
    assert (tmp_path / name.removeprefix("/static/")).exists()


GUNICORN_LOADS = """
import sys
from gunicorn.app.wsgiapp import WSGIApplication
sys.argv = ["gunicorn", "--config", "config/gunicorn.py"]
server = WSGIApplication()
application = server.load()
from django.conf import settings
print(server.cfg.workers, server.cfg.preload_app, server.cfg.bind)
print(settings.SETTINGS_MODULE, settings.DEBUG, type(application).__name__)
"""


def test_gunicorn_s_config_loads_the_site_with_the_production_settings():
    result = subprocess.run(
        [sys.executable, "-c", GUNICORN_LOADS],
        cwd=PROJECT_ROOT,
        env=clean_env(**without("DJANGO_SETTINGS_MODULE"), WEB_CONCURRENCY="3"),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-2:] == [
        "3 True ['127.0.0.1:8000']",
        "config.settings.production False WSGIHandler",
    ]


def test_gunicorn_without_database_url_stops_before_serving_with_the_reason():
    result = subprocess.run(
        [sys.executable, "-m", "gunicorn", "--config", "config/gunicorn.py", "--check-config"],
        cwd=PROJECT_ROOT,
        env=clean_env(**without("DATABASE_URL")),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode != 0
    assert "Set DATABASE_URL" in result.stdout + result.stderr


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def static_root(tmp_path_factory) -> Path:
    """The static files as `make serve`'s collectstatic writes them, once for the servers here
    (it takes a while: each file is hashed and compressed)."""
    root = tmp_path_factory.mktemp("static")
    done = manage("collectstatic", "--noinput", **PRODUCTION_ENV, DJANGO_STATIC_ROOT=str(root))
    assert done.returncode == 0, done.stderr
    return root


def served_env(tmp_path: Path, static_root: Path, workers: int) -> dict[str, str]:
    """A gunicorn on the production settings, a throwaway SQLite file and a port of its own."""
    return {
        **PRODUCTION_ENV,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "DJANGO_STATIC_ROOT": str(static_root),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "false",
        "DJANGO_SECURE_COOKIES": "false",
        "PADDOCK_BIND": f"127.0.0.1:{free_port()}",
        "WEB_CONCURRENCY": str(workers),
    }


def test_make_serve_s_server_answers_pages_and_hashed_static_files(tmp_path, static_root):
    """What `make serve` runs: migrate, collectstatic (static_root), then gunicorn with several
    workers on the production settings, here on a throwaway SQLite file and a port of its own."""
    env = served_env(tmp_path, static_root, workers=2)
    port = int(env["PADDOCK_BIND"].rpartition(":")[2])
    done = manage("migrate", "--noinput", **env)
    assert done.returncode == 0, done.stderr
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--config", "config/gunicorn.py"],
        cwd=PROJECT_ROOT,
        env=clean_env(**env),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        home = _get(f"http://127.0.0.1:{port}/")
        page = home.read().decode()
        assert home.status == 200 and "Paddock" in page
        policy = home.headers["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "style-src 'self'" in policy, policy
        assert "unsafe" not in policy, policy
        script = re.search(r'src="(/static/bundles/site\.[0-9a-f]{12}\.js)"', page)
        assert script, page
        static = _get(f"http://127.0.0.1:{port}{script[1]}")
        assert static.status == 200
        assert "immutable" in static.headers["Cache-Control"]
        assert _get(f"http://127.0.0.1:{port}/healthz").read() == b"ok\n"
    finally:
        server.terminate()
        log, _ = server.communicate(timeout=30)
    assert log.count("Booting worker") == 2, log


def _get(url: str):
    """The answer at `url`, waiting up to 20 s for the server to start listening."""
    deadline = time.monotonic() + 20
    while True:
        try:
            return urllib.request.urlopen(url, timeout=5)
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


SESSION_FOR = """
from django.contrib.auth import get_user_model
from django.core.management import call_command
call_command("migrate", "--noinput", verbosity=0)
from django.test import Client
user = get_user_model().objects.create_user("uploader", password="long enough 1")
client = Client()
client.force_login(user)
print(client.cookies["sessionid"].value)
"""

UPLOAD_BYTES = 200 * 1024 * 1024
CSRF_TOKEN = "paddock" * 4 + "1234"  # 32 letters and digits, as Django's secret is


def worker_pid(master: int) -> int:
    """The pid of the one worker the gunicorn `master` forked."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rpartition(")")[2].split()
            except OSError:
                continue
            if int(fields[1]) == master:
                return int(stat.parent.name)
        time.sleep(0.2)
    raise AssertionError("gunicorn started no worker")


def peak_rss_kib(pid: int) -> int:
    """The most memory the process has held at once since it started (VmHWM), in KiB."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"^VmHWM:\s+(\d+) kB", status, re.M)[1])


def upload_answer(port: int, session: str) -> tuple[str, int]:
    """POST a 200 MB body to the restore page, streamed from a generator on a thread of its own
    while the answer is awaited: the answer's head, and how much of the body had been sent
    when it came (at most 30 s)."""
    head = (
        "POST /leagues/restore/ HTTP/1.1\r\n"
        f"Host: 127.0.0.1:{port}\r\n"
        # A CSRF cookie and its token, as a browser's form sends them: the check reads the form.
        f"Cookie: sessionid={session}; csrftoken={CSRF_TOKEN}\r\n"
        f"X-CSRFToken: {CSRF_TOKEN}\r\n"
        "Content-Type: multipart/form-data; boundary=paddock\r\n"
        f"Content-Length: {UPLOAD_BYTES}\r\n\r\n"
    ).encode()
    piece = b"x" * 65536
    sent = 0

    def body():
        yield b"--paddock\r\nContent-Disposition: form-data; "
        yield b'name="backup"; filename="a.json"\r\n\r\n'
        while True:
            yield piece

    def send(connection: socket.socket) -> None:
        nonlocal sent
        try:
            for chunk in body():
                connection.sendall(chunk[: UPLOAD_BYTES - sent])
                sent += len(chunk)
                if sent >= UPLOAD_BYTES:
                    return
        except OSError:
            return  # the server closed the connection: it read no more

    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        connection.sendall(head)
        sender = threading.Thread(target=send, args=(connection,), daemon=True)
        sender.start()
        answer = b""
        while b"\r\n\r\n" not in answer:
            received = connection.recv(65536)
            if not received:
                break
            answer += received
        sent_when_answered = sent
    sender.join(timeout=30)
    return answer.partition(b"\r\n\r\n")[0].decode(), sent_when_answered


def test_gunicorn_refuses_a_body_larger_than_any_page_takes_before_it_is_sent(
    tmp_path, static_root
):
    """Issue 29: with no proxy's limit in front, a 200 MB upload to the restore page was read
    to its end after its 413 was decided (the worker grew by 451 MB and was held 31 s). Now
    the 413 comes before the body is sent, the worker grows by less than 5 MB, and it serves
    the next request at once."""
    env = served_env(tmp_path, static_root, workers=1)
    port = int(env["PADDOCK_BIND"].rpartition(":")[2])
    made = manage("shell", "-c", SESSION_FOR, **env)
    assert made.returncode == 0, made.stderr
    session = made.stdout.strip().splitlines()[-1]
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--config", "config/gunicorn.py"],
        cwd=PROJECT_ROOT,
        env=clean_env(**env),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert _get(f"http://127.0.0.1:{port}/login/").status == 200
        worker = worker_pid(server.pid)
        # The restore page and a page in the site's frame, once: what the first of each loads.
        restore_page = urllib.request.Request(
            f"http://127.0.0.1:{port}/leagues/restore/", headers={"Cookie": f"sessionid={session}"}
        )
        assert urllib.request.urlopen(restore_page, timeout=20).status == 200
        before = peak_rss_kib(worker)

        head, sent = upload_answer(port, session)

        grown = peak_rss_kib(worker) - before
        started = time.monotonic()
        assert _get(f"http://127.0.0.1:{port}/login/").status == 200
        next_answer = time.monotonic() - started
    finally:
        server.terminate()
        log, _ = server.communicate(timeout=30)
    assert head.startswith("HTTP/1.1 413 "), (head, log)
    assert "Connection: close" in head, head
    assert sent < UPLOAD_BYTES // 10, sent
    assert grown < 5 * 1024, f"the worker grew by {grown} KiB"
    assert next_answer < 5, next_answer


UTF_16_FORM = "application/x-www-form-urlencoded; charset=utf-16"


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/login/", "/leagues/new/", "/no/such/page/at/all/"])
def test_a_form_posted_in_utf_16_is_a_400_page_not_a_500(path):
    """Issue 18: Django refuses to read such a form (BadRequest), and its own 400 view ran the
    CSRF check again, which read the form again: the 400 became a 500, and its 500 page did the
    same. Only with a CSRF cookie, as a browser has (without one the check refuses first)."""
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    client.get("/login/")
    token = client.cookies["csrftoken"].value

    response = client.post(
        path, f"csrfmiddlewaretoken={token}&username=ann", content_type=UTF_16_FORM
    )

    if path.startswith("/no/"):  # no such page: it says so without reading the form
        assert response.status_code == 404
        return
    assert response.status_code == 400
    page = response.content.decode()
    assert "Paddock could not read what was sent" in page
    assert "navbar" in page  # the site's own page


@pytest.mark.django_db
@pytest.mark.parametrize("token", ["%00", "abc%00def", "a" * 65, "abc.def", "%E2%80%AE"])
def test_an_invitation_link_that_no_token_looks_like_is_a_404(token):
    """Issue 18: a NUL byte reached the query, and PostgreSQL refuses one in any text (500)."""
    response = Client(raise_request_exception=False).get(f"/join/{token}/")

    assert response.status_code == 404


@pytest.mark.django_db
def test_a_form_refused_by_the_csrf_check_is_the_site_s_own_page():
    """Django's page for it styles itself inline, which the Content-Security-Policy refuses."""
    client = Client(enforce_csrf_checks=True)

    response = client.post("/login/", {"username": "ann", "password": "x"})

    assert response.status_code == 403
    page = response.content.decode()
    assert "The form was refused, to keep your account safe" in page
    assert "navbar" in page and "<style" not in page


def make_dry_run(*arguments: str) -> str:
    # Run from `make test` too: a make inside make would print its directory and read the
    # outer one's flags, so it is given neither.
    outer = {"MAKEFLAGS", "MAKELEVEL", "MFLAGS"}
    result = subprocess.run(
        ["make", "--no-print-directory", "--dry-run", "--always-make", *arguments],
        cwd=PROJECT_ROOT,
        env={name: value for name, value in os.environ.items() if name not in outer},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_make_run_serves_on_the_host_and_port_it_is_given():
    commands = make_dry_run("run", "PORT=8101", "HOST=0.0.0.0").splitlines()
    assert commands[-1].endswith("manage.py runserver 0.0.0.0:8101")
    assert any("http://0.0.0.0:8101/" in command for command in commands)


def test_make_run_serves_on_this_computer_s_port_8000_by_default():
    commands = make_dry_run("run").splitlines()
    assert commands[-1].endswith("manage.py runserver 127.0.0.1:8000")


@pytest.mark.django_db
def test_with_the_address_limit_off_only_the_name_and_address_is_counted(client, settings):
    settings.PADDOCK_LOGIN_FAILURES_PER_ADDRESS = 0
    names = [f"player{number}" for number in range(30)]
    for name in names:
        UserFactory(username=name)
    assert {log_in(client, name, "wrong").status_code for name in names} == {200}
