"""Every write of the site, made for real: each POST that tests/test_permissions.py's matrix lets
through, sent by an identity allowed to make it, with the post its page makes, in a database
whose transactions commit (pytest-django's ``transaction=True``).

The other tests run inside one transaction that is rolled back at their end, and that hides a
write that only works inside a transaction: `select_for_update()` outside one is an error on
PostgreSQL (publishing a league was a 500 there, and nowhere else). Here every request runs as
in production, in autocommit, so a service that locks without `@transaction.atomic` fails. Each
write must answer without a 5xx and must have written what it says (a check of its own, and
some row changed); a URL that writes and has no line in WRITES fails the coverage test.

It runs on SQLite too: SQLite has no row locks, but the services' lock helpers refuse to run
outside a transaction on any database (`league.services.locked`), so the same mistake fails
here on SQLite as well.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.contrib.sessions.models import Session
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from league import backup
from league.models import (
    Driver,
    Entry,
    Invitation,
    League,
    Membership,
    PointsAdjustment,
    Profile,
    Role,
    Round,
    RoundStatus,
    Season,
    Team,
    Track,
)
from league.models.house_rules import HouseRules
from league.services.leagues import league_create
from league.services.members import member_add
from league.services.penalties import adjustment_add
from league.services.results import round_result_commit
from league.services.seasons import season_open
from league.services.teams import team_create
from league.spreadsheet.preview import Previewed, token_for
from races.models import Race, RaceEvent
from races.models.rulings import Ruling
from races.reads.turn_panel import redo_fields
from races.services.entries import race_undo, race_undo_last
from rules.dice import Die, values
from tests.factories import PASSWORD, TrackFactory, UserFactory
from tests.test_fuzz import (
    World,
    build_rival,
    build_world,
    fingerprint,
    result_post,
    simplest,
    turn_post,
)
from tests.test_permissions import MATRIX, NOT_HERE, NOT_HERE_LOGIN, URLS

pytestmark = pytest.mark.django_db(transaction=True)


@dataclass
class Scene:
    """What a write acts on: the league's world at a stage (tests/test_fuzz.py), or a league of
    another rule set, and whoever the write needs besides its organiser."""

    world: World | None = None
    league: League | None = None
    people: dict[str, Any] = field(default_factory=dict)
    things: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Write:
    name: str  # the URL's name
    scene: Callable[[], Scene]
    url: Callable[[Scene], str]
    post: Callable[[Scene], dict[str, Any]]
    made: Callable[[Scene], bool]  # the write is there, read back from the database
    who: str = "organiser"  # a key of Scene.people, or "anonymous"
    label: str = ""  # which of a URL's writes, where it has several (its buttons)
    # A write to the league moves its data version, which keys its pages' kept parts
    # (league/reads/page_parts.py); signing in, a new league, a new track write to none, and an
    # entry at the table to its race's log only.
    moves_league: bool = True
    # A password reset asked for writes no row: it sends a mail (`made` reads the outbox).
    writes_rows: bool = True

    @property
    def id(self) -> str:
        return f"{self.name}[{self.label}]" if self.label else self.name


# --- Scenes ------------------------------------------------------------------------------------


def stage(name: str) -> Callable[[], Scene]:
    """The fuzz tests' world at `name`, committed, with its organiser, referee and a team
    owner of its first team."""

    def build() -> Scene:
        world = build_world(name, build_rival())
        owner = UserFactory(username="owner")
        member_add(league=world.league, user=owner, role=Role.TEAM_OWNER, team=world.teams[0])
        people = {
            "organiser": world.organiser,
            "referee": world.membership.user,
            "owner": owner,
            "stranger": world.stranger,
        }
        return Scene(world=world, league=world.league, people=people)

    return build


def league_of(ruleset: str, *, season: bool = True) -> Callable[[], Scene]:
    """A league of `ruleset` with two teams of its size and (`season`) its first season open."""

    def build() -> Scene:
        organiser = UserFactory(username="organiser")
        league = league_create(name=f"A {ruleset} league", organiser=organiser, ruleset=ruleset)
        size = league.cars_per_team
        for team in ("Rosso", "Blu"):
            names = [f"{team} {number}" for number in range(1, size + 1)]
            team_create(league=league, name=team, driver_names=names)
        if season:
            season_open(league=league, tracks=[TrackFactory(), TrackFactory()])
        return Scene(league=league, people={"organiser": organiser})

    return build


def round1(scene: Scene) -> Round:
    return Round.objects.select_related("season__league").get(
        season__league=scene.league, season__number=1, number=1
    )


def round_url(name: str) -> Callable[[Scene], str]:
    def url(scene: Scene) -> str:
        return reverse(name, args=[scene.league.slug, 1, 1])

    return url


def slug_url(name: str) -> Callable[[Scene], str]:
    return lambda scene: reverse(name, args=[scene.league.slug])


def team_url(name: str) -> Callable[[Scene], str]:
    return lambda scene: reverse(name, args=[scene.league.slug, scene.world.teams[0].pk])


def driver_url(name: str) -> Callable[[Scene], str]:
    return lambda scene: reverse(name, args=[scene.league.slug, first_driver(scene).pk])


def fresh(model, obj):
    return model.objects.get(pk=obj.pk)


def round_status(scene: Scene) -> str:
    return round1(scene).status


def roster_url(scene: Scene) -> str:
    """The roster changes' address of the league's first driver."""
    return reverse("league:driver_roster", args=[scene.league.slug, first_driver(scene).pk])


def first_driver(scene: Scene) -> Driver:
    return Driver.objects.filter(team__league=scene.league).order_by("pk").first()


def all_starters(scene: Scene, *, cars=("red", "blue", "green", "yellow"), count=4) -> dict:
    """The starters form with the first `count` drivers ticked, in `cars`."""
    post: dict[str, Any] = {"version": round1(scene).version, "start": ""}
    for index, driver in enumerate(scene.world.drivers):
        if index < count:
            post[f"d{driver.pk}-start"] = "on"
        post[f"d{driver.pk}-car"] = cars[index]
    return post


def changed_setup(scene: Scene) -> dict[str, Any]:
    """The season setup's form with one zone moved by one WP from another (the total kept)."""
    season = Season.objects.get(league=scene.league, number=1)
    setup = dict(season.race_setup)
    keys = [number.key for number in scene.league.rules.season_setup]
    first, second = keys[0], keys[1]
    setup[first] += 1
    setup[second] -= 1
    return {**setup, "version": season.setup_version}


def undo_then_post(scene: Scene) -> dict[str, Any]:
    """The race taken back one entry (by the service), then the page's post for that entry."""
    world = scene.world
    race = fresh(Race, world.race)
    race_undo(race=race, expected_version=race.version)
    world.events = len(world.snapshots) - 2
    note(scene)
    post = turn_post(world, simplest)
    post["version"] = fresh(Race, world.race).version
    return post


def undo_then_redo(scene: Scene) -> dict[str, Any]:
    """The race's last entry taken back (by the service), then the bar's Redo of it."""
    world = scene.world
    race = fresh(Race, world.race)
    undone = race_undo_last(race=race, expected_version=race.version)
    world.events = len(world.snapshots) - 2
    note(scene)
    post: dict[str, Any] = {"version": fresh(Race, world.race).version, "redo": ""}
    for name, value in redo_fields(undone.taken):
        post.setdefault(name, []).append(value)
    return post


def logged(scene: Scene) -> int:
    return RaceEvent.objects.filter(race=scene.world.race).count()


def note(scene: Scene) -> dict[str, Any]:
    """Note how many events the race has logged, before the write (and post nothing more)."""
    scene.things["logged"] = logged(scene)
    return {}


def confirmed() -> Scene:
    """Round 1 confirmed (by its referee's commit), the last confirmed round of its season."""
    scene = stage("confirm")()
    round_result_commit(round_=round1(scene))
    return scene


def restore_copy(scene: Scene) -> SimpleUploadedFile:
    data = backup.league_export(scene.league)
    data["tables"]["league.league"][0].update(slug="restored-copy", name="Restored copy")
    raw = json.dumps(data).encode()
    return SimpleUploadedFile("backup.json", raw, "application/json")


def import_token(scene: Scene) -> str:
    """The token of a roster's preview, as the page hands it to its Create button."""
    roster = b"team,driver,age,xp\nRosso,Ann,3,20\nRosso,Bob,2,8\n"
    previewed = Previewed(name="Brought in", ruleset="season_pass", roster=roster, file_name="")
    return token_for(previewed, user_id=scene.world.organiser.pk)


# --- The writes --------------------------------------------------------------------------------

WRITES: tuple[Write, ...] = (
    Write(
        "login",
        stage("fresh"),
        lambda scene: reverse("login"),
        lambda scene: {"username": scene.world.organiser.username, "password": PASSWORD},
        lambda scene: Session.objects.exists(),
        who="anonymous",
        moves_league=False,
    ),
    Write(
        "logout",
        stage("fresh"),
        lambda scene: reverse("logout"),
        lambda scene: {},
        lambda scene: not Session.objects.exists(),
        moves_league=False,
    ),
    Write(
        "set_language",
        stage("fresh"),
        lambda scene: reverse("set_language"),
        lambda scene: {"language": "fr"},
        lambda scene: Profile.objects.filter(language="fr").exists(),
        moves_league=False,
    ),
    Write(
        "league:signup",
        stage("fresh"),
        lambda scene: reverse("league:signup"),
        lambda scene: {
            "username": "newcomer",
            "password1": "long enough 1",
            "password2": "long enough 1",
        },
        lambda scene: get_user_model().objects.filter(username="newcomer").exists(),
        who="anonymous",
        moves_league=False,
    ),
    Write(
        "password_change",
        stage("fresh"),
        lambda scene: reverse("password_change"),
        lambda scene: {
            "old_password": PASSWORD,
            "new_password1": "a brand new passphrase",
            "new_password2": "a brand new passphrase",
        },
        lambda scene: fresh(get_user_model(), scene.world.organiser).check_password(
            "a brand new passphrase"
        ),
        moves_league=False,
    ),
    Write(
        "password_reset",
        stage("fresh"),
        lambda scene: reverse("password_reset"),
        lambda scene: {"email": scene.world.organiser.email},
        lambda scene: [message.to for message in mail.outbox] == [[scene.world.organiser.email]],
        who="anonymous",
        moves_league=False,
        writes_rows=False,
    ),
    Write(
        "password_reset_confirm",
        stage("fresh"),
        lambda scene: reverse(
            "password_reset_confirm",
            kwargs={
                "uidb64": urlsafe_base64_encode(force_bytes(scene.world.organiser.pk)),
                "token": default_token_generator.make_token(scene.world.organiser),
            },
        ),
        lambda scene: {},
        # The link's token, kept in the session for the form it redirects to.
        lambda scene: Session.objects.exists(),
        who="anonymous",
        moves_league=False,
    ),
    Write(
        "league:account_email",
        stage("fresh"),
        lambda scene: reverse("league:account_email"),
        lambda scene: {"email": "new@example.org"},
        lambda scene: fresh(get_user_model(), scene.world.organiser).email == "new@example.org",
        moves_league=False,
    ),
    Write(
        "league:account_calendar",
        stage("fresh"),
        lambda scene: reverse("league:account_calendar", args=[scene.world.membership.pk]),
        lambda scene: {"calendar": ""},
        lambda scene: bool(fresh(Membership, scene.world.membership).calendar_token),
        who="referee",
        moves_league=False,
    ),
    Write(
        "league:account_delete",
        stage("fresh"),
        lambda scene: reverse("league:account_delete"),
        lambda scene: {"password": PASSWORD},
        lambda scene: not fresh(get_user_model(), scene.people["referee"]).is_active,
        who="referee",
    ),
    Write(
        "league:league_new",
        stage("no_season"),
        lambda scene: reverse("league:league_new"),
        lambda scene: {
            "name": "Sunday Club",
            "ruleset": "season_pass",
            "field_size_rule": "next_larger",
        },
        lambda scene: League.objects.filter(name="Sunday Club").exists(),
        moves_league=False,
    ),
    Write(
        "league:league_restore",
        stage("season_done"),
        lambda scene: reverse("league:league_restore"),
        lambda scene: {"backup": restore_copy(scene)},
        lambda scene: League.objects.filter(name="Restored copy").exists(),
        moves_league=False,
    ),
    Write(
        "league:league_import",
        stage("fresh"),
        lambda scene: reverse("league:league_import"),
        lambda scene: {"token": import_token(scene)},
        lambda scene: Driver.objects.filter(team__league__name="Brought in").count() == 2,
        moves_league=False,
    ),
    Write(
        "league:tracks",
        stage("fresh"),
        lambda scene: reverse("league:tracks"),
        lambda scene: {
            "name": "Zandvoort",
            "number": "31",
            "weather_table": "1-14 sun, 15-20 rain",
        },
        lambda scene: Track.objects.filter(name="Zandvoort").exists(),
        moves_league=False,
    ),
    Write(
        "league:track_edit",
        stage("fresh"),
        lambda scene: reverse("league:track_edit", args=[scene.world.round2.track_id]),
        lambda scene: {
            "name": "Santerno",
            "number": "6",
            "weather_table": "1-20 sun",
            "version": Track.objects.get(pk=scene.world.round2.track_id).version,
        },
        lambda scene: Track.objects.filter(name="Santerno").exists(),
    ),
    Write(
        "league:track_copy",
        stage("fresh"),
        lambda scene: reverse("league:track_copy", args=[scene.world.round2.track_id]),
        lambda scene: {"league": scene.league.pk},
        lambda scene: (
            round1(scene)
            .season.rounds.filter(track__added_by=scene.world.organiser)
            .exclude(track_id=scene.world.round2.track_id)
            .exists()
        ),
    ),
    Write(
        "league:join",
        stage("fresh"),
        lambda scene: reverse("league:join", args=[scene.world.invitation.token]),
        lambda scene: {
            "username": "newcomer",
            "password1": "long enough 1",
            "password2": "long enough 1",
        },
        lambda scene: Membership.objects.filter(user__username="newcomer").exists(),
        who="anonymous",
        label="sign up",
    ),
    Write(
        "league:join",
        stage("fresh"),
        lambda scene: reverse("league:join", args=[scene.world.invitation.token]),
        lambda scene: {},
        lambda scene: Membership.objects.filter(user=scene.world.stranger).exists(),
        who="stranger",
        label="accept",
    ),
    Write(
        "league:league_archive",
        stage("season_done"),
        slug_url("league:league_archive"),
        lambda scene: {"archive": "", "version": fresh(League, scene.league).settings_version},
        lambda scene: fresh(League, scene.league).is_archived,
    ),
    Write(
        "league:league_delete",
        stage("season_done"),
        slug_url("league:league_delete"),
        lambda scene: {"name": scene.league.name},
        lambda scene: not League.objects.filter(pk=scene.league.pk).exists(),
        moves_league=False,  # the league is gone, its version with it
    ),
    Write(
        "league:league_points",
        stage("no_season"),
        slug_url("league:league_points"),
        lambda scene: {
            "table": "10-6-4-3-2-1",
            "version": fresh(League, scene.league).settings_version,
        },
        lambda scene: "10-6-4-3-2-1" in str(fresh(League, scene.league).points_table),
    ),
    Write(
        "league:league_settings",
        stage("race"),
        slug_url("league:league_settings"),
        lambda scene: {
            "gear_odds": "on",
            "field_size_rule": fresh(League, scene.league).settings.get(
                "field_size_rule", "next_larger"
            ),
            "version": fresh(League, scene.league).settings_version,
        },
        lambda scene: (
            fresh(League, scene.league).settings["gear_odds"] is True
            and fresh(League, scene.league).setting_changes.count() == 1
        ),
    ),
    Write(
        "league:league_publish",
        stage("fresh"),
        slug_url("league:league_publish"),
        lambda scene: {"unpublish": "", "version": fresh(League, scene.league).settings_version},
        lambda scene: not fresh(League, scene.league).published,
    ),
    Write(
        "league:league_time_zone",
        stage("fresh"),
        slug_url("league:league_time_zone"),
        lambda scene: {
            "time_zone": "Europe/Paris",
            "version": fresh(League, scene.league).settings_version,
        },
        lambda scene: fresh(League, scene.league).time_zone == "Europe/Paris",
    ),
    Write(
        "league:members",
        stage("fresh"),
        slug_url("league:members"),
        lambda scene: {"role": "referee"},
        lambda scene: scene.league.invitations.count() == 2,
    ),
    Write(
        "league:member",
        stage("fresh"),
        lambda scene: reverse("league:member", args=[scene.league.slug, scene.world.membership.pk]),
        lambda scene: {"role": f"team:{scene.world.teams[1].pk}", "change": ""},
        lambda scene: fresh(Membership, scene.world.membership).role == Role.TEAM_OWNER,
        label="change",
    ),
    Write(
        "league:member",
        stage("fresh"),
        lambda scene: reverse("league:member", args=[scene.league.slug, scene.world.membership.pk]),
        lambda scene: {"remove": ""},
        lambda scene: not Membership.objects.filter(pk=scene.world.membership.pk).exists(),
        label="remove",
    ),
    Write(
        "league:invitation_withdraw",
        stage("fresh"),
        lambda scene: reverse(
            "league:invitation_withdraw", args=[scene.league.slug, scene.world.invitation.pk]
        ),
        lambda scene: {"withdraw": ""},
        lambda scene: not Invitation.objects.filter(pk=scene.world.invitation.pk).exists(),
    ),
    Write(
        "league:team_new",
        stage("fresh"),
        slug_url("league:team_new"),
        lambda scene: {"name": "Green Giants", "driver_1": "Eve", "driver_2": "Fay"},
        lambda scene: Team.objects.filter(name="Green Giants").exists(),
    ),
    Write(
        "league:driver_hire",
        stage("fresh"),
        lambda scene: reverse(
            "league:driver_hire", args=[scene.league.slug, scene.world.teams[0].pk]
        ),
        lambda scene: {"name": "Gil"},
        lambda scene: Driver.objects.filter(name="Gil").exists(),
        who="owner",
    ),
    Write(
        "league:team_rename",
        stage("fresh"),
        lambda scene: reverse(
            "league:team_rename", args=[scene.league.slug, scene.world.teams[0].pk]
        ),
        lambda scene: {"name": "Green Giants"},
        lambda scene: fresh(Team, scene.world.teams[0]).name == "Green Giants",
        who="owner",
    ),
    Write(
        "league:team_colour",
        stage("fresh"),
        lambda scene: reverse(
            "league:team_colour", args=[scene.league.slug, scene.world.teams[0].pk]
        ),
        lambda scene: {"colour": "black"},
        lambda scene: fresh(Team, scene.world.teams[0]).colour == "black",
    ),
    Write(
        "league:driver_home_track",
        league_of("rbb"),
        lambda scene: reverse(
            "league:driver_home_track", args=[scene.league.slug, first_driver(scene).pk]
        ),
        lambda scene: {"home_track": round1(scene).track_id},
        lambda scene: fresh(Driver, first_driver(scene)).home_track_id == round1(scene).track_id,
    ),
    Write(
        "league:driver_card",
        league_of("formula_d"),
        lambda scene: reverse(
            "league:driver_card", args=[scene.league.slug, first_driver(scene).pk]
        ),
        lambda scene: {
            "skill": scene.league.rules.driver_card_skills[0][0],
            "version": first_driver(scene).card_version,
        },
        lambda scene: bool(fresh(Driver, first_driver(scene)).driver_card),
    ),
    Write(
        "league:driver_roster",
        stage("no_season"),
        roster_url,
        lambda scene: {
            "age": 4,
            "xp": 23,
            "prior_injuries": 2,
            "races_to_miss": 3,
            "reason": "Brought in from our spreadsheet",
            "correct": "",
        },
        lambda scene: fresh(Driver, first_driver(scene)).xp == 23,
        label="correct",
    ),
    Write(
        "league:driver_roster",
        stage("no_season"),
        roster_url,
        lambda scene: {"team": scene.world.teams[1].pk, "transfer": ""},
        lambda scene: fresh(Driver, first_driver(scene)).team_id == scene.world.teams[1].pk,
        label="transfer",
    ),
    Write(
        "league:driver_roster",
        stage("no_season"),
        roster_url,
        lambda scene: {"reason": "Moved abroad", "retire": ""},
        lambda scene: fresh(Driver, first_driver(scene)).status == "retired",
        label="retire",
    ),
    Write(
        "league:season_new",
        stage("no_season"),
        slug_url("league:season_new"),
        lambda scene: {"preset": "Spring", "number": "1"},
        lambda scene: Season.objects.filter(league=scene.league, number=1).exists(),
    ),
    Write(
        "league:season_setup",
        league_of("rbb"),
        lambda scene: reverse("league:season_setup", args=[scene.league.slug, 1]),
        lambda scene: changed_setup(scene),
        lambda scene: Season.objects.get(league=scene.league, number=1).setup_version == 1,
    ),
    Write(
        "league:season_rules",
        league_of("formula_d"),
        lambda scene: reverse("league:season_rules", args=[scene.league.slug, 1]),
        lambda scene: {
            "ruleset": "death",
            "race_1": round1(scene).track_id,
            "version": Season.objects.get(league=scene.league, number=1).setup_version,
        },
        lambda scene: Season.objects.get(league=scene.league, number=1).ruleset == "death",
    ),
    Write(
        "league:season_adjustments",
        stage("season_done"),
        lambda scene: reverse("league:season_adjustments", args=[scene.league.slug, 1]),
        lambda scene: {
            "competitor": f"driver:{scene.world.drivers[0].pk}",
            "round": "1",
            "points": "-3",
            "reason": "Contact in the first corner",
            "version": "0",
            "add": "",
        },
        lambda scene: PointsAdjustment.objects.filter(
            season__league=scene.league, points=-3, round__number=1
        ).exists(),
        label="add",
    ),
    Write(
        "league:season_adjustments",
        stage("season_done"),
        lambda scene: reverse("league:season_adjustments", args=[scene.league.slug, 1]),
        lambda scene: {
            "remove": str(
                adjustment_add(
                    season=Season.objects.get(league=scene.league, number=1),
                    user=scene.people["organiser"],
                    expected_version=0,
                    points=2,
                    reason="A bonus given by mistake",
                    team_id=scene.world.teams[0].pk,
                ).pk
            ),
            "version": "1",
        },
        lambda scene: not PointsAdjustment.objects.filter(season__league=scene.league).exists(),
        label="remove",
    ),
    Write(
        "league:season_adjustments",
        stage("season_done"),
        lambda scene: reverse("league:season_adjustments", args=[scene.league.slug, 1]),
        lambda scene: {"rule": "worst", "number": "1", "version": "0", "drops": ""},
        lambda scene: Season.objects.get(league=scene.league, number=1).drop_rule == "worst",
        label="drops",
    ),
    Write(
        "league:season_end",
        stage("season_done"),
        lambda scene: reverse("league:season_end", args=[scene.league.slug, 1]),
        lambda scene: {},
        lambda scene: Season.objects.get(league=scene.league, number=1).is_ended,
    ),
    Write(
        "league:round_start",
        stage("fresh"),
        round_url("league:round_start"),
        lambda scene: all_starters(scene),
        lambda scene: round_status(scene) == RoundStatus.STARTED,
        who="referee",
    ),
    Write(
        "league:round_hire",
        stage("fresh"),
        round_url("league:round_hire"),
        lambda scene: {"team": scene.world.teams[0].pk, "name": "Gil", "hire": ""},
        lambda scene: Driver.objects.filter(name="Gil").exists(),
    ),
    Write(
        "league:round_choose",
        stage("fresh"),
        round_url("league:round_choose"),
        lambda scene: {**all_starters(scene), "team": scene.world.teams[0].pk, "choose": ""},
        lambda scene: round1(scene).starter_choices.exists(),
        who="owner",
    ),
    Write(
        "league:round_result",
        stage("by_hand"),
        round_url("league:round_result"),
        lambda scene: result_post(scene.world, simplest),
        lambda scene: Entry.objects.filter(round=round1(scene), place__isnull=False).exists(),
        who="referee",
    ),
    Write(
        "league:round_format",
        league_of("mini"),
        round_url("league:round_format"),
        lambda scene: {
            "race_format": scene.league.rules.race_formats[-1][0],
            "version": round1(scene).version,
        },
        lambda scene: round1(scene).race_format == scene.league.rules.race_formats[-1][0],
    ),
    Write(
        "league:round_session",
        stage("fresh"),
        round_url("league:round_session"),
        lambda scene: {
            "date": "2026-12-03",
            "time": "19:30",
            "venue": "The club",
            "version": round1(scene).version,
        },
        lambda scene: round1(scene).venue == "The club",
    ),
    Write(
        "league:round_race_options",
        league_of("formula_d"),
        round_url("league:round_race_options"),
        lambda scene: {"weather": "on", "version": round1(scene).version},
        lambda scene: round1(scene).race_options.get("weather") is True,
    ),
    Write(
        "league:round_injury_roll",
        stage("injuries"),
        round_url("league:round_injury_roll"),
        lambda scene: {
            "version": scene.world.version,
            "entry": scene.world.pending.pk,
            "value": values(Die.BLACK)[-1],
        },
        lambda scene: bool(fresh(Entry, scene.world.pending).injury_rolls),
        who="referee",
    ),
    Write(
        "league:round_commit",
        stage("confirm"),
        round_url("league:round_commit"),
        lambda scene: {"version": scene.world.version, "commit": ""},
        lambda scene: round_status(scene) == RoundStatus.FINISHED,
        who="referee",
    ),
    Write(
        "league:round_table",
        stage("fresh"),
        round_url("league:round_table"),
        lambda scene: all_starters(scene, cars=("red", "blue", "green", "yellow")),
        lambda scene: Race.objects.filter(round=scene.world.round1).exists(),
        who="referee",
        label="start",
    ),
    Write(
        "league:round_table",
        stage("by_hand"),
        round_url("league:round_table"),
        lambda scene: {"version": scene.world.version, "take_over": ""},
        lambda scene: Race.objects.filter(round=scene.world.round1).exists(),
        who="referee",
        label="take over",
    ),
    Write(
        "league:round_hire",
        stage("fresh"),
        round_url("league:round_hire"),
        lambda scene: {"team": scene.world.teams[1].pk, "name": "Gil", "hire": "", "back": "table"},
        lambda scene: Driver.objects.filter(name="Gil").exists(),
        label="at the table",
    ),
    Write(
        "league:round_by_hand",
        stage("race"),
        round_url("league:round_by_hand"),
        lambda scene: {
            "version": round1(scene).version,
            "race_version": fresh(Race, scene.world.race).version,
            "discard": "",
        },
        lambda scene: not Race.objects.filter(pk=scene.world.race.pk).exists(),
        who="referee",
    ),
    Write(
        "league:round_starters",
        stage("by_hand"),
        round_url("league:round_starters"),
        lambda scene: {**all_starters(scene, count=3), "change": ""},
        lambda scene: round1(scene).entries.count() == 3,
        who="referee",
        label="change",
    ),
    Write(
        "league:round_starters",
        stage("by_hand"),
        round_url("league:round_starters"),
        lambda scene: {"version": scene.world.version, "cancel": ""},
        lambda scene: round_status(scene) == RoundStatus.SCHEDULED,
        who="referee",
        label="cancel",
    ),
    Write(
        "league:round_reopen",
        confirmed,
        round_url("league:round_reopen"),
        lambda scene: {"version": round1(scene).version, "reopen": ""},
        lambda scene: not round1(scene).is_finished,
        who="referee",
    ),
    Write(
        "league:house_rules_edit",
        stage("fresh"),
        slug_url("league:house_rules_edit"),
        lambda scene: {"text": "# Pit lane\n\nNo overtaking.", "save": "", "version": 0},
        lambda scene: HouseRules.objects.filter(league=scene.league, version=1).exists(),
    ),
    Write(
        "races:ruling_new",
        stage("race"),
        lambda scene: reverse("races:ruling_new", args=[scene.world.race.pk]),
        lambda scene: {"text": "Agreed.", "version": fresh(Race, scene.world.race).version},
        lambda scene: Ruling.objects.filter(race=scene.world.race, text="Agreed.").exists(),
        who="referee",
    ),
    Write(
        "races:turn",
        stage("race"),
        lambda scene: reverse("races:turn", args=[scene.world.race.pk]),
        lambda scene: undo_then_post(scene),
        lambda scene: logged(scene) > scene.things["logged"],
        who="referee",
        label="entry",
        moves_league=False,  # the race log only: no kept part reads it
    ),
    Write(
        "races:turn",
        stage("race"),
        lambda scene: reverse("races:turn", args=[scene.world.race.pk]),
        lambda scene: undo_then_redo(scene),
        lambda scene: logged(scene) > scene.things["logged"],
        who="referee",
        label="redo",
        moves_league=False,  # the race log only: no kept part reads it
    ),
    Write(
        "races:turn",
        stage("race"),
        lambda scene: reverse("races:turn", args=[scene.world.race.pk]),
        lambda scene: {"version": fresh(Race, scene.world.race).version, "undo": "", **note(scene)},
        lambda scene: logged(scene) < scene.things["logged"],
        who="referee",
        label="undo",
        moves_league=False,  # the race log only: no kept part reads it
    ),
    Write(
        "races:turn",
        stage("race"),
        lambda scene: reverse("races:turn", args=[scene.world.race.pk]),
        lambda scene: {"version": fresh(Race, scene.world.race).version, "commit": ""},
        lambda scene: round_status(scene) == RoundStatus.FINISHED,
        who="referee",
        label="commit",
    ),
)


# --- The tests ---------------------------------------------------------------------------------

NOT_WRITES = (NOT_HERE, NOT_HERE_LOGIN)


def rows() -> tuple:
    """Every row of the league and races models and of the users, and the sessions (signing in
    and out write nothing else)."""
    sessions = tuple(Session.objects.order_by("pk").values_list("pk", "session_data"))
    return (fingerprint(), sessions)


def test_every_url_that_writes_is_walked() -> None:
    writes = sorted(name for name, (_get, post) in MATRIX.items() if post not in NOT_WRITES)
    walked = sorted({write.name for write in WRITES})
    assert writes == walked
    assert set(walked) <= set(URLS)


@pytest.mark.parametrize("write", WRITES, ids=lambda write: write.id)
def test_each_write_commits_whole_outside_a_test_transaction(write: Write) -> None:
    scene = write.scene()
    client = Client()
    if write.who != "anonymous":
        client.force_login(scene.people[write.who])
    url, data = write.url(scene), write.post(scene)
    version = League.objects.values_list("data_version", flat=True).get(pk=scene.league.pk)
    before = rows()
    response = client.post(url, data)
    assert response.status_code < 400, (
        f"POST {url} as {write.who}: {response.status_code}\n"
        + response.content.decode(errors="replace")[:3000]
    )
    if write.writes_rows:
        assert rows() != before, f"POST {url} as {write.who} wrote nothing"
    assert write.made(scene), f"POST {url} as {write.who}: not what it should have written"
    moved = League.objects.filter(pk=scene.league.pk).values_list("data_version", flat=True)
    if write.moves_league:
        assert moved.get() > version, f"POST {url}: the league's data version did not move"
    else:
        assert moved.first() in (version, None), f"POST {url}: the league's data version moved"
