"""Points adjustments (a penalty or a bonus given by the league, for a round or the season) and
drop rounds (only each competitor's best results count), as plain data the standings read
(`ranking.standings`). The readings where the documents are silent are in docs/rulings.md,
"Penalties, points adjustments and drop rounds"."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Generic

from rules.championship.countback import Key, countback_order
from rules.language import gettext as _


class InvalidAdjustment(ValueError):
    """A points adjustment the standings cannot count."""


@dataclass(frozen=True)
class Adjustment(Generic[Key]):
    """Points given to (a bonus) or taken from (a penalty) one competitor: in the round whose
    column of the standings is `column`, or, with None, for the season as a whole."""

    key: Key
    points: int
    column: int | None = None

    def __post_init__(self) -> None:
        if self.points == 0:
            raise InvalidAdjustment(_("An adjustment of 0 points changes nothing."))
        if self.column is not None and self.column < 0:
            raise InvalidAdjustment(
                _("There is no round at column {column}.").format(column=self.column)
            )


@dataclass(frozen=True)
class Drops:
    """Only each competitor's best `counted` round results count towards their points.

    `countback_reads_dropped`: countback between equal totals reads the places of every round
    (True) or only of the rounds counted (False, the default). `adjustments_dropped_with_round`:
    a round's adjustment is part of that round's result, chosen and dropped with it (True), or
    always counts, whatever is dropped (False, the default: dropping a round never wipes out a
    penalty given in it)."""

    counted: int
    countback_reads_dropped: bool = False
    adjustments_dropped_with_round: bool = False

    def __post_init__(self) -> None:
        if self.counted < 1:
            raise InvalidAdjustment(_("At least one result a competitor must count."))


def dropped_rounds(
    results: Sequence[int | None],
    counted: int,
    *,
    raced: Sequence[bool] | None = None,
    places: Sequence[Sequence[int]] | None = None,
) -> tuple[bool, ...]:
    """Which of a competitor's round `results` are dropped when only the best `counted` count.

    Only the rounds `raced` so far (all, without it) are results: a round raced that the
    competitor did not start (None) is a result of 0 points, the first to drop. Ties between
    equal results drop the one with the worse places (countback's order, `places` by round),
    then the earlier round. Nothing is dropped until more than `counted` rounds are raced."""
    columns = [column for column in range(len(results)) if raced is None or raced[column]]
    dropping = len(columns) - counted
    if dropping <= 0:
        return (False,) * len(results)

    def worst_first(column: int) -> tuple[int, tuple[int, ...], int]:
        its_places = places[column] if places is not None else ()
        return (results[column] or 0, countback_order(its_places), column)

    dropped = set(sorted(columns, key=worst_first)[:dropping])
    return tuple(column in dropped for column in range(len(results)))


def best_total(results: Sequence[int], counted: int | None) -> int:
    """The sum of the best `counted` of `results` (all of them, with None)."""
    if counted is None:
        return sum(results)
    return sum(sorted(results, reverse=True)[:counted])


@dataclass(frozen=True)
class Counted:
    """What one competitor's line counts: its total, the adjustments in it, which rounds are
    dropped, and the places countback reads."""

    points: int
    adjustment: int
    dropped: tuple[bool, ...]
    places: tuple[int, ...]


def counted(
    results: Sequence[int | None],
    adjustments: Sequence[Adjustment[Key]],
    drops: Drops | None,
    *,
    raced: Sequence[bool] | None = None,
    places: Sequence[int] = (),
    round_places: Sequence[Sequence[int]] | None = None,
) -> Counted:
    """One competitor's line: `results` by round, their `adjustments` (all of one key), the
    league's `drops`; `places`, every place finished in, `round_places` the same by round
    (needed to drop rounds by countback and to leave dropped rounds out of countback)."""
    for adjustment in adjustments:
        if adjustment.column is not None and adjustment.column >= len(results):
            raise InvalidAdjustment(
                _("There is no round at column {column}.").format(column=adjustment.column)
            )
    season = sum(adjustment.points for adjustment in adjustments if adjustment.column is None)
    by_round = [0] * len(results)
    for adjustment in adjustments:
        if adjustment.column is not None:
            by_round[adjustment.column] += adjustment.points
    if drops is None:
        return Counted(
            sum(points or 0 for points in results) + season + sum(by_round),
            season + sum(by_round),
            (False,) * len(results),
            tuple(places),
        )
    with_round = drops.adjustments_dropped_with_round
    chosen_by: Sequence[int | None] = (
        [(points or 0) + change for points, change in zip(results, by_round, strict=True)]
        if with_round
        else results
    )
    dropped = dropped_rounds(chosen_by, drops.counted, raced=raced, places=round_places)
    kept = [column for column in range(len(results)) if not dropped[column]]
    round_changes = sum(by_round[column] for column in kept) if with_round else sum(by_round)
    total = sum(results[column] or 0 for column in kept) + season + round_changes
    if drops.countback_reads_dropped or round_places is None:
        counted_places = tuple(places)
    else:
        counted_places = tuple(place for column in kept for place in round_places[column])
    return Counted(total, season + round_changes, dropped, counted_places)


def adjustments_by_key(
    adjustments: Sequence[Adjustment[Key]],
) -> Mapping[Key, tuple[Adjustment[Key], ...]]:
    """`adjustments` gathered by competitor, in the order given."""
    gathered: dict[Key, list[Adjustment[Key]]] = {}
    for adjustment in adjustments:
        gathered.setdefault(adjustment.key, []).append(adjustment)
    return {key: tuple(its) for key, its in gathered.items()}
