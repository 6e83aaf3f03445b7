"""What a preview hands its "Create the league" button: the name, rule set and files it showed,
signed (django.core.signing) for the one who asked, so that the league made is the one
previewed and the file need not be chosen again. A valid roster is at most MOST_ROWS rows of
short cells, so the token is bounded; it expires."""

from __future__ import annotations

from dataclasses import dataclass

from django.core import signing
from django.utils.translation import gettext_noop

SALT = "league.spreadsheet.preview"
# Long enough to read a preview of 5,000 rows, short enough that a page left open is asked again.
EXPIRES_SECONDS = 60 * 60
EXPIRED = gettext_noop(
    "This preview has expired or was not made for you: choose the file again to see it anew."
)


@dataclass(frozen=True)
class Previewed:
    name: str
    ruleset: str
    roster: bytes
    file_name: str
    results: bytes = b""  # the past seasons file's, if one was chosen


def token_for(previewed: Previewed, *, user_id: int | None) -> str:
    payload = {
        "name": previewed.name,
        "ruleset": previewed.ruleset,
        # A roster previewed is UTF-8; anything else comes back byte for byte, to be refused.
        "roster": previewed.roster.decode("utf-8", "surrogateescape"),
        "file": previewed.file_name,
        "results": previewed.results.decode("utf-8", "surrogateescape"),
    }
    return signing.dumps(payload, salt=f"{SALT}:{user_id}", compress=True)


def previewed_from(token: str, *, user_id: int | None) -> Previewed | None:
    """What the token says was previewed, or None: forged, for someone else, or expired."""
    try:
        payload = signing.loads(token, salt=f"{SALT}:{user_id}", max_age=EXPIRES_SECONDS)
        return Previewed(
            name=str(payload["name"]),
            ruleset=str(payload["ruleset"]),
            roster=str(payload["roster"]).encode("utf-8", "surrogateescape"),
            file_name=str(payload["file"]),
            results=str(payload.get("results", "")).encode("utf-8", "surrogateescape"),
        )
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return None
