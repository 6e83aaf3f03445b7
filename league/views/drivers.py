"""A driver's page, and what its organisers set on it: a home track (RBB), a driver card
(Formula D's road races)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from .. import page_parts, services
from ..forms import DriverCardForm, HomeTrackForm
from ..luck import driver_luck
from ..models import Driver, League
from ..pagination import latest_page
from .common import (
    BAD_REQUEST,
    answer,
    driver_for,
    league_for,
    managed_league,
    on_form,
    version_posted,
)

NO_CARD_VERSION = (
    "This form does not say which version of the driver card it was built on: reload the page."
)


@require_GET
def driver_detail(request: HttpRequest, slug: str, driver_id: int) -> HttpResponse:
    league = league_for(slug)
    return _render_driver(request, league, driver_for(league, driver_id))


def _history(request: HttpRequest, league: League, driver: Driver) -> dict[str, Any]:
    """The driver's results a page at a time, and their season ends. Its career columns (the
    level raced at, XP, injuries) are shown where a season of the page has careers, filled for
    the entries of those seasons only: a league may have run another rule set before."""
    entries = driver.entries.select_related("round__season__league", "round__track", "team")
    page = latest_page(
        entries.order_by("-round__season__number", "-round__number", "-pk"),
        request.GET.get("page"),
    )
    return {
        "league": league,
        "entries": page,
        "careers": any(entry.round.season.rules.careers for entry in page),
        "season_ends": driver.season_end_changes.select_related("season"),
    }


def _render_driver(
    request,
    league: League,
    driver: Driver,
    *,
    home_track_form=None,
    card_form=None,
    card_errors=(),
    status: int = 200,
) -> HttpResponse:
    can_manage = not league.is_archived and league.can_manage(request.user)
    home_track_form = home_track_form or HomeTrackForm(initial={"home_track": driver.home_track_id})
    if card_form is None and can_manage and league.rules.driver_card_skills:
        card_form = DriverCardForm.of(driver)
    context = {
        "league": league,
        "driver": driver,
        "history": page_parts.part(
            request,
            league,
            "league/_driver_history.html",
            lambda: _history(request, league, driver),
        ),
        "luck": page_parts.part(
            request,
            league,
            "league/_driver_luck.html",
            lambda: {"lucks": driver_luck(driver)},
        ),
        # Shown where the rule set has home tracks, and wherever a post was refused (with why).
        "home_track_form": home_track_form
        if can_manage and (league.rules.home_tracks or home_track_form.errors)
        else None,
        # Where the rule set has driver cards (Formula D's road races): the organiser's form.
        "card_form": card_form,
        "card_errors": card_errors,
    }
    return render(request, "league/driver.html", context, status=status)


@login_required
@require_POST
def driver_card(request: HttpRequest, slug: str, driver_id: int) -> HttpResponse:
    """The organiser gives a driver a card for road races (a skill, WP by zone), versioned."""
    league = managed_league(request, slug)
    driver = driver_for(league, driver_id)
    form = DriverCardForm.of(driver, request.POST)
    if not form.is_valid():
        return _render_driver(request, league, driver, card_form=form, status=BAD_REQUEST)

    def saved(driver: Driver) -> HttpResponse:
        messages.success(request, f"{driver}'s driver card is saved.")
        return redirect(driver)

    def again(reasons, status, fresh) -> HttpResponse:
        if fresh:
            driver.refresh_from_db()
        shown = DriverCardForm.of(driver) if fresh else form
        return _render_driver(
            request, league, driver, card_form=shown, card_errors=reasons, status=status
        )

    return answer(
        request,
        lambda: services.driver_card_set(
            driver=driver,
            card=form.card(),
            expected_version=version_posted(request, NO_CARD_VERSION),
        ),
        done=saved,
        again=again,
    )


@login_required
@require_POST
def driver_home_track(request: HttpRequest, slug: str, driver_id: int) -> HttpResponse:
    league = managed_league(request, slug)
    driver = driver_for(league, driver_id)
    form = HomeTrackForm(request.POST)
    if not form.is_valid():
        return _render_driver(request, league, driver, home_track_form=form, status=BAD_REQUEST)
    track = form.cleaned_data["home_track"]

    def set_(driver: Driver) -> HttpResponse:
        messages.success(request, f"{driver}'s home track: {track or 'none'}.")
        return redirect(driver)

    def again(reasons, status, fresh) -> HttpResponse:
        on_form(form, reasons)
        return _render_driver(request, league, driver, home_track_form=form, status=status)

    return answer(
        request,
        lambda: services.driver_home_track_set(driver=driver, track=track),
        done=set_,
        again=again,
    )
