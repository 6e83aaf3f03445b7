"""The league at scale: a season's end with 10,000 drivers, a round's result for 10 cars and for
40, and the history pages after 20 seasons or with 10,000 drivers. Each is compared with the
same thing at a small size: the query counts must be the same, the pages of bounded length.
"""

from __future__ import annotations

from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from . import builders
from .report import (
    Row,
    against_trivial,
    get_ok,
    queries,
    ratio_row,
    same_queries_row,
    seconds,
    statements,
)

REPEATS = 30
CROWD = 10_000
SEASON_END_MOST_SECONDS = 2.0
PAGE_TARGET = 3.0
PAGE_MOST_KB = 100


def _crowd(organiser, name: str, drivers: int):
    """A league of `drivers` drivers whose first season is all raced (one round with everyone
    starting, the rest finished without entries)."""
    league = builders.league_with_drivers(organiser=organiser, name=name, drivers=drivers)
    return builders.season_raced(league, number=1, ended=False, raced_rounds=1)


def season_end_rows(client: Client, organiser) -> list[Row]:
    from league.services.season_end import season_end

    small = _crowd(organiser, "Ten drivers", 10)
    crowd = _crowd(organiser, "Ten thousand", CROWD)
    at_ten, _folded = statements(lambda: season_end(season=small))
    took = []
    at_crowd, folded = statements(lambda: took.append(seconds(lambda: season_end(season=crowd))))
    rows = [
        Row(
            f"season end, {CROWD:,} drivers",
            f"{took[0]:.2f} s",
            f"<= {SEASON_END_MOST_SECONDS:g} s",
            took[0] <= SEASON_END_MOST_SECONDS,
            gate=False,
        ),
        Row(
            f"season end, {CROWD:,} drivers: statements",
            f"{at_ten} at 10 drivers, {at_crowd} at 10,000"
            + (f" (its bulk inserts in {folded} more batches)" if folded else ""),
            "same statements at both sizes (a bulk insert's batches one)",
            at_ten == at_crowd,
        ),
    ]
    league = crowd.league
    for name, url in (
        ("league page", league.get_absolute_url()),
        ("season page", crowd.get_absolute_url()),
        ("season-end report", reverse("league:season_report", args=[league.slug, 1])),
    ):
        size = len(client.get(url).content) / 1024
        ratio = against_trivial(client, get_ok(client, url), 5)
        rows.append(
            Row(
                f"{name}, {CROWD:,} drivers",
                f"{size:.0f} KB ({ratio:.1f}x trivial, for scale)",
                f"<= {PAGE_MOST_KB} KB",
                size <= PAGE_MOST_KB,
            )
        )
    return rows


def round_rows(client: Client, organiser) -> list[Row]:
    """Entering a round's result by form, then its finished page, for 10 cars and for 40."""
    from league.models import Driver
    from league.services.results import round_result_commit
    from league.services.seasons import season_open
    from league.services.starts import round_start

    entered, shown, ratios = [], [], []
    for cars in (10, 40):
        league = builders.league_with_drivers(
            organiser=organiser, name=f"{cars} cars", drivers=cars, rookies=True
        )
        season = season_open(league=league, preset="Spring")
        round_ = season.rounds.get(number=1)
        drivers = Driver.objects.filter(team__league=league).order_by("pk")
        entries = round_start(round_=round_, starters=[(d, f"c{d.pk}") for d in drivers])
        round_.refresh_from_db()
        data = {"version": round_.version}
        for place, entry in enumerate(entries, start=1):
            data[f"e{entry.pk}-outcome"] = "finished"
            data[f"e{entry.pk}-place"] = str(place)
        url = round_.get_absolute_url()

        def enter(url=url, data=data) -> None:
            assert client.post(url + "result/", data).status_code == 302

        entered.append(queries(enter))
        round_result_commit(round_=round_)
        shown.append(queries(lambda url=url: client.get(url)))
        ratios.append(against_trivial(client, get_ok(client, url), REPEATS))
    sizes = ("10 cars", "40 cars")
    page = same_queries_row("finished round page", sizes, tuple(shown))
    return [
        same_queries_row("enter a round's result by form", sizes, tuple(entered)),
        Row(
            page.name,
            f"{page.figure}; {ratios[0]:.2f}x and {ratios[1]:.2f}x trivial",
            page.target,
            page.met,
        ),
    ]


def history_rows(client: Client, organiser) -> list[Row]:
    """The season, league, driver and team pages after 20 seasons, against the same pages after
    2 (queries); then opening the next season in each."""
    from league.models import Driver, Team
    from league.services.seasons import season_open

    short = builders.league_with_history(organiser=organiser, name="Two seasons", seasons=2)
    long = builders.league_with_history(organiser=organiser, name="Twenty seasons", seasons=20)

    def urls(league) -> dict[str, str]:
        driver = Driver.objects.filter(team__league=league).order_by("pk").first()
        team = Team.objects.filter(league=league).order_by("pk").first()
        return {
            "season page": league.seasons.order_by("-number").first().get_absolute_url(),
            "league page": league.get_absolute_url(),
            "driver page": driver.get_absolute_url(),
            "team page": team.get_absolute_url(),
        }

    rows = []
    for (name, small), large in zip(urls(short).items(), urls(long).values(), strict=True):
        counts = (
            queries(lambda url=small: client.get(url)),
            queries(lambda url=large: client.get(url)),
        )
        size = len(client.get(large).content) / 1024
        ratio = against_trivial(client, get_ok(client, large), REPEATS)
        rows.append(ratio_row(f"{name}, 20 seasons", ratio, PAGE_TARGET))
        rows.append(
            Row(
                f"{name}, 20 seasons: size, queries",
                f"{size:.0f} KB, {counts[1]} queries ({counts[0]} after 2 seasons)",
                f"<= {PAGE_MOST_KB} KB, same queries",
                size <= PAGE_MOST_KB and counts[0] == counts[1],
            )
        )
    opened = []
    for league in (short, long):
        league.seasons.filter(ended_at__isnull=True).update(ended_at=timezone.now())

        def open_next(league=league) -> None:
            with transaction.atomic():
                season_open(league=league, preset="Spring")

        opened.append(queries(open_next))
    rows.append(same_queries_row("open a season", ("season 3", "season 21"), tuple(opened)))
    return rows


FORECAST_MOST_MS = 150


def title_rows(client: Client, organiser) -> list[Row]:
    """The season page halfway through a season (5 rounds of 9 raced), where it says who can
    still be champion and forecasts the title from 1,000 simulated remainders: the simulation
    alone, the page's first view after a result (it simulates), and its views after that (the
    forecast read from the cache), for 10 drivers and for 10,000."""
    import statistics

    from django.core.cache import cache

    from league.reads.standings import season_standings
    from league.reads.title import season_title

    rows = []
    pages = {}
    for drivers in (10, CROWD):
        league = builders.league_with_drivers(
            organiser=organiser, name=f"Title race of {drivers}", drivers=drivers
        )
        season = builders.season_raced(league, number=1, ended=False, raced_rounds=5, finished=5)
        pages[drivers] = url = season.get_absolute_url()
        rounds = list(season.rounds.select_related("track", "season__league"))
        standings = season_standings(season)

        def simulate(season=season, standings=standings, rounds=rounds) -> float:
            cache.clear()
            return seconds(lambda: season_title(season, standings, rounds))

        took = statistics.median(simulate() for _ in range(5)) * 1000
        rows.append(
            Row(
                f"title forecast, {drivers:,} drivers, 4 rounds left",
                f"{took:.0f} ms (1,000 runs)",
                f"<= {FORECAST_MOST_MS} ms",
                took <= FORECAST_MOST_MS,
                gate=False,
            )
        )
        fetch = get_ok(client, url)

        def first_view(fetch=fetch) -> float:
            cache.clear()
            return fetch()

        first = against_trivial(client, first_view, 10)
        rows.append(
            ratio_row(
                f"season page, title race, {drivers:,} drivers", against_trivial(client, fetch, 10),
                PAGE_TARGET, f"{first:.1f}x on its first view after a result",
            )
        )  # fmt: skip
    counts = tuple(queries(lambda url=url: client.get(url)) for url in pages.values())
    rows.append(
        same_queries_row("season page with the title race", ("10 drivers", "10,000"), counts)
    )
    return rows


def rows(client: Client, organiser) -> list[Row]:
    return [
        *season_end_rows(client, organiser),
        *round_rows(client, organiser),
        *history_rows(client, organiser),
        *title_rows(client, organiser),
    ]
