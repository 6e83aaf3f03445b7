"""Two app hosts behind nginx (docs/deploying.md, "More than one host"): two gunicorn servers
with the production settings on one PostgreSQL database, each caching in its own memory, and
an nginx spreading requests over them, started from a configuration this test writes.

Any host serves any request: a visitor signed in through one is signed in on the other, a write
through one shows on the other's pages at once (its parts were laid out before the write), and
with one host stopped the site still answers. Skipped where nginx is not installed, and on
SQLite (the hosts share a database server)."""

from __future__ import annotations

import http.cookiejar
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import environ
import psycopg
import pytest

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
        stdout=log.open("w"),
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
            servers[host] = started(
                [sys.executable, "-m", "gunicorn", "--config", "config/gunicorn.py"],
                clean_env(**env, PADDOCK_BIND=f"127.0.0.1:{port}"),
                folder / f"gunicorn-{host}.log",
            )
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
        yield Site(proxy=f"http://127.0.0.1:{proxy_port}", hosts=hosts, servers=servers)
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


def test_with_one_host_stopped_the_site_still_answers(site: Site):
    site.servers["a"].terminate()
    site.servers["a"].wait(30)
    for _ in range(4):
        response = answer(f"{site.proxy}/healthz")
        assert (response.status, response.read()) == (200, b"ok\n")
        assert response.headers["X-Upstream"].endswith(site.hosts["b"].removeprefix("http://"))
