"""A league's teams: a team made, its page, its rookies hired and its name changed by its
organisers or its owner, its colour picked by its organisers."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from ..forms.teams import HireForm, TeamColourForm, TeamForm, TeamRenameForm
from ..models import League, RoundStatus, Team
from ..reads import page_parts
from ..reads.pagination import latest_page
from ..services import drivers, teams
from ..services.common import league_writable
from ..services.errors import AlreadyDone
from ..services.teams import team_colour_set, team_create
from .common import (
    BAD_REQUEST,
    CONFLICT,
    already_done,
    league_for,
    managed_league,
    on_form,
    posted,
    refused,
    seen_league,
)

NOT_THE_TEAMS = gettext_noop("Only the league's organiser or this team's owner may do that.")


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def team_new(request: HttpRequest, slug: str) -> HttpResponse:
    league = managed_league(request, slug)
    form = TeamForm(posted(request), cars_per_team=league.cars_per_team)
    if request.method == "GET" or not form.is_valid():
        return _render_new(request, league, form)
    try:
        team = team_create(
            league=league, name=form.cleaned_data["name"], driver_names=form.driver_names()
        )
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        return _render_new(request, league, form, refusal.messages)
    messages.success(request, gettext("{team} joins {league}.").format(team=team, league=league))
    return redirect(league)  # where the next team is added


def _render_new(request, league: League, form: TeamForm, reasons=()) -> HttpResponse:
    on_form(form, reasons)
    status = BAD_REQUEST if request.method == "POST" else 200
    return render(request, "league/team_new.html", {"league": league, "form": form}, status=status)


@never_cache
@require_GET
def team_detail(request: HttpRequest, slug: str, team_id: int) -> HttpResponse:
    league = league_for(slug)
    return _render_team(request, league, get_object_or_404(league.teams, pk=team_id))


def _render_team(
    request,
    league: League,
    team: Team,
    *,
    hire_form=None,
    rename_form=None,
    colour_form=None,
    status=200,
) -> HttpResponse:
    def build() -> dict[str, object]:
        """What the team's parts show, read only when they are laid out anew."""
        entries = (
            team.entries.filter(round__status=RoundStatus.FINISHED)
            .select_related("driver", "round__season__league", "round__track")
            .order_by("-round__season__number", "-round__number", "-place", "-pk")
        )
        return {
            "league": league,
            "drivers": team.drivers.all(),
            "entries": latest_page(entries, request.GET.get("page")),
        }

    # Its organisers and its owner run the team: its name and its rookies; its organisers pick
    # its colour. The forms are made only for those shown them.
    runs_team, picks_colour = (
        (False, False) if league.is_archived else league.team_rights(request.user, team)
    )
    context: dict[str, object] = {
        "league": league,
        "team": team,
        "parts": page_parts.parts(
            request,
            league,
            {"drivers": "league/_team_drivers.html", "history": "league/_team_history.html"},
            build,
        ),
        "runs_team": runs_team,
        "picks_colour": picks_colour,
    }
    if runs_team:
        context["hire_form"] = hire_form or HireForm()
        context["rename_form"] = rename_form or TeamRenameForm.of(team)
    if picks_colour:
        context["colour_form"] = colour_form or TeamColourForm.of(team)
    return render(request, "league/team.html", context, status=status)


def _form_again(team: Team, form, reasons, fresh: bool):
    """A team form refused with `reasons`: as posted, or (`fresh`: a stale tab's) built on the
    team as it stands now."""
    if not fresh:
        on_form(form, reasons)
        return form
    team.refresh_from_db()
    return type(form).of(team, refused=reasons)


def _run_team(request: HttpRequest, slug: str, team_id: int) -> tuple[League, Team]:
    """The league and its team, to its organisers and the team's owner (else 403; a 404 to
    anyone who may not see the league)."""
    league = seen_league(request, slug)
    team = get_object_or_404(league.teams, pk=team_id)
    if not league.can_run_team(request.user, team):
        raise PermissionDenied(gettext(NOT_THE_TEAMS))
    league_writable(league)
    return league, team


@login_required
@require_POST
def driver_hire(request: HttpRequest, slug: str, team_id: int) -> HttpResponse:
    league, team = _run_team(request, slug, team_id)
    form = HireForm(request.POST)
    if not form.is_valid():
        return _render_team(request, league, team, hire_form=form, status=BAD_REQUEST)
    try:
        driver = drivers.driver_hire(team=team, name=form.cleaned_data["name"])
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        reasons, status = refused(refusal)
        on_form(form, reasons)
        return _render_team(request, league, team, hire_form=form, status=status)
    signed = gettext("{driver} signs for {team}: age 1, 0 XP.")
    messages.success(request, signed.format(driver=driver, team=team))
    return redirect(team)


@login_required
@require_POST
def team_rename(request: HttpRequest, slug: str, team_id: int) -> HttpResponse:
    league, team = _run_team(request, slug, team_id)
    form = TeamRenameForm(request.POST)
    if not form.is_valid():
        return _render_team(request, league, team, rename_form=form, status=BAD_REQUEST)
    try:
        team = teams.team_rename(team=team, name=form.cleaned_data["name"], shown=form.shown_name())
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        reasons, status = refused(refusal)
        shown = _form_again(team, form, reasons, fresh=status == CONFLICT)
        return _render_team(request, league, team, rename_form=shown, status=status)
    messages.success(request, gettext("The team is now called {team}.").format(team=team))
    return redirect(team)


@login_required
@require_POST
def team_colour(request: HttpRequest, slug: str, team_id: int) -> HttpResponse:
    league = managed_league(request, slug)
    team = get_object_or_404(league.teams, pk=team_id)
    form = TeamColourForm(request.POST)
    if not form.is_valid():
        return _render_team(request, league, team, colour_form=form, status=BAD_REQUEST)
    try:
        team = team_colour_set(
            team=team, colour=form.cleaned_data["colour"], shown=form.shown_colour()
        )
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        reasons, status = refused(refusal)
        shown = _form_again(team, form, reasons, fresh=status == CONFLICT)
        return _render_team(request, league, team, colour_form=shown, status=status)
    colour = gettext("{team} races in {colour}.")
    messages.success(request, colour.format(team=team, colour=team.colour_label))
    return redirect(team)
