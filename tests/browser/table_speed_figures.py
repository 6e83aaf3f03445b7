"""Table speed (issue 8), the figures: what entering each event took (`Tally`), rows per kind
of event and of move over a race (`figures`), and issue 8's targets on them (`TARGETS`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tests.browser.table_speed_script import CARS_FACT, Step


@dataclass
class Tally:
    """What entering one event took: taps on the screen, keys typed on the phone keyboard,
    scrolls (targets that were outside the viewport), and what of the prompt lay outside the
    first viewport before the first tap."""

    taps: int = 0
    keys: int = 0
    scrolls: int = 0
    off_screen: list[str] = field(default_factory=list)
    prompt_outside: list[str] = field(default_factory=list)

    @property
    def touches(self) -> int:
        """Taps and keys: each key on the phone keyboard is a tap too."""
        return self.taps + self.keys


PLAIN_MOVE = "plain move (gear + die)"
# The rules ask for a roll between the gear and the die (Mini's two gears up, its black-die
# upshift roll): no face in the gear's row can enter both, so the gear and the die are 2 taps.
ROLL_BETWEEN = "plain move, a roll between (gear + die)"
BRAKES_OR_CORNER = "move with brakes/corner (gear + move)"
BESIDE_CARS = "move beside cars (gear + move)"
CROSSING = "move crossing the line (gear + move)"
SEVERAL_FACTS = "move with facts and cars (gear + move)"
# An ordered prompt's rows: "order, proposal right", "attack_order, proposal corrected"...
PROPOSAL_RIGHT, PROPOSAL_CORRECTED = ", proposal right", ", proposal corrected"
ORDER_RIGHT = "order" + PROPOSAL_RIGHT
ORDER_CORRECTED = "order" + PROPOSAL_CORRECTED
TOTAL = "total"
FINISH_FACT = "finish"


@dataclass
class Row:
    """A kind of entry over a race: how many, and what they took in all and at worst."""

    events: int = 0
    taps: int = 0
    keys: int = 0
    scrolls: int = 0
    most_taps: int = 0
    most_keys: int = 0

    def add(self, *tallies: Tally) -> None:
        self.events += 1
        self.taps += sum(tally.taps for tally in tallies)
        self.keys += sum(tally.keys for tally in tallies)
        self.scrolls += sum(tally.scrolls for tally in tallies)
        self.most_taps = max(self.most_taps, sum(tally.taps for tally in tallies))
        self.most_keys = max(self.most_keys, sum(tally.keys for tally in tallies))

    @property
    def touches(self) -> int:
        return self.taps + self.keys

    def per_event(self, count: int) -> float:
        return count / self.events if self.events else 0.0


def move_kind(step: Step) -> str:
    facts = set(step.facts)
    if not facts:
        return PLAIN_MOVE
    if FINISH_FACT in facts:
        return CROSSING
    if facts == {CARS_FACT}:
        return BESIDE_CARS
    return SEVERAL_FACTS if CARS_FACT in facts else BRAKES_OR_CORNER


def figures(steps: Sequence[Step], tallies: Sequence[Tally]) -> dict[str, Row]:
    """Rows per event kind (a prompt of an order split by whether its proposal was right),
    then per kind of move (its gear and its move together; a plain move whose car was asked
    something else in between on a row of its own), then the total."""
    by_kind: dict[str, Row] = {}
    moves: dict[str, Row] = {name: Row() for name in (PLAIN_MOVE, BRAKES_OR_CORNER)}
    total = Row()
    geared: dict[str | None, Tally] = {}
    interrupted: set[str | None] = set()
    for step, tally in zip(steps, tallies, strict=True):
        kind = step.kind
        if step.ordered:
            kind += PROPOSAL_RIGHT if step.proposal_right else PROPOSAL_CORRECTED
        by_kind.setdefault(kind, Row()).add(tally)
        total.add(tally)
        if step.kind == "gear":
            geared[step.car] = tally
            interrupted.discard(step.car)
        elif step.kind == "move":
            gear = geared.pop(step.car, None)
            kind = move_kind(step)
            if kind == PLAIN_MOVE and gear and step.car in interrupted:
                kind = ROLL_BETWEEN
            moves.setdefault(kind, Row()).add(*([gear] if gear else []), tally)
        elif step.car in geared and not step.forced:
            interrupted.add(step.car)
    return {**by_kind, **moves, TOTAL: total}


@dataclass(frozen=True)
class Target:
    """One of issue 8's targets, on one row (and every row whose name ends in `every`: each
    kind of prompt that proposes an order): at most so many taps (keys, scrolls) per event."""

    text: str
    row: str
    most_taps: int | None = None
    most_keys: int | None = None
    most_scrolls: int | None = None
    every: str = ""

    def judged(self, rows: dict[str, Row]) -> dict[str, Row]:
        """The rows the target judges that measured something."""
        return {
            name: row
            for name, row in rows.items()
            if (name == self.row or (self.every and name.endswith(self.every))) and row.events
        }

    def missed_by(self, rows: dict[str, Row]) -> str | None:
        """What misses the target, in words; None when it is met (or nothing was measured)."""
        judged = self.judged(rows)
        misses = [
            f"{'' if len(judged) == 1 else name + ': '}{miss}"
            for name, row in judged.items()
            if (miss := self._missed_on(row))
        ]
        return "; ".join(misses) or None

    def _missed_on(self, row: Row) -> str | None:
        misses = [
            f"{worst} {unit} at worst"
            for most, worst, unit in (
                (self.most_taps, row.most_taps, "taps"),
                (self.most_keys, row.most_keys, "keys"),
            )
            if most is not None and worst > most
        ]
        if self.most_scrolls is not None and row.scrolls > self.most_scrolls:
            misses.append(f"{row.scrolls} scrolls")
        return ", ".join(misses) or None


TARGETS = (
    # Issue 8 asked for 2 taps; a face in the gear's row enters the gear and the die at once.
    Target(
        "a plain move (gear and die) is 1 tap: the face in its gear's row", PLAIN_MOVE, most_taps=1
    ),
    Target(
        "a move with brakes or a corner fact is at most 4 taps, no keyboard",
        BRAKES_OR_CORNER,
        most_taps=4,
        most_keys=0,
    ),
    Target(
        "the order prompt is 1 tap when the proposal is right",
        ORDER_RIGHT,
        most_taps=1,
        every=PROPOSAL_RIGHT,
    ),
    Target(
        "correcting the order is a tap on the car and one on its place, then Enter",
        ORDER_CORRECTED,
        most_taps=3,
        most_keys=0,
        every=PROPOSAL_CORRECTED,
    ),
    Target("0 scrolls", TOTAL, most_scrolls=0),
)
