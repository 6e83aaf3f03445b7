"""A league's next season under another rule set (a Formula D league tries Formula... Death! for
a season): what its settings, teams and drivers carry over, and what is left to its organiser
(docs/rulings.md, "One league across rule sets").

The league's rule set is its latest season's: it changes only with a season that no race has
started yet, either opened so (`season_open(ruleset=...)`) or the season its last one's end
opened, opened again under another (`season_rules_change`). Every season keeps the rule set it
ran (Season.ruleset), so its pages and records read its own."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext, gettext_noop, ngettext, pgettext

from config.wording import listed
from rules.championship import (
    POINTS_TABLE,
    Championship,
    InvalidSetting,
    UnknownChampionship,
    championship_for,
)

from ..models import (
    Driver,
    DriverStatus,
    Entry,
    League,
    Round,
    RoundStatus,
    Season,
    Team,
    Track,
)
from .common import for_update, league_for_write
from .errors import AlreadyDone, StaleSeason
from .schedules import season_rounds_make, season_schedule

RULESET_UNKNOWN = gettext_noop("There is no rule set {name!r}.")
RULESET_NOT_LATEST = gettext_noop(
    "Season {number} is not the league's latest season: only the season about to be raced may "
    "change its rule set."
)
RULESET_SEASON_ENDED = gettext_noop(
    "Season {number} has ended: the rule set it ran stays in its history."
)
RULESET_MID_SEASON = gettext_noop(
    "Season {number} has started (round {round} is under way or raced): a season keeps the rule "
    "set it started on. Change it when opening the next season."
)
RULESET_HAS_RESULTS = gettext_noop(
    "Season {number} has points adjustments or entries already: a season keeps the rule set it "
    "started on. Change it when opening the next season."
)
RULESET_ALREADY = gettext_noop("Season {number} already runs under {rules}: here it is.")
SEASON_RULES_CHANGED = gettext_noop(
    "Someone else opened this season again first (another tab or device): here it is as it "
    "stands now. Pick again what still applies."
)

# What moving to another rule set keeps and leaves to the organiser (carry_over); {title} is
# the new rule set's title, a name ("Formula D").
CARRY_TEAMS = gettext_noop(
    "Every team and driver carries over to {title}, with their names and colours."
)
CARRY_CAREERS = gettext_noop(
    "Drivers keep their careers: age, XP, prior injuries and races to miss."
)
CARRY_NO_CAREERS = gettext_noop(
    "{title} has no careers: drivers' ages, XP and prior injuries are kept but not used (they "
    "count again under a rule set with careers)."
)
CARRY_NEW_CAREERS = gettext_noop(
    "{title} has careers: each driver starts it from the age and XP they have (a driver who "
    "never had one: age one, no XP)."
)
CARRY_SETTINGS_BACK = gettext_noop(
    "{title}'s own settings come back as season {number} last ran them (those both rule sets "
    "have keep their values now)."
)
CARRY_CARDS_UNUSED = gettext_noop("Drivers' cards are kept but {title} does not use them.")
CARRY_HOMES_UNUSED = gettext_noop("Home tracks are kept but {title} does not use them.")
CARRY_HOMES_NEW = gettext_noop("{title} gives drivers home tracks: set them on the drivers' pages.")
CARRY_CARDS_NEW = gettext_noop("{title} has drivers' cards: give them on the drivers' pages.")
# {setup}: what each season of the rule set sets up, its label as a name ("Wear-point setup").
CARRY_SEASON_SETUP = gettext_noop(
    "{setup}: each season of {title} starts at the rule set's defaults; change them on the "
    "season page before its first race."
)
CARRY_RACES_SET_UP = gettext_noop(
    "Each race of {title} is set up at its start (cars, cards, formats): nothing of the last "
    "season's races carries over."
)


def rules_named(name: str) -> Championship:
    """The championship hooks of the rule set `name`; a ValidationError for no such rule set."""
    try:
        return championship_for(name)
    except UnknownChampionship:
        raise ValidationError(gettext(RULESET_UNKNOWN).format(name=name)) from None


@dataclass(frozen=True)
class CarryOver:
    """What moving a league from one rule set to another keeps and what it leaves to the
    organiser, a line of words each, for the page that opens the season and its message."""

    kept: tuple[str, ...] = ()
    left: tuple[str, ...] = ()  # what the organiser has to see to

    @property
    def lines(self) -> tuple[str, ...]:
        return self.kept + self.left


def carried_settings(
    old: Championship,
    new: Championship,
    settings: Mapping[str, object],
    before: Mapping[str, object] | None = None,
) -> tuple[dict[str, bool | str], tuple[str, ...]]:
    """The league's `settings` under `new`: each setting `new` has too (the same key) keeps its
    value where `new` allows it; the others take what the league last ran `new` with (`before`:
    a season's kept settings, back to a rule set it ran before) or else `new`'s defaults; the
    points table is kept where it is the league's own or a preset of `new` too, else the one it
    ran `new` with before, else `new`'s first preset. With the labels of the settings of `old`
    (changed from their defaults) that `new` drops, in the reader's language."""
    before = before or {}
    carried: dict[str, object] = {}
    for setting in new.settings:
        source = settings if setting.key in settings else before
        if setting.key in source:
            try:
                carried[setting.key] = setting.checked(source[setting.key])
            except InvalidSetting:
                continue
    if new.points_presets and old.points_presets and POINTS_TABLE in settings:
        table = old.points_table(settings)
        if new.points_table_name(table) or not old.points_table_name(table):
            carried[POINTS_TABLE] = settings[POINTS_TABLE]
    if POINTS_TABLE not in carried and POINTS_TABLE in before:
        carried[POINTS_TABLE] = before[POINTS_TABLE]
    try:
        values = new.validated_settings(carried)
        new.check_race_settings(values)
    except InvalidSetting:
        values = new.validated_settings({})
    kept = {setting.key for setting in new.settings}
    dropped = tuple(
        setting.said_label()
        for setting in old.settings
        if setting.key not in kept and setting.value_in(settings) != setting.default
    )
    return values, dropped


def carry_over(league: League, new: Championship) -> CarryOver:
    """What opening the league's next season under `new` keeps of its teams, drivers and
    settings, and what it leaves to the organiser (a few queries: its teams and drivers), in
    the reader's language: a rule set's title stands in each sentence as a name."""
    old = league.rules
    if old.name == new.name:
        return CarryOver()
    title = new.title
    kept = [gettext(CARRY_TEAMS).format(title=title)]
    left: list[str] = []
    drivers = list(Driver.objects.filter(team__league=league).racing().select_related("team"))
    if old.careers and new.careers:
        kept.append(gettext(CARRY_CAREERS))
    elif old.careers:
        kept.append(gettext(CARRY_NO_CAREERS).format(title=title))
        injured = [driver.name for driver in drivers if driver.races_to_miss]
        if injured:
            kept.append(
                ngettext(
                    "Injuries do not carry over: nothing in {title} heals them, so {names} may "
                    "race again.",
                    "Injuries do not carry over: nothing in {title} heals them, so {names} may "
                    "race again.",
                    len(injured),
                ).format(title=title, names=listed(injured))
            )
    elif new.careers:
        kept.append(gettext(CARRY_NEW_CAREERS).format(title=title))
    last_ran = last_ran_with(league, new)
    values, dropped = carried_settings(old, new, league.settings, last_ran[1] if last_ran else None)
    if last_ran:
        kept.append(gettext(CARRY_SETTINGS_BACK).format(title=title, number=last_ran[0]))
    if dropped:
        # Translators: between the labels of settings in a list; a label may hold a comma.
        settings = pgettext("between the labels of a list", "; ").join(dropped)
        left.append(
            ngettext(
                "{title} has no such setting, so it is dropped: {settings}.",
                "{title} has no such settings, so they are dropped: {settings}.",
                len(dropped),
            ).format(title=title, settings=settings)
        )
    cars = new.cars_per_team(values)
    left += _team_lines(_racing_by_team(league, drivers), cars, new)
    cards = any(driver.driver_card for driver in drivers)
    if old.driver_card_skills and not new.driver_card_skills and cards:
        kept.append(gettext(CARRY_CARDS_UNUSED).format(title=title))
    homes = any(driver.home_track_id for driver in drivers)
    if old.home_tracks and not new.home_tracks and homes:
        kept.append(gettext(CARRY_HOMES_UNUSED).format(title=title))
    if new.home_tracks and not old.home_tracks:
        left.append(gettext(CARRY_HOMES_NEW).format(title=title))
    if new.driver_card_skills and not old.driver_card_skills:
        left.append(gettext(CARRY_CARDS_NEW).format(title=title))
    if new.season_setup:
        left.append(
            gettext(CARRY_SEASON_SETUP).format(title=title, setup=new.said_season_setup_title)
        )
    if new.car_build or new.race_formats:
        left.append(gettext(CARRY_RACES_SET_UP).format(title=title))
    return CarryOver(tuple(kept), tuple(left))


def _racing_by_team(league: League, drivers: Sequence[Driver]) -> dict[Team, int]:
    counts: dict[Team, int] = dict.fromkeys(league.teams.order_by("name"), 0)
    for driver in drivers:
        if driver.status == DriverStatus.ACTIVE:
            counts[driver.team] = counts.get(driver.team, 0) + 1
    return counts


def _team_lines(counts: Mapping[Team, int], cars: int, new: Championship) -> list[str]:
    """Teams with more active drivers than `new` races cars a team, or fewer: how many cars
    a team it races, then which teams have more or fewer drivers, a sentence each."""
    more = [team.name for team, count in counts.items() if count > cars]
    fewer = [team.name for team, count in counts.items() if count < cars]
    races = ngettext(
        "{title} races one car a team.", "{title} races {cars} cars a team.", cars
    ).format(title=new.title, cars=cars)
    lines = []
    if more:
        said = ngettext(
            "{names} has more active drivers than that: it picks who starts each round (the "
            "others are kept).",
            "{names} have more active drivers than that: each picks who starts each round (the "
            "others are kept).",
            len(more),
        ).format(names=listed(more))
        lines.append(f"{races} {said}")
    if fewer:
        said = ngettext(
            "{names} has fewer active drivers: hire one or leave a car empty.",
            "{names} have fewer active drivers: hire or leave a car empty.",
            len(fewer),
        ).format(names=listed(fewer))
        lines.append(f"{races} {said}")
    return lines


def last_ran_with(league: League, rules: Championship) -> tuple[int, dict] | None:
    """The league's latest season under `rules` that kept its settings (the league moved on to
    another rule set after it), as (its number, those settings); None if it never ran them."""
    found = (
        Season.objects.filter(league=league, ruleset=rules.name, settings_kept__isnull=False)
        .order_by("-number")
        .values_list("number", "settings_kept")
        .first()
    )
    if found is None or found[1] is None:
        return None
    return found[0], dict(found[1])


def league_rules_move(league: League, new: Championship, opening: Season | None = None) -> None:
    """Move the locked `league` to `new` (the caller holds its lock and opens the season,
    `opening` if it exists already): its settings as `carried_settings` says, and its drivers'
    injuries healed where `new` has no careers to heal them. Every earlier season keeps the
    settings it ran under (Season.settings_kept), which the move would otherwise change under
    its standings."""
    old = league.rules
    if old.name == new.name:
        return
    last_ran = last_ran_with(league, new)
    earlier = Season.objects.filter(league=league, settings_kept__isnull=True)
    if opening is not None:
        earlier = earlier.exclude(pk=opening.pk)
    earlier.update(settings_kept=league.settings)
    if old.careers and not new.careers:
        Driver.objects.filter(team__league=league, races_to_miss__gt=0).update(races_to_miss=0)
    league.settings, _dropped = carried_settings(
        old, new, league.settings, last_ran[1] if last_ran else None
    )
    league.ruleset = new.name
    league.settings_version += 1
    league.full_clean(validate_unique=False, validate_constraints=False)
    league.save(update_fields=["ruleset", "settings", "settings_version"])


def season_rules_refusal(season: Season, rounds: Iterable[Round] | None = None) -> str | None:
    """Why the season may not change its rule set now, or None: only the league's latest
    season, before any race of it starts and before anything is scored in it."""
    if season.is_ended:
        return gettext(RULESET_SEASON_ENDED).format(number=season.number)
    # The rounds first: a season under way (the season page's usual case) is told so without a
    # query of its own.
    if rounds is None:
        rounds = season.rounds.order_by("number").only("number", "status")
    started = next((r for r in rounds if r.status != RoundStatus.SCHEDULED), None)
    if started is not None:
        return gettext(RULESET_MID_SEASON).format(number=season.number, round=started.number)
    latest = season.league.seasons.order_by("-number").values_list("number", flat=True).first()
    if latest != season.number:
        return gettext(RULESET_NOT_LATEST).format(number=season.number)
    if season.adjustments.exists() or Entry.objects.filter(round__season=season).exists():
        return gettext(RULESET_HAS_RESULTS).format(number=season.number)
    return None


@transaction.atomic
def season_rules_change(
    *,
    season: Season,
    ruleset: str,
    preset: str = "",
    tracks: Sequence[Track] | None = None,
    expected_version: int | None = None,
) -> Season:
    """Open the league's latest season again under `ruleset`, before any race of it starts (the
    season its last one's end opened, on that one's rule set), on the sample schedule `preset`
    or on `tracks` (else on the tracks it has). Its rounds are made again by the new rule
    set's round shapes (a round on the same track keeps its date and venue), its setup goes
    back to the new rule set's defaults, and the league moves to the rule set
    (`league_rules_move`). The rule set it has on another schedule makes its rounds again on
    that schedule and keeps its setup; the rule set and the schedule it has are AlreadyDone. A
    form built on an older setup (`expected_version`, the season's setup version) is
    StaleSeason: it would take back what another tab did."""
    league = league_for_write(season.league)
    season = for_update(Season).get(pk=season.pk)
    season.league = league
    new = rules_named(ruleset)
    rounds = list(for_update(season.rounds.select_related("track").order_by("number")))
    same_rules = season.ruleset == new.name
    if not preset and not tracks:
        tracks = [round_.track for round_ in rounds]
    # Under the rule set it has, the schedule asked for decides whether there is anything to
    # do, before whether the season may still change; read once (a sample schedule's tracks
    # are put on the track list as it is read).
    schedule = season_schedule(new, preset, tracks) if same_rules else None
    if schedule is not None and _same_tracks(rounds, schedule):
        raise AlreadyDone(
            gettext(RULESET_ALREADY).format(number=season.number, rules=new.title), done=season
        )
    if refusal := season_rules_refusal(season, rounds):
        raise ValidationError(refusal)
    if expected_version is not None and season.setup_version != expected_version:
        raise StaleSeason(gettext(SEASON_RULES_CHANGED))
    tracks = schedule if schedule is not None else season_schedule(new, preset, tracks)
    league_rules_move(league, new, opening=season)
    Round.objects.filter(season=season).delete()
    season.ruleset = new.name
    season.preset = preset
    if not same_rules:  # the setup is the rule set's: under the same one it stands
        season.setup = {}
    season.setup_version += 1
    season.full_clean(validate_unique=False, validate_constraints=False)
    season.save(update_fields=["ruleset", "preset", "setup", "setup_version"])
    season_rounds_make(season, new, tracks)
    _sessions_kept(season, rounds)
    return season


def _same_tracks(rounds: Sequence[Round], asked: Sequence[Track]) -> bool:
    """Whether the schedule asked for races the season's `rounds`' tracks in their order (a
    sample schedule's name aside: the races are what a schedule is)."""
    return [track.pk for track in asked] == [round_.track_id for round_ in rounds]


def _sessions_kept(season: Season, before: Sequence[Round]) -> None:
    """Each new round on the same track as the round of its number before keeps that round's
    session (its date and venue, as the calendar feed gives them)."""
    was = {round_.number: round_ for round_ in before if round_.starts_at or round_.venue}
    kept = []
    for round_ in season.rounds.filter(number__in=list(was)):
        old = was[round_.number]
        if round_.track_id == old.track_id:
            round_.starts_at, round_.venue = old.starts_at, old.venue
            kept.append(round_)
    Round.objects.bulk_update(kept, ["starts_at", "venue"])
