from .base import *  # noqa: F403

DEBUG = True

# Serve static files straight from the finders: no collectstatic before `make run` or the tests.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

PADDOCK_DEMO_ALLOWED = True
