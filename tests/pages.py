"""A page's markup as the tests read it: the same whatever way its template is laid out.

Issue 30 lays templates out one element a line and keeps every line under 160 characters, so a
tag's attributes may stand on several lines and a long text may break between its words. The
browser shows none of that whitespace, and a test asserts what the page says, not how its template
is indented: `html_of` squeezes every run of whitespace to one space and drops the whitespace
between two tags, and the test looks for its string, unchanged, in that.
"""

from __future__ import annotations

import re

from django.http import HttpResponse

WHITESPACE = re.compile(r"\s+")
BETWEEN_TAGS = re.compile(r">\s+<")


def squeezed(markup: str) -> str:
    """`markup` with each run of whitespace one space, and none between a tag and the next."""
    return BETWEEN_TAGS.sub("><", WHITESPACE.sub(" ", markup))


def html_of(response: HttpResponse) -> str:
    """The response's page, squeezed (see the module's note)."""
    return squeezed(response.content.decode())
