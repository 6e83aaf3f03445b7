"""`manage.py import_spreadsheet <roster.csv> --name ... --ruleset ... --organiser <username>`:
a league brought in from the spreadsheet it was run in (docs/importing.md), as the page
"Bring a league you already run" does: it prints what would be made, or every row it cannot
take, and writes only with --yes."""

from __future__ import annotations

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from league.models import ruleset_choices
from league.spreadsheet import read_roster
from league.spreadsheet.roster import read_capped
from rules.championship import championship_for

from ...services.spreadsheet import league_import_spreadsheet, spreadsheet_tracks


class Command(BaseCommand):
    help = (
        "Preview a league made from its roster spreadsheet (CSV, docs/importing.md); with "
        "--yes, make it."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("roster", help="The roster file (CSV).")
        parser.add_argument("--name", required=True, help="The new league's name.")
        parser.add_argument(
            "--ruleset", required=True, choices=[name for name, _title in ruleset_choices()]
        )
        parser.add_argument("--organiser", required=True, help="The organiser's username.")
        parser.add_argument("--yes", action="store_true", help="Make the league (else preview).")

    def handle(self, *args, roster: str, name: str, ruleset: str, organiser: str, **options):
        try:
            user = get_user_model().objects.get(username=organiser)
        except get_user_model().DoesNotExist:
            raise CommandError(f"No account is called {organiser!r}.") from None
        try:
            with Path(roster).open("rb") as stream:
                data = read_capped(stream)
        except OSError as error:
            raise CommandError(f"Cannot read {roster}: {error}") from error
        rules = championship_for(ruleset)
        read = read_roster(data, rules=rules, tracks=spreadsheet_tracks(rules))
        if read.problems:
            raise CommandError(
                f"Nothing was made: {roster} has problems.\n" + "\n".join(read.messages)
            )
        self.stdout.write(f"{name}, a {rules.title} league:")
        for team in read.teams:
            self.stdout.write(f"  {team.name}")
            for driver in team.drivers:
                self.stdout.write(f"    {_line(driver, rules)}")
        if not options["yes"]:
            self.stdout.write("Nothing was made: run again with --yes to make it.")
            return
        try:
            league = league_import_spreadsheet(
                organiser=user, name=name, ruleset=ruleset, roster=data, file_name=Path(roster).name
            )
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        self.stdout.write(self.style.SUCCESS(f'Made "{league}" at /{league.slug}/ from {roster}.'))


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
