"""A league: its rule set, settings, points table, publishing and archiving."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings as django_settings
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from rules import language as rules_language
from rules.championship import (
    Championship,
    InvalidSetting,
    PointsTable,
    UnknownChampionship,
    championship_for,
)

from .accounts import language_choices
from .made import MadeByHand
from .members import (
    Role,
    may_manage,
    may_referee,
    may_run_team,
    may_see,
    role_in_league,
    team_rights,
)
from .slugs import validate_not_reserved
from .time_zones import DEFAULT_TIME_ZONE, validate_time_zone
from .tracks import ruleset_choices

if TYPE_CHECKING:
    from .seasons import Season
    from .teams import Team


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
    language = models.CharField(
        max_length=16,
        default=django_settings.LANGUAGE_CODE,
        choices=language_choices,
        help_text="The language its pages speak to a reader who chose none (no choice of "
        "theirs, no browser's language the site speaks): a French league's pages in French. "
        "A reader's own choice wins over it.",
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
        "transaction: its pages' parts are kept in the cache under it "
        "(league/reads/page_parts.py).",
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
        return rules_said(self.rules.points_table_name(self.points_table))

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

    def team_rights(self, user, team: Team) -> tuple[bool, bool]:
        """Whether `user` runs `team` (can_run_team) and picks its colour (can_manage), read
        together."""
        return team_rights(user, league=self, team_id=team.pk)

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


def slug_taken(slug: str) -> bool:
    """Whether a league has `slug` already, whatever its case (slugs.free_slug's `taken`)."""
    return League.objects.filter(slug__iexact=slug).exists()


# The league's language changed is kept as a setting change under this key and label.
LANGUAGE_KEY = "language"
LANGUAGE_LABEL = gettext_noop("Language")


class LeagueSettingChange(MadeByHand):
    """A league setting changed once the league was made: which, from what to what, by whom,
    and in which season (the season's report lists the changes made during it)."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="setting_changes")
    season = models.ForeignKey(
        "Season",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="setting_changes",
        help_text="The league's current season when it was changed (none before the first).",
    )
    key = models.CharField(max_length=40)
    # In words as the page said them when it was changed: a setting may be renamed later.
    label = models.CharField(max_length=200)
    before = models.CharField(max_length=200)
    after = models.CharField(max_length=200)
    effect = models.CharField(max_length=10)

    class Meta:
        ordering = ["made_at", "pk"]

    def __str__(self) -> str:
        return f"{self.league}: {self.label} {self.before} → {self.after}"

    # A rule set's setting is kept in English (the words of the page when it was made); a page
    # says it in the reader's language where the rules' catalogue has the words (a setting
    # renamed since reads as it was kept). The league's language is no rule set's setting: its
    # label is the site's word, its values the languages' own names ("Français").
    @property
    def said_label(self) -> str:
        return gettext(self.label) if self.key == LANGUAGE_KEY else rules_said(self.label)

    @property
    def said_before(self) -> str:
        return self.before if self.key == LANGUAGE_KEY else rules_said(self.before)

    @property
    def said_after(self) -> str:
        return self.after if self.key == LANGUAGE_KEY else rules_said(self.after)


def rules_said(words: str) -> str:
    """Words of a rule set kept in English (a setting's label or value), in the language
    spoken: the rules' catalogue's."""
    return rules_language.gettext(words)
