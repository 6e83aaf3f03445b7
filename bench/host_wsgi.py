"""The WSGI application bench/host.py serves: Paddock's own (config/wsgi.py), with the trivial
view at /bench/trivial-page/ (bench/run.py's, the floor every page is measured against) and the
cache's keys under a prefix of the run's own (BENCH_CACHE_PREFIX), so that a run on a shared
Redis never reads or clears another's keys. Not part of the app."""

from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

application = get_wsgi_application()

from django.conf import settings  # noqa: E402  (after the settings are read)

settings.ROOT_URLCONF = "bench.host_urls"
if prefix := os.environ.get("BENCH_CACHE_PREFIX"):
    settings.CACHES["default"]["KEY_PREFIX"] = prefix
