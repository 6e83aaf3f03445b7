"""A picture of the race for the top of the turn page and the big screen: every car in the order
of play (the dashboard's order), its lap and its state, drawn by the server as a small SVG
(templates/races/_strip.html) from the rule set's dashboard (engine.dashboard)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from rules.engine import CarView

# Each car's box in the SVG's own units; the SVG scales to the page's width.
BOX_WIDTH = 46
BOX_GAP = 3
HEIGHT = 34
NAME_ROOM = 5  # characters of its name a box shows on the turn page (a phone's width)
# In full (the big screen): room for each character of "3 Silver Arrow" at the strip's bold
# 10-unit type (its widest letters; a browser test measures the text against its box), and the
# strip at least this wide, so that few cars are not drawn as tall as the screen.
CHAR_ROOM = 7
TEXT_PAD = 8
FULL_MIN_WIDTH = 600
# Each box is filled with its car's colour (races/colours.py, the CSS class sets it and its
# ink); its state is written in it (P for pitted, X for out, F for finished), and a pitted box
# is edged with a dashed line, an out one dimmed (static/css/turn.css).
MARKS = {"racing": "", "pitted": "P", "out": "X", "finished": "F"}


@dataclass(frozen=True)
class StripCar:
    place: int  # in the order of play (the finished and the out after those racing)
    car: str
    state: str  # racing, pitted, out or finished
    laps: int | None
    colour: str = ""  # the class of its colour (races/colours.py), "" if unknown
    box: int = BOX_WIDTH  # its box's width
    full: bool = False  # its name in full (the big screen), not cut to NAME_ROOM

    @property
    def x(self) -> int:
        return (self.place - 1) * (self.box + BOX_GAP)

    @property
    def middle(self) -> int:
        return self.x + self.box // 2

    @property
    def mark(self) -> str:
        return MARKS[self.state]

    @property
    def label(self) -> str:
        """Its first line: its place and its name."""
        return f"{self.place} {self.name}"

    @property
    def name(self) -> str:
        """The car's name as its box has room for it (five characters, unless in full): a
        short last word (a team's car number, "Rosso 2") is kept, so a team's cars stay apart
        ("Ros…2")."""
        if self.full or len(self.car) <= NAME_ROOM:
            return self.car
        *first, last = self.car.split()
        if first and len(last) <= 2:
            return f"{self.car[: NAME_ROOM - 1 - len(last)].rstrip()}…{last}"
        return f"{self.car[: NAME_ROOM - 1]}…"

    @property
    def lap_text(self) -> str:
        """Its second line: its lap (laps done), and P, X or F for pitted, out or finished."""
        lap = "" if self.laps is None else f"L{self.laps}"
        return f"{lap} {self.mark}".strip()

    @property
    def words(self) -> str:
        lap = "" if self.laps is None else f", {self.laps} laps done"
        return f"{self.place}. {self.car}: {self.state}{lap}"


@dataclass(frozen=True)
class Strip:
    cars: tuple[StripCar, ...]

    @property
    def box_width(self) -> int:
        return self.cars[0].box if self.cars else BOX_WIDTH

    @property
    def width(self) -> int:
        return max(len(self.cars) * (self.box_width + BOX_GAP) - BOX_GAP, self.box_width)

    @property
    def height(self) -> int:
        return HEIGHT

    def in_full(self) -> Strip:
        """The strip with every name in full (the big screen, as wide as the room's screen):
        its boxes as wide as the longest needs, the strip FULL_MIN_WIDTH wide at least."""
        if not self.cars:
            return self
        count = len(self.cars)
        needed = max(len(replace(car, full=True).label) for car in self.cars)
        box = max(
            BOX_WIDTH,
            needed * CHAR_ROOM + TEXT_PAD,
            -(-(FULL_MIN_WIDTH + BOX_GAP) // count) - BOX_GAP,  # rounded up
        )
        return Strip(tuple(replace(car, box=box, full=True) for car in self.cars))

    @property
    def words(self) -> str:
        """The picture in words, for a screen reader."""
        return "; ".join(car.words for car in self.cars)


def _state(view: CarView) -> str:
    if view.status in ("out", "finished"):
        return view.status
    return "pitted" if view.pitted else "racing"


def strip_of(views: Iterable[CarView], colours: Mapping[str, str] | None = None) -> Strip:
    """The strip of the cars `views` shows, each marked with its team's colour (`colours`: the
    class of each car's, races/colours.py)."""
    colours = colours or {}
    return Strip(
        tuple(
            StripCar(
                place=place,
                car=view.car,
                state=_state(view),
                laps=view.laps,
                colour=colours.get(view.car, ""),
            )
            for place, view in enumerate(views, start=1)
        )
    )
