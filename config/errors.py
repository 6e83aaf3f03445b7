"""The site's error pages (config/urls.py's handler400 and the rest).

Django's own error views first run the CSRF check (`requires_csrf_token`), which reads the
posted form, and a form Django refuses to read raises again there: a form posted as
`application/x-www-form-urlencoded; charset=utf-16` is a BadRequest when read, so its 400 page
raised, then the 500 page raised too, and the answer was the server's bare 500. Here no error
page reads the form: the 400 and 404 pages are the site's own (templates/400.html, 404.html),
the others are Django's views without that check (their templates, 403.html here, use the token
the CSRF context processor gives every page). An htmx request that gets a 403 or 404 page
swaps it for the page's main part (config/htmx_pages.py).
"""

from __future__ import annotations

import inspect

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views import defaults


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    # As Django's: the exception's text is not shown (it may say more than the page should).
    return render(request, "400.html", status=400)


GENERIC_404 = "matches the given query."


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """The 404 page in the site's frame, with the reason a view gave its Http404 ("There is no
    such race. … discarded on the round page …"): Django's own page, without a 404.html, showed
    none. An address no page has gets no reason (Django's says which patterns it tried)."""
    said = exception.args[0] if exception is not None and exception.args else ""
    # get_object_or_404's "No League matches the given query." names a model, not a reason.
    reason = said if isinstance(said, str) and not said.endswith(GENERIC_404) else ""
    return render(request, "404.html", {"reason": reason}, status=404)


permission_denied = inspect.unwrap(defaults.permission_denied)
server_error = inspect.unwrap(defaults.server_error)
