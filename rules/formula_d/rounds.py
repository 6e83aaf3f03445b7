"""The race: its laps (Winning) and who moves first each round (Order of Play).

Rulings where the document is silent (docs/rulings.md):
- The first round goes in grid order (Setup: pole goes first); Order of Play ranks the later ones.
- "Highest gear" is the gear on each dashboard when the round begins, since a car announces its
  new gear only on its own turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.dice import HIGHEST_GEAR, no_such_gear
from rules.language import gettext as _

RACE_LAPS = 2
# Optional Rules, Three-Lap Race: "the first car across the line after 3 laps wins"; a league (or
# one round) may race it instead of the base game's 2 laps.
THREE_LAP_RACE = 3
RACE_LAP_CHOICES = (RACE_LAPS, THREE_LAP_RACE)


class InvalidStandings(ValueError):
    """Positions that cannot be on the track: two cars on one space, or no such gear."""


@dataclass(frozen=True)
class Standing:
    spaces: int  # how far along the race the car is; the leader has the most
    gear: int
    lane: int  # 0 is the inside lane of the next or current corner


def play_order(standings: Mapping[str, Standing]) -> tuple[str, ...]:
    """The order cars move in this round: the leader first; level cars by the highest gear, then
    the nearest to the inside."""
    spaces: dict[tuple[int, int], str] = {}
    for car, standing in standings.items():
        if not 1 <= standing.gear <= HIGHEST_GEAR:
            raise InvalidStandings(
                _("{car}: {no_such_gear}").format(car=car, no_such_gear=no_such_gear(standing.gear))
            )
        if standing.lane < 0:
            raise InvalidStandings(
                _("{car}: lanes count from 0 on the inside, not {lane}.").format(
                    car=car, lane=standing.lane
                )
            )
        other = spaces.setdefault((standing.spaces, standing.lane), car)
        if other != car:
            raise InvalidStandings(
                _("{other} and {car} cannot be on the same space.").format(other=other, car=car)
            )
    return tuple(
        sorted(
            standings,
            key=lambda car: (-standings[car].spaces, -standings[car].gear, standings[car].lane),
        )
    )
