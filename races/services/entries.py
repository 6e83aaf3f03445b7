"""The race at the table's own writes: enter an event, undo entries. (What a round's life does
to its race, started, set up again, discarded, reopened, committed, is table.py's, asked by
league's round services.)

The engine (rules.engine) decides what the rules allow; these services keep its snapshot and
log in step, so two referees' phones never overwrite each other: an entry is written only if the
race is still at the version its form was built on (a conditional update), undo locks the race
row. The version is a counter that every entry, undo and commit advances, so it never repeats: a
page built before an undo and a new entry at the same event number is still stale. Each takes
keyword-only arguments and writes in one transaction: a refused action changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NoReturn

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from league.services.common import for_update
from league.services.errors import Stale
from rules import engine
from rules import language as rules_language
from rules.engine import Event, EventRejected, Prompt, RaceState

from ..models import Race, RaceEvent
from . import clock

# Said of any tap on a page built on an older version: an entry, an undo, a take-back, a commit.
STALE_RACE = gettext_noop(
    "Another device changed this race first (an entry or an undo), so nothing you tapped was "
    "done: here it is as it stands now, at event {current}. Tap again what still applies."
)
NOTHING_TO_UNDO = gettext_noop("Nothing to undo: no event has been entered yet.")
RACE_COMMITTED = gettext_noop(
    "This race's result is already in the season: it can no longer change."
)
RACE_GONE = gettext_noop(
    "This race is no longer at the table: it was discarded on the round page, so that its "
    "result could be entered by hand."
)
FORCED_WITHOUT_END = gettext_noop(
    "The rules keep leaving no choice ({kind}, again and again): Paddock stopped entering "
    "them. This is a bug in the rule set; nothing was written."
)
DIE_LEFT_OUT = gettext_noop(
    "{choice} is entered, but not the roll of {value} tapped with it: the rules ask for what is "
    "below first. Enter the roll when it is asked for."
)
# More events in a row than any race has cars times prompts of a turn: a rule set's loop.
MOST_FORCED_IN_A_ROW = 200


class StaleRace(Stale):
    """The page was built on an older version of the race: another device changed it first."""


def race_state(race: Race) -> RaceState:
    return engine.state_from_dict(race.state)


@dataclass(frozen=True)
class Entered:
    """What entering an event did: the new state, what the rules ask next, and the logged
    events: the referee's, then any Paddock entered because the rules left one choice.
    `left_out`: why the die tapped with a choice was not entered, if it was not."""

    state: RaceState
    prompts: tuple[Prompt, ...]
    events: tuple[RaceEvent, ...]
    left_out: str = ""


def _check_open(race: Race, expected_version: int) -> None:
    if race.is_committed:
        raise ValidationError(gettext(RACE_COMMITTED))
    if expected_version != race.version:
        raise StaleRace(gettext(STALE_RACE).format(current=race.seq))


def _locked(race: Race, expected_version: int, *, snapshot: bool = True) -> Race:
    """The race's row, locked; without its setup and `snapshot` (large JSON to decode) when
    the caller does not read them."""
    rows = for_update(Race, of=("self",)).filter(pk=race.pk)
    locked = (rows if snapshot else rows.defer("setup", "state")).first()
    if locked is None:  # discarded by another device since the page was read
        raise StaleRace(gettext(RACE_GONE))
    _check_open(locked, expected_version)
    return locked


def _stored_payload(data: dict) -> dict:
    # An empty input means "the field's default" to the engine, so it is left out of the log;
    # a list is kept even when empty, since an empty list of cars means "no cars".
    return {key: value for key, value in data.items() if value not in ("", None)}


def forced_events(
    race: Race, state: RaceState, asked: tuple[Prompt, ...], *, seq: int
) -> tuple[RaceState, tuple[Prompt, ...], list[RaceEvent]]:
    """Enter what the rules leave no choice in (the only legal gear, the order of a lone car)
    after event `seq`, so the referee is never asked to confirm it; each is logged as
    automatic, so replay treats it like any other event. No snapshot is kept with it: undo
    takes it back only with the entry before it, restoring that entry's."""
    rows: list[RaceEvent] = []
    while asked and (event := asked[0].forced()) is not None:
        if len(rows) == MOST_FORCED_IN_A_ROW:  # a rule set that never lets the referee in
            raise ValidationError(gettext(FORCED_WITHOUT_END).format(kind=event.kind))
        before = state
        state, asked = engine.apply(before, event, asked[0])
        rows.append(
            RaceEvent(
                race=race,
                seq=seq + len(rows) + 1,
                kind=event.kind,
                payload=_stored_payload(dict(event.data)),
                text=engine.describe(before, event, state)[:300],
                automatic=True,
            )
        )
    return state, asked, rows


def race_event_apply(
    *,
    race: Race,
    event: Event,
    expected_version: int,
    who=None,
    state: RaceState | None = None,
    then: str | None = None,
) -> Entered:
    """Apply one event to the stored snapshot (never the log) and append it to the log.

    `race` is the row as the caller read it (pass its parsed `state` too, if already at hand);
    it is brought up to date in place, so the caller can render it without reloading it. The
    write is conditional on the version the form was built on and the snapshot read with it, so
    a second referee who entered or undid first makes this one a StaleRace, on any database.

    `then`: a die's value tapped with the choice `event` enters (a gear's row of faces): it is
    entered too, as the next event, when the rules ask for that die next (Prompt.follow_up);
    otherwise only `event` is, and `Entered.left_out` says why. Either way in one write.

    Everything before that write reads nothing and writes nothing; the write (_write_entry) is
    one transaction.
    """
    _check_open(race, expected_version)
    before = state or race_state(race)
    # The prompt `event` answers, when `then` needs it: built once, for both.
    prompt = engine.next_prompt(before) if then is not None else None
    new_state, asked, rows = _entry(race, before, event, who=who, prompt=prompt)
    left_out = ""
    if prompt is not None and then is not None:
        follow = prompt.follow_up(event, asked, then)
        if follow is None:
            left_out = _left_out(prompt, event, then)
        else:
            # Undo takes the roll back with its gear: no snapshot is kept with it.
            new_state, asked, joined = _entry(
                race,
                new_state,
                follow,
                who=who,
                seq=race.seq + len(rows),
                joined=True,
                prompt=asked[0],
            )
            rows += joined
    seq = race.seq + len(rows)
    snapshot = engine.state_to_dict(new_state)
    if not _write_entry(race, version=expected_version, seq=seq, state=snapshot, rows=rows):
        _refused_as_it_stands(race)  # another device moved the race on, committed or discarded it
    race.seq, race.version, race.state = seq, expected_version + 1, snapshot
    return Entered(new_state, asked, tuple(rows), left_out)


def _write_entry(
    race: Race, *, version: int, seq: int, state: dict, rows: Sequence[RaceEvent]
) -> bool:
    """Put the race at `seq` with the snapshot `state` and the next version, if it is still at
    `version` and not committed, and append `rows` to its log, in one transaction; whether it
    was (if not, nothing is written). The conditional update holds the race's row until the
    commit, so a second device's entry waits for it, then finds the version moved on; the unique
    (race, seq) stands behind it (a clash is a StaleRace). The referee's row keeps the snapshot
    the race had before (`race.state`, read at `version`): undo restores it."""
    now = timezone.now()
    for number, row in enumerate(rows):
        row.when = now
        row.state_before = race.state if number == 0 else None
    try:
        with transaction.atomic():
            moved = Race.objects.filter(pk=race.pk, version=version, finished_at=None).update(
                seq=seq, version=version + 1, state=state
            )
            if moved:
                RaceEvent.objects.bulk_create(rows)
    except IntegrityError as clash:
        # The race already has an event at the next seq. Nothing was written.
        raise StaleRace(gettext(STALE_RACE).format(current=race.seq + 1)) from clash
    return bool(moved)


def _entry(
    race: Race,
    before: RaceState,
    event: Event,
    *,
    who,
    seq: int | None = None,
    joined: bool = False,
    prompt: Prompt | None = None,
) -> tuple[RaceState, tuple[Prompt, ...], list[RaceEvent]]:
    """`event` applied after event `seq` (by default the race's last), as a row for the log,
    then what Paddock enters after it because the rules leave one choice. `prompt`: the one
    `event` answers, if at hand (engine.apply)."""
    seq = race.seq if seq is None else seq
    reader = rules_language.spoken()
    # The rules work in English whoever enters: the state and the log keep no sentence of the
    # reader's (a check's reason, the log's line), so each reader's page says them in their own
    # words (rules/language.py). Only a refusal is said in the reader's words.
    with rules_language.speaking("en"):
        try:
            # The prompt the event answers, built once for both.
            prompt = prompt or engine.next_prompt(before)
            # A stopwatch's start or stop is the moment the server enters it, never a posted one.
            event = engine.stamp(before, event, clock.instant(), prompt)
            state, asked = engine.apply(before, event, prompt)
        except EventRejected as refusal:
            raise ValidationError(_in_readers_words(refusal, reader, before, event)) from refusal
        row = RaceEvent(
            race=race,
            seq=seq + 1,
            kind=event.kind,
            payload=_stored_payload(dict(event.data)),
            text=engine.describe(before, event, state)[:300],
            who=who,
            joined=joined,
        )
        # The conditional update vouches for the race and the next seq (and the view for the
        # referee): validating those again would cost queries on every roll.
        row.full_clean(exclude=["race", "who", "state_before"], validate_constraints=False)
        state, asked, forced = forced_events(race, state, asked, seq=row.seq)
    return state, asked, [row, *forced]


def _in_readers_words(refusal: EventRejected, reader: str, before: RaceState, event: Event) -> str:
    """`refusal` (said in English) as the rules say it in the `reader`'s language."""
    if not reader:
        return str(refusal)
    with rules_language.speaking(reader):
        try:
            engine.apply(before, event, engine.next_prompt(before))
        except EventRejected as said:
            return str(said)
    return str(refusal)


def _left_out(prompt: Prompt, event: Event, value: str) -> str:
    """Why the die tapped with `event`'s choice was not entered, naming the choice as offered."""
    choice = prompt.fields[0] if prompt.fields else None
    chosen = str(event.data.get(choice.name, "")) if choice else ""
    shown = dict(choice.choices).get(chosen, chosen) if choice else event.kind
    return gettext(DIE_LEFT_OUT).format(choice=shown, value=value)


def race_events(race: Race) -> list[Event]:
    return [
        Event(kind=kind, data=payload)
        for kind, payload in race.events.order_by("seq").values_list("kind", "payload")
    ]


# What undo_target reads of the event; "race" too, or the related manager would read the race's
# id of each row it sets the race on, in a query of its own.
UNDO_TARGET_FIELDS = ("pk", "race", "seq", "kind", "text", "payload")


def undo_target(race: Race, back_to: int | None = None) -> RaceEvent | None:
    """The referee's entry that undo takes back, with every event after it: the last one, or
    with `back_to` the latest at or before that event (an automatic event goes with the entry
    that led to it, or it would only be entered again; a roll tapped with its gear goes with
    the gear, as one tap entered both)."""
    return _undo_targets(race, back_to).only(*UNDO_TARGET_FIELDS).first()


def _undo_targets(race: Race, back_to: int | None):
    entries = race.events.filter(automatic=False, joined=False)
    if back_to is not None:
        entries = entries.filter(seq__lte=back_to)
    return entries.order_by("-seq")


@dataclass(frozen=True)
class Undone:
    """What an undo did: the state it restored, the referee's events it took back (the
    entry and a roll tapped with it, as `(kind, payload, text)`), to say so and to redo them,
    and the numbers of every event it took from the log (Paddock's after them too)."""

    state: RaceState
    taken: tuple[tuple[str, dict, str], ...] = ()
    taken_seqs: range = range(0)


def race_undo(*, race: Race, expected_version: int, back_to: int | None = None) -> RaceState:
    """Take back the referee's last entry (or, with `back_to`, every event from that one on)
    and restore the state before it, as kept with the event: undo at event 3,000 costs what it
    costs at event 10 (a read of the entry, a conditional update of the race and a delete of
    the log's tail, in one transaction). An event logged before states were kept with events is
    undone by replaying the log from the setup.

    `race` is brought up to date in place, as by race_event_apply; whether the race is still
    at `expected_version` and open is the write's to say, not the caller's row.
    """
    return _take_back(race, expected_version, back_to).state


def race_undo_last(*, race: Race, expected_version: int) -> Undone:
    """Undo the referee's last entry, as race_undo, and say which events it took back."""
    return _take_back(race, expected_version, None, read_taken=True)


def _take_back(
    race: Race, expected_version: int, back_to: int | None, *, read_taken: bool = False
) -> Undone:
    with transaction.atomic():
        target = _undo_targets(race, back_to).values_list("seq", "state_before").first()
        if target is None:  # no entry in the log: or no race, or another device's since the page
            _refused_as_it_stands(race, expected_version)
        seq, kept = target
        if kept is None:  # logged before snapshots were kept
            return Undone(_undo_by_replay(race, expected_version, seq))
        # Conditional on the version, as an entry: another device's entry or undo since the
        # page was built (or the commit) leaves it at another version.
        moved = Race.objects.filter(pk=race.pk, version=expected_version, finished_at=None).update(
            seq=seq - 1, version=expected_version + 1, state=kept
        )
        if not moved:
            _refused_as_it_stands(race)
        taken: tuple[tuple[str, dict, str], ...] = ()
        if read_taken:  # the last entry: every event of the referee's from it on is its own
            taken = tuple(
                race.events.filter(seq__gte=seq, automatic=False)
                .order_by("seq")
                .values_list("kind", "payload", "text")
            )
        _deleted, by_model = race.events.filter(seq__gte=seq).delete()
    race.seq, race.version, race.state = seq - 1, expected_version + 1, kept
    taken_seqs = range(seq, seq + by_model.get(RaceEvent._meta.label, 0))
    return Undone(engine.state_from_dict(kept), taken, taken_seqs)


def _refused_as_it_stands(race: Race, expected_version: int | None = None) -> NoReturn:
    """Why a write on the version the caller read was not made: the race as it is now (gone,
    committed or moved on); or, still at `expected_version`, an undo with nothing to undo."""
    current = Race.objects.filter(pk=race.pk).values_list("seq", "version", "finished_at").first()
    if current is None:
        raise StaleRace(gettext(RACE_GONE))
    seq, version, finished_at = current
    if finished_at is not None:
        raise ValidationError(gettext(RACE_COMMITTED))
    if version == expected_version:
        raise ValidationError(gettext(NOTHING_TO_UNDO))
    raise StaleRace(gettext(STALE_RACE).format(current=seq))


@transaction.atomic
def _undo_by_replay(race: Race, expected_version: int, seq: int) -> RaceState:
    caller_race, race = race, _locked(race, expected_version)
    race.events.filter(seq__gte=seq).delete()
    race.seq = seq - 1
    race.version += 1
    state = engine.replay(engine.setup_from_dict(race.setup), race_events(race))
    race.state = engine.state_to_dict(state)
    race.save(update_fields=["seq", "version", "state"])
    caller_race.seq, caller_race.version, caller_race.state = race.seq, race.version, race.state
    return state
