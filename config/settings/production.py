from django.core.checks.security.base import (
    SECRET_KEY_INSECURE_PREFIX,
    SECRET_KEY_MIN_LENGTH,
    SECRET_KEY_MIN_UNIQUE_CHARACTERS,
)
from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import database, env

DEBUG = False

# The key signs sessions, password-reset links and CSRF tokens: a short one can be guessed.
# Refused at start-up by the rule `check --deploy` only warns about (security.W009).
SECRET_KEY = env("DJANGO_SECRET_KEY")
if (
    len(SECRET_KEY) < SECRET_KEY_MIN_LENGTH
    or len(set(SECRET_KEY)) < SECRET_KEY_MIN_UNIQUE_CHARACTERS
    or SECRET_KEY.startswith(SECRET_KEY_INSECURE_PREFIX)
):
    raise ImproperlyConfigured(
        f"DJANGO_SECRET_KEY is too weak: it needs at least {SECRET_KEY_MIN_LENGTH} characters, "
        f"{SECRET_KEY_MIN_UNIQUE_CHARACTERS} of them different, and must not start with "
        f'"{SECRET_KEY_INSECURE_PREFIX}". Make one with: '
        'python3 -c "import secrets; print(secrets.token_urlsafe(50))"'
    )

# The site's own host names only: never the development defaults, nor the test client's.
ALLOWED_HOSTS = [host for host in env.list("DJANGO_ALLOWED_HOSTS", default=[]) if host]
if not ALLOWED_HOSTS:
    raise ImproperlyConfigured(
        "Set DJANGO_ALLOWED_HOSTS to the site's host names, comma-separated (paddock.example.org)."
    )

# No SQLite fallback: a league that forgot DATABASE_URL would otherwise keep its results in a
# file inside the checkout, and lose them with the next deploy.
try:
    DATABASES = {"default": database(env.db("DATABASE_URL"))}
except ImproperlyConfigured as error:
    raise ImproperlyConfigured(
        "Set DATABASE_URL (postgres://user:password@host:5432/paddock): "
        "production settings never fall back to SQLite."
    ) from error

CSRF_TRUSTED_ORIGINS = env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])

# Static files under hashed names (collectstatic writes them with a manifest): whitenoise tells
# browsers to keep each one for a year, and a changed file gets a new name, so a warm reload of
# a page asks for nothing but the page.
STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
# Off only for `make serve`, a trial on this computer over plain HTTP, where a browser would
# not send a cookie kept for HTTPS and nobody could log in. Never off behind a real proxy.
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = env.bool("DJANGO_SECURE_COOKIES", default=True)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# Off only where the proxy in front already redirects plain HTTP, or while testing without TLS.
SECURE_SSL_REDIRECT = env.bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
# A proxy or a monitor asks each host for /healthz straight over plain HTTP (config/health.py).
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
# Browsers remember HSTS for this many seconds and then refuse plain HTTP to the site, even if
# HTTPS breaks: 0 until HTTPS is known to work, then a few minutes, then a year (31536000).
SECURE_HSTS_SECONDS = env.int("DJANGO_SECURE_HSTS_SECONDS", default=0)
# Both only take effect with a non-zero SECURE_HSTS_SECONDS; off for a site that shares its
# domain with subdomains still on plain HTTP.
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
SECURE_HSTS_PRELOAD = env.bool("DJANGO_SECURE_HSTS_PRELOAD", default=True)
