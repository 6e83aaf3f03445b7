"""A league's backup file read a piece at a time (importing.py): however large the file, what
is held at once is one read of it (`CHUNK`) and the piece being read, never the whole.

The file is one JSON object; `Reader` walks its structure (objects, their keys, arrays) by hand
and reads each leaf piece the caller asks for (a row of a table, a header's value) with the
standard library's decoder (`json.JSONDecoder.raw_decode`), at most `most` characters of it:
so a key the caller does not know is refused before its value is read, and one huge value
costs a refusal, not the memory to hold it. What is read is plain JSON only: no NaN or
Infinity (refused as the decoder meets them), no lone surrogate or NUL character in a string
(PostgreSQL stores neither), and nothing nested deeper than `MOST_DEPTH`.

A refusal is a whole sentence in the reader's language: where the file stops being JSON, by
what was expected and found there and the character's number; a piece too long or not plain,
named as what it is (`Piece`: a row of a table, a part's value, a part's or a table's name),
with a sentence of its own for each piece and each reason.
"""

from __future__ import annotations

import codecs
import json
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext, gettext_noop

from config.wording import grouped

# Characters read from the file at a time.
CHUNK = 1 << 20
# How deep a value may nest: a race's snapshot is about 6 deep.
MOST_DEPTH = 40
WHITESPACE = " \t\n\r"

# Why the file is not JSON, with the character where it stops being so (counted from 1).
# {reason}: one of the reasons below in the reader's language, or the parser's own words
# ("Expecting value"), or Python's (an integer of too many digits); {error}: Python's, where
# bytes that are no UTF-8 text break.
NOT_JSON = gettext_noop(
    "This file is not a Paddock league backup: it cannot be read as JSON ({reason}: character "
    "{where:,})."
)
NOT_UTF8 = gettext_noop(
    "This file is not a Paddock league backup: it cannot be read as JSON (not UTF-8 text: {error})."
)
# NOT_JSON's {reason}s. {expected}, {comma}, {close}, {found}: a character of the file, as
# Python quotes it (',').
EXPECTED = gettext_noop("{expected!r} expected, {found!r} found")
EXPECTED_AT_END = gettext_noop("{expected!r} expected where the file ends")
NEXT_EXPECTED = gettext_noop("{comma!r} or {close!r} expected, {found!r} found")
NEXT_EXPECTED_AT_END = gettext_noop("{comma!r} or {close!r} expected where the file ends")
# {found}: the character found where a key's opening quote should be, as Python quotes it ('5').
KEY_EXPECTED = gettext_noop("a key expected, {found} found")
# {found}: what follows, as Python quotes it.
MORE_AFTER_END = gettext_noop("more after the end of the backup, {found!r}")
NESTED_TOO_DEEP = gettext_noop("nested too deep")
# {number}: as the file writes it (NaN, Infinity, 1e999).
NOT_A_JSON_NUMBER = gettext_noop("{number} is not a number JSON has")
NUMBER_TOO_LARGE = gettext_noop("{number} is a number too large to store")


@dataclass(frozen=True)
class Piece:
    """A piece of the file a refusal names, with a whole sentence for each way it can be
    refused: longer than its most characters (`too_long`, {most}), or holding what a Paddock
    backup never does (`not_plain`, by why: NUL, SURROGATE, NESTED; {most} for NESTED); each
    filled with `values`."""

    too_long: str
    not_plain: dict[str, str]
    values: dict[str, object]


# Why a value is not plain JSON as a database stores it (`_not_plain`).
NUL, SURROGATE, NESTED = "nul", "surrogate", "nested"

# A row of a table, a person (a row of the backup's 'users') or a track (of its 'tracks').
ROW_TOO_LONG = gettext_noop(
    "Row {row} of the backup's {table!r} table is longer than {most:,} characters, which a "
    "Paddock backup's row never is."
)
ROW_NUL = gettext_noop(
    "Row {row} of the backup's {table!r} table holds a NUL character, which a Paddock backup "
    "never does."
)
ROW_SURROGATE = gettext_noop(
    "Row {row} of the backup's {table!r} table holds half of a character (a lone surrogate), "
    "which a Paddock backup never does."
)
ROW_NESTED = gettext_noop(
    "Row {row} of the backup's {table!r} table nests a value more than {most:,} deep, which a "
    "Paddock backup never does."
)
# A part's value ("format", "version"...), the part named by its key.
PART_TOO_LONG = gettext_noop(
    "The backup's {part!r} is longer than {most:,} characters, which a Paddock backup's never is."
)
PART_NUL = gettext_noop(
    "The backup's {part!r} holds a NUL character, which a Paddock backup never does."
)
PART_SURROGATE = gettext_noop(
    "The backup's {part!r} holds half of a character (a lone surrogate), which a Paddock "
    "backup never does."
)
PART_NESTED = gettext_noop(
    "The backup's {part!r} nests a value more than {most:,} deep, which a Paddock backup never "
    "does."
)
# A key of the file's object: a part's name.
PART_NAME_TOO_LONG = gettext_noop(
    "A part's name in the backup is longer than {most:,} characters, which a Paddock backup's "
    "never is."
)
PART_NAME_NUL = gettext_noop(
    "A part's name in the backup holds a NUL character, which a Paddock backup never does."
)
PART_NAME_SURROGATE = gettext_noop(
    "A part's name in the backup holds half of a character (a lone surrogate), which a Paddock "
    "backup never does."
)
# A key of the backup's 'tables': a table's name.
TABLE_NAME_TOO_LONG = gettext_noop(
    "A table's name in the backup is longer than {most:,} characters, which a Paddock "
    "backup's never is."
)
TABLE_NAME_NUL = gettext_noop(
    "A table's name in the backup holds a NUL character, which a Paddock backup never does."
)
TABLE_NAME_SURROGATE = gettext_noop(
    "A table's name in the backup holds half of a character (a lone surrogate), which a "
    "Paddock backup never does."
)


def row_piece(table: str, row: int) -> Piece:
    """Row `row` (counted from 1) of the backup's table `table` ('users' for its people,
    'tracks' for its tracks)."""
    return Piece(
        ROW_TOO_LONG,
        {NUL: ROW_NUL, SURROGATE: ROW_SURROGATE, NESTED: ROW_NESTED},
        {"row": row, "table": table},
    )


def part_piece(part: str) -> Piece:
    """The value of the backup's part `part` (its key: "format", "version"...)."""
    return Piece(
        PART_TOO_LONG,
        {NUL: PART_NUL, SURROGATE: PART_SURROGATE, NESTED: PART_NESTED},
        {"part": part},
    )


# A key is a string: it nests nothing.
PART_NAME = Piece(PART_NAME_TOO_LONG, {NUL: PART_NAME_NUL, SURROGATE: PART_NAME_SURROGATE}, {})
TABLE_NAME = Piece(TABLE_NAME_TOO_LONG, {NUL: TABLE_NAME_NUL, SURROGATE: TABLE_NAME_SURROGATE}, {})


class _NotJsonNumber(ValueError):
    """NaN or Infinity, which Python reads and JSON has not."""

    def __init__(self, number: str) -> None:
        super().__init__(number)
        self.number = number


class _TooLarge(ValueError):
    """A number too large to store (1e999, which Python reads as infinity)."""

    def __init__(self, number: str) -> None:
        super().__init__(number)
        self.number = number


def _refuse_constant(name: str) -> Any:
    raise _NotJsonNumber(name)


def _finite(literal: str) -> float:
    value = float(literal)
    if not math.isfinite(value):
        raise _TooLarge(literal[:20])
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

    def start(self) -> str:
        """The first character of the next piece, not taken; "" at the end of the file."""
        while True:
            text, at = self._text, self._at
            while at < len(text) and text[at] in WHITESPACE:
                at += 1
            self._at = at
            if at < len(text) or self._ended:
                return text[at] if at < len(text) else ""
            self._more()

    def take(self, character: str) -> None:
        """The character expected next (a bracket, a colon), or a refusal."""
        found = self.start()
        if found != character:
            if not found:
                raise self._broken(EXPECTED_AT_END, expected=character)
            raise self._broken(EXPECTED, expected=character, found=found)
        self._at += 1

    def keys(self, key: Piece, most: int) -> Iterator[str]:
        """The keys of the object that comes next, each as the caller is to read its value
        (which it must) before asking for the next; `key` names a key in a refusal."""
        self.take("{")
        if self.start() == "}":
            self._at += 1
            return
        while True:
            # A key is a string: anything else is refused before it is read, as a value
            # nested deep would be refused as no key's (a key's piece names no nesting).
            first = self.start()
            if not first:
                raise self._broken(EXPECTED_AT_END, expected='"')
            if first != '"':
                raise self._broken(KEY_EXPECTED, found=repr(first))
            found: str = self.value(key, most)  # a string: it starts with its quote
            self.take(":")
            yield found
            if self._next("}") == "}":
                return

    def items(self) -> Iterator[None]:
        """Each item of the array that comes next, as the caller is to read it (which it must)
        before asking for the next."""
        self.take("[")
        if self.start() == "]":
            self._at += 1
            return
        while True:
            yield None
            if self._next("]") == "]":
                return

    def _next(self, close: str) -> str:
        """The comma before the next key or item, or `close` after the last: taken, and said."""
        following = self.start()
        if following not in (",", close):
            if not following:
                raise self._broken(NEXT_EXPECTED_AT_END, comma=",", close=close)
            raise self._broken(NEXT_EXPECTED, comma=",", close=close, found=following)
        self._at += 1
        return following

    def end(self) -> None:
        """Nothing but whitespace left in the file."""
        found = self.start()
        if found:
            raise self._broken(MORE_AFTER_END, found=self._text[self._at : self._at + 20])

    # -- the pieces -----------------------------------------------------------------------

    def value(self, piece: Piece, most: int) -> Any:
        """The JSON value that comes next, of at most `most` characters; refused if it is longer,
        not JSON, or not plain (see the module's docstring), in a sentence naming `piece`."""
        self.start()
        while True:
            text, at = self._text, self._at
            try:
                value, end = DECODER.raw_decode(text, at)
            except json.JSONDecodeError as error:
                if self._ended or not _cut(error, text):
                    raise self._not_json(error.msg, self._read + error.pos) from error
                if len(text) - at > most:
                    raise _said(piece.too_long, piece, most=grouped(most)) from error
                self._more()
                continue
            except RecursionError as error:
                raise self._broken(NESTED_TOO_DEEP) from error
            except _NotJsonNumber as error:
                raise self._broken(NOT_A_JSON_NUMBER, number=error.number) from error
            except _TooLarge as error:
                raise self._broken(NUMBER_TOO_LARGE, number=error.number) from error
            except ValueError as error:  # an integer of too many digits, in Python's words
                raise self._not_json(str(error)) from error
            # A value that ends where the text read so far ends may go on (a number, cut).
            if end == len(text) and not self._ended:
                self._more()
                continue
            if end - at > most:
                raise _said(piece.too_long, piece, most=grouped(most))
            self._at = end
            why = _not_plain(text[at:end], value)
            if why:
                raise _said(piece.not_plain[why], piece, most=grouped(MOST_DEPTH))
            return value

    def _more(self) -> None:
        """Read on: the next chunk of the file after what is kept of the text read so far."""
        data = self._stream.read(CHUNK)
        try:
            read = self._decoder.decode(data, final=not data)
        except UnicodeDecodeError as error:
            raise ValidationError(gettext(NOT_UTF8).format(error=error)) from error
        self._read += self._at
        self._text = self._text[self._at :] + read
        self._at = 0
        self._ended = not data

    def _broken(
        self, reason: str, position: int | None = None, **values: object
    ) -> ValidationError:
        """The file refused as no JSON for `reason` (one of the above, filled with `values`),
        at `position` (a character of the file counted from 0; where the next piece starts,
        unless given)."""
        return self._not_json(gettext(reason).format(**values), position)

    def _not_json(self, reason: str, position: int | None = None) -> ValidationError:
        """The file refused as no JSON for `reason`, said already (in the reader's language, or
        the parser's or Python's own words), at `position` (as `_broken`'s)."""
        where = self._read + self._at if position is None else position
        return ValidationError(gettext(NOT_JSON).format(reason=reason, where=grouped(where + 1)))


def _said(sentence: str, piece: Piece, **values: object) -> ValidationError:
    return ValidationError(gettext(sentence).format(**piece.values, **values))


def _cut(error: json.JSONDecodeError, text: str) -> bool:
    """Whether the decoder stopped because the text read so far ends mid-piece (so reading on
    may finish it), not at something no JSON holds."""
    return len(text) - error.pos <= 10 or error.msg.startswith("Unterminated string")


# A JSON escape of a NUL or of half a character (a surrogate): a value whose text has none
# holds neither (JSON text cannot hold either unescaped).
SUSPECT_ESCAPE = re.compile(r"\\u(?:0000|[dD][89a-fA-F])")
STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
INNERMOST = re.compile(r"\[[^\[\]{}]*\]|\{[^\[\]{}]*\}")


def _not_plain(text: str, value: Any) -> str:
    """Why `value`, read from `text`, is not plain JSON as a database stores it (NUL,
    SURROGATE, NESTED), or ""."""
    if SUSPECT_ESCAPE.search(text):
        reason = _not_plain_strings(value)
        if reason:
            return reason
    if _depth(text) > MOST_DEPTH:
        return NESTED
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
        return NUL
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return SURROGATE
    return ""
