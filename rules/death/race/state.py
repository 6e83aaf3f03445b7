"""The Formula... Death! race at one moment: Formula D's state, and each car's cards (its
armoury: weapons with their reload tokens and mines, defence, utility, damage left), and where
the Attack Phase stands."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from rules.engine.pieces import of_car
from rules.formula_d.race.state import OUT_REASONS as FORMULA_D_OUT_REASONS
from rules.formula_d.race.state import RaceSetup, RaceState
from rules.language import gettext_noop as N_

# The damage a car starts with (its damage points): a ruling, the league's season setup.
DAMAGE_POINTS = 10
# Who rolls for collision when a car ends directly behind another (DeathSetup.behind_rolls).
BOTH_ROLL = "both"
RAMMED_ROLLS = "rammed"
MOVER_ROLLS = "mover"
BEHIND_ROLLS = (BOTH_ROLL, RAMMED_ROLLS, MOVER_ROLLS)

OUT_REASONS: Mapping[str, str] = MappingProxyType(
    {
        **FORMULA_D_OUT_REASONS,
        "destroyed": N_("destroyed: took damage after spinning out"),
    }
)


@dataclass(frozen=True)
class DeathSetup(RaceSetup):
    distribution: str = "random"  # random or pick: the order the cards are entered in
    damage: int = DAMAGE_POINTS
    # Who rolls for collision when a car ends directly behind another (a league's setting): the
    # car that moved, and the one in front too when rammed (RAMMED_ROLLS, what races were
    # started with before) or also when it has Heavy Armour (Rear) (BOTH_ROLL), or only the car
    # that moved (MOVER_ROLLS).
    behind_rolls: str = RAMMED_ROLLS


@dataclass(frozen=True)
class Armoury:
    """One car's upgrades and what is on them."""

    car: str
    weapons: tuple[str, ...] = ()
    reloads: tuple[int, ...] = ()  # reload tokens on each weapon
    mines: tuple[int, ...] = ()  # mines left on each weapon (limpet, slip); 0 for others
    defence: str = ""
    utility: str = ""
    damage: int = 0  # damage points left
    most: int = 0  # its maximum damage (a Wrecker Ball lowers it); a pit stop's refill
    stripped: tuple[str, ...] = ()  # upgrades Chain Blades took, to be refitted in the pits
    lap_used: int = 0  # the lap its once-a-lap utility was last used on (0: not yet)
    remote: bool = False  # its remote mine is on the track (one at a time)
    jammed: bool = False  # its Jammer has stopped a missile this Attack Phase
    entered: bool = False  # its cards are in


@dataclass(frozen=True)
class DeathState(RaceState):
    setup: DeathSetup
    armoury: tuple[Armoury, ...] = ()
    resume: str = ""  # the phase the race goes back to after the cards or an Attack Phase
    standing: tuple[str, ...] = ()  # the Attack Phase: the order of play, the leader first
    # Each car's (key, laps, spaces, gear) as the standing was confirmed: the same at the Attack
    # Phase's end, the standing is the next round's order of play, not asked again.
    held: tuple[tuple[str, int, int, int], ...] = ()
    attackers: tuple[str, ...] = ()  # in the order they attack; () outside an Attack Phase
    attacker: int = 0
    aiming: int = -1  # the weapon (its index) being fired; -1: none
    target: str = ""
    also: tuple[str, ...] = ()  # cars a weapon hits besides its target
    pulled_beside: tuple[str, ...] = ()  # Mag Gun: cars the target would end beside
    refused: tuple[str, ...] = ()  # "weapon|target" pairs refused this phase (Bravado, Jammer)
    screened: int = 0  # the screen rolls (Jammer, Bravado) passed on this attack
    rerolled: bool = False  # the Targeting Computer's reroll was taken on this attack

    def arms(self, key: str) -> Armoury:
        return of_car(self.armoury, key)

    @property
    def attacking(self) -> bool:
        return bool(self.attackers)
