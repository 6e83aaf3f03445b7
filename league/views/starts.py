"""A round's start, however it is run: its starters on the grid on the round page (by hand), or
at the table (the turn helper, whose start page also builds players' cars); a round started by
hand taken over at the table, or one run at the table switched to typing its result by hand;
its starters changed, or its start cancelled, before any of its result is entered; a rookie
hired from a starters form."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from ..forms.rounds import build_lines, chosen_builds
from ..forms.teams import RookieForm
from ..models import League, Round, RoundStatus
from ..reads.round_panel import (
    chosen_colours,
    chosen_starters,
    discarded_in_words,
    starter_lines,
)
from ..services import starts
from ..services.drivers import driver_hire
from ..services.errors import AlreadyDone, Stale
from ..services.starts import (
    round_run_by_hand,
    round_start_at_table,
    round_start_cancel,
    round_starters_change,
    round_take_over,
    starters_change_refusal,
    take_over_summary,
)
from ..services.table import TheRace, table
from .common import (
    BAD_REQUEST,
    CONFLICT,
    NO_VERSION,
    already_done,
    managed_league,
    refereed_league,
    refused,
    round_for,
    version_posted,
)
from .rounds import after_round_post, render_round, rookie_form_for, round_refused

NO_RACE_VERSION = gettext_noop(
    "This form does not say which version of the race it was built on: reload the page."
)
STARTED_ELSEWHERE = gettext_noop(
    "This race was already started (by another tap or another device): it runs with the "
    "starters and cars chosen there."
)
START_CANCELLED = gettext_noop(
    "Round {number}'s start is cancelled: its starters gave back the XP for starting. Choose "
    "the starters again."
)
STARTERS_CHANGED = gettext_noop("Round {number} starts with the starters as changed.")
NO_ROOKIES = gettext_noop(
    "{rules} drivers have no careers, so there are no rookies to hire here: add a driver on "
    "the team's page."
)
# The rookie form's post from the table's start page goes back there.
AT_THE_TABLE = "table"


@login_required
@require_POST
def round_start(request: HttpRequest, slug: str, number: int, round_number: int) -> HttpResponse:
    """The referee starts the round on the round page: its result is then typed by hand."""
    round_ = round_for(refereed_league(request, slug), number, round_number)
    try:
        version = version_posted(request)
        lines = starter_lines(round_, request.POST)
        starts.round_start(
            round_=round_,
            starters=chosen_starters(lines),
            expected_version=version,
            car_colours=chosen_colours(lines),
        )
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        return round_refused(request, round_, refusal, start_data=request.POST)
    return after_round_post(request, round_)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def round_table(request: HttpRequest, slug: str, number: int, round_number: int) -> HttpResponse:
    """Start the round's race at the table (its starters, their cars, and the cars their
    players built); a round started on the round page is taken over once the referee has seen
    what that discards."""
    round_ = round_for(refereed_league(request, slug), number, round_number)
    race = table().race_of(round_)
    if race is not None:
        if request.method == "POST":
            messages.warning(request, gettext(STARTED_ELSEWHERE))
        return redirect(race)
    if request.method == "GET":
        return _render_table(request, round_)
    try:
        return redirect(_start_or_take_over(request, round_))
    except ValidationError as refusal:
        race = table().race_of(round_)
        if race is not None:  # a double tap, or another device: the race is running
            messages.warning(request, gettext(STARTED_ELSEWHERE))
            return redirect(race)
        round_.refresh_from_db()  # another device may have started it by hand meanwhile
        reasons, status = refused(refusal)
        return _render_table(request, round_, reasons, status)


def _start_or_take_over(request: HttpRequest, round_: Round) -> TheRace:
    version = _posted_number(request, "version")
    if take_over_summary(round_) is not None:
        return round_take_over(round_=round_, expected_version=version)
    starters = starter_lines(round_, request.POST)
    builds = build_lines(starters, round_.season.rules.car_build, request.POST)
    return round_start_at_table(
        round_=round_,
        starters=chosen_starters(starters),
        expected_version=version,
        car_builds=chosen_builds(builds),
        car_colours=chosen_colours(starters),
    )


def _render_table(
    request, round_: Round, errors=(), status: int = 200, rookie_form=None
) -> HttpResponse:
    league = round_.season.league
    take_over = take_over_summary(round_)
    posted = request.POST if request.method == "POST" and take_over is None and errors else None
    starters = starter_lines(round_, posted)
    context = {
        "round": round_,
        "season": round_.season,
        "league": league,
        "starters": starters,
        "builds": build_lines(starters, round_.season.rules.car_build, posted),
        "take_over": take_over,
        "errors": list(errors),
        "rookie_form": rookie_form or rookie_form_for(request, league),
    }
    return render(request, "league/round_table.html", context, status=status)


@login_required
@require_POST
def round_by_hand(request: HttpRequest, slug: str, number: int, round_number: int) -> HttpResponse:
    """Stop running the round at the table, so that its result is typed on the round page."""
    round_ = round_for(refereed_league(request, slug), number, round_number)
    try:
        version = version_posted(request)
        gone = round_run_by_hand(
            round_=round_,
            expected_version=version,
            expected_race_version=_posted_number(request, "race_version"),
        )
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        return round_refused(request, round_, refusal)
    messages.success(request, discarded_in_words(gone))
    return redirect(round_)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def round_starters(request: HttpRequest, slug: str, number: int, round_number: int) -> HttpResponse:
    """Change the starters of a started round (or cancel its start) before its result is begun,
    however it is run: by hand on the round page or at the table."""
    round_ = round_for(refereed_league(request, slug), number, round_number)
    if round_.status == RoundStatus.SCHEDULED and request.method == "GET":
        return redirect(round_)
    if request.method == "GET":
        return _render_starters(request, round_)
    try:
        return _change_or_cancel(request, round_)
    except AlreadyDone as done:
        messages.info(request, done.message)
        return redirect(done.done)
    except Stale as conflict:
        round_.refresh_from_db()
        return _render_starters(request, round_, conflict.messages, CONFLICT)
    except ValidationError as refusal:
        return _render_starters(request, round_, refusal.messages, BAD_REQUEST)


def _change_or_cancel(request: HttpRequest, round_: Round) -> HttpResponse:
    """Cancel the start, or start again with the starters posted."""
    version = _posted_number(request, "version")
    race = table().race_of(round_)
    race_version = _posted_number(request, "race_version") if race is not None else None
    if "cancel" in request.POST:
        round_start_cancel(
            round_=round_, expected_version=version, expected_race_version=race_version
        )
        messages.success(request, gettext(START_CANCELLED).format(number=round_.number))
        return redirect(round_)
    starters, builds = _starters_forms(round_, race, request.POST)
    race = round_starters_change(
        round_=round_,
        starters=chosen_starters(starters),
        expected_version=version,
        expected_race_version=race_version,
        car_builds=chosen_builds(builds),
        car_colours=chosen_colours(starters),
    )
    messages.success(request, gettext(STARTERS_CHANGED).format(number=round_.number))
    return redirect(race or round_)


def _starters_forms(round_: Round, race, posted=None):
    entries = list(round_.entries.values_list("driver_id", "car", "colour"))
    current = {driver_id: car for driver_id, car, _colour in entries}
    colours = {driver_id: colour for driver_id, _car, colour in entries}
    starters = starter_lines(round_, posted, current=current, current_colours=colours)
    zones = round_.season.rules.car_build if race is not None else ()
    return starters, build_lines(starters, zones, posted)


def _render_starters(request, round_: Round, errors=(), status: int = 200) -> HttpResponse:
    race = table().race_of(round_)
    posted = request.POST if status == BAD_REQUEST and "change" in request.POST else None
    starters, builds = _starters_forms(round_, race, posted)
    context = {
        "round": round_,
        "season": round_.season,
        "league": round_.season.league,
        "race": race,
        "back": race or round_,  # where the round is run
        "starters": starters,
        "builds": builds,
        "refusal": starters_change_refusal(round_),
        "errors": list(errors),
    }
    return render(request, "league/round_starters.html", context, status=status)


def _posted_number(request: HttpRequest, name: str) -> int:
    """A version the form carries (the round's, or its race's as the page showed it)."""
    try:
        return int(request.POST.get(name, ""))
    except ValueError:
        missing = NO_VERSION if name == "version" else NO_RACE_VERSION
        raise ValidationError(gettext(missing)) from None


@login_required
@require_POST
def round_hire(request: HttpRequest, slug: str, number: int, round_number: int) -> HttpResponse:
    """A rookie hired from a starters form (the round page's, or the table's start page's),
    which shows them next, ready to tick."""
    league = managed_league(request, slug)
    round_ = round_for(league, number, round_number)
    at_table = request.POST.get("back") == AT_THE_TABLE
    form = RookieForm(request.POST, league=league)
    if league.rules.careers and form.is_valid():
        try:
            driver = driver_hire(team=form.cleaned_data["team"], name=form.cleaned_data["name"])
        except ValidationError as refusal:
            form.add_error(None, refusal)
        else:
            signed = gettext("{driver} signs for {team}: age 1, 0 XP. Tick to start.")
            messages.success(request, signed.format(driver=driver, team=driver.team))
            return redirect(_table_url(round_) if at_table else round_.get_absolute_url())
    errors = form.non_field_errors() if league.rules.careers else [_no_rookies(league)]
    shown = form if league.rules.careers else None
    if at_table:
        return _render_table(request, round_, errors, BAD_REQUEST, shown)
    return render_round(request, round_, errors=errors, status=BAD_REQUEST, rookie_form=shown)


def _no_rookies(league: League) -> str:
    return gettext(NO_ROOKIES).format(rules=league.rules.title)


def _table_url(round_: Round) -> str:
    season = round_.season
    return reverse("league:round_table", args=[season.league.slug, season.number, round_.number])
