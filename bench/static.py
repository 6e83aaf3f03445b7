"""Static files as production serves them, for the bench's measures of what a browser loads:
collected under hashed names with a gzip and a Brotli copy of each (whitenoise's
CompressedManifestStaticFilesStorage, config/settings/production.py), into a throwaway folder,
and served by whitenoise's middleware from there (not from the finders, as the tests do)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

from django.core.management import call_command
from django.test import override_settings


@contextmanager
def production_static() -> Iterator[None]:
    with (
        tempfile.TemporaryDirectory() as root,
        override_settings(
            STATIC_ROOT=root,
            STORAGES={
                "default": {"BACKEND": "django.core.files.storage.InMemoryStorage"},
                "staticfiles": {
                    "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
                },
            },
            WHITENOISE_USE_FINDERS=False,
            WHITENOISE_AUTOREFRESH=False,
        ),
    ):
        call_command("collectstatic", interactive=False, verbosity=0)
        yield
