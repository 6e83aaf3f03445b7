"""A check's reason ("Red rolled 20 in 5th") is kept in the race's state as its parts, never as
words (issue 34): the same stored state reads in French to a French reader and in English to an
English one. A race stored before (a snapshot or backup holding the English sentence) still
reads, in English, as it was stored."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from rules import engine
from rules.engine import Event, apply, start, state_from_dict, state_to_dict
from rules.formula_d.race.reasons import (
    BESIDE,
    BESIDE_AGAIN,
    RAMMED,
    SENTENCES,
    Reason,
    is_again,
    is_rammed,
    reason_words,
)
from rules.formula_d.race.state import Check
from rules.language import speaking
from tests.rules.recorded.record import RECORDED, recorded_setup

FILES = sorted(RECORDED.glob("*.json"))


def stored_with_reasons(path: Path) -> Iterator[dict]:
    """Each state of the recorded race at `path` that owes a check with a reason, as stored
    (its snapshot's JSON, read back)."""
    recorded = json.loads(path.read_text())
    state, _asked = start(recorded_setup(recorded))
    for raw in recorded["events"]:
        with speaking("en"):
            state, _asked = apply(state, Event.from_dict(raw))
        pending = getattr(state, "pending", ())
        if pending and getattr(pending[0], "why", None) is not None:
            yield json.loads(json.dumps(state_to_dict(state)))


def first_prompt(raw: dict, language: str) -> str:
    with speaking(language):
        return engine.prompts(state_from_dict(raw))[0].text


def _reasons() -> Iterator[tuple[str, dict]]:
    for path in FILES:
        for raw in stored_with_reasons(path):
            yield path.stem, raw


REASONS = list(_reasons())
# The first state of each race owing each kind of reason.
KINDS = {(stem, raw["pending"][0]["why"]["key"]): raw for stem, raw in reversed(REASONS)}


def test_the_recorded_races_owe_checks_for_reasons_of_several_kinds():
    assert len({key for _stem, key in KINDS}) >= 6
    assert {stem.split("_")[0] for stem, _key in KINDS} >= {"formula", "rbb", "mini", "death"}


@pytest.mark.parametrize("raw", KINDS.values(), ids=[f"{s}-{k}" for s, k in KINDS])
def test_a_stored_reason_reads_in_each_readers_language(raw: dict):
    snapshot = json.dumps(raw)
    assert '"why"' in snapshot
    check = state_from_dict(raw).pending[0]  # type: ignore[attr-defined]
    assert check.reason in ("", "danger zone")
    assert check.why.key in SENTENCES
    with speaking("en"):
        english = reason_words(check)
    assert english not in snapshot, "the state keeps parts, not words"
    with speaking("fr"):
        french = reason_words(check)
    assert english != french
    assert english in first_prompt(raw, "en")
    assert french in first_prompt(raw, "fr")
    assert english not in first_prompt(raw, "fr")


def test_a_collision_reason_in_french_and_in_english_from_one_stored_state():
    raw = next(
        raw
        for stem, raw in REASONS
        if stem.startswith("formula_d") and raw["pending"][0]["why"]["key"] == "beside"
    )
    cars = raw["pending"][0]["why"]["cars"]
    assert raw["pending"][0]["why"] == {"key": "beside", "cars": cars}
    car = cars[0].capitalize()
    assert f"ended next to or behind {car}" in first_prompt(raw, "en")
    assert f"s'est arrêtée à côté ou derrière {car}" in first_prompt(raw, "fr")


def test_a_state_stored_before_reasons_were_parts_reads_its_english_words():
    """A snapshot taken before holds the reason's English sentence and no parts: each reader
    reads that sentence as stored (the rest of the prompt in their own language), and the race
    goes on from it."""
    _stem, raw = next((stem, raw) for stem, raw in REASONS if stem.startswith("formula_d"))
    with speaking("en"):
        sentence = reason_words(state_from_dict(raw).pending[0])  # type: ignore[attr-defined]
    old = json.loads(json.dumps(raw))
    del old["pending"][0]["why"]
    old["pending"][0]["reason"] = sentence
    assert first_prompt(old, "en") == first_prompt(raw, "en")
    french = first_prompt(old, "fr")
    assert sentence in french and french != first_prompt(old, "en")


@pytest.mark.parametrize(
    ("stored", "again", "rammed"),
    [
        # As a race stored before reasons were parts holds them: its English words.
        (Check("collision_roll", "red", "ended next to or behind Blue (Aggressive: again)"), 1, 0),
        (Check("collision_roll", "red", "ended next to or behind Blue"), 0, 0),
        (Check("collision_roll", "red", "rammed by Blue"), 0, 1),
        # As parts.
        (Check("collision_roll", "red", why=Reason(BESIDE_AGAIN, cars=("blue",))), 1, 0),
        (Check("collision_roll", "red", why=Reason(BESIDE, cars=("blue",))), 0, 0),
        (Check("collision_roll", "red", why=Reason(RAMMED, car="blue")), 0, 1),
    ],
)
def test_the_reasons_a_rule_decides_by_are_told_from_parts_and_from_stored_words(
    stored: Check, again: int, rammed: int
):
    """The Aggressive driver's second collision roll and Death's ram are told apart whether the
    check keeps its reason as parts or (stored before) as English words."""
    assert (is_again(stored), is_rammed(stored)) == (bool(again), bool(rammed))
