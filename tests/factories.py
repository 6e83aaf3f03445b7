"""Typed factories for the league models.

Factories build rows directly, for tests that need data in a given shape; tests of the rules go
through league/services.py instead, which is where the rules are kept.
"""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from factory.django import DjangoModelFactory

from league.models import (
    Driver,
    DriverStatus,
    Entry,
    League,
    Membership,
    Round,
    RoundStatus,
    Season,
    SeasonEndChange,
    Team,
    Track,
)
from rules import season_pass

PASSWORD = "paddock-test"


class UserFactory(DjangoModelFactory[User]):
    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username}@example.com")
    password = factory.django.Password(PASSWORD)

    class Meta:
        model = get_user_model()
        django_get_or_create = ["username"]
        skip_postgeneration_save = True


class TrackFactory(DjangoModelFactory[Track]):
    name = factory.Sequence(lambda n: f"Circuit {n}")
    number = factory.Sequence(lambda n: 100 + n)

    class Meta:
        model = Track
        django_get_or_create = ["name"]


class LeagueFactory(DjangoModelFactory[League]):
    name = factory.Sequence(lambda n: f"League {n}")
    slug = factory.Sequence(lambda n: f"league-{n}")
    organiser = factory.SubFactory(UserFactory)

    class Meta:
        model = League
        skip_postgeneration_save = True

    @factory.post_generation
    def organiser_membership(league: League, create: bool, extracted, **kwargs) -> None:
        """Every organiser is a member, the lead one too (as league_create makes it)."""
        if create:
            Membership.objects.ensure_organiser(league=league, user_id=league.organiser_id)


class SeasonFactory(DjangoModelFactory[Season]):
    league = factory.SubFactory(LeagueFactory)
    number = factory.Sequence(lambda n: n + 1)

    class Meta:
        model = Season


class RoundFactory(DjangoModelFactory[Round]):
    season = factory.SubFactory(SeasonFactory)
    number = factory.Sequence(lambda n: n % season_pass.ROUNDS_PER_SEASON + 1)
    track = factory.SubFactory(TrackFactory)
    multiplier = factory.LazyAttribute(lambda round_: season_pass.round_multiplier(round_.number))
    extra_healing = factory.LazyAttribute(
        lambda round_: season_pass.extra_healing_before(round_.number)
    )
    status = RoundStatus.SCHEDULED

    class Meta:
        model = Round


class TeamFactory(DjangoModelFactory[Team]):
    league = factory.SubFactory(LeagueFactory)
    name = factory.Sequence(lambda n: f"Team {n}")

    class Meta:
        model = Team


class DriverFactory(DjangoModelFactory[Driver]):
    team = factory.SubFactory(TeamFactory)
    name = factory.Faker("name")
    age = 1
    xp = 0
    prior_injuries = 0
    races_to_miss = 0
    status = DriverStatus.ACTIVE

    class Meta:
        model = Driver


class EntryFactory(DjangoModelFactory[Entry]):
    round = factory.SubFactory(RoundFactory)
    driver = factory.SubFactory(
        DriverFactory, team__league=factory.SelfAttribute("...round.season.league")
    )
    team = factory.SelfAttribute("driver.team")
    car = factory.Sequence(lambda n: f"car {n}")
    level = factory.LazyAttribute(lambda entry: season_pass.level_for(entry.driver.xp).value)

    class Meta:
        model = Entry


class SeasonEndChangeFactory(DjangoModelFactory[SeasonEndChange]):
    season = factory.SubFactory(SeasonFactory)
    driver = factory.SubFactory(
        DriverFactory, team__league=factory.SelfAttribute("...season.league")
    )
    xp_before = 10
    xp_after = 8
    age_before = 1
    age_after = 2
    races_to_miss_before = 0
    races_to_miss_after = 0

    class Meta:
        model = SeasonEndChange


def published(league: League) -> League:
    """`league` published, as a league that races in public is (a new league is private
    until its organiser publishes it; its settings' version is left as made)."""
    League.objects.filter(pk=league.pk).update(published=True)
    organiser = League.organiser.field.get_cached_value(league, default=None)
    league.refresh_from_db()
    if organiser is not None:  # read again, it would cost a query the tests count
        league.organiser = organiser
    return league
