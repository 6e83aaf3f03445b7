"""`manage.py backup_all <folder> --keep N`: every league's backup, and a dump of the whole
database on PostgreSQL, into one dated folder, for a timer to run (docs/deploying.md, "Backups").

The folder is written under a temporary name and renamed to its date only once every file in
it is whole, so a backup cut short (a full disk, a failed pg_dump, a stopped host) never passes
for one: what it had written is removed, and the dated folders already there are untouched.
Then only the newest N dated folders are kept.

A run holds a lock on FOLDER itself (flock on the directory, let go by the kernel however the
process ends, `kill -9` and a power cut included): a second run while one writes stops with the
reason, and a run that holds it knows that any temporary folder there is a dead run's (a host
killed mid-write, where no `except` ran) and removes it first.
"""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.utils import timezone

from league import backup
from league.models import League

# A dated folder's name, as the newest sorts last: 2026-11-28T203000Z (UTC).
STAMP = "%Y-%m-%dT%H%M%SZ"
DATED = re.compile(r"\d{4}-\d\d-\d\dT\d{6}Z")
PARTIAL = ".partial-"
DUMP = "database.dump"


class Command(BaseCommand):
    help = (
        "Write every league's backup (as export_league does) and, on PostgreSQL, a pg_dump of "
        "the database into a new dated folder inside FOLDER, keeping the newest N such folders."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("folder", help="Where the dated folders are kept (made if missing).")
        parser.add_argument(
            "--keep", type=int, default=14, help="How many dated folders to keep (default 14)."
        )

    def handle(self, *args, folder: str, keep: int, **options) -> None:
        if keep < 1:
            raise CommandError("--keep must be at least 1: the backup just made is kept.")
        root = Path(folder)
        try:
            root.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise CommandError(f"Cannot make {root}: {error}") from error
        with _only_run(root):
            self._back_up(root, keep)

    def _back_up(self, root: Path, keep: int) -> None:
        for dead in partial_folders(root):
            shutil.rmtree(dead, ignore_errors=True)
            self.stdout.write(f"Removed {dead}, left by a run cut short.")
        name = _stamp()
        partial = root / f"{PARTIAL}{name}"
        try:
            # The site's user alone reads it: it names every member of every league.
            partial.mkdir(mode=0o700)
            self._write(partial)
            partial.rename(root / name)
        except BaseException as error:
            shutil.rmtree(partial, ignore_errors=True)
            if isinstance(error, OSError | subprocess.SubprocessError):
                raise CommandError(f"Backup failed, nothing kept: {error}") from error
            raise
        self.stdout.write(self.style.SUCCESS(f"Backup written to {root / name}"))
        for old in sorted(dated_folders(root))[:-keep]:
            shutil.rmtree(old)
            self.stdout.write(f"Removed {old}, older than the newest {keep}.")

    def _write(self, into: Path) -> None:
        leagues = League.objects.order_by("slug")
        for league in leagues:
            (into / backup.file_name(league)).write_text(
                backup.league_file(league), encoding="utf-8"
            )
        self.stdout.write(f"{len(leagues)} leagues written.")
        skipped = _pg_dump(into / DUMP)
        self.stdout.write(f"pg_dump skipped: {skipped}" if skipped else f"{DUMP} written.")


def _stamp() -> str:
    return timezone.now().strftime(STAMP)


@contextmanager
def _only_run(root: Path) -> Iterator[None]:
    """FOLDER locked for this run (an exclusive flock on the directory itself), or a
    CommandError if another run holds it."""
    try:
        fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    except OSError as error:
        raise CommandError(f"Cannot open {root}: {error}") from error
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            busy = f"Another backup_all is writing into {root}: nothing done."
            raise CommandError(busy) from None
        yield
    finally:
        os.close(fd)  # and the lock with it


def partial_folders(root: Path) -> list[Path]:
    return [path for path in root.iterdir() if path.is_dir() and path.name.startswith(PARTIAL)]


def dated_folders(root: Path) -> list[Path]:
    return [path for path in root.iterdir() if path.is_dir() and DATED.fullmatch(path.name)]


def _pg_dump(file: Path) -> str | None:
    """The database dumped into `file` by pg_dump, or why not."""
    if connection.vendor != "postgresql":
        return f"the database is {connection.vendor}, not PostgreSQL"
    program = shutil.which("pg_dump")
    if program is None:
        return "pg_dump is not installed (Debian: apt-get install postgresql-client)"
    database = connection.settings_dict
    command = [program, "--format=custom", f"--file={file}", f"--dbname={database['NAME']}"]
    for option, setting in (("--host", "HOST"), ("--port", "PORT"), ("--username", "USER")):
        if database.get(setting):
            command.append(f"{option}={database[setting]}")
    env = {**os.environ, "PGPASSWORD": database["PASSWORD"]} if database.get("PASSWORD") else None
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=3600)
    if done.returncode != 0:
        raise CommandError(f"Backup failed, nothing kept: pg_dump said {done.stderr.strip()}")
    return None
