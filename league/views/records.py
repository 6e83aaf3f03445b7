"""A league's records page: its records across all its seasons (league/reads/records.py), a part
kept
with the league's other history parts."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from ..reads import page_parts
from ..reads.records import league_record_book
from .common import league_for


@require_GET
def records(request: HttpRequest, slug: str) -> HttpResponse:
    league = league_for(slug)
    context = {
        "league": league,
        "records": page_parts.part(
            request,
            league,
            "league/_records.html",
            lambda: {"league": league, "book": league_record_book(league)},
        ),
    }
    return render(request, "league/records.html", context)
