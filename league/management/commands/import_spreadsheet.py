"""`manage.py import_spreadsheet <roster.csv|.xlsx> [--results <past.csv|.xlsx>] --name ...
--ruleset ... --organiser <username>`:
a league brought in from the spreadsheet it was run in (docs/importing.md), as the page
"Bring a league you already run" does: it prints what would be made, or every row it cannot
take, and writes only with --yes."""

from __future__ import annotations

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from league.models import ruleset_choices
from league.spreadsheet.roster import read_capped
from league.spreadsheet.workbook import spreadsheet_files
from rules.championship import championship_for

from ...services.spreadsheet import league_import_spreadsheet, spreadsheet_read


class Command(BaseCommand):
    help = (
        "Preview a league made from its roster spreadsheet (CSV or XLSX, docs/importing.md); with "
        "--yes, make it."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("roster", help="The roster file (CSV or XLSX).")
        parser.add_argument("--results", default="", help="The past seasons file (CSV or XLSX).")
        parser.add_argument("--name", required=True, help="The new league's name.")
        parser.add_argument(
            "--ruleset", required=True, choices=[name for name, _title in ruleset_choices()]
        )
        parser.add_argument("--organiser", required=True, help="The organiser's username.")
        parser.add_argument("--yes", action="store_true", help="Make the league (else preview).")

    def handle(
        self, *args, roster: str, results: str, name: str, ruleset: str, organiser: str, **options
    ):
        try:
            user = get_user_model().objects.get(username=organiser)
        except get_user_model().DoesNotExist:
            raise CommandError(f"No account is called {organiser!r}.") from None
        files = spreadsheet_files(
            _read(roster),
            _read(results) if results else b"",
            roster_name=roster,
            results_name=results,
        )
        data, past_data = files.roster, files.results
        rules = championship_for(ruleset)
        read, past = spreadsheet_read(rules, data, past_data)
        problems = files.messages or read.messages + past.messages
        if problems:
            raise CommandError("Nothing was made: the files have problems.\n" + "\n".join(problems))
        self.stdout.write(f"{name}, a {rules.title} league:")
        for team in read.teams:
            self.stdout.write(f"  {team.name}")
            for driver in team.drivers:
                self.stdout.write(f"    {_line(driver, rules)}")
        for season in past.seasons:
            state = "over" if season.ended else "races on"
            self.stdout.write(
                f"  Season {season.number} ({state}): {season.raced} of {len(season.rounds)} "
                "rounds with results, brought in"
            )
        if not options["yes"]:
            self.stdout.write("Nothing was made: run again with --yes to make it.")
            return
        try:
            league = league_import_spreadsheet(
                organiser=user,
                name=name,
                ruleset=ruleset,
                roster=data,
                results=past_data,
                file_name=Path(roster).name,
            )
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        self.stdout.write(self.style.SUCCESS(f'Made "{league}" at /{league.slug}/ from {roster}.'))


def _read(path: str) -> bytes | None:
    try:
        with Path(path).open("rb") as stream:
            return read_capped(stream)
    except OSError as error:
        raise CommandError(f"Cannot read {path}: {error}") from error


def _line(driver, rules) -> str:
    parts = [driver.name]
    if rules.careers:
        parts.append(
            f"age {driver.age}, {driver.xp} XP ({driver.level}), {driver.prior_injuries} prior "
            f"injuries, misses {driver.races_to_miss}"
        )
    parts.append(driver.status_word)
    if driver.home_track:
        parts.append(f"home track {driver.home_track}")
    return " · ".join(parts)
