"""When two user names look alike: Unicode's confusable skeleton (UTS #39, section 4), on names
that are one whatever their case.

`skeleton` is the standard's: each character of the name's canonical decomposition (NFD) is
replaced by its prototype in Unicode's confusables.txt (league/data/confusables.txt, version
17.0.0, as published by Unicode), and the result decomposed again; two strings of one skeleton
are confusable (a Cyrillic а and a Latin a, a Greek ι and an i, 1 and I and l, 0 and O, "rn" and
"m"). `name_key` makes the skeleton fit user names, which Paddock keeps unique whatever their
case (migration 0027): the name in its compatibility form (NFKC, so a fullwidth or a
mathematical letter is its plain one) and case-folded, its skeleton, without the marks
combined with a letter (an accent over an i is read past at a glance) or the characters that
show nothing, case-folded again; and l read as i, since l is a capital I's look-alike and a
capital I is an i's twin whatever the case ("admln" is "admIn" is "admin").
"""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path

CONFUSABLES = Path(__file__).resolve().parents[1] / "data" / "confusables.txt"
# Marks combined with the letter before them, and characters that show nothing (format
# characters: zero-width spaces and joiners, direction marks).
UNSEEN = frozenset({"Mn", "Me", "Cf"})


@cache
def _prototypes() -> dict[str, str]:
    """Each confusable character's prototype, from confusables.txt's lines
    `source ; prototype ; MA # comment` (code points in hexadecimal)."""
    prototypes = {}
    with CONFUSABLES.open(encoding="utf-8-sig") as lines:
        for line in lines:
            data = line.split("#", 1)[0].strip()
            if not data:
                continue
            source, prototype, _kind = (field.strip() for field in data.split(";"))
            prototypes[chr(int(source, 16))] = "".join(
                chr(int(point, 16)) for point in prototype.split()
            )
    return prototypes


def skeleton(text: str) -> str:
    """UTS #39's skeleton(X): NFD, each character to its prototype, NFD again."""
    prototypes = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize(
        "NFD", "".join(prototypes.get(character, character) for character in decomposed)
    )


def _seen(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(c for c in decomposed if unicodedata.category(c) not in UNSEEN)


def name_key(username: str) -> str:
    """The key two user names share when they look alike (see the module's docstring)."""
    folded = unicodedata.normalize("NFKC", username).casefold()
    key = _seen(skeleton(_seen(folded))).casefold()
    return skeleton(key).casefold().replace("l", "i")
