"""A driver's page, and what its organisers set on it: a home track (RBB), a driver card
(Formula D's road races)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.http import require_GET, require_POST

from ..forms.drivers import DriverCardForm, HomeTrackForm
from ..forms.roster import CareerForm, LeaveForm, RenameForm, TransferForm
from ..models import Driver, League
from ..reads import page_parts
from ..reads.luck import driver_luck
from ..reads.pagination import latest_page
from ..reads.roster import roster_change_notes
from ..services.drivers import driver_card_set, driver_home_track_set
from ..services.errors import AlreadyDone, Stale
from ..services.roster import (
    driver_career_correct,
    driver_release,
    driver_rename,
    driver_retire,
    driver_transfer,
)
from .common import (
    BAD_REQUEST,
    CONFLICT,
    already_done,
    driver_for,
    league_for,
    managed_league,
    on_form,
    refused,
    version_posted,
)

NO_ROSTER_ACTION = gettext_noop("Say what to change: a button of the driver's page names it.")
NO_CARD_VERSION = gettext_noop(
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
    roster_forms: dict[str, Any] | None = None,
    roster_errors=(),
    status: int = 200,
) -> HttpResponse:
    can_manage = not league.is_archived and league.can_manage(request.user)
    roster = None
    if can_manage:
        roster = {
            "career": CareerForm.of(driver) if league.rules.careers else None,
            "transfer": TransferForm(driver=driver),
            "rename": RenameForm.of(driver),
            "leave": LeaveForm(),
            **(roster_forms or {}),
        }
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
        # The organiser's roster changes (career, transfer, name, release, retirement), and
        # every change made so far, kept and shown to all.
        "roster": roster,
        "roster_errors": roster_errors,
        "changes": driver.changes.select_related("made_by"),
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
    try:
        driver = driver_card_set(
            driver=driver,
            card=form.card(),
            expected_version=version_posted(request, NO_CARD_VERSION),
        )
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        reasons, status = refused(refusal)
        shown = form
        if status == CONFLICT:
            driver.refresh_from_db()
            shown = DriverCardForm.of(driver)
        return _render_driver(
            request, league, driver, card_form=shown, card_errors=reasons, status=status
        )
    messages.success(request, gettext("{driver}'s driver card is saved.").format(driver=driver))
    return redirect(driver)


@login_required
@require_POST
def driver_home_track(request: HttpRequest, slug: str, driver_id: int) -> HttpResponse:
    league = managed_league(request, slug)
    driver = driver_for(league, driver_id)
    form = HomeTrackForm(request.POST)
    if not form.is_valid():
        return _render_driver(request, league, driver, home_track_form=form, status=BAD_REQUEST)
    track = form.cleaned_data["home_track"]
    try:
        driver = driver_home_track_set(driver=driver, track=track)
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        reasons, status = refused(refusal)
        on_form(form, reasons)
        return _render_driver(request, league, driver, home_track_form=form, status=status)
    home = gettext("{driver}'s home track: {track}.")
    said = track or gettext("none")
    messages.success(request, home.format(driver=driver, track=said))
    return redirect(driver)


ROOKIE_HIRED = gettext_noop("{team} hired {name}, a rookie, in the seat.")
ROSTER_DONE = {
    "correct": gettext_noop("{driver}'s career is corrected."),
    "transfer": gettext_noop("{driver} now drives for {team}."),
    "rename": gettext_noop("{driver} is the driver's name now."),
    "release": gettext_noop("{driver} is released."),
    "retire": gettext_noop("{driver} is retired."),
}


@login_required
@require_POST
def driver_roster(request: HttpRequest, slug: str, driver_id: int) -> HttpResponse:
    """The organiser changes a driver by hand, a named button each: `correct` (their career),
    `transfer`, `rename`, `release`, `retire`."""
    league = managed_league(request, slug)
    driver = driver_for(league, driver_id)
    action = next((name for name in ROSTER_DONE if name in request.POST), None)
    if action is None:
        return _render_driver(
            request, league, driver, roster_errors=[gettext(NO_ROSTER_ACTION)], status=BAD_REQUEST
        )
    who = request.user
    left = driver.team  # as it stands before the change
    form: Any
    if action == "correct":
        form, key = CareerForm(request.POST), "career"
    elif action == "transfer":
        form, key = TransferForm(request.POST, driver=driver), "transfer"
    elif action == "rename":
        form, key = RenameForm(request.POST), "rename"
    else:
        form, key = LeaveForm(request.POST), "leave"
    if not form.is_valid():
        return _render_driver(request, league, driver, roster_forms={key: form}, status=BAD_REQUEST)
    data = form.cleaned_data
    try:
        if action == "correct":
            changed = driver_career_correct(
                driver=driver,
                career=form.career(),
                reason=data["reason"],
                made_by=who,
                shown=form.shown(),
            )
        elif action == "transfer":
            changed = driver_transfer(
                driver=driver,
                team=data["team"],
                reason=data["reason"],
                made_by=who,
                shown=data["shown_team"],
                rookie=data["rookie"],
            )
        elif action == "rename":
            changed = driver_rename(
                driver=driver, name=data["name"], made_by=who, shown=data["shown_name"] or None
            )
        elif action == "release":
            changed = driver_release(
                driver=driver, reason=data["reason"], made_by=who, rookie=data["rookie"]
            )
        else:
            changed = driver_retire(
                driver=driver, reason=data["reason"], made_by=who, rookie=data["rookie"]
            )
    except AlreadyDone as already:
        return already_done(request, already)
    except Stale as conflict:
        driver.refresh_from_db()
        return _render_driver(
            request, league, driver, roster_errors=conflict.messages, status=CONFLICT
        )
    except ValidationError as refusal:
        on_form(form, refusal.messages)
        return _render_driver(request, league, driver, roster_forms={key: form}, status=BAD_REQUEST)
    messages.success(
        request, gettext(ROSTER_DONE[action]).format(driver=changed, team=changed.team)
    )
    if action in ("transfer", "release", "retire"):
        if data["rookie"]:
            messages.success(request, gettext(ROOKIE_HIRED).format(name=data["rookie"], team=left))
        for note in roster_change_notes(league, changed, left=left):
            messages.info(request, note)
    return redirect(changed)
