"""What each round wrote: entries, season-end and result changes, starters chosen."""

from __future__ import annotations

from django.db import models
from django.urls import reverse
from django.utils.translation import ngettext

from rules import language as rules_language
from rules.championship import (
    Championship,
    out_reason_label,
)

from . import team_colours
from .made import MadeByHand
from .seasons import Round, RoundStatus
from .teams import Driver, DriverStatus, Team


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
    round = models.ForeignKey("Round", on_delete=models.PROTECT, related_name="entries")
    driver = models.ForeignKey("Driver", on_delete=models.PROTECT, related_name="entries")
    team = models.ForeignKey("Team", on_delete=models.PROTECT, related_name="entries")
    car = models.CharField(max_length=30, help_text="The car's colour or number on the board.")
    # The colour the car is drawn in at the table, as the league chose it for the round; ""
    # for its name's colour, else its team's (league/models/team_colours.py, car_colour).
    colour = models.CharField(
        max_length=10,
        blank=True,
        choices=team_colours.CAR_CHOICES,
        help_text="The colour the car is drawn in at the table; empty for its name's or team's.",
    )
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
    # Where the car started (pole is 1), known for a race run at the table and for a result
    # typed with its grid; null when unknown. `pole` is whether it was 1.
    grid = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The car's starting position on the grid (pole is 1)."
    )
    pole = models.BooleanField(default=False)
    laps_led = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="Laps the car led, each the first to complete it: counted for a race run at "
        "the table (rules/laps_led.py) where its rule set counts laps; empty otherwise.",
    )
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
        """How the car went out, in words, in the reader's language."""
        label = out_reason_label(self.out_reason)
        label = rules_language.gettext(label)
        return label[:1].upper() + label[1:]

    @property
    def out_reason_in_english(self) -> str:
        """How the car went out, in the rule set's English words, as a file a program reads
        back keeps it (the results export, which the spreadsheet import reads)."""
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


class PointsAdjustment(MadeByHand):
    """Points the league gives (a bonus) or takes (a penalty) from a driver or a team, in one
    round or for the season, with the reason shown on the season page (docs/rulings.md,
    "Penalties, points adjustments and drop rounds")."""

    season = models.ForeignKey("Season", on_delete=models.CASCADE, related_name="adjustments")
    round = models.ForeignKey(
        "Round", on_delete=models.CASCADE, null=True, blank=True, related_name="adjustments"
    )
    driver = models.ForeignKey(
        "Driver", on_delete=models.PROTECT, null=True, blank=True, related_name="adjustments"
    )
    team = models.ForeignKey(
        "Team", on_delete=models.PROTECT, null=True, blank=True, related_name="adjustments"
    )
    points = models.IntegerField(help_text="Below 0 a penalty, above 0 a bonus.")
    reason = models.CharField(max_length=200)

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
    def competitor_key(self) -> tuple[str, int]:
        """("driver", its id) or ("team", its id): how the standings key the one it is for (an
        adjustment is for exactly one of them, checked by its constraint)."""
        if self.driver_id is not None:
            return ("driver", self.driver_id)
        assert self.team_id is not None
        return ("team", self.team_id)

    @property
    def points_in_words(self) -> str:
        """ "-5 points", "+1 point"."""
        words = ngettext("{points} point", "{points} points", abs(self.points))
        return words.format(points=f"{self.points:+d}")


class SeasonEndChange(models.Model):
    """What the end of a season did to one driver, kept for the season-end report."""

    # PROTECT, as Entry.round: the season's end aged, healed and retired these drivers.
    season = models.ForeignKey("Season", on_delete=models.PROTECT, related_name="end_changes")
    driver = models.ForeignKey(
        "Driver", on_delete=models.PROTECT, related_name="season_end_changes"
    )
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

    round = models.ForeignKey("Round", on_delete=models.CASCADE, related_name="starter_choices")
    driver = models.ForeignKey("Driver", on_delete=models.CASCADE, related_name="+")
    car = models.CharField(max_length=30)
    colour = models.CharField(max_length=10, blank=True, choices=team_colours.CAR_CHOICES)

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
    round = models.ForeignKey("Round", on_delete=models.CASCADE, related_name="result_changes")
    driver = models.ForeignKey("Driver", on_delete=models.PROTECT, related_name="result_changes")
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
