"""What a rule set reads of a track (rules.championship.TrackFact, declared by its hooks'
`track_facts` and gathered by the registry's `track_facts()`): every fact's default is in its
canonical form and reads as its race takes it, every rule set's race_options takes what the
registry reads of a track, and text a rule set cannot read is refused with its reason."""

from __future__ import annotations

import pytest

from rules.championship import (
    RULE_SET_PACKAGES,
    championship_for,
    track_fact,
    track_facts,
    track_race_options,
)


def test_the_weather_table_and_chart_are_facts_their_rule_sets_declare():
    assert [fact.key for fact in championship_for("season_pass").track_facts] == ["weather_table"]
    assert [fact.key for fact in championship_for("formula_d").track_facts] == ["weather_chart"]
    assert {fact.key for fact in track_facts()} == {"weather_table", "weather_chart"}


@pytest.mark.parametrize("fact", track_facts(), ids=lambda fact: fact.key)
def test_a_fact_s_default_is_canonical_and_read_by_its_race(fact):
    assert fact.canonical(fact.default) == fact.default
    fact.for_race(fact.default)


@pytest.mark.parametrize("fact", track_facts(), ids=lambda fact: fact.key)
def test_a_fact_the_rule_set_cannot_read_is_refused_with_its_reason(fact):
    with pytest.raises(ValueError, match=r"\S"):
        fact.canonical("1-5 hail")


def test_a_fact_is_written_in_its_canonical_form():
    assert track_fact("weather_table").canonical("19-20 VARIABLE, 1-14 sun,15-18 rain") == (
        "1-14 sun, 15-18 rain, 19-20 variable"
    )


@pytest.mark.parametrize("name", list(RULE_SET_PACKAGES))
def test_every_rule_set_s_race_options_take_what_a_track_gives(name):
    defaults = {fact.key: fact.default for fact in track_facts()}
    options = championship_for(name).race_options(**track_race_options(defaults))
    assert isinstance(options, dict)
