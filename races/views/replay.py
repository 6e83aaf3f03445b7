"""A race replayed from its log, at a round's end or an event."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from ..reads import replay as race_replay
from .common import BAD_REQUEST, NOT_FOUND, shown_race


@require_GET
def replay(request: HttpRequest, race_id: int) -> HttpResponse:
    """The race replayed from its log to a round's end or an event (in the address, so the
    address is the link to share), to whoever may see the race: read-only, for anyone once the
    league is published. A point the address cannot name, or the log does not have, shows where
    the replay opens beside the reason (a 400 or a 404)."""
    race, _can_referee = shown_race(request, race_id)
    status, errors = 200, []
    try:
        shown = race_replay.replay_at(race, race_replay.asked_from(request.GET))
    except ValidationError as refusal:
        status, errors = BAD_REQUEST, refusal.messages
    except race_replay.NotInTheLog as missing:
        status, errors = NOT_FOUND, [str(missing)]
    if errors:
        shown = race_replay.replay_at(race, race_replay.OPENING)
    context = {
        "race": race,
        "round": race.round,
        "season": race.round.season,
        "league": race.round.season.league,
        "replay": shown,
        "errors": errors,
    }
    return render(request, "races/replay.html", context, status=status)
