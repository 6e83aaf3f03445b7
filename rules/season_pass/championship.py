"""How a Season Pass league is run: its settings, nine-race seasons, the Scoring Table, and the
careers of its drivers (experience, injuries, healing, aging, retirement).

The league (league/services.py) stores what these hooks return; the rules are all here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from rules.championship import (
    DRIVER_ADJUSTMENTS_FOR_TEAM_SETTING,
    GEAR_ODDS_SETTING,
    Championship,
    DriverSheet,
    EntryScore,
    RoundShape,
    Setting,
    TrackFact,
)
from rules.language import gettext as _
from rules.language import gettext_noop as N_
from rules.language import ngettext
from rules.season_pass.driving import DISABLING_DAMAGE
from rules.season_pass.experience import (
    XP_FOR_FINISHING_UNINJURED,
    XP_FOR_STARTING,
    Level,
    level_for,
    level_when_starting,
    retires,
)
from rules.season_pass.injuries import (
    Column,
    InjuryCheck,
    collision_injury_columns,
    counts_as_injury,
    heal_after_round,
    injury_check_roll,
    injury_xp_loss,
    overshoot_column,
    races_to_miss_for,
    resolve_injury,
)
from rules.season_pass.schedule import (
    ROUNDS_PER_SEASON,
    SAMPLE_SCHEDULE,
    extra_healing_before,
    round_multiplier,
)
from rules.season_pass.scoring import SCORING_POINTS, FieldSizeRule
from rules.season_pass.season_end import SeasonEndChange, aging_xp_loss, season_end_change
from rules.season_pass.weather import (
    DEFAULT_WEATHER_TABLE,
    format_weather_table,
    parse_weather_table,
)


def _canonical_weather_table(text: str) -> str:
    return format_weather_table(parse_weather_table(text))


# The weather table printed on each map, which a race's Weather Score is rolled against: kept
# by the league with every track (`Championship.track_facts`).
WEATHER_TABLE = TrackFact(
    key="weather_table",
    label=N_("Weather table"),
    help_text=N_(
        "The weather table printed on the map, as black-die ranges, "
        "e.g. '1-14 sun, 15-18 rain, 19-20 variable'."
    ),
    default=DEFAULT_WEATHER_TABLE,
    canonical=_canonical_weather_table,
    for_race=parse_weather_table,
)

ACTIVE, RETIRED, DEAD = "active", "retired", "dead"


class SeasonPassChampionship(Championship[InjuryCheck, SeasonEndChange]):
    name = "season_pass"
    title = "Season Pass"
    careers = True
    levels = tuple(level.value for level in Level)
    settings = (
        Setting(
            "third_car",
            N_("Third Car Variant (three cars a team; for two or three players)"),
            "bool",
            False,
        ),
        Setting(
            "field_size_rule",
            N_("Field sizes the scoring table lacks"),
            "choice",
            FieldSizeRule.NEXT_LARGER.value,
            (
                (FieldSizeRule.NEXT_LARGER.value, N_("Use the next larger printed field size")),
                (FieldSizeRule.NEXT_SMALLER.value, N_("Use the next smaller printed field size")),
            ),
        ),
        Setting(
            "retire_mid_season",
            N_(
                "Retire a driver as soon as an injury takes their XP below zero "
                "(otherwise at the end of the season)"
            ),
            "bool",
            False,
        ),
        GEAR_ODDS_SETTING,
        DRIVER_ADJUSTMENTS_FOR_TEAM_SETTING,
    )
    most_rounds = ROUNDS_PER_SEASON
    weather = True  # the Weather Score, from the weather table printed on each map
    track_facts = (WEATHER_TABLE,)
    presets = SAMPLE_SCHEDULE
    out_reasons = (
        ("overshoot", N_("Overshot a corner")),
        ("air_brake", N_("Failed to air brake")),
        ("collision", N_("Disabled in a collision")),
    )
    # What the result form needs to know of each way out: the Overshoot Table's number, or the
    # collision damage points (the injury check depends on them).
    out_reason_facts = MappingProxyType(
        {"overshoot": "overshoot", "air_brake": "overshoot", "collision": "damage"}
    )
    least_disabling_damage = DISABLING_DAMAGE
    points_presets = MappingProxyType({"Season Pass": SCORING_POINTS})
    points_note = N_("The round's multiplier (2x, 3x) multiplies the points.")
    season_note = N_(
        "A season is nine races; the first and fifth score double, the ninth triple, and "
        "injured drivers get an extra week of healing before the fifth and ninth."
    )
    season_end_note = N_("heal, age, retire")

    def cars_per_team(self, settings: Mapping[str, object]) -> int:
        return 3 if settings.get("third_car") else 2

    def round_shape(self, number: int) -> RoundShape:
        return RoundShape(round_multiplier(number), extra_healing_before(number))

    def smaller_row(self, settings: Mapping[str, object]) -> bool:
        rule = FieldSizeRule(str(settings.get("field_size_rule", FieldSizeRule.NEXT_LARGER)))
        return rule is FieldSizeRule.NEXT_SMALLER

    # --- careers ---------------------------------------------------------------------------

    def level_for(self, xp: int) -> str:
        return level_for(xp).value

    def starting(self, xp: int) -> tuple[str, int]:
        return level_when_starting(xp).value, XP_FOR_STARTING

    def injury_columns(
        self, out_reason: str, overshoot: int | None, damage: int | None
    ) -> tuple[str, ...]:
        """The columns of the injury check a car out of the race rolls against ("Injuries")."""
        if out_reason == "collision":
            return tuple(column.value for column in collision_injury_columns(damage or 0))
        return (overshoot_column(overshoot or 0).value,)

    def injury_check(self, columns: Sequence[str], rolls: Sequence[int]) -> InjuryCheck | None:
        """The injury check as far as it has been rolled, or None where none is owed."""
        if not columns:
            return None
        return resolve_injury([Column(column) for column in columns], rolls)

    def roll_injury(self, check: InjuryCheck, value: int) -> InjuryCheck:
        """The check with one more black-die roll ("Injuries": roll until settled)."""
        return injury_check_roll(check, value)

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
        """Points, XP and injury of one car ("Scoring", "Experience", "Injuries"); the point for
        starting was already given when the round started."""
        points = self.points_for(place, field_size, multiplier, settings)
        check = self.injury_check(injury_columns, injury_rolls)
        xp_after_start = 0
        if finished:
            xp_after_start = XP_FOR_FINISHING_UNINJURED
        elif check is not None and not check.safe and not check.dead:
            xp_after_start = -injury_xp_loss(check.severity, driver.age, driver.prior_injuries)
        severity, injured, dead = 0, False, False
        prior_injuries, races_to_miss, status = (
            driver.prior_injuries,
            driver.races_to_miss,
            driver.status,
        )
        if check is not None:
            severity, dead = check.severity, check.dead
            injured = counts_as_injury(check)
            prior_injuries += int(injured)
            races_to_miss = races_to_miss_for(check.severity)
            if dead:
                status = DEAD
        xp = driver.xp + xp_after_start
        if settings.get("retire_mid_season") and status == ACTIVE and retires(xp):
            status = RETIRED
        return EntryScore(
            points=points,
            xp_change=XP_FOR_STARTING + xp_after_start,
            severity=severity,
            injured=injured,
            dead=dead,
            driver=DriverSheet(
                age=driver.age,
                xp=xp,
                prior_injuries=prior_injuries,
                races_to_miss=races_to_miss,
                status=status,
            ),
        )

    # --- roster changes by hand --------------------------------------------------------------

    def short_of_drivers(self, *, team: str, able: int, cars: int) -> str:
        """A team short of uninjured drivers may start a rookie in each empty seat (Selecting
        Drivers), hired before the race (New Drivers)."""
        seats = cars - able
        return ngettext(
            "{team} has {able} of its {cars} drivers able to race (a driver with races still to "
            "miss may not race): in {title} it may start a new rookie (age 1, 0 XP) in the empty "
            "seat (Selecting Drivers), hired before the race (New Drivers).",
            "{team} has {able} of its {cars} drivers able to race (a driver with races still to "
            "miss may not race): in {title} it may start {seats} new rookies (age 1, 0 XP) in the "
            "empty seats (Selecting Drivers), hired before the race (New Drivers).",
            seats,
        ).format(team=team, able=able, cars=cars, title=self.title, seats=seats)

    def still_healing(self, *, driver: str, races_to_miss: int) -> str:
        """An injury is the driver's, not the team's: they heal with their new team as they
        would have with the old (Healing; Aging and healing)."""
        if races_to_miss <= 0:
            return ""
        return ngettext(
            "{driver} still misses {count} race and heals with the new team as before: a race "
            "sat out, the extra week before the fifth and ninth races, eight at the season's end "
            "(Healing; Aging and healing).",
            "{driver} still misses {count} races and heals with the new team as before: a race "
            "sat out, the extra week before the fifth and ninth races, eight at the season's end "
            "(Healing; Aging and healing).",
            races_to_miss,
        ).format(driver=driver, count=races_to_miss)

    def races_no_more(self, *, driver: str, status: str) -> str:
        if status == RETIRED:
            return _("In {rules} a retired driver may no longer race (Retirement).").format(
                rules=self.title
            )
        if status == DEAD:
            return _("{driver} died of an injury (Injury Table) and races no more.").format(
                driver=driver
            )
        return ""

    def heal_after_round(self, races_to_miss: int, *, sat_out: bool, extra_week_next: bool) -> int:
        return heal_after_round(races_to_miss, sat_out=sat_out, extra_week_next=extra_week_next)

    def aging_xp_loss(self, age: int, prior_injuries: int) -> int:
        return aging_xp_loss(age, prior_injuries)

    def season_end(self, driver: DriverSheet) -> SeasonEndChange:
        """Healing, aging and retirement at the end of the season (season_pass.season_end)."""
        return season_end_change(
            age=driver.age,
            xp=driver.xp,
            prior_injuries=driver.prior_injuries,
            races_to_miss=driver.races_to_miss,
        )
