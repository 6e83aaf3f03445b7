"""The last confirmed round reopened to be corrected: what its confirmation did, taken back."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext, gettext_noop, pgettext

from ..models import (
    Driver,
    Entry,
    Round,
    RoundStatus,
)
from ..models.teams import status_words
from .common import for_update
from .errors import AlreadyDone
from .results import RESULT_FIELDS
from .rounds import check_round_version, round_advance, round_for_write
from .season_end import SEASON_ALREADY_ENDED
from .table import TheRace, table

ROUND_NOT_CONFIRMED = gettext_noop("Round {number} has no confirmed result to reopen.")
ROUND_NOT_LAST = gettext_noop(
    "Only the last confirmed round reopens: round {later} has started since round {number} "
    "was confirmed. Cancel its start first, or reopen it instead."
)
ROUND_CONFIRMED_UNKEPT = gettext_noop(
    "Round {number} was confirmed before Paddock kept what a confirmation changes: it cannot "
    "be taken back exactly, so it is not reopened."
)
ROUND_REOPENED = gettext_noop("Round {number} is open again already: correct it and confirm it.")


def round_reopen_refusal(round_: Round) -> str | None:
    """Why `round_`'s confirmed result may not be reopened, or None: only the last confirmed
    round of a season still running, confirmed since Paddock keeps what a confirmation did.
    A round brought in from the league's spreadsheet changed no career (docs/importing.md):
    it reopens whenever it is confirmed, in a season ended or not, whatever was raced after."""
    if round_.imported:
        if round_.status != RoundStatus.FINISHED:
            return gettext(ROUND_NOT_CONFIRMED).format(number=round_.number)
        return None
    if round_.season.is_ended:
        return gettext(SEASON_ALREADY_ENDED)
    if round_.status != RoundStatus.FINISHED:
        return gettext(ROUND_NOT_CONFIRMED).format(number=round_.number)
    later = (
        round_.season.rounds.filter(number__gt=round_.number)
        .exclude(status=RoundStatus.SCHEDULED)
        .order_by("number")
        .first()
    )
    if later is not None:
        return gettext(ROUND_NOT_LAST).format(number=round_.number, later=later.number)
    if not round_.result_changes.exists():
        return gettext(ROUND_CONFIRMED_UNKEPT).format(number=round_.number)
    return None


@dataclass(frozen=True)
class TakenBack:
    """What reopening a round takes back, in words, to ask first: each starter's points, and
    each driver's career as it goes back to before the confirmation."""

    points: tuple[tuple[str, int], ...]
    careers: tuple[tuple[str, tuple[str, ...]], ...]


def reopen_summary(round_: Round) -> TakenBack:
    entries = round_.entries.select_related("driver").order_by("place", "pk")
    careers = []
    for change in round_.result_changes.select_related("driver"):
        driver, words = change.driver, []
        if driver.xp != change.xp_before:
            words.append(
                gettext("XP {now} back to {before}").format(now=driver.xp, before=change.xp_before)
            )
        if driver.races_to_miss != change.races_to_miss_before:
            words.append(
                gettext("races to miss {now} back to {before}").format(
                    now=driver.races_to_miss, before=change.races_to_miss_before
                )
            )
        if driver.prior_injuries != change.prior_injuries_before:
            words.append(
                gettext("prior injuries {now} back to {before}").format(
                    now=driver.prior_injuries, before=change.prior_injuries_before
                )
            )
        if driver.status != change.status_before:
            words.append(
                # Translators: a driver's status now and as it goes back to ("retired back to
                # active"), each its words within a sentence.
                pgettext("a driver's status", "{now} back to {before}").format(
                    now=status_words(driver.status), before=status_words(change.status_before)
                )
            )
        if words:
            careers.append((driver.name, tuple(words)))
    return TakenBack(
        points=tuple((entry.driver.name, entry.points) for entry in entries),
        careers=tuple(careers),
    )


@transaction.atomic
def round_reopen(*, round_: Round, expected_version: int) -> TheRace | None:
    """Take back everything confirming the last confirmed round did, as kept when it was
    confirmed (points, XP, injuries, races to miss, healing, retirement), and open it to be
    entered again, however it was run. A round run by hand keeps its result as typed, to
    correct and confirm; a round run at the table loses it, as its race writes it again when
    committed: the race keeps its log and snapshot and is open again, for the referee to undo
    what needs correcting and commit it again. The race, if any. Reopened twice: AlreadyDone."""
    round_ = round_for_write(round_, None)
    if round_.status == RoundStatus.STARTED:
        raise AlreadyDone(gettext(ROUND_REOPENED).format(number=round_.number), done=round_)
    check_round_version(round_, expected_version)
    # Locked as round_start locks a round: the next round cannot start meanwhile.
    list(for_update(round_.season.rounds.filter(number__gt=round_.number)))
    refusal = round_reopen_refusal(round_)
    if refusal:
        raise ValidationError(refusal)
    changes = {change.driver_id: change for change in round_.result_changes.all()}
    drivers = for_update(Driver).in_bulk(list(changes))
    for driver_id, change in changes.items():
        driver = drivers[driver_id]
        driver.xp, driver.prior_injuries = change.xp_before, change.prior_injuries_before
        driver.races_to_miss, driver.status = change.races_to_miss_before, change.status_before
    Driver.objects.bulk_update(
        drivers.values(), ["xp", "prior_injuries", "races_to_miss", "status"]
    )
    entries = list(round_.entries.all())
    for entry in entries:
        # An imported round's confirmation changed no career, and kept nothing to take back.
        entry.xp_change = 0 if round_.imported else changes[entry.driver_id].entry_xp_change_before
        entry.points, entry.severity, entry.injured, entry.dead = 0, 0, False, False
        if round_.run_at_table:
            entry.place = entry.finished = entry.distance = entry.overshoot = None
            entry.damage, entry.out_reason = None, ""
            entry.injury_columns, entry.injury_rolls = [], []
    Entry.objects.bulk_update(
        entries, ["points", "xp_change", "severity", "injured", "dead", *RESULT_FIELDS]
    )
    round_.result_changes.all().delete()
    round_.status = RoundStatus.STARTED
    round_.finished_at = None
    round_advance(round_, "status", "finished_at")
    return table().reopen(round_=round_) if round_.run_at_table else None
