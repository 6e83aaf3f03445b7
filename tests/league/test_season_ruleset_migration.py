"""Migration 0041: every season of before ran its league's rule set, and keeps it."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("league", "0040_house_rules")]
AFTER = [("league", "0041_season_ruleset")]


@pytest.mark.django_db(transaction=True)
def test_each_season_of_before_takes_its_league_s_rule_set() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    organiser = old.get_model("auth", "User").objects.create(username="O")
    league_model = old.get_model("league", "League")
    season_model = old.get_model("league", "Season")
    for name, ruleset in (("Classic", "season_pass"), ("Death", "death")):
        league = league_model.objects.create(
            name=name, slug=name.lower(), organiser=organiser, ruleset=ruleset
        )
        for number in (1, 2):
            season_model.objects.create(league=league, number=number)

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    seasons = new.get_model("league", "Season").objects.order_by("league__name", "number")
    assert [(s.league.name, s.number, s.ruleset) for s in seasons] == [
        ("Classic", 1, "season_pass"),
        ("Classic", 2, "season_pass"),
        ("Death", 1, "death"),
        ("Death", 2, "death"),
    ]
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
