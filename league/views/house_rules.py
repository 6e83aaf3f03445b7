"""A league's house rules: the page anyone who may see the league reads, and its organiser's
edit form (league/models/house_rules.py; the write: league/services/house_rules.py)."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from ..models import League
from ..models.house_rules import MOST_CHARACTERS, HouseRules
from ..services.errors import AlreadyDone
from ..services.house_rules import house_rules_set
from .common import (
    CONFLICT,
    already_done,
    league_for,
    managed_league,
    refused,
    version_posted,
)

SAVED = gettext_noop("The house rules are saved.")
NO_VERSION = gettext_noop(
    "This form does not say which version of the house rules it was built on: reload the page."
)


def _house_rules(league: League) -> HouseRules:
    """The league's house rules, or empty ones (not saved) if none are written yet."""
    rules = HouseRules.objects.filter(league=league).first() or HouseRules(league=league)
    rules.league = league  # read already: no query for it
    return rules


@require_GET
def house_rules(request: HttpRequest, slug: str) -> HttpResponse:
    league = league_for(slug)
    rules = _house_rules(league)
    context = {
        "league": league,
        "rules": rules,
        "rendered": rules.rendered() if rules.text else None,
        "can_manage": league.can_manage(request.user),
    }
    return render(request, "league/house_rules.html", context)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def house_rules_edit(request: HttpRequest, slug: str) -> HttpResponse:
    """The organiser writes the house rules (Markdown); the post carries the version it was
    built on."""
    league = managed_league(request, slug)
    if request.method == "GET":
        return _edit_page(request, league)
    try:
        rules = house_rules_set(
            league=league,
            text=request.POST.get("text", ""),
            expected_version=version_posted(request, NO_VERSION),
        )
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        reasons, status = refused(refusal)
        return _edit_page(request, league, errors=reasons, status=status, fresh=status == CONFLICT)
    messages.success(request, gettext(SAVED))
    return redirect(rules)


def _edit_page(
    request: HttpRequest,
    league: League,
    *,
    errors: Sequence[str] = (),
    status: int = 200,
    fresh: bool = False,
) -> HttpResponse:
    """The edit form: the rules as saved (a GET, or a stale post: the posted text shown beside
    them to copy from), or the posted text again beside the reason it was refused."""
    rules = _house_rules(league)
    typed = request.POST.get("text", "") if request.method == "POST" else None
    context = {
        "league": league,
        "rules": rules,
        "text": rules.text if typed is None or fresh else typed,
        "yours": typed if fresh and status == CONFLICT else None,
        "errors": errors,
        "most": MOST_CHARACTERS,
    }
    return render(request, "league/house_rules_edit.html", context, status=status)
