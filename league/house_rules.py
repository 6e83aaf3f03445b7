"""A league's house rules: a page its organiser writes in Markdown, shown to whoever may see the
league, and the headings a referee's ruling at the table may name (races/rulings.py).

The text is kept as written; the page shows it as HTML made safe in two steps: Markdown with its
raw HTML turned off (a `<script>` typed in the rules is shown as text), then nh3, which keeps only
the tags and attributes below and links to the web or to an address (no `javascript:`).
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

import markdown
import nh3
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from markdown.extensions.toc import slugify

# The longest house rules a league keeps (some twenty printed pages).
MOST_CHARACTERS = 50_000
# Each heading's anchor on the page starts so, to keep apart from the page's own ids.
ANCHOR_PREFIX = "rule-"

TAGS = {
    *(f"h{level}" for level in range(1, 7)),
    "p",
    "br",
    "hr",
    "em",
    "strong",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
}
ATTRIBUTES = {
    **{f"h{level}": {"id"} for level in range(1, 7)},
    "a": {"href", "title"},
    "ol": {"start"},
}
URL_SCHEMES = {"http", "https", "mailto"}


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

    class Meta:
        verbose_name_plural = "house rules"

    def __str__(self) -> str:
        return f"House rules of {self.league}"

    def get_absolute_url(self) -> str:
        return reverse("league:house_rules", args=[self.league.slug])

    def rendered(self) -> Rendered:
        return render(self.text)


@dataclass(frozen=True)
class Heading:
    """A heading of the house rules: its words and its anchor on the page."""

    name: str
    anchor: str


@dataclass(frozen=True)
class Rendered:
    html: SafeString
    headings: tuple[Heading, ...]

    def anchor_of(self, name: str) -> str:
        """The anchor of the first heading called `name`, or "" if the rules have none."""
        return next((heading.anchor for heading in self.headings if heading.name == name), "")


def _anchor(value: str, separator: str) -> str:
    return ANCHOR_PREFIX + slugify(value, separator)


def render(text: str) -> Rendered:
    """`text` (Markdown) as safe HTML, with its headings in order (each name once)."""
    converter = markdown.Markdown(
        extensions=["toc", "tables", "sane_lists"],
        extension_configs={"toc": {"slugify": _anchor}},
    )
    # Raw HTML is shown as text, never passed on (nh3 would strip what is left anyway).
    converter.preprocessors.deregister("html_block")
    converter.inlinePatterns.deregister("html")
    converted = converter.convert(text)
    cleaned = nh3.clean(
        converted, tags=TAGS, attributes=ATTRIBUTES, url_schemes=URL_SCHEMES, strip_comments=True
    )
    headings: list[Heading] = []
    seen: set[str] = set()
    for token in _flat(getattr(converter, "toc_tokens", [])):
        name = " ".join(html.unescape(token["name"]).split())
        if name and name not in seen:
            seen.add(name)
            headings.append(Heading(name=name, anchor=token["id"]))
    return Rendered(html=mark_safe(cleaned), headings=tuple(headings))  # noqa: S308 (nh3-cleaned)


def _flat(tokens: list[dict[str, Any]]) -> list[dict[str, Any]]:
    flat = []
    for token in tokens:
        flat.append(token)
        flat.extend(_flat(token.get("children", [])))
    return flat


def headings_of(league_id: int) -> tuple[Heading, ...]:
    """The headings of the league's house rules (none if it has none)."""
    text = HouseRules.objects.filter(league_id=league_id).values_list("text", flat=True).first()
    return render(text).headings if text else ()
