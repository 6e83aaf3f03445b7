"""Two readings a league chooses (docs/rulings.md): Overshooting's last tire WP (Formula D and
Formula... Death!) and who rolls for collision behind a car (Formula... Death!). A league made
now takes the documents' literal reading; one made before keeps racing as it did; a round may
switch either."""

from __future__ import annotations

import pytest

from rules.championship import championship_for
from rules.engine import Starter, setup

STARTERS = [Starter("red", "Ann"), Starter("blue", "Bob")]


def race_setup(ruleset: str, settings: dict, race_options: dict | None = None):
    rules = championship_for(ruleset)
    race = rules.race_settings(settings, race_options or {})
    return setup(ruleset, STARTERS, **rules.race_options(weather_table=(), settings=race))


def new_league(ruleset: str) -> dict:
    """The settings the new-league form stores: every setting at its default."""
    return {setting.key: setting.default for setting in championship_for(ruleset).settings}


@pytest.mark.parametrize("ruleset", ["formula_d", "death"])
def test_a_new_league_reads_overshooting_as_written_one_made_before_spins(ruleset):
    assert race_setup(ruleset, new_league(ruleset)).overshoot_by_more_out is True
    assert race_setup(ruleset, {}).overshoot_by_more_out is False
    assert race_setup(ruleset, {"last_tire_wp": "spin"}).overshoot_by_more_out is False


@pytest.mark.parametrize("ruleset", ["formula_d", "death"])
def test_a_round_may_switch_the_overshooting_reading(ruleset):
    switched = race_setup(ruleset, new_league(ruleset), {"last_tire_wp": "spin"})
    assert switched.overshoot_by_more_out is False
    assert race_setup(ruleset, {}, {"last_tire_wp": "out"}).overshoot_by_more_out is True


def test_a_new_death_league_rolls_both_cars_one_made_before_the_rammed_car_only():
    assert race_setup("death", new_league("death")).behind_rolls == "both"
    assert race_setup("death", {}).behind_rolls == "rammed"
    assert race_setup("death", {"behind_rolls": "mover"}).behind_rolls == "mover"
    assert race_setup("death", {}, {"behind_rolls": "mover"}).behind_rolls == "mover"


def test_the_readings_are_league_settings_a_league_may_only_set_to_a_reading():
    from rules.championship import InvalidSetting

    death = championship_for("death")
    assert death.validated_settings({})["behind_rolls"] == "rammed"
    assert death.validated_settings({})["last_tire_wp"] == "spin"
    with pytest.raises(InvalidSetting):
        death.validated_settings({"behind_rolls": "nobody"})
