"""A round's result: typed by hand on the round page (places and outcomes, then the injury
rolls), confirmed into the season; and the last confirmed round reopened to be corrected,
however it was run."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from ..forms.rounds import InjuryRollForm
from ..models import Round
from ..reads.round_panel import round_panel
from ..services import reopen as reopen_services
from ..services.errors import AlreadyDone
from ..services.reopen import reopen_summary, round_reopen_refusal
from ..services.results import entry_injury_roll, round_result_commit, round_result_enter
from ..services.table import table
from .common import (
    BAD_REQUEST,
    already_done,
    from_htmx,
    refereed_league,
    refused,
    round_for,
    version_posted,
)
from .rounds import after_round_post, render_round, round_refused

PICK_A_FACE = gettext_noop("Pick the value the black die shows.")
UNKNOWN_CAR = gettext_noop("That car is not in this round.")
REOPENED = gettext_noop(
    "Round {number} is open again: what its confirmation did is taken back. Correct it and "
    "confirm it again."
)


@login_required
@require_POST
def round_result(request: HttpRequest, slug: str, number: int, round_number: int) -> HttpResponse:
    round_ = round_for(refereed_league(request, slug), number, round_number)
    panel = round_panel(round_, result_data=request.POST)
    if not all(line.form.is_valid() for line in panel.outcomes):
        return render_round(request, round_, status=BAD_REQUEST, result_data=request.POST)
    outcomes = [line.form.outcome_for(line.entry.pk) for line in panel.outcomes]
    try:
        round_result_enter(
            round_=round_, outcomes=outcomes, expected_version=version_posted(request)
        )
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        return round_refused(request, round_, refusal, result_data=request.POST)
    return after_round_post(request, round_)


@login_required
@require_POST
def round_injury_roll(
    request: HttpRequest, slug: str, number: int, round_number: int
) -> HttpResponse:
    round_ = round_for(refereed_league(request, slug), number, round_number)
    form = InjuryRollForm(request.POST)
    try:
        version = version_posted(request)
        if not form.is_valid():
            raise ValidationError(gettext(PICK_A_FACE))
        entry = round_.entries.filter(pk=form.cleaned_data["entry"]).first()
        if entry is None:
            raise ValidationError(gettext(UNKNOWN_CAR))
        entry_injury_roll(entry=entry, value=form.cleaned_data["value"], expected_version=version)
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        return round_refused(request, round_, refusal)
    return after_round_post(request, round_)


@login_required
@require_POST
def round_commit(request: HttpRequest, slug: str, number: int, round_number: int) -> HttpResponse:
    round_ = round_for(refereed_league(request, slug), number, round_number)
    try:
        round_result_commit(round_=round_, expected_version=version_posted(request))
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        return round_refused(request, round_, refusal)
    return committed(request, round_)


def committed(request: HttpRequest, round_: Round) -> HttpResponse:
    """The answer to a round's result written into its season, by hand or from the table."""
    in_standings = gettext("Round {number} is in the standings.")
    messages.success(request, in_standings.format(number=round_.number))
    if from_htmx(request):
        return HttpResponseClientRedirect(round_.get_absolute_url())
    return redirect(round_)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def round_reopen(request: HttpRequest, slug: str, number: int, round_number: int) -> HttpResponse:
    """GET asks first, listing what reopening the last confirmed round takes back; POST
    reopens it, by hand or at the table, to be corrected and confirmed again."""
    round_ = round_for(refereed_league(request, slug), number, round_number)
    if request.method == "GET":
        return _render_reopen(request, round_)
    try:
        race = reopen_services.round_reopen(round_=round_, expected_version=version_posted(request))
    except AlreadyDone as already:  # a double tap: where it is run
        return already_done(request, already, to=table().race_of(round_) or round_)
    except ValidationError as refusal:
        reasons, status = refused(refusal)
        round_.refresh_from_db()
        return _render_reopen(request, round_, reasons, status)
    messages.success(request, gettext(REOPENED).format(number=round_.number))
    return redirect(race or round_)


def _render_reopen(request, round_: Round, errors=(), status: int = 200) -> HttpResponse:
    context = {
        "round": round_,
        "season": round_.season,
        "league": round_.season.league,
        "refusal": round_reopen_refusal(round_),
        "taken_back": reopen_summary(round_),
        "at_table": round_.run_at_table,
        "errors": list(errors),
    }
    return render(request, "league/round_reopen.html", context, status=status)
