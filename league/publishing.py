"""Published leagues: a league's pages and exports are open to everyone while it is published,
and to its members only (organiser, referees, team owners) while it is not; to anyone else an
unpublished league does not exist (404, so its name is not given away). Its organiser publishes
it or takes it back on its publishing page."""

from __future__ import annotations

import functools
from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from . import services
from .models import League
from .views import CHECKED_LEAGUE, CONFLICT, _already_done, _managed_league

NOT_PUBLISHED = "No such league (or it is not published)."


def public(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """`view`, a page of the league its URL names by `slug`, shown only to those who may see
    the league; a league that does not exist is left to the view's own 404. (A race's pages,
    under races/ by race id, check it in their views: the spectator's poll of the turn page
    reads whether the league is published in its one query.)"""

    @functools.wraps(view)
    def page(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        league = (
            League.objects.select_related("organiser")
            .with_revision()
            .filter(slug=kwargs["slug"])
            .first()
        )
        if league is not None and not league.visible_to(request.user):
            raise Http404(NOT_PUBLISHED)
        checked = CHECKED_LEAGUE.set(league)
        try:
            return view(request, *args, **kwargs)
        finally:
            CHECKED_LEAGUE.reset(checked)

    return page


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def league_publish(request: HttpRequest, slug: str) -> HttpResponse:
    """GET says who sees the league now; POST publishes it or takes it back."""
    league = _managed_league(request, slug)
    if request.method == "GET":
        return _render(request, league)
    try:
        version = int(request.POST.get("version", ""))
    except ValueError:
        return _render(request, league, [services.LEAGUE_CHANGED], CONFLICT)
    try:
        league = services.league_publish_set(
            league=league, published="publish" in request.POST, expected_version=version
        )
    except services.AlreadyDone as done:
        return _already_done(request, done)
    except services.StaleLeague as conflict:
        league.refresh_from_db()
        return _render(request, league, conflict.messages, CONFLICT)
    said = "is published: anyone may see it" if league.published else "is no longer published"
    messages.success(request, f"{league.name} {said}.")
    return redirect(league)


def _render(request, league: League, errors=(), status: int = 200) -> HttpResponse:
    context = {"league": league, "errors": list(errors)}
    return render(request, "league/publish.html", context, status=status)
