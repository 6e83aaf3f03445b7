"""The referee's ruling attached at the table to the entry just made (races/models/rulings.py)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from league.models.house_rules import headings_of
from league.services.common import for_update, insert_once, league_for_write
from league.services.errors import AlreadyDone

from ..models import Race
from ..models.rulings import MOST_CHARACTERS, Ruling
from .entries import RACE_COMMITTED, RACE_GONE, STALE_RACE, StaleRace, undo_target

RULING_EMPTY = gettext_noop("Write the ruling: a sentence the table agreed on.")
RULING_TOO_LONG = gettext_noop(
    "A ruling is a sentence or two: at most {most} characters (this is {length})."
)
NO_ENTRY_YET = gettext_noop(
    "Nothing has been entered at the table yet: a ruling goes with an entry."
)
NO_SUCH_HEADING = gettext_noop(
    "The house rules have no heading {heading!r} (any more): pick one of their headings, or none."
)
RULING_UNPRINTABLE = gettext_noop("A ruling is words: it cannot hold a NUL character (\\x00).")
RULING_MADE_ALREADY = gettext_noop("This ruling is attached to entry #{seq} already.")
ENTRY_RULED_ALREADY = gettext_noop(
    "Entry #{seq} has a ruling already ({text!r}): one ruling an entry. Nothing was saved."
)


@transaction.atomic
def ruling_add(
    *, race: Race, text: str, heading: str, expected_version: int, made_by=None
) -> Ruling:
    """Attach the ruling `text` (naming the house rules' `heading`, or "") to the referee's
    latest entry in the race's log, the one undo would take back, if the race is still at the
    version the form was built on: a race moved on since (an entry, an undo) is a StaleRace, so a
    ruling never lands on an entry the referee did not see. The same ruling again is AlreadyDone
    (a double tap); the race's version does not move (a ruling changes nothing at the table)."""
    league_for_write(race.round.season.league)
    locked = for_update(Race, of=("self",)).filter(pk=race.pk).defer("setup", "state").first()
    if locked is None:
        raise StaleRace(gettext(RACE_GONE))
    text, heading = " ".join(text.split()), " ".join(heading.split())
    entry = undo_target(locked)
    if entry is not None:
        made = Ruling.objects.filter(event=entry).first()
        if made is not None:
            if (made.text, made.heading) == (text, heading):
                raise AlreadyDone(gettext(RULING_MADE_ALREADY).format(seq=entry.seq), done=locked)
            raise ValidationError(
                gettext(ENTRY_RULED_ALREADY).format(seq=entry.seq, text=made.text)
            )
    if locked.is_committed:
        raise ValidationError(gettext(RACE_COMMITTED))
    if locked.version != expected_version:
        raise StaleRace(gettext(STALE_RACE).format(current=locked.seq))
    if entry is None:
        raise ValidationError(gettext(NO_ENTRY_YET))
    if not text:
        raise ValidationError(gettext(RULING_EMPTY))
    if "\x00" in text or "\x00" in heading:
        raise ValidationError(gettext(RULING_UNPRINTABLE))
    if len(text) > MOST_CHARACTERS:
        raise ValidationError(
            gettext(RULING_TOO_LONG).format(most=MOST_CHARACTERS, length=len(text))
        )
    league_id = race.round.season.league_id
    if heading and heading not in {found.name for found in headings_of(league_id)}:
        raise ValidationError(gettext(NO_SUCH_HEADING).format(heading=heading))
    # Rulings of entries undo took back name events gone from the log: cleared here.
    Ruling.objects.filter(race=locked).exclude(event__in=locked.events.values("pk")).delete()
    ruling = Ruling(race=locked, event=entry, text=text, heading=heading, made_by=made_by)
    ruling.full_clean(exclude=["race", "event", "made_by"])

    def clash() -> None:
        raise AlreadyDone(gettext(RULING_MADE_ALREADY).format(seq=entry.seq), done=locked)

    return insert_once(ruling, clash)
