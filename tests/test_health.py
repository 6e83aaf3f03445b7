"""/healthz (config/health.py): a host that can serve answers "ok"; one whose database, cache
or migrations fail answers 503 naming what failed, in plain text, to anyone, setting no
cookie."""

from __future__ import annotations

import pytest
from django.db import OperationalError, connections
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.migration import Migration
from django.test import Client

from config import health
from tests.test_deploy import PRODUCTION_ENV, free_port, manage

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def migrations_not_yet_checked(monkeypatch):
    monkeypatch.setattr(health, "migrated", False)


def test_a_host_that_can_serve_answers_ok_in_plain_text_and_sets_no_cookie(client: Client):
    response = client.get("/healthz")

    assert (response.status_code, response.content) == (200, b"ok\n")
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert not response.cookies
    assert "Cookie" not in response.get("Vary", "")
    assert "no-store" in response["Cache-Control"]  # a proxy between never answers for it
    assert client.head("/healthz").status_code == 200


def test_a_signed_in_visitor_gets_the_same_answer_and_their_session_is_untouched(
    client: Client, organiser
):
    client.force_login(organiser)
    response = client.get("/healthz")
    assert (response.status_code, response.content) == (200, b"ok\n")
    assert not response.cookies


def test_once_the_migrations_are_found_applied_a_check_makes_one_query(
    client: Client, django_assert_num_queries
):
    client.get("/healthz")
    with django_assert_num_queries(1):
        assert client.get("/healthz").status_code == 200


def test_a_database_that_cannot_be_reached_is_a_503_naming_it(client: Client, monkeypatch):
    def refused(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(connections["default"], "cursor", refused)
    response = client.get("/healthz")

    # The migrations are read from the database: not checked, not named.
    assert (response.status_code, response.content) == (503, b"failed: database\n")
    assert response["Content-Type"] == "text/plain; charset=utf-8"


def test_a_cache_that_cannot_be_reached_is_a_503_naming_it(client: Client, settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{free_port()}",
        }
    }
    response = client.get("/healthz")
    assert (response.status_code, response.content) == (503, b"failed: cache\n")


def test_a_cache_that_keeps_nothing_is_a_503_naming_it(client: Client, settings):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
    assert client.get("/healthz").content == b"failed: cache\n"


def test_an_unapplied_migration_is_a_503_until_it_is_applied(client: Client, monkeypatch):
    next_one = Migration("0099_next", "league")
    monkeypatch.setattr(
        MigrationExecutor, "migration_plan", lambda self, targets: [(next_one, False)]
    )
    response = client.get("/healthz")
    assert (response.status_code, response.content) == (503, b"failed: migrations\n")
    assert health.migrated is False

    monkeypatch.setattr(MigrationExecutor, "migration_plan", lambda self, targets: [])
    assert client.get("/healthz").status_code == 200
    assert health.migrated is True


def test_healthz_takes_no_post(client: Client):
    assert client.post("/healthz").status_code == 405


def test_a_production_host_answers_over_plain_http_and_names_a_database_it_cannot_reach(
    tmp_path,
):
    """Not redirected to HTTPS (a proxy asks each host directly); a closed port, a real
    connection error; a database with no tables, the migrations."""
    ask = (
        "from django.test import Client; "
        "r = Client(HTTP_HOST='paddock.example.org').get('/healthz'); "
        "print(r.status_code, r.content.decode().strip())"
    )
    closed = f"postgres://paddock@127.0.0.1:{free_port()}/paddock"
    unmigrated = f"sqlite:///{tmp_path / 'empty.sqlite3'}"
    for url, answer in ((closed, "503 failed: database"), (unmigrated, "503 failed: migrations")):
        result = manage("shell", "-c", ask, **{**PRODUCTION_ENV, "DATABASE_URL": url})
        assert result.returncode == 0, result.stderr
        assert result.stdout.strip().splitlines()[-1] == answer
