"""Rule sets plug into the engine through the registry, python-chess variant style."""

from dataclasses import replace

import pytest

from rules.engine import (
    RULESETS,
    Event,
    EventRejected,
    Prompt,
    RuleSet,
    UnknownRuleSet,
    apply,
    ruleset_for,
    start,
)
from rules.engine.variant import register
from rules.season_pass.race import RaceSetup, RaceState, SeasonPass
from tests.rules.season_pass.race.table import race_setup


def test_season_pass_is_registered():
    assert RULESETS["season_pass"] is SeasonPass
    assert isinstance(ruleset_for("season_pass"), SeasonPass)
    with pytest.raises(UnknownRuleSet):
        ruleset_for("formula_death")


def test_a_new_rule_set_needs_no_change_to_the_core():
    class CoinToss(SeasonPass):
        name = "coin_toss"

        def prompts(self, state: RaceState) -> tuple[Prompt, ...]:
            return () if state.finished else (Prompt("toss", "Toss a coin", None, ()),)

        def handle(self, state: RaceState, event: Event, prompt: Prompt) -> RaceState:
            return replace(state, phase="finished")

    register(CoinToss)
    try:
        state, asked = start(replace(race_setup(), ruleset="coin_toss"))
        assert asked[0].kind == "toss"
        state, asked = apply(state, Event("toss"))
        assert state.finished and asked == ()
        with pytest.raises(EventRejected, match="race is over"):
            apply(state, Event("toss"))
    finally:
        del RULESETS["coin_toss"]


def test_setup_names_its_rule_set():
    assert isinstance(race_setup(), RaceSetup)
    assert issubclass(SeasonPass, RuleSet)
