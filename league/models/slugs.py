"""League slugs: the first part of every league page's address, so never one of the site's own
paths ("admin", "login", "tracks"...), which would hide either the league or that page."""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Callable
from functools import cache

from django.conf import settings
from django.core.exceptions import ValidationError
from django.urls import URLResolver, get_resolver
from django.utils.text import slugify

SLUG_RESERVED = "{slug!r} is one of the site's own addresses: pick another slug."
# Paths served outside the URLconf (whitenoise) or kept for later use.
ALSO_RESERVED = frozenset({"static", "media", "api", "accounts", "favicon.ico", "robots.txt"})


def _first_segments(patterns, prefix: str = "") -> set[str]:
    found = set()
    for entry in patterns:
        route = prefix + str(entry.pattern)
        head = route.split("/", 1)[0]
        if head and "<" not in head:
            found.add(head)
        elif isinstance(entry, URLResolver) and not head:
            found |= _first_segments(entry.url_patterns, route)
    return found


@cache
def reserved_slugs() -> frozenset[str]:
    """Every literal first segment of the site's URLs, and the paths served around them."""
    static = settings.STATIC_URL.strip("/").split("/", 1)[0]
    return frozenset(_first_segments(get_resolver().url_patterns) | ALSO_RESERVED | {static})


def validate_not_reserved(slug: str) -> None:
    if slug.lower() in reserved_slugs():
        raise ValidationError(SLUG_RESERVED.format(slug=slug), code="reserved")


def free_slug(name: str, *, taken: Callable[[str], bool]) -> str:
    """The slug of `name`, or the first of `name-2`, `name-3`... that is neither reserved nor
    `taken`."""
    base = slugify(name)[:90] or "league"
    slug, suffix = base, 2
    while slug in reserved_slugs() or taken(slug):
        slug, suffix = f"{base}-{suffix}", suffix + 1
    return slug


# A new league's address ends in a few of these, drawn at random: letters and digits that read
# as themselves (no 0/o, 1/l/i), 31 ** 6, some 890 million, endings to a name.
SUFFIX_LETTERS = "23456789abcdefghjkmnpqrstuvwxyz"
SUFFIX_LENGTH = 6


def unguessable_slug(name: str, *, taken: Callable[[str], bool]) -> str:
    """The slug of `name` and a random ending (`thursday-night-k7m2qx`), drawn again while
    `taken`: whether another league has the name changes nothing an outsider is given, and a
    private league's address is not found by guessing from its name (docs/architecture.md,
    "Published leagues")."""
    base = slugify(name)[:90] or "league"
    while True:
        ending = "".join(secrets.choice(SUFFIX_LETTERS) for _letter in range(SUFFIX_LENGTH))
        slug = f"{base}-{ending}"
        if slug not in reserved_slugs() and not taken(slug):
            return slug


def normalised(slug: str) -> str:
    """An address as typed or read from a file, as the site keeps it: Unicode's compatibility
    form (a full-width letter as the letter), lower case, without the characters that show
    nothing (zero-width, direction marks); told apart from another whatever the case."""
    text = unicodedata.normalize("NFKC", slug)
    return "".join(c for c in text if unicodedata.category(c)[0] != "C").lower()
