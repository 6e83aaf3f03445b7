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
