"""The title forecast: each contender's chance of the championship, from many simulated
remainders of the season (docs/rulings.md, "The title forecast").

The model is a normal one with empirical-Bayes shrinkage. Each place finished is read as a
normal score (Blom's: the place's expected standing among the field's, 0 the middle of the
field, above 0 ahead of it). A driver's score in a race is their pace plus that race's luck.
How much of the field's spread of scores is pace and how much luck is estimated from the
results: luck from how a driver's own scores vary from race to race (before a second race shows
it, a prior of `PRIOR_LUCK` of the spread, worth `PRIOR_RESULTS` results), pace from what is
left. Each driver's pace is then their average score pulled toward the field's by how little
their few races say (the fewer races, the more it is pulled), with the uncertainty that is left.

A simulated season draws each driver's pace from that, then each round the field finishes in
the order of pace plus fresh luck, and each place scores what the league's table gives it that
round. The most points is champion; a simulated season that ends level shares its title between
those level. A contender's chance is their share of the simulated seasons. Seeded, so a page and
a test give the same answer every time.

The chances are shown in whole per cents that add up to exactly 100 (`whole_percents`).
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
import random
from array import array
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import NamedTuple, TypeVar

from rules.championship.adjustments import best_total
from rules.language import gettext as _

_V = TypeVar("_V")

# Enough runs for a chance to within about 1.5 per cent, few enough to render with the page.
RUNS = 1000
# The most drivers raced in a simulation: every driver of a field this size or smaller; of a
# larger one, the contenders with the most points first, then the fastest. The others are taken
# to finish behind them, so a field of 10,000 costs what 20 do.
MOST_SIMULATED = 20
# Before a driver has raced twice the results cannot tell luck from pace: the prior takes half
# of the spread of places in a race to be luck, weighed as this many results' worth of evidence.
PRIOR_LUCK = 0.5
PRIOR_RESULTS = 10
# The standard normal as 1,024 equally likely values (its quantiles at the middle of each
# 1/1,024th): what the simulation draws pace and luck from.
NORMAL_DRAWS = tuple(NormalDist().inv_cdf((index + 0.5) / 1024) for index in range(1024))
# The same as 65,536 values, each of those 64 times: a draw is two random bytes, read as an
# unsigned 16-bit number (array "H"), so a round's draws come in one call and map in C.
_DRAW_OF = tuple(draw for draw in NORMAL_DRAWS for _copy in range(64))


class Pace(NamedTuple):
    """What the results say of a driver's pace, in normal scores: the best guess and its
    standard error. (A named tuple: a field of 10,000 makes 10,000.)"""

    mean: float
    spread: float


@dataclass(frozen=True)
class PaceModel:
    """The field's paces (`pace_model`): each driver's read on demand from the sum and count of
    their results' scores, so a field of 10,000 costs a few sums."""

    sums: Mapping[Hashable, float]  # the drivers who have raced: their scores added up
    counts: Mapping[Hashable, int]  # and how many results those are
    average: float = 0.0  # the field's average score
    between: float = 0.0  # the variance of the drivers' paces about it
    luck_variance: float = 1.0  # the variance of a score about its driver's pace

    @property
    def luck(self) -> float:
        """A race's luck: the standard deviation of a score around the driver's pace."""
        return math.sqrt(self.luck_variance)

    def pace(self, key: Hashable) -> Pace:
        """The driver's average score pulled toward the field's by how little their results
        say (the fewer, the more), with the standard error left."""
        count = self.counts[key]
        noise = self.luck_variance / count
        believed = self.between / (self.between + noise)  # how far their results are believed
        mean = self.average + believed * (self.sums[key] / count - self.average)
        return Pace(mean, math.sqrt(believed * noise))


@dataclass(frozen=True)
class Chance:
    """A contender's chance of the title, as simulated and in whole per cents."""

    key: Hashable
    chance: float  # 0 to 1, as simulated
    percent: int = 0  # whole per cents, the contenders' adding up to 100 (whole_percents)

    @property
    def shown(self) -> str:
        """The percent as the page shows it: a contender's share rounded to 0 reads "<1%"."""
        # Translators: a share in per cent; French puts a narrow no-break space before "%".
        return _("{number}%").format(number=self.percent if self.percent else "<1")


def place_score(place: int, field_size: int) -> float:
    """A place read as a normal score (Blom's approximation of the expected normal order
    statistic): 0 is the middle of the field, above 0 ahead of it."""
    place = min(max(place, 1), field_size)
    return NormalDist().inv_cdf(1 - (place - 0.375) / (field_size + 0.25))


@functools.lru_cache(maxsize=8)
def _place_scores(field_size: int) -> tuple[float, ...]:
    """Every place's normal score in a field of `field_size`, by place (index 0 unused): kept,
    as a field of 10,000 costs tens of milliseconds to read and a league's field rarely
    changes."""
    return (0.0, *(place_score(place, field_size) for place in range(1, field_size + 1)))


def pace_model(places: Mapping[Hashable, Sequence[int]], field_size: int) -> PaceModel:
    """Each driver's pace from the `places` they have finished in, each read against a field of
    `field_size` (at least the largest place), shrunk toward the field's average by how few
    they are (empirical Bayes)."""
    raced = {key: finished for key, finished in places.items() if finished}
    if not raced:
        return PaceModel({}, {})
    field_size = max(field_size, max(map(max, raced.values())))
    score = _place_scores(field_size)
    squared = [value * value for value in score]
    # Each pass is C's (map, zip, sum), not a Python loop: a field of 10,000 in milliseconds.
    counts = dict(zip(raced, map(len, raced.values()), strict=True))
    scores_of = functools.partial(map, score.__getitem__)
    squares_of = functools.partial(map, squared.__getitem__)
    sums = dict(zip(raced, map(sum, map(scores_of, raced.values())), strict=True))
    results = sum(counts.values())
    squares = sum(map(sum, map(squares_of, raced.values())))
    average = sum(sums.values()) / results
    spread = squares / results - average * average
    if spread <= 1e-12:
        spread = 1.0  # one driver, or one result: the normal scale, nothing learnt
    # Race-to-race luck from each driver's own spread about their mean, with the prior.
    totals = list(sums.values())
    within = squares - sum(
        map(operator.truediv, map(operator.mul, totals, totals), counts.values())
    )
    freedom = results - len(raced)
    luck = (within + PRIOR_RESULTS * PRIOR_LUCK * spread) / (freedom + PRIOR_RESULTS)
    return PaceModel(sums, counts, average, max(0.0, spread - luck), luck)


def simulated_field(model: PaceModel, first: Sequence[Hashable]) -> tuple[Hashable, ...]:
    """The drivers a simulation races: every driver who has raced when they are at most
    `MOST_SIMULATED`; else those of `first` (the contenders, most points first) who have raced,
    then the fastest of the others, to `MOST_SIMULATED`."""
    if len(model.counts) <= MOST_SIMULATED:
        return tuple(model.counts)
    field = [key for key in first if key in model.counts][:MOST_SIMULATED]
    if len(field) < MOST_SIMULATED:
        taken = set(field)
        others = sorted(
            (key for key in model.counts if key not in taken),
            key=lambda key: -model.pace(key).mean,
        )
        field.extend(others[: MOST_SIMULATED - len(field)])
    return tuple(field)


def whole_percents(chances: Sequence[float]) -> tuple[int, ...]:
    """`chances` (every contender's, adding up to 1) in whole per cents adding up to exactly
    100: each rounded down, then the per cents left given one each to the largest remainders
    (Hamilton's method), so each is within 1 of its chance. No one reads 100 while another
    can still be champion: the leader then reads 99 and the next likeliest 1."""
    if not chances:
        return ()
    total = sum(chances)
    exact = [100 * chance / total if total else 100 / len(chances) for chance in chances]
    whole = [math.floor(share) for share in exact]
    by_remainder = sorted(
        range(len(exact)), key=lambda index: (whole[index] - exact[index], -exact[index], index)
    )
    for index in by_remainder[: 100 - sum(whole)]:
        whole[index] += 1
    if len(whole) > 1 and 100 in whole:
        top = whole.index(100)
        whole[top] = 99
        runner_up = max((index for index in range(len(exact)) if index != top),
                        key=lambda index: (exact[index], -index))  # fmt: skip
        whole[runner_up] += 1
    return tuple(whole)


@dataclass(frozen=True)
class Title:
    """One title to forecast: the drivers' or the teams'.

    `points`: each contender's points so far; `contenders`: those who can still be champion,
    most points first; `round_points[i]`: what 1st, 2nd, ... score in the i-th round still to
    race (places past its end score nothing). For the teams' title, `team_of` gives each
    driver's team. Where only the best `counted` results count (drop rounds), each contender
    ends on the best `counted` of its `results` so far (a round's points each, its rounds
    raced) and of its simulated rounds, plus `fixed` (the adjustments that count whatever is
    dropped); `points` is then what it has today, for a season with no round left."""

    points: Mapping[Hashable, int]
    contenders: Sequence[Hashable]
    round_points: Sequence[Sequence[int]]
    team_of: Mapping[Hashable, Hashable] | None = None
    counted: int | None = None
    results: Mapping[Hashable, Sequence[int]] | None = None
    fixed: Mapping[Hashable, int] | None = None

    def simulated(self, field: Sequence[Hashable]) -> Title:
        """This title with only the contenders a simulation of `field` follows: those who own a
        driver of it, and the first `MOST_SIMULATED` (one who owns none scores nothing in the
        rounds left, so only one near the top of the table can win that way)."""
        owner = self.team_of or {}
        owners = [owner.get(key, key) for key in field]
        first = tuple(self.contenders[:MOST_SIMULATED])
        taken = set(first)
        contending = set(self.contenders)
        followed = first + tuple(
            key for key in dict.fromkeys(owners) if key in contending and key not in taken
        )

        def only(values: Mapping[Hashable, _V] | None) -> dict[Hashable, _V] | None:
            return None if values is None else {key: values[key] for key in followed}

        return Title(
            {key: self.points[key] for key in followed},
            followed,
            tuple(tuple(scores) for scores in self.round_points),
            None if self.team_of is None else {key: owner[key] for key in field},
            self.counted,
            only(self.results),
            only(self.fixed),
        )


def title_forecast(
    points: Mapping[Hashable, int],
    places: Mapping[Hashable, Sequence[int]],
    round_points: Sequence[Sequence[int]],
    *,
    contenders: Sequence[Hashable],
    runs: int = RUNS,
    seed: int = 0,
    team_of: Mapping[Hashable, Hashable] | None = None,
    counted: int | None = None,
    results: Mapping[Hashable, Sequence[int]] | None = None,
    fixed: Mapping[Hashable, int] | None = None,
    field_size: int = 0,
) -> tuple[Chance, ...]:
    """The chance of each of `contenders` to be champion (`Title` says what each argument is),
    with its whole per cent, the likeliest first: the paces read from the `places` each driver
    has finished in this season against a field of `field_size` (`pace_model`), the drivers
    simulated by `simulated_field`."""
    title = Title(points, contenders, round_points, team_of, counted, results, fixed)
    model = pace_model(places, field_size)
    field = simulated_field(model, contenders)
    (chances,) = simulate(model, field, (title.simulated(field),), runs=runs, seed=seed)
    return ranked(contenders, chances)


def simulate(
    model: PaceModel,
    field: Sequence[Hashable],
    titles: Sequence[Title],
    *,
    runs: int = RUNS,
    seed: int = 0,
) -> tuple[dict[Hashable, float], ...]:
    """Each of `titles`' contenders' chance (those of them with one: see `ranked`), from the
    same `runs` simulated remainders of the season raced by the drivers of `field`."""
    if not titles:
        return ()
    rounds = len(titles[0].round_points)
    if not rounds or not field:
        return tuple(_decided(title) for title in titles)
    randbytes = random.Random(seed).randbytes
    draw = _DRAW_OF.__getitem__
    add, multiply = operator.add, operator.mul
    # Normal draws read off a table of the standard normal's quantiles, two random bytes each
    # (random.gauss a driver costs many times as much, and the simulation is all draws). Paces
    # are in units of a race's luck, so a race's speeds are paces plus standard draws.
    luck = model.luck
    paces = [model.pace(key) for key in field]
    means = [pace.mean / luck for pace in paces]
    spreads = [pace.spread / luck for pace in paces]
    size = 2 * len(field)
    entrants = range(len(field))
    nothing = [0] * len(field)
    # Titles scored by the same tables (the drivers' and the teams', but in a team race) add
    # up the same points an entrant: once for them all.
    tables: dict[tuple[tuple[int, ...], ...], list[_Race]] = {}
    for title in titles:
        table = tuple(tuple(scores) for scores in title.round_points)
        tables.setdefault(table, []).append(_Race(title, field))
    for _run in range(runs):
        # A season's paces are drawn once (what the results leave unsure of), its luck a race.
        standard = map(draw, array("H", randbytes(size)))
        drawn = list(map(add, means, map(multiply, spreads, standard)))
        scored = dict.fromkeys(tables, nothing)
        for number in range(rounds):
            speed = list(map(add, drawn, map(draw, array("H", randbytes(size)))))
            finish = sorted(entrants, key=speed.__getitem__, reverse=True)
            for table, races in tables.items():
                # Each entrant's points this round, by entrant (zip and map run in C).
                got = dict(zip(finish, table[number], strict=False))
                gained = list(map(got.get, entrants, nothing))
                scored[table] = list(map(operator.add, scored[table], gained))
                for race in races:
                    race.scored_round(gained)
        for table, races in tables.items():
            for race in races:
                race.finish(scored[table])
    return tuple(
        {key: won / runs for key, won in race.wins.items()}
        for race in sorted(
            (race for races in tables.values() for race in races),
            key=lambda race: titles.index(race.title),
        )
    )


class _Race:
    """One title through the simulated seasons: the simulated titles each contender won, and
    where results drop, the simulated season's results so far."""

    def __init__(self, title: Title, field: Sequence[Hashable]) -> None:
        self.title = title
        owner = title.team_of or {}
        self.owners = [owner.get(key, key) for key in field]
        self.alone = title.team_of is None  # each entrant scores for itself
        self.followed = set(title.contenders)
        self.wins = dict.fromkeys(title.contenders, 0.0)
        self.results: dict[Hashable, list[int]] = {key: [] for key in title.contenders}

    def scored_round(self, gained: Sequence[int]) -> None:
        """A simulated round's points, `gained` an entrant: where results drop, each is a
        result of its own, to be counted or dropped."""
        if self.title.counted is None:
            return
        points = dict.fromkeys(self.title.contenders, 0)
        points.update(self._by_owner(gained))
        for key, result in points.items():
            self.results[key].append(result)

    def finish(self, scored: Sequence[int]) -> None:
        """A simulated season's end, each entrant having `scored` over its rounds."""
        title = self.title
        if title.counted is None:
            totals = dict(title.points)
            for key, points in self._by_owner(scored).items():
                totals[key] += points
        else:
            assert title.results is not None and title.fixed is not None
            totals = {
                key: best_total([*title.results[key], *self.results[key]], title.counted)
                + title.fixed[key]
                for key in title.contenders
            }
            self.results = {key: [] for key in title.contenders}
        best = max(totals.values())
        leaders = [key for key, total in totals.items() if total == best]
        for key in leaders:
            self.wins[key] += 1 / len(leaders)

    def _by_owner(self, scored: Sequence[int]) -> dict[Hashable, int]:
        """`scored` (points an entrant) by contender: a team's drivers' together."""
        followed = self.followed
        if self.alone:
            return {
                key: points
                for key, points in zip(self.owners, scored, strict=True)
                if key in followed
            }
        by_owner: dict[Hashable, int] = {}
        for key, points in zip(self.owners, scored, strict=True):
            if key in followed:
                by_owner[key] = by_owner.get(key, 0) + points
        return by_owner


def _decided(title: Title) -> dict[Hashable, float]:
    """No round left: the most points is champion, a title shared between those level."""
    if not title.contenders:
        return {}
    best = max(title.points[key] for key in title.contenders)
    leaders = [key for key in title.contenders if title.points[key] == best]
    return {key: 1 / len(leaders) for key in leaders}


def ranked(
    contenders: Sequence[Hashable], chances: Mapping[Hashable, float], *, most: int | None = None
) -> tuple[Chance, ...]:
    """`contenders` with their chances (none given: 0) and whole per cents (`whole_percents`),
    the likeliest first, then as `contenders` were: all of them, or every one with a per cent
    and the next to `most` in all (what a page names)."""
    some = [(index, key) for index, key in enumerate(contenders) if chances.get(key, 0.0) > 0]
    some.sort(key=lambda pair: (-chances[pair[1]], pair[0]))
    shares = [chances[key] for _index, key in some]
    never = len(contenders) - len(some)  # never won a simulated season
    # Those who never won share one entry (their first by points, the one they would give the
    # leader's 100th per cent to), each of them still "<1%".
    percents = whole_percents([*shares, *([0.0] if never else [])])
    named = [
        Chance(key, share, percent)
        for (_index, key), share, percent in zip(some, shares, percents, strict=False)
    ]
    if never:
        wanted = never if most is None else max(1, most - len(named))
        taken = {key for _index, key in some}
        rest = itertools.islice((key for key in contenders if key not in taken), wanted)
        named.append(Chance(next(rest), 0.0, percents[-1]))
        named.extend(Chance(key, 0.0, 0) for key in rest)
    return tuple(named)


__all__ = [
    "RUNS",
    "MOST_SIMULATED",
    "PRIOR_LUCK",
    "PRIOR_RESULTS",
    "Pace",
    "PaceModel",
    "Chance",
    "Title",
    "place_score",
    "pace_model",
    "simulated_field",
    "whole_percents",
    "title_forecast",
    "simulate",
    "ranked",
]
