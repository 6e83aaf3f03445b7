"""Rule sets plug into the engine through one table, rules/registry.py, python-chess variant
style: the table names each rule set's hook classes, and nothing registers itself by being
imported."""

import subprocess
import sys
from dataclasses import replace

import pytest

from rules import registry
from rules.championship import championship_for
from rules.engine import (
    Event,
    EventRejected,
    Prompt,
    RuleSet,
    UnknownRuleSet,
    apply,
    ruleset_for,
    start,
)
from rules.registry import RULE_SET_PACKAGES, RuleSetPackage
from rules.season_pass.race import RaceSetup, RaceState, SeasonPass
from tests.rules.season_pass.race.table import race_setup


def test_season_pass_is_found_under_its_name():
    assert type(ruleset_for("season_pass")) is SeasonPass
    assert ruleset_for("season_pass") is ruleset_for("season_pass")
    with pytest.raises(UnknownRuleSet, match="the engine knows death, formula_d, mini"):
        ruleset_for("formula_death")


@pytest.mark.parametrize("name", RULE_SET_PACKAGES)
def test_the_table_names_each_rule_sets_hooks_under_its_own_name(name):
    assert ruleset_for(name).name == name
    assert championship_for(name).name == name


def test_importing_the_engine_and_the_table_imports_no_rule_set():
    """No rule set's package is imported until a race or a league of it is asked for."""
    imported = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, rules.engine, rules.registry, rules.championship; "
            "print(sorted(m for m in sys.modules if m.split('.')[:2] in "
            f"[['rules', name] for name in {list(RULE_SET_PACKAGES)}]))",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert imported.stdout.strip() == "[]"


@pytest.fixture
def forget_hooks():
    """Hooks found while the table was patched are forgotten after the test."""
    yield
    ruleset_for.cache_clear()


class CoinToss(SeasonPass):
    name = "coin_toss"

    def prompts(self, state: RaceState) -> tuple[Prompt, ...]:
        return () if state.finished else (Prompt("toss", "Toss a coin", None, ()),)

    def handle(self, state: RaceState, event: Event, prompt: Prompt) -> RaceState:
        return replace(state, phase="finished")


def test_a_new_rule_set_is_a_line_in_the_table_and_no_change_to_the_core(monkeypatch, forget_hooks):
    coin_toss = RuleSetPackage(
        race=f"{__name__}:CoinToss",
        championship="rules.season_pass.championship:SeasonPassChampionship",
    )
    monkeypatch.setattr(
        registry, "RULE_SET_PACKAGES", {**RULE_SET_PACKAGES, "coin_toss": coin_toss}
    )
    state, asked = start(replace(race_setup(), ruleset="coin_toss"))
    assert asked[0].kind == "toss"
    state, asked = apply(state, Event("toss"))
    assert state.finished and asked == ()
    with pytest.raises(EventRejected, match="race is over"):
        apply(state, Event("toss"))


def test_a_line_that_names_the_wrong_class_is_refused(monkeypatch, forget_hooks):
    wrong = RuleSetPackage(
        race="rules.season_pass.race:SeasonPass",
        championship="rules.season_pass.championship:SeasonPassChampionship",
    )
    monkeypatch.setattr(registry, "RULE_SET_PACKAGES", {"coin_toss": wrong})
    with pytest.raises(TypeError, match="not the race hooks of 'coin_toss'"):
        ruleset_for("coin_toss")


def test_setup_names_its_rule_set():
    assert isinstance(race_setup(), RaceSetup)
    assert issubclass(SeasonPass, RuleSet)
