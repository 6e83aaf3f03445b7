"""Long lists shown a page at a time (Django's Paginator, `?page=`): tables from the top
(standings, a season-end report, a league's teams) and histories from their latest lines (a
driver's or a team's results, a race's log), so that a page costs the same to build and to load
after one season or twenty, with ten drivers or ten thousand."""

from __future__ import annotations

from collections.abc import Sequence

from django.core.paginator import Page, Paginator
from django.db.models import QuerySet

LINES_PER_PAGE = 50
# A history's lines carry more to show each (a round, its outcome, its links) than a table's.
HISTORY_PER_PAGE = 25
# A league's seasons with their champions, the latest first (the league page).
SEASONS_PER_PAGE = 10
# The published leagues on the home page, the latest first.
LEAGUES_PER_PAGE = 20


def page_of(lines: Sequence | QuerySet, number: str | None, per_page: int = LINES_PER_PAGE) -> Page:
    """The page `number` (from `?page=`; the first when missing or wrong) of `lines`."""
    return Paginator(lines, per_page).get_page(number)


def latest_page(newest_first: QuerySet, number: str | None) -> Page:
    """The page `number` of a history counted back from its latest lines (page 1: the latest),
    its lines in the order they happened."""
    page = page_of(newest_first, number, HISTORY_PER_PAGE)
    page.object_list = list(page.object_list)[::-1]
    return page
