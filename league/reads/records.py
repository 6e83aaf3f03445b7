"""A league's records across all its seasons: titles, wins (a career's and a season's), poles,
podiums, laps led (or whatever a rule set's bonus points count), the longest run of races without
a retirement, the fastest rise through the field and, where drivers have careers, the longest
careers; each with its holders (all of them, when tied; the fastest rise, the first to make it)
and when. Read in a fixed number of queries however many seasons the league
has raced: its seasons, every finished entry in one query, and the champions
(standings.season_leaders).

A league that has run seasons under more than one rule set keeps apart the records whose meaning
is the rule set's (its bonus points, its careers): each is counted over the seasons of one rule
set and says which (docs/rulings.md, "One league across rule sets"); titles, wins, poles,
podiums and runs without a retirement are the league's, over every season.

Every word of a record (its title, its figure with what it counts, when its holders made it) is
said here in the reader's language, each a whole sentence of the catalogue: the page prints
them (docs/translating.md)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext, ngettext

from rules.championship import Championship, ordinal

from ..models import Entry, League, RoundStatus, Season
from .standings import season_leaders


@dataclass(frozen=True)
class Holder:
    name: str
    url: str
    when: str  # in the reader's language: "season 1", "seasons 1-2"


@dataclass(frozen=True)
class Record:
    title: str  # in the reader's language
    figure: int
    unit: str  # what the figure counts, a key ("win", "place"); "" for a rule set's bonus points
    holders: tuple[Holder, ...]

    @property
    def value(self) -> str:
        """The figure and what it counts, in the reader's language: "3 wins"."""
        return _value(self.unit, self.figure)


def _value(unit: str, figure: int) -> str:
    """`figure` and what it counts, in the reader's language: "1 win", "3 wins"; the figure
    alone for a rule set's bonus points, which the record's title names."""
    match unit:
        case "title":
            said = ngettext("{count} title", "{count} titles", figure)
        case "win":
            said = ngettext("{count} win", "{count} wins", figure)
        case "pole":
            said = ngettext("{count} pole", "{count} poles", figure)
        case "podium":
            said = ngettext("{count} podium", "{count} podiums", figure)
        case "lap":
            said = ngettext("{count} lap", "{count} laps", figure)
        case "race":
            said = ngettext("{count} race", "{count} races", figure)
        case "place":
            said = ngettext("{count} place", "{count} places", figure)
        case "season":
            said = ngettext("{count} season", "{count} seasons", figure)
        case _:
            said = "{count}"
    return said.format(count=figure)


@dataclass(frozen=True)
class Race:
    """One finished entry, as the records read it."""

    driver_id: int
    season: int
    round: int
    place: int | None
    finished: bool
    pole: bool
    bonus_points: int
    ruleset: str = ""  # the rule set of its season
    grid: int | None = None  # where it started, pole 1; None when unknown
    laps_led: int | None = None  # None when unknown (typed by hand, or no laps counted)


def _seasons_text(numbers: Iterable[int]) -> str:
    found = sorted(set(numbers))
    if not found:
        return ""
    if len(found) == 1:
        return gettext("season {number}").format(number=found[0])
    if found == list(range(found[0], found[-1] + 1)):
        # Translators: seasons in a row, at least two: "seasons 1-3".
        return gettext("seasons {first}-{last}").format(first=found[0], last=found[-1])
    # Translators: a list of at least two seasons' numbers: "seasons 1, 3, 4".
    return gettext("seasons {numbers}").format(numbers=", ".join(str(number) for number in found))


def _best(
    title: str,
    unit: str,
    figures: dict[int, tuple[int, str]],
    holder: Callable[[int, str], Holder],
) -> Record | None:
    """The record of the highest figure (driver id -> (figure, when)), every holder tied on it;
    None when no one has a figure above 0."""
    top = max((figure for figure, _when in figures.values()), default=0)
    if top <= 0:
        return None
    holders = tuple(
        holder(driver_id, when)
        for driver_id, (figure, when) in sorted(figures.items())
        if figure == top
    )
    return Record(title, top, unit, holders)


def _counted(races: list[Race], counts: Callable[[Race], int]) -> dict[int, tuple[int, str]]:
    """Per driver, the sum of `counts` over their races and the seasons it came in."""
    totals: dict[int, int] = defaultdict(int)
    seasons: dict[int, set[int]] = defaultdict(set)
    for race in races:
        counted = counts(race)
        if counted:
            totals[race.driver_id] += counted
            seasons[race.driver_id].add(race.season)
    return {key: (total, _seasons_text(seasons[key])) for key, total in totals.items()}


def _best_season(races: list[Race], counts: Callable[[Race], int]) -> dict[int, tuple[int, str]]:
    """Per driver, their best single season by `counts` (the earliest, when level)."""
    by_season: dict[tuple[int, int], int] = defaultdict(int)
    for race in races:
        by_season[race.driver_id, race.season] += counts(race)
    best: dict[int, tuple[int, str]] = {}
    for (driver_id, season), total in sorted(by_season.items()):
        if total > best.get(driver_id, (0, ""))[0]:
            best[driver_id] = (total, _seasons_text((season,)))
    return best


def _without_retirement(races: list[Race]) -> dict[int, tuple[int, str]]:
    """Per driver, their longest run of races in a row each finished, and where it ran."""
    runs: dict[int, tuple[int, str]] = {}
    current: dict[int, tuple[int, Race | None]] = {}
    for race in races:  # in season and round order
        length, first = current.get(race.driver_id, (0, None))
        if not race.finished:
            current[race.driver_id] = (0, None)
            continue
        first = first or race
        length += 1
        current[race.driver_id] = (length, first)
        if length > runs.get(race.driver_id, (0, ""))[0]:
            when = gettext(
                # Translators: a run of races, from its first race to its last.
                "season {first_season} round {first_round} to season {last_season} round "
                "{last_round}"
            ).format(
                first_season=first.season,
                first_round=first.round,
                last_season=race.season,
                last_round=race.round,
            )
            runs[race.driver_id] = (length, when)
    return runs


def _fastest_rise(races: list[Race], holder: Callable[[int, str], Holder]) -> Record | None:
    """The most places a finisher gained from its grid position to its place in one race, and
    the first to gain them (races in season and round order, a race's cars by place); None
    when no finisher with a known grid gained a place."""
    most, when, driver_id = 0, "", 0
    for race in races:
        if not race.finished or race.grid is None or race.place is None:
            continue
        if race.grid - race.place > most:
            most, driver_id = race.grid - race.place, race.driver_id
            # Translators: a race, and the places a car started and finished it in (ordinals).
            when = gettext("season {season} round {round}, from {grid} to {place}").format(
                season=race.season,
                round=race.round,
                grid=ordinal(race.grid),
                place=ordinal(race.place),
            )
    if not most:
        return None
    return Record(
        gettext("Fastest rise through the field"),
        most,
        "place",
        (holder(driver_id, when),),
    )


@dataclass(frozen=True)
class RuleSetSpan:
    """The seasons a league ran under one rule set (by its title), for the records page."""

    title: str
    seasons: str  # "seasons 1-2"

    def __str__(self) -> str:
        """As the records page lists it: "Formula D (seasons 1-2)"."""
        return f"{self.title} ({self.seasons})"


@dataclass(frozen=True)
class RecordBook:
    records: tuple[Record, ...]
    # Each rule set the league's seasons ran, when more than one: () for a league of one.
    rule_sets: tuple[RuleSetSpan, ...] = ()


def _rule_sets(seasons: list[Season]) -> dict[str, Championship]:
    """Each rule set the seasons ran, by name, in the order first run."""
    found: dict[str, Championship] = {}
    for season in seasons:
        found.setdefault(season.ruleset, season.rules)
    return found


def league_records(league: League) -> tuple[Record, ...]:
    """The league's records, in the order the page lists them."""
    return league_record_book(league).records


def league_record_book(league: League) -> RecordBook:
    """The league's records, and the rule sets its seasons ran where more than one."""
    seasons = list(league.seasons.order_by("number"))
    ruleset_of = {season.number: season.ruleset for season in seasons}
    rule_sets = _rule_sets(seasons) or {league.ruleset: league.rules}
    apart = len(rule_sets) > 1
    rows = (
        Entry.objects.filter(round__season__league=league, round__status=RoundStatus.FINISHED)
        # A race's cars by place: of two who gained as many places in it, the higher finisher
        # is the first to.
        .order_by("round__season__number", "round__number", "place", "pk")
        .values_list(
            "driver_id",
            "driver__name",
            "round__season__number",
            "round__number",
            "place",
            "finished",
            "pole",
            "bonus_points",
            "grid",
            "laps_led",
        )
    )
    names: dict[int, str] = {}
    races = []
    for driver_id, name, season, number, place, finished, pole, bonus, grid, led in rows:
        names[driver_id] = name
        ruleset = ruleset_of.get(season, league.ruleset)
        races.append(
            Race(driver_id, season, number, place, bool(finished), pole, bonus, ruleset, grid, led)
        )

    def holder(driver_id: int, when: str) -> Holder:
        url = reverse("league:driver", kwargs={"slug": league.slug, "driver_id": driver_id})
        return Holder(names.get(driver_id, ""), url, when)

    titles: dict[int, list[int]] = defaultdict(list)
    number_of = {season.pk: season.number for season in seasons}
    for leaders in season_leaders([season for season in seasons if season.is_ended]):
        for champion in leaders.drivers:
            titles[champion.pk].append(number_of[leaders.season.pk])
            names.setdefault(champion.pk, champion.name)
    found = [
        _best(
            gettext("Most titles"),
            "title",
            {key: (len(won), _seasons_text(won)) for key, won in titles.items()},
            holder,
        ),
        _best(gettext("Most wins"), "win", _counted(races, lambda race: race.place == 1), holder),
        _best(
            gettext("Most wins in a season"),
            "win",
            _best_season(races, lambda race: race.place == 1),
            holder,
        ),
        _best(gettext("Most poles"), "pole", _counted(races, lambda race: race.pole), holder),
        _best(
            gettext("Most podiums"),
            "podium",
            _counted(races, lambda race: race.place is not None and race.place <= 3),
            holder,
        ),
        # Counted for races run at the table, each lap to the first car to complete it.
        _best(
            gettext("Most laps led"),
            "lap",
            _counted(races, lambda race: race.laps_led or 0),
            holder,
        ),
    ]
    for name, rules in rule_sets.items():
        if rules.bonus_points_label:
            own = [race for race in races if race.ruleset == name]
            bonus = rules.said_bonus_points_in_a_sentence
            if apart:
                # Translators: {bonus} is a rule set's bonus points, as named within a sentence
                # ("lap-leader points"); {rule_set} the rule set's name, as written ("Mini's
                # series").
                title = gettext("Most {bonus} ({rule_set})").format(
                    bonus=bonus, rule_set=rules.title
                )
            else:
                # Translators: {bonus} is a rule set's bonus points, as named within a sentence
                # ("lap-leader points").
                title = gettext("Most {bonus}").format(bonus=bonus)
            found.append(
                _best(
                    title,
                    "",
                    _counted(own, lambda race: race.bonus_points),
                    holder,
                )
            )
    found.append(
        _best(
            gettext("Most races in a row without a retirement"),
            "race",
            _without_retirement(races),
            holder,
        )
    )
    found.append(_fastest_rise(races, holder))
    for name, rules in rule_sets.items():
        if rules.careers:
            raced: dict[int, set[int]] = defaultdict(set)
            for race in races:
                if race.ruleset == name:
                    raced[race.driver_id].add(race.season)
            found.append(
                _best(
                    (
                        gettext("Longest career ({rule_set})").format(rule_set=rules.title)
                        if apart
                        else gettext("Longest career")
                    ),
                    "season",
                    {key: (len(won), _seasons_text(won)) for key, won in raced.items()},
                    holder,
                )
            )
    spans = (
        tuple(
            RuleSetSpan(
                rules.title,
                _seasons_text(s.number for s in seasons if s.ruleset == name),
            )
            for name, rules in rule_sets.items()
        )
        if apart
        else ()
    )
    return RecordBook(tuple(record for record in found if record is not None), spans)
