from .base import *  # noqa: F403

DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.InMemoryStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# Serve static files straight from the finders: no collectstatic before `make run` or the tests.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

PADDOCK_DEMO_ALLOWED = True

# Each test process's own memory whatever CACHE_URL says: the tests empty the cache, and must
# never empty one that a site or another run shares (tests/test_shared_cache.py names its own).
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Django's test client asks for the host "testserver"; no other settings allow it.
ALLOWED_HOSTS = [*ALLOWED_HOSTS, "testserver"]  # noqa: F405
