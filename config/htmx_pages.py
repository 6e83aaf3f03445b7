"""Whole pages answering an htmx request go where a whole page goes, not into the part the
request swaps: the login page takes the window (a client redirect, back to the page the button
was on once logged in); a 403 or 404 page takes the page's <main>.

A round's buttons post with htmx and swap their answer into the round's panel. Some answers are
pages: the login page a request is sent to once the session has ended (logged out in another
tab, or expired), the 403 page of a person who may no longer do that (removed from the league,
their role changed, the league archived) and the 404 page of what is gone. Swapped in, each
showed a second site bar inside the panel, and logging in there went to the home page, not back
to the round. (With DEBUG on, `make run`, a 404 is Django's debug page, whose <main> holds no
reason of ours.)
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlencode

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import resolve_url
from django_htmx.http import HttpResponseClientRedirect

WHOLE_PAGES = (403, 404)


class WholePagesForHtmx:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        htmx = getattr(request, "htmx", None)
        if not htmx:
            return response
        login = resolve_url(settings.LOGIN_URL)
        location = response.get("Location", "")
        if response.status_code in (301, 302, 303) and location.startswith(login):
            # Back, once logged in, to the page the button was on: the address posted to
            # answers no GET.
            back = htmx.current_url_abs_path or "/"
            return HttpResponseClientRedirect(f"{login}?{urlencode({'next': back})}")
        if response.status_code in WHOLE_PAGES:
            response["HX-Retarget"] = "main"
            response["HX-Reswap"] = "outerHTML"
            response["HX-Reselect"] = "main"
        return response
