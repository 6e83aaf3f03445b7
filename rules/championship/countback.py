"""Countback's keys: comparing competitors level on points by their places (docs/rulings.md,
"Equal points in the standings"). Apart from ranking.py so that what both the standings and the
drop rounds (adjustments.py) read has one home."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TypeVar

# Whatever a competitor is known by (a driver's id, a team's): the standings keep it as given.
Key = TypeVar("Key", bound=Hashable)


def countback_key(places: Sequence[int], worst_place: int) -> tuple[int, ...]:
    """How many 1st places, 2nd places, ... down to `worst_place`, for comparing ties."""
    return tuple(list(places).count(place) for place in range(1, worst_place + 1))


def countback_order(places: Sequence[int]) -> tuple[int, ...]:
    """A key that orders as countback_key does, higher first, without a count for every place
    down to the worst (10,000 drivers made that 10,000 counts each): the places best first,
    negated. Where two lists first differ, the one with the better place has more of it; where
    one ends first, the other has one more of a place and no fewer of any better one."""
    return tuple(-place for place in sorted(places))
