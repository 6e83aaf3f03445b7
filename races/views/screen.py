"""The race for the room (the big screen) and its log, read-only."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from league.reads.pagination import latest_page

from ..reads.log_words import in_readers_words
from ..reads.turn_panel import turn_panel
from .common import NOTHING_NEW, HtmxHttpRequest, shown_race, unchanged_since

# The big screen shows the latest entries in words, this many.
SCREEN_LINES = 8


@never_cache
@require_GET
def screen(request: HtmxHttpRequest, race_id: int) -> HttpResponse:
    """The race for the room, on a big screen: the order, every car's dashboard, the latest
    entries in words and the strip, without a control; polled as the spectator's turn page is
    (a 204 when nothing changed)."""
    if request.htmx and unchanged_since(request, race_id):
        return HttpResponse(status=NOTHING_NEW)
    race, _can_referee = shown_race(request, race_id)
    panel = turn_panel(race)
    context = {
        "race": race,
        "round": race.round,
        "season": race.round.season,
        "league": race.round.season.league,
        "panel": panel,
        "latest": panel.events[::-1][:SCREEN_LINES],
        "can_referee": False,
    }
    template = "races/screen.html#screen" if request.htmx else "races/screen.html"
    return render(request, template, context)


@require_GET
def log(request: HttpRequest, race_id: int) -> HttpResponse:
    race, can_referee = shown_race(request, race_id)
    league = race.round.season.league
    events = latest_page(
        race.events.defer("state_before").select_related("who").order_by("-seq"),
        request.GET.get("page"),
    )
    in_readers_words(race.pk, list(events.object_list))  # the lines in the reader's words
    context = {
        "race": race,
        "round": race.round,
        "season": race.round.season,
        "league": league,
        "events": events,
        "may_take_back": not race.is_committed and can_referee,
    }
    return render(request, "races/log.html", context)
