"""The races at the table of a league, in its backup file (league/backup/): each race's
setup, snapshot and version, and its whole event log with the snapshot kept before each of the
referee's entries, so undo and replay work on the imported league as they did where it was
exported. A log read from a file is replayed through the engine as the turn page entered it:
an event the engine refuses, or a snapshot the log does not give, refuses the file."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import F, Q
from django.utils.translation import gettext, gettext_noop, ngettext, pgettext

from league import backup
from league.models import Entry, League
from rules import engine
from rules import language as rules_language

from ..models import Race, RaceEvent
from ..models.rulings import Ruling


def register() -> None:
    backup.register(
        "races.race",
        Race,
        lambda league: Race.objects.filter(round__season__league=league),
        _race_readable,
    )
    backup.register(
        "races.raceevent",
        RaceEvent,
        lambda league: RaceEvent.objects.filter(race__round__season__league=league),
        _event_readable,
        after=_logs_replayed,
    )
    # Only the rulings whose entry is still in the log, and those kept with their round when
    # its race was discarded (races/models/rulings.py).
    backup.register(
        "races.ruling",
        Ruling,
        lambda league: Ruling.objects.filter(
            Q(race__round__season__league=league, event__race_id=F("race_id"))
            | Q(race__isnull=True, round__season__league=league)
        ),
        _ruling_readable,
        since=3,  # a file of version 2 has no rulings
    )


def _race_readable(race: Race) -> None:
    """A race read from a file is one the engine can go on with: its setup and snapshot."""
    engine.setup_from_dict(race.setup)
    engine.state_from_dict(race.state)


def _event_readable(event: RaceEvent) -> None:
    if not isinstance(event.payload, dict):
        raise TypeError("an event's data is a mapping")
    if event.state_before is not None:  # undo restores it
        engine.state_from_dict(event.state_before)


def _ruling_readable(ruling: Ruling) -> None:
    """A ruling read from a file is about an entry of its own race, or kept with a round."""
    if ruling.race_id is None:
        if ruling.round_id is None or ruling.event_id is not None:
            raise ValueError("a ruling kept without its race names its round and no entry")
        return
    if ruling.event_id is None or not (
        RaceEvent.objects.filter(pk=ruling.event_id, race_id=ruling.race_id).exists()
    ):
        raise ValueError("a ruling names an entry of another race")


# Events read from the database at a time while a log is replayed: a log of any length is
# replayed in the memory of this many rows and one state.
REPLAY_CHUNK = 500
EVENTS = "races.raceevent"


class _Refused(Exception):  # noqa: N818 (carries the reason out of the replay)
    pass


# Why a race's log does not replay (said inside backup.LOG_REFUSED, in the reader's language;
# a rule's refusal of an event is the engine's words, worked out in English as entered).
EVENTS_NUMBERED = gettext_noop("its events are numbered {before} then {seq}")
EVENT_REFUSED = gettext_noop("event {seq} is one the rules refuse there: {error}")
EVENT_UNREADABLE = gettext_noop("event {seq} cannot be read ({error})")
STATE_BEFORE = gettext_noop("the state kept before event {seq} is not where the log stands")
CAR_PLACED = gettext_noop("car {car!r}: {in_result} in its round's result, {in_race} in its race")


def _logs_replayed(league: League) -> None:
    """Each race of the restored `league` replayed from its log (written by now) as the turn
    page entered it: its events numbered 1 on, each one the engine takes at that point
    (rules.engine.replayed), the state kept before an entry the state the log gives there, and
    the race's snapshot and count of events where the log ends. Else ValidationError, saying
    which race and event (LOG_REFUSED)."""
    races = Race.objects.filter(round__season__league=league).select_related("round__season")
    for race in races.only(
        "pk", "setup", "state", "seq", "finished_at", "round__number", "round__season__number"
    ):
        try:
            # In English, as the turn page entered it: a state keeps no reader's words.
            with rules_language.speaking("en"):
                _replayed(race)
        except _Refused as refused:
            raise ValidationError(
                gettext(backup.LOG_REFUSED).format(
                    round=race.round.number,
                    season=race.round.season.number,
                    label=EVENTS,
                    reason=refused,
                )
            ) from refused


def _log(race: Race) -> Iterator[tuple[int, str, Any, Any]]:
    """The race's events in order, REPLAY_CHUNK at a time, each chunk a query of its own (after
    the last seq read): no cursor is left open on the database when a replay stops early, as a
    server-side cursor (QuerySet.iterator on PostgreSQL) would be, and closed later, in
    whatever transaction is then under way."""
    after = 0
    while True:
        chunk = list(
            RaceEvent.objects.filter(race=race, seq__gt=after)
            .order_by("seq")
            .values_list("seq", "kind", "payload", "state_before")[:REPLAY_CHUNK]
        )
        yield from chunk
        if len(chunk) < REPLAY_CHUNK:
            return
        after = chunk[-1][0]


def _replayed(race: Race) -> None:
    rows = _log(race)
    read: list[tuple[int, Any]] = []  # the event the replay read last: its seq, its kept state

    def events() -> Iterator[engine.Event]:
        for expected, (seq, kind, payload, before) in enumerate(rows, start=1):
            if seq != expected:
                raise _Refused(gettext(EVENTS_NUMBERED).format(before=expected - 1, seq=seq))
            read[:] = [(seq, before)]
            yield engine.Event(kind=kind, data=payload)

    states = engine.replayed(engine.setup_from_dict(race.setup), events())
    state, seq = next(states), 0
    while True:
        try:
            after = next(states)
        except StopIteration:
            break
        except engine.EventRejected as error:
            raise _Refused(gettext(EVENT_REFUSED).format(seq=seq + 1, error=error)) from error
        except (AttributeError, IndexError, KeyError, TypeError, ValueError) as error:
            raise _Refused(
                gettext(EVENT_UNREADABLE).format(seq=seq + 1, error=repr(error))
            ) from error
        seq, before = read[0]
        if before is not None and engine.state_from_dict(before) != state:
            raise _Refused(gettext(STATE_BEFORE).format(seq=seq))
        state = after
    if race.seq != seq:
        said = ngettext(
            "its log has {seq} event, and the race says {count}",
            "its log has {seq} events, and the race says {count}",
            seq,
        )
        raise _Refused(said.format(seq=seq, count=race.seq))
    if engine.state_from_dict(race.state) != state:
        said = ngettext(
            "its snapshot is not where its {seq} event leaves the race",
            "its snapshot is not where its {seq} events leave the race",
            seq,
        )
        raise _Refused(said.format(seq=seq))
    if race.finished_at is not None:
        _result_as_raced(race, state)


def _result_as_raced(race: Race, state: engine.RaceState) -> None:
    """A race written into its season: each car's place, and whether it finished, as its
    snapshot's results give them (races/services/table.py wrote them so)."""
    raced = {result.car: (result.place, result.finished) for result in engine.results(state)}
    entries = Entry.objects.filter(round_id=race.round_id).values_list("car", "place", "finished")
    written = {car: (place, finished) for car, place, finished in entries}
    for car in sorted(raced.keys() | written.keys()):
        if raced.get(car) != written.get(car):
            in_result, in_race = _placed(written.get(car)), _placed(raced.get(car))
            said = gettext(CAR_PLACED).format(car=car, in_result=in_result, in_race=in_race)
            raise _Refused(said)


def _placed(place: tuple[int, bool] | None) -> str:
    """A car's place as a result or a race gives it, in words."""
    if place is None:
        return pgettext("a car", "not placed")
    number, finished = place
    said = (
        pgettext("a car", "placed {number}")
        if finished
        else pgettext("a car", "out, placed {number}")
    )
    return said.format(number=number)
