"""No request's body is read past the largest any page takes (PADDOCK_MOST_BODY_BYTES).

gunicorn has no limit on a request's body, and a reverse proxy's (nginx's
client_max_body_size, docs/deploying.md) is not always there. A body its Content-Length says
is larger is answered 413 here, before anything reads it: the worker goes straight back to
work, and gunicorn closes the connection (its sync worker closes every one after its answer,
saying `Connection: close` itself, and drains at most 64 KB for 2 s of what is still coming,
so the answer is not lost to a reset). A chunked body has no Content-Length: Django reads none
of it (its length is 0 to Django), so it needs no check here.

Without it, the restore page's too-large upload (league/views/restore.py) was still read to its
end by Django's multipart parser after the 413 was decided, a line at a time, and a body with
no line break is one line: a 200 MB upload grew the worker by 451 MB and held it 31 s.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

TOO_LARGE_STATUS = 413


def body_length(meta: Mapping[str, Any]) -> int:
    """The request body's length as its Content-Length says, 0 if it says none Django reads
    (missing, as for a chunked body, or not a number: Django then reads no body at all)."""
    try:
        return int(meta.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


class BodyLimit:
    """Answer 413, reading nothing, a request whose body is larger than any page takes."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        most = settings.PADDOCK_MOST_BODY_BYTES
        if body_length(request.META) > most:
            return render(request, "413.html", {"most_bytes": most}, status=TOO_LARGE_STATUS)
        return self.get_response(request)
