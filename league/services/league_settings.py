"""A league's settings changed once it is made (the league's settings page): each counts when
its rule set says (`Setting.takes_effect`): at once what only shows more or less (gear odds),
from the next race started what shapes a race (weather, tyres, race length...), and what shapes
a season's scoring, its teams or careers only while the current season has no result yet, as
the points table does; and the league's own language (League.language), at once. Each change is
kept (LeagueSettingChange), for the season's report."""

from __future__ import annotations

from collections.abc import Mapping

from django.conf import settings as django_settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from rules.championship import DISPLAY, SEASON, InvalidSetting

from ..models import League, LeagueSettingChange, Round
from ..models.leagues import LANGUAGE_KEY, LANGUAGE_LABEL
from .common import for_update, league_for_write
from .errors import AlreadyDone, StaleLeague
from .leagues import LEAGUE_CHANGED

SETTINGS_SAME = gettext_noop("{league}'s settings are already as asked: nothing was changed.")
SETTING_SEASON_SCORED = gettext_noop(
    "{label}: season {season} has a result already (round {round}), and a season is scored, "
    "its teams and careers run, under one setting: change it before the next season's first "
    "result."
)


SEASON_SETTINGS_LOCKED = gettext_noop(
    "Season {season} has a result already (round {round}): this one changes before the next "
    "season's first result."
)


def season_settings_locked(league: League) -> str | None:
    """Why the settings that shape the season may not change now (for the page, which shows
    them as they stand), or None."""
    scored = _scored_round(league, lock=False)
    return (
        None
        if scored is None
        else gettext(SEASON_SETTINGS_LOCKED).format(season=scored[0], round=scored[1])
    )


def _scored_round(league: League, *, lock: bool = True) -> tuple[int, int] | None:
    """(season, round) of the current season's first result; `lock`: the rows locked, so that
    a result committed meanwhile waits for this change, or this change for it."""
    season = league.current_season()
    if season is None:
        return None
    rounds = Round.objects.filter(season=season).order_by("number")
    if lock:
        rounds = for_update(rounds)
    scored = next(
        (round_ for round_ in rounds.only("number", "status") if round_.is_finished), None
    )
    return None if scored is None else (season.number, scored.number)


@transaction.atomic
def league_settings_set(
    *,
    league: League,
    settings: Mapping[str, object],
    expected_version: int | None = None,
    made_by=None,
    language: str | None = None,
) -> list[LeagueSettingChange]:
    """Change the league's rule-set settings to `settings` (the rule set checks each), the
    others kept; each change counts when its setting's `takes_effect` says, and one that
    shapes the season (SEASON) is refused once the current season has a result
    (SETTING_SEASON_SCORED). Nothing changed is AlreadyDone (a double tap); a page built on
    older settings is StaleLeague. `language`: the league's own language (a code of
    settings.LANGUAGES), changed at once; None leaves it. The changes made, kept with the
    season they were made in."""
    league = league_for_write(league)
    rules = league.rules
    known = {setting.key: setting for setting in rules.settings}
    asked = {key: value for key, value in settings.items() if key in known}
    try:
        wanted = rules.validated_settings({**league.settings, **asked})
    except InvalidSetting as error:
        raise ValidationError(str(error)) from error
    changed = [
        known[key]
        for key in asked
        if known[key].value_in(league.settings) != known[key].value_in(wanted)
    ]
    new_language = language if language is not None and language != league.language else None
    if not changed and new_language is None:
        raise AlreadyDone(gettext(SETTINGS_SAME).format(league=league), done=league)
    if expected_version is not None and league.settings_version != expected_version:
        raise StaleLeague(gettext(LEAGUE_CHANGED))
    shaping = [setting for setting in changed if setting.takes_effect == SEASON]
    if shaping and (scored := _scored_round(league)) is not None:
        number, round_ = scored
        raise ValidationError(
            [
                gettext(SETTING_SEASON_SCORED).format(
                    label=setting.said_label(), season=number, round=round_
                )
                for setting in shaping
            ]
        )
    current = league.current_season()
    changes = [
        LeagueSettingChange(
            league=league,
            season=current,
            key=setting.key,
            label=setting.label[:200],
            before=setting.value_label(setting.value_in(league.settings))[:200],
            after=setting.value_label(setting.value_in(wanted))[:200],
            effect=setting.takes_effect,
            made_by=made_by,
        )
        for setting in changed
    ]
    if new_language is not None:
        names = dict(django_settings.LANGUAGES)
        changes.append(
            LeagueSettingChange(
                league=league,
                season=current,
                key=LANGUAGE_KEY,
                label=LANGUAGE_LABEL,
                before=names.get(league.language, league.language)[:200],
                after=names.get(new_language, new_language)[:200],
                effect=DISPLAY,
                made_by=made_by,
            )
        )
        league.language = new_language
    league.settings = wanted
    league.settings_version += 1
    league.full_clean(validate_unique=False, validate_constraints=False)
    league.save(update_fields=["settings", "settings_version", "language"])
    for change in changes:
        change.full_clean()
        change.save()
    return changes
