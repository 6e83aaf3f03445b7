"""What Formula D's shared race pieces read of a race state: Formula D's own, and the states of
its variants (Mini's, RBB's and Death's), which carry the same names for the same things. The
pieces take these protocols, not Formula D's state, and hand back the state they were given
(a TypeVar bound to a protocol), so a variant reuses them on its own state type.

- `FormulaDLikeState`: the round, the order of play and the turn, the phase, the checks owed,
  the grid, the clock, and cars with a gear, laps, spaces and a start roll (all four);
- `MarkedState`: with damage markers too (Formula D, RBB, Death);
- `SheetState`: with cars that carry a wear-point scorecard too (Formula D, RBB, Death).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from rules.engine import contract
from rules.engine.pieces import Driven, Keyed, Race, RacingCar
from rules.formula_d.car import CarSheet
from rules.formula_d.race.state import GridRolls, Marker


class FormulaDLikeCar(RacingCar, Protocol):
    """A car of a state shaped like Formula D's."""

    @property
    def gear(self) -> int: ...

    @property
    def laps(self) -> int: ...

    @property
    def spaces(self) -> int: ...

    @property
    def moved_at(self) -> int: ...

    @property
    def start_roll(self) -> int | None: ...

    @property
    def spun(self) -> bool: ...

    @property
    def in_pits(self) -> bool: ...

    @property
    def on_track(self) -> bool: ...

    @property
    def out_reason(self) -> str | None: ...

    @property
    def out_at(self) -> int | None: ...

    @property
    def finish_round(self) -> int | None: ...


class SheetCar(FormulaDLikeCar, Protocol):
    """A car with a wear-point scorecard (Formula D's Car Dashboard)."""

    @property
    def sheet(self) -> CarSheet: ...


class FormulaDLikeSetup(contract.RaceSetup, Protocol):
    @property
    def laps(self) -> int: ...

    def car(self, key: str) -> Driven: ...


class PendingCheck(Keyed, Protocol):
    """A roll owed: the event to enter, and the car (`car`) that rolls it."""

    @property
    def kind(self) -> str: ...


class Outcome(Protocol):
    """The grid rolled for so far: its order once set, the groups still tied."""

    @property
    def order(self) -> tuple[str, ...]: ...

    @property
    def tied(self) -> tuple[tuple[str, ...], ...]: ...


class FormulaDLikeState(Race, contract.RaceState, Protocol):
    """A race state shaped like Formula D's: Formula D's own, Mini's, RBB's and Death's."""

    @property
    def setup(self) -> FormulaDLikeSetup: ...

    @property
    def cars(self) -> Sequence[FormulaDLikeCar]: ...

    def car(self, key: str) -> FormulaDLikeCar: ...

    @property
    def phase(self) -> str: ...

    @property
    def round(self) -> int: ...

    @property
    def order(self) -> tuple[str, ...]: ...

    @property
    def turn(self) -> int: ...

    @property
    def pending(self) -> Sequence[PendingCheck]: ...

    @property
    def fixed_move(self) -> int: ...

    @property
    def clock(self) -> int: ...

    @property
    def grid(self) -> tuple[str, ...]: ...

    @property
    def grid_rolls(self) -> tuple[GridRolls, ...]: ...

    @property
    def grid_outcome(self) -> Outcome: ...


class MarkedState(FormulaDLikeState, Protocol):
    """A state with damage markers: the spaces made dangerous."""

    @property
    def markers(self) -> tuple[Marker, ...]: ...


class SheetState(MarkedState, Protocol):
    """A state whose cars carry a wear-point scorecard, and damage markers."""

    @property
    def cars(self) -> Sequence[SheetCar]: ...

    def car(self, key: str) -> SheetCar: ...


StateT = TypeVar("StateT", bound=FormulaDLikeState)
MarkedT = TypeVar("MarkedT", bound=MarkedState)
SheetT = TypeVar("SheetT", bound=SheetState)
