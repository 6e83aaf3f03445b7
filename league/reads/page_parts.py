"""Page parts kept ready: the parts of a league's pages that read its history (standings, a
season's schedule, a driver's or a team's results, a league's seasons and teams) are laid out
once per version of the league's data (`League.data_version`) and kept in Django's cache, so
that a page costs about the same to show after one season or twenty.

The version is the league's own: every write to the league moves it, in the write's own
transaction (league/services/common.py, `league_changed`), so a part cached under a version is
never shown once the league changed, and a write to one league never throws away another's
parts. A part is what everyone who may see the page sees alike: no form, no CSRF token, nothing
of the request but its path, its language, which page of a long list it shows (`?page=`) and
what the view passes as `vary` (whether the viewer may manage the league, say). The page around
it is laid out on every request. A part read from the cache made no query; on a miss `build()`
runs the queries and the part is laid out and kept.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping

from django.core.cache import cache
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

# What of a page's query string a part may depend on: which page of a long list it shows
# (pagination.py). Anything else in the address changes nothing and keeps no copy of its own.
PAGE_PARAMETERS = ("page", "teams", "seasons")
# A part is kept at most this long (seconds): old versions' parts leave the cache on their own.
KEPT_FOR = 3600


def parts(
    request: HttpRequest,
    league,
    templates: Mapping[str, str],
    build: Callable[[], Mapping[str, object]],
    *vary: object,
) -> dict[str, SafeString]:
    """Each of `templates` (by the name the page gives it) laid out with the context `build()`
    returns: from the cache when the page's parts were laid out at the league's current data
    version, else now, once for all of them."""
    pages = [f"{name}={request.GET.get(name, '')}" for name in PAGE_PARAMETERS]
    # In the reader's language: the same part in French and in English are two parts.
    language = translation.get_language() or ""
    named = "\n".join([*templates.values(), request.path, *pages, language, *map(str, vary)])
    digest = hashlib.blake2b(named.encode(), digest_size=16).hexdigest()
    # The league's making too: a league deleted and another made under its id start afresh.
    made = league.created.timestamp()
    key = f"paddock:part:{league.pk}:{made}:{league.data_version}:{digest}"
    html = cache.get(key)
    if html is None:
        context = build()
        html = {name: mark_safe(render_to_string(tpl, context)) for name, tpl in templates.items()}
        cache.set(key, html, KEPT_FOR)
    return html


def part(request: HttpRequest, league, template: str, build, *vary) -> SafeString:
    """One part laid out as `parts` lays them out."""
    return parts(request, league, {"part": template}, build, *vary)["part"]
