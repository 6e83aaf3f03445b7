"""Leagues with a long history or a crowd of drivers, built in bulk for the benchmarks and the
tests that compare two sizes: rows written with bulk_create, not through the services, so 20
seasons or 10,000 drivers take seconds. What they build is what the services would have left:
every round of a past season finished with a place and points for each starter, each past
season ended with a season-end line per driver.
"""

from __future__ import annotations

import random
from datetime import timedelta

from django.db import connection
from django.utils import timezone
from django.utils.text import slugify

from league.models import (
    Driver,
    Entry,
    League,
    Round,
    RoundStatus,
    Season,
    SeasonEndChange,
    Team,
    Track,
)
from league.models.team_colours import PALETTE
from league.services.leagues import league_create
from races.models import Race, RaceEvent
from rules import engine


def league_with_drivers(
    *, organiser, name: str, drivers: int, cars_per_team: int = 2, rookies: bool = False
) -> League:
    """A published Season Pass league with `drivers` drivers, two to a team: of every sort
    (young and old, healthy and injured, some about to fall below zero XP), or all healthy
    `rookies`."""
    league = league_create(name=name, organiser=organiser, plain_address=True)
    League.objects.filter(pk=league.pk).update(published=True)
    league.published = True
    teams = Team.objects.bulk_create(
        Team(
            league=league,
            name=f"{name} team {number}",
            colour=PALETTE[number % len(PALETTE)].key,  # by the order they join, as team_create
        )
        for number in range(-(-drivers // cars_per_team))
    )
    Driver.objects.bulk_create(
        Driver(
            team=teams[index // cars_per_team],
            name=f"{name} driver {index}",
            age=1 + index % 6,
            xp=index % 40 - 3,
            prior_injuries=index % 5,
            races_to_miss=index % 11,
        )
        if not rookies
        else Driver(team=teams[index // cars_per_team], name=f"{name} driver {index}")
        for index in range(drivers)
    )
    return league


def season_raced(
    league: League, *, number: int, ended: bool, raced_rounds: int = 9, finished: int = 9
) -> Season:
    """Season `number` of `league` on its tracks, its first `finished` rounds finished and the
    first `raced_rounds` of them with every racing driver starting (places by a fixed rotation,
    points by the league's table), and, if `ended`, its season-end line for each of them."""
    rules = league.rules
    tracks = list(Track.objects.order_by("pk")[: rules.most_rounds])
    season = Season.objects.create(
        league=league,
        number=number,
        ended_at=timezone.now() - timedelta(days=30) if ended else None,
    )
    rounds = Round.objects.bulk_create(
        Round(
            season=season,
            number=index,
            track=track,
            multiplier=rules.round_shape(index).multiplier,
            extra_healing=rules.round_shape(index).extra_healing,
            status=RoundStatus.FINISHED if index <= finished else RoundStatus.SCHEDULED,
        )
        for index, track in enumerate(tracks, start=1)
    )
    drivers = list(Driver.objects.filter(team__league=league).racing().order_by("pk"))
    field = len(drivers)
    entries = []
    for round_ in rounds[:raced_rounds]:
        for index, driver in enumerate(drivers):
            place = (index + round_.number + number) % field + 1
            entries.append(
                Entry(
                    round=round_,
                    driver=driver,
                    team_id=driver.team_id,
                    car=f"car {index}",
                    place=place,
                    finished=True,
                    points=rules.points_for(place, field, round_.multiplier, league.settings),
                    xp_change=1,
                )
            )
    Entry.objects.bulk_create(entries, batch_size=2000)
    if ended:
        SeasonEndChange.objects.bulk_create(
            SeasonEndChange(
                season=season,
                driver=driver,
                xp_before=driver.xp,
                xp_after=driver.xp,
                age_before=driver.age,
                age_after=driver.age,
                races_to_miss_before=0,
                races_to_miss_after=0,
            )
            for driver in drivers
        )
    refresh_statistics()
    return season


def refresh_statistics() -> None:
    """PostgreSQL's planner statistics brought up to date, as autovacuum would have them for a
    league that grew over years: right after a bulk build they describe empty tables."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")


def leagues_in_bulk(*, organiser, count: int, name: str = "League") -> list[League]:
    """`count` published leagues of `organiser`'s (a site's many leagues, for its home page),
    each with one season open."""
    leagues = League.objects.bulk_create(
        League(
            name=f"{name} {number}",
            slug=f"{slugify(name)}-{number}",
            organiser=organiser,
            published=True,
        )
        for number in range(count)
    )
    Season.objects.bulk_create(
        Season(league=league, number=1, ruleset=league.ruleset) for league in leagues
    )
    return leagues


def league_with_history(*, organiser, name: str, seasons: int, drivers: int = 10) -> League:
    """A league of `drivers` drivers who have raced `seasons` full seasons: all but the last
    ended, the last one raced to its final round."""
    league = league_with_drivers(organiser=organiser, name=name, drivers=drivers)
    for number in range(1, seasons + 1):
        season_raced(league, number=number, ended=number < seasons)
    return league


def race_logged(race: Race, *, events: int, seed: int = 1) -> Race:
    """`race` driven `events` events on (no car crosses the line), on the engine alone, and its
    log written in bulk with the state before each event, as race_event_apply keeps it."""
    from tests.races.autopilot import legal_event

    rng = random.Random(seed)
    state = engine.state_from_dict(race.state)
    rows = []
    for seq in range(race.seq + 1, race.seq + events + 1):
        event = legal_event(engine.prompts(state)[0], rng)
        after, _asked = engine.apply(state, event)
        rows.append(
            RaceEvent(
                race=race,
                seq=seq,
                kind=event.kind,
                payload=dict(event.data),
                text=engine.describe(state, event, after)[:300],
                state_before=engine.state_to_dict(state),
            )
        )
        state = after
    RaceEvent.objects.bulk_create(rows, batch_size=200)
    race.seq += events
    race.version += events
    race.state = engine.state_to_dict(state)
    race.save(update_fields=["seq", "version", "state"])
    return race
