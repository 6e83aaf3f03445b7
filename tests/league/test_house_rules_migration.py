"""Migration 0046: the house rules saved before are rendered once, and kept beside their text."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("league", "0045_driver_changes")]
AFTER = [("league", "0046_house_rules_html")]


@pytest.mark.django_db(transaction=True)
def test_the_rules_saved_before_are_rendered_and_those_too_deep_shown_as_typed() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    organiser = old.get_model("auth", "User").objects.create(username="O")
    league_model = old.get_model("league", "League")
    rules_model = old.get_model("league", "HouseRules")
    for name, text in (("Kept", "# Pit lane\n\nNo *overtaking*."), ("Deep", ">" * 60 + " <b>")):
        league = league_model.objects.create(name=name, slug=name.lower(), organiser=organiser)
        rules_model.objects.create(league=league, text=text, version=1)

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    rules = {r.league.name: r for r in new.get_model("league", "HouseRules").objects.all()}
    assert rules["Kept"].html == (
        '<h1 id="rule-pit-lane">Pit lane</h1>\n<p>No <em>overtaking</em>.</p>\n'
    )
    assert rules["Kept"].headings == [["Pit lane", "rule-pit-lane"]]
    assert rules["Deep"].html == "<pre>" + "&gt;" * 60 + " &lt;b&gt;</pre>"
    assert rules["Deep"].headings == []
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
