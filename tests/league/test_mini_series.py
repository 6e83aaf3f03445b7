"""A Mini's series from the home page to its rounds: its damage-pool setting, the eight-race
series on two courses in the four formats, formats the organiser assigns, and lap-leader points
added to the place's points."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from league.models import Driver, League, Role, Round
from league.reads.standings import season_standings
from league.services.errors import StaleRound
from league.services.leagues import league_create
from league.services.members import member_add
from league.services.results import (
    EntryOutcome,
    round_result_commit,
    round_result_enter,
    round_result_record,
)
from league.services.rounds import round_format_set
from league.services.seasons import season_open
from league.services.starts import round_start
from league.services.teams import team_create
from league.services.tracks import track_create
from tests.league.test_services import all_finish
from tests.pages import html_of
from tests.test_french_site import english_words, runs_left, words_of, words_of_names

pytestmark = pytest.mark.django_db


@pytest.fixture
def mini(organiser) -> League:
    league = league_create(name="Mini Club", organiser=organiser, ruleset="mini")
    for name in ("Ann", "Bob", "Cid"):
        team_create(league=league, name=f"{name}'s", driver_names=[name, f"{name} II"])
    return league


def test_a_mini_series_is_created_from_the_home_page_with_its_damage_pool(client_organiser):
    page = client_organiser.get(reverse("league:league_new"), {"ruleset": "mini"})
    assert 'name="damage_pool"' in page.text and "7-5-3-2-1" in page.text
    response = client_organiser.post(
        reverse("league:league_new"), {"name": "Mini Club", "ruleset": "mini", "damage_pool": "25"}
    )
    league = League.objects.get(name="Mini Club")
    assert response.status_code == 302
    assert league.ruleset == "mini"
    assert league.settings == {
        "damage_pool": "25",
        "gear_odds": False,
        "driver_adjustments_for_team": False,
        "points_table": "7-5-3-2-1-0-0-0",
    }
    assert "25 damage points" in client_organiser.get(league.get_absolute_url()).text


def test_the_damage_pool_defaults_to_20(mini):
    assert mini.settings["damage_pool"] == "20"


def test_the_series_is_eight_races_four_on_each_course_in_the_documents_order(mini):
    season = season_open(league=mini, preset="Mini's series")
    rounds = list(season.rounds.select_related("track").order_by("number"))
    assert [r.track.name for r in rounds] == ["Mini course A"] * 4 + ["Mini course B"] * 4
    assert [r.race_format for r in rounds] == [
        "three_laps",
        "no_pits",
        "no_straights",
        "double_stops",
    ] * 2


def test_the_organiser_may_give_a_round_another_format_before_it_starts(mini):
    season = season_open(league=mini, preset="Mini's series")
    round_ = season.rounds.get(number=1)
    round_format_set(round_=round_, race_format="double_stops", expected_version=round_.version)
    round_.refresh_from_db()
    assert round_.race_format == "double_stops" and round_.version == 1
    with pytest.raises(ValidationError, match="no race format 'sprint'"):
        round_format_set(round_=round_, race_format="sprint")
    with pytest.raises(StaleRound):
        round_format_set(round_=round_, race_format="no_pits", expected_version=0)


def test_a_started_round_keeps_its_format(mini):
    season = season_open(league=mini, preset="Mini's series")
    round_ = season.rounds.get(number=1)
    drivers = list(Driver.objects.order_by("pk"))
    round_start(round_=round_, starters=[(d, f"c{d.pk}") for d in drivers])
    with pytest.raises(ValidationError, match="can no longer change"):
        round_format_set(round_=round_, race_format="no_pits")


def test_places_score_7_5_3_2_1_and_nothing_from_6th(mini):
    season = season_open(league=mini, tracks=[track_create(name="Home")])
    round_ = season.rounds.get()
    drivers = list(Driver.objects.order_by("pk"))
    entries = round_start(round_=round_, starters=[(d, f"c{d.pk}") for d in drivers])
    round_result_record(round_=round_, outcomes=all_finish(entries), injury_rolls={})
    points = list(round_.entries.order_by("place").values_list("points", flat=True))
    assert points == [7, 5, 3, 2, 1, 0]


def test_lap_leader_points_are_added_and_count_for_drivers_and_constructors(mini):
    season = season_open(league=mini, tracks=[track_create(name="Home")])
    round_ = season.rounds.get()
    drivers = [Driver.objects.get(name=name) for name in ("Ann", "Bob", "Cid")]
    entries = round_start(
        round_=round_, starters=[(d, c) for d, c in zip(drivers, "abc", strict=True)]
    )
    by_car = {entry.car: entry for entry in entries}
    outcomes = [
        EntryOutcome(entry_id=by_car["a"].pk, finished=True, place=1),
        EntryOutcome(entry_id=by_car["b"].pk, finished=True, place=2, bonus_points=2),
        EntryOutcome(entry_id=by_car["c"].pk, finished=True, place=3),
    ]
    round_result_record(round_=round_, outcomes=outcomes, injury_rolls={})
    points = dict(round_.entries.values_list("car", "points"))
    assert points == {"a": 7, "b": 7, "c": 3}
    standings = season_standings(season)
    bob_team = by_car["b"].team
    assert next(line.points for line in standings.teams if line.competitor == bob_team) == 7
    # level on 7: countback puts the winner first
    assert [line.competitor.name for line in standings.drivers[:2]] == ["Ann", "Bob"]


def test_a_round_without_lap_leaders_costs_no_more_queries(mini, django_assert_num_queries):
    season = season_open(league=mini, tracks=[track_create(name="Home")])
    round_ = Round.objects.get(season=season)
    drivers = list(Driver.objects.order_by("pk"))[:2]
    entries = round_start(
        round_=round_, starters=[(d, c) for d, c in zip(drivers, "ab", strict=True)]
    )
    outcomes = [
        EntryOutcome(entry_id=entry.pk, finished=True, place=place)
        for place, entry in enumerate(entries, start=1)
    ]
    with django_assert_num_queries(12):  # the league first: locked, its data version moved
        round_result_record(round_=round_, outcomes=outcomes, injury_rolls={})


def _format_url(round_: Round) -> str:
    return reverse("league:round_format", args=[round_.season.league.slug, 1, round_.number])


def test_the_round_page_shows_the_format_and_lets_the_organiser_change_it(client_organiser, mini):
    season = season_open(league=mini, preset="Mini's series")
    round_ = season.rounds.get(number=2)
    page = client_organiser.get(round_.get_absolute_url()).text
    assert "two laps, no pit-stop available" in page and 'name="race_format"' in page
    response = client_organiser.post(
        _format_url(round_), {"race_format": "three_laps", "version": round_.version}
    )
    assert response.status_code == 302
    round_.refresh_from_db()
    assert round_.race_format == "three_laps"
    stale = client_organiser.post(_format_url(round_), {"race_format": "no_pits", "version": 0})
    assert stale.status_code == 409
    wrong = client_organiser.post(
        _format_url(round_), {"race_format": "sprint", "version": round_.version}
    )
    assert wrong.status_code == 400 and "no race format" in wrong.text


def test_only_the_organiser_changes_a_format(client, django_user_model, mini):
    season = season_open(league=mini, preset="Mini's series")
    round_ = season.rounds.get(number=1)
    referee = django_user_model.objects.create_user("ref", password="pw")
    member_add(league=mini, user=referee, role=Role.REFEREE)
    client.force_login(referee)
    assert 'name="race_format"' not in client.get(round_.get_absolute_url()).text
    response = client.post(_format_url(round_), {"race_format": "no_pits", "version": 0})
    assert response.status_code == 403


def test_a_rule_set_without_formats_offers_none(client_organiser, season):
    round_ = season.rounds.first()
    assert 'name="race_format"' not in client_organiser.get(round_.get_absolute_url()).text


def _hand_round(mini: League, race_format: str = "") -> tuple[Round, dict[str, int]]:
    """The series' round 1 (in `race_format`, if given) started by hand with Ann, Bob and Cid
    in cars a, b, c: the round and its entries' ids by car."""
    season = season_open(league=mini, preset="Mini's series")
    round_ = season.rounds.get(number=1)
    if race_format:
        round_ = round_format_set(round_=round_, race_format=race_format)
    drivers = [Driver.objects.get(name=name) for name in ("Ann", "Bob", "Cid")]
    entries = round_start(
        round_=round_, starters=[(d, c) for d, c in zip(drivers, "abc", strict=True)]
    )
    return round_, {entry.car: entry.pk for entry in entries}


def test_lap_leader_points_typed_by_hand_are_added_at_confirmation(mini):
    round_, ids = _hand_round(mini)  # three laps: laps 1 and 2 score
    round_result_enter(
        round_=round_,
        outcomes=[
            EntryOutcome(entry_id=ids["a"], finished=True, place=1),
            EntryOutcome(entry_id=ids["b"], finished=True, place=2, bonus_points=1),
            EntryOutcome(entry_id=ids["c"], finished=True, place=3, bonus_points=1),
        ],
    )
    assert dict(round_.entries.values_list("car", "bonus_points")) == {"a": 0, "b": 1, "c": 1}
    round_result_commit(round_=round_)
    assert dict(round_.entries.values_list("car", "points")) == {"a": 7, "b": 6, "c": 4}
    standings = season_standings(round_.season)
    assert [(line.competitor.name, line.points) for line in standings.drivers[:3]] == [
        ("Ann", 7),
        ("Bob", 6),
        ("Cid", 4),
    ]


def test_more_lap_leader_points_than_the_format_has_laps_are_refused(mini):
    round_, ids = _hand_round(mini, "no_pits")  # two laps: only lap 1 scores
    outcomes = [
        EntryOutcome(entry_id=ids["a"], finished=True, place=1, bonus_points=1),
        EntryOutcome(entry_id=ids["b"], finished=True, place=2, bonus_points=1),
        EntryOutcome(entry_id=ids["c"], finished=True, place=3),
    ]
    with pytest.raises(ValidationError, match="at most 1 between its cars"):
        round_result_enter(round_=round_, outcomes=outcomes)
    assert not round_.entries.filter(place__isnull=False).exists()


def test_a_rule_set_scoring_only_places_refuses_bonus_points(season, teams):
    round_ = season.rounds.get(number=1)
    drivers = list(Driver.objects.filter(team__in=teams))[:2]
    entries = round_start(round_=round_, starters=[(d, f"c{d.pk}") for d in drivers])
    outcomes = [
        EntryOutcome(entry_id=entries[0].pk, finished=True, place=1, bonus_points=1),
        EntryOutcome(entry_id=entries[1].pk, finished=True, place=2),
    ]
    with pytest.raises(ValidationError, match="scores nothing but places"):
        round_result_enter(round_=round_, outcomes=outcomes)


def _result_url(round_: Round, action: str = "result") -> str:
    return reverse(f"league:round_{action}", args=[round_.season.league.slug, 1, round_.number])


def _posted(round_: Round, lines: dict[str, tuple[int, str]], ids: dict[str, int]) -> dict:
    data: dict[str, object] = {"version": Round.objects.get(pk=round_.pk).version}
    for car, (place, bonus) in lines.items():
        data[f"e{ids[car]}-outcome"] = "finished"
        data[f"e{ids[car]}-place"] = str(place)
        data[f"e{ids[car]}-bonus_points"] = bonus
    return data


def test_the_round_page_takes_lap_leader_points_with_the_result(client_organiser, mini):
    round_, ids = _hand_round(mini)
    page = html_of(client_organiser.get(round_.get_absolute_url()))
    assert "Lap-leader points" in page and f'name="e{ids["a"]}-bonus_points"' in page
    assert "2 at most between the cars" in page
    lines = {"a": (1, ""), "b": (2, "2"), "c": (3, "0")}
    response = client_organiser.post(_result_url(round_), _posted(round_, lines, ids))
    assert response.status_code == 302
    confirm = html_of(client_organiser.get(round_.get_absolute_url()))
    assert f'name="e{ids["b"]}-bonus_points" value="2"' in confirm  # kept to correct it
    words = re.sub(r"<[^>]+>", "", confirm)  # the words, without the team's colour swatch
    assert "2. Bob — Lap-leader points: 2" in words  # to check before confirming
    version = Round.objects.get(pk=round_.pk).version
    committed = client_organiser.post(_result_url(round_, "commit"), {"version": version})
    assert committed.status_code == 302
    assert dict(round_.entries.values_list("car", "points")) == {"a": 7, "b": 7, "c": 3}
    done = html_of(client_organiser.get(round_.get_absolute_url()))
    assert "incl. lap-leader points: 2" in done


def test_the_round_page_s_lap_leader_points_and_ways_out_read_in_french(client_organiser, mini):
    """Issue 34: the points' label and a way out stand as names in sentences of their own,
    never lowered into an English sentence ("— out (eliminated: …)", "bob, lap-leader
    points: …")."""
    round_, ids = _hand_round(mini)
    french = {"HTTP_ACCEPT_LANGUAGE": "fr"}

    def panel(page: str) -> str:
        section = page[page.index('<section id="round-panel">') :]
        return words_of(section[: section.index("</section>")])

    mine = words_of_names(["Ann", "Bob", "Cid", "Mini Club"])
    result = panel(html_of(client_organiser.get(round_.get_absolute_url(), **french)))
    assert (
        "Points de tête de tour : points gagnés en plus de la place, 2 au plus entre les voitures "
        "de cette manche."
    ) in result
    lines = {"a": (1, ""), "b": (2, "-1"), "c": (3, "")}
    refused = client_organiser.post(_result_url(round_), _posted(round_, lines, ids), **french)
    assert refused.status_code == 400
    refusal = panel(html_of(refused))
    assert "Bob · Points de tête de tour : " in refusal
    posted = _posted(round_, {"a": (1, ""), "b": (2, "2")}, ids)
    posted |= {f"e{ids['c']}-outcome": "mini_pool", f"e{ids['c']}-distance": "12"}
    entered = client_organiser.post(_result_url(round_), posted, **french)
    assert entered.status_code == 302
    confirm = panel(html_of(client_organiser.get(round_.get_absolute_url(), **french)))
    assert "Bob — Points de tête de tour : 2" in confirm
    assert "Cid — Éliminée : a subi plus de dégâts qu'il ne lui en restait" in confirm
    version = Round.objects.get(pk=round_.pk).version
    client_organiser.post(_result_url(round_, "commit"), {"version": version})
    done = panel(html_of(client_organiser.get(round_.get_absolute_url(), **french)))
    assert "dont points de tête de tour : 2" in done
    for words in (result, refusal, confirm, done):
        assert runs_left(words) == [] and english_words(words, mine) == [], words


def test_too_many_lap_leader_points_on_the_round_page_are_a_400(client_organiser, mini):
    round_, ids = _hand_round(mini)
    lines = {"a": (1, "2"), "b": (2, "1"), "c": (3, "")}
    response = client_organiser.post(_result_url(round_), _posted(round_, lines, ids))
    assert response.status_code == 400
    assert "Lap-leader points: a race gives at most 2 between its cars" in response.text
    assert not round_.entries.filter(place__isnull=False).exists()


def test_a_season_pass_result_form_asks_for_no_bonus_points(client_organiser, season, teams):
    round_ = season.rounds.get(number=1)
    drivers = list(Driver.objects.filter(team__in=teams))
    round_start(round_=round_, starters=[(d, f"c{d.pk}") for d in drivers])
    page = client_organiser.get(round_.get_absolute_url()).text
    assert "bonus_points" not in page and "Lap-leader" not in page


def test_from_the_home_page_a_mini_series_shows_its_presets_at_every_step(client_organiser):
    new = html_of(client_organiser.get(reverse("league:league_new"), {"ruleset": "mini"}))
    assert "Mini table (7-5-3-2-1-0-0-0)" in new
    assert "1 point for the leader of each lap but the last" in new
    assert "An eight-race series, four on each of two courses" in new
    created = {"name": "Mini Club", "ruleset": "mini", "damage_pool": "20"}
    client_organiser.post(reverse("league:league_new"), created)
    league = League.objects.get(name="Mini Club")
    page = html_of(client_organiser.get(league.get_absolute_url()))
    assert "The Mini table" in page and '<td class="round-points">7</td>' in page
    opening = html_of(client_organiser.get(reverse("league:season_new", args=[league.slug])))
    assert "Mini&#x27;s series: Mini course A" in opening
    response = client_organiser.post(
        reverse("league:season_new", args=[league.slug]),
        {"preset": "Mini's series", "number": 1},
    )
    assert response.status_code == 302
    season_page = html_of(client_organiser.get(league.current_season().get_absolute_url()))
    assert season_page.count("Mini course A") == 4 and season_page.count("Mini course B") == 4
