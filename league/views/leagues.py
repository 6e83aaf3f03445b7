"""League pages: the home page, a new league, a league's page, and its organiser's settings
(points table, publishing, archiving, the backup)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.core.paginator import Page
from django.db.models import Count, OuterRef, Subquery
from django.db.models.functions import Coalesce
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from .. import backup
from ..forms.league_settings import LeagueSettingsForm
from ..forms.leagues import ArchiveForm, LeagueForm, TimeZoneForm
from ..forms.seasons import PointsTableForm
from ..models import League, Making, Membership, Season, ruleset_choices
from ..reads import page_parts
from ..reads.pagination import LEAGUES_PER_PAGE, SEASONS_PER_PAGE, page_of
from ..reads.standings import season_leaders
from ..services import leagues
from ..services.errors import AlreadyDone, Stale
from ..services.league_settings import league_settings_set, season_settings_locked
from ..services.leagues import (
    LEAGUE_CHANGED,
    league_archive_set,
    league_create,
    league_points_table_set,
    league_publish_set,
    league_time_zone_set,
    points_table_refusal,
)
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
    version_posted,
)
from .limits import address_of, limited

READY = gettext_noop("{league} is ready: add teams, then open its first season.")
SCORES_BY = gettext_noop("{league} now scores by {league.points_table}.")
DELETED = gettext_noop("{league} is deleted, with everything of it.")


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """The leagues of the one asking, by role, and every published league a page at a time,
    the latest first: the same few queries for a site of 3 leagues or 3,000."""
    mine = (
        Membership.objects.filter(user_id=request.user.pk)
        .select_related("league", "team")
        .order_by("league__name")
        if request.user.is_authenticated
        else Membership.objects.none()
    )
    own = list(mine)
    # What a line shows and no more: the count of its seasons a subquery, which the page's
    # count of leagues leaves out (a join and GROUP BY over every league would not be).
    seasons = Season.objects.filter(league=OuterRef("pk")).order_by().values("league")
    published = (
        League.objects.filter(published=True, archived_at__isnull=True)
        .only("name", "slug", "ruleset")
        .annotate(season_count=Coalesce(Subquery(seasons.annotate(n=Count("pk")).values("n")), 0))
        .order_by("-created", "-pk")
    )
    context = {
        "mine": [member for member in own if not member.league.is_archived],
        "archived": [member.league for member in own if member.league.is_archived],
        "leagues": page_of(published, request.GET.get("page"), LEAGUES_PER_PAGE),
    }
    return render(request, "league/home.html", context)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def league_new(request: HttpRequest) -> HttpResponse:
    # Picking a rule set reloads the form with its settings, keeping the name typed so far.
    initial = {"name": request.GET.get("name", ""), "time_zone": request.GET.get("time_zone", "")}
    form = LeagueForm(posted(request), ruleset=_ruleset_asked(request), initial=initial)
    if request.method == "POST" and (too_many := limited(request, Making.Kind.LEAGUE)):
        return too_many
    if request.method == "GET" or not form.is_valid():
        return _render_new(request, form)
    try:
        league = league_create(
            organiser=request.user,
            name=form.cleaned_data["name"],
            ruleset=form.rules.name,
            settings=form.league_settings(),
            time_zone=form.cleaned_data["time_zone"],
            address=address_of(request),
        )
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        return _render_new(request, form, refusal.messages)
    return _made(request, gettext(READY).format(league=league), league)


def _render_new(request: HttpRequest, form: LeagueForm, reasons=()) -> HttpResponse:
    on_form(form, reasons)
    status = BAD_REQUEST if request.method == "POST" else 200
    return render(request, "league/league_new.html", {"form": form}, status=status)


def _made(request: HttpRequest, message: str, made) -> HttpResponse:
    messages.success(request, message)
    return redirect(made)


def _ruleset_asked(request: HttpRequest) -> str:
    """The rule set the new-league form is for: the one posted or picked, else the first."""
    offered = [name for name, _title in ruleset_choices()]
    asked = request.POST.get("ruleset") or request.GET.get("ruleset")
    return asked if asked in offered else offered[0]


@require_GET
def league_detail(request: HttpRequest, slug: str) -> HttpResponse:
    return _render_league(request, league_for(slug))


def _render_league(request, league: League, errors=(), status: int = 200) -> HttpResponse:
    can_manage = league.can_manage(request.user)
    context = {
        "errors": list(errors),
        "league": league,
        "body": page_parts.part(
            request,
            league,
            "league/_league_body.html",
            lambda: _league_body(request, league, can_manage),
            can_manage,
        ),
        "can_manage": can_manage,
    }
    return render(request, "league/league.html", context, status=status)


def _league_body(request, league: League, can_manage: bool) -> dict[str, object]:
    # The seasons are read once, the current one among them; teams and their drivers are read
    # through the league, so they carry it without a join.
    seasons = list(league.seasons.order_by("number"))
    return {
        "league": league,
        "season": seasons[-1] if seasons else None,
        "history": _season_history(seasons, request.GET.get("seasons")),
        "teams": page_of(league.teams.prefetch_related("drivers"), request.GET.get("page")),
        "can_manage": can_manage,
        "can_change": can_manage and not league.is_archived,  # an archived league is read-only
    }


def _season_history(seasons: list[Season], number: str | None) -> Page:
    """A page of the league's seasons, the latest first, each with its champions (its leaders
    while it runs): only the seasons shown are read for them."""
    history = page_of(seasons[::-1], number, SEASONS_PER_PAGE)
    history.object_list = season_leaders(list(history.object_list))
    return history


@login_required
@require_POST
def league_archive(request: HttpRequest, slug: str) -> HttpResponse:
    """Its organiser files the league away (the Archive button) or brings it back (Restore):
    a league with history is archived, never deleted."""
    league = managed_league(request, slug, archiving=True)
    form = ArchiveForm(request.POST)
    if not form.is_valid():
        return _render_league(request, league, form.non_field_errors(), BAD_REQUEST)

    try:
        league = league_archive_set(
            league=league,
            archived=form.cleaned_data["archived"],
            expected_version=form.cleaned_data["version"],
        )
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        reasons, status = refused(refusal)
        shown = seen_league(request, slug) if status == CONFLICT else league
        return _render_league(request, shown, reasons, status)
    if league.is_archived:
        done = gettext("{league} is archived: it is listed under Archived.")
    else:
        done = gettext("{league} is back on the list.")
    return _made(request, done.format(league=league), league)


@never_cache
@login_required
@require_GET
def league_backup(request: HttpRequest, slug: str) -> HttpResponse:
    """The whole league as one JSON file, for its organiser to keep (league/backup/)."""
    league = managed_league(request, slug)
    response = HttpResponse(backup.league_file(league), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{backup.file_name(league)}"'
    return response


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def league_points(request: HttpRequest, slug: str) -> HttpResponse:
    """The league's points table: its organiser picks a preset or writes one, until the current
    season's first result."""
    league = managed_league(request, slug)
    form = PointsTableForm(posted(request), rules=league.rules)
    if request.method == "GET" or not form.is_valid():
        return _render_points(request, league, form)

    try:
        league = league_points_table_set(
            league=league, table=form.points_table(), expected_version=form.cleaned_data["version"]
        )
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        reasons, status = refused(refusal)
        if status == CONFLICT:
            league.refresh_from_db()
            fresh = PointsTableForm(rules=league.rules)
            return _render_points(request, league, fresh, reasons, status)
        on_form(form, reasons)
        return _render_points(request, league, form, status=status)
    return _made(request, gettext(SCORES_BY).format(league=league), league)


def _render_points(request, league, form, errors=(), status: int | None = None) -> HttpResponse:
    context = {
        "league": league,
        "form": form,
        "errors": list(errors),
        "refusal": points_table_refusal(league),
    }
    if status is None:
        status = BAD_REQUEST if request.method == "POST" else 200
    return render(request, "league/points.html", context, status=status)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def league_publish(request: HttpRequest, slug: str) -> HttpResponse:
    """GET says who sees the league now; POST publishes it or takes it back."""
    league = managed_league(request, slug)
    if request.method == "GET":
        return _render_publish(request, league)

    try:
        league = league_publish_set(
            league=league,
            published="publish" in request.POST,
            expected_version=version_posted(request, LEAGUE_CHANGED),
        )
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        reasons, status = refused(refusal)
        league.refresh_from_db()
        return _render_publish(request, league, reasons, status)
    if league.published:
        said = gettext("{league} is published: anyone may see it.")
    else:
        said = gettext("{league} is no longer published.")
    return _made(request, said.format(league=league.name), league)


def _render_publish(request, league: League, errors=(), status: int = 200) -> HttpResponse:
    context = {"league": league, "errors": list(errors)}
    return render(request, "league/publish.html", context, status=status)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def league_delete(request: HttpRequest, slug: str) -> HttpResponse:
    """GET asks first, offering the backup; POST, with the league's name typed, deletes it."""
    league = managed_league(request, slug, archiving=True)
    if request.method == "GET":
        return _render_delete(request, league)

    try:
        leagues.league_delete(league=league, name_typed=request.POST.get("name", ""))
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        reasons, status = refused(refusal)
        return _render_delete(request, league, reasons, status)
    messages.success(request, gettext(DELETED).format(league=league.name))
    return redirect("league:home")


def _render_delete(request, league: League, errors=(), status: int = 200) -> HttpResponse:
    context = {"league": league, "errors": list(errors)}
    return render(request, "league/league_delete.html", context, status=status)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def league_time_zone(request: HttpRequest, slug: str) -> HttpResponse:
    """The league's time zone, in which its session times are typed and shown."""
    league = managed_league(request, slug)
    form = TimeZoneForm(
        posted(request),
        initial={"time_zone": league.time_zone, "version": league.settings_version},
    )
    if request.method == "GET" or not form.is_valid():
        return _render_time_zone(request, league, form)

    try:
        league = league_time_zone_set(
            league=league,
            time_zone=form.cleaned_data["time_zone"],
            expected_version=form.cleaned_data["version"],
        )
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        reasons, status = refused(refusal)
        league.refresh_from_db()
        fresh = TimeZoneForm(
            initial={"time_zone": league.time_zone, "version": league.settings_version}
        )
        return _render_time_zone(request, league, fresh, reasons, status)
    moved = gettext("{league}'s times are now in {zone}.")
    return _made(request, moved.format(league=league.name, zone=league.time_zone), league)


def _render_time_zone(request, league, form, errors=(), status: int | None = None) -> HttpResponse:
    if status is None:
        status = BAD_REQUEST if request.method == "POST" else 200
    context = {"league": league, "form": form, "errors": list(errors)}
    return render(request, "league/time_zone.html", context, status=status)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def league_settings(request: HttpRequest, slug: str) -> HttpResponse:
    """The league's settings, each with when a change to it counts; POST: changed."""
    league = managed_league(request, slug)
    form = LeagueSettingsForm(
        posted(request),
        rules=league.rules,
        current=league.settings,
        locked=season_settings_locked(league),
        language=league.language,
        initial={"version": league.settings_version},
    )
    if request.method == "GET":
        return _render_settings(request, league, form)
    if not form.is_valid():
        return _render_settings(request, league, form, status=BAD_REQUEST)
    try:
        changes = league_settings_set(
            league=league,
            settings=form.settings(),
            expected_version=form.cleaned_data["version"],
            made_by=request.user,
            language=form.language(),
        )
    except AlreadyDone as already:
        return already_done(request, already)
    except Stale as conflict:
        league.refresh_from_db()
        fresh = LeagueSettingsForm(
            rules=league.rules,
            current=league.settings,
            locked=season_settings_locked(league),
            language=league.language,
            initial={"version": league.settings_version},
        )
        return _render_settings(request, league, fresh, conflict.messages, CONFLICT)
    except ValidationError as refusal:
        on_form(form, refusal.messages)
        return _render_settings(request, league, form, status=BAD_REQUEST)
    words = "; ".join(
        gettext("{setting}: {value}").format(setting=change.said_label, value=change.said_after)
        for change in changes
    )
    messages.success(request, gettext("Changed: {changes}.").format(changes=words))
    return redirect("league:league_settings", slug=league.slug)


def _render_settings(request, league, form, errors=(), status: int = 200) -> HttpResponse:
    context = {
        "league": league,
        "form": form,
        "errors": list(errors),
        "changes": league.setting_changes.select_related("season", "made_by").order_by(
            "-made_at", "-pk"
        )[:50],
    }
    return render(request, "league/league_settings.html", context, status=status)
