"""A roster or past seasons saved as an Excel workbook (.xlsx), read into the CSV the rest of the
import reads (docs/importing.md), at this one boundary: the preview's token, the service and the
command then see CSV only, and a workbook's problems are named by row and column as a CSV's.

A workbook is a zip of XML files: a stranger's is checked before openpyxl opens it (its members'
count and their sizes unpacked, as the archive declares them: zipfile reads no further than a
member's declared size; no XML document type, which a workbook never has and an entity bomb
needs), then read in openpyxl's read-only mode (streamed a row at a time) for the values its
cells were last saved with (`data_only`: a formula is never run here), no further than
MOST_ROWS rows, MOST_COLUMNS columns, MOST_LINE characters a row and MOST_BYTES of text."""

from __future__ import annotations

import csv
import datetime
import io
import re
import warnings
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field

from django.utils.translation import gettext, gettext_noop

from config.wording import grouped

from .common import (
    MOST_BYTES,
    MOST_COLUMNS,
    MOST_LINE,
    MOST_ROWS,
    TOO_LONG_ROW,
    Problems,
    header_name,
)

# What a workbook of a roster unpacks to, at most: some dozen members (a sheet a member, its
# styles, its shared strings...) of a few MB. A zip bomb declares more, or many more members.
MOST_MEMBERS = 100
MOST_UNPACKED = 24 * 1024 * 1024
ZIP_START = b"PK\x03\x04"
# Excel 97-2003 (.xls), and a workbook Excel saved with a password (both OLE2 files).
OLE_START = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
ROSTER_SHEET = "roster"  # a sheet's title as header_name reads it ("Roster")
PAST_SHEET = "past_seasons"  # "Past seasons"

NOT_WORKBOOK = gettext_noop(
    "The file is named .xlsx but is not an Excel workbook: save it from the spreadsheet as "
    "'Excel Workbook (.xlsx)' or as 'CSV UTF-8'."
)
OLD_WORKBOOK = gettext_noop(
    "The file is an Excel 97-2003 workbook (.xls) or one saved with a password: save it as "
    "'Excel Workbook (.xlsx)' without a password, or as 'CSV UTF-8'."
)
NOT_XLSX_ZIP = gettext_noop(
    "The file is a zip archive but not an Excel workbook (.xlsx): save it as 'Excel "
    "Workbook (.xlsx)' or as 'CSV UTF-8'."
)
# The same, for an archive that holds an OpenDocument's content.xml.
NOT_XLSX_OPENDOCUMENT = gettext_noop(
    "The file is a zip archive but not an Excel workbook (.xlsx): an OpenDocument spreadsheet, "
    "perhaps? Save it as 'Excel Workbook (.xlsx)' or as 'CSV UTF-8'."
)
UNREADABLE_WORKBOOK = gettext_noop(
    "The workbook cannot be read ({error}): open it in the spreadsheet and save it again as "
    "'Excel Workbook (.xlsx)', or as 'CSV UTF-8'."
)
TOO_MANY_MEMBERS = gettext_noop(
    "The workbook is made of more than {most:,} parts: it is not a roster's (or it is a zip bomb)."
)
TOO_LARGE_UNPACKED = gettext_noop(
    "The workbook unpacks to more than {most:,} bytes: it is not a roster's (or it is a zip bomb)."
)
HAS_DOCTYPE = gettext_noop(
    "The workbook's {member} declares an XML document type, which a workbook never does."
)
ENCRYPTED = gettext_noop("The workbook's parts are encrypted: save it without a password.")
TEXT_TOO_LARGE = gettext_noop(
    "The sheet holds more than {most:,} bytes of text: split it or trim it."
)
WHICH_SHEET = gettext_noop(
    "The workbook has the sheets {sheets}: name the roster's sheet 'Roster' (and the past "
    "seasons' 'Past seasons'), or keep one sheet."
)
WHICH_PAST_SHEET = gettext_noop(
    "The workbook has the sheets {sheets}: name the past seasons' sheet 'Past seasons', or keep "
    "one sheet."
)
PAST_TWICE = gettext_noop(
    "The roster's workbook has a 'Past seasons' sheet and a past seasons file was chosen too: "
    "give the past seasons once."
)
NO_CACHED_VALUE = gettext_noop(
    "The cell holds a formula saved without its value (a file written by a program, not by a "
    "spreadsheet): open and save it in the spreadsheet, or type the value."
)


@dataclass
class Files:
    """The roster and the past seasons as CSV (a workbook's sheets written as CSV, a CSV as it
    came; None: a file too large, for the CSV reader to say so), and what could not be read
    of a workbook: the roster's problems, and the past seasons' (which name their file)."""

    roster: bytes | None
    results: bytes | None
    problems: Problems = field(default_factory=Problems)
    past_problems: Problems = field(default_factory=lambda: Problems(past_seasons=True))

    @property
    def messages(self) -> list[str]:
        return self.problems.messages + self.past_problems.messages


def is_workbook(data: bytes) -> bool:
    return data.startswith(ZIP_START)


def spreadsheet_files(
    roster: bytes | None,
    results: bytes | None = b"",
    *,
    roster_name: str = "",
    results_name: str = "",
) -> Files:
    """The roster and past seasons files as CSV, whichever each was saved as. A roster's
    workbook gives its sheet named Roster (or its only sheet) and, where it has one, its sheet
    named Past seasons as the past seasons. `roster_name`, `results_name`: the files' names
    as chosen, where a name says .xlsx of a file that is not one."""
    files = Files(roster, results)
    past_sheet = b""
    if _refused_as_named(roster, roster_name, files.problems):
        files.roster = b""
    elif roster is not None and is_workbook(roster):
        files.roster, past_sheet = _workbook_csv(roster, files.problems, files.past_problems)
    if _refused_as_named(results, results_name, files.past_problems):
        files.results = b""
    elif results is not None and is_workbook(results):
        files.results, _none = _workbook_csv(results, files.past_problems)
    if past_sheet:
        if files.results:
            files.past_problems.refuse(gettext(PAST_TWICE))
        else:
            files.results = past_sheet
    return files


def _refused_as_named(data: bytes | None, name: str, problems: Problems) -> bool:
    """Whether the file is refused for what it is (a workbook Paddock cannot read, or a file
    named .xlsx that is not one) before it is read."""
    if not data:
        return False
    if data.startswith(OLE_START):
        problems.refuse(gettext(OLD_WORKBOOK))
        return True
    if name.lower().endswith((".xlsx", ".xlsm")) and not data.startswith(ZIP_START):
        problems.refuse(gettext(NOT_WORKBOOK))
        return True
    return False


def _workbook_csv(
    data: bytes, problems: Problems, past: Problems | None = None
) -> tuple[bytes, bytes]:
    """The workbook's roster sheet as CSV and its past seasons sheet where it has one (b"":
    none), its problems in `problems` and `past`; without `past`, a past seasons workbook's
    sheet and b"". Nothing (b"", b"") once a problem is found."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError, OSError):
        problems.refuse(gettext(NOT_XLSX_ZIP))
        return b"", b""
    with archive:
        checked = _archive_checked(archive, problems)
    if checked is None:
        return b"", b""
    # Imported here: a league brought in from CSV, and every other page, never loads it.
    import openpyxl

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "no default style", and the like: not the user's
            values = openpyxl.load_workbook(
                io.BytesIO(data), read_only=True, data_only=True, keep_links=False
            )
            # Read a second time for the formulas, only where a sheet has one (it doubles the
            # time: some 1.5 s for 5,000 rows).
            formulas = checked and openpyxl.load_workbook(
                io.BytesIO(data), read_only=True, data_only=False, keep_links=False
            )
            try:
                return _sheets_csv(values, formulas or None, problems, past)
            finally:
                values.close()
                if formulas:
                    formulas.close()
    except Exception as error:  # a stranger's file: whatever openpyxl cannot read of it
        problems.refuse(gettext(UNREADABLE_WORKBOOK).format(error=type(error).__name__))
        return b"", b""


def _archive_checked(archive: zipfile.ZipFile, problems: Problems) -> bool | None:
    """Whether a sheet of the workbook has a formula; None where the archive is refused: not a
    workbook, or out of bounds, checked from its directory before any of it is unpacked by
    openpyxl; its XML then read (each member no further than its declared size) for a
    document type."""
    members = archive.infolist()
    names = {member.filename for member in members}
    if len(members) > MOST_MEMBERS:
        problems.refuse(gettext(TOO_MANY_MEMBERS).format(most=grouped(MOST_MEMBERS)))
        return None
    if sum(member.file_size for member in members) > MOST_UNPACKED:
        problems.refuse(gettext(TOO_LARGE_UNPACKED).format(most=grouped(MOST_UNPACKED)))
        return None
    if "[Content_Types].xml" not in names or not any(
        name.startswith("xl/worksheets/") for name in names
    ):
        opendocument = "content.xml" in names
        problems.refuse(gettext(NOT_XLSX_OPENDOCUMENT if opendocument else NOT_XLSX_ZIP))
        return None
    if any(member.flag_bits & 0x1 for member in members):
        problems.refuse(gettext(ENCRYPTED))
        return None
    formulas = False
    for member in members:
        if not member.filename.endswith((".xml", ".rels")):
            continue
        doctype, formula = _scanned(archive, member)
        if doctype:
            problems.refuse(gettext(HAS_DOCTYPE).format(member=member.filename[:80]))
            return None
        formulas = formulas or (formula and member.filename.startswith("xl/worksheets/"))
    return formulas


DOCTYPE = re.compile(rb"<!(DOCTYPE|ENTITY)")
FORMULA = re.compile(rb"<(\w+:)?f[\s/>]")  # a cell's <f>, with its namespace's prefix or not


def _scanned(archive: zipfile.ZipFile, member: zipfile.ZipInfo) -> tuple[bool, bool]:
    """Whether the member declares a document type, and whether it holds a formula."""
    tail = b""
    formula = False
    with archive.open(member) as stream:
        while chunk := stream.read(64 * 1024):
            if DOCTYPE.search(tail + chunk):
                return True, formula
            formula = formula or bool(FORMULA.search(tail + chunk))
            tail = chunk[-16:]
    return False, formula


def _sheets_csv(values, formulas, problems: Problems, past: Problems | None) -> tuple[bytes, bytes]:
    """The sheets' CSV (as _workbook_csv), `formulas` the workbook read for its formulas (None:
    it has none)."""
    roster = past is not None
    titles = {header_name(title): title for title in values.sheetnames}
    title = titles.get(ROSTER_SHEET if roster else PAST_SHEET)
    if title is None and len(values.sheetnames) == 1:
        title = values.sheetnames[0]
    if title is None:
        sheets = ", ".join(repr(name[:40]) for name in values.sheetnames[:10])
        message = WHICH_SHEET if roster else WHICH_PAST_SHEET
        problems.refuse(gettext(message).format(sheets=sheets))
        return b"", b""
    main = _sheet_csv(values[title], formulas and formulas[title], problems)
    past_title = titles.get(PAST_SHEET) if past is not None else None
    if past is None or past_title is None or past_title == title:
        return main, b""
    return main, _sheet_csv(values[past_title], formulas and formulas[past_title], past)


def _sheet_csv(values, formulas, problems: Problems) -> bytes:
    """The sheet's rows as CSV, a line a row, so that a row's number is the sheet's; no further
    than the row after MOST_ROWS (the CSV reader refuses it), MOST_COLUMNS columns and one
    more (the CSV reader refuses it where it is not blank), MOST_LINE characters a row and
    MOST_BYTES in all."""
    lines = []
    size = 0
    for number, (row, formula_row) in enumerate(_rows(values, formulas), start=1):
        cells = [_text(value) for value in row]
        for column, (value, formula) in enumerate(zip(row, formula_row, strict=False), start=1):
            if value is None and isinstance(formula, str) and formula.startswith("="):
                problems.refuse(gettext(NO_CACHED_VALUE), row=number, column=_letter(column))
        while cells and not cells[-1]:
            cells.pop()
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerow(cells)
        line = out.getvalue()
        if len(line) > MOST_LINE:
            problems.refuse(gettext(TOO_LONG_ROW).format(most=grouped(MOST_LINE)), row=number)
            break
        size += len(line.encode())
        if size > MOST_BYTES:
            problems.refuse(gettext(TEXT_TOO_LARGE).format(most=grouped(MOST_BYTES)))
            break
        lines.append(line)
    # Rows below the last that only look filled (formatted, emptied) are left out, where the
    # sheet ends before the row past MOST_ROWS: past it, the CSV reader says it reads no more.
    while MOST_ROWS + 1 >= len(lines) > 0 and lines[-1] == "\n":
        lines.pop()
    return b"" if problems.problems else "".join(lines).encode()


def _rows(values, formulas) -> Iterator[tuple[tuple, tuple]]:
    """Both readings of the sheet, a row at a time, up to the row after MOST_ROWS (row 1 is
    the column names): a sheet's rows as the spreadsheet numbers them, missing ones blank."""
    bounds = {"min_row": 1, "min_col": 1, "max_row": MOST_ROWS + 2, "max_col": MOST_COLUMNS + 1}
    rows = values.iter_rows(values_only=True, **bounds)
    if formulas is None:  # no sheet of the workbook has a formula
        yield from ((row, ()) for row in rows)
    else:
        yield from zip(rows, formulas.iter_rows(values_only=True, **bounds), strict=False)


def _text(value: object) -> str:
    """A cell's value as a CSV file saved by the spreadsheet would write it: 3.0 as 3, a date
    as 2024-03-01, TRUE or FALSE (which the readers then take or refuse as the CSV's)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    if isinstance(value, datetime.datetime):
        return value.date().isoformat() if value.time() == datetime.time() else str(value)
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    # A cell's line breaks as spaces: one sheet row stays one CSV line, its number the sheet's.
    return " ".join(str(value).splitlines()) if isinstance(value, str) else str(value)


def _letter(column: int) -> str:
    """The spreadsheet's name of a column: A, B, ... Z, AA, AB..."""
    letters = ""
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters
