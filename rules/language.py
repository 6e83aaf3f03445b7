"""The rules' words in the reader's language, with the standard library's gettext (no Django).

A rule set marks each sentence a person reads where it is written: `_("…")` for a sentence said
now, `N_("…")` for a module constant said later (the one who says it passes it through `_`),
`ngettext` where a count decides the words. The catalogues are beside this module,
rules/locale/<language>/LC_MESSAGES/rules.po (made into rules.mo at install: `make catalogues`);
docs/translating.md lists the words the French rule book uses.

The language is the reader's, not the race's: the app says whose words it wants for the request
at hand (`speaking("fr")` around it, or `activate`), and the log keeps events, never
sentences, so each reader's page says them again in their own words. Anything unknown speaks
English, the words as written.
"""

from __future__ import annotations

import gettext as _gettext
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

__all__ = [
    "LOCALE",
    "DOMAIN",
    "language_code",
    "translation",
    "spoken",
    "activate",
    "speaking",
    "gettext",
    "ngettext",
    "gettext_noop",
    "ngettext_noop",
]

LOCALE = Path(__file__).resolve().parent / "locale"
DOMAIN = "rules"
# A language as a catalogue's folder names it: "fr" for "fr", "fr-ca" or "fr_CA". Anything else
# (a code typed by a stranger) is no folder at all, so never a path outside LOCALE.
_CODE = re.compile(r"[a-z]{2,3}")

_ENGLISH = _gettext.NullTranslations()
# The language spoken now, by its catalogue's code ("" for English, the words as written), and
# its catalogue.
_speaking: ContextVar[tuple[str, _gettext.NullTranslations]] = ContextVar(
    "rules_language", default=("", _ENGLISH)
)


def language_code(language: str) -> str:
    """The catalogue's code of `language` ("fr-ca" → "fr"), "" where it names none."""
    code = language.lower().replace("_", "-").split("-")[0]
    return code if _CODE.fullmatch(code) else ""


@lru_cache(maxsize=8)
def _catalogue(code: str) -> _gettext.NullTranslations:
    return _gettext.translation(DOMAIN, LOCALE, languages=[code], fallback=True)


def translation(language: str) -> _gettext.NullTranslations:
    """The rules' words in `language`: English (the words as written) where there is no
    catalogue of it."""
    return _spoken(language)[1]


def _spoken(language: str) -> tuple[str, _gettext.NullTranslations]:
    code = language_code(language)
    if not code or code == "en":
        return "", _ENGLISH
    catalogue = _catalogue(code)
    return (code, catalogue) if type(catalogue) is not _gettext.NullTranslations else ("", _ENGLISH)


def spoken() -> str:
    """The code of the language spoken now ("fr"), "" for English."""
    return _speaking.get()[0]


def activate(language: str) -> None:
    """The rules speak `language` from now on, in this thread or task (inside a `speaking`,
    until it ends)."""
    _speaking.set(_spoken(language))


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """The rules speak `language` inside the block, and as before after it."""
    token = _speaking.set(_spoken(language))
    try:
        yield
    finally:
        _speaking.reset(token)


def gettext(message: str) -> str:
    """`message` in the language spoken now; no words are no words (a catalogue keeps its
    header under the empty message: a label left empty never reads as it)."""
    return _speaking.get()[1].gettext(message) if message else message


def ngettext(singular: str, plural: str, count: int) -> str:
    """`singular` or `plural` as `count` asks, in the language spoken now."""
    return _speaking.get()[1].ngettext(singular, plural, count)


def gettext_noop(message: str) -> str:
    """`message` as it is: marks a constant said later, through `gettext`."""
    return message


def ngettext_noop(singular: str, plural: str) -> tuple[str, str]:
    """The pair as it is: marks a counted constant said later, through `ngettext`."""
    return singular, plural
