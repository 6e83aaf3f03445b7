"""Every board fact a prompt asks for is explained by its rule set (RuleSet.fact_help): a line
in words short enough for a phone's row, and the rule behind it, for the turn page's "?"."""

from __future__ import annotations

import random

import pytest

from rules.engine import EventRejected, apply, fact_help, start
from rules.registry import RULE_SET_PACKAGES
from tests.rules.test_contract import a_setup, autopilot_event

# A phone's row at 390 px holds about this many characters of the label's size.
LINE_MOST = 40


def asked_facts(ruleset: str) -> dict[str, str]:
    """The board facts (the optional fields and the cars to tick) that a few random races of
    `ruleset`, with and without its options, ask for: name -> label."""
    seen: dict[str, str] = {}
    for seed in range(3):
        for every_option in (False, True):
            rng = random.Random(seed)
            state, asked = start(a_setup(ruleset, rng.randint(2, 5), every_option=every_option))
            for number in range(600):
                if not asked:
                    break
                for spec in asked[0].fields:
                    if not spec.required or spec.kind == "cars":
                        seen.setdefault(spec.name, spec.label)
                for tame in (False, True, True):
                    event = autopilot_event(asked[0], rng, finish=number > 60, tame=tame)
                    try:
                        state, asked = apply(state, event)
                        break
                    except EventRejected:
                        continue
                else:
                    break
    return seen


@pytest.mark.parametrize("ruleset", RULE_SET_PACKAGES)
def test_every_board_fact_has_a_line_and_its_rule(ruleset):
    facts = asked_facts(ruleset)
    assert facts
    for name in facts:
        words = fact_help(ruleset, name)
        assert words is not None, f"{ruleset}: no help for {name!r} ({facts[name]})"
        assert 0 < len(words.line) <= LINE_MOST, (ruleset, name, words.line)
        assert words.rule and words.source, (ruleset, name)


def test_the_finish_line_says_it_is_tapped_at_every_lap():
    for ruleset in RULE_SET_PACKAGES:
        if fact_help(ruleset, "finish") is not None:
            assert "every lap" in fact_help(ruleset, "finish").line


def test_a_field_no_rule_set_explains_has_no_help():
    assert fact_help("season_pass", "no_such_fact") is None
