"""A season ended: healing, aging and retirement, its report, and the next season."""

from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Case, Exists, F, OuterRef, Subquery, Value, When
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from rules.championship import (
    DriverSheet,
)

from ..models import (
    Driver,
    DriverStatus,
    Round,
    RoundStatus,
    Season,
    SeasonEndChange,
)
from .common import for_update, league_for_write
from .errors import AlreadyDone
from .seasons import season_open

SEASON_ALREADY_ENDED = gettext_noop("This season has already ended.")
SEASON_NOT_FINISHED = gettext_noop(
    "The season is not finished: round {number} has not been raced yet."
)
SEASON_ENDED_ALREADY = gettext_noop("Season {number} has already ended: here is its report.")


def season_end_refusal(rounds: Iterable[Round]) -> str | None:
    """Why a season of `rounds` may not end yet, or None: every round must be in first."""
    unfinished = sorted(
        (round_ for round_ in rounds if round_.status != RoundStatus.FINISHED),
        key=lambda round_: round_.number,
    )
    return gettext(SEASON_NOT_FINISHED).format(number=unfinished[0].number) if unfinished else None


@transaction.atomic
def season_end(*, season: Season) -> tuple[list[SeasonEndChange], Season]:
    """Heal, age and retire every driver, keep the report, and open the next season."""
    league = league_for_write(season.league)
    season = for_update(Season).get(pk=season.pk)
    season.league = league
    if season.is_ended:
        raise AlreadyDone(gettext(SEASON_ENDED_ALREADY).format(number=season.number), done=season)
    refusal = season_end_refusal(season.rounds.all())
    if refusal:
        raise ValidationError(refusal)
    rules = season.rules
    changes = _age_and_retire(season) if rules.careers else []
    season.ended_at = timezone.now()
    season.save(update_fields=["ended_at"])
    if season.preset:
        next_season = season_open(league=season.league, preset=rules.next_preset(season.preset))
    else:
        next_season = season_open(league=season.league, tracks=season.tracks())
    return changes, next_season


# What a season-end line keeps of the rules' change: the befores and afters, and whether the
# driver retires ("Retirement": below zero XP once the season's losses are taken).
REPORT_FIELDS = (
    "xp_before",
    "xp_after",
    "age_before",
    "age_after",
    "races_to_miss_before",
    "races_to_miss_after",
)


def _age_and_retire(season: Season) -> list[SeasonEndChange]:
    """Healing, aging and retirement for every racing driver, and the report of it.

    A few statements for 10 drivers or 10,000: the report's lines go in with bulk_create (in
    batches of the database's parameter limit) and each driver is then set from their own line
    in one update."""
    rules = season.rules
    drivers = (
        Driver.objects.filter(team__league=season.league)
        .racing()
        .order_by("pk")
        .values_list("pk", "age", "xp", "prior_injuries", "races_to_miss", "status")
    )
    lines = []
    for driver_id, age, xp, prior_injuries, races_to_miss, status in drivers:
        sheet = DriverSheet(
            age=age,
            xp=xp,
            prior_injuries=prior_injuries,
            races_to_miss=races_to_miss,
            status=status,
        )
        change = rules.season_end(sheet)
        report = {name: getattr(change, name) for name in REPORT_FIELDS}
        lines.append(
            SeasonEndChange(
                season_id=season.pk, driver_id=driver_id, retired=change.retires, **report
            )
        )
    SeasonEndChange.objects.bulk_create(lines)
    stored = SeasonEndChange.objects.filter(season_id=season.pk).order_by()
    line = stored.filter(driver_id=OuterRef("pk"))
    Driver.objects.filter(pk__in=stored.values("driver_id")).update(
        xp=Subquery(line.values("xp_after")),
        age=Subquery(line.values("age_after")),
        races_to_miss=Subquery(line.values("races_to_miss_after")),
        status=Case(
            When(Exists(line.filter(retired=True)), then=Value(DriverStatus.RETIRED)),
            default=F("status"),
        ),
    )
    return list(season.end_changes.select_related("driver"))
