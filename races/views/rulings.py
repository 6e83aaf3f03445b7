"""The referee's ruling at the table (a page of its own, or its form alone for htmx), and a
league's Rulings page: parse, call races/services/rulings.py, render."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from league.models.house_rules import HouseRules, headings_of
from league.reads.pagination import page_of
from league.services.common import league_writable
from league.services.errors import AlreadyDone
from league.views.common import already_done, from_htmx, league_for, refused, version_posted

from ..models import Race
from ..models.rulings import MOST_CHARACTERS, Ruling
from ..reads.log_words import in_readers_words
from ..services import rulings as ruling_services
from ..services.entries import undo_target
from .common import NOT_A_REFEREE, seen_race

NO_VERSION = gettext_noop(
    "This form does not say which version of the race it was built on: reload the page."
)
KEPT = gettext_noop("The ruling is kept with entry #{seq}.")
TEMPLATE = "races/ruling_new.html"


def _refereed_race(request: HttpRequest, race_id: int) -> Race:
    """The race, to its league's organisers and referees (else 403); a post to an archived
    league is refused; a 404 to anyone who may not see the league, as if there were no race."""
    race = seen_race(request, race_id, unread=("setup", "state"))
    league = race.round.season.league
    if not league.can_referee(request.user):
        raise PermissionDenied(gettext(NOT_A_REFEREE))
    if request.method == "POST":
        league_writable(league)
    return race


def _form_page(
    request: HttpRequest,
    race: Race,
    *,
    errors: Sequence[str] = (),
    notes: Sequence[str] = (),
    status: int = 200,
) -> HttpResponse:
    posted = request.POST if request.method == "POST" and status != 409 else {}
    entry = undo_target(race)
    if entry is not None:
        in_readers_words(race.pk, [entry])
    league = race.round.season.league
    context = {
        "race": race,
        "round": race.round,
        "season": race.round.season,
        "league": league,
        "entry": entry,
        "ruling": Ruling.objects.filter(event=entry).first() if entry else None,
        "headings": headings_of(league.pk),
        "errors": errors,
        "notes": notes,
        "text": posted.get("text", ""),
        "heading": posted.get("heading", ""),
        "most": MOST_CHARACTERS,
    }
    template = f"{TEMPLATE}#ruling" if from_htmx(request) else TEMPLATE
    return render(request, template, context, status=status)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def ruling_new(request: HttpRequest, race_id: int) -> HttpResponse:
    """Attach a ruling to the entry just made: its form (GET), or the ruling written (POST,
    carrying the race's version the form was built on)."""
    race = _refereed_race(request, race_id)
    if request.method == "GET":
        return _form_page(request, race)
    try:
        ruling = ruling_services.ruling_add(
            race=race,
            text=request.POST.get("text", ""),
            heading=request.POST.get("heading", ""),
            expected_version=version_posted(request, NO_VERSION),
            made_by=request.user,
        )
    except AlreadyDone as already:
        if not from_htmx(request):
            return already_done(request, already)
        # A double tap from the form in place: the form again, with the ruling made.
        return _form_page(request, race, notes=[str(already.message)])
    except ValidationError as refusal:
        reasons, status = refused(refusal)
        return _form_page(request, _refereed_race(request, race_id), errors=reasons, status=status)
    if from_htmx(request):
        return _form_page(request, race)
    messages.success(request, gettext(KEPT).format(seq=ruling.entry_number))
    return redirect(race)


@require_GET
def rulings(request: HttpRequest, slug: str) -> HttpResponse:
    """Every ruling of the league, by season, round and entry, each beside its entry in words
    and the heading of the house rules it names (a link, while the rules have that heading)."""
    league = league_for(slug)
    house_rules = HouseRules.objects.filter(league=league).first()
    rendered = house_rules.rendered() if house_rules and house_rules.text else None
    page = page_of(Ruling.objects.of_league(league.pk), request.GET.get("page"))
    lines = [
        (ruling, rendered.anchor_of(ruling.heading) if rendered and ruling.heading else "")
        for ruling in page.object_list
    ]
    context = {
        "league": league,
        "page": page,
        "lines": lines,
        "has_house_rules": rendered is not None,
    }
    return render(request, "races/rulings.html", context)
