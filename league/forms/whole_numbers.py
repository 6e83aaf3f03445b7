"""A whole number as a page's address or form gives it (a team's id, a replay's round, a
gear-odds square): read once here for every page that takes one."""

from __future__ import annotations

# No count Paddock keeps comes near 18 digits; int() refuses a number of thousands of them.
MOST_DIGITS = 18


def whole_number(text: str) -> int | None:
    """`text` as a whole number, or None: ASCII digits only ("²" is a digit to str.isdigit()
    but not to int()), at most MOST_DIGITS of them."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= MOST_DIGITS else None
