"""A race run at the table: its setup, the snapshot of the engine's state, and the event log.

The snapshot is what makes entering one roll cost the same at turn 1 and turn 60: the engine
applies an event to it and never reads the log. The log is kept for undo, replay and history.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone

from league.models import Round, member_role


class RaceQuerySet(models.QuerySet):
    def for_entry(self, race_id: int, *, viewer=None) -> Race | None:
        """The race with what entering an event needs, in one query: its snapshot, and of its
        round, season and league what an entry reads (who may referee it, whether it is
        archived, its rule set and settings for what the prompts show); with `viewer` (a user)
        also their membership role in the league (`viewer_role`, league.models.member_role),
        from which the caller tells, with no query more, whether they may see the league
        (league.models.may_see) and referee it (may_referee). None: there is no such race. The
        setup (large, and read by no entry) is left unread, as are the fields no entry reads."""
        races = self.select_related("round__season__league").only(*ENTRY_FIELDS)
        if viewer is not None:
            races = races.annotate(viewer_role=member_role(viewer, league=LEAGUE))
        return races.filter(pk=race_id).first()


# From a race to its league, for a query that asks of the league (member_role, seen_by).
LEAGUE = "round__season__league__"
# What an entry or an undo reads of the race and of its round, season and league: its
# snapshot and place in the log; the season's rule set and the settings it runs under
# (Season.rules, Season.league_settings); who runs the league and whether it is published and
# archived (its name says so in the refusal); its language (the answer's, for one who chose none).
ENTRY_FIELDS = (
    "round_id",
    "state",
    "seq",
    "version",
    "finished_at",
    "round__season_id",
    "round__season__ruleset",
    "round__season__settings_kept",
    "round__season__league_id",
    "round__season__league__name",
    "round__season__league__organiser_id",
    "round__season__league__published",
    "round__season__league__archived_at",
    "round__season__league__settings",
    "round__season__league__language",
)


class Race(models.Model):
    round = models.OneToOneField(Round, on_delete=models.CASCADE, related_name="race")
    setup = models.JSONField(help_text="The engine's RaceSetup: rule set, cars, weather table.")
    state = models.JSONField(help_text="The engine's state after the last event (a snapshot).")
    seq = models.PositiveIntegerField(default=0, help_text="Events applied so far.")
    version = models.PositiveBigIntegerField(
        default=0,
        help_text="Advanced by every entry, undo and commit, never repeated: the version a "
        "form was built on tells whether another device changed the race since.",
    )
    # Not auto_now_add: a restored backup keeps the file's time (league/backup/importing.py).
    created = models.DateTimeField(default=timezone.now, editable=False)
    finished_at = models.DateTimeField(
        null=True, blank=True, help_text="When the result was written into the season."
    )

    objects = RaceQuerySet.as_manager()
    # The membership role in the race's league of the one asking, where the race was read for
    # their entry (RaceQuerySet.for_entry(viewer=...)); no field.
    viewer_role: str | None

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"Race of {self.round}"

    def get_absolute_url(self) -> str:
        return reverse("races:turn", kwargs={"race_id": self.pk})

    @property
    def is_committed(self) -> bool:
        return self.finished_at is not None


class RaceEventQuerySet(models.QuerySet):
    def latest_of(self, race_id: int, count: int) -> list[RaceEvent]:
        """The race's latest `count` events, in the order they happened, each with who entered
        it (their username) and without the snapshot kept with it, in one query."""
        latest = (
            self.filter(race_id=race_id)
            .select_related("who")
            .only(*SHOWN, "who__username")
            .order_by("-seq")[:count]
        )
        return list(reversed(latest))


# An event's fields as the turn page's log shows them (latest_of): all but its snapshot.
SHOWN = ("id", "race", "seq", "kind", "payload", "text", "automatic", "joined", "who", "when")


class RaceEvent(models.Model):
    """One input from the table, in the engine's words (Event.kind and Event.data)."""

    # No index of its own: the unique (race, seq) leads with the race. A second index on the
    # race alone costs every entry's insert and led PostgreSQL's generic plan for undo's delete
    # (seq from the entry taken back) through all of a race's events.
    race = models.ForeignKey(Race, on_delete=models.CASCADE, related_name="events", db_index=False)
    seq = models.PositiveIntegerField(help_text="1 for the first event of the race.")
    kind = models.CharField(max_length=40)
    payload = models.JSONField(default=dict, blank=True)
    text = models.CharField(
        max_length=300, blank=True, help_text="What the event did, in words, for the log."
    )
    state_before = models.JSONField(
        null=True,
        blank=True,
        help_text="The race's snapshot before this event: undo restores it without replaying "
        "the log. Kept with the referee's entries, which undo takes back; empty for events undo "
        "takes back only with the entry before them (automatic, joined) and for events logged "
        "before it was kept.",
    )
    automatic = models.BooleanField(
        default=False,
        help_text="Entered by Paddock, not the referee: the rules left one choice (the only "
        "legal gear, the order of a lone car). Undo takes it back with the entry before it.",
    )
    joined = models.BooleanField(
        default=False,
        help_text="Entered in the same tap as the referee's entry before it (a gear and the "
        "move's roll, from the gear's row of faces). Undo takes it back with that entry.",
    )
    # PROTECT: the log says who entered each roll; an account with entries in it is
    # deactivated in the admin, never deleted out of the log.
    who = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="race_events",
    )
    # Not auto_now_add: a restored backup keeps the file's time (league/backup/importing.py).
    when = models.DateTimeField(default=timezone.now, editable=False)

    objects = RaceEventQuerySet.as_manager()

    class Meta:
        ordering = ["race", "seq"]
        constraints = [models.UniqueConstraint(fields=["race", "seq"], name="unique_race_seq")]

    def __str__(self) -> str:
        return f"#{self.seq} {self.kind}"

    def summary(self) -> str:
        """What the event did in words ("Red moves 7 spaces in 3rd"), or, for an event its rule
        set does not put in words, "move red: roll 7, brakes 1": the kind, the car, then the
        facts that were not nil."""
        if self.text:
            return self.text
        payload = dict(self.payload)
        car = payload.pop("car", None)
        facts = ", ".join(
            f"{key.replace('_', ' ')} {_fact(value)}"
            for key, value in payload.items()
            if value not in (0, "0", False, "false", "off")
        )
        head = f"{self.kind.replace('_', ' ')} {car}" if car else self.kind.replace("_", " ")
        return f"{head}: {facts}" if facts else head


def _fact(value) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(str(item) for item in value if item != "") or "none"
    return str(value)
