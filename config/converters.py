"""Path converters: a number in a URL is at most 18 digits, so it always fits the database's
64-bit integers, and an invitation's token is made only of the characters tokens are made of;
anything else is no page of the site (404), never a database error (500)."""

from __future__ import annotations


class IdConverter:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


class TokenConverter:
    """An invitation's token (secrets.token_urlsafe: letters, digits, "-" and "_"), at most as
    long as the column that keeps it. Anything else (a NUL byte, which PostgreSQL refuses in
    any text, was a 500) is no page of the site: 404 before any query."""

    regex = "[A-Za-z0-9_-]{1,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value
