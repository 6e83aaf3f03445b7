"""Whose language a page speaks (issue 34, docs/translating.md).

In order: the language the person chose on the site bar, kept on their account (and in their
session from login, so a page costs no query for it) or, logged out, in the language cookie
Django's `set_language` sets; else their browser's (Accept-Language), where the site speaks it;
else, on a league's pages, the league's own language; else English. Django's LocaleMiddleware
reads the cookie and the browser's header; `PersonsLanguage` puts the account's choice over
them and has the rules speak the page's language too (rules/language.py), and `league_language`
is called by the look-ups of a league's pages. Anything unknown (a code no page speaks, in the
cookie, the header or a posted form) is no choice at all: English, never an error.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from rules import language as rules_language

# The session's key for the account's language.
SESSION_KEY = "paddock_language"


def supported(code: object) -> str:
    """The site's language that `code` names ("fr-ca" → "fr", "en" → "en-gb"), "" for none."""
    if not isinstance(code, str) or not code or len(code) > 32:
        return ""
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return ""


def _kept(request: HttpRequest) -> str:
    """The account's language kept in the session; a request without a session cookie reads
    no session (the session read would make every answer vary by cookie: /healthz sets none)."""
    if settings.SESSION_COOKIE_NAME not in request.COOKIES or not hasattr(request, "session"):
        return ""
    return supported(request.session.get(SESSION_KEY))


def chosen_language(request: HttpRequest, kept: str | None = None) -> str:
    """The language the person asked for, by account, cookie or browser; "" where none of
    theirs is one the site speaks. `kept`, the account's language the session holds, where the
    caller has read it already (the middleware reads it once a request)."""
    if kept is None:
        kept = _kept(request)
    if kept:
        return kept
    cookie = supported(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))
    if cookie:
        return cookie
    header = request.META.get("HTTP_ACCEPT_LANGUAGE", "")
    for code, _quality in parse_accept_lang_header(header[:500]):
        if code != "*" and (found := supported(code)):
            return found
    return ""


def speak(request: HttpRequest, language: str) -> None:
    """The page, and the rules' words on it, in `language` from now on."""
    translation.activate(language)
    request.LANGUAGE_CODE = translation.get_language()
    rules_language.activate(request.LANGUAGE_CODE)


class PersonsLanguage:
    """The account's language over the browser's, and the rules speaking the page's language
    for the length of the request (after it, as before)."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        kept = _kept(request)
        request.language_chosen = chosen_language(request, kept)  # type: ignore[attr-defined]
        if kept:
            translation.activate(kept)
            request.LANGUAGE_CODE = translation.get_language()
        with rules_language.speaking(translation.get_language()):
            return self.get_response(request)


def league_language(request: HttpRequest, league) -> None:
    """A league's page in the league's own language, unless the person chose theirs."""
    if getattr(request, "language_chosen", "x"):
        return
    language = supported(getattr(league, "language", ""))
    if language and language != translation.get_language():
        speak(request, language)


@require_POST
def language_set(request: HttpRequest) -> HttpResponse:
    """Django's `set_language` (the cookie, and back to the page it was posted from), the
    choice kept on the account too when one is logged in. An unknown language changes
    nothing (Django's view ignores it) and is never an error."""
    response = set_language(request)
    language = supported(request.POST.get("language"))
    if language and request.user.is_authenticated:
        from league.services.members import profile_language_set

        profile_language_set(user=request.user, language=language)
        request.session[SESSION_KEY] = language
    return response


def language_kept(sender, request: HttpRequest | None, user, **kwargs) -> None:
    """At login, the account's language into the session (its pages read it from there):
    connected to user_logged_in by league/apps.py."""
    if request is None or not hasattr(request, "session"):
        return
    from league.models import Profile

    language = Profile.objects.filter(user_id=user.pk).values_list("language", flat=True).first()
    if supported(language):
        request.session[SESSION_KEY] = language
