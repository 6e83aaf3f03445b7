"""A league brought in from the spreadsheet it was run in (league/spreadsheet/, docs/
importing.md): a roster CSV previewed, then made in one transaction; every row it cannot take
named by row and column, a 400, and nothing written; the export reads back as the same
roster."""

from __future__ import annotations

import csv
import tracemalloc
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from league.forms.spreadsheets import NAME_TAKEN
from league.management.commands import load_demo
from league.models import Driver, DriverChange, DriverStatus, League, Team, Track, team_colours
from league.services.drivers import driver_home_track_set
from league.services.leagues import league_create
from league.services.roster import NO_CAREERS, driver_career_correct, driver_release
from league.services.spreadsheet import league_import_spreadsheet
from league.services.teams import team_create
from league.spreadsheet import MOST_BYTES, MOST_ROWS, read_roster, roster_columns, roster_rows
from league.spreadsheet.preview import EXPIRED
from league.spreadsheet.roster import (
    DRIVER_TWICE,
    HAS_NUL,
    NOT_TEXT,
    TOO_LARGE,
    TWO_TEAMS,
)
from rules.championship import championship_for
from rules.registry import RULE_SET_PACKAGES
from tests.factories import UserFactory
from tests.pages import html_of

pytestmark = pytest.mark.django_db

URL = reverse("league:league_import")
TEMPLATE = Path(settings.BASE_DIR) / "static" / "csv" / "roster-template.csv"


def roster_text(rows, header="team,driver,age,xp,prior_injuries,races_to_miss,status") -> str:
    return "\n".join([header, *(",".join(str(cell) for cell in row) for row in rows)]) + "\n"


# Six teams of two in their fourth season: ages 1 to 4, XP 0 to 40, some hurt.
FOURTH_SEASON = [
    ("Rosso", "Ann Apex", 4, 40, 2, 1, "racing"),
    ("Rosso", "Bob Brake", 3, 27, 0, 0, "racing"),
    ("Verde", "Cat Camber", 4, 33, 1, 0, "racing"),
    ("Verde", "Dan Draft", 2, 12, 0, 2, "racing"),
    ("Blu", "Eve Esses", 1, 0, 0, 0, "racing"),
    ("Blu", "Fay Flag", 4, 38, 3, 0, "racing"),
    ("Giallo", "Gus Grid", 3, 21, 1, 1, "racing"),
    ("Giallo", "Hal Hairpin", 2, 9, 0, 0, "racing"),
    ("Nero", "Ivy Inside", 4, 29, 0, 0, "racing"),
    ("Nero", "Jon Jump", 1, 4, 0, 0, "racing"),
    ("Bianco", "Kim Kerb", 3, 17, 2, 3, "racing"),
    ("Bianco", "Lou Lap", 2, 15, 0, 0, "racing"),
]


def upload(client: Client, content: bytes | str, *, ruleset="season_pass", name="Old Hands"):
    raw = content.encode() if isinstance(content, str) else content
    file = SimpleUploadedFile("roster.csv", raw, content_type="text/csv")
    return client.post(URL, {"name": name, "ruleset": ruleset, "roster": file})


def token_of(response) -> str:
    return response.context["token"]


def test_a_fourth_season_league_comes_in_with_one_preview_and_one_confirmation(client_organiser):
    """The acceptance test of issue 31: 12 Season Pass drivers, 6 teams of 2, careers and
    levels as the file has them."""
    rules = championship_for("season_pass")
    preview = upload(client_organiser, roster_text(FOURTH_SEASON))
    assert preview.status_code == 200
    page = html_of(preview)
    assert "6 teams, 12 drivers" in page
    for _team, name, _age, xp, *_rest in FOURTH_SEASON:
        assert escape(name) in page
        assert rules.level_for(xp) in page
    assert not League.objects.filter(name="Old Hands").exists()  # a preview writes nothing

    made = client_organiser.post(URL, {"token": token_of(preview)})

    league = League.objects.get(name="Old Hands")
    assert made.status_code == 302 and made["Location"] == league.get_absolute_url()
    assert league.ruleset == "season_pass"
    assert league.organiser.username == "organiser"
    assert list(league.teams.order_by("pk").values_list("name", flat=True)) == [
        "Rosso", "Verde", "Blu", "Giallo", "Nero", "Bianco"
    ]  # fmt: skip
    drivers = Driver.objects.filter(team__league=league).select_related("team").order_by("pk")
    assert [
        (d.team.name, d.name, d.age, d.xp, d.prior_injuries, d.races_to_miss, "racing")
        for d in drivers
    ] == FOURTH_SEASON
    assert [driver.level for driver in drivers] == [
        rules.level_for(row[3]) for row in FOURTH_SEASON
    ]
    # Each career brought in is on the driver's page, with where it came from.
    change = DriverChange.objects.get(driver__name="Ann Apex")
    assert change.after == {"age": 4, "xp": 40, "prior_injuries": 2, "races_to_miss": 1}
    assert change.reason == "Brought in from the league's spreadsheet (roster.csv)."
    assert not DriverChange.objects.filter(driver__name="Eve Esses").exists()  # a rookie


def test_the_same_confirmation_twice_makes_one_league(client_organiser):
    token = token_of(upload(client_organiser, roster_text(FOURTH_SEASON)))
    client_organiser.post(URL, {"token": token})
    again = client_organiser.post(URL, {"token": token})
    assert again.status_code == 302
    assert League.objects.filter(name="Old Hands").count() == 1
    assert Driver.objects.count() == 12


def test_a_token_forged_or_for_someone_else_makes_nothing(client_organiser):
    token = token_of(upload(client_organiser, roster_text(FOURTH_SEASON)))
    stranger = Client()
    stranger.force_login(UserFactory(username="stranger"))
    for client, sent in ((stranger, token), (client_organiser, token[:-2] + "xx")):
        answer = client.post(URL, {"token": sent})
        assert answer.status_code == 400
        assert escape(EXPIRED) in answer.content.decode()
    assert not League.objects.exists()


def test_the_new_league_page_leads_to_the_import(client_organiser):
    page = client_organiser.get(reverse("league:league_new")).content.decode()
    assert URL in page
    assert client_organiser.get(URL).status_code == 200


# --- Bad input: a 400 naming each problem by row and column, nothing written ---------------------


def refused(client: Client, content: bytes | str, *expected: str, ruleset="season_pass") -> str:
    answer = upload(client, content, ruleset=ruleset)
    assert answer.status_code == 400
    page = answer.content.decode()
    for words in expected:
        assert escape(words) in page, words
    assert not League.objects.exists() and not Team.objects.exists()
    return page


def test_a_file_with_several_problems_names_each_by_row_and_column(client_organiser):
    rows = [
        ("Rosso", "Ann", 61, 10, 0, 0, "racing"),
        ("Rosso", "Bob", 2, "lots", 0, 0, "racing"),
        ("Verde", "ann", 1, 0, 0, 0, "racing"),
        ("Verde", "Cat", 1, 10000, 0, 0, "asleep"),
        ("Rosso", "Bob", 1, 0, 0, 0, "racing"),
        ("", "Dan", 1, 0, 0, 0, ""),
    ]
    refused(
        client_organiser,
        roster_text(rows),
        "Row 2, column age: Age must be from 1 to 60 (asked: 61).",
        "Row 3, column xp: 'lots' is not a whole number.",
        "Row 4, column driver: " + TWO_TEAMS.format(name="ann", team="Rosso", row=2),
        "Row 5, column xp: XP must be from -999 to 9999 (asked: 10000).",
        "Row 5, column status: 'asleep' is not a status: one of racing, retired, dead, released.",
        "Row 6, column driver: " + DRIVER_TWICE.format(name="Bob", row=3),
        "Row 7, column team: The team is blank.",
    )


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe", NOT_TEXT),
        (b"team,driver\nRosso,Ann\x00\n", HAS_NUL),
        (b"", "The file is empty"),
        (b"team,driver\n\n", "The file names no driver"),
        (b"team,driver,colour\nRosso,Ann,red\n", "Row 1, column colour: 'colour' is not a column"),
        (
            b"team,driver,driver\nRosso,Ann,Ann\n",
            "Row 1, column driver: The column 'driver' is named twice.",
        ),
        (b"driver\nAnn\n", "Row 1: The column 'team' is missing"),
        (b"team,driver\nRosso,Ann,extra\n", "Row 2: The row has 1 cells more"),
        # Quotes within quotes: read as CSV reads them, or refused with the row; never a 500.
        (
            b'team,driver\n"Ros""so","A""nn"\n"unclosed,Bob\n',
            "Row 3, column driver: The driver is blank.",
        ),
        (b'team,driver\n"a"b"c",x"y"z\n"""",""""""\n', None),
    ],
)
def test_a_file_that_is_not_a_roster_is_refused_with_the_reason(client_organiser, content, problem):
    answer = upload(client_organiser, content)
    if problem is None:  # a valid roster after all: previewed, nothing written
        assert answer.status_code == 200
    else:
        assert answer.status_code == 400
        assert escape(problem) in answer.content.decode()
    assert not League.objects.exists()


def test_a_file_too_large_is_refused_before_it_is_read_whole(client_organiser):
    one_line = b"team,driver\n" + b"x" * (10 * 1024 * 1024) + b"\n"  # one line of 10 MB
    # Larger than any page takes: the site's body limit answers before the page reads any of it.
    assert upload(client_organiser, one_line).status_code == 413
    assert not League.objects.exists()
    huge = b"team,driver\n" + b"Rosso,Ann\n" * 300_000  # 3 MB of rows
    refused(client_organiser, huge, TOO_LARGE.format(most=MOST_BYTES))


def test_a_file_of_too_many_rows_stops_being_read(client_organiser):
    rows = "".join(f"Team {n // 2},Driver {n}\n" for n in range(MOST_ROWS + 10))
    refused(client_organiser, "team,driver\n" + rows, f"more than {MOST_ROWS:,} rows")


def test_a_row_of_100000_columns_is_one_problem(client_organiser):
    page = refused(
        client_organiser, "team,driver\n" + "x," * 100_000 + "\n", "Row 2: The row is longer"
    )
    assert page.count("<li>") < 20
    header = ",".join(f"c{n}" for n in range(100_000))
    refused(client_organiser, header + "\nRosso,Ann\n", "Row 1: The row is longer than 4,096")
    refused(client_organiser, "team,driver\n" + "x," * 50 + "\n", "Row 2: The row has 51 columns")


@pytest.mark.parametrize(
    "hostile",
    [
        b"team,driver\n" + b"xy," * 699_000,  # one line of 2 MB: 700,000 cells
        b"team,driver\n" + (b"xy," * 1300 + b"\n") * 500,  # 500 rows of 1,300 cells
        b'team,driver\n"' + b"a" * 2_000_000 + b'"\n',  # one quoted cell of 2 MB
        b'team,driver\n"' + b"ab\n" * 600_000,  # a quote never closed, over 600,000 lines
    ],
)
def test_reading_a_hostile_file_takes_bounded_memory(hostile):
    rules = championship_for("season_pass")
    tracemalloc.start()
    try:
        read = read_roster(hostile, rules=rules, tracks={})
        _size, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert read.problems and not read.teams
    assert peak < 2 * len(hostile) + 1_000_000, peak  # its text, and little more


def test_a_thousand_bad_rows_list_a_hundred_problems_and_count_the_rest(client_organiser):
    rows = "".join(f"Team,Driver {n},old\n" for n in range(1000))
    page = refused(client_organiser, "team,driver,age\n" + rows, "… and 900 more problems.")
    assert page.count("is not a whole number") == 100


def test_career_columns_are_refused_where_the_rule_set_keeps_no_careers(client_organiser):
    refused(
        client_organiser,
        "team,driver,xp\nRosso,Ann,3\n",
        "Row 1, column xp: " + NO_CAREERS.format(rules="Formula D"),
        ruleset="formula_d",
    )


def test_a_home_track_must_be_a_track_of_the_site(client_organiser):
    Track.objects.create(name="Zandvoort")
    good = upload(client_organiser, "team,driver,home_track\nRosso,Ann,zandvoort\n", ruleset="rbb")
    assert good.status_code == 200 and "Zandvoort" in good.content.decode()
    refused(
        client_organiser,
        "team,driver,home_track\nRosso,Ann,Atlantis\n",
        "Row 2, column home_track: 'Atlantis' is not a track on this site",
        ruleset="rbb",
    )
    refused(client_organiser, "team,driver,home_track\nRosso,Ann,Monza\n", "column home_track")


def test_the_service_refuses_a_file_with_problems_whole():
    with pytest.raises(ValidationError) as refusal:
        league_import_spreadsheet(
            organiser=UserFactory(), name="X", ruleset="season_pass", roster=b"team,driver\nA,\n"
        )
    assert refusal.value.messages == ["Row 2, column driver: The driver is blank."]
    assert not League.objects.exists()


# --- The export reads back as the same roster -----------------------------------------------


def league_with_a_past(ruleset: str, organiser) -> League:
    """Two teams of as many drivers as a team has cars, careers corrected where the rule set
    keeps them, a home track where it has them, one driver released."""
    league = league_create(name=f"Old {ruleset}", organiser=organiser, ruleset=ruleset)
    cars = league.cars_per_team
    for team_name in ("=Rosso", "Verde"):
        names = [f"{team_name.strip('=')} Driver {n}" for n in range(cars)]
        team_create(league=league, name=team_name, driver_names=names)
    drivers = list(Driver.objects.filter(team__league=league).order_by("pk"))
    if league.rules.careers:
        for number, driver in enumerate(drivers):
            career = {"age": 2 + number, "xp": 7 * number, "prior_injuries": number % 3}
            driver_career_correct(driver=driver, career=career, reason="from paper")
    if league.rules.home_tracks:
        track = Track.objects.create(name="Home Park")
        driver_home_track_set(driver=drivers[0], track=track)
    driver_release(driver=drivers[-1], reason="left")
    return league


def picture(league: League) -> list[tuple]:
    return [
        (d.team.name, d.name, d.age, d.xp, d.prior_injuries, d.races_to_miss, d.status,
         d.home_track_id)
        for d in Driver.objects.filter(team__league=league).order_by("team__name", "pk")
    ]  # fmt: skip


@pytest.mark.parametrize("ruleset", list(RULE_SET_PACKAGES))
def test_an_exported_roster_imports_as_the_same_league(client_organiser, organiser, ruleset):
    league = league_with_a_past(ruleset, organiser)
    exported = client_organiser.get(reverse("league:roster_csv", args=[league.slug]))
    assert exported.status_code == 200
    assert exported["Content-Type"].startswith("text/csv")
    assert next(csv.reader(StringIO(exported.content.decode()))) == list(
        roster_columns(league.rules)
    )
    copy = league_import_spreadsheet(
        organiser=organiser, name="Copy", ruleset=ruleset, roster=exported.content
    )
    assert picture(copy) == picture(league)
    assert picture(league)[-1][6] == DriverStatus.RELEASED


def test_the_roster_export_is_its_organisers(client, league, teams):
    client.force_login(UserFactory())
    assert client.get(reverse("league:roster_csv", args=[league.slug])).status_code == 403


# --- The template, the command, and the page's cost ------------------------------------------


def test_the_template_is_a_roster_the_import_reads_back_as_written(organiser):
    """The template served on the page stays in step with the format: it reads without a
    problem, and the league made from it exports the same rows."""
    content = TEMPLATE.read_bytes()
    league = league_import_spreadsheet(
        organiser=organiser, name="Demo", ruleset="season_pass", roster=content
    )
    rows = [list(map(str, row)) for row in read_back(league)]
    assert rows == list(csv.reader(StringIO(content.decode())))
    assert {row[1] for row in rows[1:]} == set(load_demo.CARS)  # the demo league's drivers


def read_back(league: League) -> list[list[object]]:
    header, rows = roster_rows(league)
    return [list(header), *rows]


def test_the_command_previews_and_makes_only_with_yes(tmp_path, organiser):
    file = tmp_path / "roster.csv"
    file.write_text(roster_text(FOURTH_SEASON))
    out = StringIO()
    arguments = [str(file), "--name", "Old Hands", "--ruleset", "season_pass"]
    call_command("import_spreadsheet", *arguments, "--organiser", "organiser", stdout=out)
    assert "Ann Apex · age 4, 40 XP" in out.getvalue()
    assert "Nothing was made" in out.getvalue()
    assert not League.objects.exists()
    call_command("import_spreadsheet", *arguments, "--organiser", "organiser", "--yes", stdout=out)
    assert Driver.objects.filter(team__league__name="Old Hands").count() == 12
    file.write_text("team,driver,age\nRosso,Ann,old\n")
    with pytest.raises(CommandError, match="Row 2, column age"):
        call_command("import_spreadsheet", *arguments, "--organiser", "organiser", stdout=out)


@pytest.mark.parametrize("teams", [2, 40])
def test_the_preview_costs_the_same_queries_for_4_or_80_drivers(
    client_organiser, teams, django_assert_max_num_queries
):
    rows = [
        (f"Team {t}", f"Driver {t}-{n}", 2, 10, 0, 0, "racing")
        for t in range(teams)
        for n in (1, 2)
    ]
    with django_assert_max_num_queries(4):
        assert upload(client_organiser, roster_text(rows)).status_code == 200


def test_reading_a_roster_is_pure_of_the_database():
    rules = championship_for("season_pass")
    read = read_roster(roster_text(FOURTH_SEASON).encode("utf-8-sig"), rules=rules, tracks={})
    assert not read.problems and len(read.drivers) == 12
    assert read.drivers[0].level == rules.level_for(40)
    spaced = read_roster(b"Team,Driver,Prior Injuries\nRosso,Ann,2.0\n", rules=rules, tracks={})
    assert spaced.drivers[0].prior_injuries == 2
    escaped = read_roster(b"team,driver\n'=Rosso,'-Ann\n", rules=rules, tracks={})
    assert (escaped.teams[0].name, escaped.drivers[0].name) == ("=Rosso", "-Ann")


def test_the_teams_take_the_palette_in_turn_as_teams_made_one_by_one_do(organiser):
    rows = [(f"Team {n:02}", f"Driver {n}", 1, 0, 0, 0, "racing") for n in range(12)]
    league = league_import_spreadsheet(
        organiser=organiser,
        name="Colours",
        ruleset="season_pass",
        roster=roster_text(rows).encode(),
    )
    colours = list(league.teams.order_by("pk").values_list("colour", flat=True))
    expected: list[str] = []
    for _team in colours:
        expected.append(team_colours.next_colour(expected))
    assert colours == expected


def test_a_name_the_organiser_runs_already_is_said_at_the_preview(client_organiser, league):
    answer = upload(client_organiser, roster_text(FOURTH_SEASON), name="thursday night league")
    assert answer.status_code == 400
    assert escape(NAME_TAKEN.format(name="thursday night league")) in answer.content.decode()
    assert not Team.objects.exists()


def test_a_header_that_cannot_be_read_is_the_one_problem_and_old_mac_lines_are_lines():
    rules = championship_for("season_pass")
    wide = ",".join(f"c{n}" for n in range(50)) + "\nRosso,Ann\n"
    assert [
        str(problem) for problem in read_roster(wide.encode(), rules=rules, tracks={}).problems
    ] == ["Row 1: The row has 50 columns; the roster has at most 8."]
    mac = read_roster(b"team,driver,xp\rRosso,Ann,12\rRosso,Bob,3\r", rules=rules, tracks={})
    assert not mac.problems and [driver.xp for driver in mac.drivers] == [12, 3]
    late = read_roster(b"\n\nteam,colour\n", rules=rules, tracks={})
    assert str(late.problems[0]).startswith("Row 3, column colour:")


@pytest.mark.parametrize("teams", [1, 20])
def test_the_roster_export_costs_the_same_queries_for_2_or_40_drivers(
    client_organiser, organiser, teams, django_assert_max_num_queries
):
    rows = [
        (f"Team {t}", f"Driver {t}-{n}", 2, 10, 0, 0, "racing")
        for t in range(teams)
        for n in (1, 2)
    ]
    league = league_import_spreadsheet(
        organiser=organiser, name="Export", ruleset="season_pass", roster=roster_text(rows).encode()
    )
    with django_assert_max_num_queries(4):
        exported = client_organiser.get(reverse("league:roster_csv", args=[league.slug]))
    assert len(exported.content.decode().splitlines()) == 1 + 2 * teams


def test_a_league_brought_in_counts_as_a_new_one_for_the_limits(client_organiser, settings):
    """Issue 29's limits: an import makes a league as the New league page does."""
    settings.PADDOCK_NEW_LEAGUES_PER_ACCOUNT_PER_DAY = 1
    first = token_of(upload(client_organiser, roster_text(FOURTH_SEASON)))
    assert client_organiser.post(URL, {"token": first}).status_code == 302
    second = token_of(upload(client_organiser, roster_text(FOURTH_SEASON), name="New Hands"))
    refused = client_organiser.post(URL, {"token": second})
    assert refused.status_code == 429 and refused["Retry-After"]
    assert not League.objects.filter(name="New Hands").exists()
