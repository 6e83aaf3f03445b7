"""Markdown an organiser writes (a league's house rules, league/models/house_rules.py) as safe HTML,
in time that grows in step with the text, whatever is typed: it is rendered once, when saved,
and the page serves what was kept.

The parser is cmark-gfm (C, by cmarkgfm): CommonMark's reference parser, linear on the inputs
that made Python-Markdown quadratic (`[` x 16,000: over 40 s) or overflow its stack (`*` x 2,000,
`a`, `*` x 2,000), and 10 to 100 times faster than markdown-it-py and mistune on them (the
figures: docs/architecture.md). Then nh3 keeps only the tags, attributes and link schemes below.

Raw HTML is shown as text, never passed on: every `<` that does not open an autolink
(`<https://...>`, `<name@example.org>`) is swapped for a private-use character before parsing,
so cmark finds no HTML at all, and the character becomes `&lt;` in the output (text, code and
attributes alike). html5ever, under nh3, takes time in the square of the depth of nested tags
(16,000 block quotes: 6 s), so a text nested deeper than a page needs is refused.
"""

from __future__ import annotations

import html
import itertools
import re
import unicodedata
from dataclasses import dataclass

import cmarkgfm
import nh3

TAGS = {
    *(f"h{level}" for level in range(1, 7)),
    "p",
    "br",
    "hr",
    "em",
    "strong",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
}
ATTRIBUTES = {
    **{f"h{level}": {"id"} for level in range(1, 7)},
    "a": {"href", "title"},
    "ol": {"start"},
}
URL_SCHEMES = {"http", "https", "mailto"}

# Tags nested this deep at most: a list in a list in a quote, its item's paragraph, its
# emphasis... (ten levels of list are 21 tags).
MOST_DEPTH = 40
TOO_DEEP = (
    "The text nests {depth} deep (quotes in quotes, lists in lists, emphasis in emphasis): "
    "a page shows at most {most}. Nest them less (nothing was saved)."
)
# Neither a form nor a backup brings one (reader.py refuses it), but a caller might.
HALF_A_CHARACTER = "The text holds half a character (a lone surrogate), which no page shows."

# Stands for a `<` while cmark parses: no tag can begin with it.
_LESS_THAN = "\ue000"
_LESS_THAN_IN_URL = "%EE%80%80"  # as cmark writes it in an href
# A `<` that opens an autolink, as CommonMark reads one (a URI or an address, then `>`): the
# only `<` cmark sees. Each look ahead stops at the next `<` or space, so the scan is linear.
_NOT_AUTOLINK = re.compile(
    r"<(?![A-Za-z][A-Za-z0-9.+-]{1,31}:[^\s<>]*>"
    r"|[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
    r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*>)"
)
# Each tag's opening `<` or `</`, but for the tags cmark writes with no end (`<br />`...).
_TAG_START = re.compile(r"<(/?)(?!(?:br|hr|img|input)\b)[a-z]")
_STEP = {"": 1, "/": -1}
# cmark writes each heading as <hN>...</hN> and, with no raw HTML let in, nothing else so.
_HEADING = re.compile(r"<h([1-6])>(.*?)</h\1>", re.DOTALL)
_ANY_TAG = re.compile(r"<[^>]*>")
_NUMBERED = re.compile(r"^(.*)_([0-9]+)$")
_NOT_IN_SLUG = re.compile(r"[^\w\s-]")
_SEPARATORS = re.compile(r"[-\s]+")


class Unrenderable(ValueError):
    """Markdown this site will not show: nested deeper than a page needs, or not text."""


@dataclass(frozen=True)
class Heading:
    """A heading of the text: its words and its anchor on the page."""

    name: str
    anchor: str


@dataclass(frozen=True)
class Rendered:
    html: str  # made safe by nh3
    headings: tuple[Heading, ...]

    def anchor_of(self, name: str) -> str:
        """The anchor of the first heading called `name`, or "" if the text has none."""
        return next((heading.anchor for heading in self.headings if heading.name == name), "")


def render(text: str, *, anchor_prefix: str) -> Rendered:
    """`text` (Markdown) as safe HTML, each heading with an anchor starting `anchor_prefix`,
    and its headings in order (each name once). Raises Unrenderable."""
    hidden = _NOT_AUTOLINK.sub(_LESS_THAN, text.replace(_LESS_THAN, "\ufffd"))
    try:
        converted = cmarkgfm.markdown_to_html_with_extensions(hidden, extensions=["table"])
    except UnicodeEncodeError as error:
        raise Unrenderable(HALF_A_CHARACTER) from error
    depth = _depth(converted)
    if depth > MOST_DEPTH:
        raise Unrenderable(TOO_DEEP.format(depth=depth, most=MOST_DEPTH))
    converted = converted.replace(_LESS_THAN, "&lt;").replace(_LESS_THAN_IN_URL, "%3C")
    headings: list[Heading] = []
    names: set[str] = set()
    anchors: set[str] = set()
    last: dict[str, str] = {}

    def anchored(found: re.Match[str]) -> str:
        level, inner = found.groups()
        words = _ANY_TAG.sub("", inner) if "<" in inner else inner
        name = " ".join((html.unescape(words) if "&" in words else words).split())
        anchor = _unique(anchor_prefix + slugify(name), anchors, last)
        if name not in names:
            names.add(name)
            if name:
                headings.append(Heading(name=name, anchor=anchor))
        # The anchor is the prefix, then letters, digits, `_` and `-`: nothing to escape.
        return f'<h{level} id="{anchor}">{inner}</h{level}>'

    converted = _HEADING.sub(anchored, converted)
    cleaned = nh3.clean(
        converted, tags=TAGS, attributes=ATTRIBUTES, url_schemes=URL_SCHEMES, strip_comments=True
    )
    return Rendered(html=cleaned, headings=tuple(headings))


def slugify(value: str) -> str:
    """A heading's words as its anchor, as Python-Markdown's table of contents made them (so
    the anchors of rules saved before still lead to their headings)."""
    if not value.isascii():
        value = unicodedata.normalize("NFKD", value).encode("ascii", "ignore").decode("ascii")
    return _SEPARATORS.sub("-", _NOT_IN_SLUG.sub("", value).strip().lower())


def _unique(anchor: str, anchors: set[str], last: dict[str, str]) -> str:
    """`anchor`, or else it numbered `_1`, `_2`... as Python-Markdown numbered a repeated one;
    starting from the last number given to it, so many equal headings cost no more each."""
    candidate = last.get(anchor, anchor)
    while candidate in anchors:
        numbered = _NUMBERED.match(candidate)
        if numbered:
            candidate = f"{numbered.group(1)}_{int(numbered.group(2)) + 1}"
        else:
            candidate = f"{candidate}_1"
    last[anchor] = candidate
    anchors.add(candidate)
    return candidate


def _depth(converted: str) -> int:
    """How deep the tags of cmark's output nest (it closes every tag it opens)."""
    steps = map(_STEP.__getitem__, _TAG_START.findall(converted))
    return max(itertools.accumulate(steps), default=0)
