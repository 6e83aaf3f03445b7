"""Page parts kept ready: the parts of a league's pages that read its history (standings, a
season's schedule, a driver's or a team's results, a league's teams and seasons) are laid out
once per revision of the league data (revision.py) and kept in Django's cache, so that a page
costs about the same to show after one season or twenty.

A part is what everyone who may see the page sees alike: no form, no CSRF token, nothing of
the request but its path, which page of a long list it shows (`?page=`) and what the view
passes as `vary` (whether the viewer may manage the league, say). The page around it is laid
out on every request as before. A part read from the cache made no query; on a miss `build()`
runs the queries and the part is laid out and kept. Parts read league tables only (a test
checks), so that the race log, written every few seconds at the table, need not move the
revision."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping

from django.conf import settings
from django.core.cache import cache
from django.db.models import Subquery
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

# What of a page's query string a part may depend on: which page of a long list it shows
# (pages.py). Anything else in the address changes nothing and keeps no copy of its own.
PAGE_PARAMETERS = ("page", "teams", "seasons")
# A part is kept at most this long (seconds), revision or not: a bound on what a lost advance
# of the revision could leave showing.
KEPT_FOR = 3600


def revision_subquery() -> Subquery:
    """The league data's revision, to read beside a league in the same query."""
    from .models import Revision

    return Subquery(Revision.objects.filter(pk=1).values("number")[:1])


def parts(
    request: HttpRequest,
    league,
    templates: Mapping[str, str],
    build: Callable[[], Mapping[str, object]],
    *vary: object,
) -> dict[str, SafeString]:
    """Each of `templates` (by the name the page gives it) laid out with the context `build()`
    returns: from the cache when the page's parts were laid out at the league data's current
    revision (read with `league`), else now, once for all of them."""
    revision = getattr(league, "revision", None)
    if revision is None or not settings.PADDOCK_PAGE_PARTS:
        return _laid_out(templates, build())
    pages = [f"{name}={request.GET.get(name, '')}" for name in PAGE_PARAMETERS]
    named = "\n".join([*templates.values(), request.path, *pages, *map(str, vary)])
    key = f"paddock:part:{revision}:{hashlib.blake2b(named.encode(), digest_size=16).hexdigest()}"
    html = cache.get(key)
    if html is None:
        html = _laid_out(templates, build())
        cache.set(key, html, KEPT_FOR)
    return html


def part(request, league, template: str, build, *vary) -> SafeString:
    """One part laid out as `parts` lays them out."""
    return parts(request, league, {"part": template}, build, *vary)["part"]


def _laid_out(templates: Mapping[str, str], context: Mapping[str, object]) -> dict:
    return {name: mark_safe(render_to_string(tpl, context)) for name, tpl in templates.items()}
