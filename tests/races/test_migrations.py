"""Snapshots stored before the weather was kept once still load, as the same race."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from races.models import Race
from races.services.entries import race_state
from tests.races.autopilot import drive

pytestmark = pytest.mark.django_db
migration = importlib.import_module("races.migrations.0003_season_pass_weather_derived")


def test_an_old_snapshot_keeps_its_weather_after_the_migration(race):
    drive(race, 12, seed=3)
    now = race_state(race)
    old = dict(race.state)
    old["weather"] = old.pop("fixed_weather") or str(now.weather)
    old["log_length"] = race.seq
    Race.objects.filter(pk=race.pk).update(state=old)

    migration.derive_weather(apps, None)
    race.refresh_from_db()
    assert race_state(race) == now

    migration.store_weather(apps, None)
    race.refresh_from_db()
    assert race.state["weather"] == str(now.weather) and "fixed_weather" not in race.state
