"""The whole site in French (issue 34): every page of the role matrix (tests/test_permissions.py)
read by a French browser shows no English sentence. Two nets: (1) no run of three words or
more of any English sentence the catalogues hold (django.po, rules.po) is on a French page, so
a sentence marked but shown untranslated (formatted before it was translated, a constant said
at import) is caught; (2) no English word that French never uses ("the", "and", "with"…) is
in a French page's text, so a sentence never marked is caught too. A page's text is what a
person reads: the text between tags, and the attributes read out or shown (title, alt,
aria-label, placeholder, value of a button), less the league's own data (names people gave).
A run a French sentence of the catalogues keeps as it is (a rule document's section, as
docs/translating.md says) is no English left (`kept_in_french`).

The other French walks (tests/test_french_prompts.py, tests/browser/test_french_race.py and
test_french_organiser.py) read their pages with the functions here."""

from __future__ import annotations

import functools
import re
import zoneinfo
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from config.catalogues import entries
from league.models import Track
from tests.test_fuzz import World
from tests.test_permissions import MATRIX, NOT_HTML, URLS, parameters, world  # noqa: F401

pytestmark = pytest.mark.django_db

BASE = Path(__file__).resolve().parent.parent
CATALOGUES = (
    BASE / "locale" / "fr" / "LC_MESSAGES" / "django.po",
    BASE / "rules" / "locale" / "fr" / "LC_MESSAGES" / "rules.po",
)
# Words of English that French never writes (a French page showing one shows English).
ENGLISH_ONLY = frozenset(
    re.findall(
        r"\w+",
        """the and of to with is are this that from by or be not will has have was were it its
        your you their which what when where who there here after before each every then than
        may can must should been being into only also more most other these those them they
        would could about over under between while until again first last next""",
    )
)
# Attributes whose words a person reads (or hears).
READ_ATTRIBUTES = ("title", "alt", "aria-label", "placeholder")


class Words(HTMLParser):
    """The words of a page a person reads."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "template"):
            self.skip += 1
        for name, value in attrs:
            read = name in READ_ATTRIBUTES or (name == "value" and ("type", "submit") in attrs)
            if value and read:
                self.parts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "template") and self.skip:
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.parts.append(data)


def words_of(page: str) -> str:
    parser = Words()
    parser.feed(page)
    return " ".join(" ".join(parser.parts).split())


@functools.cache
def english_runs() -> frozenset[str]:
    """Runs of three words or more of every English sentence in the catalogues, between their
    placeholders and markup."""
    runs = set()
    split = re.compile(r"%\(\w+\)[sd]|\{[^}]*\}|<[^>]*>|[()\[\]:;·—–\"“”]")
    for catalogue in CATALOGUES:
        for entry in entries(catalogue):
            if not entry.msgid or entry.msgid in entry.strings.values():
                continue
            for run in split.split(entry.msgid.replace("%%", "%")):
                run = " ".join(run.split()).strip(" ,.?!'")
                if len(run.split()) >= 3:
                    runs.add(run)
    return frozenset(runs)


@functools.cache
def kept_in_french(runs: frozenset[str]) -> frozenset[str]:
    """The runs a French sentence of the catalogues keeps as they are (a rule document's
    section: "Voitures construites (Constructing Your Car)", docs/translating.md)."""
    french = " ".join(
        " ".join(words.split())
        for catalogue in CATALOGUES
        for entry in entries(catalogue)
        for words in entry.strings.values()
    )
    return frozenset(run for run in runs if run in french)


def without_kept(text: str) -> str:
    """`text` less the English runs a French sentence of the catalogues keeps as they are."""
    for run in kept_in_french(english_runs()):
        text = text.replace(run, " ")
    return text


def runs_left(text: str) -> list[str]:
    """The English runs of the catalogues `text` shows as whole words, but those a French
    sentence keeps."""
    text = without_kept(text)
    return sorted(run for run in english_runs() if run in text and whole(run, text))


def whole(run: str, text: str) -> bool:
    """Whether `run` is in `text` as whole words ("0 = no" is not in "0 = non")."""
    return re.search(rf"(?<!\w){re.escape(run)}(?!\w)", text) is not None


def english_words(text: str, mine: set[str]) -> list[str]:
    """The words of `text` French never writes, but the names people gave (`mine`). A word is
    letters standing alone: letters glued to digits are a slug's or a token's ("r2be4x" in a
    league's address is no "be")."""
    return sorted(
        {
            word
            for word in re.findall(r"(?<!\w)[^\W\d_]+(?!\w)", text)
            if word.casefold() in ENGLISH_ONLY and word.casefold() not in mine
        }
    )


def around(text: str, words: list[str]) -> list[str]:
    """Where `words` stand in `text`, to say so in a failure."""
    return [
        text[max(0, found.start() - 60) : found.end() + 60]
        for word in words
        for found in re.finditer(rf"\b{word}\b", text)
    ][:6]


def test_letters_glued_to_digits_are_no_english_word() -> None:
    """A league's address ends in random letters and digits (CI met "…-league-r2be4x/")."""
    text = "http://testserver/thursday-night-league-r2be4x/teams/3/sheet/ 4the 5 with"
    assert english_words(text, set()) == ["with"]


def words_of_names(names: list[str]) -> set[str]:
    """The words of `names` (people's, the tracks' of the site, the time zones' as the league
    form lists them): data, in whatever language."""
    names = [*names, *Track.objects.values_list("name", flat=True)]
    names += [zone.replace("_", " ") for zone in zoneinfo.available_timezones()]
    return {word.casefold() for name in names for word in re.findall(r"[^\W\d]+", name)}


def data_words(built: World, people: dict[str, Any]) -> set[str]:
    """The words of the names people gave (the league's, its teams', drivers', users')."""
    names = [built.league.name, *(team.name for team in built.teams)]
    names += [driver.name for driver in built.drivers]
    names += [str(user) for user in people.values() if hasattr(user, "username")]
    return words_of_names(names)


def readable_pages() -> list[str]:
    return sorted(name for name in MATRIX if name not in NOT_HTML)


@pytest.mark.parametrize("name", readable_pages())
def test_a_page_read_in_french_shows_no_english(
    name: str,
    world: tuple[World, dict[str, Any]],  # noqa: F811
) -> None:
    built, people = world
    values = parameters(built, people)
    url = reverse(name, kwargs={key: values[key] for key in URLS[name]})
    shown = []
    for who in ("organiser", "anonymous"):
        client = Client()
        if people[who] is not None:
            client.force_login(people[who])
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="fr", follow=True)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        page = response.content.decode()
        assert '<html lang="fr">' in page, (who, url)
        shown.append(words_of(page))
    if not shown:
        pytest.skip(f"{name}: no page to read by GET")
    text = without_kept(" ".join(shown))
    english = english_words(text, data_words(built, people))
    assert (runs_left(text), english) == ([], []), around(text, english)
