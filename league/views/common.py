"""What every league page shares: the look-ups of a league and what hangs from it (a 404 when
it is not there, or not to be seen), who may manage or referee it, the version a write form
was built on, and the one way every write is answered.

A league is read by its address through one look-up (`seen_league`), which finds only a league
the one asking may see: an unpublished league is, to anyone but its members, an address no
league has, the same 404 from the same query. What a URL answers before that (the sign-in page,
a 405 for a method it does not take) reads no league, so it is the same for both too; a page
anyone may see (`public`) reads the league before its method guard, so a POST to a page of a
league that is not there, or not to be seen, is that 404 as well. A member is told (403) what
their role may not do; so is anyone on a published league's management pages: that league is
no secret.

A write view reads top to bottom: it parses what was posted, calls the service, and answers.
Done, a redirect (or the page the write asks for); a double tap (AlreadyDone), what exists,
with what was done already (`already_done`); a form built on an older version of what it
writes (Stale), the page built afresh with the reason and a 409; any other refusal
(ValidationError), the page again with the posted values beside the reason and a 400 (both
through `refused`, the one place a refusal becomes its reasons and status). So:

    try:
        made = thing_create(...)
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        reasons, status = refused(refusal)
        return the_page(request, ..., reasons, status)
    return redirect(made)

A PermissionDenied is Django's 403, whose page says why (templates/403.html).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from contextvars import ContextVar

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext, gettext_noop
from django_htmx.middleware import HtmxDetails

from config.languages import league_language

from ..models import Driver, League, Round, Season, seen_by
from ..services.common import league_writable
from ..services.errors import AlreadyDone, Stale

BAD_REQUEST = 400
CONFLICT = 409
GONE = 410  # an invitation used or expired: that link will never work again
NOT_AN_ORGANISER = gettext_noop("Only the league's organiser may do that.")
NOT_A_REFEREE = gettext_noop("Only the league's organiser or a referee may enter results.")
NO_VERSION = gettext_noop(
    "This form does not say which version of the round it was built on: reload the page."
)

# The league a public page has just read to check who may see it (`public`), so the page
# itself does not read it again.
CHECKED_LEAGUE: ContextVar[League | None] = ContextVar("checked_league", default=None)


def posted(request: HttpRequest):
    """The POST data to bind a form to (even when empty), or None on a GET."""
    return request.POST if request.method == "POST" else None


def public(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """`view`, a page of the league its URL names by `slug`, shown only to those who may see
    the league (`seen_league`), before the view's method guard: a league not to be seen is a
    league that is not there, whatever the method. (A race's pages, under races/ by race id,
    check it in their views, by the same filter.)"""

    @functools.wraps(view)
    def page(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        checked = CHECKED_LEAGUE.set(seen_league(request, kwargs["slug"]))
        try:
            return view(request, *args, **kwargs)
        finally:
            CHECKED_LEAGUE.reset(checked)

    return page


def seen_league(request: HttpRequest, slug: str) -> League:
    """The league at `slug` if the one asking may see it (anyone once it is published, else
    its members and site admins), else the 404 of an address no league has: one query, the
    same whether the league is not there or not to be seen."""
    league = (
        League.objects.select_related("organiser").filter(seen_by(request.user), slug=slug).first()
    )
    if league is None:
        raise Http404  # no reason: the 404 page's own words, as for any unknown address
    league_language(request, league)
    return league


def league_for(slug: str) -> League:
    """The league at `slug` as `public` read it (a page it guards), or a 404."""
    checked = CHECKED_LEAGUE.get()
    if checked is not None and checked.slug == slug:
        return checked
    raise Http404


def managed_league(request: HttpRequest, slug: str, *, archiving: bool = False) -> League:
    """The league, to its organisers (else 403); a post to an archived one is refused (but
    `archiving`, its being archived or restored). To anyone who may not see it, a 404."""
    league = seen_league(request, slug)
    if not league.can_manage(request.user):
        raise PermissionDenied(gettext(NOT_AN_ORGANISER))
    if request.method == "POST" and not archiving:
        league_writable(league)
    return league


def refereed_league(request: HttpRequest, slug: str) -> League:
    """The league, to its organisers and referees (else 403); a post to an archived one is
    refused. To anyone who may not see it, a 404."""
    league = seen_league(request, slug)
    if not league.can_referee(request.user):
        raise PermissionDenied(gettext(NOT_A_REFEREE))
    if request.method == "POST":
        league_writable(league)
    return league


def season_for(league: League, number: int) -> Season:
    # Read through the league, which the season then carries without a join.
    return get_object_or_404(league.seasons, number=number)


def round_for(league: League, number: int, round_number: int) -> Round:
    round_ = get_object_or_404(
        Round.objects.select_related("season", "track"),
        season__league=league,
        season__number=number,
        number=round_number,
    )
    round_.season.league = league  # read already: no join for it
    return round_


def driver_for(league: League, driver_id: int) -> Driver:
    driver = get_object_or_404(
        Driver.objects.select_related("team", "home_track"), team__league=league, pk=driver_id
    )
    driver.team.league = league  # read already: no join for it
    return driver


def version_posted(request: HttpRequest, missing: str = NO_VERSION) -> int:
    """The version the posted form was built on (every versioned write carries one): a form
    without one is refused with `missing` (a constant marked for translation), in the reader's
    language."""
    try:
        return int(request.POST.get("version", ""))
    except ValueError:
        raise ValidationError(gettext(missing)) from None


def from_htmx(request: HttpRequest) -> bool:
    """Whether htmx sent `request` (django-htmx's middleware says so on `request.htmx`)."""
    details: HtmxDetails | None = getattr(request, "htmx", None)
    return bool(details)


def refused(refusal: ValidationError) -> tuple[list[str], int]:
    """A refused write's reasons and the status that answers it: a 409 when the form was built
    on an older version of what it writes (Stale: the page is then built afresh, as it stands
    now), else a 400 (the page again, with what was posted)."""
    return refusal.messages, CONFLICT if isinstance(refusal, Stale) else BAD_REQUEST


def already_done(request: HttpRequest, done: AlreadyDone, to=None) -> HttpResponse:
    """A double tap, or a tab that was beaten to it: show what exists (`to`, where the page
    knows better than the service where it is shown), say so, write nothing."""
    messages.info(request, done.message)
    return redirect(to or done.done)


def on_form(form, reasons: Sequence[str]) -> None:
    """The reasons a write was refused, shown at the top of `form`."""
    for reason in reasons:
        form.add_error(None, reason)
