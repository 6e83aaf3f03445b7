"""What an organiser changed of a driver by hand, and why: their career corrected (a league
brought in with its drivers' past), a transfer to another team, a release, a retirement, a new
name. Each is kept and shown on the driver's page, as a points adjustment is on a season's."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from .made import MadeByHand
from .teams import status_words


class DriverChangeKind(models.TextChoices):
    CORRECTED = "corrected", _("Career corrected")
    TRANSFERRED = "transferred", _("Transferred")
    RELEASED = "released", _("Released")
    RETIRED = "retired", _("Retired by hand")
    RENAMED = "renamed", _("Renamed")


class DriverChange(MadeByHand):
    driver = models.ForeignKey("Driver", on_delete=models.CASCADE, related_name="changes")
    kind = models.CharField(max_length=12, choices=DriverChangeKind)
    # The fields changed, as they were and as they became: {"xp": 23, "age": 4}; a transfer's
    # teams by name ({"team": "Rosso"}), as the team may be renamed or gone later.
    before = models.JSONField(default=dict, blank=True)
    after = models.JSONField(default=dict, blank=True)
    reason = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["made_at", "pk"]

    def __str__(self) -> str:
        return f"{self.driver}: {self.get_kind_display()}"

    @property
    def changes(self) -> list[tuple[str, object, object]]:
        """Each field changed: (its name in words, before, after)."""
        return [
            (
                str(FIELD_WORDS.get(name, name)),
                _shown(name, self.before.get(name)),
                _shown(name, value),
            )
            for name, value in self.after.items()
        ]


def _shown(name: str, value: object) -> object:
    if name == "status" and isinstance(value, str):
        return status_words(value)
    return value


# A field's name in a list of changes ("XP 12 → 20"), in the reader's language.
FIELD_WORDS = {
    "age": pgettext_lazy("a driver's field, in a list of changes", "age"),
    "xp": pgettext_lazy("a driver's field, in a list of changes", "XP"),
    "prior_injuries": pgettext_lazy("a driver's field, in a list of changes", "prior injuries"),
    "races_to_miss": pgettext_lazy("a driver's field, in a list of changes", "races to miss"),
    "team": pgettext_lazy("a driver's field, in a list of changes", "team"),
    "name": pgettext_lazy("a driver's field, in a list of changes", "name"),
    "status": pgettext_lazy("a driver's field, in a list of changes", "status"),
}
