"""A round's own settings before it starts (its format, race options and session), and what
every write to a round shares: the round locked at the version its page was built on
(round_for_write), and its version advanced with what changed (round_advance)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from rules.championship import (
    InvalidSetting,
)

from ..models import (
    Round,
    RoundStatus,
)
from .common import for_update, league_for_write
from .errors import StaleRound

ROUND_ALREADY_ENTERED = gettext_noop("Round {number} already has its result.")
ROUND_NOT_STARTED = gettext_noop("Round {number} has not started: choose its starters first.")
RACE_FORMAT_UNKNOWN = gettext_noop("{rules} has no race format {format!r}.")
RACE_FORMAT_STARTED = gettext_noop("Round {number} has started: its format can no longer change.")
NO_RACE_OPTIONS = gettext_noop("{rules} has no options a single race may switch.")
RACE_OPTIONS_STARTED = gettext_noop(
    "Round {number} has started: the options its race runs with can no longer change."
)
ROUND_CHANGED = gettext_noop(
    "Someone else changed this round first (another tab or device): here it is as it stands "
    "now. Enter again what still applies."
)
ROUND_AT_TABLE = gettext_noop(
    "Round {number} is being run with the turn helper: its result comes from the table. To type "
    "it in here instead, choose 'Enter the result by hand instead' first (the table's race is "
    "discarded)."
)


def round_for_write(round_: Round, expected_version: int | None, *, by_hand: bool = False) -> Round:
    """`round_` read again and locked, once the page that asks is shown to be built on its
    current version (None: a caller with no page, such as the demo loader or the turn helper's
    commit, which checks its race's version instead); `by_hand` for the round page's own result
    forms, which a round run at the table refuses. The league is locked first, and its data
    version moved on (league_for_write)."""
    league = league_for_write(round_.season.league)
    locked = for_update(Round, of=("self",)).select_related("season").get(pk=round_.pk)
    locked.season.league = league
    if expected_version is not None:
        check_round_version(locked, expected_version)
    if by_hand and locked.run_at_table and locked.status == RoundStatus.STARTED:
        raise ValidationError(gettext(ROUND_AT_TABLE).format(number=locked.number))
    return locked


@transaction.atomic
def round_format_set(
    *, round_: Round, race_format: str, expected_version: int | None = None
) -> Round:
    """Give a round not yet started another of its rule set's race formats (Mini's series: the
    organiser assigns formats instead of taking the document's order)."""
    round_ = round_for_write(round_, expected_version)
    rules = round_.season.rules
    if race_format not in dict(rules.race_formats):
        raise ValidationError(
            gettext(RACE_FORMAT_UNKNOWN).format(rules=rules.title, format=race_format)
        )
    if round_.status != RoundStatus.SCHEDULED:
        raise ValidationError(gettext(RACE_FORMAT_STARTED).format(number=round_.number))
    round_.race_format = race_format
    round_advance(round_, "race_format")
    return round_


@transaction.atomic
def round_race_options_set(
    *, round_: Round, options: Mapping[str, bool | str | None], expected_version: int | None = None
) -> Round:
    """Switch the race options of its rule set (`Setting.race_option`) for one round's race, by
    key: a value races the round so, None as the league says. Only before the round starts: its
    race is set up from them when it starts (races.services.race_setup)."""
    round_ = round_for_write(round_, expected_version)
    if round_.status != RoundStatus.SCHEDULED:
        raise ValidationError(gettext(RACE_OPTIONS_STARTED).format(number=round_.number))
    rules = round_.season.rules
    if not rules.race_option_settings:
        raise ValidationError(gettext(NO_RACE_OPTIONS).format(rules=rules.title))
    switched = {**round_.race_options, **options}
    try:
        round_.race_options = rules.validated_race_options(
            {key: value for key, value in switched.items() if value is not None},
            round_.season.league_settings,
        )
    except InvalidSetting as error:
        raise ValidationError(str(error)) from error
    round_advance(round_, "race_options")
    return round_


@transaction.atomic
def round_session_set(
    *,
    round_: Round,
    starts_at: datetime | None,
    venue: str,
    expected_version: int | None = None,
) -> Round:
    """Schedule the round's race session (when and where it is played) for the league's
    calendar feed; None and "" take the schedule back."""
    round_ = round_for_write(round_, expected_version)
    round_.starts_at = starts_at
    round_.venue = venue.strip()
    round_.full_clean(exclude=["season", "track"])
    round_advance(round_, "starts_at", "venue")
    return round_


def round_advance(round_: Round, *fields: str) -> None:
    """Save `fields` of the round with its next version: every page built before is stale."""
    round_.version += 1
    round_.save(update_fields=["version", *fields])


def check_round_version(round_: Round, expected_version: int) -> None:
    """StaleRound unless `round_` (read under its lock) is at the version the page showed."""
    if round_.version != expected_version:
        raise StaleRound(gettext(ROUND_CHANGED))
