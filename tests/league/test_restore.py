"""The restore page (league/restore.py): a signed-in person uploads a league's backup and the
league is made from it, theirs to organise; a file it cannot take is a 400 with the reason and
writes nothing."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from league import backup, restore
from league.management.commands import load_demo
from league.models import League, Role
from races.models import RaceEvent
from tests.factories import UserFactory
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


def upload(client: Client, content: bytes | str, name: str = "paddock-old-hands.json"):
    raw = content.encode() if isinstance(content, str) else content
    file = SimpleUploadedFile(name, raw, content_type="application/json")
    return client.post(URL, {"backup": file})


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
    assert without_people(picture(restored.slug)) == before
    said = client.get(response["Location"]).text
    assert escape(restore.MEMBERS_LEFT_OUT.format(members=", ".join(left_out))) in said


def test_the_same_file_again_by_its_organiser_shows_the_league_and_writes_nothing(
    client, organiser
):
    league = ended_season_league(organiser)
    client.force_login(organiser)
    file = downloaded(client, league)
    before = row_counts()

    response = upload(client, file)

    assert response.status_code == 302 and response["Location"] == league.get_absolute_url()
    message = restore.RESTORED_ALREADY.format(league=league, slug=league.slug)
    assert escape(message) in client.get(response["Location"]).text
    assert row_counts() == before


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
    refused(client, json.dumps(other), backup.UNKNOWN_VERSION.format(found=99, known=2))


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
