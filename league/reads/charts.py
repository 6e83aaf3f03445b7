"""The standings-progression chart: points after each round, a line per driver or team, drawn
as SVG on the server (no JavaScript), sized for a phone and readable in print: each line has
its team's colour (league/models/team_colours.py, a palette told apart by colour-blind readers; a
line given none, one of the chart's own) and its own dash pattern (told
apart on a black-and-white printer), and a legend names them with their points.

`progression_svg` is plain Python on plain values (no Django); `season_charts` feeds it a
season's standings."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate
from xml.sax.saxutils import escape, quoteattr

from django.utils.safestring import SafeString, mark_safe

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


def progression_svg(title: str, rounds: Sequence[int], lines: Sequence[ChartLine]) -> str:
    """The chart of `lines` over `rounds` (the round numbers shown, in order): a polyline per
    line, a dot per round with its total as a tooltip, the rounds along the bottom, the points
    up the side, and a legend a line per line."""
    # The most after any round: a penalty may take a line down after its best.
    most = max((max(line.totals) for line in lines if line.totals), default=0)
    step = nice_step(max(most, 1))
    top_value = step * -(-max(most, 1) // step)
    plot_width = WIDTH - LEFT - RIGHT
    height = TOP + PLOT_HEIGHT + BOTTOM + LEGEND_LINE * len(lines) + 6

    def x(index: int) -> float:
        return LEFT + (plot_width * (index + 0.5) / len(rounds) if rounds else 0)

    def y(points: int) -> float:
        # A total below 0 (a penalty before any points) is drawn on the axis, its tooltip says.
        return TOP + PLOT_HEIGHT * (1 - max(points, 0) / top_value)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="progression-chart" role="img" '
        f'viewBox="0 0 {WIDTH} {height}" width="100%" '
        f'font-family="system-ui, sans-serif" font-size="11" fill="currentColor">',
        f"<title>{escape(title)}</title>",
        f"<desc>{escape(_description(rounds, lines))}</desc>",
    ]
    for value in range(0, top_value + 1, step):
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(value):.1f}" y2="{y(value):.1f}" '
            f'stroke="#ccc" stroke-width="0.5"/>'
            f'<text x="{LEFT - 4}" y="{y(value) + 4:.1f}" text-anchor="end">{value}</text>'
        )
    for index, number in enumerate(rounds):
        parts.append(
            f'<text x="{x(index):.1f}" y="{TOP + PLOT_HEIGHT + 16}" '
            f'text-anchor="middle">R{number}</text>'
        )
    for order, line in enumerate(lines):
        colour = line.colour or COLOURS[order % len(COLOURS)]
        # Black is drawn in the text's colour, so it shows on the dark theme too.
        colour = "currentColor" if colour == "#000000" else colour
        dash = DASHES[order % len(DASHES)]
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        points = " ".join(
            f"{x(index):.1f},{y(total):.1f}" for index, total in enumerate(line.totals)
        )
        parts.append(
            f'<g class="chart-line" data-label={quoteattr(line.label)}>'
            f'<polyline fill="none" stroke="{colour}" stroke-width="2"{dashes} '
            f'points="{points}"/>'
        )
        for index, total in enumerate(line.totals):
            parts.append(
                f'<circle cx="{x(index):.1f}" cy="{y(total):.1f}" r="2.5" fill="{colour}">'
                f"<title>{escape(line.label)} after R{rounds[index]}: {total}</title></circle>"
            )
        parts.append("</g>")
        legend_y = TOP + PLOT_HEIGHT + BOTTOM + LEGEND_LINE * order + 12
        final = line.totals[-1] if line.totals else 0
        parts.append(
            f'<line x1="{LEFT}" x2="{LEFT + 24}" y1="{legend_y - 4}" y2="{legend_y - 4}" '
            f'stroke="{colour}" stroke-width="2"{dashes}/>'
            f'<text x="{LEFT + 30}" y="{legend_y}">{escape(line.label)} · {final} '
            f"{'pt' if abs(final) == 1 else 'pts'}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def _description(rounds: Sequence[int], lines: Sequence[ChartLine]) -> str:
    """The chart in words, for a screen reader: each line's total after the last round shown."""
    if not rounds:
        return "No round has been raced yet."
    totals = "; ".join(f"{line.label} {line.totals[-1] if line.totals else 0}" for line in lines)
    return f"Points after each round to round {rounds[-1]}: {totals}."


@dataclass(frozen=True)
class SeasonCharts:
    drivers: SafeString
    teams: SafeString


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

    def chart(title: str, lines: Sequence[StandingLine]) -> SafeString:
        chart_lines = [
            ChartLine(
                line.competitor.name,
                tuple(line.by_round[column] for column in columns),
                standings.running_totals(line, columns),
                colour=_team_hex(line),
            )
            for line in lines[:TOP_LINES]
        ]
        # Built from escaped text and numbers only.
        return mark_safe(progression_svg(title, raced, chart_lines))  # noqa: S308

    return SeasonCharts(
        drivers=chart("Drivers' points after each round", standings.drivers),
        teams=chart(f"{rules.teams_title}' points after each round", standings.teams),
    )
