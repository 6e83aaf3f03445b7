"""A league's seasons and their rounds."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from rules.championship import (
    Championship,
    Drops,
    InvalidSetting,
    RaceOptionLine,
    SetupNumber,
    UnknownChampionship,
    championship_for,
)

from .time_zones import FIRST_SESSION_YEAR, LAST_SESSION_YEAR, SESSION_YEARS_OUT_OF_RANGE
from .tracks import Track, ruleset_choices

# A season's and a round's names, in the reader's language (a page's title, a message).
SEASON_NAME = gettext_noop("{league} season {number}")
ROUND_NAME = gettext_noop("Round {number}: {track}")


class DropRule(models.TextChoices):
    ALL = "", _("Every result counts")
    BEST = "best", _("Only the best N results count")
    WORST = "worst", _("The worst K results are dropped")


class Season(models.Model):
    league = models.ForeignKey("League", on_delete=models.CASCADE, related_name="seasons")
    number = models.PositiveSmallIntegerField()
    ruleset = models.CharField(
        max_length=20,
        choices=ruleset_choices,
        help_text="The rule set the season is run on: its league's when it was opened (a "
        'league may open a season under another; docs/rulings.md, "One league across rule '
        "sets\"). A season left without one takes its league's when saved.",
    )
    settings_kept = models.JSONField(
        null=True,
        blank=True,
        default=None,
        help_text="The league's settings as the season ran under them, kept when the league "
        "moved on to another rule set (whose settings differ); empty: the league's own.",
    )
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
        return gettext(SEASON_NAME).format(league=self.league, number=self.number)

    def save(self, *args, **kwargs) -> None:
        if not self.ruleset:
            self.ruleset = self.league.ruleset
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("league:season", kwargs={"slug": self.league.slug, "number": self.number})

    def clean(self) -> None:
        """Settings kept for the season are settings of its own rule set."""
        if self.settings_kept is None:
            return
        try:
            self.settings_kept = championship_for(self.ruleset).validated_settings(
                self.settings_kept
            )
        except (UnknownChampionship, InvalidSetting, TypeError, AttributeError) as error:
            raise ValidationError({"settings_kept": str(error)}) from error

    @property
    def rules(self) -> Championship:
        """How the season is run: its own rule set's championship hooks, whatever rule set its
        league has moved on to since."""
        return championship_for(self.ruleset)

    @property
    def league_settings(self) -> dict:
        """The league's settings as this season runs under them: the league's own, or those
        it had when it moved on to another rule set (kept, so that the season's standings,
        rounds and title race read as they did)."""
        return self.settings_kept if self.settings_kept is not None else self.league.settings

    @property
    def cars_per_team(self) -> int:
        """The cars each team races in the season, by its rule set and the league's settings."""
        return self.rules.cars_per_team(self.league_settings)

    @property
    def rules_title(self) -> str:
        """The rule set it ran, by its display name ("Formula D")."""
        return self.rules.title

    @property
    def is_ended(self) -> bool:
        return self.ended_at is not None

    def tracks(self) -> list[Track]:
        """The tracks of its schedule, in race order (one query)."""
        return [round_.track for round_ in self.rounds.select_related("track")]

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
        return self.rules.validated_season_setup(self.setup or {})

    @property
    def setup_lines(self) -> list[tuple[SetupNumber, int]]:
        """The season's setup as its rule set lists it: (number, value) a line."""
        setup = self.race_setup
        return [(number, setup[number.key]) for number in self.rules.season_setup]


class RoundStatus(models.TextChoices):
    SCHEDULED = "scheduled", _("Scheduled")
    STARTED = "started", _("Started")
    FINISHED = "finished", _("Finished")


class Round(models.Model):
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    track = models.ForeignKey("Track", on_delete=models.PROTECT, related_name="rounds")
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
    imported = models.BooleanField(
        default=False,
        help_text="Its result was brought in from the league's spreadsheet (docs/importing.md): "
        "no race log, and its confirmation changed no driver's career.",
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
        return gettext(ROUND_NAME).format(number=self.number, track=self.track.name)

    def get_absolute_url(self) -> str:
        return reverse(
            "league:round",
            kwargs={
                "slug": self.season.league.slug,
                "number": self.season.number,
                "round_number": self.number,
            },
        )

    def clean(self) -> None:
        """A session's year is read as its time is given (typed: on the league's clocks)."""
        if self.starts_at is not None and not (
            FIRST_SESSION_YEAR <= self.starts_at.year <= LAST_SESSION_YEAR
        ):
            raise ValidationError({"starts_at": SESSION_YEARS_OUT_OF_RANGE})

    @property
    def is_finished(self) -> bool:
        return self.status == RoundStatus.FINISHED

    @property
    def track_chart_wanted(self) -> bool:
        """Its race would roll the weather on a placeholder chart: the season's rule set reads
        the track's weather chart, the track has only the placeholder, and the race is to come
        (the round page asks for the board's chart, kept on the track)."""
        reads_chart = any(fact.key == "weather_chart" for fact in self.season.rules.track_facts)
        return (
            reads_chart
            and self.status == RoundStatus.SCHEDULED
            and self.track.weather_chart_is_placeholder
        )

    @property
    def race_format_label(self) -> str:
        """The round's race format in words ("" where its rule set has none)."""
        return dict(self.season.rules.race_formats).get(self.race_format, "")

    @property
    def race_settings(self) -> dict[str, object]:
        """The league's settings as this round's race runs them: the race options it switched,
        else the league's (rules.championship.Championship.race_settings)."""
        rules, settings = self.season.rules, self.season.league_settings
        return rules.race_settings(settings, self.race_options, self.race_format)

    @property
    def race_option_lines(self) -> tuple[RaceOptionLine, ...]:
        """Each race option of its rule set as this round's race runs it, for its page."""
        rules, settings = self.season.rules, self.season.league_settings
        return rules.race_option_lines(settings, self.race_options, self.race_format)
