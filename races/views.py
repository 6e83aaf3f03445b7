"""Turn-helper pages: parse the request, call a service, render. Refusals come back as 4xx with
the reason on the page; a stale page (someone else entered first) gets a 409 and the fresh panel.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods
from django_htmx.http import retarget
from django_htmx.middleware import HtmxDetails

from league import services as league_services
from league.models import RUNS_RACES, League, may_referee, seen_by
from league.pagination import latest_page
from league.services import (
    LEAGUE_READ_ONLY,
    LeagueArchived,
    league_writable,
)
from league.views.results import committed
from rules.engine import Event, RaceState

from . import odds as gear_odds
from . import replay as race_replay
from . import services
from .models import Race
from .turn_panel import entered_panel, turn_panel, undone_panel

LEAGUE = "round__season__league__"  # from a race to its league, for seen_by
NOTHING_NEW = 204  # htmx swaps nothing (base.html's responseHandling)
BAD_REQUEST = 400
CONFLICT = 409
NOT_A_REFEREE = "Only the league's organiser or a referee may run the race."
LOGGED_OUT = (
    "You are logged out (on another page, or the session ended): log in again, then tap again "
    "what still applies. Nothing was entered."
)
NO_RACE = (
    "There is no such race. If it was being run at the table, it may have been discarded on the "
    "round page so that the result could be entered by hand."
)
# To one logged out, a race they may not see is no race (its league may be unpublished): a
# referee whose session ended is pointed to the login page, and nobody is told more.
NO_RACE_LOGGED_OUT = NO_RACE + " If you run it and were logged out, log in again."
NO_VERSION = "This form does not say which version of the race it was built on: reload the page."
NO_SUCH_EVENT = "There is no such entry in this race's log to take back."
TOOK_BACK_TO = "Took back {count} event{s}, from #{seq} on: the race asks again for entry #{seq}."
NOT_A_PAIR = "This tap should name a choice and a die's face, as {name}: reload the page."
# Form keys that are not the event's data.
LISTS = "_lists"
COUNTS = "_counts"
# A face in a gear's row is a button named for both fields, "gear:roll", valued "3:6": the gear
# and the die tapped with it.
PAIR = ":"
# A redo posts the events an undo took back as the prompt's form would, the roll tapped with
# the choice (a gear's row of faces) as `redo_then`.
REDO_THEN = "redo_then"
NOT_EVENT_DATA = frozenset(
    {
        "csrfmiddlewaretoken",
        "version",
        "kind",
        "undo",
        "redo",
        "commit",
        "back_to",
        REDO_THEN,
        LISTS,
        COUNTS,
    }
)


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def _race(race_id: int) -> Race:
    race = (
        Race.objects.select_related("round__season__league", "round__track")
        .filter(pk=race_id)
        .first()
    )
    if race is None:
        raise Http404(NO_RACE)
    return race


def no_race(request: HttpRequest) -> Http404:
    """The 404 of a race that is not there, or not to be seen by the one asking."""
    return Http404(NO_RACE if request.user.is_authenticated else NO_RACE_LOGGED_OUT)


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
    return race


def _shown_race(request: HttpRequest, race_id: int) -> tuple[Race, bool]:
    """The race, to those who may see its league (`seen_race`), and whether the one asking
    referees it: one query besides the race for anyone signed in but the lead organiser."""
    race = seen_race(request, race_id)
    league = race.round.season.league
    role = league.role_of(request.user)
    # An archived league's race is shown as to a spectator: it is read-only.
    return race, role in RUNS_RACES and not league.is_archived


def _not_a_referee(request: HttpRequest) -> PermissionDenied:
    """The turn page's refusal of one who may not referee (the page is open to anyone, so an
    anonymous post reaches it): a referee whose session ended is told so, and 403.html offers
    them the login page."""
    return PermissionDenied(NOT_A_REFEREE if request.user.is_authenticated else LOGGED_OUT)


def _require_referee(request, league: League) -> None:
    """Only a referee of the league (or an organiser) gets past; a post to an archived league
    is refused."""
    if not league.can_referee(request.user):
        raise PermissionDenied(NOT_A_REFEREE)
    if request.method == "POST":
        league_writable(league)


def _panel_context(
    request: HttpRequest, race: Race, panel, *, can_referee: bool, entered_here: bool = False
) -> dict[str, Any]:
    """What the turn page's partials read. What htmx swaps in ignores taps for a moment
    (`guarded`): the finger that tapped may still be coming down on it. The bar says "Entered"
    only in the answer to this page's own entry (`entered_here`); elsewhere (a page load, a tap
    refused because another device was first, a take-back) it names the latest entry as such."""
    return {
        "race": race,
        "turn_url": race.get_absolute_url(),  # every form on the page posts here
        "panel": panel,
        "can_referee": can_referee,
        "entered_here": entered_here,
        "guarded": bool(getattr(request, "htmx", False)),
        # The gear prompt links to the odds for the corner ahead where the league shows them.
        "show_odds": _shows_odds(race),
    }


def _shows_odds(race: Race) -> bool:
    """Whether the race's league lets players see the gear odds (a setting its season's rule
    set reads)."""
    season = race.round.season
    return season.rules.shows_gear_odds(season.league_settings)


def _render_turn(
    request: HtmxHttpRequest,
    race: Race,
    *,
    state: RaceState | None = None,
    errors=(),
    posted=None,
    status: int = 200,
    can_referee: bool | None = None,
    refused_at: str = "entry",
    taken=(),
    entered_here: bool = False,
) -> HttpResponse:
    league = race.round.season.league
    if can_referee is None:
        can_referee = league.can_referee(request.user)
    panel = turn_panel(
        race, state=state, errors=errors, posted=posted, refused_at=refused_at, taken=taken
    )
    context = _panel_context(
        request, race, panel, can_referee=can_referee, entered_here=entered_here
    )
    context.update(round=race.round, season=race.round.season, league=league)
    template = "races/turn.html"
    if request.htmx:
        # A post's answer also empties the messages the last page left (#turn-messages).
        template += "#panel-answer" if request.method == "POST" else "#panel"
    return render(request, template, context, status=status)


@never_cache
@require_http_methods(["GET", "POST"])
def turn(request: HtmxHttpRequest, race_id: int) -> HttpResponse:
    if request.method == "GET":
        if request.htmx and _unchanged_since(request, race_id):
            return HttpResponse(status=NOTHING_NEW)  # a spectator's poll: nothing to swap
        race, can_referee = _shown_race(request, race_id)
        return _render_turn(request, race, can_referee=can_referee)
    # An entry needs the snapshot and who may referee, nothing more: every query saved here
    # is saved on each roll entered at the table.
    # One who may not see the league is answered as if there were no race, from the same
    # query (league.models.seen_by).
    found = Race.objects.for_entry(race_id, viewer=request.user)
    if found is None:
        raise no_race(request)
    race = found
    league = race.round.season.league
    if not may_referee(request.user, league_id=league.pk, organiser_id=league.organiser_id):
        raise _not_a_referee(request)
    if league.is_archived:
        raise LeagueArchived(LEAGUE_READ_ONLY.format(league=league.name))
    try:
        return _act(request, race)
    except services.StaleRace as conflict:
        return _render_turn(
            request, _race(race_id), errors=conflict.messages, status=CONFLICT, refused_at="race"
        )
    except ValidationError as refusal:
        # The refused values stay on the form, next to the reason, to be corrected; an undo's
        # or a redo's reason stands in the bar, a commit's above the result.
        post = request.POST
        posted = dict(post.lists())
        refused_at = "race" if "commit" in post else "undo" if {"undo", "redo"} & set(post) else ""
        return _render_turn(
            request,
            _race(race_id),
            errors=refusal.messages,
            posted=posted,
            status=BAD_REQUEST,
            refused_at=refused_at or "entry",
        )


def _unchanged_since(request: HttpRequest, race_id: int) -> bool:
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


def _act(request: HtmxHttpRequest, race: Race) -> HttpResponse:
    """Do what the pressed button asks; only a referee gets here."""
    post = request.POST
    try:
        version = int(post.get("version", ""))
    except ValueError:
        raise ValidationError(NO_VERSION) from None
    if "commit" in post:
        race = _race(race.pk)
        league_services.round_table_commit(round_=race.round, expected_race_version=version)
        return committed(request, race.round)
    if "undo" in post:
        back_to = _back_to(post)
        # The page shows the snapshot read here when it was built on this version: then only
        # what the undo changed is swapped, as after an entry.
        before = services.race_state(race) if race.version == version else None
        if back_to is not None:
            count = race.seq - back_to + 1
            state = services.race_undo(race=race, expected_version=version, back_to=back_to)
            if not request.htmx:
                words = TOOK_BACK_TO.format(count=count, s="" if count == 1 else "s", seq=back_to)
                messages.info(request, words)
                return redirect(race)
            return _render_turn(request, _race(race.pk), state=state, can_referee=True)
        undone = services.race_undo_last(race=race, expected_version=version)
        if not request.htmx:
            messages.info(request, f"Took back: {'; '.join(t for _k, _p, t in undone.taken)}")
            return redirect(race)
        if before is None or not race.seq:
            return _render_turn(
                request, _race(race.pk), state=undone.state, can_referee=True, taken=undone.taken
            )
        panel = undone_panel(race, before=before, undone=undone)
        context = _panel_context(request, race, panel, can_referee=True)
        return retarget(render(request, "races/turn.html#undone", context), "#prompt")
    event, then = event_from_post(post), tapped_with(post) or post.get(REDO_THEN) or None
    before = services.race_state(race)
    entered = services.race_event_apply(
        race=race, event=event, expected_version=version, who=request.user, state=before, then=then
    )
    return _entered(request, race, before, entered)


def _entered(
    request: HtmxHttpRequest, race: Race, before: RaceState, entered: services.Entered
) -> HttpResponse:
    """The answer to an entry made: only what it changed, swapped into the page."""
    if not request.htmx:
        if entered.left_out:
            messages.warning(request, entered.left_out)
        return redirect(race)
    if not entered.prompts:  # the race is over: the panel shows the result
        return _render_turn(
            request, _race(race.pk), state=entered.state, can_referee=True, entered_here=True
        )
    panel = entered_panel(race=race, before=before, entered=entered)
    context = _panel_context(request, race, panel, can_referee=True, entered_here=True)
    return retarget(render(request, "races/turn.html#entered", context), "#prompt")


def _back_to(post: QueryDict) -> int | None:
    """The event an undo from the log takes back to (with every later one); None: the last."""
    value = post.get("back_to")
    if not value:
        return None
    try:
        return int(value)
    except ValueError:
        raise ValidationError(NO_SUCH_EVENT) from None


def event_from_post(post: QueryDict) -> Event:
    """The event a prompt form submits. Fields the form lists in `_lists` (cars, an order) are
    lists, empty when nothing is ticked ("none of the cars"); a count in `_counts` is its chip,
    or the larger value typed in the box after the chips; a field left out of the event takes
    its default."""
    # In the order the form lists them (not a set's, which differs from one worker to the
    # next): the event's words in the log follow its data's order.
    lists, counts = dict.fromkeys(post.getlist(LISTS)), dict.fromkeys(post.getlist(COUNTS))
    data: dict[str, Any] = {
        key: values if len(values) > 1 else values[0]
        for key, values in post.lists()
        if key not in NOT_EVENT_DATA and key not in lists and key not in counts and PAIR not in key
    }
    for key, value in _pairs(post):
        data[key.split(PAIR)[0]] = value.split(PAIR)[0]
    for key in lists:
        data[key] = [value for value in post.getlist(key) if value]
    for key in counts:
        given = [value for value in post.getlist(key) if value.strip()]
        if given:
            data[key] = given[-1]
    return Event(kind=post.get("kind", ""), data=data)


def tapped_with(post: QueryDict) -> str | None:
    """The die's face tapped with a choice (a face in a gear's row), if the tap was one."""
    pairs = _pairs(post)
    return pairs[0][1].split(PAIR)[1] if pairs else None


def _pairs(post: QueryDict) -> list[tuple[str, str]]:
    """The "choice:die" key posted, with its "choice:face" value; refused if malformed."""
    pairs = [(key, post.get(key) or "") for key in post if PAIR in key]
    for key, value in pairs:
        if len(pairs) > 1 or key.count(PAIR) != 1 or value.count(PAIR) != 1:
            raise ValidationError(NOT_A_PAIR.format(name=key))
    return pairs


# The big screen shows the latest entries in words, this many.
SCREEN_LINES = 8


@never_cache
@require_GET
def screen(request: HtmxHttpRequest, race_id: int) -> HttpResponse:
    """The race for the room, on a big screen: the order, every car's dashboard, the latest
    entries in words and the strip, without a control; polled as the spectator's turn page is
    (a 204 when nothing changed)."""
    if request.htmx and _unchanged_since(request, race_id):
        return HttpResponse(status=NOTHING_NEW)
    race, _can_referee = _shown_race(request, race_id)
    panel = turn_panel(race)
    context = {
        "race": race,
        "round": race.round,
        "season": race.round.season,
        "league": race.round.season.league,
        "panel": panel,
        "latest": panel.events[::-1][:SCREEN_LINES],
        "can_referee": False,
    }
    template = "races/screen.html#screen" if request.htmx else "races/screen.html"
    return render(request, template, context)


@require_GET
def log(request: HttpRequest, race_id: int) -> HttpResponse:
    race, can_referee = _shown_race(request, race_id)
    league = race.round.season.league
    context = {
        "race": race,
        "round": race.round,
        "season": race.round.season,
        "league": league,
        "events": latest_page(
            race.events.defer("state_before").select_related("who").order_by("-seq"),
            request.GET.get("page"),
        ),
        "may_take_back": not race.is_committed and can_referee,
    }
    return render(request, "races/log.html", context)


@never_cache
@login_required
@require_GET
def undo_back_to(request: HttpRequest, race_id: int, seq: int) -> HttpResponse:
    """Ask first before taking the race back to before entry `seq` (with every later event)."""
    race = seen_race(request, race_id)
    _require_referee(request, race.round.season.league)
    target = services.undo_target(race, seq)
    if target is None or race.is_committed:
        raise Http404(NO_SUCH_EVENT)
    context = {
        "race": race,
        "round": race.round,
        "season": race.round.season,
        "league": race.round.season.league,
        "target": target,
        "taken_back": race.seq - target.seq + 1,
        "latest": race.events.defer("state_before").filter(seq=race.seq).first(),
    }
    return render(request, "races/undo_back_to.html", context)


@require_GET
def odds(request: HtmxHttpRequest, race_id: int) -> HttpResponse:
    """The gear odds for the corner ahead, for the numbers the board shows (in the address), to
    whoever may see the race, where its league shows them (elsewhere the page says it does
    not)."""
    race, _can_referee = _shown_race(request, race_id)
    league = race.round.season.league
    shown = _shows_odds(race)
    status, errors = 200, []
    try:
        asked = gear_odds.asked_from(request.GET)
    except ValidationError as refusal:
        status, errors, asked = BAD_REQUEST, refusal.messages, gear_odds.Asked(None, 1, None)
    context = {
        "race": race,
        "round": race.round,
        "season": race.round.season,
        "league": league,
        "asked": asked,
        # A league that keeps the odds hidden says so, to its members as to anyone.
        "page": gear_odds.odds_page(race, asked) if shown else gear_odds.HIDDEN,
        "errors": errors,
        "distances": gear_odds.DISTANCE_CHIPS,
        "stops_chips": gear_odds.STOPS_CHIPS,
        "line_chips": gear_odds.LINE_CHIPS,
    }
    template = "races/odds.html#odds" if request.htmx else "races/odds.html"
    return render(request, template, context, status=status)


NOT_FOUND = 404


@require_GET
def replay(request: HttpRequest, race_id: int) -> HttpResponse:
    """The race replayed from its log to a round's end or an event (in the address, so the
    address is the link to share), to whoever may see the race: read-only, for anyone once the
    league is published. A point the address cannot name, or the log does not have, shows where
    the replay opens beside the reason (a 400 or a 404)."""
    race, _can_referee = _shown_race(request, race_id)
    status, errors = 200, []
    try:
        shown = race_replay.replay_at(race, race_replay.asked_from(request.GET))
    except ValidationError as refusal:
        status, errors = BAD_REQUEST, refusal.messages
    except race_replay.NotInTheLog as missing:
        status, errors = NOT_FOUND, [str(missing)]
    if errors:
        shown = race_replay.replay_at(race, race_replay.OPENING)
    context = {
        "race": race,
        "round": race.round,
        "season": race.round.season,
        "league": race.round.season.league,
        "replay": shown,
        "errors": errors,
    }
    return render(request, "races/replay.html", context, status=status)
