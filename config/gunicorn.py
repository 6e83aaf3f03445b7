"""gunicorn's settings for Paddock: `make serve`, and the systemd unit in docs/deploying.md.

gunicorn reads this file (`gunicorn --config config/gunicorn.py`); the environment tunes it.
"""

import multiprocessing
import os

wsgi_app = "config.wsgi:application"

# Behind a reverse proxy on the same host (docs/deploying.md): only it talks to gunicorn.
bind = os.environ.get("PADDOCK_BIND", "127.0.0.1:8000")

# gunicorn's rule of thumb: two workers a core and one more, so a slow request (a season's end,
# a backup) never keeps a referee's roll waiting. WEB_CONCURRENCY overrides it.
workers = int(os.environ.get("WEB_CONCURRENCY", 2 * multiprocessing.cpu_count() + 1))

# The application is loaded once, before the workers fork: a setting that is missing
# (DATABASE_URL, the secret key) stops the server at once with the reason, not in each worker.
preload_app = True


def post_fork(server, worker) -> None:
    # A database connection opened while loading would be shared by every worker forked from
    # it: each worker opens its own.
    from django.db import connections

    connections.close_all()


# No control socket (gunicornc): Paddock does not use it, and two servers on one host would
# share its path in the home directory.
control_socket_disable = True

timeout = 30
graceful_timeout = 30

accesslog = "-"
errorlog = "-"
