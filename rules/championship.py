"""Championships: how a league of a rule set is run, and results to standings.

- The championship hooks: each rule set's package subclasses `Championship` (its settings, its
  season's shape, its points, its ways out, its drivers' careers) and registers it;
  `championship_for(name)` finds it, `rule_sets()` lists those a league may pick.
- Standings: totals per round and the tie-break between equal totals. Season Pass prints no
  tie-break; Paddock breaks ties by countback (most wins, then most second places, and so on),
  then shares the place (docs/rulings.md, "Equal points in the standings").
"""

from __future__ import annotations

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


# --- How a league of a rule set is run: its championship hooks -----------------------------


class InvalidSetting(ValueError):
    """A league setting the rule set does not have, or a value it does not allow."""


@dataclass(frozen=True)
class Setting:
    """One league setting of a rule set: a yes/no or a choice, with its default."""

    key: str
    label: str
    kind: str  # "bool" or "choice"
    default: bool | str
    choices: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class BuildZone:
    """A zone of a car a player may build (Formula D's Constructing Your Car), with its limits."""

    key: str
    label: str
    low: int
    high: int


@dataclass(frozen=True)
class RoundShape:
    """What a rule set attaches to the round of a given number."""

    multiplier: int = 1
    extra_healing: bool = False


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
    points_table: str = ""  # the points table in words, for the league page
    season_note: str = ""  # what a season is, for the page that opens one
    season_end_note: str = "close it and open the next"  # what ending a season does

    def validated_settings(self, raw: Mapping[str, object]) -> dict[str, bool | str]:
        """Every setting of the rule set, from `raw` or its default; InvalidSetting otherwise."""
        known = {setting.key: setting for setting in self.settings}
        unknown = set(raw) - set(known)
        if unknown:
            raise InvalidSetting(f"{self.title} has no setting {sorted(unknown)[0]!r}.")
        values: dict[str, bool | str] = {}
        for key, setting in known.items():
            value = raw.get(key, setting.default)
            if setting.kind == "bool":
                if not isinstance(value, bool):
                    raise InvalidSetting(f"{setting.label}: yes or no, not {value!r}.")
            elif value not in dict(setting.choices):
                allowed = ", ".join(choice for choice, _label in setting.choices)
                raise InvalidSetting(f"{setting.label}: one of {allowed}, not {value!r}.")
            values[key] = value
        return values

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
        self, *, weather_table: object, car_builds: Mapping[str, Mapping[str, int]] | None = None
    ) -> dict[str, object]:
        """What a race of the rule set takes from its track (the weather table) and its starters
        (cars they built), for the race's setup hook."""
        options: dict[str, object] = {"weather_table": weather_table} if self.weather else {}
        if car_builds and self.car_build:
            options["car_sheets"] = dict(car_builds)
        return options

    def out_reason_label(self, key: str) -> str:
        return dict(self.out_reasons).get(key, key)

    def points_for(
        self, place: int, field_size: int, multiplier: int, settings: Mapping[str, object]
    ) -> int:
        raise NotImplementedError

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
RULE_SET_PACKAGES = ("season_pass", "formula_d")


def rule_sets() -> tuple[Championship, ...]:
    return tuple(championship_for(name) for name in RULE_SET_PACKAGES)
