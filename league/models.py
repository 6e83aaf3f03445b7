"""Leagues, seasons, rounds, teams, drivers and the entries of each round.

Models hold data; rules live in rules/ and writes in league/services.py. The few members here
that call rules/ (a driver's level, an entry's injury check and races missed, a track's weather
table and its default) are the one boundary where stored values become rules values.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings as django_settings
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils import timezone

from rules.championship import (
    Championship,
    Drops,
    InvalidSetting,
    PointsTable,
    RaceOptionLine,
    SetupNumber,
    UnknownChampionship,
    championship_for,
    out_reason_label,
    rule_sets,
    track_fact,
    track_facts,
    track_race_options,
)

from . import team_colours
from .slugs import validate_not_reserved
from .time_zones import DEFAULT_TIME_ZONE, validate_time_zone


def ruleset_choices() -> list[tuple[str, str]]:
    """The rule sets a league may be run on, as (name, title)."""
    return [(rules.name, rules.title) for rules in rule_sets()]


def track_fact_column(key: str) -> models.CharField:
    """The column a track keeps a rule set's track fact `key` in (rules.championship.TrackFact):
    its default and help text the rule set's."""
    fact = track_fact(key)
    return models.CharField(max_length=120, default=fact.default, help_text=fact.help_text)


class Track(models.Model):
    name = models.CharField(max_length=80, unique=True)
    number = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The map's number in the Formula Dé series, if any."
    )
    # What a rule set's races read of the track, as its hooks declare it (Championship.track_facts:
    # Season Pass's weather table, Formula D's weather chart), a column each.
    weather_table = track_fact_column("weather_table")
    weather_chart = track_fact_column("weather_chart")
    version = models.PositiveBigIntegerField(
        default=0,
        help_text="Advanced by every edit, never repeated: the version an edit form was built "
        "on tells whether someone edited the track since.",
    )
    added_by = models.ForeignKey(
        django_settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="Who added it to the shared list, and may edit it (as may a site admin); "
        "anyone else copies it. None: a sample schedule's track, or one added before.",
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            # Told apart by name whatever the case: "Home" and "home" are one track.
            models.UniqueConstraint(Lower("name"), name="unique_track_name_any_case")
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.number})" if self.number else self.name

    def get_absolute_url(self) -> str:
        return reverse("league:tracks")  # a track has no page of its own: the shared list

    def editable_by(self, user) -> bool:
        """Whoever added the track edits it (and a site admin): every league racing on it
        reads it, so anyone else makes a copy of their own instead."""
        if not user.is_authenticated:
            return False
        return user.is_superuser or (self.added_by_id is not None and self.added_by_id == user.pk)

    def clean(self) -> None:
        """Each fact a rule set reads of the track in its canonical form, or the rule set's
        reason it cannot be read."""
        from django.core.exceptions import ValidationError

        for fact in track_facts():
            try:
                setattr(self, fact.key, fact.canonical(getattr(self, fact.key)))
            except ValueError as error:
                raise ValidationError({fact.key: str(error)}) from error

    def facts(self) -> dict[str, str]:
        """The facts rule sets read of the track, as kept, by key."""
        return {fact.key: getattr(self, fact.key) for fact in track_facts()}

    def race_options(self) -> dict[str, Any]:
        """What a race takes of the track: each fact as the rule sets' race_options hook reads
        it (Season Pass's weather bands, Formula D's chart as written)."""
        return track_race_options(self.facts())


class League(models.Model):
    name = models.CharField(max_length=100)
    slug = models.SlugField(max_length=100, unique=True, validators=[validate_not_reserved])
    ruleset = models.CharField(max_length=20, choices=ruleset_choices, default="season_pass")
    settings = models.JSONField(
        default=dict,
        blank=True,
        help_text="The rule set's league settings (its championship hooks list them) and its "
        "points table, validated by the rule set.",
    )
    settings_version = models.PositiveBigIntegerField(
        default=0,
        help_text="Advanced by every change to the league's settings, never repeated: the "
        "version a settings form was built on tells whether someone changed them since.",
    )
    organiser = models.ForeignKey(
        django_settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="organised_leagues",
        help_text="The lead organiser: one of its organisers (each has an organiser's "
        "membership), asked first and without a query; handed to another organiser when "
        "they step down.",
    )
    published = models.BooleanField(
        default=False,
        help_text="Its pages and exports are open to everyone; unpublished (as a new league is "
        "until its organiser publishes it), only to its organisers, referees and team owners "
        '(docs/architecture.md, "Published leagues").',
    )
    time_zone = models.CharField(
        max_length=64,
        default=DEFAULT_TIME_ZONE,
        validators=[validate_time_zone],
        help_text="Where its races are played (an IANA name, Europe/Paris): its session times "
        "are typed and shown in it, and its calendar feed gives the instants they stand for.",
    )
    # Not auto_now_add: a restored backup keeps the file's time (league/backup/importing.py).
    created = models.DateTimeField(default=timezone.now, editable=False)
    archived_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When its organiser filed it away: listed under Archived, its history "
        "and pages kept and read-only. A league with results is archived, never deleted.",
    )
    data_version = models.PositiveBigIntegerField(
        default=0,
        help_text="Advanced by every write to the league's data, in the write's own "
        "transaction: its pages' parts are kept in the cache under it (league/page_parts.py).",
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            # An organiser's league of that name, whatever the case, is one league: two posts
            # of "New league" at once insert one, and the other is shown it (AlreadyDone).
            models.UniqueConstraint(
                Lower("name"), "organiser", name="unique_league_name_per_organiser"
            ),
            # An address is one whatever its case: "Old-Hands" beside "old-hands" would be two
            # leagues a reader cannot tell apart (a backup file may carry either).
            models.UniqueConstraint(Lower("slug"), name="unique_league_slug_any_case"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("league:league", kwargs={"slug": self.slug})

    @property
    def rules(self) -> Championship:
        """How a league of its rule set is run (rules.championship)."""
        return championship_for(self.ruleset)

    @property
    def cars_per_team(self) -> int:
        return self.rules.cars_per_team(self.settings)

    @property
    def settings_summary(self) -> tuple[str, ...]:
        return self.rules.settings_summary(self.settings)

    @property
    def points_table(self) -> PointsTable:
        """The table its places score by, as its organiser chose or edited it."""
        return self.rules.points_table(self.settings)

    @property
    def points_table_name(self) -> str:
        """The preset its table is, by name ("" for a table of the league's own)."""
        return self.rules.points_table_name(self.points_table)

    def clean(self) -> None:
        from django.core.exceptions import ValidationError

        try:
            self.settings = self.rules.validated_settings(self.settings or {})
        except (UnknownChampionship, InvalidSetting) as error:
            raise ValidationError({"settings": str(error)}) from error

    @property
    def is_archived(self) -> bool:
        return self.archived_at is not None

    def role_of(self, user) -> str | None:
        """`user`'s role in the league (Role), or None: no query for an anonymous visitor, a
        site admin or the lead organiser, one for anyone else."""
        return role_in_league(user, league_id=self.pk, organiser_id=self.organiser_id)[0]

    def can_manage(self, user) -> bool:
        return may_manage(user, league_id=self.pk, organiser_id=self.organiser_id)

    def can_referee(self, user) -> bool:
        return may_referee(user, league_id=self.pk, organiser_id=self.organiser_id)

    def can_run_team(self, user, team: Team) -> bool:
        """Its organisers, and the owners of `team`, rename it and hire its rookies."""
        return may_run_team(user, league=self, team_id=team.pk)

    def teams_run_by(self, user) -> models.QuerySet[Team]:
        """The teams `user` may run: every team for an organiser, their own for a team owner."""
        if self.can_manage(user):
            return self.teams.all()
        if not user.is_authenticated:
            return self.teams.none()
        return self.teams.filter(memberships__user_id=user.pk, memberships__role=Role.TEAM_OWNER)

    def visible_to(self, user) -> bool:
        """Whether `user` may see its pages: anyone once it is published, else its members."""
        return may_see(
            user, league_id=self.pk, organiser_id=self.organiser_id, published=self.published
        )

    def current_season(self) -> Season | None:
        return self.seasons.order_by("-number").first()


# A membership not read yet: role_in_league asks for it.
UNREAD = object()


def role_in_league(
    user, *, league_id: int, organiser_id: int, membership=UNREAD
) -> tuple[str | None, int | None]:
    """(`user`'s role in the league, the team they own), asked by ids so that a hot path
    that has not loaded the league can ask: a site admin and the lead organiser
    (`League.organiser`) are its organisers without a query, anyone else signed in is asked
    their membership (one query, unless the caller read it with something else: its (role,
    team id), or None for none), an anonymous visitor has no role."""
    if not user.is_authenticated:
        return None, None
    if user.is_superuser or user.pk == organiser_id:
        return Role.ORGANISER, None
    if membership is UNREAD:
        membership = (
            Membership.objects.filter(league_id=league_id, user_id=user.pk)
            .values_list("role", "team_id")
            .first()
        )
    return membership or (None, None)


def may_manage(user, *, league_id: int, organiser_id: int) -> bool:
    """The league's organisers (and a site admin) manage it, each as much as the other."""
    role, _team = role_in_league(user, league_id=league_id, organiser_id=organiser_id)
    return role == Role.ORGANISER


def may_referee(user, *, league_id: int, organiser_id: int, membership=UNREAD) -> bool:
    """Its organisers and the referees it names enter results (`membership`: as for
    role_in_league)."""
    role, _team = role_in_league(
        user, league_id=league_id, organiser_id=organiser_id, membership=membership
    )
    return role in RUNS_RACES


def may_run_team(user, *, league: League, team_id: int) -> bool:
    """The organisers run every team of the league; a team owner, their own team."""
    role, team = role_in_league(user, league_id=league.pk, organiser_id=league.organiser_id)
    return role == Role.ORGANISER or (role == Role.TEAM_OWNER and team == team_id)


def may_see(user, *, league_id: int, organiser_id: int, published: bool) -> bool:
    """A published league is open to everyone; an unpublished one to its members (and site
    admins) only."""
    if published:
        return True
    role, _team = role_in_league(user, league_id=league_id, organiser_id=organiser_id)
    return role is not None


class Role(models.TextChoices):
    """What a member of a league may do besides reading it: an organiser everything."""

    ORGANISER = "organiser", "Organiser"
    REFEREE = "referee", "Referee"
    TEAM_OWNER = "team_owner", "Team owner"


# The roles that run races and enter results.
RUNS_RACES = frozenset({Role.ORGANISER, Role.REFEREE})


class MembershipQuerySet(models.QuerySet):
    def ensure_organiser(self, *, league: League, user_id: int) -> Membership:
        """`user_id`'s membership of `league` as an organiser, made (or their other role made
        that) if need be: every organiser is a member, the lead one too."""
        membership, _made = self.update_or_create(
            league=league, user_id=user_id, defaults={"role": Role.ORGANISER, "team": None}
        )
        return membership

    def for_members_page(self) -> MembershipQuerySet:
        return self.select_related("user", "team__league").order_by("role", "user__username")


class Membership(models.Model):
    """A person's role in a league (one role each): an organiser may do everything, a referee
    runs races and enters results, a team owner runs one team. Every organiser has one, the
    lead organiser (`League.organiser`, who made the league or was handed it) too."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        django_settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=20, choices=Role.choices)
    team = models.ForeignKey(
        "Team",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="memberships",
        help_text="The team a team owner runs; none for an organiser or a referee.",
    )
    # Not auto_now_add: a restored backup keeps the file's time (league/backup/importing.py).
    joined = models.DateTimeField(default=timezone.now, editable=False)

    objects = MembershipQuerySet.as_manager()

    class Meta:
        ordering = ["league", "role", "user"]
        constraints = [
            models.UniqueConstraint(fields=["league", "user"], name="one_role_per_league"),
            models.CheckConstraint(
                condition=models.Q(role="team_owner", team__isnull=False)
                | (~models.Q(role="team_owner") & models.Q(team__isnull=True)),
                name="team_owner_has_a_team",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.league}: {self.describe()}"

    def describe(self) -> str:
        """The role in words: "Referee", "Team owner of Red Herrings"."""
        if self.team_id is None:
            return self.get_role_display()
        return f"{self.get_role_display()} of {self.team}"


class Invitation(models.Model):
    """A link the organiser hands to one person: opened before it expires, it makes them a
    member with its role, once."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="invitations")
    token = models.CharField(max_length=64, unique=True)
    role = models.CharField(max_length=20, choices=Role.choices)
    team = models.ForeignKey(
        "Team", on_delete=models.CASCADE, null=True, blank=True, related_name="invitations"
    )
    created = models.DateTimeField(auto_now_add=True)
    expires = models.DateTimeField()
    used = models.DateTimeField(null=True, blank=True)
    used_by = models.ForeignKey(
        django_settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    # Who made the link: removing them from the league, or making them other than an
    # organiser, withdraws the links they made and did not see used (null: made before makers
    # were kept, or by an account since deleted).
    made_by = models.ForeignKey(
        django_settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["-created"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(role="team_owner", team__isnull=False)
                | (~models.Q(role="team_owner") & models.Q(team__isnull=True)),
                name="invited_team_owner_has_a_team",
            )
        ]

    def __str__(self) -> str:
        return f"Invitation to {self.league} as {self.describe()}"

    def get_absolute_url(self) -> str:
        return reverse("league:join", kwargs={"token": self.token})

    def describe(self) -> str:
        if self.team_id is None:
            return self.get_role_display()
        return f"{self.get_role_display()} of {self.team}"


class DropRule(models.TextChoices):
    ALL = "", "Every result counts"
    BEST = "best", "Only the best N results count"
    WORST = "worst", "The worst K results are dropped"


class Season(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    number = models.PositiveSmallIntegerField()
    preset = models.CharField(
        max_length=40, blank=True, help_text="The sample schedule this season follows, if any."
    )
    ended_at = models.DateTimeField(null=True, blank=True)
    setup = models.JSONField(
        default=dict,
        blank=True,
        help_text="What the season sets up for all its races, where its rule set has a season "
        "setup (RBB: the cars' wear points by zone); a number left out takes its default.",
    )
    setup_version = models.PositiveBigIntegerField(
        default=0,
        help_text="Advanced by every change to the season's setup, never repeated: the version "
        "a setup form was built on tells whether someone changed it since.",
    )
    # Which results count (docs/rulings.md, "Penalties, points adjustments and drop rounds").
    drop_rule = models.CharField(max_length=5, choices=DropRule, default=DropRule.ALL, blank=True)
    drop_number = models.PositiveSmallIntegerField(
        default=0, help_text="N for 'the best N results count', K for 'the worst K are dropped'."
    )
    countback_reads_dropped = models.BooleanField(
        default=False,
        help_text="Countback between equal totals reads the places of every round, the dropped "
        "ones too (else only the counted rounds').",
    )
    adjustments_dropped_with_round = models.BooleanField(
        default=False,
        help_text="A round's points adjustment is part of that round's result and is dropped "
        "with it (else it counts whatever is dropped).",
    )
    standings_version = models.PositiveBigIntegerField(
        default=0,
        help_text="Advanced by every points adjustment and every change to which results "
        "count, never repeated: the version a penalty form was built on.",
    )

    class Meta:
        ordering = ["league", "number"]
        constraints = [
            models.UniqueConstraint(fields=["league", "number"], name="unique_season_number")
        ]

    def __str__(self) -> str:
        return f"{self.league} season {self.number}"

    def get_absolute_url(self) -> str:
        return reverse("league:season", kwargs={"slug": self.league.slug, "number": self.number})

    @property
    def is_ended(self) -> bool:
        return self.ended_at is not None

    def drops(self, rounds: int) -> Drops | None:
        """Which results count, for the rules (None: every one), in a season of `rounds`
        rounds: the worst K dropped is the best `rounds` - K counted."""
        counted = self.drop_number if self.drop_rule == DropRule.BEST else rounds - self.drop_number
        if self.drop_rule == DropRule.ALL or counted < 1 or counted >= rounds:
            return None
        return Drops(
            counted=counted,
            countback_reads_dropped=self.countback_reads_dropped,
            adjustments_dropped_with_round=self.adjustments_dropped_with_round,
        )

    @property
    def drops_in_words(self) -> str:
        """Which results count, as the season page says it."""
        if self.drop_rule == DropRule.BEST:
            best = "result counts" if self.drop_number == 1 else f"{self.drop_number} results count"
            return f"Only each competitor's best {best}."
        if self.drop_rule == DropRule.WORST:
            worst = "result is" if self.drop_number == 1 else f"{self.drop_number} results are"
            return f"Each competitor's worst {worst} dropped."
        return ""

    @property
    def race_setup(self) -> dict[str, int]:
        """The season's setup, every number given (its rule set's defaults where the organiser
        changed none); {} where the rule set has no season setup."""
        return self.league.rules.validated_season_setup(self.setup or {})

    @property
    def setup_lines(self) -> list[tuple[SetupNumber, int]]:
        """The season's setup as its rule set lists it: (number, value) a line."""
        setup = self.race_setup
        return [(number, setup[number.key]) for number in self.league.rules.season_setup]


class RoundStatus(models.TextChoices):
    SCHEDULED = "scheduled", "Scheduled"
    STARTED = "started", "Started"
    FINISHED = "finished", "Finished"


class Round(models.Model):
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    track = models.ForeignKey(Track, on_delete=models.PROTECT, related_name="rounds")
    multiplier = models.PositiveSmallIntegerField(default=1)
    extra_healing = models.BooleanField(
        default=False, help_text="Injured drivers get an extra week of healing before this round."
    )
    race_format = models.CharField(
        max_length=20,
        blank=True,
        help_text="The format the round is raced in, where the rule set has formats (Mini's "
        "series: a key of its championship's race_formats).",
    )
    race_options = models.JSONField(
        default=dict,
        blank=True,
        help_text="The race options (settings of the rule set marked so) the organiser switched "
        "for this round's race alone, by key; those left out race as the league says.",
    )
    status = models.CharField(max_length=10, choices=RoundStatus, default=RoundStatus.SCHEDULED)
    finished_at = models.DateTimeField(null=True, blank=True)
    run_at_table = models.BooleanField(
        default=False,
        help_text="Its result comes from the turn helper, not from the round page's forms.",
    )
    # The race session the organiser schedules, for the league's calendar feed (exports).
    starts_at = models.DateTimeField(
        null=True, blank=True, help_text="When the race session starts, if it is scheduled."
    )
    venue = models.CharField(
        max_length=120, blank=True, help_text="Where the race is played: a home, a club, a shop."
    )
    version = models.PositiveBigIntegerField(
        default=0,
        help_text="Advanced by every write to the round and its entries, never repeated: the "
        "version a form was built on tells whether someone changed the round since.",
    )

    class Meta:
        ordering = ["season", "number"]
        constraints = [
            models.UniqueConstraint(fields=["season", "number"], name="unique_round_number")
        ]

    def __str__(self) -> str:
        return f"Round {self.number}: {self.track.name}"

    def get_absolute_url(self) -> str:
        return reverse(
            "league:round",
            kwargs={
                "slug": self.season.league.slug,
                "number": self.season.number,
                "round_number": self.number,
            },
        )

    @property
    def is_finished(self) -> bool:
        return self.status == RoundStatus.FINISHED

    @property
    def race_format_label(self) -> str:
        """The round's race format in words ("" where its rule set has none)."""
        return dict(self.season.league.rules.race_formats).get(self.race_format, "")

    @property
    def race_settings(self) -> dict[str, object]:
        """The league's settings as this round's race runs them: the race options it switched,
        else the league's (rules.championship.Championship.race_settings)."""
        league = self.season.league
        return league.rules.race_settings(league.settings, self.race_options, self.race_format)

    @property
    def race_option_lines(self) -> tuple[RaceOptionLine, ...]:
        """Each race option of its rule set as this round's race runs it, for its page."""
        league = self.season.league
        return league.rules.race_option_lines(league.settings, self.race_options, self.race_format)


class Team(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=80)
    # Given by team_create (league/team_colours.py), picked again by the league's organiser.
    colour = models.CharField(
        max_length=12,
        choices=team_colours.CHOICES,
        default=team_colours.PALETTE[0].key,
        help_text="The team's colour on the league's pages, from a palette colour-blind "
        "players tell apart.",
    )

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["league", "name"], name="unique_team_name")]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("league:team", kwargs={"slug": self.league.slug, "team_id": self.pk})

    @property
    def colour_label(self) -> str:
        return team_colours.colour_of(self.colour).label


class DriverStatus(models.TextChoices):
    ACTIVE = "active", "Active"
    RETIRED = "retired", "Retired"
    DEAD = "dead", "Dead"


class DriverQuerySet(models.QuerySet):
    def racing(self) -> DriverQuerySet:
        """Drivers still on a team's books: neither retired nor dead."""
        return self.filter(status=DriverStatus.ACTIVE)


class Driver(models.Model):
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="drivers")
    name = models.CharField(max_length=80)
    age = models.PositiveSmallIntegerField(default=1)
    xp = models.IntegerField(default=0)
    prior_injuries = models.PositiveSmallIntegerField(default=0)
    races_to_miss = models.PositiveSmallIntegerField(default=0)
    status = models.CharField(max_length=10, choices=DriverStatus, default=DriverStatus.ACTIVE)
    # Not auto_now_add: a restored backup keeps the file's time (league/backup/importing.py).
    hired = models.DateTimeField(default=timezone.now, editable=False)
    home_track = models.ForeignKey(
        Track,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="Where the rule set has home tracks (RBB): the track where the driver races "
        "with 2 bonus tyre WP.",
    )
    # Where the rule set has driver cards (Formula D's road races): the card the organiser gave
    # the driver, as the rule set stores it (its skill and WP by zone; {} for none), and the
    # version its form carries.
    driver_card = models.JSONField(default=dict, blank=True)
    card_version = models.PositiveIntegerField(default=0)

    objects = DriverQuerySet.as_manager()

    class Meta:
        ordering = ["team__name", "hired", "pk"]
        constraints = [
            # The league-wide check runs under the league's lock (services.driver_add); this one
            # stands behind it where a lock is not to be had.
            models.UniqueConstraint(Lower("name"), "team", name="unique_driver_name_in_team")
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse(
            "league:driver", kwargs={"slug": self.team.league.slug, "driver_id": self.pk}
        )

    @property
    def level(self) -> str:
        """The level its XP gives, where the league's rule set has levels ("" elsewhere)."""
        return self.team.league.rules.level_for(self.xp)

    @property
    def driver_card_text(self) -> str:
        """Its driver card in words, where the rule set has them ("" for none)."""
        return self.team.league.rules.driver_card_text(self.driver_card)


class EntryQuerySet(models.QuerySet):
    def previous_finish(self, round_: Round) -> list[int]:
        """The drivers (ids) of the season's last finished round before `round_`, 1st first."""
        last = (
            Round.objects.filter(
                season_id=round_.season_id,
                number__lt=round_.number,
                status=RoundStatus.FINISHED,
            )
            .order_by("-number")
            .values("pk")[:1]
        )
        return list(
            self.filter(round_id__in=last)
            .order_by("place", "pk")
            .values_list("driver_id", flat=True)
        )


class Entry(models.Model):
    """One driver's start in one round, and, once entered, how that race went for them."""

    # PROTECT: starting and scoring a round changed its drivers (XP, injuries, healing); deleting
    # its entries would leave the careers disagreeing with the standings. A round is undone by
    # the services that know how, never by a cascade.
    round = models.ForeignKey(Round, on_delete=models.PROTECT, related_name="entries")
    driver = models.ForeignKey(Driver, on_delete=models.PROTECT, related_name="entries")
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="entries")
    car = models.CharField(max_length=30, help_text="The car's colour or number on the board.")
    level = models.CharField(
        max_length=10,
        blank=True,
        help_text="The level the driver raced at, where the rule set has levels.",
    )
    # The result, filled in when the referee enters it:
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    finished = models.BooleanField(null=True)
    # How a car out of the race went out: one of its rule set's ways out (Championship.out_reasons).
    out_reason = models.CharField(max_length=10, blank=True)
    distance = models.DecimalField(
        max_digits=6,
        decimal_places=1,
        null=True,
        blank=True,
        help_text="For a car out of the race: spaces it had covered.",
    )
    overshoot = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Movement roll minus the maximum safe roll."
    )
    damage = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Collision damage points when disabled (2 or more)."
    )
    injury_columns = models.JSONField(default=list, blank=True)
    injury_rolls = models.JSONField(default=list, blank=True)
    # Every die the car rolled at the table, by die and purpose ({die: {purpose: {face:
    # count}}}, rules.dice_luck), counted from the race's log when it was written into the
    # season; {} for a result entered by hand.
    dice = models.JSONField(default=dict, blank=True)
    # Whether the car started from pole, known for a race run at the table (its grid).
    pole = models.BooleanField(default=False)
    bonus_points = models.PositiveSmallIntegerField(
        default=0,
        help_text="Points earned in the race beyond the place (Mini's lap-leader points), "
        "included in `points` once the result is confirmed.",
    )
    # Committed effects, shown on the result and the standings:
    points = models.PositiveIntegerField(default=0)
    xp_change = models.IntegerField(default=0)
    severity = models.PositiveSmallIntegerField(default=0)
    injured = models.BooleanField(default=False)
    dead = models.BooleanField(default=False)

    objects = EntryQuerySet.as_manager()

    class Meta:
        ordering = ["round", "place", "pk"]
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(fields=["round", "driver"], name="unique_round_driver"),
            models.UniqueConstraint(fields=["round", "car"], name="unique_round_car"),
        ]

    def __str__(self) -> str:
        return f"{self.driver} in {self.round}"

    @property
    def out_reason_label(self) -> str:
        """How the car went out, in words."""
        label = out_reason_label(self.out_reason)
        return label[:1].upper() + label[1:]

    @property
    def races_missed(self) -> int:
        """Races this entry's injury costs the driver ("miss a number of races equal to the
        severity"): the severity, recorded when the result was confirmed."""
        return self.severity if self.injured else 0

    def injury_check(self, rules: Championship):
        """The injury check as far as it has been rolled, or None if this entry needs none."""
        if not self.injury_columns:
            return None
        return rules.injury_check(self.injury_columns, self.injury_rolls)


class PointsAdjustment(models.Model):
    """Points the league gives (a bonus) or takes (a penalty) from a driver or a team, in one
    round or for the season, with the reason shown on the season page (docs/rulings.md,
    "Penalties, points adjustments and drop rounds")."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="adjustments")
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, null=True, blank=True, related_name="adjustments"
    )
    driver = models.ForeignKey(
        Driver, on_delete=models.PROTECT, null=True, blank=True, related_name="adjustments"
    )
    team = models.ForeignKey(
        Team, on_delete=models.PROTECT, null=True, blank=True, related_name="adjustments"
    )
    points = models.IntegerField(help_text="Below 0 a penalty, above 0 a bonus.")
    reason = models.CharField(max_length=200)
    made_by = models.ForeignKey(
        django_settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    # Not auto_now_add: a restored backup keeps the file's time (league/backup/importing.py).
    made_at = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        ordering = ["season", "made_at", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(driver__isnull=True) ^ models.Q(team__isnull=True),
                name="adjustment_driver_or_team",
            ),
            models.CheckConstraint(condition=~models.Q(points=0), name="adjustment_not_nothing"),
        ]

    def __str__(self) -> str:
        return f"{self.points:+d} for {self.competitor} in {self.season}"

    def get_absolute_url(self) -> str:
        season = self.season
        return reverse("league:season_adjustments", args=[season.league.slug, season.number])

    @property
    def competitor(self) -> Driver | Team:
        return self.driver if self.driver_id is not None else self.team  # type: ignore[return-value]

    @property
    def points_in_words(self) -> str:
        """ "-5 points", "+1 point"."""
        return f"{self.points:+d} point{'' if abs(self.points) == 1 else 's'}"


class SeasonEndChange(models.Model):
    """What the end of a season did to one driver, kept for the season-end report."""

    # PROTECT, as Entry.round: the season's end aged, healed and retired these drivers.
    season = models.ForeignKey(Season, on_delete=models.PROTECT, related_name="end_changes")
    driver = models.ForeignKey(Driver, on_delete=models.PROTECT, related_name="season_end_changes")
    xp_before = models.IntegerField()
    xp_after = models.IntegerField()
    age_before = models.PositiveSmallIntegerField()
    age_after = models.PositiveSmallIntegerField()
    races_to_miss_before = models.PositiveSmallIntegerField()
    races_to_miss_after = models.PositiveSmallIntegerField()
    retired = models.BooleanField(default=False)

    class Meta:
        ordering = ["season", "driver__team__name", "driver__name"]
        constraints = [
            models.UniqueConstraint(fields=["season", "driver"], name="unique_season_end_driver")
        ]

    def __str__(self) -> str:
        return f"{self.driver}: end of {self.season}"


class StarterChoice(models.Model):
    """A team owner's choice of one of their drivers to start a round not yet started, in a
    car: the referee's starters form proposes it, and the referee starts the round."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="starter_choices")
    driver = models.ForeignKey(Driver, on_delete=models.CASCADE, related_name="+")
    car = models.CharField(max_length=30)

    class Meta:
        ordering = ["round", "driver"]
        constraints = [
            models.UniqueConstraint(fields=["round", "driver"], name="one_choice_per_driver")
        ]

    def __str__(self) -> str:
        return f"{self.driver} in {self.car}, round {self.round_id}"


class RoundResultChange(models.Model):
    """What confirming a round's result did to one driver, kept so that reopening the round
    takes it back exactly: the driver's career and their entry's XP change as they were just
    before. Every starter has one; so does every other driver the round healed. Deleted when
    the round is reopened."""

    # CASCADE: these are the round's own undo notes, of no use without it (a round with
    # entries cannot be deleted anyway). PROTECT on the driver, as Entry.driver.
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="result_changes")
    driver = models.ForeignKey(Driver, on_delete=models.PROTECT, related_name="result_changes")
    xp_before = models.IntegerField()
    prior_injuries_before = models.PositiveSmallIntegerField()
    races_to_miss_before = models.PositiveSmallIntegerField()
    status_before = models.CharField(max_length=10, choices=DriverStatus)
    entry_xp_change_before = models.IntegerField(
        null=True, blank=True, help_text="The XP change of the driver's entry (a starter's)."
    )

    class Meta:
        ordering = ["round", "driver__team__name", "driver__name"]
        constraints = [
            models.UniqueConstraint(fields=["round", "driver"], name="unique_round_result_driver")
        ]

    def __str__(self) -> str:
        return f"{self.driver}: before {self.round} was confirmed"


from .house_rules import HouseRules  # noqa: E402, F401 (a model of its own module)
