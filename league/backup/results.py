"""What a league's results must be, read whole: each finished round's places and points as its
rule set scores them, each entry's XP and injury as its rule set reckons them, and each
driver's career as its entries make it. A row alone cannot say it (two winners are two good
rows), so the entries are read a round at a time, as the file writes them, and the drivers
once every entry is read. The reckoning is the commit's own (league.services.results)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.utils.translation import gettext, ngettext

from rules.championship import (
    MOST_POINTS_A_PLACE,
    Championship,
    DriverSheet,
    EntryScore,
    championship_for,
)

from ..models import Driver, Entry, League, Round, RoundStatus, Season
from ..services.results import (
    EntryOutcome,
    bonus_points_checked,
    entry_score,
    grid_checked,
    result_places,
)
from .checks import bad, bad_said
from .messages import (
    ENTRIES_APART,
    IMPORTED_CAREER,
    IMPORTED_TOO_MANY_POINTS,
    INJURY_NOT_ROLLED,
    NO_LEVEL,
    NOT_FINISHED,
    ROUND_REFUSED,
    XP_FOR_STARTING,
    XP_NOT_BETWEEN,
    XP_NOT_GAINED,
    XP_NOT_GIVEN,
    XP_NOT_LOST,
)

ENTRIES = "league.entry"
MOST_IMPORTED_POINTS = 9999  # as a past seasons file's (league/spreadsheet/results.py)
DRIVERS = "league.driver"


@dataclass
class _Career:
    """What a driver's entries give their career: the XP they can have gained, the injuries
    they had, the most races an injury of theirs kept them out."""

    number: int  # the driver's row
    driver: Driver
    xp_gained: int = 0
    xp_lost: int = 0  # by its races (0 or less)
    injuries: int = 0
    most_races_to_miss: int = 0


class Results:
    """The results of one import, checked as its entries are read (`entry`), a round once the
    next round's entries begin (`round_done`), the careers once all are (`careers_checked`)."""

    def __init__(self) -> None:
        self.league: League | None = None
        self.seasons: dict[int, Season] = {}  # by new id
        self.rounds: dict[int, Round] = {}  # by new id
        self.careers: dict[int, _Career] = {}  # by the driver's new id
        self.unwritten: list[_Career] = []  # read, not yet written (no id yet)
        self.round_id: int | None = None  # the round whose entries are being read
        self.entries: list[tuple[int, Entry]] = []  # its entries, with their rows
        self.rounds_read: set[int] = set()
        self.scored: list[tuple[int, Entry]] = []  # of the round checked now, by bounds

    # -- what is read before the entries --------------------------------------------------

    def driver(self, number: int, driver: Driver) -> None:
        """A driver's row (before it is written), its career checked once every table is in
        (`careers_checked`: its age within the league's seasons among them)."""
        self.unwritten.append(_Career(number, driver))

    def drivers_written(self) -> None:
        """The drivers read so far are written: their careers are kept by their new ids."""
        self.careers.update((career.driver.pk, career) for career in self.unwritten)
        self.unwritten.clear()

    # -- the entries ----------------------------------------------------------------------

    def entry(self, number: int, entry: Entry) -> None:
        if entry.round_id != self.round_id:
            self.round_done()
            if entry.round_id in self.rounds_read:
                raise bad(number, ENTRIES, ENTRIES_APART)
            self.round_id = entry.round_id
            self.rounds_read.add(entry.round_id)
        self.entries.append((number, entry))
        round_ = self.rounds[entry.round_id]
        rules = self._rules(round_)
        # Empty where no level was kept (an entry written in bulk, or before levels were).
        if entry.level not in ("", *rules.levels):
            raise bad(number, ENTRIES, NO_LEVEL, rules=rules.title, level=entry.level)
        if round_.status == RoundStatus.STARTED:
            if entry.points or entry.severity or entry.injured or entry.dead:
                raise bad(number, ENTRIES, NOT_FINISHED)
            _level, xp_for_starting = rules.starting(0)
            if entry.xp_change != xp_for_starting:
                raise bad(
                    number, ENTRIES, XP_FOR_STARTING, xp=xp_for_starting, kept=entry.xp_change
                )
        career = self.careers.get(entry.driver_id)
        if career is not None:
            career.xp_gained += max(entry.xp_change, 0)
            career.xp_lost += min(entry.xp_change, 0)
            if entry.injured:
                career.injuries += 1
                career.most_races_to_miss = max(career.most_races_to_miss, entry.severity)

    def round_done(self) -> None:
        """The round whose entries were being read, checked whole if it is finished: its
        places as the result form takes them, each entry's points, XP and injury as the commit
        reckons them."""
        if self.round_id is None or not self.entries:
            return
        round_, entries = self.rounds[self.round_id], self.entries
        self.round_id, self.entries = None, []
        if round_.status != RoundStatus.FINISHED:
            return
        rules = self._rules(round_)
        season = self.seasons[round_.season_id]
        first = entries[0][0]
        by_row = dict(entries)
        outcomes = [_outcome(number, entry) for number, entry in entries]
        try:
            result_places(by_row, outcomes)
            bonus_points_checked(round_, by_row, outcomes, rules)
            if any(outcome.grid for outcome in outcomes):  # else it reads every driver's name
                grid_checked(by_row, outcomes)
        except ValidationError as error:
            raise bad(
                first,
                ENTRIES,
                ROUND_REFUSED,
                round=round_.number,
                season=season.number,
                reason=" ".join(error.messages),
            ) from error
        if round_.imported:
            self._imported(entries, round_, season)
            return
        self.scored = []
        for number, entry in entries:
            self._scored(number, entry, round_, season, rules, field_size=len(entries))

    def _imported(self, entries: list[tuple[int, Entry]], round_: Round, season: Season) -> None:
        """A round brought in from a league's spreadsheet: its points the file's (any a points
        table of then gave), and nothing of a career (docs/importing.md)."""
        where = {"round": round_.number, "season": season.number}
        for number, entry in entries:
            if entry.xp_change or entry.severity or entry.injured or entry.dead:
                raise bad(number, ENTRIES, IMPORTED_CAREER, **where)
            if entry.points > MOST_IMPORTED_POINTS:
                raise bad(
                    number, ENTRIES, IMPORTED_TOO_MANY_POINTS, most=MOST_IMPORTED_POINTS, **where
                )

    def _scored(
        self,
        number: int,
        entry: Entry,
        round_: Round,
        season: Season,
        rules: Championship,
        *,
        field_size: int,
    ) -> None:
        """An entry of a finished round as its round's commit scored it. Its points by the
        season's points table where the file holds the table it scored by (the league's last
        season, or one kept when the league moved to another rule set: a league may change its
        table between seasons); in an earlier season by a table a league may have had."""
        assert self.league is not None  # the league's row is the file's first
        kept = season.settings_kept is not None
        settings = season.settings_kept if kept else self.league.settings
        assert isinstance(settings, dict)
        youngest = _sheet(age=1, prior_injuries=0)
        score = self._score(number, entry, round_, rules, settings, field_size, youngest)
        last_season = season.number == max(s.number for s in self.seasons.values())
        if kept or last_season:
            if entry.points != score.points:
                said = ngettext(
                    "{count} point for place {place} of {field_size} in round {round} of season "
                    "{season}; its points table gives {given}",
                    "{count} points for place {place} of {field_size} in round {round} of season "
                    "{season}; its points table gives {given}",
                    entry.points,
                )
                raise bad_said(
                    number,
                    ENTRIES,
                    said.format(
                        count=entry.points,
                        place=entry.place,
                        field_size=field_size,
                        round=round_.number,
                        season=season.number,
                        given=score.points,
                    ),
                )
        else:
            self._points_possible(number, entry, round_, field_size)
        if (entry.severity, entry.injured, entry.dead) != (
            score.severity,
            score.injured,
            score.dead,
        ):
            raise bad(number, ENTRIES, INJURY_NOT_ROLLED)
        oldest = _sheet(age=1 + len(self.seasons), prior_injuries=len(self.rounds))
        least = self._score(number, entry, round_, rules, settings, field_size, oldest)
        if not least.xp_change <= entry.xp_change <= score.xp_change:
            if least.xp_change == score.xp_change:
                raise bad(
                    number,
                    ENTRIES,
                    XP_NOT_GIVEN,
                    xp=entry.xp_change,
                    rules=rules.title,
                    given=score.xp_change,
                )
            raise bad(
                number,
                ENTRIES,
                XP_NOT_BETWEEN,
                xp=entry.xp_change,
                rules=rules.title,
                least=least.xp_change,
                most=score.xp_change,
            )

    def _score(
        self,
        number: int,
        entry: Entry,
        round_: Round,
        rules: Championship,
        settings: dict,
        field_size: int,
        driver: DriverSheet,
    ) -> EntryScore:
        try:
            return entry_score(
                entry,
                field_size=field_size,
                multiplier=round_.multiplier,
                settings=settings,
                rules=rules,
                driver=driver,
            )
        except (ValueError, TypeError, KeyError) as error:
            raise bad_said(number, ENTRIES, str(error)) from error

    def _points_possible(self, number: int, entry: Entry, round_: Round, field_size: int) -> None:
        """Points a place of an earlier season may score: at most what a points table gives a
        place (MOST_POINTS_A_PLACE) times the round's multiplier, a whole multiple of it, and
        never more than a place ahead scored (no table scores a place above the one ahead)."""
        scored = entry.points - entry.bonus_points
        most = MOST_POINTS_A_PLACE * round_.multiplier
        if not 0 <= scored <= most or scored % round_.multiplier:
            said = ngettext(
                "{count} point for place {place} of {field_size} in round {round}: no points "
                "table gives that",
                "{count} points for place {place} of {field_size} in round {round}: no points "
                "table gives that",
                entry.points,
            )
            raise bad_said(
                number,
                ENTRIES,
                said.format(
                    count=entry.points,
                    place=entry.place,
                    field_size=field_size,
                    round=round_.number,
                ),
            )
        for other_number, other in self.scored:
            assert other.place is not None and entry.place is not None
            ahead = other.place < entry.place
            other_scored = other.points - other.bonus_points
            if (ahead and other_scored < scored) or (not ahead and other_scored > scored):
                said = ngettext(
                    "place {place} of round {round} scores {count} point and place {other} "
                    "{other_points}: no place scores more than one ahead",
                    "place {place} of round {round} scores {count} points and place {other} "
                    "{other_points}: no place scores more than one ahead",
                    scored,
                )
                raise bad_said(
                    max(number, other_number),
                    ENTRIES,
                    said.format(
                        place=entry.place,
                        round=round_.number,
                        count=scored,
                        other=other.place,
                        other_points=other_scored,
                    ),
                )
        self.scored.append((number, entry))

    # -- the careers ----------------------------------------------------------------------

    def careers_checked(self, *, corrected_by_hand: Collection[int] = ()) -> None:
        """Each driver's career as their entries make it: XP no more than they gained (a
        driver starts with none) and no less than their races and the seasons' ends can have
        taken, no more prior injuries than they had, no more races to miss
        than their worst injury costs. Where no season had careers, none at all; nor for the
        drivers (new ids) whose career an organiser set by hand (a league brought in with its
        past), which their fields' own bounds alone hold."""
        self.round_done()
        # The most the seasons' ends can have taken from a driver, as old and as often hurt
        # as the league's seasons and rounds allow.
        most_age, most_injuries = 1 + len(self.seasons), len(self.rounds)
        aged = sum(
            championship_for(season.ruleset).aging_xp_loss(most_age, most_injuries)
            for season in self.seasons.values()
            if season.ended_at is not None
        )
        for career in self.careers.values():
            driver, number = career.driver, career.number
            if driver.pk in corrected_by_hand:
                continue
            if not 1 <= driver.age <= most_age:  # each season's end ages a driver once
                seasons = len(self.seasons)
                said = ngettext(
                    "a driver's age is 1 to {most} in a league of {count} season, not {age}",
                    "a driver's age is 1 to {most} in a league of {count} seasons, not {age}",
                    seasons,
                )
                raise bad_said(
                    number, DRIVERS, said.format(most=most_age, count=seasons, age=driver.age)
                )
            if driver.xp > career.xp_gained:
                raise bad(number, DRIVERS, XP_NOT_GAINED, xp=driver.xp, gained=career.xp_gained)
            least = career.xp_lost - aged
            if driver.xp < least:
                raise bad(number, DRIVERS, XP_NOT_LOST, xp=driver.xp, taken=-least)
            if driver.prior_injuries > career.injuries:
                raise bad_said(number, DRIVERS, _injuries_said(driver, career))
            if driver.races_to_miss > career.most_races_to_miss:
                said = ngettext(
                    "{count} race to miss, but its worst injury cost {most}",
                    "{count} races to miss, but its worst injury cost {most}",
                    driver.races_to_miss,
                )
                raise bad_said(
                    number,
                    DRIVERS,
                    said.format(count=driver.races_to_miss, most=career.most_races_to_miss),
                )

    def _rules(self, round_: Round) -> Championship:
        return championship_for(self.seasons[round_.season_id].ruleset)


def _injuries_said(driver: Driver, career: _Career) -> str:
    """That a driver has more prior injuries than their races gave them: two counts, each
    said with its own plural."""
    prior = ngettext(
        "{count} prior injury", "{count} prior injuries", driver.prior_injuries
    ).format(count=driver.prior_injuries)
    times = ngettext("{count} time", "{count} times", career.injuries).format(count=career.injuries)
    return gettext("{prior_injuries}, but it was injured {times}").format(
        prior_injuries=prior, times=times
    )


def _sheet(*, age: int, prior_injuries: int) -> DriverSheet:
    return DriverSheet(age=age, xp=0, prior_injuries=prior_injuries, races_to_miss=0, status="")


def _outcome(number: int, entry: Entry) -> EntryOutcome:
    return EntryOutcome(
        entry_id=number,
        finished=bool(entry.finished),
        place=entry.place,
        out_reason=entry.out_reason,
        distance=Decimal(entry.distance) if entry.distance is not None else None,
        bonus_points=entry.bonus_points,
        grid=entry.grid,
    )
