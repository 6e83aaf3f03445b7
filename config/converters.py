"""Path converters: a number in a URL is at most 18 digits, so it always fits the database's
64-bit integers; a longer one is no page of the site (404), never a database error (500)."""

from __future__ import annotations


class IdConverter:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)
