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

# Inside a test's transaction the league data's revision never advances (it advances when a
# transaction commits), so the parts are laid out on every request; tests/league/
# test_page_cache.py switches them on, in transactions that commit.
PADDOCK_PAGE_PARTS = False

# Django's test client asks for the host "testserver"; no other settings allow it.
ALLOWED_HOSTS = [*ALLOWED_HOSTS, "testserver"]  # noqa: F405
