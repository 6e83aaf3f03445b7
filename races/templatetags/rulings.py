"""The rulings of a round, for the round page (templates/league/round.html): league's page
cannot import races, so it loads this tag, and its rulings come in one query."""

from __future__ import annotations

from typing import Any

from django import template

from ..models.rulings import Ruling

register = template.Library()


@register.inclusion_tag("races/_round_rulings.html")
def round_rulings(round_: Any) -> dict[str, Any]:
    """The round's rulings made at the table, by entry (none for a round not run there)."""
    rulings = list(Ruling.objects.of_round(round_.pk)) if round_.status != "scheduled" else []
    return {"rulings": rulings, "round": round_}


@register.simple_tag
def rulings_by_event(events: Any) -> dict[int, Ruling]:
    """The rulings of `events` (a page of a race's log), by event id, in one query."""
    ids = [event.pk for event in events]
    return {ruling.event_id: ruling for ruling in Ruling.objects.filter(event_id__in=ids)}


@register.filter
def ruling_of(by_event: dict[int, Ruling], event_id: int) -> Ruling | None:
    return by_event.get(event_id)
