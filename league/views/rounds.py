"""A round's page, which shows it at every step (league/reads/round_panel.py), and what is set on it
before it starts: its format (Mini), its race options (Formula D's optional rules), its session
(when and where it is played), the starters a team owner chooses. A write to a round refused is
answered by `round_refused`: the panel again, fresh with a 409 when the round changed first."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from ..forms.rounds import RaceOptionsForm, RoundSessionForm
from ..forms.teams import RookieForm
from ..forms.whole_numbers import whole_number
from ..models import RUNS_RACES, League, Role, Round, RoundStatus
from ..reads.round_panel import chosen_colours, chosen_starters, round_panel, starter_lines
from ..services.common import league_writable
from ..services.errors import AlreadyDone
from ..services.reopen import round_reopen_refusal
from ..services.rounds import round_format_set, round_race_options_set, round_session_set
from ..services.starts import round_starters_choose
from .common import (
    CONFLICT,
    already_done,
    from_htmx,
    league_for,
    managed_league,
    refused,
    round_for,
    seen_league,
    version_posted,
)

NOT_A_TEAM_OWNER = gettext_noop(
    "Only the league's organiser or a team's owner may choose its starters."
)


@never_cache
@require_GET
def round_detail(request: HttpRequest, slug: str, number: int, round_number: int) -> HttpResponse:
    return render_round(request, round_for(league_for(slug), number, round_number))


def render_round(
    request,
    round_: Round,
    *,
    errors=(),
    status=200,
    rookie_form=None,
    own_errors=(),
    own_posted=None,
    **bound,
) -> HttpResponse:
    """The round page (its panel alone for htmx), `bound` to what was posted, if anything;
    `own_errors` and `own_posted`: a team owner's refused choice of starters, shown in its form."""
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
        "may_reopen": can_referee and round_.is_finished and round_reopen_refusal(round_) is None,
        "can_manage": can_manage,
        # Whether the round's track is theirs to edit (else a copy is offered): where its
        # weather chart is a placeholder, the page asks them for the board's.
        "track_editable": round_.track.editable_by(request.user),
        "own_starters": _own_starters(request, league, round_, role, own_posted),
        "own_errors": list(own_errors),
        "race_options_form": RaceOptionsForm(round_=round_)
        if can_manage
        and round_.status == RoundStatus.SCHEDULED
        and round_.season.rules.race_option_settings
        else None,
    }
    template = "league/round.html#round-panel" if from_htmx(request) else "league/round.html"
    return render(request, template, context, status=status)


def _own_starters(request, league: League, round_: Round, role: str | None, posted=None) -> list:
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
        for name, lines in starter_lines(round_, posted)
        if name in teams
    ]


def rookie_form_for(request: HttpRequest, league: League) -> RookieForm | None:
    """The form to hire a rookie from a starters form: for the organiser of a league whose
    drivers have careers."""
    if league.rules.careers and not league.is_archived and league.can_manage(request.user):
        return RookieForm(league=league)
    return None


def round_refused(
    request: HttpRequest, round_: Round, refusal: ValidationError, **bound
) -> HttpResponse:
    """A write to the round refused, answered as the round page does: the fresh panel with a
    409 when another tab or device changed the round first (the posted values would apply to a
    round that is no longer there); else the refused values, `bound`, beside the reason with a
    400."""
    reasons, status = refused(refusal)
    if status == CONFLICT:
        round_.refresh_from_db()
        return render_round(request, round_, errors=reasons, status=status)
    return render_round(request, round_, errors=reasons, status=status, **bound)


def after_round_post(request: HttpRequest, round_: Round) -> HttpResponse:
    if from_htmx(request):
        round_.refresh_from_db()  # the service saved its own locked copy
        return render_round(request, round_)
    return redirect(round_)


@login_required
@require_POST
def round_format(request: HttpRequest, slug: str, number: int, round_number: int) -> HttpResponse:
    round_ = round_for(managed_league(request, slug), number, round_number)
    try:
        round_format_set(
            round_=round_,
            race_format=request.POST.get("race_format", ""),
            expected_version=version_posted(request),
        )
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        return round_refused(request, round_, refusal)
    return after_round_post(request, round_)


@login_required
@require_POST
def round_session(request: HttpRequest, slug: str, number: int, round_number: int) -> HttpResponse:
    """When and where the round's race is played, which its page and the league's calendar
    feed show."""
    league = managed_league(request, slug)
    round_ = round_for(league, number, round_number)
    form = RoundSessionForm(request.POST, time_zone=league.time_zone)
    try:
        version = version_posted(request)
        if not form.is_valid():
            raise ValidationError([error for errors in form.errors.values() for error in errors])
        round_session_set(
            round_=round_,
            starts_at=form.starts_at,
            venue=form.cleaned_data["venue"],
            expected_version=version,
        )
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        return round_refused(request, round_, refusal)
    return after_round_post(request, round_)


@login_required
@require_POST
def round_race_options(
    request: HttpRequest, slug: str, number: int, round_number: int
) -> HttpResponse:
    """The round's race options (its rule set's settings marked `race_option`: Formula D's
    optional rules), for that round's race alone, before it starts."""
    round_ = round_for(managed_league(request, slug), number, round_number)
    form = RaceOptionsForm(request.POST, round_=round_)
    try:
        version = version_posted(request)
        if not form.is_valid():
            raise ValidationError(
                [
                    # Translators: a race option's label, then why its value is refused.
                    gettext("{field}: {error}").format(field=form.fields[key].label, error=error)
                    for key, errors in form.errors.items()
                    for error in errors
                ]
            )
        round_race_options_set(round_=round_, options=form.race_options(), expected_version=version)
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        return round_refused(request, round_, refusal)
    return after_round_post(request, round_)


@login_required
@require_POST
def round_choose(request: HttpRequest, slug: str, number: int, round_number: int) -> HttpResponse:
    """A team's owner chooses the team's starters for a round not yet started."""
    league = seen_league(request, slug)
    team_id = _team_id(request)
    team = (
        league.teams_run_by(request.user).filter(pk=team_id).first()
        if team_id is not None
        else None
    )
    if team is None:
        raise PermissionDenied(gettext(NOT_A_TEAM_OWNER))
    league_writable(league)
    round_ = round_for(league, number, round_number)
    try:
        lines = [group for group in starter_lines(round_, request.POST) if group[0] == team.name]
        round_starters_choose(
            round_=round_,
            team=team,
            starters=chosen_starters(lines),
            expected_version=version_posted(request),
            car_colours=chosen_colours(lines),
        )
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        reasons, status = refused(refusal)
        if status == CONFLICT:
            round_.refresh_from_db()
            return render_round(request, round_, errors=reasons, status=status)
        # Refused: the reason in the owner's own form, beside the cars as typed.
        return render_round(
            request, round_, own_errors=reasons, own_posted=request.POST, status=status
        )
    return after_round_post(request, round_)


def _team_id(request: HttpRequest) -> int | None:
    return whole_number(request.POST.get("team", ""))
