"""The shared track list: a track added, the sample schedules' tracks, a track corrected by
whoever added it, a copy made for one's own league."""

from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models.functions import Lower
from django.utils.translation import gettext, gettext_noop

from rules.championship import Championship, track_fact, track_facts

from ..models import (
    League,
    Round,
    RoundStatus,
    Track,
)
from .common import for_update, insert_once, league_for_write, leagues_changed, refuse
from .errors import AlreadyDone, StaleTrack

TRACK_NAME_TAKEN = gettext_noop(
    "A track called {name!r} is already on the list, with another weather table."
)
TRACK_EXISTS = gettext_noop("{track} is already on the track list.")
TRACK_RENAME_TAKEN = gettext_noop(
    "Another track is already called {name!r}: track names are told apart whatever the case."
)
TRACK_RUNNING = gettext_noop(
    "Round {number} of {league}'s season {season} is being raced on {track}: edit the track "
    "once that round is finished."
)
TRACK_RUNNING_ELSEWHERE = gettext_noop(
    "A round of another league is being raced on {track}: edit the track once it is finished."
)
TRACK_CHANGED = gettext_noop(
    "Someone else edited this track first: here it is as it stands now. Edit it again if your "
    "change still applies."
)
TRACK_EDITED_ALREADY = gettext_noop("{track} is already as asked.")
TRACK_NOT_YOURS = gettext_noop(
    "{track} is on the shared list for every league, and only who added it may change it: "
    "make a copy of your own instead."
)
COPY_NAME = gettext_noop("{name} ({user})")
COPY_NAME_AGAIN = gettext_noop("{name} ({user} {number})")
MOST_COPIES = 50
NO_FREE_COPY_NAME = gettext_noop(
    "Could not find a free name for the copy: rename one of your copies first."
)


@transaction.atomic
def tracks_ensure_sample(rules: Championship) -> dict[str, Track]:
    """The tracks of the rule set's sample schedules by their printed names, created where the
    list lacks them (idempotent; a track already there under another case is that track). A
    fixed number of queries, however many tracks."""
    printed = {track.name: track.number for preset in rules.presets for track in preset.tracks}
    if not printed:
        return {}
    on_list = _tracks_named(printed)
    missing = [name for name in printed if name.lower() not in on_list]
    if missing:
        Track.objects.bulk_create(
            [Track(name=name, number=printed[name]) for name in missing], ignore_conflicts=True
        )
        on_list = _tracks_named(printed)
    return {name: on_list[name.lower()] for name in printed}


def sample_schedule_tracks(rules: Championship, preset: str) -> list[Track]:
    """The tracks of the rule set's sample schedule `preset`, in race order, as the track list
    has them (none for a schedule it does not have, or whose tracks are not all listed yet)."""
    schedule = next((each for each in rules.presets if each.name == preset), None)
    if schedule is None:
        return []
    listed = _tracks_named([track.name for track in schedule.tracks])
    keys = [track.name.lower() for track in schedule.tracks]
    return [listed[key] for key in keys] if all(key in listed for key in keys) else []


def _tracks_named(names) -> dict[str, Track]:
    """The tracks whose names are `names` whatever the case, by their names in lower case."""
    lowered = [name.lower() for name in names]
    tracks = Track.objects.annotate(key=Lower("name")).filter(key__in=lowered)
    return {track.key: track for track in tracks}


@transaction.atomic
def track_create(
    *,
    name: str,
    number: int | None = None,
    weather_table: str = "",
    weather_chart: str = "",
    added_by=None,
) -> Track:
    """A track on the shared list, which `added_by` (and a site admin) may edit."""
    track = Track(
        name=name.strip(),
        number=number,
        weather_table=weather_table or _default("weather_table"),
        weather_chart=weather_chart or _default("weather_chart"),
        weather_chart_from_board=bool(weather_chart.strip()),
        added_by=added_by,
    )
    track.clean()  # the weather tables in canonical form, to compare with a track of that name
    existing = Track.objects.filter(name__iexact=track.name).first()
    if existing is not None:
        if _same_track(existing, track):
            raise AlreadyDone(gettext(TRACK_EXISTS).format(track=existing), done=existing)
        raise ValidationError(gettext(TRACK_NAME_TAKEN).format(name=track.name))
    # A twin request's track is told apart at the insert (_track_replay), not refused here.
    track.full_clean(validate_unique=False, validate_constraints=False)
    return insert_once(track, lambda: _track_replay(track))


def _track_replay(track: Track) -> None:
    """After a clash on the unique name: the twin request's track, told apart as above."""
    existing = Track.objects.filter(name__iexact=track.name).first()
    if existing is not None and _same_track(existing, track):
        raise AlreadyDone(gettext(TRACK_EXISTS).format(track=existing), done=existing)
    raise ValidationError(gettext(TRACK_NAME_TAKEN).format(name=track.name))


def _same_track(existing: Track, track: Track) -> bool:
    """Whether `track` is `existing` asked for again: its number and weather tables too."""
    return all(getattr(existing, field) == getattr(track, field) for field in TRACK_FACTS)


def _default(key: str) -> str:
    """A track fact's text where the form left it empty: its rule set's default."""
    return track_fact(key).default


# What makes two tracks of one name the same track: the map's number and every fact a rule
# set reads of it (its weather tables).
TRACK_FACTS = ("number", *(fact.key for fact in track_facts()))


def track_edit_refusal(
    track: Track, rounds: Iterable[Round] | None = None, *, viewer=None
) -> str | None:
    """Why `track` may not be edited now, or None: not while a round is raced on it (its race
    was set up with the track's weather table). `rounds`: the track's rounds, if at hand. The
    league racing on it is named only to a `viewer` who may see that league."""
    if rounds is None:
        rounds = track.rounds.select_related("season__league")
    for round_ in rounds:
        if round_.status == RoundStatus.STARTED:
            league = round_.season.league
            if not (league.published if viewer is None else league.visible_to(viewer)):
                return gettext(TRACK_RUNNING_ELSEWHERE).format(track=track.name)
            return gettext(TRACK_RUNNING).format(
                number=round_.number, league=league, season=round_.season.number, track=track.name
            )
    return None


@transaction.atomic
def track_edit(
    *,
    track: Track,
    name: str,
    number: int | None,
    weather_table: str,
    expected_version: int,
    weather_chart: str | None = None,
    editor=None,
) -> Track:
    """Rename a track, or correct its number or weather tables (Formula D's chart kept unless
    `weather_chart` is given), while no round is raced on it (a league racing on it is named
    to an `editor` who may see it).
    The same edit posted twice is done once (AlreadyDone); an edit built on an older version
    of the track is refused (StaleTrack); an `editor` who did not add it (nor is a site admin)
    is refused (TRACK_NOT_YOURS)."""
    track = for_update(Track).get(pk=track.pk)
    if editor is not None and not track.editable_by(editor):
        raise PermissionDenied(gettext(TRACK_NOT_YOURS).format(track=track))
    edited = Track(
        pk=track.pk,
        name=name.strip(),
        number=number,
        weather_table=weather_table or _default("weather_table"),
        weather_chart=(
            track.weather_chart
            if weather_chart is None
            else weather_chart or _default("weather_chart")
        ),
        # A chart typed in is the board's (even one that reads as the placeholder); a blank
        # one is the placeholder again.
        weather_chart_from_board=(
            track.weather_chart_from_board if weather_chart is None else bool(weather_chart.strip())
        ),
        version=track.version,
    )
    edited.clean()  # the weather tables in canonical form, to compare with the stored ones
    fields = ("name", *TRACK_FACTS, "weather_chart_from_board")
    if all(getattr(edited, field) == getattr(track, field) for field in fields):
        raise AlreadyDone(gettext(TRACK_EDITED_ALREADY).format(track=track), done=track)
    if track.version != expected_version:
        raise StaleTrack(gettext(TRACK_CHANGED))
    # The leagues that show the track move on first (their rows are locked before their
    # rounds, as every write takes them); then its rounds are locked, as round_start locks the
    # round it starts: a round cannot start on the track between this check and the edit.
    leagues_changed(League.objects.filter(seasons__rounds__track=track))
    rounds = for_update(Round, of=("self",)).filter(track=track)
    refusal = track_edit_refusal(track, rounds.select_related("season__league"), viewer=editor)
    if refusal:
        raise ValidationError(refusal)
    if Track.objects.filter(name__iexact=edited.name).exclude(pk=track.pk).exists():
        raise ValidationError(gettext(TRACK_RENAME_TAKEN).format(name=edited.name))
    edited.full_clean(validate_unique=False, validate_constraints=False)
    edited.version += 1
    try:
        with transaction.atomic():
            edited.save(update_fields=[*fields, "version"])
    except IntegrityError:  # a track of that name was added since the check
        raise ValidationError(gettext(TRACK_RENAME_TAKEN).format(name=edited.name)) from None
    return edited


@transaction.atomic
def track_copy(*, track: Track, user, league: League | None = None) -> Track:
    """A copy of `track` that `user` added (so may edit): "Monza (ann)", or "Monza (ann 2)"...;
    with `league`, one they organise, its rounds on `track` not yet started race on the copy
    from now on."""
    for number in range(1, MOST_COPIES + 1):
        template = gettext(COPY_NAME) if number == 1 else gettext(COPY_NAME_AGAIN)
        name = template.format(name=track.name, user=user.username, number=number)
        if not Track.objects.filter(name__iexact=name).exists():
            break
    else:
        raise ValidationError(gettext(NO_FREE_COPY_NAME))
    if league is not None:
        league = league_for_write(league)
    copy = Track(
        name=name,
        number=track.number,
        added_by=user,
        weather_chart_from_board=track.weather_chart_from_board,
        **track.facts(),
    )
    copy.full_clean(validate_unique=False, validate_constraints=False)
    insert_once(copy, lambda: refuse(gettext(NO_FREE_COPY_NAME)))
    if league is not None:
        Round.objects.filter(
            season__league=league, track=track, status=RoundStatus.SCHEDULED
        ).update(track=copy)
    return copy
