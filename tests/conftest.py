"""Fixtures shared by every Django test: an organiser, a league, its first season and teams.

Browser fixtures live in tests/browser/conftest.py, so the fast tests never load Playwright.
"""

from __future__ import annotations

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation
from hypothesis import settings

from league.models import League, Season, Team
from league.services.leagues import league_create
from league.services.seasons import season_open
from league.services.teams import team_create
from rules import language as rules_language
from tests.factories import UserFactory, published

# A property holds or it does not, however busy the machine: two cores shared with a browser and
# a database server make hypothesis's per-example deadline a coin toss, not a finding.
settings.register_profile("paddock", deadline=None)
settings.load_profile("paddock")


@pytest.fixture(autouse=True)
def english_after_each_test():
    """A test that reads a page in French leaves the thread speaking French (LocaleMiddleware
    activates the reader's language and nothing puts English back): the next test starts in
    the site's own language, whatever ran before it."""
    yield
    translation.activate(django_settings.LANGUAGE_CODE)
    rules_language.activate("en")


@pytest.fixture
def organiser(db) -> User:
    return UserFactory(username="organiser")


@pytest.fixture
def league(organiser: User) -> League:
    """A league its organiser has published (a new one is private until then)."""
    # At its name's own address, as the host's tools make a league: the tests read it.
    return published(
        league_create(name="Thursday Night League", organiser=organiser, plain_address=True)
    )


@pytest.fixture
def season(league: League) -> Season:
    """Season 1 on the Spring sample schedule: Imola (2x) to Monaco (3x)."""
    return season_open(league=league, preset="Spring")


@pytest.fixture
def teams(league: League) -> list[Team]:
    """Two teams of two rookies each: a four-car field."""
    return [
        team_create(league=league, name="Red Herrings", driver_names=["Ann", "Bob"]),
        team_create(league=league, name="Blue Moons", driver_names=["Cid", "Dot"]),
    ]


@pytest.fixture
def client_organiser(client: Client, organiser: User) -> Client:
    client.force_login(organiser)
    return client
