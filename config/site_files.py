"""The files a browser asks the site itself for: its icon at /favicon.ico (the pages name the
mark, static/img/mark.svg, but a browser or a crawler may still ask here) and the web app
manifest that lets a phone install Paddock to its home screen, opening without browser chrome."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.templatetags.static import static
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

A_DAY = 24 * 60 * 60
# The manifest's words, in the viewer's language (a phone shows them when installing).
DESCRIPTION = gettext_noop(
    "Racing board-game leagues: seasons, standings and the race at the table, turn by turn."
)


@require_GET
@cache_control(max_age=A_DAY, public=True)
def favicon(request: HttpRequest) -> HttpResponse:
    # Not a permanent redirect: the icon's address changes with its content (its hash).
    return HttpResponseRedirect(static("img/favicon-32.png"))


@require_GET
@cache_control(max_age=A_DAY, public=True)
@vary_on_headers("Accept-Language", "Cookie")  # in the viewer's language (config/languages.py)
def manifest(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "manifest.webmanifest",
        {"description": gettext(DESCRIPTION)},
        content_type="application/manifest+json; charset=utf-8",
    )
