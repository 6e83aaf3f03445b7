"""A league's seasons: opened on a schedule, its page (schedule, standings, title race), its
setup (RBB: the cars' wear points), its end and its report."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from rules.championship import Championship, championship_for

from ..forms.seasons import SeasonForm, SeasonSetupForm
from ..models import League, Round, Season, Track, ruleset_choices
from ..reads import page_parts
from ..reads.charts import season_charts
from ..reads.luck import season_extremes
from ..reads.pagination import page_of
from ..reads.standings import season_standings
from ..reads.title import season_title
from ..reads.weather_charts import weather_charts_wanted
from ..services import season_end as season_end_services
from ..services.errors import AlreadyDone
from ..services.rule_sets import CarryOver, carry_over, season_rules_change, season_rules_refusal
from ..services.season_end import season_end_refusal
from ..services.seasons import NO_SEASON_SETUP, season_open, season_setup_refusal, season_setup_set
from ..services.tracks import sample_schedule_tracks
from .common import (
    BAD_REQUEST,
    CONFLICT,
    already_done,
    league_for,
    managed_league,
    on_form,
    posted,
    refused,
    season_for,
    version_posted,
)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def season_new(request: HttpRequest, slug: str) -> HttpResponse:
    league = managed_league(request, slug)
    current = league.current_season()
    form = _season_form(request, league.rules, current.number + 1 if current else 1)
    if request.method == "GET" or not form.is_valid():
        return _render_new(request, league, form)
    carried = carry_over(league, form.rules)
    try:
        season = season_open(
            league=league,
            preset=form.cleaned_data["preset"],
            tracks=form.tracks(),
            number=form.cleaned_data["number"],
            ruleset=form.rules.name,
        )
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        return _render_new(request, league, form, refusal.messages)
    opened = gettext("Season {number} is open ({rules}).")
    messages.success(request, opened.format(number=season.number, rules=season.rules_title))
    _say_carry_over(request, carried)
    return redirect(season)


def _season_form(
    request: HttpRequest,
    rules: Championship,
    number: int,
    tracks: Sequence[Track] = (),
) -> SeasonForm:
    """The form opening season `number` under the rule set asked for (posted or in the
    address), else under `rules`; its schedule the sample schedule asked for, else `tracks`."""
    data = request.POST if request.method == "POST" else request.GET
    asked_rules = data.get("ruleset", "")
    if asked_rules in dict(ruleset_choices()):
        rules = championship_for(asked_rules)
    asked = data.get("preset", "")
    sample = sample_schedule_tracks(rules, asked) if asked else list(tracks)
    return SeasonForm(
        posted(request),
        rules=rules,
        next_number=number,
        sample_tracks=sample,
        action=request.path,
        initial={"preset": asked},
    )


def _say_carry_over(request: HttpRequest, carried: CarryOver) -> None:
    for line in carried.kept:
        messages.info(request, line)
    for line in carried.left:
        messages.warning(request, line)


def _render_new(request, league: League, form: SeasonForm, reasons=()) -> HttpResponse:
    on_form(form, reasons)
    status = BAD_REQUEST if request.method == "POST" else 200
    context = {
        "league": league,
        "form": form,
        "rules": form.rules,
        "carry_over": carry_over(league, form.rules),
    }
    return render(request, "league/season_new.html", context, status=status)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def season_rules(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The latest season opened again under another rule set, before its first race (the
    season its last one's end opened, on that one's rule set)."""
    league = managed_league(request, slug)
    season = season_for(league, number)
    form = _season_form(request, season.rules, season.number, season.tracks())
    not_now = season_rules_refusal(season)
    if request.method == "GET" or not_now or not form.is_valid():
        return _render_rules(request, season, form, [not_now] if not_now else ())
    carried = carry_over(league, form.rules)
    try:
        season = season_rules_change(
            season=season,
            ruleset=form.rules.name,
            preset=form.cleaned_data["preset"],
            tracks=form.tracks(),
            expected_version=version_posted(request),
        )
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        reasons, status = refused(refusal)
        if status != CONFLICT:
            return _render_rules(request, season, form, reasons)
        # Stale: the season as it stands now, its rule set and tracks, beside the reason.
        season.refresh_from_db()
        fresh = SeasonForm(
            rules=season.rules,
            next_number=season.number,
            sample_tracks=season.tracks(),
            action=request.path,
        )
        return _render_rules(request, season, fresh, status=status, stale=reasons)
    runs = gettext("Season {number} runs under {rules}.")
    messages.success(request, runs.format(number=season.number, rules=season.rules_title))
    _say_carry_over(request, carried)
    return redirect(season)


def _render_rules(
    request, season: Season, form: SeasonForm, reasons=(), status=None, stale=()
) -> HttpResponse:
    """The rule-set page; `stale`: why the form is the season as it stands, not as posted."""
    refusal = season_rules_refusal(season)
    on_form(form, [reason for reason in reasons if reason != refusal])
    if status is None:
        status = BAD_REQUEST if request.method == "POST" else 200
    context = {
        "league": season.league,
        "season": season,
        "form": form if refusal is None else None,
        "refusal": refusal,
        "rules": form.rules,
        "carry_over": carry_over(season.league, form.rules),
        "stale": list(stale),
    }
    return render(request, "league/season_rules.html", context, status=status)


@never_cache  # its organiser's setup form carries the version it was built on
@require_GET
def season_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    league = league_for(slug)
    season = season_for(league, number)
    can_manage = not league.is_archived and league.can_manage(request.user)
    # Read once, and only where a part is laid out anew or the organiser is shown what the
    # rounds allow. By number alone: the rounds' default order joins their season and league.
    rounds = functools.cache(lambda: list(season.rounds.select_related("track").order_by("number")))
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
                "luck": "league/_season_luck.html",
            },
            lambda: {
                **_season_standings(request, league, season, rounds()),
                "extremes": season_extremes(season),
                "can_manage": can_manage,
                # Ending is offered once the rules let it, and asks first (season_end's GET).
                "can_end": can_manage and not season.is_ended and not season_end_refusal(rounds()),
            },
            can_manage,
        ),
        "can_manage": can_manage,
        "may_change_rules": can_manage and season_rules_refusal(season, rounds()) is None,
        "charts_wanted": weather_charts_wanted(rounds(), request.user) if can_manage else [],
        **_setup_context(season, rounds, can_manage),
    }
    return render(request, "league/season.html", context)


def _season_standings(request, league: League, season: Season, rounds: list[Round]) -> dict:
    standings = season_standings(season, rounds=rounds)
    drivers = page_of(standings.drivers, request.GET.get("page"))
    teams = page_of(standings.teams, request.GET.get("teams"))
    return {
        "league": league,
        "season": season,
        "schedule": [(round_, standings.team_race_won(round_.number)) for round_ in rounds],
        "standings": standings,
        "drivers": drivers,
        "teams": teams,
        "driver_ties": standings.ties(list(drivers.object_list)),
        "team_ties": standings.ties(list(teams.object_list)),
        "charts": season_charts(
            standings, [round_.number for round_ in rounds if round_.is_finished], season.rules
        ),
        "title": season_title(season, standings, rounds),
    }


def _setup_context(
    season: Season, rounds: Callable[[], list[Round]], can_manage: bool
) -> dict[str, object]:
    """The season setup's form for its organiser (where the rule set has a season setup), and
    why it may not change now, if it may not (`rounds()`: the rounds, read once a request)."""
    rules = season.rules
    if not (can_manage and rules.season_setup):
        return {}
    return {
        "setup_form": SeasonSetupForm(rules=rules, initial=season.race_setup),
        "setup_refusal": season_setup_refusal(season, rounds()),
    }


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def season_setup(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The season's setup (RBB: its wear points): its organiser changes it until the season's
    first race starts."""
    season = season_for(managed_league(request, slug), number)
    rules = season.rules
    if not rules.season_setup:
        raise Http404(gettext(NO_SEASON_SETUP).format(rules=rules.title))
    form = SeasonSetupForm(posted(request), rules=rules, initial=season.race_setup)
    if request.method == "GET" or not form.is_valid():
        return _render_setup(request, season, form)
    try:
        season = season_setup_set(
            season=season, setup=form.setup(), expected_version=form.cleaned_data["version"]
        )
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        reasons, status = refused(refusal)
        if status != CONFLICT:
            on_form(form, reasons)
            return _render_setup(request, season, form, status=status)
        season.refresh_from_db()
        fresh = SeasonSetupForm(rules=rules, initial=season.race_setup)
        return _render_setup(request, season, fresh, reasons, status)
    messages.success(
        request, gettext("Season {number}'s setup is saved.").format(number=season.number)
    )
    return redirect(season)


def _render_setup(request, season: Season, form, errors=(), status=None) -> HttpResponse:
    context = {
        "league": season.league,
        "season": season,
        "form": form,
        "errors": list(errors),
        "refusal": season_setup_refusal(season),
    }
    if status is None:
        status = BAD_REQUEST if request.method == "POST" else 200
    return render(request, "league/season_setup.html", context, status=status)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def season_end(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """GET asks first, saying what ending the season does; POST ends it."""
    league = managed_league(request, slug)
    season = season_for(league, number)
    report = redirect("league:season_report", slug=league.slug, number=season.number)
    if request.method == "GET":
        if season.is_ended:
            return report
        return render(request, "league/season_end.html", {"league": league, "season": season})
    try:
        season_end_services.season_end(season=season)
    except AlreadyDone as already:  # a double tap: its report
        return already_done(request, already, to=report.url)
    except ValidationError as refusal:
        reasons, status = refused(refusal)
        context = {"league": league, "season": season, "errors": reasons}
        return render(request, "league/season_report.html", context, status=status)
    ended = gettext("Season {number} has ended; season {next} is open.").format(
        number=season.number, next=season.number + 1
    )
    messages.success(request, ended)
    return report


@require_GET
def season_report(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    league = league_for(slug)
    season = season_for(league, number)
    context = {
        "league": league,
        "season": season,
        "report": page_parts.part(
            request,
            league,
            "league/_season_report.html",
            lambda: {
                "league": league,
                "season": season,
                "changes": page_of(
                    season.end_changes.select_related("driver__team__league"),
                    request.GET.get("page"),
                ),
                "next_season": league.seasons.filter(number=season.number + 1).first(),
                "standings": season_standings(season) if season.is_ended else None,
                # The league's settings changed while the season was the current one.
                "setting_changes": list(season.setting_changes.order_by("made_at", "pk")),
            },
        ),
    }
    return render(request, "league/season_report.html", context)
