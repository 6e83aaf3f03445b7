from datetime import timedelta
from pathlib import Path

import environ
import xstatic.pkg.bootstrap
from csp import constants as csp

BASE_DIR = Path(__file__).resolve().parent.parent.parent

env = environ.Env()

SECRET_KEY = env("DJANGO_SECRET_KEY", default="paddock-insecure-development-key")
DEBUG = env.bool("DJANGO_DEBUG", default=False)
# This computer only; production.py insists on DJANGO_ALLOWED_HOSTS, test.py adds Django's test
# client's "testserver".
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["127.0.0.1", "localhost"])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "crispy_forms",
    "crispy_bootstrap5",
    "axes",
    "csp",
    "league",
    "races",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages compressed for a browser that takes gzip (the static files whitenoise sends are
    # compressed at collectstatic): the turn page's first load on a phone's network (issue 21).
    # Django's gzip pads each response against BREACH, and its CSRF tokens are masked anew.
    "django.middleware.gzip.GZipMiddleware",
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language of the page (docs/translating.md): after the session, before CommonMiddleware
    # (as Django asks); then, once the account is known, the account's own choice wins over the
    # browser's (config/languages.py).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "config.languages.PersonsLanguage",
    "django.contrib.messages.middleware.MessageMiddleware",
    # Before anything reads a body (the CSRF check's process_view, a view), after what its
    # 413 page shows (the account, the CSRF token of hx-headers).
    "config.body_limit.BodyLimit",
    # Junk in an admin list's filters, refused before the admin reads it.
    "config.admin_queries.AdminQueries",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # After htmx's, which tells it an htmx request.
    "config.htmx_pages.WholePagesForHtmx",
    # Last, as axes asks: it turns a refused login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "league.context_processors.site",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"


def database(config: dict) -> dict:
    """A database's settings as Paddock needs them, from env.db()."""
    if config["ENGINE"].endswith("sqlite3"):
        # SQLite has no row locks: each write transaction takes the database's write lock when
        # it begins (not at its first write, where two readers would deadlock), and a second
        # writer waits its turn, so a check made inside a transaction still holds at its insert.
        config.setdefault("OPTIONS", {}).update(transaction_mode="IMMEDIATE", timeout=20)
    elif config["ENGINE"].endswith("postgresql"):
        # Connections are reused for up to a minute from when they opened (unless the address
        # says ?conn_max_age=...), each checked before it is reused: opening one costs more than
        # a whole entry at the table.
        config.setdefault("CONN_MAX_AGE", 60)
        config.setdefault("CONN_HEALTH_CHECKS", True)
    return config


# SQLite by default for development; production.py insists on DATABASE_URL (postgres://...).
DATABASES = {
    "default": database(env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"))
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The cache: the league pages' parts (league/reads/page_parts.py) and the title race's forecasts,
# both
# keyed by what they were made from, so any cache may hold them. Unset, each process keeps its
# own in memory and nothing else need run. Several hosts share one by naming it,
# CACHE_URL=redis://127.0.0.1:6379/0 (Django's own Redis client, the `redis` package): a part
# laid out on one host is then ready on every other (docs/deploying.md, "More than one host").
CACHES = {"default": env.cache_url("CACHE_URL", default="locmemcache://")}

# Axes first, so a locked-out login is refused before any password is checked.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

# Every password set on a form (sign-up, an invitation's, the admin's) is checked by these; a
# refusal says why in Django's words. Length: NIST SP 800-63B asks at least 8 characters with a
# check against passwords known to be common (SP 800-63B-4, 2025: 15 where the password is the
# only factor, as here). Paddock's 12 stands between: with the common-password list, the login
# throttle below and no password hint, a 12-character password is out of reach of an online
# guess, and still a phrase a player types on a phone at the table. A host who wants NIST's 15
# sets PADDOCK_PASSWORD_MIN_LENGTH (docs/deploying.md).
PADDOCK_PASSWORD_MIN_LENGTH = env.int("PADDOCK_PASSWORD_MIN_LENGTH", default=12)
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": PADDOCK_PASSWORD_MIN_LENGTH},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# English and French (issue 34, docs/translating.md). British English is the site's own and the
# fallback of anything unknown (a language code in a cookie, a header or a posted form no page
# speaks); "en" or "en-us" from a browser reads as it. The catalogues are made from the .po files
# at install (`make catalogues`); the rules' words have their own, beside them (rules/locale/).
LANGUAGE_CODE = "en-gb"
LANGUAGES = [("en-gb", "English"), ("fr", "Français")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = env.path("DJANGO_STATIC_ROOT", default=BASE_DIR / "staticfiles")
STATICFILES_DIRS = [
    BASE_DIR / "static",
    ("bootstrap", xstatic.pkg.bootstrap.BASE_DIR),
]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "league:home"
LOGOUT_REDIRECT_URL = "league:home"

# Login throttling. Counting by username and address together means a stranger guessing one
# organiser's password locks out only themselves, never that organiser at the table. And an
# address is counted across names too, with a limit of its own (config/login_throttle.py): one
# wrong password against each of many names (a spray) is stopped after
# PADDOCK_LOGIN_FAILURES_PER_ADDRESS, while a club on one network's wifi, each mistyping once
# or twice, stays well under it.
AXES_FAILURE_LIMIT = env.int("PADDOCK_LOGIN_FAILURES_PER_NAME", default=5)
PADDOCK_LOGIN_FAILURES_PER_ADDRESS = env.int("PADDOCK_LOGIN_FAILURES_PER_ADDRESS", default=20)
# The order config/login_throttle.py reads: the name and address first, then the address.
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_HANDLER = "config.login_throttle.NameAndAddressHandler"
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_RESET_ON_SUCCESS = True
# Tries made while locked out don't restart the wait, so the lockout page's "15 minutes" holds.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
# The address a try is counted against (config/client_address.py): the connection's own, or behind
# DJANGO_PROXY_COUNT reverse proxies the one the outermost proxy saw, read from X-Forwarded-For
# by django-ipware. 0, the default, trusts no forwarded header, so a client cannot pick its own.
PADDOCK_PROXY_COUNT = env.int("DJANGO_PROXY_COUNT", default=0)
AXES_CLIENT_IP_CALLABLE = "config.client_address.client_address"

# Content-Security-Policy (django-csp), the same in every setting: the pages run only the site's
# own scripts and styles from /static/ (no inline <script>, style="" or on...="" anywhere, and htmx
# told not to eval: base.html's htmx-config), send forms only to the site, and are framed by no
# one. Bootstrap's CSS draws its small icons (a select's arrow, a ticked box) as data: images.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [csp.SELF],
        "script-src": [csp.SELF],
        "style-src": [csp.SELF],
        "img-src": [csp.SELF, "data:"],
        "object-src": [csp.NONE],
        "base-uri": [csp.NONE],
        "form-action": [csp.SELF],
        "frame-ancestors": [csp.NONE],
    },
}

# The demo league logs in with passwords printed in the README: local.py and test.py allow it.
PADDOCK_DEMO_ALLOWED = False

# Anyone may make an account on the sign-up page (/signup/) and then organise leagues of their
# own; a hosted site that only admits the people its organisers invite closes it here.
PADDOCK_OPEN_SIGNUP = env.bool("PADDOCK_OPEN_SIGNUP", default=True)

# Limits over time (league/services/limits.py), counted in the database so that every app host
# counts
# alike, by the address config/client_address.py reads; 0 switches one off. A sign-up page that
# made 60 accounts in 16 seconds from one address (issue 29) now makes 10 an hour and 30 a day:
# a club signing up together on one network fits, a script does not. A league restored from its
# backup counts as a new league. A real organiser makes a league or two a season.
PADDOCK_SIGN_UPS_PER_ADDRESS_PER_HOUR = env.int("PADDOCK_SIGN_UPS_PER_ADDRESS_PER_HOUR", default=10)
PADDOCK_SIGN_UPS_PER_ADDRESS_PER_DAY = env.int("PADDOCK_SIGN_UPS_PER_ADDRESS_PER_DAY", default=30)
PADDOCK_NEW_LEAGUES_PER_ACCOUNT_PER_DAY = env.int(
    "PADDOCK_NEW_LEAGUES_PER_ACCOUNT_PER_DAY", default=5
)
PADDOCK_NEW_LEAGUES_PER_ADDRESS_PER_DAY = env.int(
    "PADDOCK_NEW_LEAGUES_PER_ADDRESS_PER_DAY", default=20
)

# The largest backup file the restore page takes (league/views/restore.py); a larger one is imported
# on the host with manage.py import_league. The file is read a piece at a time whatever its
# size (league/backup/reader.py): the limit bounds the time a worker spends on it. Measured for
# issue 18: a league of 10 seasons of 20 drivers raced by hand is 0.64 MB, a 10-car race at
# the table with its 750-event log 2.2 MB, and the page restores 0.5 to 0.7 MB a second on
# PostgreSQL: 5 MB is 8 times the largest league raced by hand, and some 10 seconds of a
# worker, whose timeout is 30 (config/gunicorn.py).
PADDOCK_RESTORE_MOST_BYTES = env.int("PADDOCK_RESTORE_MOST_BYTES", default=5 * 1024 * 1024)
# Django keeps an upload of up to this in memory and writes a larger one to a temporary file,
# and refuses more than this of a request's other fields (both Django's defaults, said here as
# the restore page counts on them).
FILE_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
# The largest request body any page takes, by its Content-Length: a larger one is answered 413
# before any of it is read (config/body_limit.py), with or without a proxy's limit in front.
# The restore page's file and its form's envelope (the CSRF token, the part's headers), or
# the largest form of other fields.
PADDOCK_MOST_BODY_BYTES = env.int(
    "PADDOCK_MOST_BODY_BYTES",
    default=max(PADDOCK_RESTORE_MOST_BYTES, DATA_UPLOAD_MAX_MEMORY_SIZE) + 64 * 1024,
)

# E-mail: a password-reset link is the only mail Paddock sends. Printed to the console (the
# server's log) unless EMAIL_URL names a server: smtp+tls://user:password@smtp.example.org:587
# (docs/deploying.md, "E-mail"). The sender is DJANGO_DEFAULT_FROM_EMAIL.
vars().update(env.email_url("EMAIL_URL", default="consolemail://"))
DEFAULT_FROM_EMAIL = env("DJANGO_DEFAULT_FROM_EMAIL", default="paddock@localhost")
# A reset link works for a day (Django's default is three), and once: a new password changes
# the hash the link's token is made from.
PASSWORD_RESET_TIMEOUT = 24 * 60 * 60
