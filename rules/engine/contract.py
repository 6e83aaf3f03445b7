"""What the engine core and the pages may rely on in any rule set's race: the shape of its setup,
its state, a car's dashboard and a car's result. Each rule set defines its own frozen dataclasses
(its car sheet, its phases, its pending checks); these protocols name only what they share."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from rules.documents import Source


@dataclass(frozen=True)
class Starter:
    """A car on the grid as the league knows it: the car's name on the board, its driver, and
    the level the driver races at where the rule set has levels ("" where it has none)."""

    car: str
    driver: str
    level: str = ""


class RaceSetup(Protocol):
    @property
    def ruleset(self) -> str: ...

    def to_dict(self) -> dict[str, Any]: ...


class RaceState(Protocol):
    @property
    def setup(self) -> RaceSetup: ...

    @property
    def cars(self) -> Sequence[Any]: ...

    @property
    def finished(self) -> bool: ...

    @property
    def car_keys(self) -> tuple[str, ...]: ...

    def car(self, key: str) -> Any: ...


@dataclass(frozen=True)
class Column:
    """One column of a rule set's dashboard: `key` names the value, `label` heads the column and
    `title` says in words what it counts."""

    key: str
    label: str
    title: str


@dataclass(frozen=True)
class FactHelp:
    """What a board fact a prompt asks for means, as its rule set explains it: `line`, one line
    in words that a phone shows beside the fact's controls ("Stops made in this corner"); `rule`,
    the rule behind it in a few sentences, in our words; and `source`, the rule document and its
    section the rule comes from (shown after it: "Formula D rules, Braking")."""

    line: str
    rule: str
    source: Source


@dataclass(frozen=True)
class CarView:
    """One car's row on the dashboard, as its rule set describes it: its status and a note in
    words, and its values as (column key, value) pairs in the order of the rule set's columns.
    `detail` stands beside the driver's name (Season Pass: the level raced at). Where the car is:
    `laps` completed and `spaces` moved since the start (None where the rule set does not count
    them), `pitted` in the pits, `spun` to drive off in 1st next turn."""

    car: str
    driver: str
    status: str
    note: str
    values: tuple[tuple[str, Any], ...]
    detail: str = ""
    # Where the car is and how it stands, for a picture of the race (the turn page's strip) and
    # for a script: laps completed, where the rule set counts them; whether the car stands in
    # the pits; the spaces it has moved since the start, where the rule set counts them (how
    # the engine tells who leads: no space of the board); whether it has spun and drives off
    # in 1st next turn.
    laps: int | None = None
    pitted: bool = False
    spaces: int | None = None
    spun: bool = False

    def value(self, key: str) -> Any:
        """The value of the column `key`."""
        for column, value in self.values:
            if column == key:
                return value
        raise KeyError(key)


@dataclass(frozen=True)
class DamageMarker:
    """A damage marker on the track (Formula... Death!'s wreckage): the space where `car` stood
    when it lost wear points (Death: took damage) in round `round`, dangerous to a car that
    passes over it or lands on it. `key` is how a move's "markers" fact names it; markers on one
    space are one dangerous space."""

    key: str
    car: str
    round: int


@dataclass(frozen=True)
class CarResult:
    """One car's place once the race is over, and what the season records of how it ended:
    why it went out (a key of the league's out reasons), the overshoot and damage where the rule
    set counts them, the injury rolls already walked at the table, and a note in words for the
    result table ("severity 2", "safe", "eliminated: no tire WP left"). `distance` is how far
    the car got in spaces, the season's record of a car out. `bonus_points` are points the race
    itself earned beyond the place (Mini's series: a point for each lap led), added to the
    place's points when the result is written into the season."""

    car: str
    place: int
    finished: bool
    out_reason: str | None = None
    distance: float = 0
    overshoot: int | None = None
    damage: int | None = None
    injury_rolls: tuple[int, ...] = ()
    note: str = ""
    bonus_points: int = 0
