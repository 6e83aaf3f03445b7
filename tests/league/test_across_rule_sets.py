"""One league across rule sets (issue 23): a Formula D league tries Formula... Death! for a
season. Each season keeps the rule set it ran; the next season may be opened under another
(or the one its last one's end opened, opened again before its first race); teams and drivers
carry over where the new rule set has them; the pages and the records keep them apart."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from league import backup
from league.models import Driver, League, Round, RoundStatus, Season
from league.reads.records import league_record_book
from league.reads.standings import season_standings
from league.services.errors import AlreadyDone
from league.services.leagues import league_create
from league.services.results import EntryOutcome, round_result_commit, round_result_enter
from league.services.rule_sets import (
    RULESET_MID_SEASON,
    RULESET_SEASON_ENDED,
    SEASON_RULES_CHANGED,
    carried_settings,
    carry_over,
    rules_named,
    season_rules_change,
    season_rules_refusal,
)
from league.services.season_end import season_end
from league.services.seasons import season_open, season_setup_set
from league.services.starts import round_start
from league.services.teams import team_create
from league.services.tracks import track_create
from rules.championship import POINTS_TABLE, championship_for
from tests.factories import published
from tests.league.test_backup import empty_database, imported
from tests.pages import html_of

pytestmark = pytest.mark.django_db


def formula_d_league(organiser, **settings) -> League:
    league = published(
        league_create(
            name="Sunday Grand Prix", organiser=organiser, ruleset="formula_d", settings=settings
        )
    )
    for name in ("Ann", "Bob", "Cid"):
        team_create(league=league, name=f"{name}'s", driver_names=[name])
    return league


def tracks(*names: str):
    """Tracks of these names, new to the track list (the sample schedules' are already on it
    for some rule sets)."""
    return [track_create(name=f"{name} Ring") for name in names]


def play(season: Season, order: tuple[str, ...] = ("Bob", "Ann", "Cid")) -> None:
    """Every round of `season` raced by every active driver, finishing in `order`."""
    for round_ in season.rounds.order_by("number"):
        drivers = list(Driver.objects.filter(team__league=season.league).racing())
        round_start(round_=round_, starters=[(d, f"car {d.pk}") for d in drivers])
        by_name = {entry.driver.name: entry for entry in round_.entries.select_related("driver")}
        outcomes = [
            EntryOutcome(entry_id=by_name[name].pk, finished=True, place=place)
            for place, name in enumerate(order, start=1)
        ]
        round_result_enter(round_=round_, outcomes=outcomes)
        round_result_commit(round_=round_)


def formula_d_then_death(organiser) -> tuple[League, Season, Season]:
    """A Formula D league that raced a season to its end, then a Formula... Death! season: the
    one its end opened, opened again under Death before its first race, and raced."""
    league = formula_d_league(organiser)
    first = season_open(league=league, tracks=tracks("Monza", "Zandvoort"))
    play(first)
    _changes, second = season_end(season=first)
    second = season_rules_change(season=second, ruleset="death")
    play(second, order=("Cid", "Bob", "Ann"))
    league.refresh_from_db()
    first.refresh_from_db()
    return league, first, second


# -- the services ------------------------------------------------------------------------------


def test_a_season_opened_under_another_rule_set_moves_the_league_and_keeps_the_last_one(
    organiser,
):
    league = formula_d_league(organiser, laps="3", weather=True, gear_odds=True)
    first = season_open(league=league, tracks=tracks("Monza"))
    play(first)
    season_end(season=first)
    second = Season.objects.get(league=league, number=2)
    assert second.ruleset == "formula_d"  # the end opens the next on the same rules

    second = season_rules_change(season=second, ruleset="death", tracks=tracks("Spa"))

    league.refresh_from_db()
    first.refresh_from_db()
    assert (league.ruleset, first.ruleset, second.ruleset) == ("death", "formula_d", "death")
    assert first.rules.title == "Formula D" and second.rules.title == "Formula... Death!"
    # Settings both rule sets have carry over; Formula D's own are dropped.
    assert league.settings["laps"] == "3" and league.settings["gear_odds"] is True
    assert "weather" not in league.settings
    assert [round_.track.name for round_ in second.rounds.all()] == ["Spa Ring"]
    assert set(second.race_setup) == {"damage"}  # Death's setup, at its defaults


def test_the_next_season_is_opened_under_another_rule_set_when_the_last_has_ended(organiser):
    league = formula_d_league(organiser)
    first = season_open(league=league, tracks=tracks("Monza"))
    play(first)
    Season.objects.filter(pk=first.pk).update(ended_at="2026-01-01T00:00:00Z")
    second = season_open(league=league, tracks=tracks("Spa"), ruleset="death")
    assert second.ruleset == "death" and league.ruleset == "death"
    assert League.objects.get(pk=league.pk).ruleset == "death"
    assert Season.objects.get(pk=first.pk).ruleset == "formula_d"


def test_an_unknown_rule_set_is_refused(organiser):
    league = formula_d_league(organiser)
    with pytest.raises(ValidationError, match="There is no rule set 'chess'"):
        season_open(league=league, tracks=tracks("Monza"), ruleset="chess")
    assert not league.seasons.exists()


def test_the_rule_set_is_not_changed_mid_season(organiser):
    league = formula_d_league(organiser)
    season = season_open(league=league, tracks=tracks("Monza", "Spa"))
    round_ = season.rounds.get(number=1)
    drivers = list(Driver.objects.filter(team__league=league))
    round_start(round_=round_, starters=[(d, f"car {d.pk}") for d in drivers])
    expected = RULESET_MID_SEASON.format(number=1, round=1)
    assert season_rules_refusal(season) == expected
    with pytest.raises(ValidationError) as refused:
        season_rules_change(season=season, ruleset="death")
    assert refused.value.messages == [expected]
    season.refresh_from_db()
    league.refresh_from_db()
    assert (season.ruleset, league.ruleset) == ("formula_d", "formula_d")
    assert Round.objects.filter(season=season).count() == 2


def test_an_ended_season_keeps_its_rule_set(organiser):
    league, first, _second = formula_d_then_death(organiser)
    assert season_rules_refusal(first) == RULESET_SEASON_ENDED.format(number=1)
    with pytest.raises(ValidationError):
        season_rules_change(season=first, ruleset="death")


def test_the_same_rule_set_again_is_already_done(organiser):
    league = formula_d_league(organiser)
    season = season_open(league=league, tracks=tracks("Monza"))
    with pytest.raises(AlreadyDone):
        season_rules_change(season=season, ruleset="formula_d")


def test_a_schedule_longer_than_the_new_rule_set_races_is_refused(organiser):
    league = published(league_create(name="Long", organiser=organiser))  # Season Pass
    season = season_open(league=league, tracks=tracks(*"ABCDEFGHI"))
    with pytest.raises(ValidationError, match="consists of 8 races"):
        season_rules_change(season=season, ruleset="mini")
    season.refresh_from_db()
    assert season.ruleset == "season_pass" and season.rounds.count() == 9


def test_careers_carry_over_where_the_new_rule_set_has_them_and_injuries_heal_where_not(
    organiser, league, teams
):
    """Season Pass to Formula D: ages and XP are kept (unused), an injury nothing in Formula D
    would heal is healed, and a team of two is told Formula D races one car a team."""
    Driver.objects.filter(name="Ann").update(xp=14, age=3, races_to_miss=2)
    season = season_open(league=league, tracks=tracks("Monza"))
    carried = carry_over(league, rules_named("formula_d"))
    said = " ".join(carried.lines)
    assert "ages, XP and prior injuries are kept but not used" in said
    assert "Injuries do not carry over" in said and "Ann" in said
    assert "races one car a team. Blue Moons and Red Herrings have more active drivers" in said

    season_rules_change(season=season, ruleset="formula_d")

    ann = Driver.objects.get(name="Ann")
    assert (ann.xp, ann.age, ann.races_to_miss) == (14, 3, 0)
    assert Driver.objects.filter(team__league=league).count() == 4


def test_settings_the_new_rule_set_lacks_are_dropped_and_named():
    old, new = championship_for("formula_d"), championship_for("season_pass")
    values, dropped = carried_settings(
        old, new, {"laps": "3", "weather": True, "last_tire_wp": "out"}
    )
    assert dropped == ("Race length", "Weather Conditions, on each track's weather chart")
    assert values == new.validated_settings({})


def test_the_points_table_carries_over_where_it_is_the_league_s_own_or_both_rule_sets_preset():
    formula_d, death, season_pass = (
        championship_for(name) for name in ("formula_d", "death", "season_pass")
    )
    preset = str(formula_d.default_points_table)
    own = "5-3-1"
    assert carried_settings(formula_d, death, {POINTS_TABLE: preset})[0][POINTS_TABLE] == preset
    assert carried_settings(formula_d, season_pass, {POINTS_TABLE: own})[0][POINTS_TABLE] == str(
        season_pass.points_table({POINTS_TABLE: own})
    )
    # Formula D's preset is no table of Season Pass's: it takes its own first preset.
    assert carried_settings(formula_d, season_pass, {POINTS_TABLE: preset})[0][POINTS_TABLE] == str(
        season_pass.default_points_table
    )


# -- a Formula D season, then a Death season, in the league's history --------------------------


def test_a_formula_d_season_then_a_death_season_both_show_in_the_league_s_history(
    client, organiser
):
    league, first, second = formula_d_then_death(organiser)
    assert all(r.status == RoundStatus.FINISHED for r in Round.objects.filter(season=second))
    # The first season's rounds still race by its own rules (Formula D's race options).
    assert first.rounds.first().race_option_lines != ()
    assert second.rounds.first().race_option_lines[0].setting.key == "distribution"

    page = html_of(client.get(league.get_absolute_url()))
    history = page[page.index('id="season-history"') :]
    assert '<span class="season-rules">Formula D</span>' in history
    assert '<span class="season-rules">Formula... Death!</span>' in history

    first_page = html_of(client.get(first.get_absolute_url()))
    second_page = html_of(client.get(second.get_absolute_url()))
    assert "Rules: <strong>Formula D</strong>" in first_page
    assert "Rules: <strong>Formula... Death!</strong>" in second_page
    assert "Damage points" in second_page and "Damage points" not in first_page

    records = html_of(client.get(reverse("league:records", args=[league.slug])))
    assert "Formula D (season 1)" in records and "Formula... Death! (season 2)" in records
    book = league_record_book(league)
    wins = {record.title: record for record in book.records}["Most wins"]
    # Wins are the league's, over both seasons: Bob won the first's two, Cid the second's two.
    assert wins.figure == 2 and {holder.name for holder in wins.holders} == {"Bob", "Cid"}
    titles = {record.title: record for record in book.records}["Most titles"]
    assert {holder.name for holder in titles.holders} == {"Bob"}


def test_records_of_a_rule_set_s_own_are_kept_apart_by_rule_set(organiser):
    """A Season Pass season (careers) then a Mini season (lap-leader points): the longest
    career counts the Season Pass seasons only, and says so."""
    league = published(league_create(name="Mixed", organiser=organiser))
    team_create(league=league, name="Reds", driver_names=["Ann", "Bob"])
    team_create(league=league, name="Blues", driver_names=["Cid", "Dot"])
    first = season_open(league=league, tracks=tracks("Monza"))
    play(first, order=("Ann", "Bob", "Cid", "Dot"))
    _changes, second = season_end(season=first)
    season_rules_change(season=second, ruleset="mini")
    league.refresh_from_db()
    titles = [record.title for record in league_record_book(league).records]
    assert "Longest career (Season Pass)" in titles and "Longest career" not in titles
    assert [span.title for span in league_record_book(league).rule_sets] == [
        "Season Pass",
        "Mini's series",
    ]


def test_a_league_of_one_rule_set_names_none_on_its_records(league, season):
    assert league_record_book(league).rule_sets == ()


# -- the pages ---------------------------------------------------------------------------------


def test_the_new_season_form_offers_the_rule_set_and_says_what_carries_over(
    client_organiser, organiser
):
    league = formula_d_league(organiser)
    url = reverse("league:season_new", args=[league.slug])
    page = client_organiser.get(url).text
    assert 'name="ruleset"' in page and '<option value="formula_d" selected>' in page
    assert 'id="carry-over"' not in page  # the league's own rule set changes nothing
    page = client_organiser.get(url, {"ruleset": "death"}).text
    assert '<option value="death" selected>' in page
    assert "Moving to Formula... Death!" in page and "cards are dealt or picked" in page
    track = tracks("Monza")[0]
    response = client_organiser.post(url, {"ruleset": "death", "race_1": track.pk, "number": "1"})
    assert response.status_code == 302
    season = Season.objects.get(league=league, number=1)
    assert season.ruleset == "death"
    page = client_organiser.get(response["Location"]).text
    assert "Season 1 is open (Formula... Death!)" in page
    assert "Every team and driver carries over" in page


def test_the_season_page_offers_another_rule_set_only_before_its_first_race(
    client_organiser, organiser
):
    league = formula_d_league(organiser)
    season = season_open(league=league, tracks=tracks("Monza", "Spa"))
    url = reverse("league:season_rules", args=[league.slug, 1])
    assert url in client_organiser.get(season.get_absolute_url()).text
    page = client_organiser.get(url, {"ruleset": "death"}).text
    assert "Moving to Formula... Death!" in page
    monza, spa = (r.track_id for r in season.rounds.order_by("number"))
    posted = {"ruleset": "death", "race_1": spa, "race_2": monza, "version": season.setup_version}
    response = client_organiser.post(url, posted)
    assert response.status_code == 302
    season.refresh_from_db()
    assert season.ruleset == "death"
    assert [r.track_id for r in season.rounds.order_by("number")] == [spa, monza]

    round_ = season.rounds.get(number=1)
    drivers = list(Driver.objects.filter(team__league=league))
    round_start(round_=round_, starters=[(d, f"car {d.pk}") for d in drivers])
    assert url not in client_organiser.get(season.get_absolute_url()).text
    season.refresh_from_db()
    posted = {"ruleset": "formula_d", "race_1": spa, "version": season.setup_version}
    response = client_organiser.post(url, posted)
    assert response.status_code == 400
    assert "keeps the rule set it started on" in response.text
    season.refresh_from_db()
    assert season.ruleset == "death"


def test_a_stale_tab_does_not_take_the_season_back_to_the_rule_set_it_showed(
    client_organiser, organiser
):
    """Two tabs on the rule-set page: the first opens the season under Formula... Death!; the
    second, built before, still shows Formula D and is refused rather than undoing it."""
    league = formula_d_league(organiser)
    season = season_open(league=league, tracks=tracks("Monza", "Spa"))
    url = reverse("league:season_rules", args=[league.slug, 1])
    monza, spa = (r.track_id for r in season.rounds.order_by("number"))
    built_on = season.setup_version
    first = {"ruleset": "death", "race_1": monza, "race_2": spa, "version": built_on}
    assert client_organiser.post(url, first).status_code == 302
    second = {"ruleset": "formula_d", "race_1": spa, "race_2": monza, "version": built_on}
    response = client_organiser.post(url, second)
    assert response.status_code == 409
    assert SEASON_RULES_CHANGED in response.text
    season.refresh_from_db()
    assert season.ruleset == "death"
    assert [r.track_id for r in season.rounds.order_by("number")] == [monza, spa]


def test_the_season_page_says_which_rules_it_ran(client, league, season):
    page = client.get(season.get_absolute_url()).text
    assert 'id="season-rules"' in page and "Rules: <strong>Season Pass</strong>" in page


# -- the backup ----------------------------------------------------------------------------------


def test_a_backup_keeps_each_season_s_rule_set(organiser):
    league, _first, _second = formula_d_then_death(organiser)
    exported = json.loads(backup.league_file(league))
    assert exported["version"] == backup.FORMAT_VERSION == 6
    assert [row["ruleset"] for row in exported["tables"]["league.season"]] == [
        "formula_d",
        "death",
    ]
    empty_database()
    restored = imported(exported)
    assert list(restored.seasons.order_by("number").values_list("ruleset", flat=True)) == [
        "formula_d",
        "death",
    ]


def test_a_backup_of_before_rule_sets_per_season_runs_every_season_on_the_league_s(organiser):
    league, _first, _second = formula_d_then_death(organiser)
    exported = json.loads(backup.league_file(league))
    for row in exported["tables"]["league.season"]:
        del row["ruleset"]
        del row["settings_kept"]  # a file of version 3 kept none either
    empty_database()
    with pytest.raises(ValidationError, match="it gives 'ruleset' no value"):
        imported(exported)
    exported["version"] = 3
    del exported["tables"]["league.driverchange"]  # added in 5
    del exported["tables"]["league.leaguesettingchange"]
    for row in exported["tables"]["league.round"]:
        del row["imported"]  # added in 6
    for row in exported["tables"]["league.entry"]:
        del row["grid"], row["laps_led"], row["colour"]  # a file of version 3 had none
    for row in exported["tables"]["league.starterchoice"]:
        del row["colour"]
    restored = imported(exported)
    assert set(restored.seasons.values_list("ruleset", flat=True)) == {"death"}


def test_the_driver_page_fills_career_columns_for_the_seasons_that_had_careers(client, organiser):
    """A Formula D season (no careers), then a Season Pass one: Ann's results show the level she
    raced at and her XP for the Season Pass rounds, a dash for the Formula D ones."""
    league = formula_d_league(organiser)
    first = season_open(league=league, tracks=tracks("Monza", "Zandvoort"))
    play(first)
    _changes, second = season_end(season=first)
    second = season_rules_change(season=second, ruleset="season_pass")
    play(second)
    ann = Driver.objects.get(team__league=league, name="Ann")
    page = client.get(reverse("league:driver", args=[league.slug, ann.pk])).text
    assert "<th>Raced as</th>" in page and '<th class="text-end">XP</th>' in page
    rows = re.findall(r"<tr><td>(\d+)</td>.*?</tr>", page, flags=re.S)
    assert rows.count("1") == 2 and rows.count("2") == 2
    for row in re.findall(r"<tr><td>\d+</td>.*?</tr>", page, flags=re.S):
        season = re.match(r"<tr><td>(\d+)</td>", row).group(1)
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, flags=re.S)
        if season == "1":  # Formula D: a dash for the level, the XP and the injury
            assert cells[2] == "–" and cells[-2:] == ["–", "–"], cells
        else:
            assert cells[2] not in ("", "–") and re.fullmatch(r"[+-]\d+", cells[-2]), cells


def _teams_table(season: Season) -> dict[str, int]:
    season = Season.objects.get(pk=season.pk)
    return {line.competitor.name: line.points for line in season_standings(season).teams}


def test_a_season_keeps_the_settings_it_ran_under_when_the_league_moves_to_another_rule_set(
    client, organiser
):
    """A Formula D season raced as team races (a setting Death has not): opening the next
    season under Death drops the setting from the league, but the season it scored keeps it,
    so its team table, its leaders and its pages read as they did."""
    league = published(
        league_create(
            name="Team Grand Prix",
            organiser=organiser,
            ruleset="formula_d",
            settings={"cars_per_team": "2", "team_race": True},
        )
    )
    team_create(league=league, name="Reds", driver_names=["Ann", "Bob"])
    team_create(league=league, name="Blues", driver_names=["Cid", "Dot"])
    first = season_open(league=league, tracks=tracks("Monza"))
    play(first, order=("Ann", "Cid", "Bob", "Dot"))
    before = _teams_table(first)
    page = client.get(first.get_absolute_url()).text
    _changes, second = season_end(season=first)
    season_rules_change(season=second, ruleset="death")
    league.refresh_from_db()
    assert "team_race" not in league.settings  # Death has no team race
    first.refresh_from_db()
    assert first.settings_kept == {**first.settings_kept, "team_race": True}
    assert _teams_table(first) == before == {"Reds": 16, "Blues": 13}  # the team race's table
    assert client.get(first.get_absolute_url()).text.count(">16<") == page.count(">16<") > 0
    second.refresh_from_db()
    assert second.settings_kept is None and second.league_settings == league.settings


def test_back_to_a_rule_set_the_league_ran_before_brings_back_its_settings(organiser):
    """A Formula D league (weather, 3 laps, its gear odds) opens its next season under Death by
    mistake, then under Formula D again: the league's Formula D settings come back as season 1
    ran them, and the page that asks says so first."""
    league = formula_d_league(organiser, laps="3", weather=True, gear_odds=True)
    first = season_open(league=league, tracks=tracks("Monza"))
    play(first)
    _changes, second = season_end(season=first)
    ran = dict(League.objects.get(pk=league.pk).settings)
    second = season_rules_change(season=second, ruleset="death")
    league.refresh_from_db()
    assert "weather" not in league.settings
    said = carry_over(league, championship_for("formula_d"))
    assert any("as season 1 last ran them" in line for line in said.kept)
    season_rules_change(season=second, ruleset="formula_d")
    league.refresh_from_db()
    assert league.settings == ran  # weather, laps and gear odds as they were


def test_a_round_on_the_same_track_keeps_its_date_and_venue_under_the_other_rule_set(organiser):
    league = formula_d_league(organiser)
    first = season_open(league=league, tracks=tracks("Monza"))
    play(first)
    _changes, second = season_end(season=first)
    when = datetime(2027, 3, 6, 18, 0, tzinfo=UTC)
    Round.objects.filter(season=second, number=1).update(starts_at=when, venue="Ann's garage")
    second = season_rules_change(season=second, ruleset="death")
    kept = second.rounds.get(number=1)
    assert (kept.starts_at, kept.venue) == (when, "Ann's garage")
    second = season_rules_change(season=second, ruleset="formula_d", tracks=tracks("Spa"))
    moved = second.rounds.get(number=1)
    assert (moved.starts_at, moved.venue) == (None, "")  # another track: another session


def test_the_same_rule_set_on_another_schedule_makes_the_rounds_again_and_keeps_the_setup(
    organiser,
):
    """Picked again with other tracks, the rule set the season runs under is not "already done":
    its rounds are made again on them, and the season's own setup stands (it is the rule set's,
    which has not changed)."""
    league = published(league_create(name="Wear", organiser=organiser, ruleset="rbb"))
    season = season_open(league=league, tracks=tracks("Monza"))
    own = {"tires": 5, "brakes": 4, "gearbox": 3, "body": 3, "engine": 3, "road_handling": 2}
    season = season_setup_set(season=season, setup=own)
    with pytest.raises(AlreadyDone):  # the same tracks: nothing to do
        season_rules_change(
            season=season, ruleset="rbb", tracks=[Round.objects.get(season=season).track]
        )

    season = season_rules_change(season=season, ruleset="rbb", tracks=tracks("Spa", "Imola"))

    season.refresh_from_db()
    assert [r.track.name for r in season.rounds.order_by("number")] == ["Spa Ring", "Imola Ring"]
    assert season.ruleset == "rbb" and season.setup == own
