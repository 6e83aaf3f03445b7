"""The standings-progression chart's data: points after each round, a line per driver or team,
sized for a phone and readable in print: each line has its team's colour
(league/models/team_colours.py, a palette told apart by colour-blind readers; a line given none,
one of the chart's own) and its own dash pattern (told apart on a black-and-white printer), and a
legend names them with their points. templates/league/_progression.html draws it as SVG on the
server (no JavaScript), as templates/races/_strip.html draws the race strip.

`progression` is plain Python on plain values (no Django): every place and size the drawing
needs, worked out here so that the template only writes them down; `season_charts` feeds it a
season's standings."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate

from django.utils.translation import gettext

from rules.championship import Championship

from ..models import Team
from ..models.team_colours import colour_of
from .standings import SeasonStandings, StandingLine

# How many of the table's leaders get a line: more is a tangle on a phone.
TOP_LINES = 6
# Okabe and Ito's palette, which colour-blind readers tell apart; then dashes for paper.
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 2 1 2")
# The drawing's own units: as wide as a phone's page, so 12 units of text read as 12 px there.
WIDTH = 360
PLOT_HEIGHT = 200
LEFT, RIGHT, TOP, BOTTOM = 36, 12, 10, 24
LEGEND_LINE = 18


@dataclass(frozen=True)
class ChartLine:
    label: str
    by_round: tuple[int | None, ...]  # points scored in each round shown (None: did not start)
    # The points counted after each round, where they are not the sum so far (points
    # adjustments, drop rounds: SeasonStandings.running_totals).
    counted: tuple[int, ...] | None = None
    colour: str = ""  # its team's colour (#rrggbb), else one of the chart's own by its order

    @property
    def totals(self) -> tuple[int, ...]:
        """Points after each round."""
        if self.counted is not None:
            return self.counted
        return tuple(accumulate(points or 0 for points in self.by_round))


def nice_step(most: int, ticks: int = 4) -> int:
    """A step of 1, 2 or 5 times a power of ten giving at most `ticks` steps up to `most`."""
    step = 1
    while True:
        for factor in (1, 2, 5):
            if step * factor * ticks >= most:
                return step * factor
        step *= 10


@dataclass(frozen=True)
class Gridline:
    """A value up the side: its line across the plot, and its label left of it."""

    value: int
    y: float
    label_y: float


@dataclass(frozen=True)
class RoundMark:
    """A round along the bottom, under its column of dots."""

    number: int
    x: float


@dataclass(frozen=True)
class Dot:
    """A line's total after a round, with the round's number for its tooltip."""

    x: float
    y: float
    total: int
    round_number: int


@dataclass(frozen=True)
class DrawnLine:
    """A line as drawn: its colour and dashes, a dot per round, and its legend's line."""

    label: str
    colour: str
    dash: str  # its stroke-dasharray; "": solid
    dots: tuple[Dot, ...]
    key_y: int  # its legend's sample line, a little above the legend's text
    text_y: int
    final: int  # its points after the last round shown

    @property
    def unit(self) -> str:
        return "pt" if abs(self.final) == 1 else "pts"


@dataclass(frozen=True)
class Progression:
    """The chart of some lines over some rounds, every place in the drawing's own units."""

    title: str
    description: str  # the chart in words, for a screen reader
    width: int
    height: int
    left: int  # where the plot starts: the value labels are left of it
    right: int
    value_x: int  # where the value labels end
    round_y: int  # the rounds' labels, under the plot
    key_end: int  # the legend's sample lines run from `left` to here, then its text
    key_text_x: int
    gridlines: tuple[Gridline, ...]
    rounds: tuple[RoundMark, ...]
    lines: tuple[DrawnLine, ...]


def progression(title: str, rounds: Sequence[int], lines: Sequence[ChartLine]) -> Progression:
    """The chart of `lines` over `rounds` (the round numbers shown, in order): a polyline per
    line, a dot per round with its total as a tooltip, the rounds along the bottom, the points
    up the side, and a legend a line per line. Places are rounded to a tenth of a unit."""
    # The most after any round: a penalty may take a line down after its best.
    most = max((max(line.totals) for line in lines if line.totals), default=0)
    step = nice_step(max(most, 1))
    top_value = step * -(-max(most, 1) // step)
    plot_width = WIDTH - LEFT - RIGHT

    def x(index: int) -> float:
        return round(LEFT + (plot_width * (index + 0.5) / len(rounds) if rounds else 0), 1)

    def y(points: int, below: int = 0) -> float:
        # A total below 0 (a penalty before any points) is drawn on the axis, its tooltip says.
        return round(TOP + PLOT_HEIGHT * (1 - max(points, 0) / top_value) + below, 1)

    drawn = []
    for order, line in enumerate(lines):
        colour = line.colour or COLOURS[order % len(COLOURS)]
        legend_y = TOP + PLOT_HEIGHT + BOTTOM + LEGEND_LINE * order + 12
        drawn.append(
            DrawnLine(
                label=line.label,
                # Black is drawn in the text's colour, so it shows on the dark theme too.
                colour="currentColor" if colour == "#000000" else colour,
                dash=DASHES[order % len(DASHES)],
                dots=tuple(
                    Dot(x(index), y(total), total, rounds[index])
                    for index, total in enumerate(line.totals)
                ),
                key_y=legend_y - 4,
                text_y=legend_y,
                final=line.totals[-1] if line.totals else 0,
            )
        )
    return Progression(
        title=title,
        description=_description(rounds, lines),
        width=WIDTH,
        height=TOP + PLOT_HEIGHT + BOTTOM + LEGEND_LINE * len(lines) + 6,
        left=LEFT,
        right=WIDTH - RIGHT,
        value_x=LEFT - 4,
        round_y=TOP + PLOT_HEIGHT + 16,
        key_end=LEFT + 24,
        key_text_x=LEFT + 30,
        gridlines=tuple(
            Gridline(value, y(value), y(value, below=4)) for value in range(0, top_value + 1, step)
        ),
        rounds=tuple(RoundMark(number, x(index)) for index, number in enumerate(rounds)),
        lines=tuple(drawn),
    )


def _description(rounds: Sequence[int], lines: Sequence[ChartLine]) -> str:
    """The chart in words, for a screen reader: each line's total after the last round shown."""
    if not rounds:
        return gettext("No round has been raced yet.")
    totals = "; ".join(f"{line.label} {line.totals[-1] if line.totals else 0}" for line in lines)
    return gettext("Points after each round to round {round}: {totals}.").format(
        round=rounds[-1], totals=totals
    )


@dataclass(frozen=True)
class SeasonCharts:
    drivers: Progression
    teams: Progression


def _team_hex(line: StandingLine) -> str:
    """A driver's or team's line in its team's colour (teammates told apart by their dashes)."""
    competitor = line.competitor
    team = competitor if isinstance(competitor, Team) else competitor.team
    return colour_of(team.colour).hex


def season_charts(
    standings: SeasonStandings, raced: Sequence[int], rules: Championship
) -> SeasonCharts | None:
    """The season's two charts, its leaders' lines over the rounds `raced` (finished, in
    order); None before the first result."""
    if not raced:
        return None
    columns = [standings.rounds.index(number) for number in raced]

    def chart(title: str, lines: Sequence[StandingLine]) -> Progression:
        chart_lines = [
            ChartLine(
                line.competitor.name,
                tuple(line.by_round[column] for column in columns),
                standings.running_totals(line, columns),
                colour=_team_hex(line),
            )
            for line in lines[:TOP_LINES]
        ]
        return progression(title, raced, chart_lines)

    return SeasonCharts(
        drivers=chart(gettext("Drivers' points after each round"), standings.drivers),
        teams=chart(
            gettext("{teams}' points after each round").format(teams=rules.said_teams_title),
            standings.teams,
        ),
    )
