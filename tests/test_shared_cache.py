"""A cache several hosts share (CACHE_URL, config/settings/base.py): a league's page parts
laid out on one host are ready on another, and a write on either shows on both at once.

Each "host" here is a cache client of its own on one Redis server (the one CACHE_URL names,
else this machine's at 127.0.0.1:6379), under a key prefix of this run's own, whose keys are
removed afterwards: never the whole cache, which others may be using."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
import redis
from django.core.cache.backends.redis import RedisCache

from bench import builders
from league.models import League
from league.reads import page_parts
from league.services.teams import team_rename
from tests.factories import UserFactory
from tests.league.test_page_parts import first_team, without_tokens
from tests.test_deploy import PRODUCTION_ENV, manage

pytestmark = pytest.mark.django_db

SHARED = os.environ.get("CACHE_URL", "")
REDIS_URL = SHARED if SHARED.startswith("redis") else "redis://127.0.0.1:6379/0"


def redis_answers() -> bool:
    try:
        return bool(redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping())
    except redis.RedisError:
        return False


needs_redis = pytest.mark.skipif(
    not redis_answers(), reason=f"no Redis answers at {REDIS_URL} (.ci/run starts one)"
)


@pytest.fixture
def two_hosts() -> Iterator[tuple[RedisCache, RedisCache]]:
    prefix = f"paddock-test-{uuid.uuid4().hex}"
    hosts = (
        RedisCache(REDIS_URL, {"KEY_PREFIX": prefix}),
        RedisCache(REDIS_URL, {"KEY_PREFIX": prefix}),
    )
    yield hosts
    for host in hosts:
        host.close()
    server = redis.Redis.from_url(REDIS_URL)
    keys = list(server.scan_iter(f"{prefix}:*"))
    if keys:
        server.delete(*keys)
    server.close()


@pytest.fixture
def built(monkeypatch) -> list[str]:
    """The pages whose parts were laid out afresh (their `build()` ran), one line a time."""
    laid_out: list[str] = []
    parts = page_parts.parts

    def counted(request, league, templates, build, *vary):
        def building():
            laid_out.append(request.path)
            return build()

        return parts(request, league, templates, building, *vary)

    monkeypatch.setattr(page_parts, "parts", counted)
    return laid_out


@pytest.fixture
def history() -> League:
    return builders.league_with_history(organiser=UserFactory(), name="History", seasons=2)


def on_host(monkeypatch, host: RedisCache) -> None:
    monkeypatch.setattr(page_parts, "cache", host)


@needs_redis
def test_a_season_page_laid_out_on_one_host_is_read_on_another_without_building(
    client, monkeypatch, two_hosts, built, history
):
    host_a, host_b = two_hosts
    url = history.seasons.order_by("-number").first().get_absolute_url()

    on_host(monkeypatch, host_a)
    first = client.get(url)
    assert first.status_code == 200 and built == [url]

    on_host(monkeypatch, host_b)
    second = client.get(url)
    assert second.status_code == 200 and built == [url]  # not built again
    assert without_tokens(second.text) == without_tokens(first.text)


@needs_redis
def test_a_write_made_through_one_host_shows_on_the_other_at_once(
    client, monkeypatch, two_hosts, built, history
):
    host_a, host_b = two_hosts
    season = history.seasons.order_by("-number").first()
    url = season.get_absolute_url()
    on_host(monkeypatch, host_a)
    client.get(url)

    on_host(monkeypatch, host_b)
    team_rename(team=first_team(history), name="Scuderia Renamed")
    assert "Scuderia Renamed" in client.get(url).text
    on_host(monkeypatch, host_a)
    assert "Scuderia Renamed" in client.get(url).text
    assert built == [url, url]  # laid out again once, for the new version, not once a host


def test_cache_url_names_django_s_own_redis_cache_and_unset_keeps_each_process_s_memory():
    show = "from django.conf import settings; print(settings.CACHES['default']['BACKEND'])"
    for url, backend in (
        ("redis://127.0.0.1:6379/0", "django.core.cache.backends.redis.RedisCache"),
        (None, "django.core.cache.backends.locmem.LocMemCache"),
    ):
        env = {**PRODUCTION_ENV, **({"CACHE_URL": url} if url else {})}
        result = manage("shell", "-c", show, **env)
        assert result.returncode == 0, result.stderr
        assert result.stdout.strip().splitlines()[-1] == backend
