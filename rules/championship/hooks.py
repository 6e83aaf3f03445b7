"""The championship hooks: how a league of a rule set is run. Each rule set's package subclasses
`Championship` (its settings, its season's shape, its points, its ways out, its drivers'
careers); rules/registry.py names the subclass, and the league calls only these hooks."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from types import MappingProxyType
from typing import Generic, TypeVar

from rules.championship.points_table import (
    POINTS_TABLE,
    InvalidPointsTable,
    PointsTable,
    parsed_table,
)
from rules.championship.settings import (
    GEAR_ODDS,
    BuildZone,
    DriverSheet,
    EntryScore,
    InvalidSetting,
    RaceOptionLine,
    RoundShape,
    SeasonPreset,
    Setting,
    SetupNumber,
    TrackFact,
)
from rules.language import gettext as _
from rules.language import gettext_noop as N_
from rules.language import ngettext

# A rule set's own career types: its injury check under way, and what a season's end does to a
# driver. A rule set without careers has neither: Championship[Never, Never].
InjuryCheckT = TypeVar("InjuryCheckT")
SeasonEndT = TypeVar("SeasonEndT")


class Championship(Generic[InjuryCheckT, SeasonEndT]):
    """A rule set's championship hooks: how a league of it is run. A rule set named X subclasses
    it in its package rules.X, and rules/registry.py names the subclass (see championship_for);
    the league calls only these. Generic over the rule set's career types (InjuryCheckT,
    SeasonEndT), which only its own hooks make and read."""

    name: str = ""
    title: str = ""
    careers: bool = False  # drivers gain XP, get hurt, age and retire
    levels: tuple[str, ...] = ()  # the levels a driver races at (`starting`), where it has them
    settings: tuple[Setting, ...] = ()
    most_rounds: int = 1
    weather: bool = False  # its races read the track's weather table
    # What its races read of a track, kept by the league with each track (race_options gets
    # each by its key, read by its `for_race`): Season Pass's weather table, Formula D's chart.
    track_facts: tuple[TrackFact, ...] = ()
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
    # Its notes, in English as written (marked N_, said by the `said_…` properties below in the
    # reader's language, each {name} filled from note_values): what scores besides the table
    # (multipliers, bonus points); the teams' championship, as the rule set's document calls it.
    points_note: str = ""
    teams_title: str = N_("Teams")
    # The same named within a sentence or a list of words ("drivers (CSV) · teams (CSV)"):
    # its own words, never the title lowered (a language that capitalises its nouns does not).
    teams_in_a_sentence: str = N_("teams")
    # The formats a round may be run in, (key, label), where the rule set has them (Mini's).
    race_formats: tuple[tuple[str, str], ...] = ()
    # Whether its race's grid is worked out from the season points so far (race_options gets
    # each starter's points as `season_points`).
    grid_by_standings: bool = False
    # Its races take the previous race's finish (a reverse grid) and the drivers' home tracks.
    grid_from_previous_finish: bool = False
    home_tracks: bool = False
    season_note: str = ""  # what a season is, for the page that opens one (a note, as above)
    # What the round page's result form asks of each car beyond its place, for points on top of
    # it (Mini: laps led); "" where a race scores nothing but places.
    bonus_points_label: str = ""
    # The same points named within a sentence ("incl. lap-leader points: 2"): English writes
    # them in lower case, a language that capitalises its nouns does not (never `.lower()`).
    bonus_points_in_a_sentence: str = ""
    # What each season sets up for all its races (RBB: the cars' wear-point setup), numbers its
    # organiser may change before the season's first race; () where a season sets up nothing.
    season_setup: tuple[SetupNumber, ...] = ()
    season_setup_title: str = ""
    season_end_note: str = N_("close it and open the next")  # what ending a season does (a note)
    # The driver cards its organiser may give drivers (Formula D's road races): the skills
    # (key, title) and the zones a card gives WP to, with the WP a zone may have; () without.
    driver_card_skills: tuple[tuple[str, str], ...] = ()
    driver_card_zones: tuple[BuildZone, ...] = ()
    # The race option a round's race format held before race options were (Formula D's length):
    # a round of then races it.
    race_format_option: str = ""

    def validated_settings(self, raw: Mapping[str, object]) -> dict[str, bool | str]:
        """Every setting of the rule set, from `raw` or, left out, as a stored league without it
        reads it (`Setting.value_in`); InvalidSetting otherwise."""
        known = {setting.key: setting for setting in self.settings}
        unknown = set(raw) - set(known) - ({POINTS_TABLE} if self.points_presets else set())
        if unknown:
            raise InvalidSetting(
                _("{title} has no setting {sorted!r}.").format(
                    title=self.title, sorted=sorted(unknown)[0]
                )
            )
        values = {key: setting.checked(setting.value_in(raw)) for key, setting in known.items()}
        if self.points_presets:
            values[POINTS_TABLE] = str(self._stored_points_table(raw.get(POINTS_TABLE)))
        return values

    def shows_gear_odds(self, settings: Mapping[str, object]) -> bool:
        """Whether a league's `settings` let its players open the gear odds (rules.gear_odds)."""
        return any(setting.key == GEAR_ODDS for setting in self.settings) and bool(
            settings.get(GEAR_ODDS, False)
        )

    @property
    def race_option_settings(self) -> tuple[Setting, ...]:
        """The settings a single round may switch for its race (`Setting.race_option`)."""
        return tuple(setting for setting in self.settings if setting.race_option)

    def validated_race_options(
        self, raw: Mapping[str, object], settings: Mapping[str, object] | None = None
    ) -> dict[str, bool | str]:
        """A round's own values of the race options it switches (those it leaves out race as the
        league says); InvalidSetting for a setting that is no race option or a value it does
        not allow, or, given the league's `settings`, a race the league's settings cannot run
        with them (`check_race_settings`)."""
        known = {setting.key: setting for setting in self.race_option_settings}
        unknown = sorted(set(raw) - set(known))
        if unknown:
            raise InvalidSetting(
                _("{title} has no race option {unknown!r}.").format(
                    title=self.title, unknown=unknown[0]
                )
            )
        options = {key: known[key].checked(value) for key, value in raw.items()}
        if settings is not None:
            self.check_race_settings(self.race_settings(settings, options))
        return options

    def check_race_settings(self, settings: Mapping[str, object]) -> None:
        """InvalidSetting, with the reason, for settings (a league's, or a round's race settings)
        whose values cannot race together; every combination races by default."""

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
                setting.checked(setting.value_in(race)),
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
            raise InvalidSetting(
                _("{title} sets up no {unknown!r} for a season.").format(
                    title=self.title, unknown=unknown[0]
                )
            )
        values: dict[str, int] = {}
        reasons = []
        for key, number in known.items():
            value = raw.get(key, number.default)
            if isinstance(value, bool) or not isinstance(value, int):
                reasons.append(
                    _("{label}: a whole number, not {value!r}.").format(
                        label=number.said_label(), value=value
                    )
                )
                continue
            if not number.low <= value <= number.high:
                reasons.append(
                    _("{label}: {low} to {high}, not {value}.").format(
                        label=number.said_label(), low=number.low, high=number.high, value=value
                    )
                )
            values[key] = value
        if reasons:
            raise InvalidSetting("\n".join(reasons))
        return values

    def _stored_points_table(self, stored: object) -> PointsTable:
        if stored is None:
            return next(iter(self.points_presets.values()))
        if not isinstance(stored, str):
            raise InvalidSetting(
                _("Points table: a table written out, not {stored!r}.").format(stored=stored)
            )
        try:
            return parsed_table(stored)
        except InvalidPointsTable as error:
            raise InvalidSetting(_("Points table: {error}").format(error=error)) from error

    @property
    def default_points_name(self) -> str:
        """The preset a new league takes."""
        return next(iter(self.points_presets), "")

    @property
    def said_default_points_name(self) -> str:
        """The preset a new league takes, in the reader's language (the league page says a
        league's own so: League.points_table_name)."""
        return _(self.default_points_name)

    @property
    def default_points_table(self) -> PointsTable:
        return self.points_table({})

    def points_table(self, settings: Mapping[str, object]) -> PointsTable:
        """The league's points table, as its organiser chose or edited it (a league that never
        did has its rule set's first preset)."""
        if not self.points_presets:
            raise NotImplementedError(
                _("{title} declares no points table.").format(title=self.title)
            )
        return self._stored_points_table(settings.get(POINTS_TABLE))

    def points_table_name(self, table: PointsTable) -> str:
        """The preset `table` is, by name; "" for a table of the league's own."""
        return next((name for name, preset in self.points_presets.items() if preset == table), "")

    def smaller_row(self, settings: Mapping[str, object]) -> bool:
        """Whether a field size the table has no row for scores on the next smaller row (else
        the next larger)."""
        return False

    def settings_summary(self, settings: Mapping[str, object]) -> tuple[str, ...]:
        """The settings that differ from their defaults, in words (the language spoken), for
        the league page."""
        lines = []
        for setting in self.settings:
            value = setting.value_in(settings)
            if value == setting.default:
                continue
            label = setting.said_label()
            if setting.kind == "bool":
                lines.append(label if value else _("{label}: off").format(label=label))
            else:
                lines.append(setting.said_value(value))
        return tuple(lines)

    def note_values(self) -> Mapping[str, object]:
        """What the notes' {names} stand for (the most races a season has, Mini's formats)."""
        return {}

    def said_note(self, note: str) -> str:
        """One of its notes in the reader's language, its {names} filled."""
        return _(note).format(**self.note_values()) if note else ""

    @property
    def said_points_note(self) -> str:
        return self.said_note(self.points_note)

    @property
    def said_teams_title(self) -> str:
        return _(self.teams_title)  # a name, no {placeholder} to fill

    @property
    def said_teams_in_a_sentence(self) -> str:
        return _(self.teams_in_a_sentence)

    @property
    def said_season_note(self) -> str:
        return self.said_note(self.season_note)

    @property
    def said_season_end_note(self) -> str:
        return self.said_note(self.season_end_note)

    @property
    def said_bonus_points_label(self) -> str:
        return _(self.bonus_points_label)

    @property
    def said_bonus_points_in_a_sentence(self) -> str:
        return _(self.bonus_points_in_a_sentence)

    @property
    def said_season_setup_title(self) -> str:
        return _(self.season_setup_title)

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
        placeholders: Collection[str] = (),
    ) -> dict[str, object]:
        """What a race of the rule set takes from its track (the weather table, or Formula D's
        weather chart, and which of its facts are only the placeholder every track starts with,
        `placeholders`, by key), its starters (cars they built, their season points by car), the
        league's settings, the season's setup (see `season_setup`) and the round's format, for the
        race's setup hook. Rule sets that ask for them (see `grid_from_previous_finish`,
        `home_tracks`) also get the race's cars (`starters`), those cars in the order they
        finished the season's previous race, and the cars racing at their driver's home track;
        `teams`, each car's team (a key), for a team race; `driver_cards`, the stored card of
        each car's driver (see `driver_card_skills`)."""
        options: dict[str, object] = {"weather_table": weather_table} if self.weather else {}
        if car_builds and self.car_build:
            options["car_sheets"] = dict(car_builds)
        return options

    def validated_driver_card(self, raw: Mapping[str, object]) -> dict[str, object]:
        """A driver's card as the league stores it ({} for none): its skill and WP by zone, from
        `raw`; InvalidSetting, with the reason, for a card the rule set does not allow."""
        raise InvalidSetting(_("{title} has no driver cards.").format(title=self.title))

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

    # Roster changes by hand (a transfer, a release, a retirement): what the rule set says of a
    # team left with fewer drivers able to race than it races cars, of an injured driver who
    # moves, and of a driver who races no more.

    def short_of_drivers(self, *, team: str, able: int, cars: int) -> str:
        """What `team` may do, left with `able` drivers able to race, fewer than its `cars`
        cars a race."""
        if able == 0:
            said = ngettext(
                "{team} has no driver able to race for its car: hire a driver before the next "
                "race, or leave the car empty.",
                "{team} has no driver able to race for its {cars} cars a race: hire a driver "
                "before the next race, or leave a car empty.",
                cars,
            )
        else:  # fewer than its cars: 2 cars or more
            said = ngettext(
                "{team} has {able} driver able to race for {cars} cars a race: hire a driver "
                "before the next race, or leave a car empty.",
                "{team} has {able} drivers able to race for {cars} cars a race: hire a driver "
                "before the next race, or leave a car empty.",
                able,
            )
        return said.format(team=team, able=able, cars=cars)

    def still_healing(self, *, driver: str, races_to_miss: int) -> str:
        """What becomes of the injury of `driver`, moved to another team with `races_to_miss`
        races still to miss ("" where the rule set says nothing of it)."""
        return ""

    def races_no_more(self, *, driver: str, status: str) -> str:
        """Why `driver`, of `status` (retired, dead, released), may not be moved or let go, in
        the rule set's words ("" where it has none beyond the league's)."""
        return ""

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

    def injury_check(self, columns: Sequence[str], rolls: Sequence[int]) -> InjuryCheckT | None:
        """The injury check as far as it has been rolled; None where none is owed."""
        return None

    def roll_injury(self, check: InjuryCheckT, value: int) -> InjuryCheckT:
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

    def season_end(self, driver: DriverSheet) -> SeasonEndT:
        raise NotImplementedError

    def aging_xp_loss(self, age: int, prior_injuries: int) -> int:
        """The XP a driver of `age` with `prior_injuries` loses at a season's end (0 where
        drivers do not age): the most a season's end can take, for a restored career."""
        return 0
