"""What the race pages share: finding the race for the one asking (an unpublished league's race is,
to all but its members, no race), who may referee it, and the answers' statuses."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.utils.translation import gettext, gettext_noop
from django_htmx.middleware import HtmxDetails

from config.languages import league_language
from league.models import RUNS_RACES, League, seen_by
from league.services.common import league_writable

from ..models import Race
from ..models.races import LEAGUE

NOTHING_NEW = 204  # htmx swaps nothing (base.html's responseHandling)


BAD_REQUEST = 400


CONFLICT = 409


NOT_A_REFEREE = gettext_noop("Only the league's organiser or a referee may run the race.")


LOGGED_OUT = gettext_noop(
    "You are logged out (on another page, or the session ended): log in again, then tap again "
    "what still applies. Nothing was entered."
)


NO_RACE = gettext_noop(
    "There is no such race. If it was being run at the table, it may have been discarded on the "
    "round page so that the result could be entered by hand."
)


# To one logged out, a race they may not see is no race (its league may be unpublished): a
# referee whose session ended is pointed to the login page, and nobody is told more.
NO_RACE_LOGGED_OUT = gettext_noop(
    "There is no such race. If it was being run at the table, it may have been discarded on the "
    "round page so that the result could be entered by hand. If you run it and were logged out, "
    "log in again."
)


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def race_or_404(race_id: int) -> Race:
    race = (
        Race.objects.select_related("round__season__league", "round__track")
        .filter(pk=race_id)
        .first()
    )
    if race is None:
        raise Http404(gettext(NO_RACE))
    return race


def no_race(request: HttpRequest) -> Http404:
    """The 404 of a race that is not there, or not to be seen by the one asking."""
    return Http404(gettext(NO_RACE if request.user.is_authenticated else NO_RACE_LOGGED_OUT))


def seen_race(request: HttpRequest, race_id: int, *, unread: tuple[str, ...] = ()) -> Race:
    """The race (without its fields `unread`), with its league, if the one asking may see its
    league, else the 404 of a race that is not there: one query, the same for both
    (league.models.seen_by), so an unpublished league's race is, to all but its members, no
    race at all."""
    race = (
        Race.objects.select_related("round__season__league", "round__track")
        .defer(*unread)
        .filter(seen_by(request.user, league=LEAGUE), pk=race_id)
        .first()
    )
    if race is None:
        raise no_race(request)
    league_language(request, race.round.season.league)
    return race


def shown_race(request: HttpRequest, race_id: int) -> tuple[Race, bool]:
    """The race, to those who may see its league (`seen_race`), and whether the one asking
    referees it: one query besides the race for anyone signed in but the lead organiser."""
    race = seen_race(request, race_id)
    league = race.round.season.league
    role = league.role_of(request.user)
    # An archived league's race is shown as to a spectator: it is read-only.
    return race, role in RUNS_RACES and not league.is_archived


def not_a_referee(request: HttpRequest) -> PermissionDenied:
    """The turn page's refusal of one who may not referee (the page is open to anyone, so an
    anonymous post reaches it): a referee whose session ended is told so, and 403.html offers
    them the login page."""
    return PermissionDenied(
        gettext(NOT_A_REFEREE) if request.user.is_authenticated else gettext(LOGGED_OUT)
    )


def require_referee(request, league: League) -> None:
    """Only a referee of the league (or an organiser) gets past; a post to an archived league
    is refused."""
    if not league.can_referee(request.user):
        raise PermissionDenied(gettext(NOT_A_REFEREE))
    if request.method == "POST":
        league_writable(league)


def shows_odds(race: Race) -> bool:
    """Whether the race's league lets players see the gear odds (a setting its season's rule
    set reads)."""
    season = race.round.season
    return season.rules.shows_gear_odds(season.league_settings)


def unchanged_since(request: HttpRequest, race_id: int) -> bool:
    """Whether the race is still at the version the polling page shows: one small query,
    which asks along with the version whether the one polling may see its league (one who may
    not is answered as if there were no race, as one polling a race that is not there)."""
    try:
        shown = int(request.GET.get("version", ""))
    except ValueError:
        return False
    version = (
        Race.objects.filter(seen_by(request.user, league=LEAGUE), pk=race_id)
        .values_list("version", flat=True)
        .first()
    )
    if version is None:
        raise no_race(request)
    return version == shown


NOT_FOUND = 404
