"""Drivers: hired, a home track, a driver card."""

from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from rules.championship import (
    InvalidSetting,
)

from ..models import (
    Driver,
    League,
    Round,
    RoundStatus,
    Team,
    Track,
)
from .common import for_update, insert_once, league_for_write, refuse
from .errors import AlreadyDone, StaleDriverCard

DRIVER_NAME_TAKEN = gettext_noop(
    "A driver called {name!r} already races in this league, for {team}."
)
NO_HOME_TRACKS = gettext_noop("{rules} has no home tracks.")
HOME_TRACK_DURING_RACE = gettext_noop(
    "A home track is set before a race, not while round {number} is under way."
)
NO_DRIVER_CARDS = gettext_noop("{rules} has no driver cards.")
DRIVER_CARD_CHANGED = gettext_noop(
    "Someone changed {driver}'s driver card first: here it is as it stands now. Enter yours "
    "again if it still applies."
)
DRIVER_CARD_ALREADY = gettext_noop("{driver}'s driver card is already as asked.")
# {error}: why the rule set refuses the card, in the reader's language (the rules' words).
DRIVER_CARD_REFUSED = gettext_noop("{driver}'s driver card: {error}")
HIRE_DURING_RACE = gettext_noop(
    "New drivers are hired before a race, not while round {number} is under way."
)


def _round_in_progress(league: League) -> Round | None:
    return (
        Round.objects.filter(season__league=league, status=RoundStatus.STARTED)
        .order_by("season__number", "number")
        .first()
    )


@transaction.atomic
def driver_hire(*, team: Team, name: str) -> Driver:
    """Hire a rookie: age one, zero experience ("New Drivers"), never during a race."""
    league_for_write(team.league)
    check_no_round_in_progress(team.league)
    return driver_add(team, name)


@transaction.atomic
def driver_home_track_set(*, driver: Driver, track: Track | None) -> Driver:
    """Set (or clear, with None) the track where `driver` races with the home-track bonus, in a
    league whose rule set has home tracks; never while a race is under way, whose cars are set."""
    league = league_for_write(driver.team.league)
    if not league.rules.home_tracks:
        raise ValidationError(gettext(NO_HOME_TRACKS).format(rules=league.rules.title))
    in_progress = _round_in_progress(league)
    if in_progress is not None:
        raise ValidationError(gettext(HOME_TRACK_DURING_RACE).format(number=in_progress.number))
    driver.home_track = track
    driver.full_clean()
    driver.save(update_fields=["home_track"])
    return driver


@transaction.atomic
def driver_card_set(*, driver: Driver, card: Mapping[str, object], expected_version: int) -> Driver:
    """Give `driver` the driver card `card` (its skill and WP by zone, as the form gives them;
    all blank for none), in a league whose rule set has driver cards (Formula D's road races).
    A race takes the card its driver has when it starts. The same card posted twice is set once
    (AlreadyDone); a form built on an older version of the card is refused (StaleDriverCard)."""
    league_for_write(driver.team.league)  # refused while the league is archived
    driver = for_update(Driver).select_related("team__league").get(pk=driver.pk)
    rules = driver.team.league.rules
    if not rules.driver_card_skills:
        raise ValidationError(gettext(NO_DRIVER_CARDS).format(rules=rules.title))
    try:
        stored = rules.validated_driver_card(card)
    except InvalidSetting as error:
        raise ValidationError(
            gettext(DRIVER_CARD_REFUSED).format(driver=driver, error=error)
        ) from None
    if stored == driver.driver_card:
        raise AlreadyDone(gettext(DRIVER_CARD_ALREADY).format(driver=driver), done=driver)
    if driver.card_version != expected_version:
        raise StaleDriverCard(gettext(DRIVER_CARD_CHANGED).format(driver=driver))
    driver.driver_card = stored
    driver.card_version += 1
    driver.full_clean()
    driver.save(update_fields=["driver_card", "card_version"])
    return driver


def check_no_round_in_progress(league: League) -> None:
    in_progress = _round_in_progress(league)
    if in_progress is not None:
        raise ValidationError(gettext(HIRE_DURING_RACE).format(number=in_progress.number))


def driver_add(team: Team, name: str) -> Driver:
    """A new driver on `team`, named as no other driver of the league, past or present: the
    standings and the history tell drivers apart by name. The caller holds the league lock."""
    name = name.strip()
    namesake = (
        Driver.objects.filter(team__league_id=team.league_id, name__iexact=name)
        .select_related("team")
        .first()
    )
    if namesake is not None:
        raise ValidationError(gettext(DRIVER_NAME_TAKEN).format(name=name, team=namesake.team))
    driver = Driver(team=team, name=name)
    driver.full_clean()
    return insert_once(
        driver, lambda: refuse(gettext(DRIVER_NAME_TAKEN).format(name=name, team=team))
    )
