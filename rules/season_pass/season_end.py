"""End of the Season: aging (XP lost by age and prior injuries), healing, retirement.

Rulings: the XP loss uses the age in the season just ended, then the driver is a season older;
the driver retires if XP is then below zero. Injured drivers age and lose XP like everyone else.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.language import gettext as _
from rules.season_pass.experience import retires
from rules.season_pass.injuries import InvalidInjuryCheck, heal

SEASON_END_HEALING = 8


@dataclass(frozen=True)
class AgingRow:
    """One printed row: the XP lost at `age` (None for "5+" is open-ended) per injury column."""

    age: int
    losses: tuple[int, int, int, int]


# Prior-injury columns as printed: 0, 1, 2-3, 4+ (None = and up).
AGING_PRIOR_INJURY_COLUMNS: tuple[tuple[int, int | None], ...] = ((0, 0), (1, 1), (2, 3), (4, None))

# Age   Prior injuries: 0   1   2-3  4+      (the last row is "5+")
AGING_TABLE: tuple[AgingRow, ...] = (
    AgingRow(1, (2, 2, 3, 3)),
    AgingRow(2, (4, 5, 6, 7)),
    AgingRow(3, (7, 8, 10, 11)),
    AgingRow(4, (10, 11, 13, 15)),
    AgingRow(5, (12, 14, 16, 18)),
)


def aging_xp_loss(age: int, prior_injuries: int) -> int:
    """XP a driver of `age` (this season) with `prior_injuries` loses at the end of the season."""
    if age < 1:
        raise InvalidInjuryCheck(_("A driver's age starts at one, not {age}.").format(age=age))
    if prior_injuries < 0:
        raise InvalidInjuryCheck(
            _("A driver cannot have {prior_injuries} prior injuries.").format(
                prior_injuries=prior_injuries
            )
        )
    row = AGING_TABLE[min(age, AGING_TABLE[-1].age) - 1]
    column = next(
        index
        for index, (low, high) in enumerate(AGING_PRIOR_INJURY_COLUMNS)
        if low <= prior_injuries and (high is None or prior_injuries <= high)
    )
    return row.losses[column]


@dataclass(frozen=True)
class SeasonEndChange:
    xp_before: int
    xp_loss: int
    xp_after: int
    age_before: int
    age_after: int
    races_to_miss_before: int
    races_to_miss_after: int
    retires: bool


def season_end_change(
    *, age: int, xp: int, prior_injuries: int, races_to_miss: int
) -> SeasonEndChange:
    """What the end of the season does to one driver: heal 8, lose XP by age, age one season."""
    xp_loss = aging_xp_loss(age, prior_injuries)
    return SeasonEndChange(
        xp_before=xp,
        xp_loss=xp_loss,
        xp_after=xp - xp_loss,
        age_before=age,
        age_after=age + 1,
        races_to_miss_before=races_to_miss,
        races_to_miss_after=heal(races_to_miss, SEASON_END_HEALING),
        retires=retires(xp - xp_loss),
    )
