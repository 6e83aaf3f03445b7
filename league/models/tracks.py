"""The shared tracks every league races on."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.conf import settings as django_settings
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse

from rules.championship import (
    rule_sets,
    track_fact,
    track_facts,
    track_race_options,
)

if TYPE_CHECKING:
    pass


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
    weather_chart_from_board = models.BooleanField(
        default=False,
        help_text="Its Formula D weather chart was typed in from its board: its own, even where "
        "it reads as the placeholder every track starts with.",
    )
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

    @property
    def weather_chart_is_placeholder(self) -> bool:
        """Its Formula D weather chart is the rule set's placeholder (one chart for every track,
        "1-8 good, ..."), not its board's: the sample tracks carry it, and a track added
        without a chart. Pages say so, and a round on it asks for the board's chart."""
        placeholder = track_fact("weather_chart").default
        return self.weather_chart == placeholder and not self.weather_chart_from_board

    def facts(self) -> dict[str, str]:
        """The facts rule sets read of the track, as kept, by key."""
        return {fact.key: getattr(self, fact.key) for fact in track_facts()}

    def race_options(self) -> dict[str, Any]:
        """What a race takes of the track: each fact as the rule sets' race_options hook reads
        it (Season Pass's weather bands, Formula D's chart as written), and which of them it
        has only as the placeholder every track starts with (`placeholders`, by key), for the
        race's prompts to say so."""
        placeholders = ("weather_chart",) if self.weather_chart_is_placeholder else ()
        return {**track_race_options(self.facts()), "placeholders": placeholders}
