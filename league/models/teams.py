"""A league's teams and their drivers."""

from __future__ import annotations

from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from . import team_colours


class Team(models.Model):
    league = models.ForeignKey("League", on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=80)
    # Given by team_create (league/models/team_colours.py), picked again by the league's organiser.
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
        return team_colours.colour_of(self.colour).said_label


class DriverStatus(models.TextChoices):
    ACTIVE = "active", _("Active")
    RETIRED = "retired", _("Retired")
    DEAD = "dead", _("Dead")
    # Let go by their team (by hand): no longer racing, their results kept with the teams they
    # raced for.
    RELEASED = "released", _("Released")


# A driver's status as words within a sentence or a list of changes ("retired back to active"):
# messages of their own, never a label lowered (a language may write the label otherwise).
_STATUS_WORDS = {
    DriverStatus.ACTIVE: pgettext_lazy("a driver's status, within a sentence", "active"),
    DriverStatus.RETIRED: pgettext_lazy("a driver's status, within a sentence", "retired"),
    DriverStatus.DEAD: pgettext_lazy("a driver's status, within a sentence", "dead"),
    DriverStatus.RELEASED: pgettext_lazy("a driver's status, within a sentence", "released"),
}


def status_words(value: str) -> str:
    """A driver's status as words within a sentence, in the reader's language; a value no
    status has (a backup's) as it is."""
    return str(_STATUS_WORDS[DriverStatus(value)]) if value in DriverStatus.values else value


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
        "Track",
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
