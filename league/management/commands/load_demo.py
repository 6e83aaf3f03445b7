"""`manage.py load_demo`: a Season Pass league, an RBB championship, a Mini's series and a
Formula... Death! league, each part-way through its first season.

Everything is written through league/services.py, so the demo obeys the same rules as a real
league; the results, injury rolls and lap leaders are fixed, so every run builds the same tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from league.models import Driver, League, Role, Season, Track
from league.services.results import EntryOutcome

from ...services.drivers import driver_hire, driver_home_track_set
from ...services.leagues import league_create, league_publish_set
from ...services.members import member_add
from ...services.results import round_result_record
from ...services.seasons import season_open
from ...services.starts import round_start
from ...services.teams import team_colour_set, team_create
from ...services.tracks import track_create

LEAGUE_NAME = "Paddock Demo League"
PASSWORD = "paddock-demo"
ORGANISER = "organiser"
REFEREE = "referee"
TEAM_OWNER = "owner"  # of the first team
PRESET = "Spring"
ROUNDS_PLAYED = 4

TEAMS: dict[str, tuple[str, ...]] = {
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

# Each team in the colour its cars are named after (a car named after a colour is drawn in it).
TEAM_COLOURS: dict[str, str] = {
    "Scuderia Spaghetti": "vermillion",
    "Boxbox Racing": "orange",
    "Chicane Chancers": "green",
    "Slipstream Sisters": "purple",
}

# Rookies hired before a round, when a team is short of uninjured drivers.
HIRES: dict[int, tuple[tuple[str, str], ...]] = {3: (("Slipstream Sisters", "Rita Revs"),)}


@dataclass(frozen=True)
class Out:
    """A car out of the race, and the black-die rolls of its injury check."""

    reason: str  # how the car went out: one of its rule set's ways out
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

# --- The RBB championship: five teams of two, eight races on the organiser's tracks ----------

RBB_NAME = "Paddock RBB Championship"
RBB_ROUNDS_PLAYED = 3

RBB_TEAMS: dict[str, tuple[str, ...]] = {
    "Brake Late Bros": ("Axel Grease", "Clutch Cargo"),
    "Redline Rascals": ("Rev Limiter", "Torque Wrench"),
    "Apex Predators": ("Kerb Appeal", "Late Braker"),
    "Gravel Trappers": ("Sandy Trapp", "Barry Rier"),
    "Pit Wall Pals": ("Lolly Pop", "Jack Stand"),
}

# The season's tracks in race order, with their numbers on the track list.
RBB_TRACKS: tuple[tuple[str, int], ...] = (
    ("Monaco", 1),
    ("Spa-Francorchamps", 4),
    ("Monza", 8),
    ("Silverstone", 12),
    ("Montreal", 13),
    ("Suzuka", 19),
    ("Melbourne", 20),
    ("Budapest", 21),
)

# A racer's home track: 2 bonus tyre WP when racing there (set before the season's first race).
RBB_HOME_TRACKS: dict[str, str] = {
    "Axel Grease": "Monaco",
    "Kerb Appeal": "Spa-Francorchamps",
    "Rev Limiter": "Monza",
    "Lolly Pop": "Silverstone",
    "Sandy Trapp": "Suzuka",
}

# Round by round, the racers in finishing order; every racer starts every race, car = number.
RBB_RESULTS: dict[int, tuple[tuple[str, Result], ...]] = {
    1: (
        ("Axel Grease", 1),  # at home in Monaco
        ("Kerb Appeal", 2),
        ("Rev Limiter", 3),
        ("Lolly Pop", 4),
        ("Clutch Cargo", 5),
        ("Sandy Trapp", 6),
        ("Torque Wrench", 7),
        ("Jack Stand", 8),
        ("Late Braker", Out("blocked", "31", rolls=())),
        ("Barry Rier", Out("tires", "18", rolls=())),
    ),
    2: (
        ("Kerb Appeal", 1),  # at home at Spa
        ("Axel Grease", 2),
        ("Late Braker", 3),
        ("Rev Limiter", 4),
        ("Barry Rier", 5),
        ("Lolly Pop", 6),
        ("Torque Wrench", 7),
        ("Sandy Trapp", 8),
        ("Clutch Cargo", 9),
        ("Jack Stand", Out("engine", "40.5", rolls=())),
    ),
    3: (
        ("Rev Limiter", 1),  # at home at Monza
        ("Axel Grease", 2),
        ("Kerb Appeal", 3),
        ("Torque Wrench", 4),
        ("Jack Stand", 5),
        ("Lolly Pop", 6),
        ("Clutch Cargo", 7),
        ("Barry Rier", 8),
        ("Sandy Trapp", Out("body", "44", rolls=())),
        ("Late Braker", Out("tires", "12", rolls=())),
    ),
}

# --- Mini's series: four constructors of two, the document's eight races on two courses -----

MINI_NAME = "Paddock Mini Series"
MINI_PRESET = "Mini's series"
MINI_ROUNDS_PLAYED = 3

MINI_TEAMS: dict[str, tuple[str, ...]] = {
    "Cooper Troopers": ("Minnie Driver", "Austin Powers"),
    "Tiny Tyres": ("Pocket Rocket", "Shorty Shifter"),
    "Bumper Cars": ("Dinky Dash", "Wee Willie"),
    "Small Wonders": ("Bitsy Boost", "Nippy Nell"),
}

# Round by round, the cars in finishing order and the laps each car led (the last lap earns
# no point: rounds 1 and 3 are three laps, round 2 two): a point per lap led, on top of the place.
MINI_RESULTS: dict[int, tuple[tuple[str, Result, int], ...]] = {
    1: (
        ("Minnie Driver", 1, 1),
        ("Pocket Rocket", 2, 1),
        ("Dinky Dash", 3, 0),
        ("Bitsy Boost", 4, 0),
        ("Austin Powers", 5, 0),
        ("Nippy Nell", 6, 0),
        ("Shorty Shifter", 7, 0),
        ("Wee Willie", Out("mini_pool", "35", rolls=()), 0),
    ),
    2: (
        ("Pocket Rocket", 1, 0),
        ("Bitsy Boost", 2, 1),
        ("Minnie Driver", 3, 0),
        ("Wee Willie", 4, 0),
        ("Shorty Shifter", 5, 0),
        ("Dinky Dash", 6, 0),
        ("Austin Powers", Out("mini_block", "20", rolls=()), 0),
        ("Nippy Nell", Out("mini_pool", "14.5", rolls=()), 0),
    ),
    3: (
        ("Dinky Dash", 1, 1),
        ("Minnie Driver", 2, 0),
        ("Pocket Rocket", 3, 1),
        ("Nippy Nell", 4, 0),
        ("Bitsy Boost", 5, 0),
        ("Austin Powers", 6, 0),
        ("Wee Willie", 7, 0),
        ("Shorty Shifter", 8, 0),
    ),
}


# --- Formula... Death!: one car a player, four tracks, two races run ----------------------

DEATH_NAME = "Paddock Death Race"
DEATH_ROUNDS_PLAYED = 2

# One car a player: a team of one each.
DEATH_TEAMS: dict[str, tuple[str, ...]] = {
    "Road Warriors": ("Max Carnage",),
    "Chrome Reapers": ("Vera Violence",),
    "Scrap Kings": ("Rusty Bolt",),
    "Night Riders": ("Dee Struction",),
    "Wasteland Wheels": ("Ash Phalt",),
}

DEATH_TRACKS: tuple[tuple[str, int], ...] = (
    ("Monaco", 1),
    ("Monza", 8),
    ("Spa-Francorchamps", 4),
    ("Suzuka", 19),
)

# Round by round, the cars in finishing order; a car destroyed (damaged after spinning out)
# is out where it was wrecked.
DEATH_RESULTS: dict[int, tuple[tuple[str, Result], ...]] = {
    1: (
        ("Vera Violence", 1),
        ("Max Carnage", 2),
        ("Ash Phalt", 3),
        ("Rusty Bolt", 4),
        ("Dee Struction", Out("destroyed", "22", rolls=())),
    ),
    2: (
        ("Max Carnage", 1),
        ("Dee Struction", 2),
        ("Vera Violence", 3),
        ("Rusty Bolt", Out("destroyed", "30.5", rolls=())),
        ("Ash Phalt", Out("destroyed", "12", rolls=())),
    ),
}


class Command(BaseCommand):
    help = (
        f'Build the "{LEAGUE_NAME}" (Season Pass: four teams, season 1 on the {PRESET} schedule '
        f'with rounds 1-{ROUNDS_PLAYED} raced), the "{RBB_NAME}" (five teams of two, races '
        f'1-{RBB_ROUNDS_PLAYED} of 8 raced), the "{MINI_NAME}" (races 1-{MINI_ROUNDS_PLAYED} '
        f'of 8 raced) and the "{DEATH_NAME}" (five cars, races 1-{DEATH_ROUNDS_PLAYED} of 4 '
        f"raced). Users '{ORGANISER}', '{REFEREE}' (of each) and '{TEAM_OWNER}' (of "
        f"{next(iter(TEAMS))} in the first), password '{PASSWORD}'. A league that exists "
        "already is left as it is."
    )

    def handle(self, *args, **options) -> None:
        if not settings.PADDOCK_DEMO_ALLOWED:
            raise CommandError(
                "The demo league, with its public passwords, is for development only: "
                "run it with DJANGO_SETTINGS_MODULE=config.settings.local (as `make run` does)."
            )
        builds = (
            (LEAGUE_NAME, self._build, ROUNDS_PLAYED),
            (RBB_NAME, self._build_rbb, RBB_ROUNDS_PLAYED),
            (MINI_NAME, self._build_mini, MINI_ROUNDS_PLAYED),
            (DEATH_NAME, self._build_death, DEATH_ROUNDS_PLAYED),
        )
        for name, build, played in builds:
            if League.objects.filter(name=name).exists():
                self.stdout.write(f'"{name}" already exists: nothing changed.')
                continue
            with transaction.atomic():
                league = build()
            self.stdout.write(
                self.style.SUCCESS(f'Built "{league}": season 1 with rounds 1-{played} raced.')
            )
        self.stdout.write(
            f"Log in as {ORGANISER}, {REFEREE} or {TEAM_OWNER} (of {next(iter(TEAMS))}), "
            f"password {PASSWORD}."
        )

    def _build(self) -> League:
        league = self._league(LEAGUE_NAME, "season_pass", TEAMS)
        owner = self._user(TEAM_OWNER, superuser=False)
        member_add(
            league=league,
            user=owner,
            role=Role.TEAM_OWNER,
            team=league.teams.get(name=next(iter(TEAMS))),
        )
        season = season_open(league=league, preset=PRESET)
        for number, results in RESULTS.items():
            for team_name, driver_name in HIRES.get(number, ()):
                driver_hire(team=league.teams.get(name=team_name), name=driver_name)
            self._race(league, season, number, [(name, CARS[name], r) for name, r in results])
        return league

    def _build_rbb(self) -> League:
        league = self._league(RBB_NAME, "rbb", RBB_TEAMS)
        tracks = {name: _track(name, number) for name, number in RBB_TRACKS}
        for driver_name, track_name in RBB_HOME_TRACKS.items():
            driver_home_track_set(
                driver=Driver.objects.get(team__league=league, name=driver_name),
                track=tracks[track_name],
            )
        season = season_open(league=league, tracks=list(tracks.values()))
        cars = _numbered(RBB_TEAMS)
        for number, results in RBB_RESULTS.items():
            self._race(league, season, number, [(name, cars[name], r) for name, r in results])
        return league

    def _build_mini(self) -> League:
        league = self._league(MINI_NAME, "mini", MINI_TEAMS)
        season = season_open(league=league, preset=MINI_PRESET)
        cars = _numbered(MINI_TEAMS)
        for number, results in MINI_RESULTS.items():
            self._race(
                league,
                season,
                number,
                [(name, cars[name], result) for name, result, _laps in results],
                bonus_points={name: laps_led for name, _result, laps_led in results},
            )
        return league

    def _build_death(self) -> League:
        league = self._league(DEATH_NAME, "death", DEATH_TEAMS)
        tracks = [_track(name, number) for name, number in DEATH_TRACKS]
        season = season_open(league=league, tracks=tracks)
        cars = _numbered(DEATH_TEAMS)
        for number, results in DEATH_RESULTS.items():
            self._race(league, season, number, [(name, cars[name], r) for name, r in results])
        return league

    def _league(self, name: str, ruleset: str, teams: dict[str, tuple[str, ...]]) -> League:
        organiser = self._user(ORGANISER, superuser=True)
        referee = self._user(REFEREE, superuser=False)
        league = league_create(name=name, organiser=organiser, ruleset=ruleset, plain_address=True)
        member_add(league=league, user=referee, role=Role.REFEREE)
        for team_name, driver_names in teams.items():
            team = team_create(league=league, name=team_name, driver_names=driver_names)
            colour = TEAM_COLOURS.get(team_name, team.colour)
            if colour != team.colour:
                team_colour_set(team=team, colour=colour)
        # Published, as the README's five minutes begin: a visitor opens the site and picks one.
        league_publish_set(league=league, published=True)
        return league

    def _user(self, username: str, *, superuser: bool):
        user_model = get_user_model()
        user = user_model.objects.filter(username=username).first()
        if user is not None:
            return user
        if superuser:
            return user_model.objects.create_superuser(username=username, password=PASSWORD)
        return user_model.objects.create_user(username=username, password=PASSWORD)

    def _race(
        self,
        league: League,
        season: Season,
        number: int,
        results: list[tuple[str, str, Result]],
        bonus_points: dict[str, int] | None = None,
    ) -> None:
        """Start round `number` with `results`' (driver, car, result) and record the result;
        `bonus_points`: points earned beyond the place, by driver (Mini's laps led)."""
        drivers = {driver.name: driver for driver in Driver.objects.filter(team__league=league)}
        round_ = season.rounds.get(number=number)
        entries = round_start(
            round_=round_, starters=[(drivers[name], car) for name, car, _ in results]
        )
        bonus = bonus_points or {}
        pairs = list(zip(entries, results, strict=True))
        round_result_record(
            round_=round_,
            outcomes=[
                _outcome(entry.pk, result, bonus.get(name, 0)) for entry, (name, _, result) in pairs
            ],
            injury_rolls={
                entry.pk: result.rolls
                for entry, (_, _, result) in pairs
                if isinstance(result, Out) and result.rolls
            },
        )


def _track(name: str, number: int) -> Track:
    """The track of that name on the list, added if it is not there yet."""
    track = Track.objects.filter(name__iexact=name).first()
    return track or track_create(name=name, number=number)


def _numbered(teams: dict[str, tuple[str, ...]]) -> dict[str, str]:
    """Each driver's car, numbered down the teams: "#1" and "#2" for the first team's two."""
    drivers = [name for names in teams.values() for name in names]
    return {name: f"#{number}" for number, name in enumerate(drivers, start=1)}


def _outcome(entry_id: int, result: Result, bonus_points: int = 0) -> EntryOutcome:
    if isinstance(result, Out):
        return EntryOutcome(
            entry_id=entry_id,
            finished=False,
            out_reason=result.reason,
            distance=Decimal(result.distance),
            overshoot=result.overshoot,
            damage=result.damage,
            bonus_points=bonus_points,
        )
    return EntryOutcome(entry_id=entry_id, finished=True, place=result, bonus_points=bonus_points)
