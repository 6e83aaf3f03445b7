"""Who may do what in a league: roles, memberships and invitation links."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings as django_settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from .leagues import League


def role_in_league(user, *, league_id: int, organiser_id: int) -> tuple[str | None, int | None]:
    """(`user`'s role in the league, the team they own), asked by ids so that a hot path
    that has not loaded the league can ask: a site admin and the lead organiser
    (`League.organiser`) are its organisers without a query, anyone else signed in is asked
    their membership (one query), an anonymous visitor has no role."""
    known = role_read(user, organiser_id=organiser_id, membership_role=None)
    if known is not None or not user.is_authenticated:
        return known, None
    membership = (
        Membership.objects.filter(league_id=league_id, user_id=user.pk)
        .values_list("role", "team_id")
        .first()
    )
    return membership or (None, None)


def member_role(user, *, league: str = "") -> models.Value | models.Subquery:
    """`user`'s membership role in the league (`league` the path to it from what a query
    reads, "round__season__league__"), as a column of that query: None where they have none
    (a stranger, an anonymous visitor). With it, `role_read` answers role_in_league and
    `seen_by` without a query of their own."""
    if not user.is_authenticated:
        return models.Value(None, output_field=models.CharField())
    return models.Subquery(
        Membership.objects.filter(league_id=models.OuterRef(f"{league}pk"), user_id=user.pk).values(
            "role"
        )[:1]
    )


def role_read(user, *, organiser_id: int, membership_role: str | None) -> str | None:
    """role_in_league's role from the membership role read with the league (`member_role`):
    a site admin and the lead organiser are its organisers, anyone else what their
    membership says."""
    if not user.is_authenticated:
        return None
    if user.is_superuser or user.pk == organiser_id:
        return Role.ORGANISER
    return membership_role


def may_manage(user, *, league_id: int, organiser_id: int) -> bool:
    """The league's organisers (and a site admin) manage it, each as much as the other."""
    role, _team = role_in_league(user, league_id=league_id, organiser_id=organiser_id)
    return role == Role.ORGANISER


def may_referee(user, *, league_id: int, organiser_id: int) -> bool:
    """Its organisers and the referees it names enter results."""
    role, _team = role_in_league(user, league_id=league_id, organiser_id=organiser_id)
    return role in RUNS_RACES


def may_run_team(user, *, league: League, team_id: int) -> bool:
    """The organisers run every team of the league; a team owner, their own team."""
    return team_rights(user, league=league, team_id=team_id)[0]


def team_rights(user, *, league: League, team_id: int) -> tuple[bool, bool]:
    """Whether `user` runs the team (its name and rookies: the league's organisers, and its
    owner) and whether they pick its colour (the organisers): one membership read at most."""
    role, team = role_in_league(user, league_id=league.pk, organiser_id=league.organiser_id)
    organiser = role == Role.ORGANISER
    return organiser or (role == Role.TEAM_OWNER and team == team_id), organiser


def may_see(user, *, league_id: int, organiser_id: int, published: bool) -> bool:
    """A published league is open to everyone; an unpublished one to its members (and site
    admins) only."""
    if published:
        return True  # asks no one's role
    role, _team = role_in_league(user, league_id=league_id, organiser_id=organiser_id)
    return role_sees(role, published=False)


def role_sees(role: str | None, *, published: bool) -> bool:
    """`may_see` for one whose role in the league is read already (None: no member)."""
    return published or role is not None


def seen_by(user, *, league: str = "") -> models.Q:
    """`may_see` as a filter, for a query that reads the league (or, `league` the path to it,
    what hangs from it, "round__season__league__") only where `user` may see it: so a league
    not to be shown and a league that is not there are one answer, from one query of one
    shape (a member's role is asked again afterwards, by whoever needs it)."""
    if user.is_authenticated and user.is_superuser:
        return models.Q()
    published = models.Q(**{f"{league}published": True})
    if not user.is_authenticated:
        return published
    member = models.Exists(
        Membership.objects.filter(league_id=models.OuterRef(f"{league}pk"), user_id=user.pk)
    )
    return published | models.Q(**{f"{league}organiser_id": user.pk}) | models.Q(member)


class Role(models.TextChoices):
    """What a member of a league may do besides reading it: an organiser everything."""

    ORGANISER = "organiser", _("Organiser")
    REFEREE = "referee", _("Referee")
    TEAM_OWNER = "team_owner", _("Team owner")


# The roles that run races and enter results.
RUNS_RACES = frozenset({Role.ORGANISER, Role.REFEREE})


def role_words(role: str) -> str:
    """A member's role as words within a sentence, in the reader's language: messages of their
    own, never the role's label lowered."""
    words = {
        Role.ORGANISER: pgettext("a member's role, within a sentence", "organiser"),
        Role.REFEREE: pgettext("a member's role, within a sentence", "referee"),
        Role.TEAM_OWNER: pgettext("a member's role, within a sentence", "team owner"),
    }
    return words[Role(role)]


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

    league = models.ForeignKey("League", on_delete=models.CASCADE, related_name="memberships")
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
    # The secret of the member's own calendar address (league pages not published included):
    # made on asking, made anew to revoke the old one; never in a backup (serialize=False).
    calendar_token = models.CharField(
        max_length=64, null=True, blank=True, unique=True, editable=False, serialize=False
    )

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
        return gettext("{role} of {team}").format(role=self.get_role_display(), team=self.team)


class Invitation(models.Model):
    """A link the organiser hands to one person: opened before it expires, it makes them a
    member with its role, once."""

    league = models.ForeignKey("League", on_delete=models.CASCADE, related_name="invitations")
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
        return gettext("{role} of {team}").format(role=self.get_role_display(), team=self.team)
