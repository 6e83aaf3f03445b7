"""Property: whatever legal-looking events the referee enters, the stored snapshot is the log
replayed from the setup (docs/architecture.md), and a refused event writes nothing."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from races.services.entries import race_event_apply, race_events, race_state
from rules import engine
from rules.dice import values
from rules.engine import Event, Field, Prompt

pytestmark = pytest.mark.django_db


def field_value(spec: Field) -> st.SearchStrategy:
    """A value for one field, drawn from what the page offers for it."""
    if spec.kind == "die":
        assert spec.die is not None
        return st.sampled_from(values(spec.die))
    if spec.kind == "choice":
        keys = [key for key, _label in spec.choices] + ([] if spec.required else [""])
        return st.sampled_from(keys)
    keys = [key for key, _label in spec.choices]
    if spec.kind == "cars":
        return st.lists(st.sampled_from(keys), unique=True, max_size=2) if keys else st.just([])
    if spec.kind == "order":
        return st.permutations(keys).map(list)
    if spec.kind == "bool":
        return st.booleans()
    low = spec.minimum or 0
    high = spec.maximum if spec.maximum is not None else low + 6
    # Mostly the default (a plain move), now and then a fact from the board.
    default = spec.default or 0
    return st.integers(0, 9).flatmap(
        lambda dice: st.integers(low, high) if dice == 0 else st.just(default)
    )


def event_for(prompt: Prompt, data: st.DataObject) -> Event:
    drawn = {spec.name: data.draw(field_value(spec), label=spec.name) for spec in prompt.fields}
    if prompt.car:
        drawn["car"] = prompt.car
    return Event(prompt.kind, drawn)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data(), steps=st.integers(min_value=5, max_value=60))
def test_the_stored_snapshot_is_always_the_replayed_log(race, data, steps):
    with transaction.atomic():
        for _ in range(steps):
            race.refresh_from_db()
            asked = engine.prompts(race_state(race))
            if not asked:
                break
            before = (race.seq, race.state)
            try:
                race_event_apply(
                    race=race, event=event_for(asked[0], data), expected_version=race.version
                )
            except ValidationError:
                race.refresh_from_db()
                assert (race.seq, race.state) == before
        race.refresh_from_db()
        replayed = engine.replay(engine.setup_from_dict(race.setup), race_events(race))
        assert race.state == engine.state_to_dict(replayed)
        assert race.seq == race.events.count()
        transaction.set_rollback(True)  # the next example starts from the same fresh race
