"""A season's schedule: its tracks in race order (a sample schedule's, or picked), and the
rounds made of them. Read by a season's opening and by a change of its rule set."""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.utils.translation import gettext, gettext_noop

from rules.championship import Championship, SeasonPreset

from ..models import Round, Season, Track
from .tracks import tracks_ensure_sample

SCHEDULE_NEEDS_TRACKS = gettext_noop("A season needs at least one track on its schedule.")
SCHEDULE_TOO_LONG = gettext_noop("A season consists of {rounds} races; this schedule has {count}.")
UNKNOWN_PRESET = gettext_noop("There is no sample schedule called {name!r}.")


def _preset(rules: Championship, name: str) -> SeasonPreset:
    for preset in rules.presets:
        if preset.name == name:
            return preset
    raise ValidationError(gettext(UNKNOWN_PRESET).format(name=name))


def season_schedule(
    rules: Championship, preset: str = "", tracks: Sequence[Track] | None = None
) -> list[Track]:
    """The tracks of a season under `rules`, in race order: its sample schedule `preset`'s, or
    `tracks`; a ValidationError for none, or for more than a season of `rules` races."""
    if preset:
        by_name = tracks_ensure_sample(rules)
        tracks = [by_name[scheduled.name] for scheduled in _preset(rules, preset).tracks]
    if not tracks:
        raise ValidationError(gettext(SCHEDULE_NEEDS_TRACKS))
    if len(tracks) > rules.most_rounds:
        raise ValidationError(
            gettext(SCHEDULE_TOO_LONG).format(rounds=rules.most_rounds, count=len(tracks))
        )
    return list(tracks)


def season_rounds_make(season: Season, rules: Championship, tracks: Sequence[Track]) -> None:
    """The season's rounds on `tracks`, in order, each shaped as `rules` shape its number."""
    rounds = []
    for number, track in enumerate(tracks, start=1):
        shape = rules.round_shape(number)
        rounds.append(
            Round(
                season=season,
                number=number,
                track=track,
                multiplier=shape.multiplier,
                extra_healing=shape.extra_healing,
                race_format=shape.race_format,
            )
        )
    Round.objects.bulk_create(rounds)
