"""`manage.py export_league <slug> <file>`: a whole league to one JSON file (league/backup/)."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from league import backup
from league.models import League


class Command(BaseCommand):
    help = (
        "Write a whole league (seasons, teams, drivers, results, races at the table and their "
        "logs) to one JSON file that import_league reads back. '-' writes to standard output."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("slug", help="The league's address, as in /<slug>/.")
        parser.add_argument("file", help="Where to write the backup ('-': standard output).")

    def handle(self, *args, slug: str, file: str, **options) -> None:
        league = League.objects.filter(slug=slug).first()
        if league is None:
            raise CommandError(f"No league at the address {slug!r}.")
        text = backup.league_file(league)
        if file == "-":
            self.stdout.write(text)
            return
        Path(file).write_text(text, encoding="utf-8")
        self.stderr.write(self.style.SUCCESS(f'Wrote "{league}" to {file}.'))
