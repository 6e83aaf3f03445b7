"""Optional Rules, Tire Selection: hard, soft and rain tires, and what each does by the weather and
the lap.

Rulings where the document is silent or loose (docs/rulings.md, "Tire Selection"):
- A car that fits no special tires races on hard tires, the base game's.
- Without the weather rules the weather is good all race ("changeable or good": dry).
- "Not changed in a pit stop before the third race lap": every pit stop fits a fresh set (all its
  tire WP back), so a car that stopped at the end of lap 1 or lap 2 has changed its tires; one
  that did not drives lap 3 on its first set. A 2-lap race has no third lap: no trebling.
- The lap a move is on is the lap the car was on when it began the move.
- Hard tires in rain: "the car moves 3 additional spaces" is compulsory, as printed, whenever a
  space of the move is in a corner; so are rain tires' 1 and soft tires' 3 in rain. Only soft
  tires' 1 space in the dry says "not compulsory".
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.language import gettext as _


class Tires(StrEnum):
    HARD = "hard"
    SOFT = "soft"
    RAIN = "rain"


# A driver using soft (rain) tires places 1 damage marker on the score card, sun (rain) side up.
SCORECARD_MARKER = {Tires.SOFT: "sun", Tires.RAIN: "rain"}
BONUS_LAPS = 2  # "the first 2 race laps"
CHANGE_BEFORE_LAP = 3  # "not changed in a pit stop before the third race lap"
DOUBLED, TREBLED = 2, 3


@dataclass(frozen=True)
class TireEffect:
    """What a car's tires do on one move: spaces added to it (only when a space of the move is
    in a corner, if `in_corner`; the player may decline them, if `optional`), and the tire WP
    each space overshot costs."""

    extra_spaces: int = 0
    in_corner: bool = False
    optional: bool = False
    per_space_overshot: int = 1


def tire_effect(tires: Tires, *, rain: bool, lap: int, changed: bool) -> TireEffect:
    """The effect of `tires` on a move of race lap `lap` (1, 2, 3), in rain or not; `changed`:
    the car changed its tires in a pit stop before this lap. Qualifying is lap 0."""
    if lap < 0:
        raise ValueError(
            _("A race lap is 1 or more (0 for qualifying), not {lap}.").format(lap=lap)
        )
    unchanged_on_lap_3 = lap >= CHANGE_BEFORE_LAP and not changed
    first_laps = lap <= BONUS_LAPS
    if tires is Tires.HARD:
        # If it is raining, the car moves 3 additional spaces, as long as at least one space in
        # the move is within a corner.
        return TireEffect(3, in_corner=True) if rain else TireEffect()
    if tires is Tires.SOFT:
        penalty = TREBLED if unchanged_on_lap_3 else 1
        if not rain:
            # 1 additional space each move during qualifying and race laps (not compulsory).
            return TireEffect(1, optional=True, per_space_overshot=penalty)
        # 3 additional spaces each move during qualifying and the first 2 race laps, as long as
        # at least one space in the move is within a corner.
        return TireEffect(3 if first_laps else 0, in_corner=True, per_space_overshot=penalty)
    if rain:
        # Rain tires in rain: 1 additional space each move, with a space within a corner.
        return TireEffect(1, in_corner=True)
    # Rain tires, changeable or good: penalties doubled during qualifying and the first 2 race
    # laps; trebled if the tires are not changed in a pit stop before the third race lap.
    if first_laps:
        return TireEffect(per_space_overshot=DOUBLED)
    return TireEffect(per_space_overshot=TREBLED if unchanged_on_lap_3 else 1)
