"""Results to standings: totals per round and the tie-break between equal totals. Season Pass
prints no tie-break; Paddock breaks ties by countback (most wins, then most second places, and so
on), then shares the place (docs/rulings.md, "Equal points in the standings"), and says in words
why each tie went the way it did (`tie_reasons`)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

# Whatever a competitor is known by (a driver's id, a team's): the standings keep it as given.
Key = TypeVar("Key", bound=Hashable)


@dataclass(frozen=True)
class StandingRow(Generic[Key]):
    key: Key
    position: int
    points: int
    by_round: tuple[int | None, ...]


def countback_key(places: Sequence[int], worst_place: int) -> tuple[int, ...]:
    """How many 1st places, 2nd places, ... down to `worst_place`, for comparing ties."""
    return tuple(list(places).count(place) for place in range(1, worst_place + 1))


def countback_order(places: Sequence[int]) -> tuple[int, ...]:
    """A key that orders as countback_key does, higher first, without a count for every place
    down to the worst (10,000 drivers made that 10,000 counts each): the places best first,
    negated. Where two lists first differ, the one with the better place has more of it; where
    one ends first, the other has one more of a place and no fewer of any better one."""
    return tuple(-place for place in sorted(places))


def standings(
    points_by_round: Mapping[Key, Sequence[int | None]],
    places: Mapping[Key, Sequence[int]],
) -> tuple[StandingRow[Key], ...]:
    """Rank competitors by total points, ties broken by countback of `places`, else shared.

    `points_by_round[key]` has one item per round (None where the competitor did not start);
    `places[key]` lists every place it finished in.
    """
    totals = {key: sum(points or 0 for points in row) for key, row in points_by_round.items()}
    rank = {key: (totals[key], countback_order(places.get(key, ()))) for key in points_by_round}
    ordered = sorted(points_by_round, key=rank.__getitem__, reverse=True)
    rows: list[StandingRow[Key]] = []
    for index, key in enumerate(ordered):
        shared = index > 0 and rank[key] == rank[ordered[index - 1]]
        rows.append(
            StandingRow(
                key=key,
                position=rows[-1].position if shared else index + 1,
                points=totals[key],
                by_round=tuple(points_by_round[key]),
            )
        )
    return tuple(rows)


ORDINAL_WORDS = (
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"
)  # fmt: skip


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th... 11th, 12th, 13th, 21st."""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}" + {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")


def _places_of(place: int, count: int) -> str:
    """ "2 wins", "1 second place", "3 11th places"."""
    if place == 1:
        noun = "win"
    else:
        noun = ORDINAL_WORDS[place - 1] if place <= len(ORDINAL_WORDS) else ordinal(place)
        noun += " place"
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _level_on(place: int) -> str:
    """The places two competitors are level on before `place` decides, in words."""
    if place == 2:
        return "level on wins, "
    if place == 3:
        return "level on wins and second places, "
    return f"level on wins and every place down to {ordinal(place - 1)}, "


def countback_reason(
    first: str,
    first_places: Sequence[int],
    second: str,
    second_places: Sequence[int],
    *,
    position: int,
) -> str:
    """Why one of two competitors level on points stands above the other, in words: the first
    place of which one has more ("Jane ahead of Mario on countback: 2 wins to 1"); or, level on
    every place too, that they share `position` (docs/rulings.md, "Equal points in the
    standings")."""
    worst_place = max([*first_places, *second_places], default=0)
    counts = zip(
        countback_key(first_places, worst_place),
        countback_key(second_places, worst_place),
        strict=True,
    )
    for place, (first_count, second_count) in enumerate(counts, start=1):
        if first_count == second_count:
            continue
        (ahead, more), (behind, fewer) = sorted(
            ((first, first_count), (second, second_count)), key=lambda pair: -pair[1]
        )
        level = _level_on(place) if place > 1 else ""
        return (
            f"{ahead} ahead of {behind} on countback: "
            f"{level}{_places_of(place, more)} to {fewer or 'none'}"
        )
    return f"{first} and {second} share {ordinal(position)}: level on points and every place"


def tie_reasons(
    rows: Sequence[StandingRow[Key]],
    places: Mapping[Key, Sequence[int]],
    names: Mapping[Key, str],
) -> tuple[str, ...]:
    """Why each two neighbours in the standings (`standings`) that are level on points stand as
    they do, from the top. Two that have not raced yet are level on nothing worth saying."""
    reasons = []
    for upper, lower in zip(rows, rows[1:], strict=False):
        upper_places, lower_places = places.get(upper.key, ()), places.get(lower.key, ())
        if upper.points != lower.points or not (upper_places or lower_places):
            continue
        reasons.append(
            countback_reason(
                names[upper.key],
                upper_places,
                names[lower.key],
                lower_places,
                position=upper.position,
            )
        )
    return tuple(reasons)
