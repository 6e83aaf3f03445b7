"""How a Formula D league is run. The official rules summary describes single races; a league
of them needs a points table and a season, which the document gives only for its team race
(docs/rulings.md, "Formula D championships").

Its optional rules are league settings, off by default, and race options, which the organiser
may switch for a single round before its race starts: the Three-Lap Race ("laps"), the Weather
Conditions ("weather", on the track's weather chart), the Tire Selection ("tires"), the Technical
Pit Stop ("technical_pit_stop"), the Team Race's pit stops and winner ("team_race"), the
Qualifying Lap with Stopwatch ("stopwatch_qualifying") and Road Races ("road_race": hard tires,
nitro, no pits, the circuit's areas and the driver cards, which the organiser gives each
driver) (docs/rulings.md, "Formula D's optional rules").
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from types import MappingProxyType
from typing import Never

from rules.championship import (
    DRIVER_ADJUSTMENTS_FOR_TEAM_SETTING,
    GEAR_ODDS_SETTING,
    BuildZone,
    Championship,
    InvalidSetting,
    PointsTable,
    Setting,
    TrackFact,
)
from rules.formula_d.car import BUILD_LIMITS, ZONE_LABELS, ZONE_WP_LABEL, Zone, wp_text
from rules.formula_d.driver_cards import (
    CARD_WP,
    SKILLS,
    InvalidDriverCard,
    driver_card,
    skill_title,
)
from rules.formula_d.race.state import OUT_REASONS
from rules.formula_d.rounds import RACE_LAP_CHOICES, RACE_LAPS, THREE_LAP_RACE
from rules.formula_d.team_race import TEAM_RACE_TABLE, TEAM_SIZE
from rules.formula_d.weather import (
    DEFAULT_WEATHER_CHART,
    format_weather_chart,
    parse_weather_chart,
)
from rules.language import gettext as _
from rules.language import gettext_noop as N_


def _canonical_weather_chart(text: str) -> str:
    return format_weather_chart(parse_weather_chart(text))


def _chart_as_written(text: str) -> object:
    return text


# The track's weather chart (the Weather Conditions rule): kept by the league with every track
# (`Championship.track_facts`), and given to the race as written, where the league plays it.
WEATHER_CHART = TrackFact(
    key="weather_chart",
    label=N_("Formula D weather chart"),
    help_text=N_(
        "Formula D's weather chart for the track (its Weather Conditions rule), as "
        "black-die ranges of its four lines, e.g. '1-8 good, 9-14 changeable, "
        "15-17 rain changeable, 18-20 rainy'."
    ),
    default=DEFAULT_WEATHER_CHART,
    canonical=_canonical_weather_chart,
    for_race=_chart_as_written,
)


def chart_options(weather_chart: str, placeholders: Collection[str]) -> dict[str, object]:
    """The race's weather chart: the track's (the placeholder where it has none), and whether
    the league says it is only the placeholder every track starts with, not the board's
    (`placeholders`: the track's facts that are, by key), for the prompts to say so."""
    options: dict[str, object] = {"weather_chart": weather_chart or DEFAULT_WEATHER_CHART}
    if WEATHER_CHART.key in placeholders:
        options["weather_chart_placeholder"] = True
    return options


# Each race length in words, with the pit stops it allows (pit_stop.pit_stops_allowed): said in the
# reader's language where shown (Setting.said_choices).
RACE_LENGTH_WORDS = {
    RACE_LAPS: N_("2 laps, 1 pit stop"),
    THREE_LAP_RACE: N_("3 laps, 2 pit stops (the Three-Lap Race)"),
}

# The league setting and round formats that say how many laps a race is: "2" or "3".
LAPS_SETTING = "laps"
RACE_LENGTHS = tuple((str(laps), RACE_LENGTH_WORDS[laps]) for laps in RACE_LAP_CHOICES)

# The league setting that plays the Weather Conditions (an optional rule) on the track's chart.
WEATHER_SETTING = "weather"
# The league setting that plays the Tire Selection (an optional rule).
TIRES_SETTING = "tires"
# The league setting that lets a pit stop be a Technical Pit Stop (an optional rule).
TECHNICAL_SETTING = "technical_pit_stop"
# The league setting that runs each race as a Team Race (an optional rule): its teams' pools.
TEAM_RACE_SETTING = "team_race"
# The league setting that runs each race as a Road Race (an optional rule), with driver cards.
ROAD_RACE_SETTING = "road_race"
# The league setting that sets the grid by a Qualifying Lap with Stopwatch (an optional rule)
# instead of the black die.
STOPWATCH_SETTING = "stopwatch_qualifying"

# A season is the organiser's choice of races; twelve keeps a season to a season's length.
MOST_ROUNDS = 12

# How Overshooting's "If the car overshoot by more than 1 space, it is eliminated" is read of a
# car losing its last tire WP (docs/rulings.md, "Losing the last tire WP").
# The Three-Lap Race (a race option), which Formula... Death! offers as well.
RACE_LENGTH = Setting(
    LAPS_SETTING, N_("Race length"), "choice", str(RACE_LAPS), RACE_LENGTHS, race_option=True
)

LAST_TIRE_WP_SETTING = "last_tire_wp"
OUT_BY_MORE = "out"
SPIN = "spin"
LAST_TIRE_WP = Setting(
    LAST_TIRE_WP_SETTING,
    N_("A car losing its last tire WP by overshooting"),
    "choice",
    OUT_BY_MORE,
    (
        (OUT_BY_MORE, N_("spins if it overshot by 1 space, is eliminated by more (as written)")),
        (SPIN, N_("spins whenever it overshot by exactly the tire WP it had left")),
    ),
    race_option=True,
    unset=SPIN,  # leagues made before the setting keep racing as they did
)


def last_tire_wp_options(settings: Mapping[str, object]) -> dict[str, object]:
    """The race's option for the Overshooting reading `settings` (a round's) choose."""
    return {"overshoot_by_more_out": True} if LAST_TIRE_WP.value_in(settings) == OUT_BY_MORE else {}


class FormulaDChampionship(Championship[Never, Never]):
    name = "formula_d"
    title = "Formula D"
    settings = (
        Setting(
            "cars_per_team",
            N_("Cars each team (player) races"),
            "choice",
            "1",
            (("1", N_("One car a player")), ("2", N_("Two cars a team, as in the team race"))),
        ),
        RACE_LENGTH,
        Setting(
            WEATHER_SETTING,
            N_("Weather Conditions, on each track's weather chart"),
            "bool",
            False,
            race_option=True,
        ),
        Setting(
            TIRES_SETTING,
            N_("Tire Selection: hard, soft and rain tires"),
            "bool",
            False,
            race_option=True,
        ),
        Setting(
            TECHNICAL_SETTING,
            N_("Technical pit stops: 2 WP back in a race"),
            "bool",
            False,
            race_option=True,
        ),
        Setting(
            TEAM_RACE_SETTING,
            N_("Team race: a team's 4 WP for repairs at its pit stops, the team's points win"),
            "bool",
            False,
            race_option=True,
        ),
        Setting(
            STOPWATCH_SETTING,
            N_("Qualifying lap with stopwatch: the grid by a timed lap each, not the black die"),
            "bool",
            False,
            race_option=True,
        ),
        Setting(
            ROAD_RACE_SETTING,
            N_(
                "Road race: hard tires, nitro, no pits, the engine noise, danger zone, pole "
                "station and checkpoint, and the drivers' cards"
            ),
            "bool",
            False,
            race_option=True,
        ),
        LAST_TIRE_WP,
        GEAR_ODDS_SETTING,
        DRIVER_ADJUSTMENTS_FOR_TEAM_SETTING,
    )
    most_rounds = MOST_ROUNDS
    track_facts = (WEATHER_CHART,)
    # A round once given its length as its race format races that length (a backup of then).
    race_format_option = LAPS_SETTING
    # Constructing Your Car: a player may build the car from 20 WP instead of the standard one.
    car_build = tuple(
        BuildZone(zone.name.lower(), ZONE_LABELS[zone], low, high)
        for zone, (low, high) in BUILD_LIMITS.items()
    )
    out_reasons = tuple(OUT_REASONS.items())
    # Road Races: each driver's card, a skill of the Skill Reference and WP in every zone.
    driver_card_skills = tuple((skill.value, card.title) for skill, card in SKILLS.items())
    driver_card_zones = tuple(
        BuildZone(zone.name.lower(), ZONE_WP_LABEL[zone], *CARD_WP) for zone in Zone
    )
    points_presets = MappingProxyType({N_("Formula D team race"): TEAM_RACE_TABLE})
    season_note = N_(
        "A season is up to {races} races of two laps each (or three, as the league or a "
        "round says), on the tracks you pick, in race order; every race scores the same."
    )

    def note_values(self) -> Mapping[str, object]:
        return {"races": MOST_ROUNDS}

    def cars_per_team(self, settings: Mapping[str, object]) -> int:
        return int(str(settings.get("cars_per_team", "1")))

    def check_race_settings(self, settings: Mapping[str, object]) -> None:
        """Team Race: "Form teams, each with 2 players": a league of one car a team races no
        team race."""
        if settings.get(TEAM_RACE_SETTING) and self.cars_per_team(settings) != TEAM_SIZE:
            raise InvalidSetting(
                _(
                    "A team race is raced by teams of {size} cars each (Optional Rules, Team "
                    "Race): this league's teams race one car each."
                ).format(size=TEAM_SIZE)
            )

    def race_laps(self, settings: Mapping[str, object]) -> int:
        """The laps of a race run by `settings` (a round's `race_settings`)."""
        return int(str(settings.get(LAPS_SETTING, RACE_LAPS)))

    def team_race_points(self, settings: Mapping[str, object]) -> PointsTable | None:
        """Team Race: "each car receives a number of winning points and the team with the
        highest number of total points wins the race": 10-8-6-5-4-3-2-1-0-0, whatever table
        the league scores its drivers by."""
        return TEAM_RACE_TABLE if settings.get(TEAM_RACE_SETTING) else None

    def race_options(
        self,
        *,
        weather_table: object,
        weather_chart: str = "",
        car_builds: Mapping[str, Mapping[str, int]] | None = None,
        settings: Mapping[str, object] | None = None,
        teams: Mapping[str, str] | None = None,
        driver_cards: Mapping[str, Mapping[str, object]] | None = None,
        placeholders: Collection[str] = (),
        **_not_asked: object,  # what other rule sets' races take (season points, a reverse grid)
    ) -> dict[str, object]:
        """The cars built by their players and the optional rules the race is run with, by
        `settings` (the round's `race_settings`): its laps, the track's weather chart where it
        plays the weather, the tires, technical pit stops, the teams of a team race, stopwatch
        qualifying; in a road race, the cards of the drivers who have one."""
        settings = settings or {}
        options = super().race_options(weather_table=weather_table, car_builds=car_builds)
        options["laps"] = self.race_laps(settings)
        if settings.get(WEATHER_SETTING):
            options.update(chart_options(weather_chart, placeholders))
        if settings.get(TIRES_SETTING):
            options["tires"] = True
        if settings.get(TECHNICAL_SETTING):
            options["technical_pit_stop"] = True
        if settings.get(TEAM_RACE_SETTING) and teams:
            options["teams"] = dict(teams)
        if settings.get(ROAD_RACE_SETTING):
            options["road_race"] = True
            cards = {car: dict(card) for car, card in (driver_cards or {}).items() if card}
            if cards:
                options["driver_cards"] = cards
        if settings.get(STOPWATCH_SETTING):
            options["stopwatch_qualifying"] = True
        options.update(last_tire_wp_options(settings))
        return options

    def validated_driver_card(self, raw: Mapping[str, object]) -> dict[str, object]:
        try:
            card = driver_card(raw)
        except InvalidDriverCard as refusal:
            raise InvalidSetting(str(refusal)) from None
        stored: dict[str, object] = {"skill": card.skill.value} if card.skill else {}
        if card.sheet is not None:
            stored |= {zone.name.lower(): card.sheet[zone] for zone in Zone}
        return stored

    def driver_card_text(self, card: Mapping[str, object]) -> str:
        """ "Car Radio; 8 tire WP, 4 brake WP, 4 gearbox WP, 3 car body WP, 3 engine WP, 2 road
        handling WP", in the language spoken."""
        if not card:
            return ""
        known = driver_card(card)
        skill = skill_title(known.skill) if known.skill else _("no skill")
        if known.sheet is None:
            return _("{skill}; the car the race gives it").format(skill=skill)
        wp = ", ".join(wp_text(zone, known.sheet[zone]) for zone in Zone)
        # Translators: a driver card's skill, then its WP by zone ("8 tire WP, 4 brake WP…").
        return _("{skill}; {wp}").format(skill=skill, wp=wp)
