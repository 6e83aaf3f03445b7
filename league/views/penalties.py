"""A season's penalties and points adjustments, and which of its results count (drop rounds):
its organisers' page, one address with a named button an action (add, remove, drops)."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from rules.championship import DRIVER_ADJUSTMENTS_FOR_TEAM_SETTING

from ..forms.penalties import NO_VERSION, AdjustmentForm, DropsForm
from ..models import Driver, League, Round, RoundStatus, Season
from ..reads.standings import adjustments_listed
from ..services.errors import AlreadyDone
from ..services.penalties import (
    UNKNOWN_ADJUSTMENT,
    adjustment_add,
    adjustment_remove,
    season_drops_set,
)
from .common import (
    BAD_REQUEST,
    CONFLICT,
    already_done,
    managed_league,
    on_form,
    refused,
    season_for,
    version_posted,
)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def season_adjustments(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    league = managed_league(request, slug)
    season = season_for(league, number)
    if request.method == "GET":
        return render_adjustments(request, season)
    if "remove" in request.POST:
        return _remove(request, season)
    if "drops" in request.POST:
        return _drops(request, season)
    return _add(request, season)


def adjustment_form(
    season: Season, data=None, *, rounds: Sequence[Round] | None = None
) -> AdjustmentForm:
    """The add form of `season`, its drivers by team (in one query: every team starts with
    drivers) and its raced rounds to choose from (`rounds`: the season's, where the caller has
    them already)."""
    drivers = Driver.objects.filter(team__league_id=season.league_id).select_related("team")
    if rounds is None:
        rounds = list(season.rounds.select_related("track").order_by("number"))
    raced = [round_ for round_ in rounds if round_.status == RoundStatus.FINISHED]
    initial = {"version": season.standings_version}
    return AdjustmentForm(
        data, drivers=drivers.order_by("team__name", "name"), rounds=raced, initial=initial
    )


def _add(request: HttpRequest, season: Season) -> HttpResponse:
    form = adjustment_form(season, request.POST)
    if not form.is_valid():
        return render_adjustments(request, season, form=form, status=BAD_REQUEST)
    try:
        adjustment = adjustment_add(
            season=season,
            user=request.user,
            expected_version=form.cleaned_data["version"],
            points=form.cleaned_data["points"],
            reason=form.cleaned_data["reason"],
            round_number=form.cleaned_data["round"],
            **form.competitor_ids(),
        )
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        reasons, status = refused(refusal)
        if status == CONFLICT:
            season.refresh_from_db()
            return render_adjustments(request, season, errors=reasons, status=status)
        on_form(form, reasons)
        return render_adjustments(request, season, form=form, status=status)
    entered = gettext("{points} for {competitor}: entered.")
    said = entered.format(points=adjustment.points_in_words, competitor=adjustment.competitor.name)
    messages.success(request, said)
    return redirect(_page(season.league, season))


def _remove(request: HttpRequest, season: Season) -> HttpResponse:
    try:
        adjustment_id = _adjustment_id(request)
        adjustment_remove(
            season=season,
            user=request.user,
            expected_version=version_posted(request, NO_VERSION),
            adjustment_id=adjustment_id,
        )
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        reasons, status = refused(refusal)
        season.refresh_from_db()
        return render_adjustments(request, season, errors=reasons, status=status)
    messages.success(request, gettext("The adjustment is removed."))
    return redirect(_page(season.league, season))


def _adjustment_id(request: HttpRequest) -> int:
    """The adjustment the Remove button names."""
    try:
        return int(request.POST["remove"])
    except ValueError:
        raise ValidationError(gettext(UNKNOWN_ADJUSTMENT)) from None


def _drops(request: HttpRequest, season: Season) -> HttpResponse:
    form = DropsForm(request.POST)
    if not form.is_valid():
        return render_adjustments(request, season, drops_form=form, status=BAD_REQUEST)
    try:
        season_drops_set(
            season=season,
            user=request.user,
            expected_version=form.cleaned_data["version"],
            rule=form.cleaned_data["rule"] or "",
            number=form.cleaned_data["number"] or 0,
            countback_reads_dropped=form.cleaned_data["countback_reads_dropped"],
            adjustments_dropped_with_round=form.cleaned_data["adjustments_dropped_with_round"],
        )
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        reasons, status = refused(refusal)
        if status == CONFLICT:
            season.refresh_from_db()
            return render_adjustments(request, season, errors=reasons, status=status)
        on_form(form, reasons)
        return render_adjustments(request, season, drops_form=form, status=status)
    messages.success(request, gettext("Which results count is saved."))
    return redirect(_page(season.league, season))


def _page(league: League, season: Season) -> str:
    return reverse("league:season_adjustments", args=[league.slug, season.number])


def render_adjustments(
    request: HttpRequest,
    season: Season,
    *,
    form: AdjustmentForm | None = None,
    drops_form: DropsForm | None = None,
    errors=(),
    status: int = 200,
) -> HttpResponse:
    context = {
        "league": season.league,
        "season": season,
        "form": form or adjustment_form(season),
        "drops_form": drops_form or DropsForm.of(season),
        "adjustments": adjustments_listed(season),
        "errors": list(errors),
        "drivers_for_team": DRIVER_ADJUSTMENTS_FOR_TEAM_SETTING.value_in(season.league_settings),
        "can_change_settings": not season.league.is_archived,
    }
    return render(request, "league/season_adjustments.html", context, status=status)
