"""A league's records page: titles, wins, poles, podiums, the longest run without a retirement,
the fastest rise through the field and the longest careers, each with its holders and when, in
the same queries after 2 seasons or 20."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db.models import Count, Q
from django.urls import reverse

from bench import builders
from league.models import Driver, Entry, League, Round, RoundStatus
from league.reads.records import Holder, Race, _fastest_rise, _without_retirement, league_records
from league.services.leagues import league_create
from league.services.results import (
    EntryOutcome,
    round_result_commit,
    round_result_enter,
    round_result_record,
)
from league.services.rule_sets import season_rules_change
from league.services.season_end import season_end
from league.services.seasons import season_open
from league.services.starts import round_start
from league.services.teams import team_create
from league.services.tracks import track_create
from tests.factories import UserFactory, published
from tests.test_french_site import english_words, runs_left, words_of, words_of_names

pytestmark = pytest.mark.django_db


def league_of(seasons: int) -> League:
    return builders.league_with_history(
        organiser=UserFactory(), name=f"{seasons} seasons", seasons=seasons
    )


def records_url(league: League) -> str:
    return reverse("league:records", args=[league.slug])


def test_the_records_page_costs_the_same_queries_after_2_seasons_or_20(
    client, django_assert_max_num_queries
):
    small, large = league_of(2), league_of(20)
    for league in (small, large):  # the last race's winner started 5th on the grid
        winners = Entry.objects.filter(
            round__season__league=league, round__status=RoundStatus.FINISHED, place=1
        )
        last = winners.latest("round__season__number", "round__number")
        Entry.objects.filter(pk=last.pk).update(grid=5)
    cache.clear()
    with django_assert_max_num_queries(8) as for_small:
        assert client.get(records_url(small)).status_code == 200
    with django_assert_max_num_queries(len(for_small.captured_queries), exact=True):
        page = client.get(records_url(large)).content.decode()
    assert "Most wins" in page and "Most titles" in page and "Longest career" in page
    assert "Fastest rise through the field" in page and "from 5th to 1st" in page


def test_most_wins_and_podiums_are_the_entries_counted(client):
    league = league_of(2)
    finished = Entry.objects.filter(
        round__season__league=league, round__status=RoundStatus.FINISHED
    )
    counted = finished.values("driver__name").annotate(
        wins=Count("pk", filter=Q(place=1)), podiums=Count("pk", filter=Q(place__lte=3))
    )
    records = {record.title: record for record in league_records(league)}
    for title, key in (("Most wins", "wins"), ("Most podiums", "podiums")):
        most = max(row[key] for row in counted)
        holders = sorted(row["driver__name"] for row in counted if row[key] == most)
        assert records[title].figure == most
        assert sorted(holder.name for holder in records[title].holders) == holders
    seasons = {holder.when for holder in records["Most wins"].holders}
    assert seasons <= {"season 1", "season 2", "seasons 1-2"}
    assert "Most poles" not in records  # results typed by hand without their grid
    assert "Fastest rise through the field" not in records
    page = client.get(records_url(league)).content.decode()
    assert records["Most wins"].holders[0].url in page


def race(driver: int, season: int, number: int, finished: bool) -> Race:
    return Race(driver, season, number, 1, finished, False, 0)


def test_the_longest_run_without_a_retirement_and_where_it_ran():
    races = [
        race(1, 1, 1, True),
        race(2, 1, 1, True),
        race(1, 1, 2, False),
        race(2, 1, 2, True),
        race(1, 2, 1, True),
        race(2, 2, 1, False),
        race(1, 2, 2, True),
        race(1, 2, 3, True),
    ]
    assert _without_retirement(races) == {
        1: (3, "season 2 round 1 to season 2 round 3"),
        2: (2, "season 1 round 1 to season 1 round 2"),
    }


def test_a_league_with_no_results_has_no_records_yet(client, league):
    page = client.get(records_url(league)).content.decode()
    assert "No records yet" in page


def started(driver: int, season: int, number: int, grid: int | None, place: int, finished=True):
    return Race(driver, season, number, place, finished, grid == 1, 0, grid=grid)


def holder(driver_id: int, when: str) -> Holder:
    return Holder(f"driver {driver_id}", f"/drivers/{driver_id}/", when)


def test_the_fastest_rise_is_the_most_places_a_finisher_gained_first_made():
    races = [
        started(1, 1, 1, 2, 1),
        started(2, 1, 1, 6, 3),  # 3 places: the record, first made here
        started(3, 1, 2, 8, 1, finished=False),  # out: a place, but no finish to rise to
        started(4, 1, 2, None, 1),  # no grid known
        started(5, 2, 4, 7, 4),  # 3 places again, later: the first keeps it
        started(1, 2, 5, 1, 6),  # places lost count for nothing
    ]
    record = _fastest_rise(races, holder)
    assert record is not None
    assert (record.title, record.figure, record.unit) == (
        "Fastest rise through the field",
        3,
        "place",
    )
    assert record.holders == (holder(2, "season 1 round 1, from 6th to 3rd"),)


def test_no_finisher_with_a_grid_that_gained_a_place_means_no_fastest_rise():
    assert _fastest_rise([], holder) is None
    assert _fastest_rise([started(1, 1, 1, None, 1), started(2, 1, 1, None, 2)], holder) is None
    assert _fastest_rise([started(1, 1, 1, 1, 1), started(2, 1, 1, 2, 2)], holder) is None
    assert _fastest_rise([started(1, 1, 1, 4, 1, finished=False)], holder) is None


def test_a_result_typed_with_its_grid_gives_the_fastest_rise_on_the_records_page(client, organiser):
    league = league_create(name="Grid Typers", organiser=organiser)
    teams = [
        team_create(league=league, name="Red Herrings", driver_names=["Ann", "Bob"]),
        team_create(league=league, name="Blue Moons", driver_names=["Cid", "Dot"]),
    ]
    season = season_open(league=league, preset="Spring")
    drivers = [driver for team in teams for driver in team.drivers.order_by("pk")]
    entries = round_start(
        round_=season.rounds.get(number=1),
        starters=[(driver, f"car {driver.pk}") for driver in drivers],
    )
    by_name = {entry.driver.name: entry for entry in entries}
    grid_and_place = {"Ann": (1, 2), "Bob": (2, 4), "Cid": (3, 3), "Dot": (4, 1)}
    round_result_record(
        round_=season.rounds.get(number=1),
        outcomes=[
            EntryOutcome(entry_id=by_name[name].pk, finished=True, place=place, grid=grid)
            for name, (grid, place) in grid_and_place.items()
        ],
        injury_rolls={},
    )
    assert Entry.objects.get(pk=by_name["Ann"].pk).pole
    records = {record.title: record for record in league_records(league)}
    dot = Driver.objects.get(name="Dot")
    assert records["Fastest rise through the field"].figure == 3
    assert [(h.name, h.when) for h in records["Fastest rise through the field"].holders] == [
        ("Dot", "season 1 round 1, from 4th to 1st")
    ]
    assert [holder.name for holder in records["Most poles"].holders] == ["Ann"]
    client.force_login(organiser)  # the league is not published
    page = client.get(records_url(league)).content.decode()
    assert "Fastest rise through the field" in page and "from 4th to 1st" in page
    assert reverse("league:driver", args=[league.slug, dot.pk]) in page


def raced(round_: Round, order: tuple[str, ...], bonus: dict[str, int] | None = None) -> None:
    """`round_` raced by the drivers named in `order`, each finishing where `order` puts it
    from the grid slot in reverse (the last started first), with `bonus` points where given."""
    drivers = [Driver.objects.get(name=name) for name in order]
    round_start(round_=round_, starters=[(driver, f"car {driver.pk}") for driver in drivers])
    by_name = {entry.driver.name: entry for entry in round_.entries.select_related("driver")}
    round_result_enter(
        round_=round_,
        outcomes=[
            EntryOutcome(
                entry_id=by_name[name].pk,
                finished=True,
                place=place,
                grid=len(order) + 1 - place,
                bonus_points=(bonus or {}).get(name, 0),
            )
            for place, name in enumerate(order, start=1)
        ],
    )
    round_result_commit(round_=round_)


def test_the_records_read_in_french_say_every_title_figure_and_season_in_french(client, organiser):
    """Two Season Pass seasons of three rounds (titles, wins, poles, podiums, careers, a rise
    through the field) then a Mini season (lap-leader points): every record said in French."""
    league = published(league_create(name="Ligue du jeudi", organiser=organiser))
    team_create(league=league, name="Rouges", driver_names=["Ann", "Bob"])
    team_create(league=league, name="Bleus", driver_names=["Cid", "Dot"])
    order = ("Ann", "Bob", "Cid", "Dot")
    rings = [track_create(name=f"{name} Ring") for name in ("Monza", "Spa", "Zandvoort")]
    season = season_open(league=league, tracks=rings)
    for _number in (1, 2):
        for round_ in season.rounds.order_by("number"):
            raced(round_, order)
        _changes, season = season_end(season=season)
    season = season_rules_change(
        season=season, ruleset="mini", tracks=[track_create(name="Imola Ring")]
    )
    raced(season.rounds.get(number=1), order, bonus={"Bob": 1, "Cid": 1})

    english = words_of(client.get(records_url(league)).content.decode())
    assert "Most lap-leader points (Mini's series)" in english
    assert "Longest career (Season Pass)" in english and "7 wins: Ann (seasons 1-3)" in english
    response = client.get(records_url(league), HTTP_ACCEPT_LANGUAGE="fr")
    text = words_of(response.content.decode())
    for french in (
        "Le plus de titres 2 titres : Ann (saisons 1 à 2)",
        "Le plus de victoires 7 victoires : Ann (saisons 1 à 3)",
        "Le plus de victoires en une saison 3 victoires : Ann (saison 1)",
        "Le plus de pole positions 7 pole positions : Dot (saisons 1 à 3)",
        "Le plus de points de tête de tour (Mini's series) 1 : Bob (saison 3), Cid (saison 3)",
        "Le plus de courses d'affilée sans abandon 7 courses : Ann "
        "(de la saison 1, manche 1, à la saison 3, manche 1)",
        "La plus grande remontée 3 places : Ann (saison 1, manche 1, du 4e au 1er rang)",
        "La plus longue carrière (Season Pass) 2 saisons : Ann (saisons 1 à 2)",
    ):
        assert french in text, text
    names = ["Ligue du jeudi", "Rouges", "Bleus", *order, "Mini's series", "Season Pass"]
    assert (runs_left(text), english_words(text, words_of_names(names))) == ([], [])


def test_a_rule_set_s_bonus_points_are_named_within_the_title_never_their_label_lowered(
    monkeypatch, organiser
):
    """Issue 34: the record's title took the bonus points' label lowered, which a label that
    keeps a capital ("LLP") or a language that capitalises its nouns cannot stand; it names
    them in the rule set's own words within a sentence."""
    from rules.mini.championship import MiniChampionship

    monkeypatch.setattr(MiniChampionship, "bonus_points_label", "Lap-leader points (LLP)")
    league = published(league_create(name="Ligue mini", organiser=organiser, ruleset="mini"))
    team_create(league=league, name="Rouges", driver_names=["Ann", "Bob"])
    team_create(league=league, name="Bleus", driver_names=["Cid", "Dot"])
    season = season_open(league=league, tracks=[track_create(name="Imola Ring")])
    raced(season.rounds.get(number=1), ("Ann", "Bob", "Cid", "Dot"), bonus={"Bob": 1})
    titles = [record.title for record in league_records(league)]
    assert "Most lap-leader points" in titles, titles
    assert not any("llp" in title for title in titles)
