"""The log's lines in the reader's language.

The log keeps events; each row's `text` is the line its entry said in English
(races/services/entries.py), which an English reader is shown as it is. For another language the
lines are said again: each event applied to the state before it (the snapshot kept with the
referee's entry at or before the first line shown, then the events from there) and put in words
by the rule set (`engine.describe`) in the reader's language (rules/language.py). The rows are
the page's own, read for it and never saved: their `text` is set for the page to show.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules import engine
from rules import language as rules_language
from rules.engine import Event, EventRejected, RaceState

from ..models import RaceEvent


def in_readers_words(race_id: int, events: Sequence[RaceEvent]) -> None:
    """The lines of `events` (the latest of race `race_id`, in order) in the reader's language;
    as kept (English) for an English reader. Two queries, and the events from the snapshot
    before the first line applied again."""
    reader = rules_language.spoken()
    if not reader or not events:
        return
    first = events[0].seq
    anchor = (
        RaceEvent.objects.filter(race_id=race_id, seq__lte=first, state_before__isnull=False)
        .order_by("-seq")
        .values_list("seq", "state_before")
        .first()
    )
    if anchor is None:
        return  # a log from before snapshots were kept: its English lines stay
    since, snapshot = anchor
    earlier = list(
        RaceEvent.objects.filter(race_id=race_id, seq__gte=since, seq__lt=first)
        .order_by("seq")
        .values_list("kind", "payload")
    )
    try:
        state = engine.state_from_dict(snapshot)
        for kind, payload in earlier:
            state = _applied(state, Event(kind, payload))
        said_again(state, events)
    except Unreplayable:
        return


def said_again(before: RaceState, events: Sequence[RaceEvent]) -> None:
    """`events` (in order, the first applied to `before`) in the reader's words; all as kept
    if the log does not replay (Unreplayable)."""
    state = before
    said = []
    for row in events:
        event = Event(row.kind, row.payload)
        after = _applied(state, event)
        said.append(engine.describe(state, event, after))
        state = after
    for row, words in zip(events, said, strict=True):
        if words:
            row.text = words[:300]


def _applied(state: RaceState, event: Event) -> RaceState:
    # In English as it was entered: the state keeps no reader's sentence.
    with rules_language.speaking("en"):
        try:
            return engine.apply(state, event)[0]
        except EventRejected:  # a log its rules no longer replay: its lines stay as kept
            raise Unreplayable from None


class Unreplayable(Exception):
    """The kept log does not replay (its rules changed since): its lines stay as kept."""
