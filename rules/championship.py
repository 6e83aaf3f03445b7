"""Results to standings: totals per round and the tie-break between equal totals.

Season Pass prints no tie-break; Paddock breaks ties by countback (most wins, then most second
places, and so on), then shares the place (docs/rulings.md, "Equal points in the standings").
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class StandingRow:
    key: Hashable
    position: int
    points: int
    by_round: tuple[int | None, ...]


def countback_key(places: Sequence[int], worst_place: int) -> tuple[int, ...]:
    """How many 1st places, 2nd places, ... down to `worst_place`, for comparing ties."""
    return tuple(list(places).count(place) for place in range(1, worst_place + 1))


def standings(
    points_by_round: Mapping[Hashable, Sequence[int | None]],
    places: Mapping[Hashable, Sequence[int]],
) -> tuple[StandingRow, ...]:
    """Rank competitors by total points, ties broken by countback of `places`, else shared.

    `points_by_round[key]` has one item per round (None where the competitor did not start);
    `places[key]` lists every place it finished in.
    """
    worst_place = max((max(p, default=0) for p in places.values()), default=0)
    totals = {key: sum(points or 0 for points in row) for key, row in points_by_round.items()}
    rank = {
        key: (totals[key], countback_key(places.get(key, ()), worst_place))
        for key in points_by_round
    }
    ordered = sorted(points_by_round, key=rank.__getitem__, reverse=True)
    rows: list[StandingRow] = []
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
