"""Turn-helper pages: parse the request, call a service, render. Refusals come back as 4xx with
the reason on the page; a stale page (someone else entered first) gets a 409 and the fresh panel.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import pluralize
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect, retarget
from django_htmx.middleware import HtmxDetails

from league import services as league_services
from league.models import RUNS_RACES, League, Round, RoundStatus, may_referee, may_see
from league.pages import latest_page
from league.publishing import NOT_PUBLISHED
from league.round_panel import chosen_starters, starter_lines
from league.services import (
    LEAGUE_READ_ONLY,
    AlreadyDone,
    LeagueArchived,
    StaleRound,
    league_writable,
    reopen_summary,
    round_reopen_refusal,
)
from league.views import render_round, rookie_form_for, rookie_hire
from rules.engine import Event, RaceState

from . import services
from .forms import build_lines, chosen_builds
from .models import Race
from .turn_panel import entered_panel, turn_panel, undone_panel

NOTHING_NEW = 204  # htmx swaps nothing (base.html's responseHandling)
BAD_REQUEST = 400
CONFLICT = 409
NOT_A_REFEREE = "Only the league's organiser or a referee may run the race."
NO_RACE = (
    "There is no such race. If it was being run at the table, it may have been discarded on the "
    "round page so that the result could be entered by hand."
)
STARTED_ELSEWHERE = (
    "This race was already started (by another tap or another device): it runs with the "
    "starters and cars chosen there."
)
NO_ROUND_VERSION = (
    "This form does not say which version of the round it was built on: reload the page."
)
START_CANCELLED = (
    "Round {number}'s start is cancelled: its starters gave back the XP for starting. Choose "
    "the starters again."
)
REOPENED = (
    "Round {number} is open again: what its confirmation did is taken back. Correct it and "
    "confirm it again."
)
STARTERS_CHANGED = "Round {number} starts with the starters as changed."
NO_VERSION = "This form does not say which version of the race it was built on: reload the page."
NO_SUCH_EVENT = "There is no such entry in this race's log to take back."
NOT_A_PAIR = "This tap should name a choice and a die's face, as {name}: reload the page."
# Form keys that are not the event's data.
LISTS = "_lists"
COUNTS = "_counts"
# A face in a gear's row is a button named for both fields, "gear:roll", valued "3:6": the gear
# and the die tapped with it.
PAIR = ":"
NOT_EVENT_DATA = frozenset(
    {"csrfmiddlewaretoken", "version", "kind", "undo", "commit", "back_to", LISTS, COUNTS}
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


def _shown_race(request: HttpRequest, race_id: int) -> tuple[Race, bool]:
    """The race, to those who may see its league (an unpublished league's race is a 404 to
    all but its members, as its league's pages are), and whether the one asking referees
    it: one query besides the race for anyone signed in but the lead organiser."""
    race = _race(race_id)
    league = race.round.season.league
    role = league.role_of(request.user)
    if not league.published and role is None:
        raise Http404(NOT_PUBLISHED)
    # An archived league's race is shown as to a spectator: it is read-only.
    return race, role in RUNS_RACES and not league.is_archived


def _require_referee(request, league: League) -> None:
    """Only a referee of the league (or an organiser) gets past; a post to an archived league
    is refused."""
    if not league.can_referee(request.user):
        raise PermissionDenied(NOT_A_REFEREE)
    if request.method == "POST":
        league_writable(league)


def _panel_context(race: Race, panel, *, can_referee: bool) -> dict[str, Any]:
    """What the turn page's partials read."""
    return {
        "race": race,
        "turn_url": race.get_absolute_url(),  # every form on the page posts here
        "panel": panel,
        "can_referee": can_referee,
    }


def _render_turn(
    request: HtmxHttpRequest,
    race: Race,
    *,
    state: RaceState | None = None,
    errors=(),
    posted=None,
    status: int = 200,
    can_referee: bool | None = None,
) -> HttpResponse:
    league = race.round.season.league
    if can_referee is None:
        can_referee = league.can_referee(request.user)
    panel = turn_panel(race, state=state, errors=errors, posted=posted)
    context = _panel_context(race, panel, can_referee=can_referee)
    context.update(round=race.round, season=race.round.season, league=league)
    template = "races/turn.html#panel" if request.htmx else "races/turn.html"
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
    race = Race.objects.for_entry(race_id, request.user.pk)
    if race is None:
        raise Http404(NO_RACE)
    if not may_referee(
        request.user,
        league_id=race.league_id,
        organiser_id=race.organiser_id,
        membership=race.membership,
    ):
        raise PermissionDenied(NOT_A_REFEREE)
    if race.league_archived_at is not None:
        raise LeagueArchived(LEAGUE_READ_ONLY.format(league=race.league_name))
    try:
        return _act(request, race)
    except services.StaleRace as conflict:
        return _render_turn(request, _race(race_id), errors=conflict.messages, status=CONFLICT)
    except ValidationError as refusal:
        # The refused values stay on the form, next to the reason, to be corrected.
        posted = dict(request.POST.lists())
        return _render_turn(
            request, _race(race_id), errors=refusal.messages, posted=posted, status=BAD_REQUEST
        )


def _unchanged_since(request: HttpRequest, race_id: int) -> bool:
    """Whether the race is still at the version the polling page shows, for one who may see
    it: one small query, which reads whether its league is published along with the version
    (a member of an unpublished league one more)."""
    try:
        shown = int(request.GET.get("version", ""))
    except ValueError:
        return False
    league = "round__season__league__"
    found = (
        Race.objects.filter(pk=race_id, version=shown)
        .values_list(f"{league}id", f"{league}organiser_id", f"{league}published")
        .first()
    )
    if found is None:
        return False
    league_id, organiser_id, published = found
    if not may_see(
        request.user, league_id=league_id, organiser_id=organiser_id, published=published
    ):
        raise Http404(NOT_PUBLISHED)
    return True


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
        messages.success(request, f"Round {race.round.number} is in the standings.")
        url = race.round.get_absolute_url()
        return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    if "undo" in post:
        back_to = _back_to(post)
        # The page shows the snapshot read here when it was built on this version: then only
        # what the undo changed is swapped, as after an entry.
        before = services.race_state(race) if race.version == version else None
        state = services.race_undo(race=race, expected_version=version, back_to=back_to)
        if not request.htmx:
            return redirect(race)
        if before is None or back_to is not None or not race.seq:
            return _render_turn(request, _race(race.pk), state=state, can_referee=True)
        panel = undone_panel(race, before=before, state=state)
        context = _panel_context(race, panel, can_referee=True)
        return retarget(render(request, "races/turn.html#undone", context), "#prompt")
    event, then = event_from_post(post), tapped_with(post)
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
        return _render_turn(request, _race(race.pk), state=entered.state, can_referee=True)
    panel = entered_panel(before=before, entered=entered)
    context = _panel_context(race, panel, can_referee=True)
    return retarget(render(request, "races/turn.html#entered", context), "#prompt")


def _back_to(post: QueryDict) -> int | None:
    """The event an undo from the log takes back to (with every later one); None: the last."""
    if not post.get("back_to"):
        return None
    try:
        return int(post["back_to"])
    except ValueError:
        raise ValidationError(NO_SUCH_EVENT) from None


def event_from_post(post: QueryDict) -> Event:
    """The event a prompt form submits. Fields the form lists in `_lists` (cars, an order) are
    lists, empty when nothing is ticked ("none of the cars"); a count in `_counts` is its chip,
    or the larger value typed in the box after the chips; a field left out of the event takes
    its default."""
    lists, counts = set(post.getlist(LISTS)), set(post.getlist(COUNTS))
    data: dict[str, Any] = {
        key: values if len(values) > 1 else values[0]
        for key, values in post.lists()
        if key not in NOT_EVENT_DATA and key not in lists | counts and PAIR not in key
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
    pairs = [(key, value) for key, value in post.items() if PAIR in key]
    for key, value in pairs:
        if len(pairs) > 1 or key.count(PAIR) != 1 or value.count(PAIR) != 1:
            raise ValidationError(NOT_A_PAIR.format(name=key))
    return pairs


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
    race = _race(race_id)
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


def _round(round_id: int) -> Round:
    return get_object_or_404(Round.objects.select_related("season__league", "track"), pk=round_id)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def race_new(request: HtmxHttpRequest, round_id: int) -> HttpResponse:
    """Start the round's race at the table; a round started on the round page is taken over
    once the referee has seen what that discards."""
    round_ = _round(round_id)
    _require_referee(request, round_.season.league)
    race = Race.objects.filter(round=round_).first()
    if race is not None:
        if request.method == "POST":
            messages.warning(request, STARTED_ELSEWHERE)
        return redirect(race)
    take_over = league_services.take_over_summary(round_)
    posted = request.POST if request.method == "POST" and take_over is None else None
    starters = starter_lines(round_, posted)
    builds = build_lines(starters, round_.season.league.rules.car_build, posted)
    errors: list[str] = []
    status = BAD_REQUEST
    if request.method == "POST":
        try:
            race = _start_or_take_over(request, round_, starters, builds, take_over)
            return redirect(race)
        except ValidationError as refusal:
            race = Race.objects.filter(round=round_).first()
            if race is not None:  # a double tap, or another device: the race is running
                messages.warning(request, STARTED_ELSEWHERE)
                return redirect(race)
            round_.refresh_from_db()  # another device may have started it by hand meanwhile
            take_over = league_services.take_over_summary(round_)
            errors = refusal.messages
            status = CONFLICT if isinstance(refusal, StaleRound) else BAD_REQUEST
    status = status if errors else 200
    return _render_race_new(request, round_, starters, builds, take_over, errors, status)


def _render_race_new(
    request, round_, starters, builds, take_over, errors, status, rookie_form=None
) -> HttpResponse:
    league = round_.season.league
    context = {
        "round": round_,
        "season": round_.season,
        "league": league,
        "starters": starters,
        "builds": builds,
        "take_over": take_over,
        "errors": errors,
        "rookie_form": rookie_form or rookie_form_for(request, league),
    }
    return render(request, "races/race_new.html", context, status=status)


@login_required
@require_POST
def race_hire(request: HttpRequest, round_id: int) -> HttpResponse:
    """A rookie hired from the turn helper's starters form, which shows them next."""
    round_ = _round(round_id)
    try:
        form, driver = rookie_hire(request, round_.season.league)
    except ValidationError as refusal:
        form, driver, errors = None, None, refusal.messages
    else:
        errors = form.non_field_errors()
    if driver is None:
        starters = starter_lines(round_)
        builds = build_lines(starters, round_.season.league.rules.car_build)
        take_over = league_services.take_over_summary(round_)
        return _render_race_new(
            request, round_, starters, builds, take_over, errors, BAD_REQUEST, form
        )
    return redirect("races:race_new", round_id=round_.pk)


def _start_or_take_over(request, round_, starters, builds, take_over) -> Race:
    version = _round_version(request)
    if take_over is not None:
        return league_services.round_take_over(round_=round_, expected_version=version)
    chosen = chosen_starters(starters)
    return league_services.round_start_at_table(
        round_=round_,
        starters=chosen,
        expected_version=version,
        car_builds=chosen_builds(builds),
    )


def _race_version(request: HttpRequest) -> int:
    """The version of the race the round page showed, when it offered to discard it."""
    try:
        return int(request.POST.get("race_version", ""))
    except ValueError:
        raise ValidationError(NO_ROUND_VERSION) from None


def _round_version(request: HttpRequest) -> int:
    try:
        return int(request.POST.get("version", ""))
    except ValueError:
        raise ValidationError(NO_ROUND_VERSION) from None


@login_required
@require_POST
def race_discard(request: HttpRequest, round_id: int) -> HttpResponse:
    """Stop running the round at the table, so that its result is typed on the round page."""
    round_ = _round(round_id)
    _require_referee(request, round_.season.league)
    try:
        events = league_services.round_run_by_hand(
            round_=round_,
            expected_version=_round_version(request),
            expected_race_version=_race_version(request),
        )
    except ValidationError as refusal:
        round_.refresh_from_db()
        status = CONFLICT if isinstance(refusal, StaleRound) else BAD_REQUEST
        return render_round(request, round_, errors=refusal.messages, status=status)
    messages.success(
        request,
        f"The table's race is discarded ({events} event{pluralize(events)}): "
        "enter the result below.",
    )
    return redirect(round_)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def round_starters(request: HttpRequest, round_id: int) -> HttpResponse:
    """Change the starters of a started round (or cancel its start) before its result is begun,
    however it is run: by hand on the round page or at the table."""
    round_ = _round(round_id)
    _require_referee(request, round_.season.league)
    if round_.status == RoundStatus.SCHEDULED and request.method == "GET":
        return redirect(round_)
    errors: list[str] = []
    status = 200
    if request.method == "POST":
        try:
            return _change_or_cancel(request, round_)
        except AlreadyDone as done:
            messages.info(request, done.message)
            return redirect(done.done)
        except ValidationError as refusal:
            errors = refusal.messages
            status = CONFLICT if isinstance(refusal, StaleRound) else BAD_REQUEST
            if status == CONFLICT:
                round_.refresh_from_db()
    posted = request.POST if status == BAD_REQUEST and "change" in request.POST else None
    return _render_starters(request, round_, posted, errors, status)


def _starters_forms(round_: Round, race: Race | None, posted=None):
    current = dict(round_.entries.values_list("driver_id", "car"))
    starters = starter_lines(round_, posted, current=current)
    zones = round_.season.league.rules.car_build if race is not None else ()
    return starters, build_lines(starters, zones, posted)


def _render_starters(request, round_, posted, errors, status) -> HttpResponse:
    race = Race.objects.filter(round=round_).first()
    starters, builds = _starters_forms(round_, race, posted)
    context = {
        "round": round_,
        "season": round_.season,
        "league": round_.season.league,
        "race": race,
        "back": race or round_,  # where the round is run
        "starters": starters,
        "builds": builds,
        "refusal": league_services.starters_change_refusal(round_),
        "errors": errors,
    }
    return render(request, "races/starters.html", context, status=status)


def _change_or_cancel(request: HttpRequest, round_: Round) -> HttpResponse:
    """Cancel the start, or start again with the starters posted."""
    version = _round_version(request)
    race = Race.objects.filter(round=round_).first()
    race_version = _race_version(request) if race is not None else None
    if "cancel" in request.POST:
        league_services.round_start_cancel(
            round_=round_, expected_version=version, expected_race_version=race_version
        )
        messages.success(request, START_CANCELLED.format(number=round_.number))
        return redirect(round_)
    starters, builds = _starters_forms(round_, race, request.POST)
    race = league_services.round_starters_change(
        round_=round_,
        starters=chosen_starters(starters),
        expected_version=version,
        expected_race_version=race_version,
        car_builds=chosen_builds(builds),
    )
    messages.success(request, STARTERS_CHANGED.format(number=round_.number))
    return redirect(race or round_)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def round_reopen(request: HttpRequest, round_id: int) -> HttpResponse:
    """GET asks first, listing what reopening the last confirmed round takes back; POST
    reopens it, by hand or at the table, to be corrected and confirmed again."""
    round_ = _round(round_id)
    _require_referee(request, round_.season.league)
    if request.method == "GET":
        return _render_reopen(request, round_, [], 200)
    try:
        race = league_services.round_reopen(round_=round_, expected_version=_round_version(request))
    except AlreadyDone as done:
        messages.info(request, done.message)
        return redirect(Race.objects.filter(round=round_).first() or round_)
    except ValidationError as refusal:
        round_.refresh_from_db()
        status = CONFLICT if isinstance(refusal, StaleRound) else BAD_REQUEST
        return _render_reopen(request, round_, refusal.messages, status)
    messages.success(request, REOPENED.format(number=round_.number))
    return redirect(race or round_)


def _render_reopen(request, round_, errors, status) -> HttpResponse:
    context = {
        "round": round_,
        "season": round_.season,
        "league": round_.season.league,
        "refusal": round_reopen_refusal(round_),
        "taken_back": reopen_summary(round_),
        "at_table": round_.run_at_table,
        "errors": errors,
    }
    return render(request, "races/reopen.html", context, status=status)
