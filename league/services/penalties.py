"""A season's points adjustments (a penalty or a bonus for a driver or a team, in a round or for
the season, with its reason) and which of its results count (drop rounds): its organiser's,
each form carrying the season's standings version (docs/rulings.md, "Penalties, points
adjustments and drop rounds")."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from ..models import Driver, DropRule, PointsAdjustment, Round, RoundStatus, Season
from .common import for_update, league_for_write
from .errors import AlreadyDone, StaleSeason

ORGANISERS_ONLY = gettext_noop("Only the league's organisers give or take points.")
NO_POINTS = gettext_noop(
    "An adjustment of 0 points changes nothing: enter the points to give (+) or take (-)."
)
TOO_MANY_POINTS = gettext_noop("An adjustment is at most {most} points either way.")
NO_REASON = gettext_noop("Say why: the reason is shown with the adjustment on the season page.")
ONE_COMPETITOR = gettext_noop("Choose a driver or a team (one of them).")
UNKNOWN_DRIVER = gettext_noop("There is no such driver in this league.")
UNKNOWN_TEAM = gettext_noop("There is no such team in this league.")
UNKNOWN_ROUND = gettext_noop("Season {season} has no round {round}.")
ROUND_NOT_RACED = gettext_noop(
    "Round {round} has not been raced yet: give the adjustment once it has."
)
UNKNOWN_ADJUSTMENT = gettext_noop("That adjustment is not in this season (removed already?).")
ADJUSTMENT_ALREADY = gettext_noop("This adjustment is entered already: here it is.")
STANDINGS_CHANGED = gettext_noop(
    "Someone else changed this season's adjustments or counted results first (another tab or "
    "device): here they are as they stand now. Enter again what still applies."
)
DROPS_ALREADY = gettext_noop("The season counts its results so already.")
DROPS_BEST_RANGE = gettext_noop(
    "Count between 1 and {rounds} results (the season has {rounds} rounds)."
)
DROPS_WORST_RANGE = gettext_noop(
    "Drop between 1 and {most} results (the season has {rounds} rounds)."
)
# The most points an adjustment gives or takes: more than any season scores.
MOST_POINTS = 10_000
NO_SUCH_DROP_RULE = gettext_noop("No such way to count results: {rule!r}.")


def _season_locked(season: Season, user) -> Season:
    league = league_for_write(season.league)
    if user is not None and not league.can_manage(user):
        raise PermissionDenied(gettext(ORGANISERS_ONLY))
    locked = for_update(Season).get(pk=season.pk)
    locked.league = league
    return locked


@transaction.atomic
def adjustment_add(
    *,
    season: Season,
    user,
    expected_version: int,
    points: int,
    reason: str,
    driver_id: int | None = None,
    team_id: int | None = None,
    round_number: int | None = None,
) -> PointsAdjustment:
    """Give (`points` above 0) or take (below 0) points from a driver or a team of the league,
    in a raced round of `season` (`round_number`) or for the season, with the `reason` shown
    publicly. The same adjustment again on the form built before the first is AlreadyDone (a
    double tap); another form built before a change is StaleSeason."""
    season = _season_locked(season, user)
    reason = " ".join(reason.split())
    if points == 0:
        raise ValidationError(gettext(NO_POINTS))
    if abs(points) > MOST_POINTS:
        raise ValidationError(gettext(TOO_MANY_POINTS).format(most=MOST_POINTS))
    if not reason:
        raise ValidationError(gettext(NO_REASON))
    if (driver_id is None) == (team_id is None):
        raise ValidationError(gettext(ONE_COMPETITOR))
    league = season.league
    driver = team = None
    if driver_id is not None:
        driver = Driver.objects.filter(team__league=league, pk=driver_id).first()
        if driver is None:
            raise ValidationError(gettext(UNKNOWN_DRIVER))
    elif team_id is not None:
        team = league.teams.filter(pk=team_id).first()
        if team is None:
            raise ValidationError(gettext(UNKNOWN_TEAM))
    round_ = None
    if round_number is not None:
        round_ = Round.objects.filter(season=season, number=round_number).first()
        if round_ is None:
            raise ValidationError(
                gettext(UNKNOWN_ROUND).format(season=season.number, round=round_number)
            )
        if round_.status != RoundStatus.FINISHED:
            raise ValidationError(gettext(ROUND_NOT_RACED).format(round=round_number))
    if season.standings_version != expected_version:
        latest = season.adjustments.order_by("-pk").first()
        if latest is not None and (
            latest.driver_id,
            latest.team_id,
            latest.round_id,
            latest.points,
            latest.reason,
            latest.made_by_id,
        ) == (
            driver_id,
            team_id,
            round_.pk if round_ else None,
            points,
            reason,
            getattr(user, "pk", None),
        ):
            raise AlreadyDone(gettext(ADJUSTMENT_ALREADY), done=latest)
        raise StaleSeason(gettext(STANDINGS_CHANGED))
    adjustment = PointsAdjustment(
        season=season,
        round=round_,
        driver=driver,
        team=team,
        points=points,
        reason=reason,
        made_by=user if getattr(user, "pk", None) else None,
    )
    adjustment.full_clean()
    adjustment.save()
    _moved_on(season)
    return adjustment


@transaction.atomic
def adjustment_remove(*, season: Season, user, expected_version: int, adjustment_id: int) -> Season:
    """Take back an adjustment of `season` (entered by mistake, or overturned on appeal)."""
    season = _season_locked(season, user)
    adjustment = season.adjustments.filter(pk=adjustment_id).first()
    if adjustment is None:
        if season.standings_version != expected_version:
            raise AlreadyDone(gettext(UNKNOWN_ADJUSTMENT), done=season)
        raise ValidationError(gettext(UNKNOWN_ADJUSTMENT))
    if season.standings_version != expected_version:
        raise StaleSeason(gettext(STANDINGS_CHANGED))
    adjustment.delete()
    _moved_on(season)
    return season


@transaction.atomic
def season_drops_set(
    *,
    season: Season,
    user,
    expected_version: int,
    rule: str,
    number: int = 0,
    countback_reads_dropped: bool = False,
    adjustments_dropped_with_round: bool = False,
) -> Season:
    """Which of the season's results count: every one, the best `number`, or all but the worst
    `number`; and how countback and a dropped round's adjustments are read."""
    season = _season_locked(season, user)
    rounds = season.rounds.count()
    if rule not in DropRule.values:
        raise ValidationError(gettext(NO_SUCH_DROP_RULE).format(rule=rule))
    if rule == DropRule.ALL:
        number = 0
    elif rule == DropRule.BEST and not 1 <= number <= rounds:
        raise ValidationError(gettext(DROPS_BEST_RANGE).format(rounds=rounds))
    elif rule == DropRule.WORST and not 1 <= number < rounds:
        raise ValidationError(gettext(DROPS_WORST_RANGE).format(most=rounds - 1, rounds=rounds))
    chosen = (rule, number, countback_reads_dropped, adjustments_dropped_with_round)
    if chosen == _drops(season):
        raise AlreadyDone(gettext(DROPS_ALREADY), done=season)
    if season.standings_version != expected_version:
        raise StaleSeason(gettext(STANDINGS_CHANGED))
    (
        season.drop_rule,
        season.drop_number,
        season.countback_reads_dropped,
        season.adjustments_dropped_with_round,
    ) = chosen
    season.full_clean(validate_unique=False, validate_constraints=False)
    season.save(update_fields=[*DROP_FIELDS])
    _moved_on(season)
    return season


DROP_FIELDS = (
    "drop_rule",
    "drop_number",
    "countback_reads_dropped",
    "adjustments_dropped_with_round",
)


def _drops(season: Season) -> tuple[str, int, bool, bool]:
    return (
        season.drop_rule,
        season.drop_number,
        season.countback_reads_dropped,
        season.adjustments_dropped_with_round,
    )


def _moved_on(season: Season) -> None:
    season.standings_version += 1
    season.save(update_fields=["standings_version"])
