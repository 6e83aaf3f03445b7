"""A league's house rules: a page its organiser writes in Markdown, shown to whoever may see the
league, and the headings a referee's ruling at the table may name (races/models/rulings.py).

The text is kept as written, and beside it the page it makes: rendered once when it is saved
(the edit form, the admin, a restored backup: each cleans the row, and clean() renders it), by
league/models/markdown.py, never on a GET. Text that cannot be rendered is refused with the reason.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe

from .markdown import Heading, Rendered, Unrenderable, render

# The longest house rules a league keeps: some eight printed pages. Any text of this length
# renders in under 30 ms of CPU (the worst found: 5,000 headings); 50,000, the cap before
# rendering moved to the save, took up to 60 ms (docs/architecture.md).
MOST_CHARACTERS = 20_000
# Each heading's anchor on the page starts so, to keep apart from the page's own ids.
ANCHOR_PREFIX = "rule-"

__all__ = ["ANCHOR_PREFIX", "MOST_CHARACTERS", "Heading", "HouseRules", "Rendered", "headings_of"]


class HouseRules(models.Model):
    """The house rules of one league (none until its organiser writes them)."""

    league = models.OneToOneField(
        "league.League", on_delete=models.CASCADE, related_name="house_rules"
    )
    text = models.TextField(
        blank=True, max_length=MOST_CHARACTERS, help_text="Markdown, as the organiser wrote it."
    )
    version = models.PositiveIntegerField(
        default=0, help_text="Advanced by every edit: the version an edit form was built on."
    )
    # Set by house_rules_set, not auto_now: a restored backup keeps the file's time.
    updated = models.DateTimeField(default=timezone.now, editable=False)
    # What the text makes, set by clean(). Not in a backup (serialize=False): a restore renders
    # the text again, so a file cannot bring HTML of its own.
    html = models.TextField(
        blank=True, editable=False, serialize=False, help_text="The text rendered, made safe."
    )
    headings = models.JSONField(
        default=list,
        blank=True,
        editable=False,
        serialize=False,
        help_text="The text's headings in order, each [name, anchor].",
    )

    class Meta:
        verbose_name_plural = "house rules"

    def __str__(self) -> str:
        return f"House rules of {self.league}"

    def get_absolute_url(self) -> str:
        return reverse("league:house_rules", args=[self.league.slug])

    def clean(self) -> None:
        """Render the text (the page it makes is kept with it), or refuse it with the reason."""
        if len(self.text) > MOST_CHARACTERS:
            return  # refused by the field's own check, never rendered
        try:
            rendered = render(self.text, anchor_prefix=ANCHOR_PREFIX)
        except Unrenderable as refused:
            raise ValidationError({"text": str(refused)}) from refused
        self.html = rendered.html
        self.headings = [[heading.name, heading.anchor] for heading in rendered.headings]

    def rendered(self) -> Rendered:
        """The page as it was rendered when the text was saved (no Markdown is parsed)."""
        made_safe = mark_safe(self.html)  # noqa: S308 (cleaned by nh3 when rendered)
        return Rendered(html=made_safe, headings=_headings(self.headings))


def _headings(kept: list[list[str]]) -> tuple[Heading, ...]:
    return tuple(Heading(name=name, anchor=anchor) for name, anchor in kept)


def headings_of(league_id: int) -> tuple[Heading, ...]:
    """The headings of the league's house rules (none if it has none), as kept when saved."""
    kept = HouseRules.objects.filter(league_id=league_id).values_list("headings", flat=True)
    return _headings(kept.first() or [])
