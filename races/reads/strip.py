"""A picture of the race for the top of the turn page and the big screen: every car in the order
of play (the dashboard's order), its lap and its state, drawn by the server as a small SVG
(templates/races/_strip.html) from the rule set's dashboard (engine.dashboard)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.utils.translation import gettext, ngettext, pgettext_lazy

from rules.engine import CarView

# Each car's box in the SVG's own units; the SVG scales to the page's width.
BOX_WIDTH = 46
BOX_GAP = 3
HEIGHT = 34
NAME_ROOM = 5  # characters of its name a box shows (a phone's width; the big screen shows
# the same cars as boxes of text, every name in full: templates/races/_screen_strip.html)
# Each box is filled with its car's colour (races/reads/colours.py, the CSS class sets it and its
# ink); its state is written in it (P for pitted, X for out, F for finished), and a pitted box
# is edged with a dashed line, an out one dimmed (static/css/turn.css).
MARKS = {"racing": "", "pitted": "P", "out": "X", "finished": "F"}
# Each state in words, for the picture's words a screen reader reads (`Strip.words`).
STATE_WORDS = {
    "racing": pgettext_lazy("a car in the race's picture", "racing"),
    "pitted": pgettext_lazy("a car in the race's picture", "pitted"),
    "out": pgettext_lazy("a car in the race's picture", "out"),
    "finished": pgettext_lazy("a car in the race's picture", "finished"),
}


@dataclass(frozen=True)
class StripCar:
    place: int  # in the order of play (the finished and the out after those racing)
    car: str
    state: str  # racing, pitted, out or finished
    laps: int | None
    colour: str = ""  # the class of its colour (races/reads/colours.py), "" if unknown

    @property
    def x(self) -> int:
        return (self.place - 1) * (BOX_WIDTH + BOX_GAP)

    @property
    def middle(self) -> int:
        return self.x + BOX_WIDTH // 2

    @property
    def mark(self) -> str:
        return MARKS[self.state]

    @property
    def label(self) -> str:
        """Its first line: its place and its name."""
        return f"{self.place} {self.name}"

    @property
    def name(self) -> str:
        """The car's name as its box has room for it (five characters): a short last word
        (a team's car number, "Rosso 2") is kept, so a team's cars stay apart ("Ros…2")."""
        if len(self.car) <= NAME_ROOM:
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
        """The car in words, in the reader's language ("2. Red: racing, 1 laps done": the
        English says "laps" of one as it always did)."""
        state = str(STATE_WORDS[self.state])
        if self.laps is None:
            return gettext("{place}. {car}: {state}").format(
                place=self.place, car=self.car, state=state
            )
        return ngettext(
            "{place}. {car}: {state}, {laps} laps done",
            "{place}. {car}: {state}, {laps} laps done",
            self.laps,
        ).format(place=self.place, car=self.car, state=state, laps=self.laps)


@dataclass(frozen=True)
class Strip:
    cars: tuple[StripCar, ...]

    @property
    def box_width(self) -> int:
        return BOX_WIDTH

    @property
    def width(self) -> int:
        return max(len(self.cars) * (BOX_WIDTH + BOX_GAP) - BOX_GAP, BOX_WIDTH)

    @property
    def height(self) -> int:
        return HEIGHT

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
    class of each car's, races/reads/colours.py)."""
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
