"""The eight-race series: four on each of two courses, in the four race formats.

Ruling (docs/rulings.md, "Mini's series"): taking the document's order, each course runs the
four formats in the order printed, the first course in rounds 1-4 and the second in 5-8; an
organiser may give any round another format.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from rules.language import gettext as _
from rules.language import gettext_noop as N_


class InvalidFormat(ValueError):
    """A race format the series does not have."""


class RaceFormat(StrEnum):
    THREE_LAPS = "three_laps"
    NO_PITS = "no_pits"
    NO_STRAIGHTS = "no_straights"
    DOUBLE_STOPS = "double_stops"


@dataclass(frozen=True)
class Format:
    title: str
    laps: int
    pits: bool = True
    straights_removed: tuple[int, ...] = ()  # the board's straights that do not exist
    stops_doubled: bool = False


# Format                   laps   pits   straights gone   corners' stops
FORMATS: Mapping[RaceFormat, Format] = MappingProxyType(
    {
        RaceFormat.THREE_LAPS: Format(N_("three laps, as normal"), laps=3),
        RaceFormat.NO_PITS: Format(N_("two laps, no pit-stop available"), laps=2, pits=False),
        RaceFormat.NO_STRAIGHTS: Format(
            N_("three laps, third and fourth straights don't exist"),
            laps=3,
            straights_removed=(3, 4),
        ),
        RaceFormat.DOUBLE_STOPS: Format(
            N_("two laps, all corners are double the number of stops"), laps=2, stops_doubled=True
        ),
    }
)
SERIES_ORDER: tuple[RaceFormat, ...] = tuple(FORMATS)
COURSES = 2
RACES_PER_COURSE = 4
SERIES_RACES = COURSES * RACES_PER_COURSE


def race_format(key: str) -> Format:
    try:
        return FORMATS[RaceFormat(key)]
    except ValueError:
        known = ", ".join(FORMATS)
        raise InvalidFormat(
            _("Mini's series has no race format {key!r}: {known}.").format(key=key, known=known)
        ) from None


def format_for_round(number: int) -> RaceFormat:
    """The format of round `number` in the document's order, on either course."""
    if number < 1:
        raise InvalidFormat(_("There is no round {number}.").format(number=number))
    return SERIES_ORDER[(number - 1) % RACES_PER_COURSE]


def course_for_round(number: int) -> int:
    """The course (1 or 2) of round `number` in an eight-race series."""
    if not 1 <= number <= SERIES_RACES:
        raise InvalidFormat(
            _("The series is {series_races} races: there is no round {number}.").format(
                series_races=SERIES_RACES, number=number
            )
        )
    return (number - 1) // RACES_PER_COURSE + 1
