"""The site's error pages (config/urls.py's handler400 and the rest).

Django's own error views first run the CSRF check (`requires_csrf_token`), which reads the
posted form, and a form Django refuses to read raises again there: a form posted as
`application/x-www-form-urlencoded; charset=utf-16` is a BadRequest when read, so its 400 page
raised, then the 500 page raised too, and the answer was the server's bare 500. Here no error
page reads the form: the 400 page is the site's own (templates/400.html), the others are
Django's views without that check (their templates, 403.html here, use the token the CSRF
context processor gives every page).
"""

from __future__ import annotations

import inspect

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views import defaults


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    # As Django's: the exception's text is not shown (it may say more than the page should).
    return render(request, "400.html", status=400)


permission_denied = inspect.unwrap(defaults.permission_denied)
page_not_found = inspect.unwrap(defaults.page_not_found)
server_error = inspect.unwrap(defaults.server_error)
