"""A league's house rules written by its organiser (league/models/house_rules.py)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from config.wording import grouped

from ..models import League
from ..models.house_rules import MOST_CHARACTERS, HouseRules
from .common import for_update, league_for_write
from .errors import AlreadyDone, Stale

HOUSE_RULES_TOO_LONG = gettext_noop(
    "The house rules are {length:,} characters long: a league keeps at most {most:,}. "
    "Shorten them (nothing was saved)."
)
HOUSE_RULES_UNPRINTABLE = gettext_noop(
    "The house rules hold a NUL character (\\x00), which no page shows: take it out."
)
HOUSE_RULES_ALREADY = gettext_noop("The house rules say that already: nothing changed.")
HOUSE_RULES_CHANGED = gettext_noop(
    "Someone else saved the house rules while you were writing: here they are as they stand "
    "now. Nothing of yours was saved; copy your changes in again."
)


class StaleHouseRules(Stale):
    """The edit form was built on an older version of the house rules."""


@transaction.atomic
def house_rules_set(*, league: League, text: str, expected_version: int) -> HouseRules:
    """Save `text` (Markdown) as the league's house rules, if they are still at the version the
    form was built on (0: none written yet). The same text again is AlreadyDone (a double tap,
    or a second tab saving the same), whatever version it was built on."""
    league = league_for_write(league)
    text = text.replace("\r\n", "\n").strip()
    if len(text) > MOST_CHARACTERS:
        raise ValidationError(
            gettext(HOUSE_RULES_TOO_LONG).format(
                length=grouped(len(text)), most=grouped(MOST_CHARACTERS)
            )
        )
    if "\x00" in text:
        raise ValidationError(gettext(HOUSE_RULES_UNPRINTABLE))
    stored = for_update(HouseRules).filter(league=league).first()
    rules = stored if stored is not None else HouseRules(league=league)
    rules.league = league
    if rules.text == text and (stored is not None or not text):
        raise AlreadyDone(gettext(HOUSE_RULES_ALREADY), done=rules)
    if rules.version != expected_version:
        raise StaleHouseRules(gettext(HOUSE_RULES_CHANGED))
    rules.text = text
    rules.version += 1
    rules.full_clean()
    rules.updated = timezone.now()
    rules.save()
    return rules
