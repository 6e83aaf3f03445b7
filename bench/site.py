"""The site at scale: its home page with 300 leagues, and a reader of one league's pages while
other leagues are written to.

A league's kept page parts (league/page_parts.py) are keyed by its own data version: a write to
another league must leave them in the cache. The reader's season page is timed with a write to
another league before every read (more often than the once a second of a busy site), against
the same read with no writes elsewhere, the two in turns.
"""

from __future__ import annotations

import statistics

from django.test import Client
from django.urls import reverse

from . import builders
from .report import Row, against_trivial, get_ok, queries, ratio_row

LEAGUES = 300
HOME_TARGET = 3.0
HOME_MOST_KB = 100
REPEATS = 30
READ_TARGET = 1.2


def rows(client: Client, organiser) -> list[Row]:
    from league.services.teams import team_create, team_rename

    builders.leagues_in_bulk(organiser=organiser, count=LEAGUES)
    home = reverse("league:home")
    size = len(client.get(home).content) / 1024
    few_then_many = queries(lambda: client.get(home))
    rows = [
        ratio_row(
            f"home page, {LEAGUES} leagues",
            against_trivial(client, get_ok(client, home), REPEATS),
            HOME_TARGET,
        ),
        Row(
            f"home page, {LEAGUES} leagues: size, queries",
            f"{size:.0f} KB, {few_then_many} queries",
            f"<= {HOME_MOST_KB} KB",
            size <= HOME_MOST_KB,
        ),
    ]
    reader = builders.league_with_history(organiser=organiser, name="Read", seasons=2)
    page = get_ok(client, reader.seasons.order_by("-number").first().get_absolute_url())
    others = [
        team_create(league=league, name="Written", driver_names=["Wes", "Wil"])
        for league in builders.leagues_in_bulk(organiser=organiser, count=5, name="Written to")
    ]
    names = iter(range(10**9))

    def read_while_written_elsewhere() -> float:
        team = others[next(names) % len(others)]
        team_rename(team=team, name=f"Written {next(names)}")
        return page()

    page(), read_while_written_elsewhere()
    quiet, busy = [], []
    for _ in range(REPEATS):
        quiet.append(page())
        busy.append(read_while_written_elsewhere())
    ratio = statistics.median(busy) / statistics.median(quiet)
    rows.append(
        Row(
            "a league's season page, other leagues written to",
            f"{ratio:.2f}x the same read with no writes elsewhere",
            f"<= {READ_TARGET}x",
            ratio <= READ_TARGET,
            gate=False,
        )
    )
    return rows
