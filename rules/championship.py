"""Championships: how a league of a rule set is run, and results to standings.

- The championship hooks: each rule set's package subclasses `Championship` (its settings, its
  season's shape, its points, its ways out, its drivers' careers) and registers it;
  `championship_for(name)` finds it, `rule_sets()` lists those a league may pick.
- Points tables: what each place scores, as data a league shows and its organiser may edit
  before its season's first result; each rule set declares its presets (`points_presets`).
- Standings: totals per round and the tie-break between equal totals. Season Pass prints no
  tie-break; Paddock breaks ties by countback (most wins, then most second places, and so on),
  then shares the place (docs/rulings.md, "Equal points in the standings"), and says in words
  why each tie went the way it did (`tie_reasons`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from rules.packages import import_rule_set


@dataclass(frozen=True)
class StandingRow:
    key: Hashable
    position: int
    points: int
    by_round: tuple[int | None, ...]


def countback_key(places: Sequence[int], worst_place: int) -> tuple[int, ...]:
    """How many 1st places, 2nd places, ... down to `worst_place`, for comparing ties."""
    return tuple(list(places).count(place) for place in range(1, worst_place + 1))


def _countback_order(places: Sequence[int]) -> tuple[int, ...]:
    """A key that orders as countback_key does, higher first, without a count for every place
    down to the worst (10,000 drivers made that 10,000 counts each): the places best first,
    negated. Where two lists first differ, the one with the better place has more of it; where
    one ends first, the other has one more of a place and no fewer of any better one."""
    return tuple(-place for place in sorted(places))


def standings(
    points_by_round: Mapping[Hashable, Sequence[int | None]],
    places: Mapping[Hashable, Sequence[int]],
) -> tuple[StandingRow, ...]:
    """Rank competitors by total points, ties broken by countback of `places`, else shared.

    `points_by_round[key]` has one item per round (None where the competitor did not start);
    `places[key]` lists every place it finished in.
    """
    totals = {key: sum(points or 0 for points in row) for key, row in points_by_round.items()}
    rank = {key: (totals[key], _countback_order(places.get(key, ()))) for key in points_by_round}
    ordered = sorted(points_by_round, key=rank.__getitem__, reverse=True)
    rows: list[StandingRow] = []
    for index, key in enumerate(ordered):
        shared = index > 0 and rank[key] == rank[ordered[index - 1]]
        rows.append(
            StandingRow(
                key=key,
                position=rows[-1].position if shared else index + 1,
                points=totals[key],
                by_round=tuple(points_by_round[key]),
            )
        )
    return tuple(rows)


ORDINAL_WORDS = (
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"
)  # fmt: skip


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th... 11th, 12th, 13th, 21st."""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}" + {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")


def _places_of(place: int, count: int) -> str:
    """ "2 wins", "1 second place", "3 11th places"."""
    if place == 1:
        noun = "win"
    else:
        noun = ORDINAL_WORDS[place - 1] if place <= len(ORDINAL_WORDS) else ordinal(place)
        noun += " place"
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _level_on(place: int) -> str:
    """The places two competitors are level on before `place` decides, in words."""
    if place == 2:
        return "level on wins, "
    if place == 3:
        return "level on wins and second places, "
    return f"level on wins and every place down to {ordinal(place - 1)}, "


def countback_reason(
    first: str,
    first_places: Sequence[int],
    second: str,
    second_places: Sequence[int],
    *,
    position: int,
) -> str:
    """Why one of two competitors level on points stands above the other, in words: the first
    place of which one has more ("Jane ahead of Mario on countback: 2 wins to 1"); or, level on
    every place too, that they share `position` (docs/rulings.md, "Equal points in the
    standings")."""
    worst_place = max([*first_places, *second_places], default=0)
    counts = zip(
        countback_key(first_places, worst_place),
        countback_key(second_places, worst_place),
        strict=True,
    )
    for place, (first_count, second_count) in enumerate(counts, start=1):
        if first_count == second_count:
            continue
        (ahead, more), (behind, fewer) = sorted(
            ((first, first_count), (second, second_count)), key=lambda pair: -pair[1]
        )
        level = _level_on(place) if place > 1 else ""
        return (
            f"{ahead} ahead of {behind} on countback: "
            f"{level}{_places_of(place, more)} to {fewer or 'none'}"
        )
    return f"{first} and {second} share {ordinal(position)}: level on points and every place"


def tie_reasons(
    rows: Sequence[StandingRow],
    places: Mapping[Hashable, Sequence[int]],
    names: Mapping[Hashable, str],
) -> tuple[str, ...]:
    """Why each two neighbours in the standings (`standings`) that are level on points stand as
    they do, from the top. Two that have not raced yet are level on nothing worth saying."""
    reasons = []
    for upper, lower in zip(rows, rows[1:], strict=False):
        upper_places, lower_places = places.get(upper.key, ()), places.get(lower.key, ())
        if upper.points != lower.points or not (upper_places or lower_places):
            continue
        reasons.append(
            countback_reason(
                names[upper.key],
                upper_places,
                names[lower.key],
                lower_places,
                position=upper.position,
            )
        )
    return tuple(reasons)


# --- Who can still be champion ---------------------------------------------------------------


@dataclass(frozen=True)
class RoundLeft:
    """A round of the season still to be raced: what its points are multiplied by, its format,
    and the table its teams score by where it is a team race (Championship.team_race_points)."""

    multiplier: int = 1
    race_format: str = ""
    team_table: PointsTable | None = None


def most_points_left(
    rules: Championship,
    settings: Mapping[str, object],
    rounds_left: Sequence[RoundLeft],
    *,
    field_size: int,
    cars: int = 1,
    teams: bool = False,
) -> int:
    """The most points a competitor of `cars` cars (a driver: 1; a team: its cars, with
    `teams`) can still score in `rounds_left`, each a race of `field_size` cars: its cars
    first, second, ... in every one, by the league's table (a team in a team race: the team
    race's) and each round's multiplier, with the most bonus points one car can take besides
    (docs/rulings.md, "Who can still be champion")."""
    if field_size < 1:
        return 0

    def best(round_: RoundLeft) -> int:
        places = range(1, min(cars, field_size) + 1)
        if teams and round_.team_table is not None:
            return sum(round_.team_table.points(place, field_size) for place in places) * (
                round_.multiplier
            )
        return sum(
            rules.points_for(place, field_size, round_.multiplier, settings) for place in places
        ) + rules.most_bonus_points(round_.race_format)

    return sum(best(round_) for round_ in rounds_left)


@dataclass(frozen=True)
class Contender:
    key: Hashable
    points: int
    behind: int  # points behind the leader


@dataclass(frozen=True)
class TitleRace:
    """Who can still be champion with `points_left` to race for: the leader first, then every
    competitor who could still reach the leader's points (level leaves it to countback)."""

    points_left: int
    contenders: tuple[Contender, ...]
    out_of_it: int  # competitors who can no longer reach the leader

    @property
    def decided(self) -> bool:
        """The leader is champion whatever the rounds left bring."""
        return len(self.contenders) == 1

    def sentences(self, names: Mapping[Hashable, str], *, most: int = 6) -> tuple[str, ...]:
        """The title race in words, the leader and the first `most` contenders by name."""
        if not self.contenders:
            return ()
        leader, *chasers = self.contenders
        name = names[leader.key]
        left = f"{self.points_left} point{'' if self.points_left == 1 else 's'}"
        if not chasers:
            return (f"{name} is champion: no one can reach {leader.points} points with {left} "
                    "left to race for.",)  # fmt: skip
        lines = [f"{name} leads with {leader.points} points; {left} are left to race for."]
        for chaser in chasers[:most]:
            if chaser.behind == 0:
                lines.append(
                    f"{names[chaser.key]} is level on points with {name}, behind on countback: "
                    f"must outscore {name} to take the title, or match {name} and win the "
                    "countback."
                )
                continue
            lines.append(
                f"{names[chaser.key]} can still be champion, {chaser.behind} behind: must "
                f"outscore {name} by {chaser.behind + 1} over the rounds left (by "
                f"{chaser.behind} to draw level, and countback decides)."
            )
        if len(chasers) > most:
            lines.append(f"{len(chasers) - most} more can still be champion.")
        if self.out_of_it:
            lines.append(
                f"{self.out_of_it} other{'' if self.out_of_it == 1 else 's'} can no longer "
                f"reach {leader.points} points."
            )
        return tuple(lines)


def title_race(rows: Sequence[StandingRow], points_left: int) -> TitleRace:
    """Who of `rows` (standings, leader first) can still be champion when each can score at
    most `points_left` more: those whose points and `points_left` reach the leader's."""
    if not rows:
        return TitleRace(points_left, (), 0)
    leader = rows[0]
    contenders = [Contender(leader.key, leader.points, 0)]
    for row in rows[1:]:
        # The standings are by points, most first: past the first who cannot reach the
        # leader, no one can.
        if row.points + points_left < leader.points:
            break
        contenders.append(Contender(row.key, row.points, leader.points - row.points))
    return TitleRace(points_left, tuple(contenders), len(rows) - len(contenders))


# --- Points tables -----------------------------------------------------------------------------

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
                        f"{size.strip()!r} is not a field size: write a row for one as "
                        "'6 cars: 100-75-55-35-20-5'."
                    )
                cars = int(field_size.group(1))
            if not _POINTS.fullmatch(points.strip()):
                raise InvalidPointsTable(
                    f"{points.strip()!r} is not points by place: write whole numbers from 1st "
                    "place down, e.g. 10-8-6-5-4-3-2-1."
                )
            rows.append(PointsRow(cars, tuple(int(p) for p in re.findall(r"\d+", points))))
        return cls(tuple(sorted(rows, key=lambda row: row.cars or 0)))

    def __post_init__(self) -> None:
        if not self.rows:
            raise InvalidPointsTable(
                "A points table needs the points for 1st place at least, e.g. 10-8-6."
            )
        if len(self.rows) > 1 and any(row.cars is None for row in self.rows):
            raise InvalidPointsTable(
                "Give every row its field size ('6 cars: 100-75-55-35-20-5'), or write one "
                "row for races of any size."
            )
        sizes = [row.cars for row in self.rows]
        for row in self.rows:
            self._check_row(row, sizes)

    @staticmethod
    def _check_row(row: PointsRow, sizes: Sequence[int | None]) -> None:
        where = "" if row.cars is None else f"In the row for {row.cars} cars: "
        if row.cars is not None:
            if not 1 <= row.cars <= MOST_PLACES:
                raise InvalidPointsTable(f"A row is for 1 to {MOST_PLACES} cars, not {row.cars}.")
            if sizes.count(row.cars) > 1:
                raise InvalidPointsTable(f"There are two rows for {row.cars} cars.")
            if len(row.points) > row.cars:
                raise InvalidPointsTable(
                    f"{where}{len(row.points)} places score, but a race of {row.cars} cars "
                    f"has {row.cars}."
                )
        if not row.points:
            raise InvalidPointsTable(f"{where}1st place needs its points.")
        if len(row.points) > MOST_PLACES:
            raise InvalidPointsTable(
                f"{where}a table scores at most {MOST_PLACES} places, not {len(row.points)}."
            )
        for place, points in enumerate(row.points, start=1):
            if points > MOST_POINTS_A_PLACE:
                raise InvalidPointsTable(
                    f"{where}a place scores at most {MOST_POINTS_A_PLACE} points, not {points}."
                )
            if place > 1 and points > row.points[place - 2]:
                raise InvalidPointsTable(
                    f"{where}{ordinal(place)} scores {points}, more than "
                    f"{ordinal(place - 1)}'s {row.points[place - 2]}: no place scores more "
                    "than the one ahead of it."
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
            raise InvalidPlace(f"A race needs at least one car, not {field_size}.")
        if len(self.rows) == 1:
            return self.rows[0]
        if smaller:
            return next(
                (row for row in reversed(self.rows) if row.cars <= field_size), self.rows[0]
            )
        return next((row for row in self.rows if row.cars >= field_size), self.rows[-1])

    def points(self, place: int, field_size: int, *, smaller_row: bool = False) -> int:
        """What finishing `place` of `field_size` cars scores."""
        if not 1 <= place <= field_size:
            raise InvalidPlace(f"Place {place} is not a place in a race of {field_size} cars.")
        row = self.row_for(field_size, smaller=smaller_row).points
        return row[place - 1] if place <= len(row) else 0


@dataclass(frozen=True)
class TeamRace:
    """A team race's result: each team's points, highest first, and the team(s) with the most,
    who win it (level totals share the win)."""

    totals: tuple[tuple[Hashable, int], ...]
    winners: tuple[Hashable, ...]


def team_race(
    table: PointsTable,
    places: Mapping[Hashable, Sequence[int]],
    *,
    field_size: int,
    multiplier: int = 1,
) -> TeamRace:
    """The team race of a round whose cars finished in `places` (by team) of `field_size`: each
    team scores its cars' places on the team race's `table` (times the round's `multiplier`)."""
    totals = {
        team: sum(table.points(place, field_size) for place in team_places) * multiplier
        for team, team_places in places.items()
    }
    ranked = tuple(sorted(totals.items(), key=lambda item: -item[1]))
    return TeamRace(ranked, most_points(dict(ranked)))


def most_points(totals: Mapping[Hashable, int]) -> tuple[Hashable, ...]:
    """Whoever of `totals` has the most points: more than one when level."""
    best = max(totals.values(), default=0)
    return tuple(key for key, points in totals.items() if points == best)


@functools.lru_cache(maxsize=256)
def _parsed_table(text: str) -> PointsTable:
    """A league's stored table, parsed once however many places are scored by it (a table is
    frozen, so the same one can be handed out again)."""
    return PointsTable.parse(text)


# --- How a league of a rule set is run: its championship hooks -----------------------------


class InvalidSetting(ValueError):
    """A league setting the rule set does not have, or a value it does not allow."""


@dataclass(frozen=True)
class Setting:
    """One league setting of a rule set: a yes/no or a choice, with its default. A `race_option`
    is one a single round may switch too, whatever the league says (Formula D's optional
    rules): see `Championship.race_settings`."""

    key: str
    label: str
    kind: str  # "bool" or "choice"
    default: bool | str
    choices: tuple[tuple[str, str], ...] = ()
    race_option: bool = False

    def checked(self, value: object) -> bool | str:
        """`value` if the setting allows it; InvalidSetting otherwise."""
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise InvalidSetting(f"{self.label}: yes or no, not {value!r}.")
        elif value not in dict(self.choices):
            allowed = ", ".join(choice for choice, _label in self.choices)
            raise InvalidSetting(f"{self.label}: one of {allowed}, not {value!r}.")
        return value  # type: ignore[return-value]

    def value_label(self, value: object) -> str:
        """A value of the setting in words: a choice's label, "on" or "off"."""
        if self.kind == "bool":
            return "on" if value else "off"
        return dict(self.choices).get(str(value), str(value))


@dataclass(frozen=True)
class RaceOptionLine:
    """A race option as one round races it: its value, and whether the round switched it
    (`own`) or races the league's."""

    setting: Setting
    value: bool | str
    own: bool

    @property
    def on(self) -> bool:
        """A yes/no option switched on, or a choice other than its default."""
        return self.value is True or (
            self.setting.kind == "choice" and self.value != self.setting.default
        )

    def __str__(self) -> str:
        return f"{self.setting.label}: {self.setting.value_label(self.value)}"


@dataclass(frozen=True)
class BuildZone:
    """A zone of a car a player may build (Formula D's Constructing Your Car), with its limits."""

    key: str
    label: str
    low: int
    high: int


@dataclass(frozen=True)
class SetupNumber:
    """One number of a rule set's season setup (RBB: the wear points of one zone of every car),
    with its default and the least and most a season may give it."""

    key: str
    label: str
    default: int
    low: int
    high: int


@dataclass(frozen=True)
class RoundShape:
    """What a rule set attaches to the round of a given number."""

    multiplier: int = 1
    extra_healing: bool = False
    race_format: str = ""  # a key of the rule set's race_formats ("" where it has none)


@dataclass(frozen=True)
class ScheduledTrack:
    name: str
    number: int | None = None


@dataclass(frozen=True)
class SeasonPreset:
    """A sample schedule printed by a rule set's document."""

    name: str
    tracks: tuple[ScheduledTrack, ...]


@dataclass(frozen=True)
class DriverSheet:
    """A driver's career as the league stores it (for rule sets whose drivers have careers)."""

    age: int
    xp: int
    prior_injuries: int
    races_to_miss: int
    status: str  # "active", "retired" or "dead"


@dataclass(frozen=True)
class EntryScore:
    """What one car's result is worth and does to its driver once the round is confirmed."""

    points: int
    xp_change: int = 0
    severity: int = 0
    injured: bool = False
    dead: bool = False
    driver: DriverSheet | None = None  # the driver after the round (rule sets with careers)


class Championship:
    """A rule set's championship hooks: how a league of it is run. A rule set named X registers
    its subclass from its package rules.X (see championship_for); the league calls only these."""

    name: str = ""
    title: str = ""
    careers: bool = False  # drivers gain XP, get hurt, age and retire
    settings: tuple[Setting, ...] = ()
    most_rounds: int = 1
    weather: bool = False  # its races read the track's weather table
    car_build: tuple[BuildZone, ...] = ()  # the zones a car may be built with, if it may
    presets: tuple[SeasonPreset, ...] = ()
    # How a car can go out of a race, as the round page's result form offers it: (key, label).
    out_reasons: tuple[tuple[str, str], ...] = ()
    # What the result form must also say of a way out: "overshoot" (the Overshoot Table's number)
    # or "damage" (collision damage points, at least `least_disabling_damage`).
    out_reason_facts: Mapping[str, str] = MappingProxyType({})
    least_disabling_damage: int = 1
    # The points tables a league of it may take, by name; a new league takes the first. A rule
    # set adds one in a line: MappingProxyType({"Mini": PointsTable.of(7, 5, 3, 2, 1, 0, 0, 0)}).
    points_presets: Mapping[str, PointsTable] = MappingProxyType({})
    points_note: str = ""  # what scores besides the table (multipliers, bonus points), in words
    teams_title: str = "Teams"  # the teams' championship, as the rule set's document calls it
    # The formats a round may be run in, (key, label), where the rule set has them (Mini's).
    race_formats: tuple[tuple[str, str], ...] = ()
    # Whether its race's grid is worked out from the season points so far (race_options gets
    # each starter's points as `season_points`).
    grid_by_standings: bool = False
    # Its races take the previous race's finish (a reverse grid) and the drivers' home tracks.
    grid_from_previous_finish: bool = False
    home_tracks: bool = False
    season_note: str = ""  # what a season is, for the page that opens one
    # What the round page's result form asks of each car beyond its place, for points on top of
    # it (Mini: laps led); "" where a race scores nothing but places.
    bonus_points_label: str = ""
    # What each season sets up for all its races (RBB: the cars' wear-point setup), numbers its
    # organiser may change before the season's first race; () where a season sets up nothing.
    season_setup: tuple[SetupNumber, ...] = ()
    season_setup_title: str = ""
    season_end_note: str = "close it and open the next"  # what ending a season does
    # The driver cards its organiser may give drivers (Formula D's road races): the skills
    # (key, title) and the zones a card gives WP to, with the WP a zone may have; () without.
    driver_card_skills: tuple[tuple[str, str], ...] = ()
    driver_card_zones: tuple[BuildZone, ...] = ()
    # The race option a round's race format held before race options were (Formula D's length):
    # a round of then races it.
    race_format_option: str = ""

    def validated_settings(self, raw: Mapping[str, object]) -> dict[str, bool | str]:
        """Every setting of the rule set, from `raw` or its default; InvalidSetting otherwise."""
        known = {setting.key: setting for setting in self.settings}
        unknown = set(raw) - set(known) - ({POINTS_TABLE} if self.points_presets else set())
        if unknown:
            raise InvalidSetting(f"{self.title} has no setting {sorted(unknown)[0]!r}.")
        values = {
            key: setting.checked(raw.get(key, setting.default)) for key, setting in known.items()
        }
        if self.points_presets:
            values[POINTS_TABLE] = str(self._stored_points_table(raw.get(POINTS_TABLE)))
        return values

    @property
    def race_option_settings(self) -> tuple[Setting, ...]:
        """The settings a single round may switch for its race (`Setting.race_option`)."""
        return tuple(setting for setting in self.settings if setting.race_option)

    def validated_race_options(self, raw: Mapping[str, object]) -> dict[str, bool | str]:
        """A round's own values of the race options it switches (those it leaves out race as the
        league says); InvalidSetting for a setting that is no race option or a value it does
        not allow."""
        known = {setting.key: setting for setting in self.race_option_settings}
        unknown = sorted(set(raw) - set(known))
        if unknown:
            raise InvalidSetting(f"{self.title} has no race option {unknown[0]!r}.")
        return {key: known[key].checked(value) for key, value in raw.items()}

    def race_settings(
        self,
        settings: Mapping[str, object],
        race_options: Mapping[str, object],
        race_format: str = "",
    ) -> dict[str, object]:
        """The league's `settings` as one round races them: each race option the round
        switched (`race_options`), else the league's; a round's `race_format` that is a value of
        the `race_format_option` (kept there before race options were) unless switched since."""
        known = {setting.key: setting for setting in self.race_option_settings}
        race = {
            **settings,
            **{key: value for key, value in race_options.items() if key in known},
        }
        kept = known.get(self.race_format_option)
        if kept and race_format in dict(kept.choices) and kept.key not in race_options:
            race[kept.key] = race_format
        return race

    def race_option_lines(
        self,
        settings: Mapping[str, object],
        race_options: Mapping[str, object],
        race_format: str = "",
    ) -> tuple[RaceOptionLine, ...]:
        """Each race option as one round races it (the league's `settings`, the round's own
        `race_options` and format), for the round page to say what its race runs with."""
        race = self.race_settings(settings, race_options, race_format)
        return tuple(
            RaceOptionLine(
                setting,
                setting.checked(race.get(setting.key, setting.default)),
                own=setting.key in race_options,
            )
            for setting in self.race_option_settings
        )

    def validated_season_setup(self, raw: Mapping[str, object]) -> dict[str, int]:
        """Every number of the season setup, from `raw` or its default; InvalidSetting with
        every number refused, one reason a line, otherwise."""
        known = {number.key: number for number in self.season_setup}
        unknown = sorted(set(raw) - set(known))
        if unknown:
            raise InvalidSetting(f"{self.title} sets up no {unknown[0]!r} for a season.")
        values: dict[str, int] = {}
        reasons = []
        for key, number in known.items():
            value = raw.get(key, number.default)
            if isinstance(value, bool) or not isinstance(value, int):
                reasons.append(f"{number.label}: a whole number, not {value!r}.")
            elif not number.low <= value <= number.high:
                reasons.append(f"{number.label}: {number.low} to {number.high}, not {value}.")
            values[key] = value
        if reasons:
            raise InvalidSetting("\n".join(reasons))
        return values

    def _stored_points_table(self, stored: object) -> PointsTable:
        if stored is None:
            return next(iter(self.points_presets.values()))
        if not isinstance(stored, str):
            raise InvalidSetting(f"Points table: a table written out, not {stored!r}.")
        try:
            return _parsed_table(stored)
        except InvalidPointsTable as error:
            raise InvalidSetting(f"Points table: {error}") from error

    @property
    def default_points_name(self) -> str:
        """The preset a new league takes."""
        return next(iter(self.points_presets), "")

    @property
    def default_points_table(self) -> PointsTable:
        return self.points_table({})

    def points_table(self, settings: Mapping[str, object]) -> PointsTable:
        """The league's points table, as its organiser chose or edited it (a league that never
        did has its rule set's first preset)."""
        if not self.points_presets:
            raise NotImplementedError(f"{self.title} declares no points table.")
        return self._stored_points_table(settings.get(POINTS_TABLE))

    def points_table_name(self, table: PointsTable) -> str:
        """The preset `table` is, by name; "" for a table of the league's own."""
        return next((name for name, preset in self.points_presets.items() if preset == table), "")

    def smaller_row(self, settings: Mapping[str, object]) -> bool:
        """Whether a field size the table has no row for scores on the next smaller row (else
        the next larger)."""
        return False

    def settings_summary(self, settings: Mapping[str, object]) -> tuple[str, ...]:
        """The settings that differ from their defaults, in words, for the league page."""
        lines = []
        for setting in self.settings:
            value = settings.get(setting.key, setting.default)
            if value == setting.default:
                continue
            lines.append(setting.label if setting.kind == "bool" else dict(setting.choices)[value])
        return tuple(lines)

    def cars_per_team(self, settings: Mapping[str, object]) -> int:
        return 2

    def round_shape(self, number: int) -> RoundShape:
        return RoundShape()

    def race_options(
        self,
        *,
        weather_table: object,
        weather_chart: str = "",
        car_builds: Mapping[str, Mapping[str, int]] | None = None,
        settings: Mapping[str, object] | None = None,
        race_format: str = "",
        season_points: Mapping[str, int] | None = None,
        starters: Sequence[str] = (),
        previous_finish: Sequence[str] = (),
        home: Sequence[str] = (),
        season_setup: Mapping[str, int] | None = None,
        teams: Mapping[str, str] | None = None,
        driver_cards: Mapping[str, Mapping[str, object]] | None = None,
    ) -> dict[str, object]:
        """What a race of the rule set takes from its track (the weather table, or Formula D's
        weather chart), its starters (cars they built, their season points by car), the league's
        settings, the season's setup (see `season_setup`) and the round's format, for the race's
        setup hook. Rule sets that ask for them (see `grid_from_previous_finish`, `home_tracks`)
        also get the race's cars (`starters`), those cars in the order they finished the season's
        previous race, and the cars racing at their driver's home track; `teams`, each car's team
        (a key), for a team race; `driver_cards`, the stored card of each car's driver (see
        `driver_card_skills`)."""
        options: dict[str, object] = {"weather_table": weather_table} if self.weather else {}
        if car_builds and self.car_build:
            options["car_sheets"] = dict(car_builds)
        return options

    def validated_driver_card(self, raw: Mapping[str, object]) -> dict[str, object]:
        """A driver's card as the league stores it ({} for none): its skill and WP by zone, from
        `raw`; InvalidSetting, with the reason, for a card the rule set does not allow."""
        raise InvalidSetting(f"{self.title} has no driver cards.")

    def driver_card_text(self, card: Mapping[str, object]) -> str:
        """A stored driver card in words, for the driver's page ("" for none)."""
        return ""

    def team_race_points(self, settings: Mapping[str, object]) -> PointsTable | None:
        """Where a race run by `settings` (a round's `race_settings`) is a team race whose teams
        score by a table of their own (Formula D's Team Race), that table: the round's team
        points and its winner follow it (`team_race`); None where a team scores what its
        drivers score."""
        return None

    def most_bonus_points(self, race_format: str) -> int:
        """The most bonus points one race of `race_format` gives out (Mini's lap leaders), all
        of which one car may take: the cap on a typed result and the title race's reach; 0 where
        nothing scores besides the table."""
        return 0

    def out_reason_label(self, key: str) -> str:
        return dict(self.out_reasons).get(key, key)

    def points_for(
        self, place: int, field_size: int, multiplier: int, settings: Mapping[str, object]
    ) -> int:
        """Points for `place` of `field_size` cars in a round worth `multiplier`, by the league's
        points table: the one way every rule set's places become points."""
        table = self.points_table(settings)
        return table.points(place, field_size, smaller_row=self.smaller_row(settings)) * multiplier

    def next_preset(self, previous: str) -> str:
        """The sample schedule after `previous`, in the document's order, round and round."""
        names = [preset.name for preset in self.presets]
        if not names:
            return ""
        if previous not in names:
            return names[0]
        return names[(names.index(previous) + 1) % len(names)]

    # Careers (only where `careers`): the level a driver races at and the XP for starting, what
    # a confirmed result does to the driver, healing after a round, and the end of a season.

    def level_for(self, xp: int) -> str:
        return ""

    def starting(self, xp: int) -> tuple[str, int]:
        """(the level raced at, the XP gained for starting)."""
        return "", 0

    def injury_columns(
        self, out_reason: str, overshoot: int | None, damage: int | None
    ) -> tuple[str, ...]:
        """The injury check a car out of the race owes (none where drivers are never hurt)."""
        return ()

    def injury_check(self, columns: Sequence[str], rolls: Sequence[int]) -> Any:
        """The injury check as far as it has been rolled; None where none is owed."""
        return None

    def roll_injury(self, check: Any, value: int) -> Any:
        raise NotImplementedError

    def score_entry(
        self,
        *,
        place: int,
        field_size: int,
        multiplier: int,
        settings: Mapping[str, object],
        finished: bool,
        injury_columns: Sequence[str] = (),
        injury_rolls: Sequence[int] = (),
        driver: DriverSheet,
    ) -> EntryScore:
        """What a confirmed result does: points, and with careers XP and injuries too (then
        `EntryScore.driver` is the driver after the round)."""
        return EntryScore(points=self.points_for(place, field_size, multiplier, settings))

    def heal_after_round(self, races_to_miss: int, *, sat_out: bool, extra_week_next: bool) -> int:
        return races_to_miss

    def season_end(self, driver: DriverSheet) -> Any:
        raise NotImplementedError


CHAMPIONSHIPS: dict[str, Championship] = {}


class UnknownChampionship(ValueError):
    """No rule set of that name has championship hooks."""


def register_championship(championship: type[Championship]) -> type[Championship]:
    CHAMPIONSHIPS[championship.name] = championship()
    return championship


def out_reason_label(key: str) -> str:
    """How a car went out, in words, whatever rule set's way out `key` is (keys are unique
    across rule sets)."""
    for rules in rule_sets():
        if key in dict(rules.out_reasons):
            return rules.out_reason_label(key)
    return key


def championship_for(name: str) -> Championship:
    """The championship hooks of the rule set `name`, importing its package rules.`name` the
    first time (it registers them)."""
    if name not in CHAMPIONSHIPS:
        import_rule_set(name)
    try:
        return CHAMPIONSHIPS[name]
    except KeyError:
        raise UnknownChampionship(f"No rule set {name!r}.") from None


# The rule sets Paddock runs, by package name, in the order a new league offers them.
RULE_SET_PACKAGES = ("season_pass", "formula_d", "mini", "rbb", "death")


def rule_sets() -> tuple[Championship, ...]:
    return tuple(championship_for(name) for name in RULE_SET_PACKAGES)
