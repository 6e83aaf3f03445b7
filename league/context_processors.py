"""What every page's layout reads of the site's settings."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def site(request: HttpRequest) -> dict[str, object]:
    """Whether anyone may sign up (the navigation bar and the login page offer it)."""
    return {"open_signup": settings.PADDOCK_OPEN_SIGNUP}
