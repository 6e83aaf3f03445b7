"""The title forecast: each contender's chance of the championship, from many simulated
remainders of the season drawn from the results so far (docs/rulings.md, "The title forecast").

In a simulated round every driver of the field draws one of the places they have finished in
this season, at random, as their pace; the field finishes in the order of those draws (a draw
between equal places falls either way at random), and each place scores what the league's
table gives it in that round. After the last round the most points is champion; a simulated
season that ends level shares its title between those level. A driver's chance is the share of
simulated seasons they win. Seeded, so a page and a test give the same answer every time.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

from rules.championship.adjustments import best_total

# Enough runs for a chance to the nearest few per cent, few enough to render with the page.
RUNS = 1000
# The most drivers raced in a simulation: the leaders by points, enough to fill the places that
# score; the others are taken to finish behind them (a field of 10,000 costs what 20 do).
MOST_SIMULATED = 20


@dataclass(frozen=True)
class Chance:
    key: Hashable
    chance: float  # 0 to 1

    @property
    def percent(self) -> str:
        """The chance in whole per cent, never rounding a real chance to 0 or a doubt to 100."""
        if 0 < self.chance < 0.01:
            return "<1%"
        if 0.99 < self.chance < 1:
            return ">99%"
        return f"{round(self.chance * 100)}%"


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
) -> tuple[Chance, ...]:
    """The chance of each of `contenders` (those who can still be champion) to be champion.

    `points`: each contender's points so far; `places`: the places each driver has finished in
    this season, the drivers with the most points first (the first `MOST_SIMULATED` of those
    with a place race in the simulation); `round_points[i]`: what 1st, 2nd, ...
    score in the i-th round still to race (places past its end score nothing). For the teams'
    title, `team_of` gives each driver's team, and `points` and `contenders` are the teams'.
    Where only the best `counted` results count (drop rounds), each contender ends on the best
    `counted` of its `results` so far (a round's points each, its rounds raced) and of its
    simulated rounds, plus `fixed` (the adjustments that count whatever is dropped); `points`
    is then what it has today, for a season with no round left.
    Ordered by chance, then as `contenders` were."""
    if not contenders:
        return ()
    if not round_points:
        best = max(points[key] for key in contenders)
        leaders = [key for key in contenders if points[key] == best]
        return tuple(Chance(key, 1 / len(leaders) if key in leaders else 0.0) for key in contenders)
    owner = team_of or {key: key for key in places}
    field = [key for key in places if places[key]][:MOST_SIMULATED]
    # One random number a driver a round: its whole part picks a place finished, its fraction
    # settles a draw between equal places. Each draw scores for its owner (the driver or team).
    draws = [(owner[key], tuple(places[key]), len(places[key])) for key in field]
    rng = random.Random(seed)
    uniform = rng.random
    wins = dict.fromkeys(contenders, 0.0)
    start = {key: points[key] for key in contenders}
    tracked = set(contenders)
    for _run in range(runs):
        totals = dict(start)
        if counted is not None:
            totals = dict.fromkeys(contenders, 0)
            simulated: dict[Hashable, list[int]] = {key: [] for key in contenders}
        for scores in round_points:
            paces = []
            for key, finished, count in draws:
                pick = uniform() * count
                index = int(pick)
                paces.append((finished[index] + pick - index, key))
            paces.sort()
            for (_pace, key), score in zip(paces, scores, strict=False):
                if key in tracked:
                    totals[key] += score
            if counted is not None:
                for key in contenders:
                    simulated[key].append(totals[key])
                    totals[key] = 0
        if counted is not None:
            assert results is not None and fixed is not None
            totals = {
                key: best_total([*results[key], *simulated[key]], counted) + fixed[key]
                for key in contenders
            }
        best = max(totals.values())
        leaders = [key for key, total in totals.items() if total == best]
        for key in leaders:
            wins[key] += 1 / len(leaders)
    order = {key: index for index, key in enumerate(contenders)}
    chances = [Chance(key, wins[key] / runs) for key in contenders]
    return tuple(sorted(chances, key=lambda chance: (-chance.chance, order[chance.key])))
