"""A league's past seasons brought in from its spreadsheet (league/spreadsheet/results.py,
docs/importing.md): read against the roster, every problem named by file, row and column and
nothing written; made as rounds marked imported that count for standings, champions, careers
and records, and can be corrected; exported in the same format, so that an export of any league
imports as the same league."""

from __future__ import annotations

import csv
import json
from io import BytesIO, StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils.html import escape

from league import backup
from league.models import Driver, Entry, League, Round, RoundStatus, Season, Track
from league.reads.records import league_records
from league.reads.standings import season_leaders, season_standings
from league.services.leagues import league_create
from league.services.reopen import round_reopen
from league.services.results import EntryOutcome, round_result_commit, round_result_enter
from league.services.season_end import season_end
from league.services.seasons import season_open
from league.services.spreadsheet import league_import_spreadsheet
from league.services.starts import round_start
from league.services.teams import team_create
from league.spreadsheet import MOST_BYTES, MOST_ROWS, read_results, read_roster, results_rows
from league.spreadsheet import results as results_file
from league.spreadsheet.roster import NOT_WHOLE, TOO_LARGE, roster_rows
from rules.championship import championship_for
from rules.registry import RULE_SET_PACKAGES
from tests.factories import UserFactory
from tests.league.test_spreadsheet import FOURTH_SEASON, roster_text

pytestmark = pytest.mark.django_db

URL = reverse("league:league_import")
TRACKS = ("Monaco", "Monza", "Spa", "Suzuka")
HEADER = "season,round,track,team,driver,place,out,points,bonus"


@pytest.fixture(autouse=True)
def tracks():
    for number, name in enumerate(TRACKS, start=1):
        Track.objects.get_or_create(name=name, defaults={"number": number})


def results_text(rows) -> str:
    return "\n".join([HEADER, *(",".join(str(cell) for cell in row) for row in rows)]) + "\n"


def fourth_season_results() -> list[tuple]:
    """Seasons 1 to 3 of four rounds each, every one of the 12 drivers racing, the order
    turning a place a round; season 4 with two rounds raced and two still to race. The last
    car of each round went out in a collision; points by a table of the league's own."""
    drivers = [(team, name) for team, name, *_career in FOURTH_SEASON]
    rows: list[tuple] = []
    for season in (1, 2, 3, 4):
        for number, track in enumerate(TRACKS, start=1):
            if season == 4 and number > 2:
                rows.append((season, number, track, "", "", "", "", "", ""))
                continue
            turn = (season * 5 + number) % len(drivers)
            order = drivers[turn:] + drivers[:turn]
            for place, (team, name) in enumerate(order, start=1):
                out = "collision" if place == len(order) else ""
                points = max(0, 13 - place)
                rows.append((season, number, track, team, name, place, out, points, ""))
    return rows


def upload(client, roster: str, results: str | bytes | None, name="Old Hands"):
    files = {"roster": SimpleUploadedFile("roster.csv", roster.encode(), "text/csv")}
    if results is not None:
        raw = results.encode() if isinstance(results, str) else results
        files["results"] = SimpleUploadedFile("past.csv", raw, "text/csv")
    return client.post(URL, {"name": name, "ruleset": "season_pass", **files})


def file_totals(rows, season: int) -> dict[str, int]:
    totals: dict[str, int] = {}
    for of, _round, _track, _team, name, _place, _out, points, _bonus in rows:
        if of == season and name:
            totals[name] = totals.get(name, 0) + points
    return totals


def test_a_12_driver_season_pass_league_in_its_fourth_season_comes_in_whole(client_organiser):
    """Issue 31's "done when": one preview, one confirmation; its standings, careers and
    levels are the file's."""
    rules = championship_for("season_pass")
    rows = fourth_season_results()
    preview = upload(client_organiser, roster_text(FOURTH_SEASON), results_text(rows))
    assert preview.status_code == 200, preview.content.decode()[:2000]
    page = preview.content.decode()
    assert "4 seasons, 168 results" in page
    assert not League.objects.exists()

    made = client_organiser.post(URL, {"token": preview.context["token"]})

    league = League.objects.get(name="Old Hands")
    assert made.status_code == 302
    seasons = list(league.seasons.order_by("number"))
    assert [season.number for season in seasons] == [1, 2, 3, 4]
    assert [season.is_ended for season in seasons] == [True, True, True, False]
    assert league.current_season().number == 4
    for season in seasons:
        totals = file_totals(rows, season.number)
        table = season_standings(season)
        assert {line.competitor.name: line.points for line in table.drivers} == {
            name: totals.get(name, 0) for _team, name, *_rest in FOURTH_SEASON
        }
        best = max(totals.values())
        champions = {name for name, points in totals.items() if points == best}
        assert {line.competitor.name for line in table.driver_champions} <= champions
    leaders = season_leaders(seasons[:3])
    assert all(leader.drivers for leader in leaders)
    # Careers and levels: the roster's, untouched by the rounds brought in.
    drivers = Driver.objects.filter(team__league=league).select_related("team").order_by("pk")
    careers = [
        (d.team.name, d.name, d.age, d.xp, d.prior_injuries, d.races_to_miss) for d in drivers
    ]
    assert careers == [row[:6] for row in FOURTH_SEASON]
    assert [d.level for d in drivers] == [rules.level_for(row[3]) for row in FOURTH_SEASON]
    assert Entry.objects.filter(driver__name="Ann Apex").count() == 14  # 3 x 4 + 2 races
    rounds = Round.objects.filter(season__league=league)
    assert rounds.filter(imported=True).count() == 14
    assert rounds.filter(status=RoundStatus.SCHEDULED, imported=False).count() == 2
    assert league_records(league)  # the records read the rounds brought in
    driver_page = client_organiser.get(drivers[0].get_absolute_url())
    assert driver_page.status_code == 200


def test_the_season_going_on_races_on_from_the_roster(organiser):
    """Round 3 of season 4, raced in Paddock, starts from the careers the roster gives."""
    league = league_import_spreadsheet(
        organiser=organiser,
        name="Old Hands",
        ruleset="season_pass",
        roster=roster_text(FOURTH_SEASON).encode(),
        results=results_text(fourth_season_results()).encode(),
    )
    third = Round.objects.get(season__league=league, season__number=4, number=3)
    bob = Driver.objects.get(name="Bob Brake")
    cat = Driver.objects.get(name="Cat Camber")
    entries = round_start(round_=third, starters=[(bob, "red"), (cat, "blue")])
    assert {entry.driver.name: entry.xp_change for entry in entries} == {
        "Bob Brake": 1,
        "Cat Camber": 1,
    }
    refused = Driver.objects.get(name="Ann Apex")  # 1 race still to miss, as the roster says
    assert refused.races_to_miss == 1


# --- What is refused -------------------------------------------------------------------------


def refused(client, results: str | bytes, *expected: str) -> list[str]:
    answer = upload(client, roster_text(FOURTH_SEASON), results)
    assert answer.status_code == 400
    problems = answer.context["problems"]
    for message in expected:
        assert message in problems, problems
    assert not League.objects.exists() and not Season.objects.exists()
    return problems


def test_a_place_twice_in_one_round_is_named_by_its_row(client_organiser):
    rows = [
        (1, 1, "Monaco", "", "Ann Apex", 1, "", 10),
        (1, 1, "Monaco", "", "Bob Brake", 1, "", 8),
    ]
    message = results_file.PLACE_TWICE.format(place=1, round=1, season=1, row=2)
    refused(client_organiser, results_text(rows), f"Past seasons, row 3, column place: {message}")


def test_a_driver_not_on_the_roster_is_named(client_organiser):
    rows = [(1, 1, "Monaco", "", "Zed Zero", 1, "", 10)]
    message = results_file.UNKNOWN_DRIVER.format(value="Zed Zero")
    refused(client_organiser, results_text(rows), f"Past seasons, row 2, column driver: {message}")


def test_text_in_a_number_column_is_named(client_organiser):
    rows = [(1, 1, "Monaco", "", "Ann Apex", "first", "", "ten")]
    refused(
        client_organiser,
        results_text(rows),
        "Past seasons, row 2, column place: " + NOT_WHOLE.format(value="first"),
        "Past seasons, row 2, column points: " + NOT_WHOLE.format(value="ten"),
    )


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (
            [
                (1, 1, "Monaco", "", "Ann Apex", 1, "", 1),
                (1, 1, "Monza", "", "Bob Brake", 2, "", 0),
            ],
            "row 3, column track: "
            + results_file.OTHER_TRACK.format(round=1, season=1, track="Monaco", row=2),
        ),
        (
            [(1, 1, "Monaco", "", "Ann Apex", 2, "", 1)],
            "row 2, column place: Round 1 of season 1: the cars that finished take places 1 to 1",
        ),
        (
            [(1, 2, "Monaco", "", "Ann Apex", 1, "", 1)],
            "row 2, column round: " + results_file.ROUND_MISSING.format(season=1, round=1),
        ),
        (
            [(1, 1, "Monaco", "", "", "", "", ""), (2, 1, "Monaco", "", "Ann Apex", 1, "", 1)],
            "row 2, column driver: "
            + results_file.NOT_RACED_IN_ENDED.format(round=1, season=1, later=2),
        ),
        (
            [(1, 1, "Nowhere Ring", "", "Ann Apex", 1, "", 1)],
            "row 2, column track: 'Nowhere Ring' is not a track on this site",
        ),
        (
            [(1, 1, "Monaco", "", "Ann Apex", "", "spun", 1)],
            "row 2, column out: 'spun' is not a way out of a race in Season Pass",
        ),
        (
            [(1, 99, "Monaco", "", "Ann Apex", 1, "", 1)],
            "row 2, column round: 99 is not a round: 1 to 9.",
        ),
        (
            [(1, 1, "Monaco", "", "Ann Apex", 1, "", 10**6)],
            "row 2, column points: 1000000 is not a points: 0 to 9999.",
        ),
        (
            [(1, 1, "Monaco", "", "Ann Apex", 1, "", 10, 2)],
            "row 2, column bonus: Season Pass scores nothing but places",
        ),
    ],
)
def test_a_result_that_cannot_be_is_named_by_row_and_column(client_organiser, rows, message):
    problems = refused(client_organiser, results_text(rows))
    assert any(problem.startswith(f"Past seasons, {message}") for problem in problems), problems


def test_a_malformed_or_huge_past_seasons_file_is_refused(client_organiser):
    refused(client_organiser, HEADER + '\n1,1,"Monaco\n' + "x" * 5000)
    refused(client_organiser, b"season,round\n\x00\x00")
    refused(
        client_organiser,
        "season,round,track,driver,colour\n",
    )
    too_many = HEADER + "\n" + "1,1,Monaco,,Ann Apex,1,,1\n" * (MOST_ROWS + 5)
    problems = refused(client_organiser, too_many)
    assert any("more than 5,000 rows" in problem for problem in problems)
    huge = upload(client_organiser, roster_text(FOURTH_SEASON), b"x" * (MOST_BYTES + 10))
    assert huge.status_code == 400
    assert "Past seasons: " + TOO_LARGE.format(most=MOST_BYTES) in huge.context["problems"] or (
        escape(TOO_LARGE.format(most=MOST_BYTES)) in huge.content.decode()
    )
    assert not League.objects.exists()


def test_the_service_writes_nothing_for_a_file_with_a_problem(organiser):
    with pytest.raises(ValidationError):
        league_import_spreadsheet(
            organiser=organiser,
            name="X",
            ruleset="season_pass",
            roster=roster_text(FOURTH_SEASON).encode(),
            results=results_text([(1, 1, "Monaco", "", "Zed", 1, "", 1)]).encode(),
        )
    assert not League.objects.exists()


# --- Corrected by hand -----------------------------------------------------------------------


def test_an_imported_round_of_an_ended_season_reopens_and_is_confirmed_again(organiser):
    league = league_import_spreadsheet(
        organiser=organiser,
        name="Old Hands",
        ruleset="season_pass",
        roster=roster_text(FOURTH_SEASON).encode(),
        results=results_text(fourth_season_results()).encode(),
    )
    careers = list(Driver.objects.order_by("pk").values_list("xp", "races_to_miss", "status"))
    round_ = Round.objects.get(season__league=league, season__number=2, number=3)
    round_reopen(round_=round_, expected_version=round_.version)
    round_.refresh_from_db()
    assert round_.status == RoundStatus.STARTED
    entries = list(round_.entries.order_by("place"))
    # The first two swap: the file had them the wrong way round.
    outcomes = [
        EntryOutcome(entry_id=entry.pk, finished=bool(entry.finished), place=entry.place,
                     out_reason=entry.out_reason)
        for entry in entries
    ]  # fmt: skip
    outcomes[0] = EntryOutcome(entry_id=entries[0].pk, finished=True, place=2)
    outcomes[1] = EntryOutcome(entry_id=entries[1].pk, finished=True, place=1)
    round_result_enter(round_=round_, outcomes=outcomes)
    round_result_commit(round_=round_)
    round_.refresh_from_db()
    assert round_.status == RoundStatus.FINISHED and round_.imported
    rules = championship_for("season_pass")
    winner = round_.entries.get(place=1)
    assert winner.driver_id == entries[1].driver_id and winner.xp_change == 0
    multiplier = rules.round_shape(3).multiplier
    assert winner.points == rules.points_for(1, len(entries), multiplier, league.settings)
    # No career moved: the roster's stand.
    assert list(Driver.objects.order_by("pk").values_list("xp", "races_to_miss", "status")) == (
        careers
    )


# --- The export reads back as the same league -------------------------------------------------


def race(league: League, round_: Round) -> None:
    """The round raced by every driver able to, each team's first cars, all finishing in the
    order they were hired, the round's turn turning it."""
    from league.services.results import round_result_record

    cars = league.cars_per_team
    starters = []
    for team in league.teams.order_by("pk"):
        starters += list(team.drivers.racing().order_by("pk")[:cars])
    turn = round_.number % len(starters)
    starters = starters[turn:] + starters[:turn]
    entries = round_start(
        round_=round_, starters=[(driver, f"#{n}") for n, driver in enumerate(starters, start=1)]
    )
    outcomes = [
        EntryOutcome(entry_id=entry.pk, finished=True, place=place)
        for place, entry in enumerate(entries, start=1)
    ]
    round_result_record(round_=round_, outcomes=outcomes, injury_rolls={})


def raced_league(ruleset: str, organiser) -> League:
    """Two seasons raced in Paddock: the first of two rounds, ended; the second with one of
    two raced."""
    league = league_create(name=f"Raced {ruleset}", organiser=organiser, ruleset=ruleset)
    for team_name in ("Rosso", "Verde", "Blu"):
        names = [f"{team_name} {n}" for n in range(league.cars_per_team)]
        team_create(league=league, name=team_name, driver_names=names)
    tracks = list(Track.objects.filter(name__in=TRACKS[:2]).order_by("number"))
    season = season_open(league=league, tracks=tracks)
    for round_ in season.rounds.order_by("number"):
        race(league, round_)
    _changes, second = season_end(season=season)
    race(league, second.rounds.get(number=1))
    return league


def picture(league: League) -> dict:
    """Standings, champions, careers and records: what an export must bring back."""
    seasons = list(league.seasons.order_by("number"))
    standings = {}
    for season in seasons:
        table = season_standings(season)
        standings[season.number] = (
            [(line.position, line.competitor.name, line.points) for line in table.drivers],
            [(line.position, line.competitor.name, line.points) for line in table.teams],
            season.is_ended,
            list(season.rounds.order_by("number").values_list("number", "track__name", "status")),
        )
    champions = [
        ([leader.name for leader in each.drivers], [leader.name for leader in each.teams])
        for each in season_leaders([season for season in seasons if season.is_ended])
    ]
    careers = [
        (d.team.name, d.name, d.age, d.xp, d.prior_injuries, d.races_to_miss, d.status,
         d.entries.count(), sum(entry.points for entry in d.entries.all()))
        for d in Driver.objects.filter(team__league=league).select_related("team").order_by("name")
    ]  # fmt: skip
    # Holders level on a record are listed by when they joined: sorted here.
    records = [(record.title, sorted(holder.name for holder in record.holders))
               for record in league_records(league)]  # fmt: skip
    return {"standings": standings, "champions": champions, "careers": careers,
            "records": records}  # fmt: skip


def exported_and_imported(client, league: League, organiser) -> League:
    roster = client.get(reverse("league:roster_csv", args=[league.slug]))
    past = client.get(reverse("league:results_export_csv", args=[league.slug]))
    assert roster.status_code == 200 and past.status_code == 200
    assert past.content.decode().splitlines()[0] == HEADER
    return league_import_spreadsheet(
        organiser=organiser,
        name=f"{league.name} copy",
        ruleset=league.ruleset,
        roster=roster.content,
        results=past.content,
    )


@pytest.mark.parametrize("ruleset", list(RULE_SET_PACKAGES))
def test_an_export_of_a_league_imports_as_the_same_league(client_organiser, organiser, ruleset):
    league = raced_league(ruleset, organiser)
    copy = exported_and_imported(client_organiser, league, organiser)
    assert picture(copy) == picture(league)
    assert picture(league)["champions"]  # season 1 ended: it has its champions
    # And again: a league brought in exports as it came.
    again = exported_and_imported(client_organiser, copy, organiser)
    assert picture(again) == picture(league)


def test_an_export_of_each_demo_league_imports_as_the_same_league(client, organiser):
    call_command("load_demo", stdout=StringIO())
    demo = list(League.objects.all())
    assert len(demo) == 4
    for league in demo:
        client.force_login(league.organiser)
        copy = exported_and_imported(client, league, league.organiser)
        assert picture(copy) == picture(league), league.name


def test_a_league_brought_in_keeps_its_marks_through_a_backup(organiser):
    league = league_import_spreadsheet(
        organiser=organiser,
        name="Old Hands",
        ruleset="season_pass",
        roster=roster_text(FOURTH_SEASON).encode(),
        results=results_text(fourth_season_results()).encode(),
    )
    before = picture(league)
    exported = backup.league_file(league)
    assert json.loads(exported)["version"] == 6
    restored = backup.league_import(BytesIO(exported.encode()), organiser=UserFactory()).league
    assert Round.objects.filter(season__league=restored, imported=True).count() == 14
    assert picture(restored) == before


# --- Pure reading, and its cost ----------------------------------------------------------------


def test_reading_past_seasons_is_pure_of_the_database():
    rules = championship_for("season_pass")
    roster = read_roster(roster_text(FOURTH_SEASON).encode(), rules=rules, tracks={})
    tracks = {name.casefold(): name for name in TRACKS}
    past = read_results(
        results_text(fourth_season_results()).encode(), rules=rules, roster=roster, tracks=tracks
    )
    assert not past.problems
    assert [(s.number, s.ended, s.raced, len(s.rounds)) for s in past.seasons] == [
        (1, True, 4, 4), (2, True, 4, 4), (3, True, 4, 4), (4, False, 2, 4)
    ]  # fmt: skip
    # A car out without a place follows the finishers in the file's order; blank points are
    # the rule set's table's.
    shuffled = read_results(
        b"season,round,track,driver,place,out\n1,1,monaco,Bob Brake,,collision\n"
        b"1,1,Monaco,Ann Apex,1,\n",
        rules=rules,
        roster=roster,
        tracks=tracks,
    )
    (entry_one, entry_two) = shuffled.seasons[0].rounds[0].entries
    assert (entry_one.driver, entry_one.place, entry_two.driver, entry_two.place) == (
        "Ann Apex", 1, "Bob Brake", 2
    )  # fmt: skip
    settings = rules.validated_settings({})
    assert entry_one.points == rules.points_for(1, 2, rules.round_shape(1).multiplier, settings)


@pytest.mark.parametrize("seasons", [1, 4])
def test_the_preview_with_past_seasons_costs_the_same_queries_at_two_sizes(
    client_organiser, seasons, django_assert_max_num_queries
):
    rows = [row for row in fourth_season_results() if row[0] > 4 - seasons]
    rows = [(row[0] - (4 - seasons), *row[1:]) for row in rows]
    with django_assert_max_num_queries(5):
        answer = upload(client_organiser, roster_text(FOURTH_SEASON), results_text(rows))
    assert answer.status_code == 200


@pytest.mark.parametrize("seasons", [1, 4])
def test_the_past_seasons_export_costs_the_same_queries_at_two_sizes(
    client_organiser, organiser, seasons, django_assert_max_num_queries
):
    rows = [row for row in fourth_season_results() if row[0] <= seasons]
    league = league_import_spreadsheet(
        organiser=organiser,
        name="Old Hands",
        ruleset="season_pass",
        roster=roster_text(FOURTH_SEASON).encode(),
        results=results_text(rows).encode(),
    )
    with django_assert_max_num_queries(12):
        answer = client_organiser.get(reverse("league:results_export_csv", args=[league.slug]))
    assert answer.status_code == 200
    header, written = results_rows(league)
    assert len(written) == len(rows)
    assert roster_rows(league)[1]


def test_the_past_seasons_template_imports_with_the_roster_template_and_reads_back(organiser):
    """The templates served on the page are the demo league's: they read without a problem,
    and the league made from them exports the same rows."""
    static = Path(settings.BASE_DIR) / "static" / "csv"
    content = (static / "past-seasons-template.csv").read_bytes()
    league = league_import_spreadsheet(
        organiser=organiser,
        name="Demo",
        ruleset="season_pass",
        roster=(static / "roster-template.csv").read_bytes(),
        results=content,
    )
    header, rows = results_rows(league)
    written = [list(header), *([str(cell) for cell in row] for row in rows)]
    assert written == list(csv.reader(StringIO(content.decode())))


def test_the_command_brings_the_past_seasons_with_results(tmp_path, organiser):
    """`manage.py import_spreadsheet roster.csv --results past.csv`: the preview says each
    season, --yes makes them, and a problem in the past seasons makes nothing, by file, row
    and column."""
    roster = tmp_path / "roster.csv"
    roster.write_text(roster_text(FOURTH_SEASON))
    past = tmp_path / "past.csv"
    past.write_text(results_text(fourth_season_results()))
    arguments = [str(roster), "--results", str(past), "--name", "Old Hands"]
    arguments += ["--ruleset", "season_pass", "--organiser", "organiser"]
    out = StringIO()

    call_command("import_spreadsheet", *arguments, stdout=out)

    said = out.getvalue()
    assert "Season 1 (over): 4 of 4 rounds with results, brought in" in said
    assert "Season 4 (races on): 2 of 4 rounds with results, brought in" in said
    assert "Nothing was made" in said
    assert not League.objects.exists()

    call_command("import_spreadsheet", *arguments, "--yes", stdout=out)

    league = League.objects.get(name="Old Hands")
    assert [season.is_ended for season in league.seasons.order_by("number")] == [
        True,
        True,
        True,
        False,
    ]
    assert Round.objects.filter(season__league=league, imported=True).count() == 14
    assert Entry.objects.filter(round__season__league=league).count() == 14 * 12

    past.write_text(results_text([(1, 1, "Monaco", "", "Zed Zero", 1, "", 10)]))
    message = results_file.UNKNOWN_DRIVER.format(value="Zed Zero")
    with pytest.raises(CommandError, match="Past seasons, row 2, column driver") as refused:
        call_command("import_spreadsheet", *arguments, "--yes", stdout=out)
    assert message in str(refused.value)
    assert League.objects.count() == 1  # Old Hands, made before: nothing more
