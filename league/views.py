"""League pages: parse the request, call a service, render. Refusals come back as 400s."""

from __future__ import annotations

from contextvars import ContextVar
from functools import cache

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.forms.models import model_to_dict
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from . import backup, services
from . import page_cache as page_parts
from .charts import season_charts
from .forms import (
    ArchiveForm,
    DriverCardForm,
    HireForm,
    HomeTrackForm,
    InjuryRollForm,
    LeagueForm,
    PointsTableForm,
    RaceOptionsForm,
    RookieForm,
    SeasonForm,
    SeasonSetupForm,
    TeamForm,
    TeamRenameForm,
    TrackForm,
)
from .models import (
    RUNS_RACES,
    Driver,
    League,
    Role,
    Round,
    RoundStatus,
    Season,
    Team,
    Track,
    may_edit_tracks,
    ruleset_choices,
)
from .pages import SEASONS_PER_PAGE, latest_page, page_of
from .round_panel import chosen_starters, round_panel, starter_lines
from .standings import season_leaders, season_standings
from .title import season_title

BAD_REQUEST = 400
CONFLICT = 409
NO_VERSION = "This form does not say which version of the round it was built on: reload the page."
NO_TRACK_VERSION = (
    "This form does not say which version of the track it was built on: reload the page."
)
PICK_A_FACE = "Pick the value the black die shows."
UNKNOWN_CAR = "That car is not in this round."
NO_ROOKIES = (
    "{rules} drivers have no careers, so there are no rookies to hire here: add a driver on "
    "the team's page."
)


def _posted(request: HttpRequest):
    """The POST data to bind a form to (even when empty), or None on a GET."""
    return request.POST if request.method == "POST" else None


# The league a public page has just read to check who may see it (league/publishing.py), so
# the page itself does not read it again.
CHECKED_LEAGUE: ContextVar[League | None] = ContextVar("checked_league", default=None)


def _league(slug: str) -> League:
    checked = CHECKED_LEAGUE.get()
    if checked is not None and checked.slug == slug:
        return checked
    return get_object_or_404(League.objects.select_related("organiser").with_revision(), slug=slug)


def _managed_league(request: HttpRequest, slug: str, *, archiving: bool = False) -> League:
    """The league, to its organisers; a post to an archived one is refused (but `archiving`,
    its being archived or restored)."""
    league = _league(slug)
    if not league.can_manage(request.user):
        raise PermissionDenied("Only the league's organiser may do that.")
    if request.method == "POST" and not archiving:
        services.league_writable(league)
    return league


def _season(league: League, number: int) -> Season:
    # Read through the league, which the season then carries without a join.
    return get_object_or_404(league.seasons, number=number)


def _refused(form, error: ValidationError) -> None:
    for message in error.messages:
        form.add_error(None, message)


def _already_done(request: HttpRequest, done: services.AlreadyDone) -> HttpResponse:
    """A double tap, or a tab that was beaten to it: show what exists, say so, write nothing."""
    messages.info(request, done.message)
    return redirect(done.done)


def _created(request: HttpRequest, form, create, made: str, then=None) -> HttpResponse | None:
    """Run `create()` for a valid form: a redirect to what it made, or to `then` (with `made`,
    formatted with it, as the message), or to what a twin request made (AlreadyDone); None
    once a refusal is on the form, for the page to be shown again with it."""
    try:
        created = create()
    except services.AlreadyDone as done:
        return _already_done(request, done)
    except ValidationError as error:
        _refused(form, error)
        return None
    messages.success(request, made.format(created))
    return redirect(then or created)


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    listed = League.objects.listed_for(request.user)
    leagues = listed.filter(archived_at__isnull=True).prefetch_related("seasons")
    archived = listed.filter(archived_at__isnull=False)
    return render(request, "league/home.html", {"leagues": leagues, "archived": archived})


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def league_new(request: HttpRequest) -> HttpResponse:
    # Picking a rule set reloads the form with its settings, keeping the name typed so far.
    initial = {"name": request.GET.get("name", "")}
    form = LeagueForm(_posted(request), ruleset=_ruleset_asked(request), initial=initial)
    if request.method == "POST" and form.is_valid():
        created = _created(
            request,
            form,
            lambda: services.league_create(
                organiser=request.user,
                name=form.cleaned_data["name"],
                ruleset=form.rules.name,
                settings=form.league_settings(),
            ),
            "{} is ready: add teams, then open its first season.",
        )
        if created:
            return created
    status = BAD_REQUEST if request.method == "POST" else 200
    return render(request, "league/league_new.html", {"form": form}, status=status)


def _ruleset_asked(request: HttpRequest) -> str:
    """The rule set the new-league form is for: the one posted or picked, else the first."""
    offered = [name for name, _title in ruleset_choices()]
    asked = request.POST.get("ruleset") or request.GET.get("ruleset")
    return asked if asked in offered else offered[0]


@require_GET
def league_detail(request: HttpRequest, slug: str) -> HttpResponse:
    return _render_league(request, _league(slug))


def _render_league(request, league, errors=(), status=200) -> HttpResponse:
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


def _league_body(request, league, can_manage: bool) -> dict[str, object]:
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


def _season_history(seasons: list[Season], number: str | None):
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
    league = _managed_league(request, slug, archiving=True)
    form = ArchiveForm(request.POST)
    if not form.is_valid():
        return _render_league(request, league, form.non_field_errors(), BAD_REQUEST)
    try:
        league = services.league_archive_set(
            league=league,
            archived=form.cleaned_data["archived"],
            expected_version=form.cleaned_data["version"],
        )
    except services.AlreadyDone as done:
        return _already_done(request, done)
    except services.StaleLeague as conflict:
        return _render_league(request, _league(slug), conflict.messages, CONFLICT)
    done = "archived: it is off the home page's list" if league.is_archived else "back on the list"
    messages.success(request, f"{league} is {done}.")
    return redirect(league)


@never_cache
@login_required
@require_GET
def league_backup(request: HttpRequest, slug: str) -> HttpResponse:
    """The whole league as one JSON file, for its organiser to keep (league/backup.py)."""
    league = _managed_league(request, slug)
    response = HttpResponse(backup.league_file(league), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{backup.file_name(league)}"'
    return response


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def league_points(request: HttpRequest, slug: str) -> HttpResponse:
    """The league's points table: its organiser picks a preset or writes one, until the current
    season's first result."""
    league = _managed_league(request, slug)
    form = PointsTableForm(_posted(request), rules=league.rules)
    if request.method == "POST" and form.is_valid():
        try:
            league = services.league_points_table_set(
                league=league,
                table=form.points_table(),
                expected_version=form.cleaned_data["version"],
            )
        except services.AlreadyDone as done:
            return _already_done(request, done)
        except services.StaleLeague as conflict:
            fresh = PointsTableForm(rules=league.rules)
            return _render_points(request, _league(slug), fresh, conflict.messages, CONFLICT)
        except ValidationError as error:
            _refused(form, error)
        else:
            messages.success(request, f"{league} now scores by {league.points_table}.")
            return redirect(league)
    status = BAD_REQUEST if request.method == "POST" else 200
    return _render_points(request, league, form, status=status)


def _render_points(request, league, form, errors=(), status=200) -> HttpResponse:
    context = {
        "league": league,
        "form": form,
        "errors": list(errors),
        "refusal": services.points_table_refusal(league),
    }
    return render(request, "league/points.html", context, status=status)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def team_new(request: HttpRequest, slug: str) -> HttpResponse:
    league = _managed_league(request, slug)
    form = TeamForm(_posted(request), cars_per_team=league.cars_per_team)
    if request.method == "POST" and form.is_valid():
        created = _created(
            request,
            form,
            lambda: services.team_create(
                league=league, name=form.cleaned_data["name"], driver_names=form.driver_names()
            ),
            f"{{}} joins {league}.",
            then=league,  # where the next team is added
        )
        if created:
            return created
    status = BAD_REQUEST if request.method == "POST" else 200
    return render(request, "league/team_new.html", {"league": league, "form": form}, status=status)


@never_cache
@require_GET
def team_detail(request: HttpRequest, slug: str, team_id: int) -> HttpResponse:
    league = _league(slug)
    team = get_object_or_404(league.teams, pk=team_id)
    return _render_team(request, league, team, HireForm())


def _render_team(request, league, team, hire_form, status=200, rename_form=None) -> HttpResponse:
    runs_team = not league.is_archived and league.can_run_team(request.user, team)
    context = {
        "league": league,
        "team": team,
        "parts": page_parts.parts(
            request,
            league,
            {"drivers": "league/_team_drivers.html", "history": "league/_team_history.html"},
            lambda: {
                "league": league,
                "drivers": team.drivers.all(),
                "entries": latest_page(
                    team.entries.filter(round__status=RoundStatus.FINISHED)
                    .select_related("driver", "round__season__league", "round__track")
                    .order_by("-round__season__number", "-round__number", "-place", "-pk"),
                    request.GET.get("page"),
                ),
            },
        ),
        "hire_form": _form_html(hire_form),
        # Its organiser and its owners run the team: its name and its rookies.
        "runs_team": runs_team,
        "rename_form": rename_form or TeamRenameForm(initial={"name": team.name}),
    }
    return render(request, "league/team.html", context, status=status)


def _form_html(form) -> str:
    """`form` as crispy lays it out. Laying out even one field costs as much as the rest of a
    page, and an unbound form comes out the same on every request: it is laid out once."""
    if form.is_bound:
        return render_to_string("league/_form.html", {"form": form})
    return _blank_form_html(type(form))


@cache
def _blank_form_html(form_class) -> str:
    return render_to_string("league/_form.html", {"form": form_class()})


@login_required
@require_POST
def driver_hire(request: HttpRequest, slug: str, team_id: int) -> HttpResponse:
    league = _league(slug)
    team = get_object_or_404(Team, league=league, pk=team_id)
    if not league.can_run_team(request.user, team):
        raise PermissionDenied("Only the league's organiser or this team's owner may hire.")
    services.league_writable(league)
    form = HireForm(request.POST)
    if form.is_valid():
        try:
            driver = services.driver_hire(team=team, name=form.cleaned_data["name"])
        except ValidationError as error:
            _refused(form, error)
        else:
            messages.success(request, f"{driver} signs for {team}: age 1, 0 XP.")
            return redirect(team)
    return _render_team(request, league, team, form, status=BAD_REQUEST)


@require_GET
def driver_detail(request: HttpRequest, slug: str, driver_id: int) -> HttpResponse:
    league = _league(slug)
    return _render_driver(request, league, _driver(league, driver_id), None)


NO_CARD_VERSION = (
    "This form does not say which version of the driver card it was built on: reload the page."
)


@login_required
@require_POST
def driver_card(request: HttpRequest, slug: str, driver_id: int) -> HttpResponse:
    """The organiser gives a driver a card for road races (a skill, WP by zone), versioned."""
    league = _managed_league(request, slug)
    driver = _driver(league, driver_id)
    form = DriverCardForm.of(driver, request.POST)
    errors: list[str] = []
    if form.is_valid():
        try:
            version = int(request.POST.get("version", ""))
            services.driver_card_set(driver=driver, card=form.card(), expected_version=version)
        except ValueError:
            errors = [NO_CARD_VERSION]
        except services.AlreadyDone as done:
            return _already_done(request, done)
        except services.StaleDriverCard as conflict:
            driver.refresh_from_db()
            fresh = DriverCardForm.of(driver)
            return _render_driver(request, league, driver, None, CONFLICT, fresh, conflict.messages)
        except ValidationError as error:
            errors = error.messages
        else:
            messages.success(request, f"{driver}'s driver card is saved.")
            return redirect(driver)
    return _render_driver(request, league, driver, None, BAD_REQUEST, form, errors)


def _driver(league: League, driver_id: int) -> Driver:
    driver = get_object_or_404(
        Driver.objects.select_related("team", "home_track"), team__league=league, pk=driver_id
    )
    driver.team.league = league  # read already: no join for it
    return driver


def _render_driver(
    request, league, driver, home_track_form, status: int = 200, card_form=None, card_errors=()
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
            lambda: {
                "league": league,
                "entries": latest_page(
                    driver.entries.select_related(
                        "round__season__league", "round__track", "team"
                    ).order_by("-round__season__number", "-round__number", "-pk"),
                    request.GET.get("page"),
                ),
                "season_ends": driver.season_end_changes.select_related("season"),
            },
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
def driver_home_track(request: HttpRequest, slug: str, driver_id: int) -> HttpResponse:
    league = _managed_league(request, slug)
    driver = _driver(league, driver_id)
    form = HomeTrackForm(request.POST)
    if form.is_valid():
        track = form.cleaned_data["home_track"]
        try:
            services.driver_home_track_set(driver=driver, track=track)
        except ValidationError as error:
            _refused(form, error)
        else:
            messages.success(request, f"{driver}'s home track: {track or 'none'}.")
            return redirect(driver)
    return _render_driver(request, league, driver, form, status=BAD_REQUEST)


@require_http_methods(["GET", "POST"])
def tracks(request: HttpRequest) -> HttpResponse:
    form = TrackForm(_posted(request))
    if request.method == "POST":
        if not request.user.is_authenticated:
            raise PermissionDenied("Log in to add a track.")
        if form.is_valid():
            try:
                track = services.track_create(**form.cleaned_data)
            except services.AlreadyDone as done:
                messages.info(request, done.message)
                return redirect("league:tracks")
            except ValidationError as error:
                _refused(form, error)
            else:
                messages.success(request, f"{track} added to the track list.")
                return redirect("league:tracks")
    status = BAD_REQUEST if request.method == "POST" else 200
    context = {
        "tracks": Track.objects.all(),
        "form": form,
        "can_edit": may_edit_tracks(request.user),
    }
    return render(request, "league/tracks.html", context, status=status)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def track_edit(request: HttpRequest, track_id: int) -> HttpResponse:
    """GET: the track's form, saying first if it may not be edited now; POST: the edit."""
    if not may_edit_tracks(request.user):
        raise PermissionDenied("Only a league's organiser may edit the track list.")
    track = get_object_or_404(Track, pk=track_id)
    form = TrackForm(_posted(request), initial=model_to_dict(track))
    if request.method == "GET":
        refusal = services.track_edit_refusal(track, viewer=request.user)
        return _render_track_edit(request, track, form, [refusal] if refusal else [], 200)
    if not form.is_valid():
        return _render_track_edit(request, track, form, [], BAD_REQUEST)
    try:
        version = int(request.POST.get("version", ""))
        edited = services.track_edit(
            track=track, expected_version=version, editor=request.user, **form.cleaned_data
        )
    except ValueError:
        return _render_track_edit(request, track, form, [NO_TRACK_VERSION], BAD_REQUEST)
    except services.AlreadyDone as done:
        messages.info(request, done.message)
        return redirect("league:tracks")
    except services.StaleTrack as conflict:
        track.refresh_from_db()
        fresh = TrackForm(initial=model_to_dict(track))
        return _render_track_edit(request, track, fresh, conflict.messages, CONFLICT)
    except ValidationError as error:
        return _render_track_edit(request, track, form, error.messages, BAD_REQUEST)
    messages.success(request, f"{edited} is saved.")
    return redirect("league:tracks")


def _render_track_edit(request, track, form, errors, status) -> HttpResponse:
    context = {"track": track, "form": form, "errors": errors}
    return render(request, "league/track_edit.html", context, status=status)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def season_new(request: HttpRequest, slug: str) -> HttpResponse:
    league = _managed_league(request, slug)
    current = league.current_season()
    form = SeasonForm(
        _posted(request), rules=league.rules, next_number=current.number + 1 if current else 1
    )
    if request.method == "POST" and form.is_valid():
        created = _created(
            request,
            form,
            lambda: services.season_open(
                league=league,
                preset=form.cleaned_data["preset"],
                tracks=form.tracks(),
                number=form.cleaned_data["number"],
            ),
            "Season {.number} is open.",
        )
        if created:
            return created
    status = BAD_REQUEST if request.method == "POST" else 200
    return render(
        request, "league/season_new.html", {"league": league, "form": form}, status=status
    )


@never_cache  # its organiser's setup form carries the version it was built on
@require_GET
def season_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    league = _league(slug)
    season = _season(league, number)
    can_manage = not league.is_archived and league.can_manage(request.user)
    # Read once, and only where a part is laid out anew or the organiser is shown what the
    # rounds allow. By number alone: the rounds' default order joins their season and league.
    rounds = cache(lambda: list(season.rounds.select_related("track").order_by("number")))
    context = {
        "league": league,
        "season": season,
        "parts": page_parts.parts(
            request,
            league,
            {
                "schedule": "league/_season_schedule.html",
                "ending": "league/_season_ending.html",
                "standings": "league/_season_standings.html",
            },
            lambda: {
                **_season_standings(request, league, season, rounds()),
                "can_manage": can_manage,
                # Ending is offered once the rules let it, and asks first (season_end's GET).
                "can_end": can_manage
                and not season.is_ended
                and services.season_end_refusal(rounds()) is None,
            },
            can_manage,
        ),
        "can_manage": can_manage,
        **_setup_context(season, rounds, can_manage),
    }
    return render(request, "league/season.html", context)


def _season_standings(request, league, season, rounds) -> dict[str, object]:
    standings = season_standings(season, rounds=rounds)
    drivers = page_of(standings.drivers, request.GET.get("page"))
    teams = page_of(standings.teams, request.GET.get("teams"))
    return {
        "league": league,
        "season": season,
        "schedule": [
            (round_, standings.team_race_winners.get(round_.number, ())) for round_ in rounds
        ],
        "standings": standings,
        "drivers": drivers,
        "teams": teams,
        "driver_ties": standings.ties(drivers.object_list),
        "team_ties": standings.ties(teams.object_list),
        "charts": season_charts(
            standings, [round_.number for round_ in rounds if round_.is_finished], league.rules
        ),
        "title": season_title(season, standings, rounds),
    }


def _setup_context(season: Season, rounds, can_manage: bool) -> dict[str, object]:
    """The season setup's form for its organiser (where the rule set has a season setup), and
    why it may not change now, if it may not (`rounds()`: the rounds, read once a request)."""
    rules = season.league.rules
    if not (can_manage and rules.season_setup):
        return {}
    return {
        "setup_form": SeasonSetupForm(rules=rules, initial=season.race_setup),
        "setup_refusal": services.season_setup_refusal(season, rounds()),
    }


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def season_setup(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The season's setup (RBB: its wear points): its organiser changes it until the season's
    first race starts."""
    season = _season(_managed_league(request, slug), number)
    if not season.league.rules.season_setup:
        raise Http404(services.NO_SEASON_SETUP.format(rules=season.league.rules.title))
    form = SeasonSetupForm(_posted(request), rules=season.league.rules, initial=season.race_setup)
    if request.method == "POST" and form.is_valid():
        try:
            season = services.season_setup_set(
                season=season, setup=form.setup(), expected_version=form.cleaned_data["version"]
            )
        except services.AlreadyDone as done:
            return _already_done(request, done)
        except services.StaleSeason as conflict:
            season.refresh_from_db()
            fresh = SeasonSetupForm(rules=season.league.rules, initial=season.race_setup)
            return _render_setup(request, season, fresh, conflict.messages, CONFLICT)
        except ValidationError as error:
            _refused(form, error)
        else:
            messages.success(request, f"Season {season.number}'s setup is saved.")
            return redirect(season)
    status = BAD_REQUEST if request.method == "POST" else 200
    return _render_setup(request, season, form, status=status)


def _render_setup(request, season, form, errors=(), status=200) -> HttpResponse:
    context = {
        "league": season.league,
        "season": season,
        "form": form,
        "errors": list(errors),
        "refusal": services.season_setup_refusal(season),
    }
    return render(request, "league/season_setup.html", context, status=status)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def season_end(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """GET asks first, saying what ending the season does; POST ends it."""
    league = _managed_league(request, slug)
    season = _season(league, number)
    if request.method == "GET":
        if season.is_ended:
            return redirect("league:season_report", slug=league.slug, number=season.number)
        return render(request, "league/season_end.html", {"league": league, "season": season})
    try:
        services.season_end(season=season)
    except services.AlreadyDone:
        messages.info(request, services.SEASON_ENDED_ALREADY.format(number=season.number))
        return redirect("league:season_report", slug=league.slug, number=season.number)
    except ValidationError as error:
        context = {"league": league, "season": season, "errors": error.messages}
        return render(request, "league/season_report.html", context, status=BAD_REQUEST)
    messages.success(
        request, f"Season {season.number} has ended; season {season.number + 1} is open."
    )
    return redirect("league:season_report", slug=league.slug, number=season.number)


@require_GET
def season_report(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    league = _league(slug)
    season = _season(league, number)
    context = {
        "league": league,
        "season": season,
        "report": page_parts.part(
            request,
            league,
            "league/_season_report.html",
            lambda: {
                "league": league,
                "changes": page_of(
                    season.end_changes.select_related("driver__team__league"),
                    request.GET.get("page"),
                ),
                "next_season": league.seasons.filter(number=season.number + 1).first(),
                "standings": season_standings(season) if season.is_ended else None,
            },
        ),
    }
    return render(request, "league/season_report.html", context)


def _round(league: League, number: int, round_number: int) -> Round:
    return get_object_or_404(
        Round.objects.select_related("season__league", "track"),
        season__league=league,
        season__number=number,
        number=round_number,
    )


def render_round(
    request, round_, *, errors=(), status=200, rookie_form=None, **bound
) -> HttpResponse:
    league = round_.season.league
    # An archived league's round is shown as to the public: it is read-only.
    role = None if league.is_archived else league.role_of(request.user)
    can_referee = role in RUNS_RACES
    can_manage = role == Role.ORGANISER
    context = {
        "league": league,
        "season": round_.season,
        "round": round_,
        "panel": round_panel(round_, **bound),
        "errors": list(errors),
        "can_referee": can_referee,
        "rookie_form": rookie_form or rookie_form_for(request, league),
        # The last confirmed round of a running season may be reopened to correct it.
        "may_reopen": can_referee
        and round_.is_finished
        and services.round_reopen_refusal(round_) is None,
        "can_manage": can_manage,
        "own_starters": _own_starters(request, league, round_, role),
        "race_options_form": RaceOptionsForm(round_=round_)
        if can_manage
        and round_.status == RoundStatus.SCHEDULED
        and league.rules.race_option_settings
        else None,
    }
    template = "league/round.html#round-panel" if request.htmx else "league/round.html"
    return render(request, template, context, status=status)


def _own_starters(request, league: League, round_: Round, role: str | None) -> list:
    """(team id, team name, [(team name, starter lines)]) of the teams whose owner is asking,
    for a round not yet started: they choose its starters, which the referee's form proposes."""
    if role != Role.TEAM_OWNER or round_.status != RoundStatus.SCHEDULED:
        return []
    owned = league.teams.filter(memberships__user_id=request.user.pk)
    teams = dict(owned.values_list("name", "pk"))
    if not teams:
        return []
    return [
        (teams[name], name, [(name, lines)])
        for name, lines in starter_lines(round_)
        if name in teams
    ]


def rookie_form_for(request: HttpRequest, league: League) -> RookieForm | None:
    """The form to hire a rookie from a starters form: for the organiser of a league whose
    drivers have careers."""
    if league.rules.careers and not league.is_archived and league.can_manage(request.user):
        return RookieForm(league=league)
    return None


def rookie_hire(request: HttpRequest, league: League) -> tuple[RookieForm, Driver | None]:
    """Hire the rookie a starters page posted (its organiser only): the form, and the driver
    hired or None with the refusal on the form. A rule set without careers has no rookies to
    hire there (ValidationError, NO_ROOKIES)."""
    if not league.can_manage(request.user):
        raise PermissionDenied("Only the league's organiser may hire a rookie.")
    services.league_writable(league)
    if not league.rules.careers:
        raise ValidationError(NO_ROOKIES.format(rules=league.rules.title))
    form = RookieForm(request.POST, league=league)
    if not form.is_valid():
        return form, None
    try:
        driver = services.driver_hire(
            team=form.cleaned_data["team"], name=form.cleaned_data["name"]
        )
    except ValidationError as error:
        _refused(form, error)
        return form, None
    messages.success(request, f"{driver} signs for {driver.team}: age 1, 0 XP. Tick to start.")
    return form, driver


@login_required
@require_POST
def round_hire(request: HttpRequest, slug: str, number: int, round_number: int) -> HttpResponse:
    """A rookie hired from the round page's starters form, which shows them next."""
    round_ = _round(_league(slug), number, round_number)
    try:
        form, driver = rookie_hire(request, round_.season.league)
    except ValidationError as refusal:
        return render_round(request, round_, errors=refusal.messages, status=BAD_REQUEST)
    if driver is None:
        errors = form.non_field_errors()
        return render_round(request, round_, errors=errors, rookie_form=form, status=BAD_REQUEST)
    return redirect(round_)


@never_cache
@require_GET
def round_detail(request: HttpRequest, slug: str, number: int, round_number: int) -> HttpResponse:
    return render_round(request, _round(_league(slug), number, round_number))


def _refereed_round(request, slug, number, round_number) -> Round:
    league = _league(slug)
    if not league.can_referee(request.user):
        raise PermissionDenied("Only the league's organiser or a referee may enter results.")
    services.league_writable(league)
    return _round(league, number, round_number)


def _after_round_post(request, round_) -> HttpResponse:
    if request.htmx:
        round_.refresh_from_db()  # the service saved its own locked copy
        return render_round(request, round_)
    return redirect(round_)


def _expected_version(request: HttpRequest) -> int:
    """The round version the posted form was built on; every round write carries one."""
    try:
        return int(request.POST.get("version", ""))
    except ValueError:
        raise ValidationError(NO_VERSION) from None


def _round_write(request, round_, write, *, after=_after_round_post, **bound) -> HttpResponse:
    """Run `write(expected_version)` and answer as the round page does: `after` it is done, the
    fresh panel with a 409 when another tab or device changed the round first (the posted
    values would apply to a round that is no longer there), the refused values beside the
    reason with a 400."""
    try:
        write(_expected_version(request))
    except services.StaleRound as conflict:
        round_.refresh_from_db()
        return render_round(request, round_, errors=conflict.messages, status=CONFLICT)
    except ValidationError as error:
        return render_round(request, round_, errors=error.messages, status=BAD_REQUEST, **bound)
    return after(request, round_)


@login_required
@require_POST
def round_start(request: HttpRequest, slug: str, number: int, round_number: int) -> HttpResponse:
    round_ = _refereed_round(request, slug, number, round_number)

    def start(version: int) -> None:
        starters = chosen_starters(starter_lines(round_, request.POST))
        services.round_start(round_=round_, starters=starters, expected_version=version)

    return _round_write(request, round_, start, start_data=request.POST)


@login_required
@require_POST
def round_format(request: HttpRequest, slug: str, number: int, round_number: int) -> HttpResponse:
    round_ = _round(_managed_league(request, slug), number, round_number)

    def change(version: int) -> None:
        race_format = request.POST.get("race_format", "")
        services.round_format_set(round_=round_, race_format=race_format, expected_version=version)

    return _round_write(request, round_, change)


@login_required
@require_POST
def round_result(request: HttpRequest, slug: str, number: int, round_number: int) -> HttpResponse:
    round_ = _refereed_round(request, slug, number, round_number)
    panel = round_panel(round_, result_data=request.POST)
    if not all(line.form.is_valid() for line in panel.outcomes):
        return render_round(request, round_, status=BAD_REQUEST, result_data=request.POST)
    outcomes = [line.form.outcome_for(line.entry.pk) for line in panel.outcomes]

    def enter(version: int) -> None:
        services.round_result_enter(round_=round_, outcomes=outcomes, expected_version=version)

    return _round_write(request, round_, enter, result_data=request.POST)


@login_required
@require_POST
def round_injury_roll(
    request: HttpRequest, slug: str, number: int, round_number: int
) -> HttpResponse:
    round_ = _refereed_round(request, slug, number, round_number)
    form = InjuryRollForm(request.POST)

    def roll(version: int) -> None:
        if not form.is_valid():
            raise ValidationError(PICK_A_FACE)
        entry = round_.entries.filter(pk=form.cleaned_data["entry"]).first()
        if entry is None:
            raise ValidationError(UNKNOWN_CAR)
        value = form.cleaned_data["value"]
        services.entry_injury_roll(entry=entry, value=value, expected_version=version)

    return _round_write(request, round_, roll)


@login_required
@require_POST
def round_commit(request: HttpRequest, slug: str, number: int, round_number: int) -> HttpResponse:
    round_ = _refereed_round(request, slug, number, round_number)

    def commit(version: int) -> None:
        services.round_result_commit(round_=round_, expected_version=version)

    return _round_write(request, round_, commit, after=_after_commit)


def _after_commit(request, round_) -> HttpResponse:
    messages.success(request, f"Round {round_.number} is in the standings.")
    if request.htmx:
        return HttpResponseClientRedirect(round_.get_absolute_url())
    return redirect(round_)
