"""The gear odds page's figures: the two numbers the board shows, read from the address, and each
gear the race's gear prompt offers with its odds for the corner ahead (rules.gear_odds), as whole
per cents and words for the template."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from django.core.exceptions import ValidationError
from django.utils.translation import gettext, gettext_noop

from config.wording import per_cent
from league.forms.whole_numbers import whole_number
from rules import engine
from rules.engine.pieces import ordinal
from rules.gear_odds import GearOdds, offered_gears, race_gear_odds

from ..models import Race

MOST_TO_CORNER = 40
MOST_STOPS = 3
MOST_TO_LINE = 40
DISTANCE_CHIPS = range(0, 31)  # 6th gear's die reaches 30
STOPS_CHIPS = range(0, MOST_STOPS + 1)
LINE_CHIPS = range(1, 31)
NOT_A_NUMBER = gettext_noop("{label}: a whole number from {least} to {most}, not {value!r}.")
NO_GEAR_ASKED = gettext_noop(
    "The race is not asking a car for its gear now: the odds come with the gear prompt."
)
NOT_SHOWN = gettext_noop("This league does not show gear odds (its organiser may switch them on).")


@dataclass(frozen=True)
class Asked:
    """The board's numbers: spaces to the corner's last space (None until chosen), the stops it
    still asks for, and the spaces to the finish line (None: not in reach)."""

    to_corner: int | None
    stops: int
    to_line: int | None


@dataclass(frozen=True)
class OddsLine:
    label: str
    chance: str
    cost: str = ""
    out: bool = False


@dataclass(frozen=True)
class GearLine:
    gear: str
    faces: str
    lines: tuple[OddsLine, ...]
    out: str  # the chance the corner ends its race, "" for none


def _number(raw: Mapping[str, str], key: str, label: str, least: int, most: int) -> int | None:
    value = raw.get(key, "").strip()
    if not value:
        return None
    number = whole_number(value)
    if number is None or not least <= number <= most:
        raise ValidationError(
            gettext(NOT_A_NUMBER).format(label=label, least=least, most=most, value=value)
        )
    return number


def asked_from(raw: Mapping[str, str]) -> Asked:
    """The numbers in the page's address; ValidationError naming the one that is wrong."""
    to_corner = _number(
        raw, "to_corner", gettext("Spaces to the corner's last space"), 0, MOST_TO_CORNER
    )
    stops = _number(raw, "stops", gettext("Stops still owed"), 0, MOST_STOPS)
    to_line = _number(raw, "to_line", gettext("Spaces to the finish line"), 1, MOST_TO_LINE)
    return Asked(to_corner, 1 if stops is None else stops, to_line)


def percent(chance: Fraction) -> str:
    """A chance in whole per cent; never 0% or 100% for what can or cannot happen."""
    shown = round(chance * 100)
    if chance and shown == 0:
        return per_cent("<1")
    if chance != 1 and shown == 100:
        return per_cent(">99")
    return per_cent(str(shown))


def faces_text(faces: tuple[int, ...]) -> str:
    """A die's faces in short: "7-12" for a run each printed as often, else each face."""
    counts = Counter(faces)
    low, high = min(counts), max(counts)
    if len(set(counts.values())) == 1 and len(counts) == high - low + 1 and len(counts) > 2:
        return f"{low}–{high}"
    return ", ".join(str(face) for face in sorted(faces))


def gear_line(odds: GearOdds) -> GearLine:
    """A gear's odds in the reader's language (the costs come said by the rules)."""
    lines = [OddsLine(gettext("Stops in the corner"), percent(odds.in_corner))]
    for band in odds.bands:
        cost = band.cost.words
        if band.worst:
            # Translators: what overshooting by the fewest spaces of a band costs, then by
            # the most ("2 brake WP; up to 1 tire WP, its last: spins").
            cost = gettext("{cost}; up to {worst}").format(cost=cost, worst=band.worst.words)
        out = band.cost.eliminated or (band.worst is not None and band.worst.eliminated)
        # Translators: {spaces} is how many spaces past the corner: "1", "2" or "3+".
        label = gettext("Over by {spaces}").format(spaces=band.label)
        lines.append(OddsLine(label, percent(band.chance), cost, out))
    if odds.finish is not None:
        lines.append(OddsLine(gettext("Reaches the line"), percent(odds.finish)))
    return GearLine(
        ordinal(odds.gear),
        faces_text(odds.faces),
        tuple(lines),
        percent(odds.eliminated) if odds.eliminated else "",
    )


@dataclass(frozen=True)
class OddsPage:
    """Who is choosing a gear (the prompt's words), each gear offered with its odds (none until
    the distance is chosen), or why there are none."""

    who: str = ""
    gears: tuple[GearLine, ...] = ()
    notice: str = ""


HIDDEN = OddsPage(notice=NOT_SHOWN)


def odds_page(race: Race, asked: Asked) -> OddsPage:
    """The odds of the gears the race's gear prompt offers now, for the board's numbers."""
    state = engine.state_from_dict(race.state)
    prompt = engine.next_prompt(state)
    if prompt is None or not offered_gears(prompt):
        return OddsPage(notice=NO_GEAR_ASKED)
    if asked.to_corner is None:
        return OddsPage(who=prompt.text)
    odds = race_gear_odds(state, asked.to_corner, asked.stops, asked.to_line)
    if not odds:
        return OddsPage(notice=NO_GEAR_ASKED)
    return OddsPage(prompt.text, tuple(gear_line(gear) for gear in odds))
