"""Results to standings: totals per round and the tie-break between equal totals. Season Pass
prints no tie-break; Paddock breaks ties by countback (most wins, then most second places, and so
on), then shares the place (docs/rulings.md, "Equal points in the standings"), and says in words
why each tie went the way it did (`tie_reasons`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Generic

from rules.championship.adjustments import (
    Adjustment,
    Drops,
    InvalidAdjustment,
    adjustments_by_key,
    counted,
)
from rules.championship.countback import Key as Key
from rules.championship.countback import countback_key as countback_key
from rules.championship.countback import countback_order as countback_order
from rules.engine.pieces import ordinal as pieces_ordinal
from rules.language import gettext as _
from rules.language import ngettext, ngettext_noop


@dataclass(frozen=True)
class StandingRow(Generic[Key]):
    """One competitor's line of the standings: position, points counted, points by round."""

    key: Key
    position: int
    points: int  # counted: the rounds not dropped and the adjustments that count
    by_round: tuple[int | None, ...]  # as raced, before any adjustment or drop
    adjustment: int = 0  # the points adjustments counted in `points` (a penalty below 0)
    dropped: tuple[bool, ...] = ()  # a flag a round: dropped (only the best results count)
    places: tuple[int, ...] = ()  # the places countback read (the counted rounds')


def standings(
    points_by_round: Mapping[Key, Sequence[int | None]],
    places: Mapping[Key, Sequence[int]],
    *,
    adjustments: Sequence[Adjustment[Key]] = (),
    drops: Drops | None = None,
    raced: Sequence[bool] | None = None,
    round_places: Mapping[Key, Sequence[Sequence[int]]] | None = None,
) -> tuple[StandingRow[Key], ...]:
    """Rank competitors by total points, ties broken by countback of `places`, else shared.

    `points_by_round[key]` has one item per round (None where the competitor did not start);
    `places[key]` lists every place it finished in. `adjustments` (penalties and bonuses, each
    naming a competitor of `points_by_round`) and `drops` (only the best results count) change
    the totals (adjustments.py; docs/rulings.md, "Penalties, points adjustments and drop
    rounds"): `raced` says which rounds have been raced (all, without it), and `round_places`
    gives each competitor's places by round, for choosing between equal results to drop and for
    leaving the dropped rounds out of countback.
    """
    by_key = adjustments_by_key(adjustments)
    if unknown := by_key.keys() - points_by_round.keys():
        raise InvalidAdjustment(
            _("An adjustment names {count} competitor(s) not ranked.").format(count=len(unknown))
        )
    lines = {
        key: counted(
            row,
            by_key.get(key, ()),
            drops,
            raced=raced,
            places=places.get(key, ()),
            round_places=round_places.get(key) if round_places is not None else None,
        )
        for key, row in points_by_round.items()
    }
    rank = {key: (line.points, countback_order(line.places)) for key, line in lines.items()}
    ordered = sorted(points_by_round, key=rank.__getitem__, reverse=True)
    rows: list[StandingRow[Key]] = []
    for index, key in enumerate(ordered):
        shared = index > 0 and rank[key] == rank[ordered[index - 1]]
        line = lines[key]
        rows.append(
            StandingRow(
                key=key,
                position=rows[-1].position if shared else index + 1,
                points=line.points,
                by_round=tuple(points_by_round[key]),
                adjustment=line.adjustment,
                dropped=line.dropped,
                places=line.places,
            )
        )
    return tuple(rows)


# The places counted back, by place, each with its plural, said through `ngettext`.
PLACES_COUNTED = (
    ngettext_noop("{count} win", "{count} wins"),
    ngettext_noop("{count} second place", "{count} second places"),
    ngettext_noop("{count} third place", "{count} third places"),
    ngettext_noop("{count} fourth place", "{count} fourth places"),
    ngettext_noop("{count} fifth place", "{count} fifth places"),
    ngettext_noop("{count} sixth place", "{count} sixth places"),
    ngettext_noop("{count} seventh place", "{count} seventh places"),
    ngettext_noop("{count} eighth place", "{count} eighth places"),
    ngettext_noop("{count} ninth place", "{count} ninth places"),
    ngettext_noop("{count} tenth place", "{count} tenth places"),
)


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th... 11th, 12th, 13th, 21st; in French 1er, 2e."""
    return pieces_ordinal(number)


def _places_of(place: int, count: int) -> str:
    """ "2 wins", "1 second place", "3 11th places"."""
    if place <= len(PLACES_COUNTED):
        return ngettext(*PLACES_COUNTED[place - 1], count).format(count=count)
    return ngettext("{count} {place} place", "{count} {place} places", count).format(
        count=count, place=ordinal(place)
    )


def _level_on(place: int) -> str:
    """The places two competitors are level on before `place` decides, in words."""
    if place == 2:
        return _("level on wins, ")
    if place == 3:
        return _("level on wins and second places, ")
    return _("level on wins and every place down to {place}, ").format(place=ordinal(place - 1))


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
        return _("{ahead} ahead of {behind} on countback: {level}{more} to {fewer}").format(
            ahead=ahead,
            behind=behind,
            level=level,
            more=_places_of(place, more),
            fewer=fewer or _("none"),
        )
    return _("{first} and {second} share {place}: level on points and every place").format(
        first=first, second=second, place=ordinal(position)
    )


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
