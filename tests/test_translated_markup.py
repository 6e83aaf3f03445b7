"""A translation never brings markup of its own (issue 34: a translated string never breaks HTML
escaping): in every catalogue each msgstr holds exactly the tags, attributes and character
references its msgid holds (a link's <a href="{url}"> stays a link, and no translation adds a
<script>, a style or an event handler the Content-Security-Policy would refuse), and names no
placeholder its msgid does not (the code fills only those: another would be a KeyError, a 500);
a date's format may be the language's own ({date:%d/%m/%Y})."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from config.catalogues import Entry, entries

BASE = Path(__file__).resolve().parent.parent
CATALOGUES = sorted(BASE.glob("locale/*/LC_MESSAGES/django.po")) + sorted(
    BASE.glob("rules/locale/*/LC_MESSAGES/rules.po")
)
TAG = re.compile(r"</?[A-Za-z][^<>]*>")
REFERENCE = re.compile(r"&(?:#\d+|#x[0-9A-Fa-f]+|[A-Za-z]+);")
PLACEHOLDER = re.compile(r"%\((\w+)\)[sdi]|\{(\w*)(?:[.!:][^{}]*)?\}")
# Names the code fills beside the msgid's own, which a translation may take instead: the rules
# give a die's colour as a sentence's start ({Die}) and within it ({die}).
ALSO_GIVEN = {"{Die} die": {"die"}, "{Die} die ({gear} gear)": {"die"}}


def markup(text: str) -> Counter[str]:
    """The tags (with their attributes) and character references of `text`."""
    return Counter(TAG.findall(text) + REFERENCE.findall(text))


def names(text: str) -> set[str]:
    """The placeholders' names `text` fills ("%(count)s" and "{count:,}" are both "count")."""
    return {first or second for first, second in PLACEHOLDER.findall(text)}


def translated(catalogue: Path) -> list[tuple[Entry, str, str]]:
    """(entry, its msgid or plural, a translation of it) for every translation."""
    found = []
    for entry in entries(catalogue):
        if not entry.msgid:
            continue
        for index, string in entry.strings.items():
            if string:
                source = entry.plural if index and entry.plural else entry.msgid
                found.append((entry, source, string))
    return found


@pytest.mark.parametrize("catalogue", CATALOGUES, ids=lambda path: str(path.relative_to(BASE)))
def test_every_translation_keeps_its_source_s_markup_and_nothing_more(catalogue: Path):
    found = translated(catalogue)
    assert len(found) > 500
    markup_differs = [
        (source, string) for _entry, source, string in found if markup(source) != markup(string)
    ]
    unknown_names = [
        (source, string)
        for _entry, source, string in found
        if not names(string) <= names(source) | ALSO_GIVEN.get(source, set())
    ]
    assert (markup_differs, unknown_names) == ([], [])


def test_the_check_sees_markup_added_or_lost():
    assert markup('Voir <a href="{url}">la page</a>') == markup('See <a href="{url}">the page</a>')
    assert markup('<b style="color:red">Rouge</b>') != markup("<b>Red</b>")
    assert markup("Rouge <script>alert(1)</script>") != markup("Red")
    assert names("{car} gagne de {points:,} points") == names("{car} wins by {points}")
    assert not names("{voiture} gagne") <= names("{car} wins")
    assert names("%(count)s pilotes") == {"count"}
