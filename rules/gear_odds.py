"""Gear odds for the corner ahead: for each gear a car may choose, the exact chance that its die
stops it in the corner, overshoots the corner's last space by 1, 2 or 3 or more spaces, or
reaches the finish line, with what each overshoot costs that car now by its rule set's own rules.

The chances are exact fractions counted from the die's printed faces (a face a die shows twice
counts twice: the orange die's 4 is three of its six faces). They are the die's, before the
player spends brake WP to stop short or takes any other space the board adds (docs/rulings.md,
"Gear odds").

Two numbers come from the board: the spaces from the car to the corner's last space (a roll of at
most that stays in the corner) and the stops the corner still asks of it. A third, the spaces to
the finish line, is asked only where the line is in reach.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from rules.engine.variant import ruleset_for
from rules.language import gettext as _
from rules.language import gettext_noop as N_

if TYPE_CHECKING:
    from rules.engine.contract import RaceState
    from rules.engine.events import Prompt

OVERSHOOT_BANDS = 3  # by 1, by 2, by 3 or more
GEAR_FIELD = "gear"


class InvalidOdds(ValueError):
    """Figures no board shows: a distance or stops owed below 0, or a die with no faces."""


@dataclass(frozen=True)
class OvershootCost:
    """What overshooting by some spaces costs a car now, in words, and whether it ends its race."""

    words: str
    eliminated: bool = False


# The cost of overshooting by `spaces` (1 or more) with `stops_owed` stops still owed.
CostOf = Callable[[int, int], OvershootCost]


@dataclass(frozen=True)
class DieOdds:
    """A die's chances against a corner `to_corner` spaces ahead: staying in it, overshooting by
    1, 2 and 3 or more (`overshoot`, in that order), and reaching a line `to_line` spaces ahead
    (None when no line was given)."""

    in_corner: Fraction
    overshoot: tuple[Fraction, ...]
    finish: Fraction | None


@dataclass(frozen=True)
class Band:
    """One overshoot band as a car sees it: its chance and what it costs (`cost` of the fewest
    spaces the die can overshoot by in it; `worst` of the most, when the two differ)."""

    spaces: int  # 1, 2, or 3 for "3 or more"
    chance: Fraction
    cost: OvershootCost
    worst: OvershootCost | None = None

    @property
    def label(self) -> str:
        return f"{self.spaces}+" if self.spaces == OVERSHOOT_BANDS else str(self.spaces)


@dataclass(frozen=True)
class GearOdds:
    """A gear's odds for the corner ahead, as the car would pay for them now: `eliminated` is
    the chance that the corner ends its race, counted face by face."""

    gear: int
    faces: tuple[int, ...]
    in_corner: Fraction
    bands: tuple[Band, ...]
    finish: Fraction | None
    eliminated: Fraction


def _check(faces: Sequence[int], to_corner: int, to_line: int | None) -> None:
    if not faces:
        raise InvalidOdds(_("A die needs faces to roll."))
    if to_corner < 0:
        raise InvalidOdds(
            _("A car cannot be {to_corner} spaces from a corner's last space.").format(
                to_corner=to_corner
            )
        )
    if to_line is not None and to_line < 1:
        raise InvalidOdds(
            _("The finish line is at least 1 space ahead, not {to_line}.").format(to_line=to_line)
        )


def die_odds(faces: Sequence[int], to_corner: int, to_line: int | None = None) -> DieOdds:
    """The chances of a die with `faces` against a corner whose last space is `to_corner` spaces
    ahead (and a finish line `to_line` spaces ahead, if given)."""
    _check(faces, to_corner, to_line)
    stays = reaches = 0
    over = [0] * OVERSHOOT_BANDS
    for value, count in Counter(faces).items():
        beyond = value - to_corner
        if beyond <= 0:
            stays += count
        else:
            over[min(beyond, OVERSHOOT_BANDS) - 1] += count
        if to_line is not None and value >= to_line:
            reaches += count
    total = len(faces)
    return DieOdds(
        Fraction(stays, total),
        tuple(Fraction(count, total) for count in over),
        None if to_line is None else Fraction(reaches, total),
    )


def gear_odds(
    gear: int,
    faces: Sequence[int],
    to_corner: int,
    stops_owed: int,
    cost_of: CostOf,
    to_line: int | None = None,
) -> GearOdds:
    """`gear`'s odds with a die of `faces`, each overshoot band priced by `cost_of` (the car's
    rule set's overshoot rules, for the car as it stands)."""
    if stops_owed < 0:
        raise InvalidOdds(
            _("A corner cannot still ask for {stops_owed} stops.").format(stops_owed=stops_owed)
        )
    odds = die_odds(faces, to_corner, to_line)
    far = [face - to_corner for face in faces if face - to_corner >= OVERSHOOT_BANDS]
    bands = []
    for spaces, chance in enumerate(odds.overshoot, start=1):
        # The band of 3 or more is priced from the fewest spaces the die can overshoot by in it
        # to the most (from 3 when it cannot reach the band at all).
        fewest, most = (min(far), max(far)) if far and spaces == OVERSHOOT_BANDS else (spaces,) * 2
        cost = cost_of(fewest, stops_owed)
        worst = cost_of(most, stops_owed) if most > fewest else None
        bands.append(Band(spaces, chance, cost, None if worst == cost else worst))
    out = Fraction(
        sum(
            1
            for face in faces
            if face > to_corner and cost_of(face - to_corner, stops_owed).eliminated
        ),
        len(faces),
    )
    return GearOdds(gear, tuple(faces), odds.in_corner, tuple(bands), odds.finish, out)


def offered_gears(prompt: Prompt | None) -> tuple[int, ...]:
    """The gears a gear prompt offers, lowest first; none when the prompt is not for a gear."""
    if prompt is None or prompt.kind != GEAR_FIELD:
        return ()
    field = next((field for field in prompt.fields if field.name == GEAR_FIELD), None)
    if field is None:
        return ()
    return tuple(sorted(int(value) for value, _text in field.choices if value.isdigit()))


STOPS_MADE = OvershootCost(N_("nothing: its stops are made"))  # its words said through _


def race_gear_odds(
    state: RaceState,
    to_corner: int,
    stops_owed: int,
    to_line: int | None = None,
) -> tuple[GearOdds, ...]:
    """The odds of each gear the race's gear prompt offers its car now; none when the race is
    not asking for a gear or its rule set offers no gear odds."""
    ruleset = ruleset_for(state.setup.ruleset)
    prompt = ruleset.next_prompt(state)
    gears = offered_gears(prompt)
    if not gears or prompt is None or prompt.car is None:
        return ()
    car = prompt.car
    if ruleset.overshoot_cost(state, car, 1, 1) is None:
        return ()

    def cost_of(spaces: int, owed: int) -> OvershootCost:
        if owed == 0:
            return OvershootCost(_(STOPS_MADE.words))
        cost = ruleset.overshoot_cost(state, car, spaces, owed)
        assert cost is not None  # the rule set answered for 1 space, it answers for any
        return cost

    return tuple(
        gear_odds(gear, ruleset.gear_faces(gear), to_corner, stops_owed, cost_of, to_line)
        for gear in gears
    )


__all__ = [
    "STOPS_MADE",
    "race_gear_odds",
    "OVERSHOOT_BANDS",
    "Band",
    "CostOf",
    "DieOdds",
    "GearOdds",
    "InvalidOdds",
    "OvershootCost",
    "die_odds",
    "gear_odds",
    "offered_gears",
]
