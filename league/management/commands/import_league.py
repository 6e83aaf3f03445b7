"""`manage.py import_league <file>`: a league written by export_league, back into this database.

A file of an unknown format version, or one whose league's address is taken here, is refused
with the reason, and nothing is written."""

from __future__ import annotations

import sys
from pathlib import Path

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
            raw = sys.stdin.buffer.read() if file == "-" else Path(file).read_bytes()
        except OSError as error:
            raise CommandError(f"Cannot read {file}: {error}") from error
        try:
            data = backup.parsed(raw)
        except ValidationError as error:
            raise CommandError(f"Cannot read {file}: {' '.join(error.messages)}") from error
        try:
            league = backup.league_import(data)
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        self.stdout.write(
            self.style.SUCCESS(f'Imported "{league}" at /{league.slug}/ from {file}.')
        )
