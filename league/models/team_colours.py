"""The colours a team may race in: Okabe and Ito's palette, whose eight colours readers with
any common colour blindness still tell apart. A team is given the first colour no other team
of its league has (in the order teams join), and its organiser may pick another.

A car at the table is drawn in the colour its league chose for it in the round, where one did
(the starters form, kept with the entry); else in its team's colour, unless its name names a
colour ("Red", "Silver Arrow", "orange #3"): then in that one, so that the board and the page
agree. White and
silver are for such cars only (no team is given them: they would vanish on a white page).

Pages show a colour as a class (`team-<key>`, static/css/paddock.css), never as an inline
style: the site's Content-Security-Policy refuses inline styles. The class sets the colour
(`--team-colour`) and the ink that reads on it (`--team-ink`, black or white, whichever
contrasts more)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext, gettext_lazy, gettext_noop


@dataclass(frozen=True)
class TeamColour:
    key: str
    label: str  # in English (a car's default name takes it), said in the reader's: said_label
    hex: str

    @property
    def said_label(self) -> str:
        return gettext(self.label)

    @property
    def ink(self) -> str:
        """The text colour that reads on this one: black or white, whichever has the higher
        contrast ratio (WCAG 2's relative luminance)."""
        luminance = _luminance(self.hex)
        on_black = (luminance + 0.05) / 0.05
        on_white = 1.05 / (luminance + 0.05)
        return "#000000" if on_black >= on_white else "#FFFFFF"


def _luminance(hex_colour: str) -> float:
    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(int(hex_colour[i : i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


# In the order new teams are given them: the most different first.
PALETTE = (
    TeamColour("orange", gettext_noop("Orange"), "#E69F00"),
    TeamColour("sky", gettext_noop("Sky blue"), "#56B4E9"),
    TeamColour("green", gettext_noop("Bluish green"), "#009E73"),
    TeamColour("vermillion", gettext_noop("Vermillion"), "#D55E00"),
    TeamColour("blue", gettext_noop("Blue"), "#0072B2"),
    TeamColour("purple", gettext_noop("Reddish purple"), "#CC79A7"),
    TeamColour("yellow", gettext_noop("Yellow"), "#F0E442"),
    TeamColour("black", gettext_noop("Black"), "#000000"),
)
# For a car named after them only.
CAR_ONLY = (
    TeamColour("white", gettext_noop("White"), "#FFFFFF"),
    TeamColour("silver", gettext_noop("Silver"), "#BBBBBB"),
)
BY_KEY = {colour.key: colour for colour in PALETTE + CAR_ONLY}
CHOICES = [(colour.key, gettext_lazy(colour.label)) for colour in PALETTE]
# What a car may be drawn in when the league sets it for a round: any colour, white and silver
# too (as a car named after them is).
CAR_CHOICES = [(colour.key, gettext_lazy(colour.label)) for colour in PALETTE + CAR_ONLY]
# The words that name a colour in a car's name, and the colour each draws it in: Okabe and
# Ito's red is vermillion, their pink the reddish purple, their gold the yellow.
NAMED = {
    "orange": "orange",
    "sky": "sky",
    "cyan": "sky",
    "green": "green",
    "red": "vermillion",
    "vermillion": "vermillion",
    "vermilion": "vermillion",
    "blue": "blue",
    "navy": "blue",
    "purple": "purple",
    "pink": "purple",
    "violet": "purple",
    "magenta": "purple",
    "yellow": "yellow",
    "gold": "yellow",
    "black": "black",
    "white": "white",
    "silver": "silver",
    "grey": "silver",
    "gray": "silver",
}
_WORD = re.compile(r"[a-z]+")
# Colours one word names both: a sky-blue team's "Blue Moons 1" is its own, drawn sky blue.
SHADES = {("blue", "sky"), ("sky", "blue")}


def next_colour(taken: Iterable[str]) -> str:
    """The first colour of the palette not in `taken` (the league's teams' colours); once all
    are taken, the colour taken least often, the first of those in the palette's order."""
    counts = {colour.key: 0 for colour in PALETTE}
    for key in taken:
        if key in counts:
            counts[key] += 1
    fewest = min(counts.values())
    return next(key for key, count in counts.items() if count == fewest)


def colour_class(key: str) -> str:
    """The class a page marks the colour `key` with (`team-<key>`, static/css/paddock.css)."""
    return f"team-{colour_of(key).key}"


def colour_of(key: str) -> TeamColour:
    """The palette's colour `key`; the palette's first for a key it does not have."""
    return BY_KEY.get(key, PALETTE[0])


def named_colour(name: str) -> str:
    """The colour a name names ("Red 2" -> vermillion, "Sky Blue" -> sky: its first colour
    word), "" if it names none."""
    for word in _WORD.findall(name.lower()):
        if word in NAMED:
            return NAMED[word]
    return ""


def car_colour(car: str, team_colour: str, chosen: str = "") -> str:
    """The colour a car is drawn in at the table: the one the league chose for it in the round
    (`chosen`, a key of BY_KEY; "" for none), else the one its name names, else (or where its
    name names a shade of it) its team's."""
    if chosen in BY_KEY:
        return chosen
    named, own = named_colour(car), colour_of(team_colour).key
    return named if named and (named, own) not in SHADES else own


def car_name_base(team_name: str, team_colour: str) -> str:
    """What a team's cars are named after by default ("Rosso" for "Rosso 1"): the team's name,
    without a colour word that is not the team's colour (a blue "Red Arrows" races "Arrows 1",
    not a car drawn red); the colour's own name if nothing else is left."""
    own = colour_of(team_colour).key
    kept = [word for word in team_name.split() if car_colour(word, own) == own]
    return " ".join(kept) or colour_of(team_colour).label
