"""The colours a team may race in: Okabe and Ito's palette, whose eight colours readers with
any common colour blindness still tell apart. A team is given the first colour no other team
of its league has (in the order teams join), and its organiser may pick another.

Pages show a colour as a class (`team-<key>`, static/css/paddock.css), never as an inline
style: the site's Content-Security-Policy refuses inline styles."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class TeamColour:
    key: str
    label: str
    hex: str


# In the order new teams are given them: the most different first.
PALETTE = (
    TeamColour("orange", "Orange", "#E69F00"),
    TeamColour("sky", "Sky blue", "#56B4E9"),
    TeamColour("green", "Bluish green", "#009E73"),
    TeamColour("vermillion", "Vermillion", "#D55E00"),
    TeamColour("blue", "Blue", "#0072B2"),
    TeamColour("purple", "Reddish purple", "#CC79A7"),
    TeamColour("yellow", "Yellow", "#F0E442"),
    TeamColour("black", "Black", "#000000"),
)
BY_KEY = {colour.key: colour for colour in PALETTE}
CHOICES = [(colour.key, colour.label) for colour in PALETTE]


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
