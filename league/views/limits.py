"""The answer to a sign-up or a new league past a limit over time (league/services/limits.py): 429,
the
site's page saying which limit and when to try again, and Retry-After."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from config.client_address import client_address

from ..services import limits

TOO_MANY_REQUESTS = 429


def address_of(request: HttpRequest) -> str:
    """The address a sign-up or a league is counted against: the login throttle's own
    (config/client_address.py, which reads X-Forwarded-For only behind counted proxies)."""
    return client_address(request) or ""


def limited(request: HttpRequest, kind: str) -> HttpResponse | None:
    """The 429 page when one more of `kind` may not be made now by the one asking, else None."""
    user_id = request.user.pk if request.user.is_authenticated else None
    refusal = limits.refusal(kind, address=address_of(request), user_id=user_id)
    if refusal is None:
        return None
    context = {"refusal": refusal, "most": refusal.limit.most}
    response = render(request, "too_many.html", context, status=TOO_MANY_REQUESTS)
    response["Retry-After"] = str(refusal.retry_after)
    return response
