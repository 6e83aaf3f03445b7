"""An iCalendar feed (RFC 5545) written by hand: a calendar of events, each a race session
with its start, length, place and link. Plain text, so no dependency is needed for it."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

# Content lines end in CRLF and are folded to at most 75 octets (RFC 5545, 3.1).
CRLF = "\r\n"
MOST_OCTETS = 75


@dataclass(frozen=True)
class Session:
    uid: str
    starts_at: datetime  # aware
    length: timedelta
    summary: str
    location: str = ""
    url: str = ""
    description: str = ""


# A line break however typed: CRLF, a bare CR (a calendar that splits lines on CR alone would
# read what follows as a line of its own, an injected event) or LF.
LINE_BREAK = re.compile(r"\r\n|\r|\n")


def text(value: str) -> str:
    """A TEXT value escaped (RFC 5545, 3.3.11): backslash, semicolon, comma, and each line
    break as "\\n"; every other control character, which TEXT may not hold (CONTROL, 3.3.11),
    dropped, but the tab."""
    lines = LINE_BREAK.split(value)
    kept = [
        "".join(c for c in line if c == "\t" or unicodedata.category(c) != "Cc") for line in lines
    ]
    return "\\n".join(
        line.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,") for line in kept
    )


def utc(moment: datetime) -> str:
    """A DATE-TIME in UTC ("form #2"): 20261123T183000Z."""
    return moment.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def duration(length: timedelta) -> str:
    """A DURATION of whole minutes: PT3H, PT2H30M."""
    hours, minutes = divmod(int(length.total_seconds()) // 60, 60)
    return "PT" + (f"{hours}H" if hours else "") + (f"{minutes}M" if minutes or not hours else "")


def fold(line: str) -> str:
    """A content line folded so that no line is longer than 75 octets, never splitting a
    character's UTF-8 bytes; each continuation starts with a space."""
    pieces: list[str] = []
    current, octets = "", 0
    for character in line:
        size = len(character.encode())
        # A continuation line's leading space counts towards its 75.
        if octets + size > MOST_OCTETS:
            pieces.append(current)
            current, octets = " ", 1
        current += character
        octets += size
    pieces.append(current)
    return CRLF.join(pieces)


def round_uid(league_slug: str, season_number: int, round_number: int) -> str:
    """A round's session's UID: the same from any host name the site answers to, and after the
    league is restored from a backup (at its own address), so that a subscriber's calendar
    updates the event rather than adding a second one."""
    return f"round-{round_number}.season-{season_number}.{league_slug}@paddock"


def calendar(
    name: str, sessions: Iterable[Session], *, stamp: datetime, time_zone: str = ""
) -> str:
    """The feed: one VEVENT a session, `stamp` (when the feed was made) as each DTSTAMP. Each
    start is an instant in UTC, which every calendar shows on its reader's clock;
    `time_zone` (the league's) is named for the calendars that show a feed in its own zone."""
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Paddock//League calendar//EN",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        f"X-WR-CALNAME:{text(name)}",
    ]
    if time_zone:
        lines.append(f"X-WR-TIMEZONE:{text(time_zone)}")
    for session in sessions:
        lines += [
            "BEGIN:VEVENT",
            f"UID:{session.uid}",
            f"DTSTAMP:{utc(stamp)}",
            f"DTSTART:{utc(session.starts_at)}",
            f"DURATION:{duration(session.length)}",
            f"SUMMARY:{text(session.summary)}",
        ]
        if session.location:
            lines.append(f"LOCATION:{text(session.location)}")
        if session.description:
            lines.append(f"DESCRIPTION:{text(session.description)}")
        if session.url:
            lines.append(f"URL:{session.url}")
        lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    return "".join(fold(line) + CRLF for line in lines)
