"""A restore's and a spreadsheet import's words in French (issue 34): why a backup's row cannot
be read, a file that is no UTF-8 text, a zip that is no workbook, a spreadsheet too large, and
the league made from a spreadsheet with its counts, each said as whole French sentences (a
field named by its key, as the file writes it), and in English as before."""

from __future__ import annotations

import copy
import json
import zipfile
from io import BytesIO
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from league import backup
from league.backup.importing import MOST_HEADER, MOST_PERSON, MOST_ROW
from league.models import League
from tests.factories import UserFactory
from tests.league.test_backup import as_file, ended_season_league, row_counts
from tests.league.test_spreadsheet import FOURTH_SEASON, roster_text
from tests.league.test_spreadsheet_past import results_text
from tests.test_french_site import runs_left

pytestmark = pytest.mark.django_db

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9"}
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en"}
IMPORT = reverse("league:league_import")


@pytest.fixture
def exported(organiser) -> dict[str, Any]:
    data = json.loads(backup.league_file(ended_season_league(organiser)))
    data["tables"]["league.league"][0]["slug"] = "a-free-address"
    return data


def said(data: dict[str, Any], language: str) -> str:
    """Why the restore page's import refuses `data`, in `language`; nothing written."""
    return said_of_file(as_file(data), language)


def said_of_file(file: BytesIO, language: str) -> str:
    """Why the restore page's import refuses the backup `file`, in `language`; nothing
    written."""
    restorer = UserFactory()
    before = row_counts()
    with translation.override(language), pytest.raises(ValidationError) as caught:
        backup.league_import(file, organiser=restorer)
    assert row_counts() == before
    return " ".join(caught.value.messages)


def rows(data: dict[str, Any], label: str) -> list[dict[str, Any]]:
    return data["tables"][label]


def finished_entries(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The entries of the last finished round of the file's last season."""
    last = max(rows(data, "league.season"), key=lambda season: season["number"])["id"]
    finished = [
        row["id"]
        for row in rows(data, "league.round")
        if row["status"] == "finished" and row["season"] == last
    ]
    return [row for row in rows(data, "league.entry") if row["round"] == finished[-1]]


def _age_as_words(data):
    rows(data, "league.driver")[0]["age"] = "old"


def _team_of_no_league(data):
    rows(data, "league.team")[0]["league"] = None


def _time_without_its_zone(data):
    finished = next(row for row in rows(data, "league.round") if row["finished_at"])
    finished["finished_at"] = "2025-01-01T00:00:00"


def _twin_teams(data):
    teams = rows(data, "league.team")
    teams[1]["name"] = teams[0]["name"].upper()


def _twin_cars(data):
    entries = rows(data, "league.entry")
    entries[1]["car"] = entries[0]["car"]


def _points_no_table_gives(data):
    finished_entries(data)[0]["points"] = 9_999


def _xp_no_race_gives(data):
    finished_entries(data)[0]["xp_change"] = 50


def _age_past_the_seasons(data):
    rows(data, "league.driver")[0]["age"] = 40


def _injuries_never_had(data):
    rows(data, "league.driver")[0]["prior_injuries"] = 9


def _races_to_miss_no_injury_cost(data):
    rows(data, "league.driver")[0]["races_to_miss"] = 30


# Each hostile change, and the row's reason as French and English say it (a start of it where
# the rest depends on the league's history).
REASONS = {
    "a value of the wrong kind": (
        _age_as_words,
        "La ligne 1 de la table 'league.driver' de la sauvegarde ne peut être lue : 'age' : "
        "'old' n'est pas un nombre entier",
        "Row 1 of the backup's 'league.driver' table cannot be read: 'age': 'old' is not a "
        "whole number",
    ),
    "a reference left empty": (
        _team_of_no_league,
        "La ligne 1 de la table 'league.team' de la sauvegarde ne peut être lue : elle ne donne "
        "pas de valeur à 'league'",
        "Row 1 of the backup's 'league.team' table cannot be read: it gives 'league' no value",
    ),
    "a time without its zone": (
        _time_without_its_zone,
        "'finished_at' : une date et heure doit donner son fuseau horaire",
        "'finished_at': a time needs its time zone",
    ),
    "two teams of one name but for its case": (
        _twin_teams,
        "La ligne 2 de la table 'league.team' de la sauvegarde ne peut être lue : son champ "
        "'name' est le même que celui d'une ligne précédente, à la casse près",
        "Row 2 of the backup's 'league.team' table cannot be read: its field 'name' is the "
        "same as an earlier row's, whatever the case",
    ),
    "two entries of one car": (
        _twin_cars,
        "ne peut être lue : ses champs 'round', 'car' sont les mêmes que ceux d'une ligne "
        "précédente",
        "cannot be read: its fields 'round', 'car' are the same as an earlier row's",
    ),
    "points no table gives": (
        _points_no_table_gives,
        "9999 points pour la place 1 sur 4 dans la manche 1 de la saison 2 ; son barème de "
        "points en donne ",
        "9999 points for place 1 of 4 in round 1 of season 2; its points table gives ",
    ),
    "XP no race gives": (
        _xp_no_race_gives,
        "50 XP pour sa course ; Season Pass en donne ",
        "50 XP for its race; Season Pass gives ",
    ),
    "an age past the league's seasons": (
        _age_past_the_seasons,
        "l'âge d'un pilote va de 1 à 3 dans une ligue de 2 saisons, pas 40",
        "a driver's age is 1 to 3 in a league of 2 seasons, not 40",
    ),
    "injuries never had": (
        _injuries_never_had,
        "9 blessures antérieures, mais le pilote n'a été blessé que ",
        "9 prior injuries, but it was injured ",
    ),
    "races to miss no injury cost": (
        _races_to_miss_no_injury_cost,
        "30 courses à manquer, mais sa pire blessure en a coûté ",
        "30 races to miss, but its worst injury cost ",
    ),
}


@pytest.mark.parametrize("variant", list(REASONS))
def test_why_a_backup_s_row_cannot_be_read_is_one_french_sentence(exported, variant):
    change, french, english = REASONS[variant]
    change(exported)
    in_french = said(copy.deepcopy(exported), "fr")
    assert french in in_french
    assert runs_left(in_french) == [], in_french
    assert english in said(exported, "en")


def test_the_restore_page_says_a_row_s_reason_in_french(client, exported):
    _age_as_words(exported)
    client.force_login(UserFactory())
    file = SimpleUploadedFile("old-hands.json", json.dumps(exported).encode())
    answer = client.post(reverse("league:league_restore"), {"backup": file}, **FRENCH)
    assert answer.status_code == 400
    assert escape("'age' : 'old' n'est pas un nombre entier") in answer.text
    assert "is not a whole number" not in answer.text


def test_one_prior_injury_of_a_driver_never_injured_is_said_with_each_count_s_plural(exported):
    injured = {entry["driver"] for entry in rows(exported, "league.entry") if entry["injured"]}
    driver = next(row for row in rows(exported, "league.driver") if row["id"] not in injured)
    driver["prior_injuries"] = 1
    assert said(copy.deepcopy(exported), "en").endswith(
        ": 1 prior injury, but it was injured 0 times"
    )
    assert said(exported, "fr").endswith(
        " : 1 blessure antérieure, mais le pilote n'a été blessé que 0 fois"
    )


def nested(depth: int) -> list[Any]:
    """A list `depth` deep: [[[]]] is 3."""
    value: list[Any] = []
    for _level in range(depth - 1):
        value = [value]
    return value


def _a_huge_team_name(data):
    rows(data, "league.team")[0]["name"] = "x" * (MOST_ROW + 1)


def _a_nul_in_a_team_name(data):
    rows(data, "league.team")[0]["name"] = "Ros\x00so"


def _half_a_character_in_a_driver_s_name(data):
    rows(data, "league.driver")[0]["name"] = "Ann \ud800"


def _settings_nested_too_deep(data):
    rows(data, "league.league")[0]["settings"] = {"deep": nested(50)}


def _a_huge_username(data):
    data["users"][0]["username"] = "x" * (MOST_PERSON + 1)


def _a_huge_part_name(data):
    return {"x" * (MOST_HEADER + 1): 1, **data}


def _a_huge_table_name(data):
    data["tables"] = {"y" * (MOST_HEADER + 1): [], **data["tables"]}


def _a_nul_in_a_part_name(data):
    return {"\x00": 1, **data}


def _a_nul_in_the_format(data):
    data["format"] = "paddock-league\x00"


def _the_time_of_export_nested_too_deep(data):
    data["exported_at"] = nested(50)


# Each hostile upload, and its refusal as French and English say it, whole.
HOSTILE = {
    "a huge string": (
        _a_huge_team_name,
        "La ligne 1 de la table 'league.team' de la sauvegarde dépasse 1\xa0048\xa0576 "
        "caractères, ce que ne fait jamais une ligne d'une sauvegarde Paddock.",
        "Row 1 of the backup's 'league.team' table is longer than 1,048,576 characters, which "
        "a Paddock backup's row never is.",
    ),
    "a NUL character": (
        _a_nul_in_a_team_name,
        "La ligne 1 de la table 'league.team' de la sauvegarde contient un caractère NUL, ce que "
        "ne fait jamais une sauvegarde Paddock.",
        "Row 1 of the backup's 'league.team' table holds a NUL character, which a Paddock backup "
        "never does.",
    ),
    "half a character": (
        _half_a_character_in_a_driver_s_name,
        "La ligne 1 de la table 'league.driver' de la sauvegarde contient une moitié de "
        "caractère (un demi-codet isolé), ce que ne fait jamais une sauvegarde Paddock.",
        "Row 1 of the backup's 'league.driver' table holds half of a character (a lone "
        "surrogate), which a Paddock backup never does.",
    ),
    "too deep nesting": (
        _settings_nested_too_deep,
        "La ligne 1 de la table 'league.league' de la sauvegarde imbrique une valeur sur plus de "
        "40 niveaux, ce que ne fait jamais une sauvegarde Paddock.",
        "Row 1 of the backup's 'league.league' table nests a value more than 40 deep, which a "
        "Paddock backup never does.",
    ),
    "a huge person": (
        _a_huge_username,
        "La ligne 1 de la table 'users' de la sauvegarde dépasse 1\xa0000 caractères, ce que ne "
        "fait jamais une ligne d'une sauvegarde Paddock.",
        "Row 1 of the backup's 'users' table is longer than 1,000 characters, which a Paddock "
        "backup's row never is.",
    ),
    "too long a key": (
        _a_huge_part_name,
        "Un nom de partie de la sauvegarde dépasse 200 caractères, ce que ne fait jamais celui "
        "d'une sauvegarde Paddock.",
        "A part's name in the backup is longer than 200 characters, which a Paddock backup's "
        "never is.",
    ),
    "too long a table's name": (
        _a_huge_table_name,
        "Un nom de table de la sauvegarde dépasse 200 caractères, ce que ne fait jamais celui "
        "d'une sauvegarde Paddock.",
        "A table's name in the backup is longer than 200 characters, which a Paddock backup's "
        "never is.",
    ),
    "a NUL character in a key": (
        _a_nul_in_a_part_name,
        "Un nom de partie de la sauvegarde contient un caractère NUL, ce que ne fait jamais une "
        "sauvegarde Paddock.",
        "A part's name in the backup holds a NUL character, which a Paddock backup never does.",
    ),
    "a NUL character in a part": (
        _a_nul_in_the_format,
        "La partie 'format' de la sauvegarde contient un caractère NUL, ce que ne fait jamais "
        "une sauvegarde Paddock.",
        "The backup's 'format' holds a NUL character, which a Paddock backup never does.",
    ),
    "too deep nesting in a part": (
        _the_time_of_export_nested_too_deep,
        "La partie 'exported_at' de la sauvegarde imbrique une valeur sur plus de 40 niveaux, ce "
        "que ne fait jamais une sauvegarde Paddock.",
        "The backup's 'exported_at' nests a value more than 40 deep, which a Paddock backup "
        "never does.",
    ),
}


@pytest.mark.parametrize("variant", list(HOSTILE))
def test_a_hostile_backup_is_refused_in_one_french_sentence(exported, variant):
    change, french, english = HOSTILE[variant]
    data = change(exported) or exported
    in_french = said(copy.deepcopy(data), "fr")
    assert in_french == french
    assert runs_left(in_french) == [], in_french
    assert said(data, "en") == english


JSON_START = '{"format": "paddock-league", "version": 2'
FRENCH_NOT_JSON = (
    "Ce fichier n'est pas une sauvegarde de ligue Paddock : il ne peut être lu comme du JSON "
)
ENGLISH_NOT_JSON = "This file is not a Paddock league backup: it cannot be read as JSON "

# A file that is no JSON, or not as a backup is, and where it stops being so, as French and
# English say it (the parser's own words kept: "Expecting value").
NOT_JSON = {
    "more after its end": (
        JSON_START + "} junk",
        "(du texte après la fin de la sauvegarde, 'junk' : caractère 44).",
        "(more after the end of the backup, 'junk': character 44).",
    ),
    "no comma": (
        '{"format": "paddock-league" "version": 2}',
        "(',' ou '}' attendu, '\"' trouvé : caractère 29).",
        "(',' or '}' expected, '\"' found: character 29).",
    ),
    "no comma where the file ends": (
        JSON_START,
        "(',' ou '}' attendu là où le fichier se termine : caractère 42).",
        "(',' or '}' expected where the file ends: character 42).",
    ),
    "an object for a list": (
        JSON_START + ', "users": {}}',
        "('[' attendu, '{' trouvé : caractère 53).",
        "('[' expected, '{' found: character 53).",
    ),
    "no tables where the file ends": (
        JSON_START + ', "tables": ',
        "('{' attendu là où le fichier se termine : caractère 54).",
        "('{' expected where the file ends: character 54).",
    ),
    "a number for a key": (
        JSON_START + ', "tables": {5: []}}',
        "(une clé attendue, '5' trouvé : caractère 55).",
        "(a key expected, '5' found: character 55).",
    ),
    # A key nested deep was read as a value, then refused as no key's piece could say: a
    # KeyError, the restore page a 500.
    "a list nested deep for a key": (
        "{" + "[" * 45 + "]" * 45 + ": 1}",
        "(une clé attendue, '[' trouvé : caractère 2).",
        "(a key expected, '[' found: character 2).",
    ),
    "a list nested deep for a table's name": (
        JSON_START + ', "tables": {' + "[" * 45 + "]" * 45 + ": []}}",
        "(une clé attendue, '[' trouvé : caractère 55).",
        "(a key expected, '[' found: character 55).",
    ),
    "no key where the file ends": (
        JSON_START + ", ",
        "('\"' attendu là où le fichier se termine : caractère 44).",
        "('\"' expected where the file ends: character 44).",
    ),
    "NaN": (
        JSON_START + ', "tables": {"league.league": [NaN]}}',
        "(NaN n'est pas un nombre du JSON : caractère 73).",
        "(NaN is not a number JSON has: character 73).",
    ),
    "a number too large": (
        JSON_START + ', "tables": {"league.league": [1e999]}}',
        "(1e999 est un nombre trop grand pour être enregistré : caractère 73).",
        "(1e999 is a number too large to store: character 73).",
    ),
    "nested too deep for the parser": (
        '{"format": ' + "[" * 100_000,
        "(des valeurs imbriquées trop profondément : caractère 12).",
        "(nested too deep: character 12).",
    ),
    "the parser's own words": (
        '{"format": nonsense}',
        "(Expecting value : caractère 12).",
        "(Expecting value: character 12).",
    ),
}


@pytest.mark.parametrize("variant", list(NOT_JSON))
def test_a_file_that_is_no_json_says_where_in_one_french_sentence(variant):
    text, french, english = NOT_JSON[variant]
    in_french = said_of_file(BytesIO(text.encode()), "fr")
    assert in_french == FRENCH_NOT_JSON + french
    assert runs_left(in_french) == [], in_french
    assert said_of_file(BytesIO(text.encode()), "en") == ENGLISH_NOT_JSON + english


def test_a_row_s_reasons_for_two_fields_are_parted_as_french_writes_it(exported):
    driver = rows(exported, "league.driver")[0]
    driver["name"], driver["status"] = "x" * 200, "flying"
    in_french = said(copy.deepcopy(exported), "fr")
    assert in_french.startswith(
        "La ligne 1 de la table 'league.driver' de la sauvegarde ne peut être lue : 'name' : "
    )
    assert " (actuellement 200) ; 'status' : " in in_french, in_french
    assert in_french.endswith(" n’est pas un choix valide."), in_french
    assert runs_left(in_french) == [], in_french
    assert " (it has 200); 'status': Value 'flying' is not a valid choice." in said(exported, "en")


def test_a_file_that_is_no_utf_8_text_is_refused_in_french():
    with translation.override("fr"), pytest.raises(ValidationError) as caught:
        backup.league_import(BytesIO(b"\xff\xfe\x00garbage"), organiser=UserFactory())
    reason = " ".join(caught.value.messages)
    assert "il ne peut être lu comme du JSON (pas du texte UTF-8 : " in reason
    assert "not UTF-8 text" not in reason
    with pytest.raises(ValidationError, match=r"cannot be read as JSON \(not UTF-8 text: "):
        backup.league_import(BytesIO(b"\xff\xfe\x00garbage"), organiser=UserFactory())


def zipped(members: dict[str, bytes]) -> bytes:
    out = BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return out.getvalue()


def import_page(client, content: bytes, name: str, language: dict[str, str]):
    file = SimpleUploadedFile(name, content)
    post = {"name": "Old Hands", "ruleset": "season_pass", "roster": file}
    return client.post(IMPORT, post, **language)


@pytest.mark.parametrize(
    ("members", "french", "english"),
    [
        (
            {"content.xml": b"<x/>", "mimetype": b"application/vnd.oasis.opendocument.spreadsheet"},
            "Le fichier est une archive zip mais pas un classeur Excel (.xlsx) : un tableur "
            "OpenDocument, peut-être ? Enregistrez-le en 'Classeur Excel (.xlsx)' ou en 'CSV "
            "UTF-8'.",
            "The file is a zip archive but not an Excel workbook (.xlsx): an OpenDocument "
            "spreadsheet, perhaps? Save it as 'Excel Workbook (.xlsx)' or as 'CSV UTF-8'.",
        ),
        (
            {"hello.txt": b"hello"},
            "Le fichier est une archive zip mais pas un classeur Excel (.xlsx) : enregistrez-le "
            "en 'Classeur Excel (.xlsx)' ou en 'CSV UTF-8'.",
            "The file is a zip archive but not an Excel workbook (.xlsx): save it as 'Excel "
            "Workbook (.xlsx)' or as 'CSV UTF-8'.",
        ),
    ],
    ids=["opendocument", "zip"],
)
def test_a_zip_that_is_no_workbook_is_refused_in_one_french_sentence(
    client_organiser, members, french, english
):
    content = zipped(members)
    in_french = import_page(client_organiser, content, "roster.xlsx", FRENCH)
    assert in_french.status_code == 400
    assert in_french.context["problems"] == [french]
    in_english = import_page(client_organiser, content, "roster.xlsx", ENGLISH)
    assert in_english.context["problems"] == [english]
    assert not League.objects.exists()


def test_a_spreadsheet_too_large_is_refused_in_french(client_organiser):
    huge = b"team,driver\n" + b"Rosso,Ann\n" * 300_000  # 3 MB of rows
    answer = import_page(client_organiser, huge, "roster.csv", FRENCH)
    assert answer.status_code == 400
    assert answer.context["problems"] == [
        "Le fichier dépasse 2\xa0097\xa0152 octets : divisez l'effectif de la ligue ou réduisez-le."
    ]


@pytest.mark.parametrize(
    ("roster", "french", "english"),
    [
        (
            b"team,driver\nRosso,Ann\n",
            "Old Hands est créée depuis roster.csv : 1 écurie, 1 pilote.",
            "Old Hands is made from roster.csv: 1 team, 1 driver.",
        ),
        (
            b"team,driver\nRosso,Ann\nRosso,Bob\nVerde,Cat\n",
            "Old Hands est créée depuis roster.csv : 2 écuries, 3 pilotes.",
            "Old Hands is made from roster.csv: 2 teams, 3 drivers.",
        ),
    ],
)
def test_the_league_made_from_a_spreadsheet_is_counted_in_the_reader_s_language(
    client_organiser, roster, french, english
):
    for language, sentence in ((FRENCH, french), (ENGLISH, english)):
        League.objects.all().delete()
        preview = import_page(client_organiser, roster, "roster.csv", language)
        assert preview.status_code == 200
        made = client_organiser.post(
            IMPORT, {"token": preview.context["token"]}, follow=True, **language
        )
        shown = [str(message) for message in made.context["messages"]]
        assert shown == [sentence]


def past_seasons_page(client, results: bytes, language: dict[str, str]):
    files = {
        "roster": SimpleUploadedFile("roster.csv", roster_text(FOURTH_SEASON).encode()),
        "results": SimpleUploadedFile("past.csv", results),
    }
    return client.post(IMPORT, {"name": "Old Hands", "ruleset": "season_pass", **files}, **language)


WIDE = ",".join(f"c{number}" for number in range(50)).encode() + b"\nRosso,Ann\n"


def test_a_roster_of_too_many_columns_is_refused_in_one_french_sentence(client_organiser):
    in_french = import_page(client_organiser, WIDE, "roster.csv", FRENCH)
    assert in_french.context["problems"] == [
        "Ligne 1 : La ligne a 50 colonnes ; l'effectif en a au plus 8."
    ]
    in_english = import_page(client_organiser, WIDE, "roster.csv", ENGLISH)
    assert in_english.context["problems"] == [
        "Row 1: The row has 50 columns; the roster has at most 8."
    ]


@pytest.mark.parametrize(
    ("results", "french", "english"),
    [
        (
            WIDE,
            "Saisons passées, ligne 1 : La ligne a 50 colonnes ; le fichier des saisons passées "
            "en a au plus 9.",
            "Past seasons, row 1: The row has 50 columns; the past seasons file has at most 9.",
        ),
        (
            results_text([(1, 1, "Monaco", "", "Zed Zero", 1, "", 10)]).encode(),
            "Saisons passées, ligne 2, colonne driver : ",
            "Past seasons, row 2, column driver: ",
        ),
        (
            b"season,round\n\x00\x00",
            "Saisons passées : Le fichier contient des caractères NUL : ",
            "Past seasons: The file holds NUL characters: ",
        ),
    ],
    ids=["too many columns", "row and column", "the file"],
)
def test_a_past_seasons_problem_says_where_in_the_reader_s_language(
    client_organiser, results, french, english
):
    in_french = past_seasons_page(client_organiser, results, FRENCH)
    assert in_french.status_code == 400
    problems = in_french.context["problems"]
    assert any(problem.startswith(french) for problem in problems), problems
    assert all(runs_left(problem) == [] for problem in problems), problems
    in_english = past_seasons_page(client_organiser, results, ENGLISH)
    problems = in_english.context["problems"]
    assert any(problem.startswith(english) for problem in problems), problems
    assert not League.objects.exists()
