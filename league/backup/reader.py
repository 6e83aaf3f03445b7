"""A league's backup file read a piece at a time (importing.py): however large the file, what
is held at once is one read of it (`CHUNK`) and the piece being read, never the whole.

The file is one JSON object; `Reader` walks its structure (objects, their keys, arrays) by hand
and reads each leaf piece the caller asks for (a row of a table, a header's value) with the
standard library's decoder (`json.JSONDecoder.raw_decode`), at most `most` characters of it:
so a key the caller does not know is refused before its value is read, and one huge value
costs a refusal, not the memory to hold it. What is read is plain JSON only: no NaN or
Infinity (refused as the decoder meets them), no lone surrogate or NUL character in a string
(PostgreSQL stores neither), and nothing nested deeper than `MOST_DEPTH`.
"""

from __future__ import annotations

import codecs
import json
import math
import re
from collections.abc import Iterator
from typing import IO, Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext, gettext_noop

from config.languages import grouped

# Characters read from the file at a time.
CHUNK = 1 << 20
# How deep a value may nest: a race's snapshot is about 6 deep.
MOST_DEPTH = 40
WHITESPACE = " \t\n\r"

NOT_JSON = gettext_noop(
    "This file is not a Paddock league backup: it cannot be read as JSON ({reason})."
)
TOO_LONG = gettext_noop(
    "The backup's {what} is longer than a Paddock backup's ever is ({most:,} characters)."
)
NOT_PLAIN = gettext_noop("The backup's {what} holds {reason}, which a Paddock backup never does.")
# NOT_JSON's {reason} for bytes that are no UTF-8 text; {error} is Python's, where they break.
NOT_UTF8 = gettext_noop("not UTF-8 text: {error}")


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON has")


def _finite(literal: str) -> float:
    value = float(literal)
    if not math.isfinite(value):
        raise ValueError(f"{literal[:20]} is a number too large to store")
    return value


DECODER = json.JSONDecoder(parse_constant=_refuse_constant, parse_float=_finite)


class Reader:
    """A JSON document read from `stream` (bytes, UTF-8) one piece at a time."""

    def __init__(self, stream: IO[bytes]) -> None:
        self._stream = stream
        self._decoder = codecs.getincrementaldecoder("utf-8-sig")()
        self._text = ""
        self._at = 0  # where the next piece starts in _text
        self._read = 0  # characters of the file dropped from _text before it
        self._ended = False

    @property
    def position(self) -> int:
        """Characters of the file read so far."""
        return self._read + self._at

    # -- the file's structure -------------------------------------------------------------

    def start(self, what: str) -> str:
        """The first character of the next piece, not taken; "" at the end of the file."""
        while True:
            text, at = self._text, self._at
            while at < len(text) and text[at] in WHITESPACE:
                at += 1
            self._at = at
            if at < len(text) or self._ended:
                return text[at] if at < len(text) else ""
            self._more()

    def take(self, character: str, what: str) -> None:
        """The character expected next (a bracket, a colon), or a refusal."""
        found = self.start(what)
        if found != character:
            raise self._broken(f"expected {character!r} at {what}, found {_shown(found)}")
        self._at += 1

    def keys(self, what: str, most: int) -> Iterator[str]:
        """The keys of the object that comes next, each as the caller is to read its value
        (which it must) before asking for the next."""
        self.take("{", what)
        if self.start(what) == "}":
            self._at += 1
            return
        while True:
            key = self.value(f"a key of {what}", most)
            if not isinstance(key, str):
                raise self._broken(f"expected a key at {what}, found {_shown(repr(key))}")
            self.take(":", what)
            yield key
            following = self.start(what)
            self._at += 1
            if following == "}":
                return
            if following != ",":
                raise self._broken(f"expected ',' or '}}' in {what}, found {_shown(following)}")

    def items(self, what: str) -> Iterator[None]:
        """Each item of the array that comes next, as the caller is to read it (which it must)
        before asking for the next."""
        self.take("[", what)
        if self.start(what) == "]":
            self._at += 1
            return
        while True:
            yield None
            following = self.start(what)
            self._at += 1
            if following == "]":
                return
            if following != ",":
                raise self._broken(f"expected ',' or ']' in {what}, found {_shown(following)}")

    def end(self) -> None:
        """Nothing but whitespace left in the file."""
        found = self.start("the end")
        if found:
            raise self._broken(f"more after the end of the backup: {_shown(found)}")

    # -- the pieces -----------------------------------------------------------------------

    def value(self, what: str, most: int) -> Any:
        """The JSON value that comes next, of at most `most` characters; refused if it is longer,
        not JSON, or not plain (see the module's docstring)."""
        self.start(what)
        while True:
            text, at = self._text, self._at
            try:
                value, end = DECODER.raw_decode(text, at)
            except json.JSONDecodeError as error:
                if self._ended or not _cut(error, text):
                    raise self._broken(error.msg, self._read + error.pos) from error
                if len(text) - at > most:
                    raise ValidationError(
                        gettext(TOO_LONG).format(what=what, most=grouped(most))
                    ) from error
                self._more()
                continue
            except RecursionError as error:
                raise self._broken("nested too deep") from error
            except ValueError as error:  # NaN, Infinity; an integer of too many digits
                raise self._broken(str(error)) from error
            # A value that ends where the text read so far ends may go on (a number, cut).
            if end == len(text) and not self._ended:
                self._more()
                continue
            if end - at > most:
                raise ValidationError(gettext(TOO_LONG).format(what=what, most=grouped(most)))
            self._at = end
            reason = _not_plain(text[at:end], value)
            if reason:
                raise ValidationError(gettext(NOT_PLAIN).format(what=what, reason=reason))
            return value

    def _more(self) -> None:
        """Read on: the next chunk of the file after what is kept of the text read so far."""
        data = self._stream.read(CHUNK)
        try:
            read = self._decoder.decode(data, final=not data)
        except UnicodeDecodeError as error:
            raise ValidationError(
                gettext(NOT_JSON).format(reason=gettext(NOT_UTF8).format(error=error))
            ) from error
        self._read += self._at
        self._text = self._text[self._at :] + read
        self._at = 0
        self._ended = not data

    def _broken(self, reason: str, position: int | None = None) -> ValidationError:
        where = self._read + self._at if position is None else position
        return ValidationError(
            gettext(NOT_JSON).format(
                reason=gettext("{reason}: character {where:,}").format(
                    reason=reason, where=grouped(where + 1)
                )
            )
        )


def _cut(error: json.JSONDecodeError, text: str) -> bool:
    """Whether the decoder stopped because the text read so far ends mid-piece (so reading on
    may finish it), not at something no JSON holds."""
    return len(text) - error.pos <= 10 or error.msg.startswith("Unterminated string")


def _shown(found: str) -> str:
    return repr(found[:20]) if found else "the end of the file"


# A JSON escape of a NUL or of half a character (a surrogate): a value whose text has none
# holds neither (JSON text cannot hold either unescaped).
SUSPECT_ESCAPE = re.compile(r"\\u(?:0000|[dD][89a-fA-F])")
STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
INNERMOST = re.compile(r"\[[^\[\]{}]*\]|\{[^\[\]{}]*\}")


def _not_plain(text: str, value: Any) -> str:
    """Why `value`, read from `text`, is not plain JSON as a database stores it, or ""."""
    if SUSPECT_ESCAPE.search(text):
        reason = _not_plain_strings(value)
        if reason:
            return reason
    if _depth(text) > MOST_DEPTH:
        return f"a value nested more than {MOST_DEPTH} deep"
    return ""


def _depth(text: str) -> int:
    """How deep the JSON `text` nests (at most MOST_DEPTH + 1): its strings dropped, then its
    innermost arrays and objects, level by level, each level one pass of a regular expression."""
    text = STRING.sub("", text)
    depth = 0
    while depth <= MOST_DEPTH:
        text, found = INNERMOST.subn("", text)
        if not found:
            break
        depth += 1
    return depth


def _not_plain_strings(value: Any) -> str:
    if isinstance(value, str):
        return _not_plain_text(value)
    if isinstance(value, dict):
        for key, item in value.items():
            reason = _not_plain_text(key) or _not_plain_strings(item)
            if reason:
                return reason
    elif isinstance(value, list):
        for item in value:
            reason = _not_plain_strings(item)
            if reason:
                return reason
    return ""


def _not_plain_text(text: str) -> str:
    if "\x00" in text:
        return "a NUL character"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "half of a character (a lone surrogate)"
    return ""
