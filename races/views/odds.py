"""The gear odds page of a race."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from ..reads import odds as gear_odds
from .common import BAD_REQUEST, HtmxHttpRequest, shown_race, shows_odds


@require_GET
def odds(request: HtmxHttpRequest, race_id: int) -> HttpResponse:
    """The gear odds for the corner ahead, for the numbers the board shows (in the address), to
    whoever may see the race, where its league shows them (elsewhere the page says it does
    not)."""
    race, _can_referee = shown_race(request, race_id)
    league = race.round.season.league
    shown = shows_odds(race)
    status, errors = 200, []
    try:
        asked = gear_odds.asked_from(request.GET)
    except ValidationError as refusal:
        status, errors, asked = BAD_REQUEST, refusal.messages, gear_odds.Asked(None, 1, None)
    context = {
        "race": race,
        "round": race.round,
        "season": race.round.season,
        "league": league,
        "asked": asked,
        # A league that keeps the odds hidden says so, to its members as to anyone.
        "page": gear_odds.odds_page(race, asked) if shown else gear_odds.HIDDEN,
        "errors": errors,
        "distances": gear_odds.DISTANCE_CHIPS,
        "stops_chips": gear_odds.STOPS_CHIPS,
        "line_chips": gear_odds.LINE_CHIPS,
    }
    template = "races/odds.html#odds" if request.htmx else "races/odds.html"
    return render(request, template, context, status=status)
