"""A race replayed from its log: the strip, every car's dashboard and the log's words as they stood
at a chosen point (the end of a round, or after an event), rebuilt by the engine from the stored
events (rules.engine.replayed) and shown with the turn page's own pieces (turn_panel.car_lines,
strip.strip_of), so the replay of a round is what the turn page showed then.

A point is asked for by round (`round`: its end) or by event (`event`: after it). A round ends with
its last event and whatever was entered in the same tap after it (what Paddock entered because the
rules left one choice, a roll tapped with its gear): the turn page never showed the race between
them. Only the events up to the point are replayed, so the start of a long race costs little and
its finish what replaying the whole log costs (docs/architecture.md, "A replay").
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.utils.translation import gettext, gettext_noop, pgettext

from league.forms.whole_numbers import whole_number
from rules import engine
from rules import language as rules_language
from rules.engine import CarResult, Column, Event, EventRejected, RaceState

from ..models import SHOWN, Race, RaceEvent
from .colours import car_colours
from .log_words import in_readers_words
from .strip import Strip, strip_of
from .turn_panel import CarLine, car_lines

NOT_A_NUMBER = gettext_noop("A replay's {name} is a whole number, 0 or more: {value!r} is not.")
NO_SUCH_ROUND = gettext_noop("This race has no round {round}: its log reaches round {last}.")
NO_SUCH_EVENT = gettext_noop("This race has no event {event}: its log has {count}.")
ONE_AT_A_TIME = gettext_noop("Ask a replay for a round or for an event, not both.")
REFUSED = gettext_noop(
    "Event {seq} of the log ({kind}) is refused by the rules as Paddock has them now ({reason}): "
    "the replay stops before it."
)


class NotInTheLog(ValueError):
    """The race's log has no such round or event."""


@dataclass(frozen=True)
class Asked:
    """The point asked for: the end of `round`, or the race after `event` (0: before any);
    neither: the end of the log."""

    round: int | None = None
    event: int | None = None


# Where a replay opens: the end of round 0, the grid set and every car at the start (and what
# costs least to replay: the finish of a 3,000-event race costs a replay of all of it).
OPENING = Asked(round=0)


def asked_from(query) -> Asked:
    """The point a replay's address asks for (`?round=3` or `?event=120`; neither: OPENING), or
    ValidationError."""
    numbers = {}
    for name in ("round", "event"):
        value = query.get(name, "")
        if value == "":
            continue
        number = whole_number(value)
        if number is None:
            raise ValidationError(gettext(NOT_A_NUMBER).format(name=name, value=value))
        numbers[name] = number
    if len(numbers) > 1:
        raise ValidationError(gettext(ONE_AT_A_TIME))
    return Asked(**numbers) if numbers else OPENING


@dataclass(frozen=True)
class RoundLink:
    number: int
    label: str  # "Start" for round 0 (qualifying, the grid), else the round's number


@dataclass
class Replay:
    """The race at one point of its log, for the replay page."""

    race: Race
    at: int  # events replayed: the race is shown after event `at`
    count: int  # events in the log
    round: int  # the round of the events shown (that of event `at`; 0 before any)
    last_round: int  # the round the log reaches
    round_end: bool  # `at` is the end of `round` (as the round's step shows it)
    state: RaceState
    columns: tuple[Column, ...]
    cars: tuple[CarLine, ...]
    strip: Strip
    status: str
    # The log's lines of `round` up to event `at`, in the order they were entered.
    events: list[RaceEvent] = field(default_factory=list)
    results: tuple[CarResult, ...] = ()
    refused: str = ""  # why the replay stopped before the end of the log, if it did

    @property
    def rounds(self) -> tuple[RoundLink, ...]:
        return tuple(
            RoundLink(number, pgettext("of a race", "Start") if number == 0 else str(number))
            for number in range(self.last_round + 1)
        )

    @property
    def previous_round(self) -> int | None:
        """The round the step back shows the end of: the one before this one."""
        return self.round - 1 if self.round > 0 else None

    @property
    def next_round(self) -> int | None:
        """The round the step on shows the end of: this one's if it is shown mid-way."""
        if not self.round_end:
            return self.round
        return self.round + 1 if self.round < self.last_round else None

    @property
    def previous_event(self) -> int | None:
        return self.at - 1 if self.at > 0 else None

    @property
    def next_event(self) -> int | None:
        return self.at + 1 if self.at < self.count else None

    @property
    def at_end(self) -> bool:
        return self.at == self.count

    @property
    def heading(self) -> str:
        if self.at == 0:
            return gettext("Before the first entry")
        if self.round == 0:
            if self.round_end:
                return gettext("At the start, before round 1")
            return gettext("Before the start")
        if self.round_end:
            return gettext("At the end of round {round}").format(round=self.round)
        return gettext("In round {round}").format(round=self.round)

    @property
    def log_heading(self) -> str:
        """The log's heading: the round shown, and whether its log is shown so far (mid-way)."""
        so_far = not self.round_end and self.at
        if not self.round:
            if so_far:
                return gettext("The log: before the start, so far")
            return gettext("The log: before the start")
        if so_far:
            # Translators: {round} is a round of play (a turn of every car).
            return gettext("The log: round {round}, so far").format(round=self.round)
        # Translators: {round} is a round of play (a turn of every car).
        return gettext("The log: round {round}").format(round=self.round)


def replay_at(race: Race, asked: Asked) -> Replay:
    """`race` replayed from its log to the point `asked` for; NotInTheLog when the log has no
    such round or event."""
    count = race.seq  # the log's length (a test asserts it)
    if asked.event is not None and asked.event > count:
        raise NotInTheLog(gettext(NO_SUCH_EVENT).format(event=asked.event, count=count))
    log = _Log(race)
    with rules_language.speaking("en"):  # worked out in English, as it was entered
        state, at, refused, shown_round, first_of_round = _replay(race, asked, log, count)
    last_round = max(_round_reached(race), shown_round)
    if asked.round is not None and asked.round > last_round:
        raise NotInTheLog(gettext(NO_SUCH_ROUND).format(round=asked.round, last=last_round))
    views = engine.dashboard(state)
    colours = car_colours(race.round_id)
    events = _lines(race, first_of_round, at)
    in_readers_words(race.pk, events)
    return Replay(
        race=race,
        at=at,
        count=count,
        round=shown_round,
        last_round=last_round,
        round_end=_round_ends(log, at, state, shown_round),
        state=state,
        columns=engine.dashboard_columns(state),
        cars=car_lines(views, colours),
        strip=strip_of(views, colours),
        status=engine.status(state),
        events=events,
        results=engine.results(state) if state.finished else (),
        refused=refused,
    )


def _replay(
    race: Race, asked: Asked, log: _Log, count: int
) -> tuple[RaceState, int, str, int, int]:
    """The log replayed to the point asked: the state there, the events replayed, the refusal
    that stopped it early ("" if none), the round shown and its first event."""
    states = engine.replayed(
        engine.setup_from_dict(race.setup), (Event(kind, payload) for kind, payload, *_ in log)
    )
    state = next(states)
    at, refused = 0, ""
    shown_round = engine.round_of(state)  # the round of event `at` (the start's for 0)
    first_of_round = 1  # the first event of that round
    stop = asked.event if asked.event is not None else count
    while at < stop:
        # An event's round is the race's as it stands before it, or its tap's first event's.
        event_round = shown_round if _same_tap(log.get(at)) else engine.round_of(state)
        if asked.round is not None and event_round > asked.round:
            break
        try:
            after = next(states, None)
        except EventRejected as refusal:
            kind = (log.get(at) or ("",))[0]
            refused = gettext(REFUSED).format(seq=at + 1, kind=kind, reason=refusal)
            break
        if after is None:  # a log shorter than its race's seq (never written so)
            break
        state, at = after, at + 1
        if event_round != shown_round:
            shown_round, first_of_round = event_round, at
    return state, at, refused, shown_round, first_of_round


class _Log:
    """The race's log as (kind, payload, automatic, joined), read as far as the replay asks and
    one event beyond (whether the next came in the same tap): in one query, whose rows are
    fetched a batch at a time, so round 5 of a 3,000-event race reads only its first batch."""

    BATCH = 200

    def __init__(self, race: Race) -> None:
        rows = race.events.order_by("seq").values_list("kind", "payload", "automatic", "joined")
        self._rows = rows.iterator(chunk_size=self.BATCH)
        self._read: list[tuple] = []

    def get(self, index: int) -> tuple | None:
        """The event at `index` (from 0), None past the log's end."""
        while len(self._read) <= index:
            row = next(self._rows, None)
            if row is None:
                return None
            self._read.append(row)
        return self._read[index]

    def __iter__(self):
        index = 0
        while (row := self.get(index)) is not None:
            yield row
            index += 1


def _same_tap(row: tuple | None) -> bool:
    """Whether the logged event was entered in the tap of the one before it (by Paddock, as the
    rules left one choice, or the roll tapped with a gear)."""
    if row is None:
        return False
    _kind, _payload, automatic, joined = row
    return bool(automatic or joined)


def _round_ends(log: _Log, at: int, state: RaceState, shown_round: int) -> bool:
    """Whether event `at` ends its round: the log ends there, or the next event is entered in a
    later round by a tap of its own."""
    following = log.get(at)
    if following is None:
        return at > 0
    return at > 0 and not _same_tap(following) and engine.round_of(state) > shown_round


def _round_reached(race: Race) -> int:
    """The round the race's log reaches: its snapshot's (the log replayed, a test asserts)."""
    return engine.round_of(engine.state_from_dict(race.state))


def _lines(race: Race, first: int, last: int) -> list[RaceEvent]:
    """The log's lines from event `first` to `last`, with who entered each, in one query."""
    if last < first:
        return []
    return list(
        RaceEvent.objects.filter(race=race, seq__gte=first, seq__lte=last)
        .select_related("who")
        .only(*SHOWN, "who__username")
        .order_by("seq")
    )
