"""`manage.py import_league <file>`: a league written by export_league, back into this database.

The file is read a piece at a time, however large (the restore page takes files of up to
PADDOCK_RESTORE_MOST_BYTES; a larger one is imported here), and checked as the restore page
checks it. A file of an unknown format version, one whose league's address is taken here, or
one with a row the site could not show is refused with the reason, and nothing is written."""

from __future__ import annotations

import sys
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import IO

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from league import backup


class Command(BaseCommand):
    help = (
        "Read a league backup written by export_league into this database, under new ids "
        "beside its other leagues. '-' reads standard input."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="The backup to read ('-': standard input).")

    def handle(self, *args, file: str, **options) -> None:
        try:
            with _opened(file) as stream:
                imported = backup.league_import(stream)
        except OSError as error:
            raise CommandError(f"Cannot read {file}: {error}") from error
        except ValidationError as error:
            raise CommandError(f"Cannot read {file}: {' '.join(error.messages)}") from error
        league = imported.league
        self.stdout.write(
            self.style.SUCCESS(f'Imported "{league}" at /{league.slug}/ from {file}.')
        )
        for track, restored in imported.tracks_kept_apart:
            self.stdout.write(
                f"{track} here has other weather or another map number than the file's: the "
                f"league races on its own, imported as {restored}."
            )


def _opened(file: str) -> AbstractContextManager[IO[bytes]]:
    return nullcontext(sys.stdin.buffer) if file == "-" else Path(file).open("rb")
