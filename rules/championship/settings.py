"""What a rule set's championship hooks are made of: its league settings (and the race options a
round may switch), the zones of a car a player builds, the numbers a season sets up, the shape
of a round, sample schedules, a driver's career sheet, what a confirmed result is worth, and the
facts of a track its races read."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from rules.language import gettext as _
from rules.language import gettext_noop as N_


class InvalidSetting(ValueError):
    """A league setting the rule set does not have, or a value it does not allow."""


@dataclass(frozen=True)
class Setting:
    """One league setting of a rule set: a yes/no or a choice, with its default. A `race_option`
    is one a single round may switch too, whatever the league says (Formula D's optional
    rules): see `Championship.race_settings`. A setting added to a rule set with a default that
    would change how its leagues of before race keeps them racing as they did: `unset` is what a
    league's stored settings without it read as (None: the default)."""

    key: str
    label: str
    kind: str  # "bool" or "choice"
    default: bool | str
    choices: tuple[tuple[str, str], ...] = ()
    race_option: bool = False
    unset: bool | str | None = None
    # When a change to it counts (`takes_effect`): "" for what its kind says (a race option
    # from the next race started, any other from the next season's scoring), or one of EFFECTS.
    effect: str = ""
    # A choice's words where its choices are numbers ("{value} damage points", marked N_): each
    # choice's label in English is these words filled, a reader's their translation's.
    choice_words: str = ""

    @property
    def takes_effect(self) -> str:
        """When a league's change to it counts: DISPLAY (at once: it shows more or less, and
        nothing raced or scored changes), STANDINGS (at once: the standings, counted afresh
        from the results on every read, count it for the whole season), RACE (from the next
        race started: a race under way keeps what it started with) or SEASON (how a season is
        scored, its teams or careers run: only while the current season has no result yet)."""
        if self.effect:
            return self.effect
        return RACE if self.race_option else SEASON

    def value_in(self, settings: Mapping[str, object]) -> object:
        """The setting's value in stored `settings`: its own, else what a league made before the
        setting existed races with."""
        if self.key in settings:
            return settings[self.key]
        return self.default if self.unset is None else self.unset

    def checked(self, value: object) -> bool | str:
        """`value` if the setting allows it; InvalidSetting otherwise."""
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise InvalidSetting(
                    _("{label}: yes or no, not {value!r}.").format(label=self.label, value=value)
                )
            return value
        if not isinstance(value, str) or value not in dict(self.choices):
            allowed = ", ".join(choice for choice, _label in self.choices)
            raise InvalidSetting(
                _("{label}: one of {allowed}, not {value!r}.").format(
                    label=self.label, allowed=allowed, value=value
                )
            )
        return value

    def value_label(self, value: object) -> str:
        """A value of the setting in words: a choice's label, "on" or "off" (in English, as a
        settings change's history keeps it; `said_value` says it to a reader)."""
        if self.kind == "bool":
            return "on" if value else "off"
        return dict(self.choices).get(str(value), str(value))

    def said_label(self) -> str:
        """The setting's label in the language spoken (rules/language.py)."""
        return _(self.label)

    def said_choices(self) -> tuple[tuple[str, str], ...]:
        """The choices, each label in the language spoken."""
        if self.choice_words:
            words = _(self.choice_words)
            return tuple((value, words.format(value=value)) for value, _label in self.choices)
        return tuple((value, _(label)) for value, label in self.choices)

    def said_value(self, value: object) -> str:
        """`value_label` in the language spoken."""
        if self.kind == "bool":
            return _("on") if value else _("off")
        if self.choice_words:
            return _(self.choice_words).format(value=value)
        return _(self.value_label(value))


# When a change to a league setting counts (Setting.takes_effect).
DISPLAY = "display"
STANDINGS = "standings"
RACE = "race"
SEASON = "season"
EFFECTS = (DISPLAY, STANDINGS, RACE, SEASON)

GEAR_ODDS = "gear_odds"
# Every rule set whose races ask for gears takes this setting (docs/rulings.md, "Gear odds").
GEAR_ODDS_SETTING = Setting(
    GEAR_ODDS,
    N_("Gear odds: players may open each gear's chances for the corner ahead from the gear prompt"),
    "bool",
    False,
    effect=DISPLAY,
)


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

    @property
    def said(self) -> str:
        """The line in the language spoken (rules/language.py), for the round's page."""
        return _("{label}: {value}").format(
            label=self.setting.said_label(), value=self.setting.said_value(self.value)
        )


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

    def said_label(self) -> str:
        """The number's label in the language spoken (rules/language.py)."""
        return _(self.label)


@dataclass(frozen=True)
class RoundShape:
    """What a rule set attaches to the round of a given number."""

    multiplier: int = 1
    extra_healing: bool = False
    race_format: str = ""  # a key of the rule set's race_formats ("" where it has none)


@dataclass(frozen=True)
class ScheduledTrack:
    """A track of a sample schedule, by name, with its map's number where the document gives it."""

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


@dataclass(frozen=True)
class TrackFact:
    """A fact printed on a track's map that a rule set's races read (Season Pass's weather
    table, Formula D's weather chart): the league keeps it with each track as text under `key`
    (its field's `label` and `help_text`), `default` where the track gives none. `canonical`
    writes a text in its canonical form, raising ValueError with the reason for one the rule
    set cannot read; `for_race` is what the rule set's `race_options` hook takes as `key`.
    A rule set names its facts in `Championship.track_facts`; `track_facts()` (the registry)
    gathers every rule set's."""

    key: str
    label: str
    help_text: str
    default: str
    canonical: Callable[[str], str]
    for_race: Callable[[str], object]


DRIVER_ADJUSTMENTS_FOR_TEAM = "driver_adjustments_for_team"
# Every rule set with a teams' table takes this setting (docs/rulings.md, "Penalties, points
# adjustments and drop rounds"): the documents say nothing of a driver's penalty and the team.
DRIVER_ADJUSTMENTS_FOR_TEAM_SETTING = Setting(
    DRIVER_ADJUSTMENTS_FOR_TEAM,
    N_("A driver's penalty or bonus counts for their team's total too"),
    "bool",
    False,
    effect=STANDINGS,
)
