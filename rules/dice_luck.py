"""Dice luck: every die a car rolled in a race, by purpose, read off its event log; and how a
driver's rolls compare with the dice's true faces (docs/rulings.md, "Dice luck").

A tally is plain JSON, as an entry keeps it: {die: {purpose: {face: count}}}, e.g.
{"black": {"qualifying": {"17": 1}}, "orange": {"gear": {"4": 2, "3": 1}}}. A race's tallies
come from replaying its log once, when it is written into its season (rules/race_counts.py;
never as a roll is entered); a driver's season and career are the sum of their entries' tallies.

Luck reads one way for every die: a higher roll is luckier (a gear die's takes the car further;
the black die's high numbers are the safe ones of every table Paddock knows). Each roll counts as
its distance from its die's true mean in the die's standard deviations; the sum of those over
every roll is the driver's luck, and its percentile is counted against the same rolls made with
fair dice, simulated with a fixed seed (so a page shows the same figure each time).
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rules.dice import FACES, Die, die_name
from rules.engine.events import Event, Prompt
from rules.language import gettext as _

Tally = dict[str, dict[str, dict[str, int]]]

GEAR = "gear"
QUALIFYING = "qualifying"
START = "start"
COLLISION = "collision"
ENGINE = "engine"
INJURY = "injury"
OTHER = "other"
# The purposes in the order a page lists them (its words are the page's own, in its reader's
# language: league/reads/luck.py).
PURPOSES: tuple[str, ...] = (GEAR, QUALIFYING, START, COLLISION, ENGINE, INJURY, OTHER)
# A prompt's kind to the purpose of the dice it asks for; a kind not here is OTHER.
PURPOSE_OF_KIND: Mapping[str, str] = {
    "move": GEAR,
    "qualifying_roll": QUALIFYING,
    "qualifying_tie": QUALIFYING,
    "grid_roll": QUALIFYING,
    "tie_roll": QUALIFYING,
    "start_roll": START,
    "collision_roll": COLLISION,
    "chain_roll": COLLISION,
    "body_roll": COLLISION,
    "engine_roll": ENGINE,
    "engine_check": ENGINE,
    "motor_roll": ENGINE,
    "redline_roll": ENGINE,
    "noise_roll": ENGINE,
    "injury_roll": INJURY,
}
SIMULATIONS = 1000
SEED = 23
POOL = 1000  # simulated sums kept for each power of two of rolls
POOL_LEVELS = 20  # up to 2**20 - 1 rolls of one die
MOST_ROLLS = 2**POOL_LEVELS - 1  # the most rolls of one die a luck is worked out from


class InvalidTally(ValueError):
    """A tally that is not dice, purposes and faces with counts, as an entry keeps them."""


def purpose_of(kind: str) -> str:
    """What a roll of prompt `kind` was for (gear, qualifying, start, collision...)."""
    return PURPOSE_OF_KIND.get(kind, OTHER)


def count_rolls(tallies: dict[str, Tally], prompt: Prompt | None, event: Event) -> None:
    """Adds to `tallies` the dice of `event`, entered for `prompt` (the first prompt the race
    asked before it): a roll asked of no car (the weather) is nobody's luck."""
    if prompt is None or prompt.car is None:
        return
    for field in prompt.fields:
        if field.kind == "die" and field.die is not None and field.name in event.data:
            faces = (
                tallies.setdefault(prompt.car, {})
                .setdefault(field.die.value, {})
                .setdefault(purpose_of(prompt.kind), {})
            )
            face = str(int(event.data[field.name]))
            faces[face] = faces.get(face, 0) + 1


def _too_many_rolls(die: str) -> InvalidTally:
    """More rolls of `die` (its value) than a luck is worked out from (MOST_ROLLS)."""
    return InvalidTally(
        _("More than {most} rolls of the {die} die.").format(most=MOST_ROLLS, die=die_name(die))
    )


def checked_tally(raw: Any) -> Tally:
    """`raw` if it is a tally of real dice, purposes and faces; InvalidTally otherwise."""
    if not isinstance(raw, dict):
        raise InvalidTally(_("A dice tally is a mapping, not {raw!r}.").format(raw=raw))
    purposes = set(PURPOSES)
    for die, by_purpose in raw.items():
        if die not in {member.value for member in Die} or not isinstance(by_purpose, dict):
            raise InvalidTally(_("No die {die!r}.").format(die=die))
        for purpose, faces in by_purpose.items():
            if purpose not in purposes or not isinstance(faces, dict):
                raise InvalidTally(
                    _("No purpose {purpose!r} for the {die} die.").format(
                        purpose=purpose, die=die_name(die)
                    )
                )
            for face, count in faces.items():
                if not (isinstance(face, str) and face.isdigit() and int(face) in FACES[Die(die)]):
                    raise InvalidTally(
                        _("The {die} die has no face {face!r}.").format(
                            die=die_name(die), face=face
                        )
                    )
                if not isinstance(count, int) or isinstance(count, bool) or count < 1:
                    raise InvalidTally(
                        _(
                            "{count!r} rolls of {face} on the {die} die: a count is a whole "
                            "number, 1 or more."
                        ).format(count=count, face=face, die=die_name(die))
                    )
        # What a luck is worked out from: a stranger's backup may count any number.
        if sum(count for faces in by_purpose.values() for count in faces.values()) > MOST_ROLLS:
            raise _too_many_rolls(die)
    return raw


def merged(tallies: Iterable[Mapping[str, Mapping[str, Mapping[str, int]]]]) -> Tally:
    """Several tallies as one (a season's entries, a career's)."""
    total: Tally = {}
    for tally in tallies:
        for die, by_purpose in tally.items():
            for purpose, faces in by_purpose.items():
                into = total.setdefault(die, {}).setdefault(purpose, {})
                for face, count in faces.items():
                    into[face] = into.get(face, 0) + count
    return total


@dataclass(frozen=True)
class DieLuck:
    """One die's rolls: how many, by purpose; their mean against the die's; how often each
    value came up against how often the die shows it."""

    die: Die
    rolls: int
    by_purpose: tuple[tuple[str, int], ...]
    mean: Fraction
    true_mean: Fraction
    seen: tuple[tuple[int, Fraction, Fraction], ...]  # value, observed share, true share
    score: float  # the rolls' distance from the true mean, in standard deviations a roll


@dataclass(frozen=True)
class Luck:
    """All of a driver's rolls: each die's; the sum of their distances from the true means over
    the square root of the rolls (`score`: standard deviations from fair dice); the share of
    fair-dice runs of the same rolls
    that came out lower (`percentile`, 0-100; 50 is as luck has it)."""

    rolls: int
    dice: tuple[DieLuck, ...]
    score: float
    percentile: int


@functools.cache
def _moments(die: Die) -> tuple[Fraction, float]:
    faces = FACES[die]
    mean = Fraction(sum(faces), len(faces))
    variance = sum((face - mean) ** 2 for face in faces) / len(faces)
    return mean, math.sqrt(variance)


def die_luck(die: Die, by_purpose: Mapping[str, Mapping[str, int]]) -> DieLuck:
    """The luck of one die's rolls, counted by purpose: each face seen against its true share."""
    counts: dict[int, int] = {}
    for rolled in by_purpose.values():
        for face, count in rolled.items():
            counts[int(face)] = counts.get(int(face), 0) + count
    rolls = sum(counts.values())
    true_mean, spread = _moments(die)
    total = sum(face * count for face, count in counts.items())
    faces = FACES[die]
    seen = tuple(
        (value, Fraction(counts.get(value, 0), rolls), Fraction(faces.count(value), len(faces)))
        for value in sorted(set(faces))
    )
    purposes = tuple(
        (purpose, sum(rolled.values()))
        for purpose, rolled in sorted(by_purpose.items(), key=lambda item: PURPOSES.index(item[0]))
    )
    return DieLuck(
        die,
        rolls,
        purposes,
        Fraction(total, rolls),
        true_mean,
        seen,
        float(total - rolls * true_mean) / spread,
    )


@functools.cache
def _pools(die: Die) -> tuple[tuple[float, ...], ...]:
    """For each k, POOL simulated sums of 2**k fair rolls of `die`, each roll as its distance
    from the die's mean in standard deviations: level 0 rolls the die, level k adds two sums of
    level k-1 picked at random. A run of any number of rolls then adds one sum a binary digit."""
    rng = random.Random(f"{SEED}:{die.value}")
    mean, spread = _moments(die)
    standard = [float(face - mean) / spread for face in FACES[die]]
    pools = [_settled(rng.choices(standard, k=POOL), 1)]
    while len(pools) < POOL_LEVELS:
        last = pools[-1]
        sums = [last[rng.randrange(POOL)] + last[rng.randrange(POOL)] for _sum in last]
        pools.append(_settled(sums, 2 ** len(pools)))
    return tuple(pools)


def _settled(sums: list[float], rolls: int) -> tuple[float, ...]:
    """`sums` moved and scaled to the mean (0) and variance (`rolls`) that sums of that many
    fair rolls have, so that picking pairs does not drift from level to level."""
    mean = math.fsum(sums) / len(sums)
    spread = math.sqrt(math.fsum((value - mean) ** 2 for value in sums) / len(sums))
    return tuple((value - mean) * math.sqrt(rolls) / spread for value in sums)


def _simulated_scores(rolls_by_die: Mapping[Die, int]) -> list[float]:
    """The luck score of the same rolls made with fair dice, SIMULATIONS times (a fixed seed):
    for each die, a sum picked at random from its pool for each binary digit of its rolls."""
    rng = random.Random(SEED)
    scores = [0.0] * SIMULATIONS
    for die in sorted(rolls_by_die):
        pools, rolls = _pools(die), rolls_by_die[die]
        if rolls > MOST_ROLLS:
            raise _too_many_rolls(die.value)
        for level in range(rolls.bit_length()):
            if rolls >> level & 1:
                picked = rng.choices(pools[level], k=SIMULATIONS)
                scores = [run + pick for run, pick in zip(scores, picked, strict=True)]
    return scores


def score(tally: Mapping[str, Mapping[str, Mapping[str, int]]]) -> float | None:
    """The luck score alone (as `Luck.score`), without simulating: to rank many drivers."""
    dice = _dice(tally)
    rolls = sum(die.rolls for die in dice)
    if not rolls:
        return None
    return math.fsum(die.score for die in dice) / math.sqrt(rolls)


def _dice(tally: Mapping[str, Mapping[str, Mapping[str, int]]]) -> tuple[DieLuck, ...]:
    """Each die of `tally` that was rolled at all."""
    return tuple(
        die_luck(Die(die), by_purpose)
        for die, by_purpose in sorted(tally.items())
        if any(count for faces in by_purpose.values() for count in faces.values())
    )


def luck(tally: Mapping[str, Mapping[str, Mapping[str, int]]]) -> Luck | None:
    """A driver's luck from their tally; None when they rolled nothing."""
    dice = _dice(tally)
    if not dice:
        return None
    rolls = sum(die.rolls for die in dice)
    score = math.fsum(die.score for die in dice)
    simulated = _simulated_scores({die.die: die.rolls for die in dice})
    # Ties count half, so that a driver exactly as lucky as fair dice sits at 50.
    below = sum(1 for run in simulated if run < score - 1e-9)
    level = sum(1 for run in simulated if abs(run - score) <= 1e-9)
    percentile = round(100 * (below + level / 2) / SIMULATIONS)
    return Luck(rolls, dice, score / math.sqrt(rolls), percentile)


__all__ = [
    "PURPOSES",
    "DieLuck",
    "InvalidTally",
    "Luck",
    "Tally",
    "checked_tally",
    "die_luck",
    "luck",
    "merged",
    "purpose_of",
    "count_rolls",
    "score",
]
