"""The admin's lists read only query values a query can hold (issue 29).

Django's admin lists take their filters from the address, and answer a lookup they cannot
make with the list itself (`?e=1`), but not every one: a NUL in a value reaches PostgreSQL,
which refuses it in any text (DataError), a year of the date hierarchy beyond 9998 or a
number beyond any integer column overflows in Python (OverflowError). Each was a 500. Here,
before any admin view, for every list the admin has (Paddock's and axes' alike), a query is
refused with a 400 and the reason when a value holds a NUL, is longer than any the admin
needs, is a whole number beyond a 64-bit column's, or is a date hierarchy's year, month or
day no calendar has.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

# Longer than any filter's value, any search the admin's lists need.
MOST_CHARACTERS = 1000
# A 64-bit integer column's range (PostgreSQL's bigint; SQLite's INTEGER).
MOST_INTEGER = 2**63 - 1
WHOLE_NUMBER = re.compile(r"[+-]?\d+")
# The date hierarchy's parts: the year stops at 9998, whose following year the list counts to.
CALENDAR = {"__year": (1, 9998), "__month": (1, 12), "__day": (1, 31)}
# A search is text, whatever its digits.
TEXT = {"q"}

NUL = "The address holds a NUL character in {name}: no list can be filtered by one."
TOO_LONG = "The value of {name} is longer than the {most:,} characters a list is filtered by."
NOT_A_NUMBER = "The value of {name} is not a whole number."
OUT_OF_RANGE = "The value of {name} is beyond any the database holds."
NOT_A_DATE = "The value of {name} is not a {part} of the calendar ({low} to {high})."


def refusal(query: Iterable[tuple[str, list[str]]]) -> str | None:
    """Why an admin list cannot be filtered by `query` (its names and values), or None."""
    for name, values in query:
        if "\x00" in name:
            return NUL.format(name="a name")
        for value in values:
            if "\x00" in value:
                return NUL.format(name=name)
            if len(value) > MOST_CHARACTERS:
                return TOO_LONG.format(name=name, most=MOST_CHARACTERS)
            for suffix, (low, high) in CALENDAR.items():
                if name.endswith(suffix):
                    if not WHOLE_NUMBER.fullmatch(value):
                        return NOT_A_NUMBER.format(name=name)
                    if not low <= int(value) <= high:
                        part = suffix.removeprefix("__")
                        return NOT_A_DATE.format(name=name, part=part, low=low, high=high)
            if (
                name not in TEXT
                and WHOLE_NUMBER.fullmatch(value)
                and abs(int(value)) > MOST_INTEGER
            ):
                return OUT_OF_RANGE.format(name=name)
    return None


class AdminQueries:
    """A query no admin list can be filtered by is a 400 with the reason, before the admin."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.admin = reverse("admin:index")

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path.startswith(self.admin) and (reason := refusal(request.GET.lists())):
            return render(request, "400.html", {"reason": reason}, status=400)
        return self.get_response(request)
