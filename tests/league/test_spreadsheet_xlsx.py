"""A roster and past seasons saved as an Excel workbook (league/spreadsheet/workbook.py,
docs/importing.md): read into the CSV the import reads, the workbook checked before openpyxl
opens it (zip bombs, parts, document types), streamed within the CSV's bounds, every problem
named by row and column, and a file that is neither CSV nor a workbook refused with the reason
(400)."""

from __future__ import annotations

import datetime
import time
import zipfile
from io import BytesIO, StringIO

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from league.models import Driver, League, Round, Season
from league.services.spreadsheet import league_import_spreadsheet
from league.spreadsheet import MOST_ROWS
from league.spreadsheet.common import MOST_BYTES, MOST_LINE, TOO_LONG_ROW
from league.spreadsheet.roster import NOT_WHOLE, TOO_MANY_ROWS
from league.spreadsheet.workbook import (
    HAS_DOCTYPE,
    MOST_MEMBERS,
    MOST_UNPACKED,
    NO_CACHED_VALUE,
    NOT_WORKBOOK,
    NOT_XLSX_OPENDOCUMENT,
    NOT_XLSX_ZIP,
    OLD_WORKBOOK,
    PAST_TWICE,
    TEXT_TOO_LARGE,
    TOO_LARGE_UNPACKED,
    TOO_MANY_MEMBERS,
    UNREADABLE_WORKBOOK,
    WHICH_SHEET,
    spreadsheet_files,
)
from tests.league.test_spreadsheet import FOURTH_SEASON
from tests.league.test_spreadsheet_past import HEADER, fourth_season_results, tracks  # noqa: F401

pytestmark = pytest.mark.django_db

URL = reverse("league:league_import")
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
ROSTER_HEADER = ["Team", "Driver", "Age", "XP", "Prior injuries", "Races to miss", "Status"]


def workbook(*sheets: tuple[str, list]) -> bytes:
    """A workbook of the sheets (title, rows), as openpyxl saves it."""
    book = openpyxl.Workbook()
    book.remove(book.active)
    for title, rows in sheets:
        sheet = book.create_sheet(title)
        for row in rows:
            sheet.append(row)
    out = BytesIO()
    book.save(out)
    return out.getvalue()


def roster_sheet(rows=FOURTH_SEASON) -> list:
    # Numbers as a spreadsheet keeps them: floats (3.0), which a CSV reads as 3.
    return [
        ROSTER_HEADER,
        *([team, name, float(a), float(x), p, r, s] for team, name, a, x, p, r, s in rows),
    ]


def upload(
    client,
    roster: bytes,
    results: bytes | None = None,
    *,
    name="roster.xlsx",
    results_name="past.xlsx",
):
    files = {"roster": SimpleUploadedFile(name, roster, XLSX)}
    if results is not None:
        files["results"] = SimpleUploadedFile(results_name, results, XLSX)
    return client.post(URL, {"name": "Old Hands", "ruleset": "season_pass", **files})


def refused(client, roster: bytes, *expected: str, **options) -> list[str]:
    answer = upload(client, roster, **options)
    assert answer.status_code == 400, answer.content.decode()[:2000]
    problems = answer.context["problems"]
    for message in expected:
        assert message in problems, problems
    assert not League.objects.exists()
    return problems


def test_a_workbook_comes_in_as_its_csv_would(client_organiser):
    preview = upload(client_organiser, workbook(("Roster", roster_sheet())))
    assert preview.status_code == 200, preview.content.decode()[:2000]
    assert not League.objects.exists()

    made = client_organiser.post(URL, {"token": preview.context["token"]})

    assert made.status_code == 302
    drivers = Driver.objects.filter(team__league__name="Old Hands").select_related("team")
    careers = [
        (d.team.name, d.name, d.age, d.xp, d.prior_injuries, d.races_to_miss)
        for d in drivers.order_by("pk")
    ]
    assert careers == [row[:6] for row in FOURTH_SEASON]  # 4.0 is 4


def test_the_preview_token_carries_the_workbook_as_csv(client_organiser):
    """What the Create button posts back is the sheet's text, bounded as a CSV roster is, not
    the workbook's bytes."""
    data = workbook(("Roster", roster_sheet()))
    files = spreadsheet_files(data, b"", roster_name="roster.xlsx")
    assert not files.messages
    assert files.roster is not None
    assert files.roster.startswith(b"Team,Driver,Age,XP,Prior injuries,Races to miss,Status\n")
    assert b"Rosso,Ann Apex,4,40,2,1,racing\n" in files.roster


def test_a_workbook_of_two_sheets_brings_the_roster_and_the_past_seasons(client_organiser):
    past = [HEADER.split(","), *(list(row) for row in fourth_season_results())]
    data = workbook(
        ("Roster", roster_sheet()), ("Past seasons", past), ("Notes", [["kept by Ann"]])
    )
    preview = upload(client_organiser, data)
    assert preview.status_code == 200, preview.content.decode()[:2000]
    assert "4 seasons, 168 results" in preview.content.decode()

    client_organiser.post(URL, {"token": preview.context["token"]})

    league = League.objects.get(name="Old Hands")
    assert [season.is_ended for season in league.seasons.order_by("number")] == [
        True,
        True,
        True,
        False,
    ]
    assert Round.objects.filter(season__league=league, imported=True).count() == 14


def test_past_seasons_given_twice_are_refused(client_organiser):
    past = [HEADER.split(","), [1, 1, "Monaco", "", "Ann Apex", 1, "", 10, ""]]
    data = workbook(("Roster", roster_sheet()), ("Past seasons", past))
    refused(
        client_organiser,
        data,
        f"Past seasons: {PAST_TWICE}",
        results=workbook(("Past seasons", past)),
    )


def test_a_past_seasons_workbook_of_its_own_is_read(organiser):
    past = [HEADER.split(","), *(list(row) for row in fourth_season_results())]
    roster = workbook(("Sheet1", roster_sheet()))
    league = league_import_spreadsheet(
        organiser=organiser,
        name="Old Hands",
        ruleset="season_pass",
        roster=roster,
        results=workbook(("Data", past)),
    )
    assert Season.objects.filter(league=league).count() == 4


def test_a_workbook_of_sheets_none_named_roster_says_which_to_name(client_organiser):
    data = workbook(("Drivers", roster_sheet()), ("Old", roster_sheet()))
    refused(client_organiser, data, WHICH_SHEET.format(sheets="'Drivers', 'Old'"))


def test_numbers_as_floats_dates_and_booleans_are_read_or_named(client_organiser):
    rows = [
        ROSTER_HEADER,
        ["Rosso", "Ann Apex", 3.0, 12.5, 0, 0, "racing"],
        ["Rosso", "Bob Brake", datetime.date(2024, 3, 1), True, 0, 0, "racing"],
        ["Verde", "Cat Camber", 2, 7, False, datetime.datetime(2024, 3, 1, 12, 30), "racing"],
    ]
    refused(
        client_organiser,
        workbook(("Roster", rows)),
        "Row 2, column xp: " + NOT_WHOLE.format(value="12.5"),
        "Row 3, column age: " + NOT_WHOLE.format(value="2024-03-01"),
        "Row 3, column xp: " + NOT_WHOLE.format(value="TRUE"),
        "Row 4, column prior_injuries: " + NOT_WHOLE.format(value="FALSE"),
        "Row 4, column races_to_miss: " + NOT_WHOLE.format(value="2024-03-01 12:30:00"),
    )


def test_a_formula_saved_without_its_value_is_named_by_row_and_column(client_organiser):
    """A spreadsheet saves each formula's value, which is read (data_only); a file written by
    a program may not, and the cell is not read as blank."""
    rows = roster_sheet()
    rows[3][3] = "=1+2"  # row 4 of the sheet, column D (xp)
    refused(client_organiser, workbook(("Roster", rows)), f"Row 4, column D: {NO_CACHED_VALUE}")


def test_a_formula_is_read_as_the_value_the_spreadsheet_saved(organiser):
    """Never run: the cached value is read, as a spreadsheet saves it beside the formula."""
    rows = roster_sheet()
    rows[1][3] = "=20+20"  # Ann Apex's XP, row 2, column D
    data = workbook(("Roster", rows))
    with zipfile.ZipFile(BytesIO(data)) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    sheet = members["xl/worksheets/sheet1.xml"]
    members["xl/worksheets/sheet1.xml"] = sheet.replace(
        b"<f>20+20</f><v />", b"<f>20+20</f><v>41</v>"
    )
    league = league_import_spreadsheet(
        organiser=organiser, name="Old Hands", ruleset="season_pass", roster=zipped(members)
    )
    assert Driver.objects.get(team__league=league, name="Ann Apex").xp == 41


def test_rows_past_the_most_stop_the_reading(client_organiser):
    rows = [
        ROSTER_HEADER,
        *(["Rosso", f"Driver {n}", 1, 0, 0, 0, "racing"] for n in range(MOST_ROWS + 50)),
    ]
    refused(
        client_organiser,
        workbook(("Roster", rows)),
        TOO_MANY_ROWS.format(most=MOST_ROWS, row=MOST_ROWS + 1),
    )


def test_a_row_a_million_rows_down_costs_no_more_than_the_rows_read(client_organiser):
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Roster"
    sheet.append(ROSTER_HEADER)
    sheet.cell(row=1_000_000, column=1, value="Rosso")
    out = BytesIO()
    book.save(out)
    started = time.perf_counter()
    refused(
        client_organiser, out.getvalue(), TOO_MANY_ROWS.format(most=MOST_ROWS, row=MOST_ROWS + 1)
    )
    assert time.perf_counter() - started < 5


def test_a_sheet_of_more_text_than_a_csv_may_hold_is_refused(client_organiser):
    """One shared string of 2,000 characters in a thousand cells: a small workbook, 2 MB of
    text once read."""
    text = "x" * 2000
    rows = [ROSTER_HEADER, *(["Rosso", f"Driver {n}", 1, 0, 0, 0, text] for n in range(1100))]
    refused(client_organiser, workbook(("Roster", rows)), TEXT_TOO_LARGE.format(most=MOST_BYTES))
    rows = [ROSTER_HEADER, ["Rosso", "Ann", 1, 0, 0, 0, "y" * (MOST_LINE + 1)]]
    refused(
        client_organiser,
        workbook(("Roster", rows)),
        "Row 2: " + TOO_LONG_ROW.format(most=MOST_LINE),
    )


def zipped(members: dict[str, bytes], *, compression=zipfile.ZIP_DEFLATED) -> bytes:
    out = BytesIO()
    with zipfile.ZipFile(out, "w", compression=compression) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return out.getvalue()


def test_a_zip_bomb_is_refused_before_it_is_unpacked(client_organiser):
    """A sheet of 30 MB of spaces, some 30 KB packed: refused from the archive's directory."""
    bomb = zipped(
        {"[Content_Types].xml": b"<Types/>", "xl/worksheets/sheet1.xml": b" " * (30 * 1024 * 1024)}
    )
    assert len(bomb) < 100_000
    refused(client_organiser, bomb, TOO_LARGE_UNPACKED.format(most=MOST_UNPACKED))


def test_a_workbook_of_thousands_of_parts_is_refused(client_organiser):
    members = {f"xl/worksheets/sheet{n}.xml": b"" for n in range(MOST_MEMBERS + 1)}
    refused(
        client_organiser,
        zipped({"[Content_Types].xml": b"<Types/>", **members}),
        TOO_MANY_MEMBERS.format(most=MOST_MEMBERS),
    )


def test_an_entity_bomb_is_refused_before_it_is_parsed(client_organiser):
    laughs = (
        b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
        + b"".join(
            b'<!ENTITY lol%d "%s">' % (n, b"&lol%d;" % (n - 1) * 10 if n else b"&lol;" * 10)
            for n in range(1, 10)
        )
        + b"]><worksheet>&lol9;</worksheet>"
    )
    data = workbook(("Roster", roster_sheet()))
    with zipfile.ZipFile(BytesIO(data)) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    members["xl/worksheets/sheet1.xml"] = laughs
    refused(
        client_organiser, zipped(members), HAS_DOCTYPE.format(member="xl/worksheets/sheet1.xml")
    )


@pytest.mark.parametrize(
    ("content", "name", "problem"),
    [
        (b"team,driver\nRosso,Ann\n", "roster.xlsx", NOT_WORKBOOK),
        (b"\x89PNG\r\n\x1a\n\x00\x00", "roster.xlsx", NOT_WORKBOOK),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600, "roster.xls", OLD_WORKBOOK),
        (zipped({"hello.txt": b"hello"}), "roster.zip", NOT_XLSX_ZIP),
        (
            zipped(
                {
                    "content.xml": b"<x/>",
                    "mimetype": b"application/vnd.oasis.opendocument.spreadsheet",
                }
            ),
            "roster.ods",
            NOT_XLSX_OPENDOCUMENT,
        ),
        (b"PK\x03\x04 not a zip at all", "roster.xlsx", NOT_XLSX_ZIP),
        (
            zipped({"[Content_Types].xml": b"<Types/>", "xl/worksheets/sheet1.xml": b"<not xml"}),
            "roster.xlsx",
            UNREADABLE_WORKBOOK.format(error="KeyError"),
        ),
    ],
    ids=["csv-named-xlsx", "png-named-xlsx", "xls", "zip", "ods", "broken-zip", "broken-workbook"],
)
def test_a_file_neither_csv_nor_a_workbook_is_refused_with_the_reason(
    client_organiser, content, name, problem
):
    problems = refused(client_organiser, content, name=name)
    if problem.startswith("The workbook cannot be read"):
        assert any(line.startswith("The workbook cannot be read") for line in problems), problems
    else:
        assert problem in problems, problems


def test_a_csv_under_any_name_but_xlsx_is_read_as_csv():
    files = spreadsheet_files(b"team,driver\nRosso,Ann\n", b"", roster_name="roster.txt")
    assert not files.messages and files.roster == b"team,driver\nRosso,Ann\n"


def test_the_command_reads_a_workbook(tmp_path, organiser):
    file = tmp_path / "roster.xlsx"
    file.write_bytes(workbook(("Roster", roster_sheet())))
    out = StringIO()
    call_command(
        "import_spreadsheet",
        str(file),
        *("--name", "Old Hands", "--ruleset", "season_pass", "--organiser", "organiser", "--yes"),
        stdout=out,
    )
    assert "Ann Apex · age 4, 40 XP" in out.getvalue()
    assert Driver.objects.filter(team__league__name="Old Hands").count() == 12
