"""A season opened on a schedule, and its setup (RBB: its wear points)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from rules.championship import InvalidSetting

from ..models import (
    League,
    Round,
    RoundStatus,
    Season,
    Track,
)
from .common import for_update, league_for_write
from .errors import AlreadyDone, StaleSeason
from .rule_sets import league_rules_move, rules_named
from .schedules import season_rounds_make, season_schedule

SEASON_NOT_ENDED = gettext_noop(
    "Season {number} has not ended yet: end it before opening the next one."
)
SEASON_EXISTS = gettext_noop("Season {number} is already open (on {schedule}): here it is.")
NO_SEASON_SETUP = gettext_noop("{rules} sets up nothing per season.")
SEASON_SETUP_RACED = gettext_noop(
    "Season {number}'s setup can no longer change: round {round} has started, and every race "
    "of a season starts on the same setup."
)
SEASON_SETUP_ALREADY = gettext_noop("Season {number} is already set up so.")
SEASON_SETUP_CHANGED = gettext_noop(
    "Someone else changed this season's setup first (another tab or device): here it is as it "
    "stands now. Enter again what still applies."
)


@transaction.atomic
def season_open(
    *,
    league: League,
    preset: str = "",
    tracks: Sequence[Track] | None = None,
    number: int | None = None,
    ruleset: str = "",
) -> Season:
    """Open the league's next season on a sample schedule (`preset`) or on `tracks` in order,
    under `ruleset` (the league's own if left out; another moves the league to it, carrying
    over what fits: league/services/rule_sets.py). `number`: the season the asking page meant
    to open; if it is open already, that season is the answer (AlreadyDone)."""
    locked = league_for_write(league)
    if number is not None:
        opened = locked.seasons.filter(number=number).first()
        if opened is not None:
            schedule = opened.preset or "a schedule of its own"
            raise AlreadyDone(
                gettext(SEASON_EXISTS).format(number=number, schedule=schedule), done=opened
            )
    previous = locked.current_season()
    if previous is not None and not previous.is_ended:
        raise ValidationError(gettext(SEASON_NOT_ENDED).format(number=previous.number))
    rules = rules_named(ruleset) if ruleset else locked.rules
    tracks = season_schedule(rules, preset, tracks)
    league_rules_move(locked, rules)
    # The caller's league is the one the season is opened in: it follows the move.
    league.ruleset, league.settings = locked.ruleset, locked.settings
    league.settings_version = locked.settings_version
    season = Season.objects.create(
        league=league,
        number=previous.number + 1 if previous else 1,
        preset=preset,
        ruleset=rules.name,
    )
    season_rounds_make(season, rules, tracks)
    return season


def season_setup_refusal(
    season: Season, rounds: Iterable[Round] | None = None, *, lock: bool = False
) -> str | None:
    """Why the season's setup may not change now, or None: every race of a season starts on
    the same setup, so it changes only before the season's first race starts (docs/rulings.md,
    "The wear-point setup"). `rounds`: the season's rounds, if the caller has them; `lock`: the
    caller writes the setup, and a round started meanwhile must wait for it (or it for the
    round)."""
    if not season.rules.season_setup:
        return gettext(NO_SEASON_SETUP).format(rules=season.rules.title)
    if rounds is None:
        rounds = Round.objects.filter(season=season).order_by("number").only("number", "status")
        if lock:
            rounds = for_update(rounds)
    started = next((r for r in rounds if r.status != RoundStatus.SCHEDULED), None)
    if started is None:
        return None
    return gettext(SEASON_SETUP_RACED).format(number=season.number, round=started.number)


@transaction.atomic
def season_setup_set(
    *, season: Season, setup: Mapping[str, object], expected_version: int | None = None
) -> Season:
    """Give the season the setup `setup` (its rule set checks every number), before its first
    race starts. The setup it has already is AlreadyDone (a double tap); a page built on an
    older setup is StaleSeason."""
    league = league_for_write(season.league)
    season = for_update(Season).get(pk=season.pk)
    season.league = league
    rules = season.rules
    if not rules.season_setup:
        raise ValidationError(gettext(NO_SEASON_SETUP).format(rules=rules.title))
    try:
        chosen = rules.validated_season_setup(setup)
    except InvalidSetting as error:
        raise ValidationError(str(error).splitlines()) from error
    if chosen == season.race_setup:
        raise AlreadyDone(gettext(SEASON_SETUP_ALREADY).format(number=season.number), done=season)
    if expected_version is not None and season.setup_version != expected_version:
        raise StaleSeason(gettext(SEASON_SETUP_CHANGED))
    if refusal := season_setup_refusal(season, lock=True):
        raise ValidationError(refusal)
    season.setup = chosen
    season.setup_version += 1
    season.full_clean(validate_unique=False, validate_constraints=False)
    season.save(update_fields=["setup", "setup_version"])
    return season
