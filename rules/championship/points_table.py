"""Points tables: what each place scores, as data a league shows and its organiser may edit
before its season's first result (each rule set declares its presets, `points_presets`); and a
team race's result, its teams scoring their cars' places on a table of its own."""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Generic

from rules.championship.ranking import Key, ordinal
from rules.language import gettext as _
from rules.language import gettext_noop as N_
from rules.language import ngettext, ngettext_noop

# The league setting that holds its points table, as text (PointsTable.parse).
POINTS_TABLE = "points_table"
# What a typed table may hold: places enough for any field, points enough for any table.
MOST_PLACES = 20
MOST_POINTS_A_PLACE = 1000

_POINTS = re.compile(r"\d+(?:\s*[-–,\s]\s*\d+)*")
_FIELD_SIZE = re.compile(r"(\d+)(?:\s*cars?)?", re.IGNORECASE)


class InvalidPlace(ValueError):
    """A finishing place or field size that cannot happen in the race."""


class InvalidPointsTable(ValueError):
    """A points table that is not whole points by place, falling from first place down."""


@dataclass(frozen=True)
class PointsRow:
    """Points for 1st, 2nd, ... in a race of `cars` cars (None: a race of any size); places
    past the last one listed score nothing."""

    cars: int | None
    points: tuple[int, ...]

    def __str__(self) -> str:
        points = "-".join(str(points) for points in self.points)
        return points if self.cars is None else f"{self.cars} cars: {points}"


def _refused(
    row: PointsRow, *, in_a_row: tuple[str, str], alone: str = "", **values: object
) -> InvalidPointsTable:
    """Why `row` is refused, in a whole sentence filled with `values`: `alone` for a table's one
    row (for races of any size), else `in_a_row`, a sentence and its plural by the row's field
    size."""
    if row.cars is None:
        return InvalidPointsTable(_(alone).format(**values))
    singular, plural = in_a_row
    return InvalidPointsTable(ngettext(singular, plural, row.cars).format(cars=row.cars, **values))


@dataclass(frozen=True)
class PointsTable:
    """What each finishing place scores: one row for a race of any size, or a row per field size
    as Season Pass's Scoring Table prints them. Its text is how a league stores it and how its
    organiser edits it: "10-8-6-5-4-3-2-1-0-0", or "4 cars: 100-60-30-5; 6 cars: ..."."""

    rows: tuple[PointsRow, ...]

    @classmethod
    def of(cls, *points: int) -> PointsTable:
        """One row for a race of any size: `PointsTable.of(10, 8, 6, 5, 4, 3, 2, 1, 0, 0)`."""
        return cls((PointsRow(None, tuple(points)),))

    @classmethod
    def by_field_size(cls, rows: Mapping[int, Sequence[int]]) -> PointsTable:
        """A row per field size, as printed: `{4: (100, 60, 30, 5), 6: (...)}`."""
        return cls(tuple(PointsRow(cars, tuple(points)) for cars, points in sorted(rows.items())))

    @classmethod
    def parse(cls, text: str) -> PointsTable:
        """The table written as text: rows apart by ";" or new lines, points apart by "-", ","
        or spaces, a row for a field size starting "6 cars:"."""
        rows = []
        for line in re.split(r"[;\n]", text):
            line = line.strip()
            if not line:
                continue
            size, colon, points = line.rpartition(":")
            cars = None
            if colon:
                field_size = _FIELD_SIZE.fullmatch(size.strip())
                if field_size is None:
                    raise InvalidPointsTable(
                        _(
                            "{strip!r} is not a field size: write a row for one as '6 cars: "
                            "100-75-55-35-20-5'."
                        ).format(strip=size.strip())
                    )
                cars = int(field_size.group(1))
            if not _POINTS.fullmatch(points.strip()):
                raise InvalidPointsTable(
                    _(
                        "{strip!r} is not points by place: write whole numbers from 1st place "
                        "down, e.g. 10-8-6-5-4-3-2-1."
                    ).format(strip=points.strip())
                )
            rows.append(PointsRow(cars, tuple(int(p) for p in re.findall(r"\d+", points))))
        return cls(tuple(sorted(rows, key=lambda row: row.cars or 0)))

    def __post_init__(self) -> None:
        if not self.rows:
            raise InvalidPointsTable(
                _("A points table needs the points for 1st place at least, e.g. 10-8-6.")
            )
        if len(self.rows) > 1 and any(row.cars is None for row in self.rows):
            raise InvalidPointsTable(
                _(
                    "Give every row its field size ('6 cars: 100-75-55-35-20-5'), or write one row "
                    "for races of any size."
                )
            )
        sizes = [row.cars for row in self.rows]
        for row in self.rows:
            self._check_row(row, sizes)

    @staticmethod
    def _check_row(row: PointsRow, sizes: Sequence[int | None]) -> None:
        if row.cars is not None:
            if not 1 <= row.cars <= MOST_PLACES:
                raise InvalidPointsTable(
                    _("A row is for 1 to {most_places} cars, not {cars}.").format(
                        most_places=MOST_PLACES, cars=row.cars
                    )
                )
            if sizes.count(row.cars) > 1:
                raise InvalidPointsTable(
                    _("There are two rows for {cars} cars.").format(cars=row.cars)
                )
            if len(row.points) > row.cars:
                raise _refused(
                    row,
                    in_a_row=ngettext_noop(
                        "In the row for {cars} car: {count} places score, but a race of {cars} "
                        "car has {cars}.",
                        "In the row for {cars} cars: {count} places score, but a race of {cars} "
                        "cars has {cars}.",
                    ),
                    count=len(row.points),
                )
        if not row.points:
            raise _refused(
                row,
                alone=N_("1st place needs its points."),
                in_a_row=ngettext_noop(
                    "In the row for {cars} car: 1st place needs its points.",
                    "In the row for {cars} cars: 1st place needs its points.",
                ),
            )
        if len(row.points) > MOST_PLACES:
            raise _refused(
                row,
                alone=N_("A table scores at most {most_places} places, not {count}."),
                in_a_row=ngettext_noop(
                    "In the row for {cars} car: a table scores at most {most_places} places, "
                    "not {count}.",
                    "In the row for {cars} cars: a table scores at most {most_places} places, "
                    "not {count}.",
                ),
                most_places=MOST_PLACES,
                count=len(row.points),
            )
        for place, points in enumerate(row.points, start=1):
            if points > MOST_POINTS_A_PLACE:
                raise _refused(
                    row,
                    alone=N_("A place scores at most {most_points_a_place} points, not {points}."),
                    in_a_row=ngettext_noop(
                        "In the row for {cars} car: a place scores at most "
                        "{most_points_a_place} points, not {points}.",
                        "In the row for {cars} cars: a place scores at most "
                        "{most_points_a_place} points, not {points}.",
                    ),
                    most_points_a_place=MOST_POINTS_A_PLACE,
                    points=points,
                )
            if place > 1 and points > row.points[place - 2]:
                raise _refused(
                    row,
                    alone=N_(
                        "{place} scores {points}, more than {place2}'s {points2}: no place "
                        "scores more than the one ahead of it."
                    ),
                    in_a_row=ngettext_noop(
                        "In the row for {cars} car: {place} scores {points}, more than "
                        "{place2}'s {points2}: no place scores more than the one ahead of it.",
                        "In the row for {cars} cars: {place} scores {points}, more than "
                        "{place2}'s {points2}: no place scores more than the one ahead of it.",
                    ),
                    place=ordinal(place),
                    points=points,
                    place2=ordinal(place - 1),
                    points2=row.points[place - 2],
                )

    def __str__(self) -> str:
        return "; ".join(str(row) for row in self.rows)

    @property
    def places(self) -> tuple[str, ...]:
        """1st, 2nd, ... as far as the longest row scores: a page's header for the rows."""
        longest = max(len(row.points) for row in self.rows)
        return tuple(ordinal(place) for place in range(1, longest + 1))

    def row_for(self, field_size: int, *, smaller: bool = False) -> PointsRow:
        """The row that scores a race of `field_size` cars: its own, else the next larger
        (`smaller`: the next smaller) there is, else the one nearest it."""
        if field_size < 1:
            raise InvalidPlace(
                _("A race needs at least one car, not {field_size}.").format(field_size=field_size)
            )
        if len(self.rows) == 1:
            return self.rows[0]
        # A table of several rows gives each its field size (__post_init__).
        if smaller:
            return next(
                (row for row in reversed(self.rows) if (row.cars or 0) <= field_size),
                self.rows[0],
            )
        return next((row for row in self.rows if (row.cars or 0) >= field_size), self.rows[-1])

    def points(self, place: int, field_size: int, *, smaller_row: bool = False) -> int:
        """What finishing `place` of `field_size` cars scores."""
        if not 1 <= place <= field_size:
            raise InvalidPlace(
                _("Place {place} is not a place in a race of {field_size} cars.").format(
                    place=place, field_size=field_size
                )
            )
        row = self.row_for(field_size, smaller=smaller_row).points
        return row[place - 1] if place <= len(row) else 0


@dataclass(frozen=True)
class TeamRace(Generic[Key]):
    """A team race's result: each team's points, highest first, and the team(s) with the most,
    who win it (level totals share the win)."""

    totals: tuple[tuple[Key, int], ...]
    winners: tuple[Key, ...]


def team_race(
    table: PointsTable,
    places: Mapping[Key, Sequence[int]],
    *,
    field_size: int,
    multiplier: int = 1,
) -> TeamRace[Key]:
    """The team race of a round whose cars finished in `places` (by team) of `field_size`: each
    team scores its cars' places on the team race's `table` (times the round's `multiplier`)."""
    totals = {
        team: sum(table.points(place, field_size) for place in team_places) * multiplier
        for team, team_places in places.items()
    }
    ranked = tuple(sorted(totals.items(), key=lambda item: -item[1]))
    return TeamRace(ranked, most_points(dict(ranked)))


def most_points(totals: Mapping[Key, int]) -> tuple[Key, ...]:
    """Whoever of `totals` has the most points: more than one when level."""
    best = max(totals.values(), default=0)
    return tuple(key for key, points in totals.items() if points == best)


@functools.lru_cache(maxsize=256)
def parsed_table(text: str) -> PointsTable:
    """A league's stored table, parsed once however many places are scored by it (a table is
    frozen, so the same one can be handed out again)."""
    return PointsTable.parse(text)
