"""`manage.py load_demo`: a Season Pass league part-way through its first season.

Everything is written through league/services.py, so the demo obeys the same rules as a real
league; the results and injury rolls are fixed, so every run builds the same table.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from league import services
from league.models import Driver, League, Role, Season
from league.services import EntryOutcome

LEAGUE_NAME = "Paddock Demo League"
PASSWORD = "paddock-demo"
ORGANISER = "organiser"
REFEREE = "referee"
TEAM_OWNER = "owner"  # of the first team
PRESET = "Spring"
ROUNDS_PLAYED = 4

TEAMS: dict[str, tuple[str, str]] = {
    "Scuderia Spaghetti": ("Luigi Lentissimo", "Enzo Espresso"),
    "Boxbox Racing": ("Pitt Stoppard", "Tyra Wear"),
    "Chicane Chancers": ("Skid Row", "Dusty Apex"),
    "Slipstream Sisters": ("Polly Position", "Gertie Gearbox"),
}

CARS: dict[str, str] = {
    "Luigi Lentissimo": "red #1",
    "Enzo Espresso": "red #2",
    "Pitt Stoppard": "orange #3",
    "Tyra Wear": "orange #4",
    "Skid Row": "green #5",
    "Dusty Apex": "green #6",
    "Polly Position": "purple #7",
    "Gertie Gearbox": "purple #8",
    "Rita Revs": "purple #9",
}

# Rookies hired before a round, when a team is short of uninjured drivers.
HIRES: dict[int, tuple[tuple[str, str], ...]] = {3: (("Slipstream Sisters", "Rita Revs"),)}


@dataclass(frozen=True)
class Out:
    """A car out of the race, and the black-die rolls of its injury check."""

    reason: str  # how the car went out: a Season Pass way out
    distance: str
    rolls: tuple[int, ...]
    overshoot: int | None = None
    damage: int | None = None


Result = int | Out  # a finishing place, or how the car went out

# Round by round, the starters in finishing order. Who sits out follows from the injuries:
# Skid Row misses round 2 (severity 1); Pitt and Gertie collide in round 2 and miss rounds 3
# and 4 (severity 2 and 3, Gertie back thanks to the extra week before round 5); Skid Row
# overshoots again in round 4 and will miss rounds 5 and 6.
RESULTS: dict[int, tuple[tuple[str, Result], ...]] = {
    1: (
        ("Polly Position", 1),
        ("Luigi Lentissimo", 2),
        ("Pitt Stoppard", 3),
        ("Dusty Apex", 4),
        ("Enzo Espresso", 5),
        ("Tyra Wear", 6),
        # Overshoot 2: Indigo 9 -> 1.
        ("Skid Row", Out("overshoot", "41.5", rolls=(9,), overshoot=2)),
        # Overshoot 1: Violet 19 -> Safe!
        ("Gertie Gearbox", Out("air_brake", "30", rolls=(19,), overshoot=1)),
    ),
    2: (
        ("Luigi Lentissimo", 1),
        ("Tyra Wear", 2),
        ("Polly Position", 3),
        ("Enzo Espresso", 4),
        ("Dusty Apex", 5),
        # A collision in the Parabolica: Red 12 -> 1 and Black 13 -> 1 for Pitt (damage 3);
        # Red 15 -> Orange, Orange 10 -> 3 for Gertie (damage 2).
        ("Pitt Stoppard", Out("collision", "55", rolls=(12, 13), damage=3)),
        ("Gertie Gearbox", Out("collision", "54.5", rolls=(15, 10), damage=2)),
    ),
    3: (
        ("Enzo Espresso", 1),
        ("Polly Position", 2),
        ("Luigi Lentissimo", 3),
        ("Dusty Apex", 4),
        ("Skid Row", 5),
        ("Tyra Wear", 6),
        ("Rita Revs", 7),
    ),
    4: (
        ("Polly Position", 1),
        ("Luigi Lentissimo", 2),
        ("Dusty Apex", 3),
        ("Tyra Wear", 4),
        ("Enzo Espresso", 5),
        ("Rita Revs", 6),
        # Overshoot 5: Yellow 8 -> 3.
        ("Skid Row", Out("overshoot", "62", rolls=(8,), overshoot=5)),
    ),
}


class Command(BaseCommand):
    help = (
        f'Build the "{LEAGUE_NAME}" (Season Pass): four teams, season 1 on the {PRESET} '
        f"schedule with rounds 1-{ROUNDS_PLAYED} raced. Users '{ORGANISER}', '{REFEREE}' and "
        f"'{TEAM_OWNER}', "
        f"password '{PASSWORD}'. Does nothing if the league exists."
    )

    def handle(self, *args, **options) -> None:
        if not settings.PADDOCK_DEMO_ALLOWED:
            raise CommandError(
                "The demo league, with its public passwords, is for development only: "
                "run it with DJANGO_SETTINGS_MODULE=config.settings.local (as `make run` does)."
            )
        if League.objects.filter(name=LEAGUE_NAME).exists():
            self.stdout.write(f'"{LEAGUE_NAME}" already exists: nothing changed.')
            return
        with transaction.atomic():
            league = self._build()
        self.stdout.write(
            self.style.SUCCESS(
                f'Built "{league}": season 1 with rounds 1-{ROUNDS_PLAYED} raced. '
                f"Log in as {ORGANISER}, {REFEREE} or {TEAM_OWNER} (of {next(iter(TEAMS))}), "
                f"password {PASSWORD}."
            )
        )

    def _build(self) -> League:
        organiser = self._user(ORGANISER, superuser=True)
        referee = self._user(REFEREE, superuser=False)
        league = services.league_create(name=LEAGUE_NAME, organiser=organiser)
        services.member_add(league=league, user=referee, role=Role.REFEREE)
        teams = [
            services.team_create(league=league, name=team_name, driver_names=driver_names)
            for team_name, driver_names in TEAMS.items()
        ]
        owner = self._user(TEAM_OWNER, superuser=False)
        services.member_add(league=league, user=owner, role=Role.TEAM_OWNER, team=teams[0])
        season = services.season_open(league=league, preset=PRESET)
        for number, results in RESULTS.items():
            self._race(league, season, number, results)
        return league

    def _user(self, username: str, *, superuser: bool):
        user_model = get_user_model()
        user = user_model.objects.filter(username=username).first()
        if user is not None:
            self.stdout.write(f"User {username!r} already exists: kept as it is.")
            return user
        if superuser:
            return user_model.objects.create_superuser(username=username, password=PASSWORD)
        return user_model.objects.create_user(username=username, password=PASSWORD)

    def _race(
        self,
        league: League,
        season: Season,
        number: int,
        results: tuple[tuple[str, Result], ...],
    ) -> None:
        for team_name, driver_name in HIRES.get(number, ()):
            services.driver_hire(team=league.teams.get(name=team_name), name=driver_name)
        drivers = {driver.name: driver for driver in Driver.objects.filter(team__league=league)}
        round_ = season.rounds.get(number=number)
        entries = services.round_start(
            round_=round_, starters=[(drivers[name], CARS[name]) for name, _ in results]
        )
        pairs = list(zip(entries, (result for _, result in results), strict=True))
        services.round_result_record(
            round_=round_,
            outcomes=[_outcome(entry.pk, result) for entry, result in pairs],
            injury_rolls={
                entry.pk: result.rolls for entry, result in pairs if isinstance(result, Out)
            },
        )


def _outcome(entry_id: int, result: Result) -> EntryOutcome:
    if isinstance(result, Out):
        return EntryOutcome(
            entry_id=entry_id,
            finished=False,
            out_reason=result.reason,
            distance=Decimal(result.distance),
            overshoot=result.overshoot,
            damage=result.damage,
        )
    return EntryOutcome(entry_id=entry_id, finished=True, place=result)
