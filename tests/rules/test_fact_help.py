"""Every board fact a prompt asks for is explained by its rule set (RuleSet.fact_help): a line
in words short enough for a phone's row, and the rule behind it, for the turn page's "?", with
the rule document and the section of it the rule comes from (rules.documents)."""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest

from rules.documents import DOCUMENTS, Source
from rules.engine import EventRejected, apply, fact_help, ruleset_for, start
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
            line = fact_help(ruleset, "finish").line
            assert "every lap" in line or "each lap" in line


def test_a_field_no_rule_set_explains_has_no_help():
    assert fact_help("season_pass", "no_such_fact") is None


# The rule documents (the specification) live beside the checkout, in shared/seeds, as in CI;
# where they are at hand, every section Paddock cites is checked against its document's own
# headings (elsewhere that check skips, with the reason).
RULE_DOCUMENTS = Path(
    os.environ.get(
        "PADDOCK_RULE_DOCUMENTS", Path(__file__).resolve().parents[3] / "shared" / "seeds"
    )
)


@pytest.mark.parametrize("ruleset", RULE_SET_PACKAGES)
def test_every_help_text_names_a_section_of_a_rule_document(ruleset):
    explained = ruleset_for(ruleset).facts_explained
    assert explained
    for name, words in explained.items():
        source = words.source
        assert isinstance(source, Source), (ruleset, name)
        assert source.document in DOCUMENTS, (ruleset, name, source)
        assert source.section in DOCUMENTS[source.document].sections, (ruleset, name, source)


def headings(text: str) -> set[str]:
    """A document's headings, as its lines write them: a line of its own ("Braking"), after
    markdown's marks ("## New Rules", "[Collisions](#)"), a bold lead-in ("**Wreckage:** Any
    time..."), or a line's first words before a wide gap or a dash ("starting the race — ...")."""
    found = set()
    for line in text.splitlines():
        words = line.strip().lstrip("#").strip()
        bold = re.match(r"\*\*([^*]+?)[:.]?\*\*", words)
        linked = re.match(r"\[([^\]]+)\]\(#\)", words)
        lead = re.split(r"\s{2,}|\s+—", words)[0]
        for heading in (words, lead, *(m.group(1) for m in (bold, linked) if m)):
            found.add(heading.strip().rstrip(":"))
    return found


@pytest.mark.skipif(not RULE_DOCUMENTS.is_dir(), reason="the rule documents are not at hand")
@pytest.mark.parametrize("number", DOCUMENTS)
def test_every_section_cited_is_a_heading_of_its_document(number):
    (path,) = RULE_DOCUMENTS.glob(f"{number}_*.txt")
    found = headings(path.read_text())
    assert [section for section in DOCUMENTS[number].sections if section not in found] == []


def test_the_help_reads_as_the_document_says():
    """Found: Formula D's "?" on braking said more than 3 spaces cost tire and engine points,
    and on the cars beside that every car touched rolls. Braking costs a brake point a space;
    blocked, brake and tire points by the table, never engine; only the car that moved rolls."""
    brakes = fact_help("formula_d", "brakes")
    blocked = fact_help("formula_d", "blocked")
    adjacent = fact_help("formula_d", "adjacent")
    assert brakes is not None and blocked is not None and adjacent is not None
    assert "engine" not in brakes.rule + blocked.rule
    assert "a brake wear point" in brakes.rule and "tire points" in blocked.rule
    assert "the car that moved, not the cars it ended beside" in adjacent.rule
    assert str(brakes.source) == "Formula D rules, Braking"
