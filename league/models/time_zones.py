"""A league's time zone: the IANA zones a league may pick, and its session times read in it.

Times are stored as instants (UTC in the database); a league's zone says how its organiser
types them and how its pages show them. The list comes from the tz database (the `tzdata`
package where the system has none), so a host offers the same zones a browser knows."""

from __future__ import annotations

import zoneinfo
from datetime import datetime
from functools import cache

from django.core.exceptions import ValidationError
from django.utils.translation import gettext, gettext_noop

DEFAULT_TIME_ZONE = "UTC"
UNKNOWN_TIME_ZONE = gettext_noop(
    "{zone!r} is not a time zone Paddock knows: pick one from the list."
)
# A session's year, as typed on its league's clocks. A year away from both ends of the years
# Python's datetime holds: no zone is a day away from UTC, so every clock the league may move
# to shows the session (a 500 otherwise, on writing it or on each page showing it), and a
# zone change, which keeps its clock time, can always store it.
FIRST_SESSION_YEAR, LAST_SESSION_YEAR = 2, 9998
SESSION_YEARS_OUT_OF_RANGE = gettext_noop(
    "A session's date must be in the years {first} to {last}."
)

# The tz database's areas; its other names (US/Pacific, EST5EDT, Etc/GMT+5) are old aliases.
AREAS = (
    "Africa/",
    "America/",
    "Antarctica/",
    "Arctic/",
    "Asia/",
    "Atlantic/",
    "Australia/",
    "Europe/",
    "Indian/",
    "Pacific/",
)


@cache
def known_zones() -> frozenset[str]:
    """Every zone name the tz database answers to, old aliases included (a browser may still
    say Asia/Calcutta)."""
    return frozenset(zoneinfo.available_timezones()) | {DEFAULT_TIME_ZONE}


@cache
def time_zone_choices() -> list[tuple[str, str]]:
    """The zones a league may pick, as (name, what the list shows): UTC, then each area's
    zones in alphabetical order, underscores read as spaces."""
    zones = sorted(zone for zone in known_zones() if zone.startswith(AREAS))
    return [(DEFAULT_TIME_ZONE, DEFAULT_TIME_ZONE)] + [
        (zone, zone.replace("_", " ")) for zone in zones
    ]


def session_years_out_of_range() -> str:
    """Why a session's date is refused, in the reader's language."""
    return gettext(SESSION_YEARS_OUT_OF_RANGE).format(
        first=FIRST_SESSION_YEAR, last=LAST_SESSION_YEAR
    )


def validate_time_zone(value: str) -> None:
    if value not in known_zones():
        raise ValidationError(gettext(UNKNOWN_TIME_ZONE).format(zone=value), code="time_zone")


def zone(name: str) -> zoneinfo.ZoneInfo:
    """The league's zone (an unknown name, which validation keeps out, read as UTC)."""
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo(DEFAULT_TIME_ZONE)


def local(moment: datetime, name: str) -> datetime:
    """An instant as the clock in zone `name` reads it, with its offset."""
    return moment.astimezone(zone(name))
