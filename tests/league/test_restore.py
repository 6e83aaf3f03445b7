"""The restore page (league/views/restore.py): a signed-in person uploads a league's backup and the
league is made from it, theirs to organise; a file it cannot take is a 400 with the reason and
writes nothing."""

from __future__ import annotations

import copy
import json
import tracemalloc
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.contrib.messages import get_messages
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile, TemporaryUploadedFile
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from config.wording import listed
from league import backup
from league.backup import importing
from league.management.commands import load_demo
from league.models import Driver, League, Role, Track
from league.views import restore
from races.models import RaceEvent
from tests.factories import UserFactory
from tests.league.restored_pages import league_pages
from tests.league.test_backup import (
    as_file,
    demo_with_races_at_the_table,
    empty_database,
    ended_season_league,
    picture,
    row_counts,
)

pytestmark = pytest.mark.django_db

User = get_user_model()
URL = reverse("league:league_restore")


def upload(
    client: Client, content: bytes | str, name: str = "paddock-old-hands.json", once: str = ""
):
    raw = content.encode() if isinstance(content, str) else content
    file = SimpleUploadedFile(name, raw, content_type="application/json")
    return client.post(URL, {"backup": file, "once": once})


def signed_in(username: str) -> Client:
    client = Client()
    client.force_login(UserFactory(username=username))
    return client


def downloaded(client: Client, league: League) -> bytes:
    """The backup as its organiser downloads it from the league page."""
    response = client.get(reverse("league:league_backup", args=[league.slug]))
    assert response.status_code == 200
    return response.content


def without_people(seen: dict) -> dict:
    """A league's picture (test_backup.picture) but for its people: who organises it, who is a
    member, who typed each roll."""
    seen = {label: lines for label, lines in seen.items() if label not in PEOPLE}
    seen["races.raceevent"] = [{**line, "who": None} for line in seen["races.raceevent"]]
    seen["league.league"] = [{**line, "organiser": None} for line in seen["league.league"]]
    return seen


PEOPLE = ("people", "league.membership")


def members_in(data: dict) -> list[str]:
    """The members a backup names, as the restore page lists them to invite again."""
    names = {row["id"]: row["username"] for row in data["users"]}
    roles = dict(Role.choices)
    return [
        f"{names[row['user']]} ({roles[row['role']].lower()})"
        for row in data["tables"]["league.membership"]
    ]


def test_a_league_round_trips_through_the_download_and_the_restore_page(client, organiser):
    league = ended_season_league(organiser)
    client.force_login(organiser)
    file = downloaded(client, league)
    before = picture(league.slug)

    empty_database()
    client = signed_in("organiser")  # the same person, on an empty site
    page = client.get(URL)
    assert page.status_code == 200 and 'enctype="multipart/form-data"' in page.text
    response = upload(client, file)

    assert response.status_code == 302 and response["Location"] == "/old-hands/"
    assert without_people(picture("old-hands")) == without_people(before)
    followed = client.get(response["Location"])
    assert "Old Hands is restored from paddock-old-hands.json" in followed.text


def test_the_restore_page_makes_no_account_and_gives_no_one_a_role():
    """Anyone may upload a file, and a file may name anyone: the restorer organises the league
    alone, no account is made for a name in it, an account here of a name in it is given no
    role, the log keeps its entries without who typed them, and the page says whom to invite
    again. The league's history comes back whole."""
    league = demo_with_races_at_the_table()
    assert RaceEvent.objects.filter(race__round__season__league=league, who__isnull=False)
    file = backup.league_file(league)
    left_out = members_in(json.loads(file))
    assert "referee (referee)" in left_out
    before = without_people(picture(league.slug))
    empty_database()
    UserFactory(username=load_demo.REFEREE)  # an account here of a name in the file

    client = signed_in("newcomer")
    response = upload(client, file)

    assert response.status_code == 302
    restored = League.objects.get(slug=league.slug)
    assert restored.organiser.username == "newcomer"
    assert list(restored.memberships.values_list("user__username", "role")) == [
        ("newcomer", Role.ORGANISER)
    ]
    assert sorted(User.objects.values_list("username", flat=True)) == [
        "newcomer",
        load_demo.REFEREE,
    ]
    assert not restored.can_referee(User.objects.get(username=load_demo.REFEREE))
    assert not RaceEvent.objects.filter(who__isnull=False).exists()
    assert not restored.published  # the demo league is published; a restored one waits
    before["league.league"] = [{**line, "published": False} for line in before["league.league"]]
    assert without_people(picture(restored.slug)) == before
    said = client.get(response["Location"]).text
    assert escape(restore.MEMBERS_LEFT_OUT.format(members=listed(left_out))) in said


def test_its_organiser_restoring_a_league_they_run_gets_a_copy_beside_it(client, organiser):
    """Issue 31: the page promised the first free address after the file's, and answered
    "you organise it: nothing was restored"."""
    league = ended_season_league(organiser)
    client.force_login(organiser)
    file = downloaded(client, league)

    response = upload(client, file)

    copy = League.objects.exclude(pk=league.pk).get()
    assert response.status_code == 302 and response["Location"] == copy.get_absolute_url()
    assert copy.name == f"{league.name} (restored)" and copy.slug == f"{league.slug}-2"
    assert copy.organiser == organiser and not copy.published
    said = client.get(response["Location"]).text
    assert escape(restore.RENAMED.format(name=league.name, league=copy)) in said
    assert copy.seasons.count() == league.seasons.count()
    again = upload(client, file)  # a third copy, by a new upload of the same file
    assert League.objects.filter(name=f"{league.name} (restored 2)").exists()
    assert again.status_code == 302


def test_a_double_tap_on_restore_makes_one_league(client, organiser):
    league = ended_season_league(organiser)
    client.force_login(organiser)
    file = downloaded(client, league)
    once = "the-upload-form-s-own"
    first = upload(client, file, once=once)
    before = row_counts()
    second = upload(client, file, once=once)
    assert second.status_code == 302 and second["Location"] == first["Location"]
    assert row_counts() == before
    copy = League.objects.exclude(pk=league.pk).get()
    assert (
        escape(restore.RESTORED_ALREADY.format(league=copy)) in client.get(first["Location"]).text
    )


@pytest.fixture
def exported(organiser) -> dict:
    return json.loads(backup.league_file(ended_season_league(organiser)))


def refused(client: Client, content: bytes | str, message: str, name: str = "x.json") -> None:
    before = row_counts()
    response = upload(client, content, name)
    assert response.status_code == 400
    assert escape(message) in response.content.decode()
    assert row_counts() == before


def test_a_file_that_is_not_a_backup_is_a_400_with_the_reason(exported):
    client = signed_in("newcomer")
    not_a_backup = backup.NOT_A_BACKUP.format(format=backup.FORMAT)
    refused(client, "<html>not a backup</html>", not_a_backup, "page.html")
    refused(client, b"\xff\xfe\x00garbage", "cannot be read as JSON")
    refused(client, "[" * 100_000, not_a_backup)
    refused(client, '{"format": ' + "[" * 100_000, "nested too deep")
    refused(client, "{}", not_a_backup)
    refused(client, '{"format": "paddock-league", "version": 2', "cannot be read as JSON")
    other = {**exported, "version": 99}
    refused(
        client,
        json.dumps(other),
        backup.UNKNOWN_VERSION.format(found=99, known=backup.FORMAT_VERSION),
    )


def test_a_league_whose_address_is_someone_else_s_comes_back_at_the_next_free_one(exported):
    client = signed_in("newcomer")
    response = upload(client, json.dumps(exported))
    assert response.status_code == 302 and response["Location"] == "/old-hands-2/"
    said = client.get(response["Location"]).text
    assert escape(restore.MOVED.format(wanted="old-hands", slug="old-hands-2")) in said


def test_a_file_broken_halfway_is_a_400_and_writes_nothing_not_even_its_people(exported):
    empty_database()
    client = signed_in("newcomer")
    entries = exported["tables"]["league.entry"]
    entries[-1]["driver"] = 999_999
    message = backup.BROKEN_REFERENCE.format(
        row=len(entries), label="league.entry", field="driver", value=999_999
    )
    refused(client, json.dumps(exported), message)
    assert list(User.objects.values_list("username", flat=True)) == ["newcomer"]


@pytest.mark.parametrize(
    ("table", "field", "value"),
    [
        ("league.round", "status", "abandoned"),
        ("league.driver", "status", "immortal"),
        ("races.race", "state", {"nonsense": True}),
    ],
)
def test_rows_this_paddock_could_not_show_are_refused_before_anything_is_kept(
    exported, table, field, value
):
    empty_database()
    client = signed_in("newcomer")
    if table == "races.race":
        league = exported["tables"]["league.league"][0]
        exported["tables"][table] = [
            {
                "id": 1,
                "round": exported["tables"]["league.round"][0]["id"],
                "setup": {},
                "state": value,
                "seq": 0,
                "version": 0,
                "created": league["created"],
                "finished_at": None,
            }
        ]
    else:
        exported["tables"][table][0][field] = value
    response = upload(client, json.dumps(exported))
    assert response.status_code == 400
    assert f"Row 1 of the backup&#x27;s &#x27;{table}&#x27; table cannot be read" in response.text
    assert not League.objects.exists()


@pytest.mark.parametrize(
    ("content", "where"),
    [
        ("{" + "[" * 45 + "]" * 45 + ": 1}", 2),
        (
            '{"format": "paddock-league", "version": 2, "tables": {'
            + "[" * 45
            + "]" * 45
            + ": []}}",
            55,
        ),
    ],
)
def test_a_list_nested_deep_for_a_key_is_a_400_with_the_reason(content, where):
    """It was read as a value, then refused as no key's piece could say: a KeyError, a 500."""
    response = upload(signed_in("newcomer"), content)
    assert response.status_code == 400
    reason = f"cannot be read as JSON (a key expected, '[' found: character {where})."
    assert escape(reason) in response.text
    assert not League.objects.exists()


@pytest.mark.parametrize("username", ["x" * 151, "no spaces allowed", ""])
def test_a_person_this_site_could_not_name_is_refused_and_nothing_written(exported, username):
    """import_league (the administrator's, which brings people back): a username longer than
    the account's field (a 500 on PostgreSQL) or one Django's sign-up would not take is
    refused with the reason before anyone is made."""
    empty_database()
    exported["users"][0]["username"] = username
    with pytest.raises(ValidationError) as refusal:
        backup.league_import(as_file(exported))
    assert "Row 1 of the backup's 'users' table cannot be read" in str(refusal.value)
    assert not User.objects.exists()
    assert not League.objects.exists()


def test_no_file_is_a_400_and_too_large_a_file_a_413_with_the_reason(client, settings, exported):
    client = signed_in("newcomer")
    response = client.post(URL, {})
    assert response.status_code == 400
    assert "Choose the backup file to restore the league from." in response.text
    settings.PADDOCK_RESTORE_MOST_BYTES = 100
    before = row_counts()
    response = upload(client, json.dumps(exported))
    assert response.status_code == 413
    assert escape(restore.TOO_LARGE.format(most=100)) in response.text
    assert "manage.py import_league" in response.text
    assert row_counts() == before


def test_the_new_league_page_offers_the_restore_page(client, organiser):
    client.force_login(organiser)
    assert URL in client.get(reverse("league:league_new")).text


# --- a file that cannot hurt the site (issue 18) ---------------------------------------------


def test_a_20_mb_upload_whose_bulk_is_an_unknown_part_is_refused_without_reading_it(
    settings, exported
):
    """The upload is read a piece at a time: a part it does not know is refused when its name
    is read, before its value. Read whole and parsed (json.loads), these 20 MB of empty objects
    take some 1.3 GB; here the request's Python allocations stay a small multiple of the
    upload itself, which the test client holds in memory twice (the file and the request)."""
    settings.PADDOCK_RESTORE_MOST_BYTES = max(settings.PADDOCK_RESTORE_MOST_BYTES, 25 << 20)
    # The site's body limit follows the page's when the settings load; here, by hand.
    settings.PADDOCK_MOST_BODY_BYTES = settings.PADDOCK_RESTORE_MOST_BYTES + (64 << 10)
    head = json.dumps({"format": backup.FORMAT, "version": backup.FORMAT_VERSION})[:-1]
    junk = "[" + "{}," * ((20 << 20) // 3) + "{}]"
    content = f'{head}, "junk": {junk}, "tables": {{}}}}'.encode()
    assert len(content) >= 20 << 20
    client = signed_in("newcomer")
    before = row_counts()

    tracemalloc.start()
    try:
        response = upload(client, content)
        _now, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()

    assert peak < 3 * len(content) + (16 << 20), f"{peak:,} bytes at the peak"
    assert response.status_code == 400
    assert escape(backup.PART_UNKNOWN.format(part="junk")) in response.text
    assert row_counts() == before


def hostile(exported: dict, table: str, field: str, value, row: int = 0) -> dict:
    """`exported` with one value of one row changed (a copy)."""
    changed = copy.deepcopy(exported)
    changed["tables"][table][row][field] = value
    return changed


def _entry_of_a_round_not_started(exported: dict) -> dict:
    changed = copy.deepcopy(exported)
    scheduled = next(
        row["id"] for row in changed["tables"]["league.round"] if row["status"] == "scheduled"
    )
    changed["tables"]["league.entry"][0]["round"] = scheduled
    return changed


def _member_without_a_user(exported: dict) -> dict:
    changed = copy.deepcopy(exported)
    del changed["tables"]["league.membership"][0]["user"]
    return changed


def _member_named_not_in_the_file(exported: dict) -> dict:
    return hostile(exported, "league.membership", "user", 999_999)


def _twin_teams(exported: dict) -> dict:
    teams = exported["tables"]["league.team"]
    return hostile(exported, "league.team", "name", teams[0]["name"].upper(), row=1)


def _twin_entries(exported: dict) -> dict:
    entries = exported["tables"]["league.entry"]
    return hostile(exported, "league.entry", "car", entries[0]["car"], row=1)


HOSTILE = {
    # Point 5 of issue 18: accepted, then the season, round and export pages answered 500.
    "race options not a mapping": lambda e: hostile(e, "league.round", "race_options", "x"),
    "a race option the rule set lacks": lambda e: hostile(
        e, "league.round", "race_options", {"teleport": True}
    ),
    "a finished entry with no place": lambda e: hostile(e, "league.entry", "place", None),
    "a finished entry at place 0": lambda e: hostile(e, "league.entry", "place", 0),
    "a finished entry neither finished nor out": lambda e: hostile(
        e, "league.entry", "finished", None
    ),
    "an entry of a round not started": _entry_of_a_round_not_started,
    "an injury check of no column": lambda e: hostile(
        e, "league.entry", "injury_columns", ["nowhere"]
    ),
    "a way out no rule set has": lambda e: hostile(e, "league.entry", "out_reason", "abducted"),
    "a season setup the rule set lacks": lambda e: hostile(
        e, "league.season", "setup", {"tyres": 3}
    ),
    "a season setup not a mapping": lambda e: hostile(e, "league.season", "setup", [1]),
    "a driver card where the rule set has none": lambda e: hostile(
        e, "league.driver", "driver_card", {"skill": "radio"}
    ),
    "a race format the rule set lacks": lambda e: hostile(
        e, "league.round", "race_format", "sprint"
    ),
    "league settings the rule set lacks": lambda e: hostile(
        e, "league.league", "settings", {"teleport": True}
    ),
    "a round numbered 0": lambda e: hostile(e, "league.round", "number", 0),
    # Point 4: a value too long or out of range was a DataError (PostgreSQL) or an
    # OverflowError (SQLite), a 500; a malformed member was read after the import committed.
    "a team name too long": lambda e: hostile(e, "league.team", "name", "x" * 81),
    "an age out of range": lambda e: hostile(e, "league.driver", "age", 2**40),
    "XP beyond any integer column": lambda e: hostile(e, "league.driver", "xp", 2**70),
    "a negative multiplier": lambda e: hostile(e, "league.round", "multiplier", -1),
    "a name with a NUL": lambda e: hostile(e, "league.team", "name", "Red\x00Herrings"),
    "a name with half a character": lambda e: hostile(e, "league.team", "name", "Red \ud800"),
    "NaN in a race option": lambda e: hostile(
        e, "league.round", "race_options", {"x": float("nan")}
    ),
    "a time past the year 9999 in UTC": lambda e: hostile(
        e, "league.round", "finished_at", "9999-12-31T23:59:59-12:00"
    ),
    # Fine in UTC, but no clock east of it could show it: its round page was a 500 in Paris.
    "a session no clock east of UTC could show": lambda e: hostile(
        e, "league.round", "starts_at", "9999-12-31T23:59:00+00:00"
    ),
    "a time without its zone": lambda e: hostile(
        e, "league.round", "finished_at", "2025-01-01T00:00:00"
    ),
    "a name that is a list": lambda e: hostile(e, "league.driver", "name", ["Ann"]),
    "a member with no person": _member_without_a_user,
    "a member named nowhere in the file": _member_named_not_in_the_file,
    "a member of a role no one has": lambda e: hostile(e, "league.membership", "role", "emperor"),
    "two teams of one name but for its case": _twin_teams,
    "two entries of one car in one round": _twin_entries,
}


@pytest.mark.parametrize("variant", list(HOSTILE))
def test_a_hostile_restore_file_is_a_400_and_leaves_nothing_behind(exported, variant):
    exported["tables"]["league.league"][0]["slug"] = "old-hands-copy"  # a free address
    client = signed_in("newcomer")
    before = row_counts()
    response = upload(client, json.dumps(HOSTILE[variant](exported)))
    assert response.status_code == 400, variant
    assert 'id="restore-error"' in response.text
    assert row_counts() == before


@pytest.mark.parametrize("variant", ["a team name too long", "a finished entry with no place"])
def test_import_league_checks_a_file_as_the_restore_page_does(exported, variant, tmp_path):
    file = tmp_path / "hostile.json"
    file.write_text(json.dumps(HOSTILE[variant](exported)))
    empty_database()
    before = row_counts()
    with pytest.raises(CommandError, match="table cannot be read"):
        call_command("import_league", str(file))
    assert row_counts() == before


DATABASE_WORDS = ("constraint", "duplicate key", "UNIQUE", "DETAIL", "IntegrityError")


def test_a_clash_is_said_in_words_not_in_the_database_s(exported):
    """Two entries of one car in one round: the database keeps them apart, and said so in its
    own words on the page; the import says so first, in the site's."""
    exported["tables"]["league.league"][0]["slug"] = "old-hands-copy"
    response = upload(signed_in("newcomer"), json.dumps(_twin_entries(exported)))
    assert response.status_code == 400
    for database_words in DATABASE_WORDS:
        assert database_words not in response.text
    assert escape("its fields 'round', 'car' are the same as an earlier row's") in response.text


def test_a_clash_only_the_database_sees_is_said_in_words_all_the_same(exported, monkeypatch):
    """The same, with the import's own checks of unique values switched off: the database's
    refusal is answered in the site's words (backup.CLASH)."""
    monkeypatch.setattr(importing, "unique_keys", lambda model: [])
    exported["tables"]["league.league"][0]["slug"] = "old-hands-copy"
    response = upload(signed_in("newcomer"), json.dumps(_twin_entries(exported)))
    assert response.status_code == 400
    assert escape(backup.CLASH) in response.text
    for database_words in DATABASE_WORDS:
        assert database_words not in response.text


@pytest.mark.parametrize("make", ["demo with races at the table", "a league past a season's end"])
def test_every_page_of_a_restored_league_answers(make, organiser):
    league = (
        demo_with_races_at_the_table()
        if make == "demo with races at the table"
        else ended_season_league(organiser)
    )
    file = backup.league_file(league)
    empty_database()
    client = signed_in("newcomer")
    response = upload(client, file)
    assert response.status_code == 302
    restored = League.objects.get()
    pages = league_pages(restored)
    assert len(pages) > 30
    for page in pages:
        assert client.get(page).status_code == 200, page


# --- addresses and names ------------------------------------------------------------------


def test_an_address_differing_only_in_case_is_the_same_address(exported):
    """A file may carry 'Old-Hands' beside this site's 'old-hands': it is the same address,
    not a second league a reader cannot tell apart."""
    client = signed_in("newcomer")
    exported["tables"]["league.league"][0]["slug"] = "Old-Hands"
    response = upload(client, json.dumps(exported))
    assert response.status_code == 302 and response["Location"] == "/old-hands-2/"
    assert sorted(League.objects.values_list("slug", flat=True)) == ["old-hands", "old-hands-2"]


def test_an_address_in_full_width_letters_is_the_address_in_plain_ones():
    league = ended_season_league(UserFactory(username="someone"))
    data = json.loads(backup.league_file(league))
    empty_database()
    data["tables"]["league.league"][0]["slug"] = "ＯＬＤ-ＨＡＮＤＳ"
    response = upload(signed_in("newcomer"), json.dumps(data))
    assert response.status_code == 302 and response["Location"] == "/old-hands/"


def test_names_lose_the_characters_that_show_nothing(exported):
    """Zero-width spaces, direction marks and control characters in a file's names are
    dropped, and a name in compatibility letters becomes plain (NFKC)."""
    tables = exported["tables"]
    tables["league.league"][0].update(slug="copy", name="Old\u200b Hands \u202ecopy\u202c")
    tables["league.team"][0]["name"] = "Red\u200d\u200e Herrings"
    tables["league.driver"][0]["name"] = "Ａnn\r\n"
    exported["tracks"][0]["name"] = "Imo\u2066la\u2069"
    empty_database()
    response = upload(signed_in("newcomer"), json.dumps(exported))
    assert response.status_code == 302
    restored = League.objects.get()
    assert restored.name == "Old Hands copy"
    assert "Red Herrings" in restored.teams.values_list("name", flat=True)
    assert Driver.objects.filter(team__league=restored, name="Ann").exists()
    assert Track.objects.filter(name="Imola").exists()


def test_a_taken_address_is_answered_the_same_whoever_s_league_it_is(exported):
    """A visitor learns nothing of a league they may not see from the restore page: the
    league at the file's address is neither named nor said to be published or not, and the
    answer is the same for a published league as for an unpublished one; the file's league
    comes back at the next free address, as a new league of its name would."""
    answers = []
    for number, published in enumerate((True, False), start=2):
        League.objects.filter(slug="old-hands").update(published=published, name="Secret")
        client = signed_in(f"newcomer-{number}")
        response = upload(client, json.dumps(exported))
        assert response.status_code == 302 and response["Location"] == f"/old-hands-{number}/"
        said = [str(message) for message in get_messages(response.wsgi_request)]
        answers.append([line.replace(f"old-hands-{number}", "…") for line in said])
        assert "Secret" not in client.get(response["Location"]).text
    assert (
        answers[0]
        == answers[1]
        == [
            restore.RESTORED.format(league="Old Hands", file="paddock-old-hands.json"),
            restore.MOVED.format(wanted="old-hands", slug="…"),
            restore.MEMBERS_LEFT_OUT.format(members="organiser (organiser)"),
        ]
    )


# --- tracks --------------------------------------------------------------------------------

OTHER_WEATHER = "1-10 sun, 11-18 rain, 19-20 variable"


def test_a_track_whose_weather_differs_from_this_site_s_comes_back_as_a_track_of_its_own(
    exported,
):
    """A league's rounds keep racing on the weather they were raced on: the site's track of
    that name is not swapped in, nor changed; the page says which track the league got."""
    exported["tables"]["league.league"][0]["slug"] = "old-hands-copy"
    track = next(row for row in exported["tracks"] if row["name"] == "Imola")
    track["weather_table"] = OTHER_WEATHER
    site_imola = Track.objects.get(name="Imola")
    before = (site_imola.weather_table, site_imola.weather_chart, site_imola.number)
    client = signed_in("newcomer")

    response = upload(client, json.dumps(exported))

    assert response.status_code == 302
    restored = League.objects.get(slug="old-hands-copy")
    raced_on = Track.objects.filter(rounds__season__league=restored).distinct()
    assert "Imola" not in {track.name for track in raced_on}
    kept_apart = raced_on.get(name="Imola (restored)")
    assert kept_apart.weather_table == OTHER_WEATHER
    site_imola.refresh_from_db()
    assert (site_imola.weather_table, site_imola.weather_chart, site_imola.number) == before
    said = [str(message) for message in get_messages(response.wsgi_request)]
    assert restore.TRACK_KEPT_APART.format(track="Imola", restored="Imola (restored)") in said

    # The same file again, restored by someone else: the track restored before is the one.
    exported["tables"]["league.league"][0]["slug"] = "old-hands-copy-2"
    assert upload(signed_in("another"), json.dumps(exported)).status_code == 302
    again = League.objects.get(slug="old-hands-copy-2")
    assert Track.objects.filter(rounds__season__league=again, name="Imola (restored)").exists()
    assert Track.objects.filter(name__startswith="Imola").count() == 2


def test_an_upload_larger_than_django_keeps_in_memory_is_read_from_its_temporary_file(
    settings, exported, monkeypatch
):
    settings.FILE_UPLOAD_MAX_MEMORY_SIZE = 10_000
    exported["tables"]["league.league"][0]["slug"] = "old-hands-copy"
    read_from = []
    import_league = backup.league_import

    def reading(file, **kwargs):
        read_from.append(type(file))
        return import_league(file, **kwargs)

    monkeypatch.setattr(backup, "league_import", reading)
    response = upload(signed_in("newcomer"), json.dumps(exported))
    assert response.status_code == 302
    assert read_from == [TemporaryUploadedFile]


def test_import_league_takes_a_file_larger_than_the_restore_page_does(
    settings, organiser, tmp_path
):
    settings.PADDOCK_RESTORE_MOST_BYTES = 1_000
    league = ended_season_league(organiser)
    file = tmp_path / "old-hands.json"
    file.write_text(backup.league_file(league))
    assert file.stat().st_size > 1_000
    empty_database()
    out = StringIO()
    call_command("import_league", str(file), stdout=out)
    assert 'Imported "Old Hands" at /old-hands/' in out.getvalue()


def test_the_restore_page_says_its_members_do_not_come_back_and_never_that_they_do():
    page = signed_in("newcomer").get(URL).text
    intro = page.split('id="restore-intro">', 1)[1].split("</p>", 1)[0]
    assert "its members do not come back with it" in intro
    assert "and members." not in intro
    assert "its members are not brought back" in page


def test_the_members_left_out_are_named_with_their_role_in_french(exported):
    """A role within the line is its own words in the reader's language, never its label
    lowered (issue 34)."""
    empty_database()
    client = signed_in("newcomer")
    file = SimpleUploadedFile("paddock-old-hands.json", json.dumps(exported).encode())
    response = client.post(URL, {"backup": file}, HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 302
    said = [str(message) for message in get_messages(response.wsgi_request)]
    assert any(line.endswith("Membres : organiser (organisateur).") for line in said), said


@pytest.mark.parametrize(("left_out", "french"), [(51, "et 1 autre"), (53, "et 3 autres")])
def test_past_the_members_named_the_rest_are_counted_in_the_reader_s_language(left_out, french):
    """Fifty members left out are named, the rest counted: "… et 1 autre", "… et 3 autres"."""
    members = tuple(f"member{number} (arbitre)" for number in range(left_out))
    with translation.override("fr"):
        said = restore.members_named(members)
    assert said.endswith(french) and said.startswith("member0 (arbitre), member1")
