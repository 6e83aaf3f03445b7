"""What every section of the benchmark shares: timing against the trivial view, and the table.

Every figure is a ratio to the trivial view measured in the same run, in turns with it (a busy
machine slows both alike): the trivial view is the floor of every Paddock page, the logged-in
user and an empty page on base.html. Query counts are the gate, in the tests; here they are
printed beside the timings, with the target each row answers to. Two timings are gates as
well, a regression bound (issue 30): an entry and an undo at the table.
"""

from __future__ import annotations

import re
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

TRIVIAL_URL = "/bench/trivial-page/"


@dataclass(frozen=True)
class Row:
    """One row of the issue's table: what was measured, its figure, its target, and whether it
    met it (None: printed for scale, not judged). A timing is reported; a query count, a
    status or a size is a `gate`, which the run's exit status answers to."""

    name: str
    figure: str
    target: str
    met: bool | None
    gate: bool = True


def seconds(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def get_ok(client: Client, url: str, **headers) -> Callable[[], float]:
    """An action for against_trivial: seconds for one GET of `url` answered 200."""

    def action() -> float:
        started = time.perf_counter()
        response = client.get(url, **headers)
        elapsed = time.perf_counter() - started
        assert response.status_code == 200, (url, response.status_code)
        return elapsed

    return action


def against_trivial(client: Client, action: Callable[[], float], repeats: int) -> float:
    """The median of `action` (it returns the seconds it timed) over the median of the trivial
    view, the two taken in turns, after one untimed warm-up of each."""
    trivial = get_ok(client, TRIVIAL_URL)
    action(), trivial()
    timed, floor = [], []
    for _ in range(repeats):
        timed.append(action())
        floor.append(trivial())
    return statistics.median(timed) / statistics.median(floor)


def trivial_ms(client: Client, repeats: int = 50) -> float:
    trivial = get_ok(client, TRIVIAL_URL)
    trivial()
    return statistics.median(trivial() for _ in range(repeats)) * 1000


def _captured(action: Callable[[], object]) -> list[dict]:
    """The SQL `action` runs from a cold cache: every cached page part laid out anew (a part
    read from the cache makes none)."""
    cache.clear()
    with CaptureQueriesContext(connection) as captured:
        action()
    return captured.captured_queries


def queries(action: Callable[[], object]) -> int:
    """The queries `action` makes from a cold cache."""
    return len(_captured(action))


# A bulk insert of many rows: "INSERT INTO "table" (...) VALUES (...), (...)".
MANY_ROWS = re.compile(r'^INSERT INTO "?(\w+)"?.*\bVALUES\s*\(.*\),\s*\(', re.S)


def _sent(action: Callable[[], object]) -> list[str]:
    """The SQL `action` sends from a cold cache, as Django hands it to the database (its values
    as placeholders). Kept by an execute wrapper, which costs a statement nothing: a timing
    taken while they are counted stays the action's own (CaptureQueriesContext writes every
    statement out with its values, tens of thousands of them in a bulk insert)."""
    cache.clear()
    sent: list[str] = []

    def keep(execute, sql, params, many, context):
        sent.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(keep):
        action()
    return sent


def statements(action: Callable[[], object]) -> tuple[int, int]:
    """The statements `action` makes from a cold cache, a bulk insert counted once however
    many batches the database's parameter limit splits it in (SQLite's 999 a query: 10,000
    rows of 9 fields are 91 batches), and how many batches were folded so. An insert of one row
    at a time is never folded: a loop of them still counts each."""
    count, folded, last = 0, 0, None
    for sql in _sent(action):
        many = MANY_ROWS.match(sql)
        table = many.group(1) if many else None
        if table is not None and table == last:
            folded += 1
        else:
            count += 1
        last = table
    return count, folded


def ratio_row(name: str, ratio: float, most: float, extra: str = "", *, gate: bool = False) -> Row:
    """A timing against the trivial view: reported, or a `gate` (a regression bound, issue 30:
    an entry and an undo at the table)."""
    figure = f"{ratio:5.2f}x trivial" + (f", {extra}" if extra else "")
    return Row(name, figure, f"<= {most}x trivial", ratio <= most, gate=gate)


def same_queries_row(name: str, sizes: tuple[str, str], counts: tuple[int, int]) -> Row:
    figure = f"{counts[0]} queries at {sizes[0]}, {counts[1]} at {sizes[1]}"
    return Row(name, figure, "same queries at both sizes", counts[0] == counts[1])


def print_rows(database: str, trivial: float, rows: list[Row]) -> bool:
    """The table and its closing lines; True if every gate was met (timings are reported)."""
    width = max(len(row.name) for row in rows)
    figure_width = max(len(row.figure) for row in rows)
    print(f"\n{database}: trivial view (user + base.html) {trivial:.2f} ms, median")
    for row in rows:
        verdict = {True: "met", False: "MISSED", None: "for scale"}[row.met]
        print(
            f"  {row.name:<{width}}  {row.figure:<{figure_width}}  target {row.target}: {verdict}"
        )
    judged = [row for row in rows if row.met is not None]
    missed = [row for row in judged if not row.met]
    print(f"{database}: {len(judged) - len(missed)} of {len(judged)} targets met", end="")
    print("." if not missed else "; missed:")
    for row in missed:
        print(f"  - {row.name} ({'a gate' if row.gate else 'a timing, reported'})")
    return not any(row.gate for row in missed)
