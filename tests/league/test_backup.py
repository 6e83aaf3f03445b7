"""A league's backup (league/backup/): exported to one file and imported into an empty
database, it gives the same standings, careers, race logs and season-end reports; a file it
cannot take is refused with the reason and writes nothing."""

from __future__ import annotations

import json
from io import BytesIO, StringIO
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.db import IntegrityError, connection, transaction
from django.db.models import Model
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from league import backup
from league.backup import importing
from league.backup import reader as backup_file
from league.management.commands import load_demo
from league.models import (
    Driver,
    Entry,
    Invitation,
    League,
    Making,
    NameKey,
    PointsAdjustment,
    Profile,
    Role,
    Round,
    Season,
    Team,
    Track,
)
from league.reads.records import league_records
from league.reads.standings import season_standings
from league.services.leagues import league_create
from league.services.members import member_add
from league.services.results import round_table_commit
from league.services.season_end import season_end
from league.services.seasons import season_open
from league.services.starts import round_start_at_table, start_refusal
from league.services.teams import team_create
from races.models import Race, RaceEvent
from races.services.entries import race_events, race_state, race_undo
from rules import engine
from tests.factories import UserFactory
from tests.league.test_services import play_rounds, racing_drivers
from tests.races.autopilot import drive, drive_to_finish

pytestmark = pytest.mark.django_db

RISE = "Fastest rise through the field"

User = get_user_model()


def as_file(data: Any) -> BytesIO:
    """A backup's data as the file league_import reads."""
    return BytesIO(json.dumps(data).encode())


def imported(data: Any, **kwargs) -> League:
    return backup.league_import(as_file(data), **kwargs).league


# --- a league with everything in it ----------------------------------------------------------


def demo_with_races_at_the_table() -> League:
    """The demo league (four rounds by hand, injuries, a rookie hired), then round 5 raced to
    the end at the table and committed, and round 6 at the table part-way through."""
    call_command("load_demo", stdout=StringIO())
    league = League.objects.get(name=load_demo.LEAGUE_NAME)
    referee = User.objects.get(username=load_demo.REFEREE)
    season = league.current_season()
    for number, seed in ((5, 3), (6, 4)):
        able = [
            driver
            for driver in Driver.objects.filter(team__league=league).order_by("pk")
            if start_refusal(driver) is None
        ]
        cars = {}
        for driver in able:
            if sum(1 for other in cars if other.team_id == driver.team_id) < 2:
                cars[driver] = load_demo.CARS[driver.name]
        race = round_start_at_table(
            round_=season.rounds.get(number=number), starters=list(cars.items())
        )
        if number == 5:
            race = drive_to_finish(race, seed=seed, wild=True, who=referee)
            round_table_commit(round_=race.round, expected_race_version=race.version)
        else:
            drive(race, 25, seed=seed, wild=True, who=referee)
    return league


def ended_season_league(organiser) -> League:
    """A league whose first season has ended (its season-end report) and whose second has
    its first round confirmed; at its name's own address, as the host's tools make one."""
    league = league_create(name="Old Hands", organiser=organiser, plain_address=True)
    teams = [
        team_create(league=league, name="Red Herrings", driver_names=["Ann", "Bob"]),
        team_create(league=league, name="Blue Moons", driver_names=["Cid", "Dot"]),
    ]
    first = season_open(league=league, preset="Spring")
    play_rounds(first, racing_drivers(teams), range(1, 10))
    _changes, second = season_end(season=first)
    play_rounds(second, list(reversed(racing_drivers(teams))), [1])
    return league


# --- the league in words that do not depend on database ids ---------------------------------


def key(obj: Model) -> Any:
    """What a row is called without its id."""
    match obj:
        case User():
            return obj.username
        case Track():
            return obj.name
        case League():
            return obj.slug
        case Season():
            return (key(obj.league), obj.number)
        case Round():
            return (key(obj.season), obj.number)
        case Team():
            return (key(obj.league), obj.name)
        case Driver():
            return (key(obj.team), obj.name)
        case Race():
            return key(obj.round)
    raise AssertionError(f"no key for {obj!r}")


def described(model: type[Model], rows) -> list[dict[str, Any]]:
    """Every field of every row, references by key."""
    fields = [field for field in model._meta.concrete_fields if not field.primary_key]
    lines = []
    for row in rows:
        line = {}
        for field in fields:
            value = getattr(row, field.name)
            line[field.name] = key(value) if field.is_relation and value is not None else value
        lines.append(line)
    return sorted(lines, key=repr)


def picture(slug: str) -> dict[str, Any]:
    """All of a league: every row of every table, the tracks and people it names, and each
    season's standings with the words that settle its ties."""
    league = League.objects.get(slug=slug)
    seen = {table.label: described(table.model, table.rows(league)) for table in backup.TABLES}
    seen["tracks"] = described(
        Track, Track.objects.filter(rounds__season__league=league).distinct()
    )
    seen["people"] = sorted(
        {league.organiser.username, *league.memberships.values_list("user__username", flat=True)}
        | set(RaceEvent.objects.filter(who__isnull=False).values_list("who__username", flat=True))
    )
    for season in league.seasons.order_by("number"):
        standings = season_standings(season)
        seen[f"season {season.number}"] = {
            "drivers": [
                (line.position, line.competitor.name, line.points, line.by_round)
                for line in standings.drivers
            ],
            "teams": [
                (line.position, line.competitor.name, line.points, line.by_round)
                for line in standings.teams
            ],
            "ties": (standings.ties(standings.drivers), standings.ties(standings.teams)),
        }
    return seen


def empty_database() -> None:
    if connection.vendor == "postgresql":
        # The test's transaction holds checks of deferred foreign keys, which TRUNCATE refuses.
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    call_command("flush", interactive=False, verbosity=0)
    assert not League.objects.exists() and not User.objects.exists()
    assert not Track.objects.exists()


def row_counts() -> dict[str, int]:
    return {
        model._meta.label: model.objects.count()
        for app in ("auth", "league", "races")
        for model in apps.get_app_config(app).get_models()
    }


# --- round trips -----------------------------------------------------------------------------


def test_every_table_of_a_league_is_in_its_backup():
    """A model added to league or races must join the backup (or be shared, as tracks are)."""
    in_backup = {table.model for table in backup.TABLES}
    shared = {Track}
    # An invitation is a one-use link for one person, live for days: a backup brought back
    # beside its league would hand out the same secret twice, and an old one revives nothing.
    # An account's look-alike key and the makings the limits over time count are the site's,
    # of its accounts and addresses, not any league's; so is the language an account chose.
    left_out = {Invitation, NameKey, Making, Profile}
    for app in ("league", "races"):
        for model in apps.get_app_config(app).get_models():
            label = model._meta.label
            assert model in in_backup | shared | left_out, f"{label} is not in the backup"


def test_no_table_of_a_backup_stamps_a_time_as_its_rows_are_inserted():
    """The import writes rows with bulk_create, which stamps an auto_now or auto_now_add field
    with the time of the restore: a time a row keeps from its making is a default instead
    (default=timezone.now), so the file's time comes back (the round trips below compare it)."""
    for table in backup.TABLES:
        for field in table.model._meta.concrete_fields:
            stamped = getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False)
            assert not stamped, f"{table.label}.{field.name} is stamped on insert"


def test_a_time_the_file_lacks_is_the_time_of_the_import(exported):
    """A file written before a row kept the time of its making (a driver's hiring, a member's
    joining): those rows take the time of the import, as they did when the field came."""
    for row in exported["tables"]["league.driver"]:
        del row["hired"]
    kept = exported["tables"]["league.membership"][0]["joined"]
    empty_database()
    start = timezone.now()
    league = imported(exported)
    hired = set(Driver.objects.filter(team__league=league).values_list("hired", flat=True))
    assert hired and all(start <= time <= timezone.now() for time in hired)
    assert league.memberships.order_by("pk").first().joined.isoformat() == kept


def test_the_demo_league_with_races_at_the_table_comes_back_the_same_in_an_empty_database():
    league = demo_with_races_at_the_table()
    assert Race.objects.filter(finished_at__isnull=False).count() == 1
    assert RaceEvent.objects.filter(race__finished_at__isnull=True).count() >= 25
    assert Entry.objects.filter(round__number=5, grid__isnull=False).exists()  # its grid too
    before = picture(league.slug)
    text = backup.league_file(league)

    empty_database()
    league_back = imported(json.loads(text))

    assert league_back.slug == league.slug
    assert picture(league_back.slug) == before
    # The people come back by name, without a password anyone could use.
    assert not User.objects.get(username=load_demo.REFEREE).has_usable_password()


def test_a_league_past_its_first_season_comes_back_with_its_season_end_report(
    organiser, monkeypatch
):
    # Inserted a few rows a statement, as a league of thousands of rows is.
    monkeypatch.setattr(importing, "BATCH", 3)
    league = ended_season_league(organiser)
    before = picture(league.slug)
    assert before["league.seasonendchange"] and before["league.roundresultchange"]
    text = backup.league_file(league)

    empty_database()
    imported(json.loads(text))

    assert picture(league.slug) == before


def test_an_imported_race_at_the_table_goes_on_where_it_stopped():
    league = demo_with_races_at_the_table()
    text = backup.league_file(league)
    empty_database()
    imported(json.loads(text))

    race = Race.objects.get(finished_at__isnull=True)
    assert race_state(race) == engine.replay(engine.setup_from_dict(race.setup), race_events(race))
    seq = race.seq
    race_undo(race=race, expected_version=race.version)
    race.refresh_from_db()
    assert race.seq < seq
    drive(race, 3, seed=9)
    assert race.seq >= seq - 1


def test_importing_beside_other_leagues_gives_new_ids_and_reuses_tracks_and_people(organiser):
    league = ended_season_league(organiser)
    data = json.loads(backup.league_file(league))
    data["tables"]["league.league"][0].update(slug="old-hands-copy", name="Old Hands copy")
    tracks, people = Track.objects.count(), User.objects.count()

    copy = imported(data)

    assert copy.pk != league.pk and copy.organiser == organiser
    assert (Track.objects.count(), User.objects.count()) == (tracks, people)
    original, copied = picture(league.slug), picture(copy.slug)
    for table in ("league.league", "league.season", "league.round", "league.team"):
        original.pop(table), copied.pop(table)  # they name the league by its address
    assert copied.pop("league.driver") and original.pop("league.driver")
    assert {name: value for name, value in copied.items() if "season " in name} == {
        name: value for name, value in original.items() if "season " in name
    }


def test_exporting_reads_one_query_per_table_whatever_the_league_s_size(organiser):
    small = league_create(name="Small", organiser=organiser)
    team_create(league=small, name="Red Herrings", driver_names=["Ann", "Bob"])
    season_open(league=small, preset="Spring")
    large = ended_season_league(organiser)
    counts = []
    for league in (small, large):
        with CaptureQueriesContext(connection) as queries:
            backup.league_export(league)
        counts.append(sum(query["sql"].startswith("SELECT") for query in queries))
    # Each table, then the people and the tracks they name.
    assert counts == [len(backup.TABLES) + 2] * 2


@pytest.mark.django_db(transaction=True)
def test_an_export_outside_any_transaction_reads_one_snapshot(organiser):
    """As the download and the command run it: its own transaction (repeatable read on
    PostgreSQL, which must be asked for before the first query)."""
    league = league_create(name="Small", organiser=organiser)
    team_create(league=league, name="Red Herrings", driver_names=["Ann", "Bob"])
    assert not connection.in_atomic_block

    exported = backup.league_export(league)

    assert [row["name"] for row in exported["tables"]["league.driver"]] == ["Ann", "Bob"]
    assert not connection.in_atomic_block


# --- refusals --------------------------------------------------------------------------------


def refused_import(data: Any, message: str) -> None:
    before = row_counts()
    with pytest.raises(ValidationError) as caught:
        imported(data)
    assert caught.value.messages == [message]
    assert row_counts() == before


@pytest.fixture
def exported(organiser) -> dict[str, Any]:
    return json.loads(backup.league_file(ended_season_league(organiser)))


def test_a_file_of_another_format_version_is_refused_and_writes_nothing(exported):
    empty_database()
    # Version 1 named its referees in a table of their own, before members replaced them.
    known = backup.FORMAT_VERSION
    refused_import({**exported, "version": 1}, backup.UNKNOWN_VERSION.format(found=1, known=known))
    refused_import(
        {**exported, "version": known + 1},
        backup.UNKNOWN_VERSION.format(found=known + 1, known=known),
    )
    refused_import({"tables": {}}, backup.NOT_A_BACKUP.format(format=backup.FORMAT))
    refused_import([], backup.NOT_A_BACKUP.format(format=backup.FORMAT))


ADDED_IN_3 = ("league.pointsadjustment", "league.houserules", "races.ruling")
ADDED_IN_5 = ("league.driverchange", "league.leaguesettingchange")


def test_a_file_of_version_2_restores_without_the_tables_added_since(exported):
    """A backup made before points adjustments, house rules and rulings (version 2) has none of
    their tables: it restores whole, with none of them; the same file naming one is refused."""
    assert {table.label for table in backup.TABLES if table.since == 3} == set(ADDED_IN_3)
    of_3 = without_grid(exported)  # nor the fields added in 4
    old = {
        **of_3,
        "version": 2,
        "tables": {
            label: rows for label, rows in of_3["tables"].items() if label not in ADDED_IN_3
        },
    }
    empty_database()
    refused_import(
        {**old, "tables": {**old["tables"], "league.pointsadjustment": []}},
        backup.TABLE_UNKNOWN.format(label="league.pointsadjustment"),
    )
    league = imported(old)
    assert league.seasons.count() == 2 and league.teams.count() == 2
    assert not PointsAdjustment.objects.filter(season__league=league).exists()


def of_version_5(exported: dict[str, Any]) -> dict[str, Any]:
    """`exported` as a file of version 5 writes it: without a round's mark that it was brought
    in from a spreadsheet, nor a car's chosen colour (6)."""
    tables = dict(exported["tables"])
    for label, added in (
        ("league.round", "imported"),
        ("league.entry", "colour"),
        ("league.starterchoice", "colour"),
    ):
        tables[label] = [
            {name: value for name, value in row.items() if name != added} for row in tables[label]
        ]
    return {**exported, "version": 5, "tables": tables}


def without_grid(exported: dict[str, Any]) -> dict[str, Any]:
    """`exported` as a file of version 3 writes it: without the fields added in 4, its entries'
    grid and laps led, its seasons' rule set and the settings they kept (nor those of 6)."""
    exported = of_version_5(exported)
    tables = {label: rows for label, rows in exported["tables"].items() if label not in ADDED_IN_5}
    for label, added in (
        ("league.entry", {"grid", "laps_led"}),
        ("league.season", {"ruleset", "settings_kept"}),
    ):
        tables[label] = [
            {name: value for name, value in row.items() if name not in added}
            for row in tables[label]
        ]
    return {**exported, "version": 3, "tables": tables}


def test_an_entry_s_grid_position_comes_back_and_a_file_of_version_3_restores_none(organiser):
    """The grid (format 4) round-trips; a version 3 file, from before it, restores every
    entry with no grid known, and the same file naming one is refused."""
    league = ended_season_league(organiser)
    first = Round.objects.get(season__league=league, season__number=1, number=1)
    for grid, entry in enumerate(first.entries.order_by("-place"), start=1):
        Entry.objects.filter(pk=entry.pk).update(grid=grid, pole=grid == 1)
    grids = {
        (entry.driver.name, entry.round.number): entry.grid
        for entry in first.entries.select_related("driver", "round")
    }
    assert sorted(grids.values()) == [1, 2, 3, 4]
    exported = json.loads(backup.league_file(league))
    assert exported["version"] == backup.FORMAT_VERSION

    empty_database()
    back = imported(exported)
    first = Round.objects.get(season__league=back, season__number=1, number=1)
    assert {
        (entry.driver.name, entry.round.number): entry.grid
        for entry in first.entries.select_related("driver", "round")
    } == grids
    assert [record.title for record in league_records(back)].count(RISE) == 1

    empty_database()
    old = without_grid(exported)
    with_grid = [
        {name: value for name, value in row.items() if name != "colour"}
        for row in exported["tables"]["league.entry"]
    ]
    named = {**old, "tables": {**old["tables"], "league.entry": with_grid}}
    refused_import(named, backup.FIELD_UNKNOWN.format(label="league.entry", field="grid"))
    back = imported(old)
    assert Entry.objects.filter(round__season__league=back).count() == len(
        exported["tables"]["league.entry"]
    )
    assert not Entry.objects.filter(round__season__league=back, grid__isnull=False).exists()
    assert RISE not in [record.title for record in league_records(back)]


def test_a_league_whose_address_is_taken_is_refused_and_writes_nothing(exported):
    refused_import(exported, backup.SLUG_TAKEN.format(slug="old-hands"))


def test_a_league_named_as_one_of_its_organiser_s_is_refused_and_writes_nothing(exported):
    exported["tables"]["league.league"][0]["slug"] = "old-hands-2"
    refused_import(exported, backup.NAME_TAKEN.format(organiser="organiser", name="Old Hands"))


def test_a_file_broken_halfway_writes_nothing_not_even_its_people_and_tracks(exported):
    empty_database()
    entries = exported["tables"]["league.entry"]
    entries[-1]["driver"] = 999_999
    refused_import(
        exported,
        backup.BROKEN_REFERENCE.format(
            row=len(entries), label="league.entry", field="driver", value=999_999
        ),
    )
    assert not User.objects.exists() and not Track.objects.exists()


def test_a_file_with_a_table_or_field_this_paddock_does_not_know_is_refused(exported):
    empty_database()
    refused_import(
        {**exported, "tables": {**exported["tables"], "league.trophy": []}},
        backup.TABLE_UNKNOWN.format(label="league.trophy"),
    )
    exported["tables"]["league.team"][0]["mascot"] = "a horse"
    refused_import(exported, backup.FIELD_UNKNOWN.format(label="league.team", field="mascot"))
    del exported["tables"]["league.team"][0]["mascot"]
    del exported["tables"]["races.raceevent"]
    refused_import(exported, backup.TABLE_MISSING.format(label="races.raceevent"))


def test_a_file_from_before_team_colours_colours_the_teams_by_the_order_they_joined(exported):
    empty_database()
    for row in exported["tables"]["league.team"]:
        del row["colour"]
    imported(exported)
    teams = Team.objects.order_by("pk")
    assert [team.colour for team in teams] == ["orange", "sky", "green", "vermillion"][
        : teams.count()
    ]


# --- the commands and the organiser's download -----------------------------------------------


def test_export_league_and_import_league_round_trip_through_a_file(organiser, tmp_path):
    league = ended_season_league(organiser)
    before = picture(league.slug)
    file = tmp_path / "old-hands.json"
    call_command("export_league", league.slug, str(file), stderr=StringIO())

    empty_database()
    out = StringIO()
    call_command("import_league", str(file), stdout=out)

    assert 'Imported "Old Hands" at /old-hands/' in out.getvalue()
    assert picture(league.slug) == before


def test_import_league_says_why_it_refuses(organiser, tmp_path):
    league = ended_season_league(organiser)
    file = tmp_path / "old-hands.json"
    call_command("export_league", league.slug, str(file), stderr=StringIO())
    with pytest.raises(CommandError, match="exists already: nothing was imported"):
        call_command("import_league", str(file))
    file.write_text("{not json")
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_league", str(file))
    with pytest.raises(CommandError, match="No league at the address 'nowhere'"):
        call_command("export_league", "nowhere", str(file))


def test_export_league_writes_to_standard_output_with_a_dash(organiser):
    league = ended_season_league(organiser)
    out = StringIO()
    call_command("export_league", league.slug, "-", stdout=out)
    assert json.loads(out.getvalue())["tables"] == backup.league_export(league)["tables"]


def test_the_organiser_downloads_the_backup_from_the_league_page(client, organiser):
    league = ended_season_league(organiser)
    url = reverse("league:league_backup", kwargs={"slug": league.slug})
    client.force_login(organiser)

    assert url in client.get(league.get_absolute_url()).text
    response = client.get(url)

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"].startswith('attachment; filename="paddock-old-hands-')
    assert (
        json.loads(response.content)["tables"] == json.loads(backup.league_file(league))["tables"]
    )


@pytest.mark.parametrize("who", ["anonymous", "stranger", "referee"])
def test_no_one_else_downloads_a_league_s_backup(client, organiser, who):
    league = ended_season_league(organiser)
    if who != "anonymous":
        user = UserFactory(username=who)
        if who == "referee":
            member_add(league=league, user=user, role=Role.REFEREE)
        client.force_login(user)
    url = reverse("league:league_backup", kwargs={"slug": league.slug})

    assert url not in client.get(league.get_absolute_url()).text
    response = client.get(url)
    if who == "anonymous":
        assert response.status_code == 302 and response["Location"].startswith("/login/")
    elif who == "stranger":  # the league is unpublished: to a stranger it is not there
        assert response.status_code == 404
    else:
        assert response.status_code == 403


# --- reading a file a piece at a time --------------------------------------------------------


def test_a_file_read_a_few_characters_at_a_time_comes_back_the_same(organiser, monkeypatch):
    """Every piece of the file is cut by a read somewhere (a number, a string, an escape):
    each is read whole all the same."""
    monkeypatch.setattr(backup_file, "CHUNK", 7)
    league = ended_season_league(organiser)
    before = picture(league.slug)
    data = json.loads(backup.league_file(league))
    empty_database()
    backup.league_import(BytesIO(json.dumps(data, indent=1, ensure_ascii=True).encode()))
    assert picture(league.slug) == before


def test_a_row_longer_than_any_backup_s_is_refused_without_reading_it_whole(exported, monkeypatch):
    monkeypatch.setattr(importing, "MOST_ROW", 5_000)
    empty_database()
    exported["tables"]["league.team"][0]["name"] = "x" * 10_000
    refused_import(
        exported,
        backup_file.ROW_TOO_LONG.format(row=1, table="league.team", most=5_000),
    )


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ('{"format": "paddock-league", "version": 2} junk', "more after the end of the backup"),
        ('{"format": "paddock-league" "version": 2}', "(',' or '}' expected, '\"' found: "),
        ('{"format": "paddock-league", "version": 2, "tables": {"league.league": [NaN]}}', "NaN"),
        (
            '{"format": "paddock-league", "version": 2, "tables": {"league.league": [1e999]}}',
            "too large",
        ),
    ],
)
def test_a_file_that_is_not_json_says_where(text, reason):
    with pytest.raises(ValidationError) as caught:
        backup.league_import(BytesIO(text.encode()))
    assert reason in caught.value.messages[0]
    assert "character" in caught.value.messages[0]


def test_a_part_out_of_order_is_refused_with_the_order(exported):
    """A file written with its keys sorted puts its tables before its people and tracks."""
    empty_database()
    before = row_counts()
    with pytest.raises(ValidationError) as caught:
        backup.league_import(BytesIO(json.dumps(exported, sort_keys=True).encode()))
    assert caught.value.messages == [
        backup.NOT_A_BACKUP.format(format=backup.FORMAT)  # "exported_at" before "format"
    ]
    reordered = {"format": exported["format"], "version": 2, "tracks": [], "users": []}
    with pytest.raises(ValidationError) as caught:
        backup.league_import(BytesIO(json.dumps(reordered).encode()))
    assert caught.value.messages == [
        backup.PART_OUT_OF_ORDER.format(
            part="users", before="tracks", order=", ".join(backup.PARTS)
        )
    ]
    assert row_counts() == before


def test_the_database_keeps_one_address_whatever_its_case(organiser):
    league_create(name="Old Hands", organiser=organiser, plain_address=True)
    with pytest.raises(IntegrityError), transaction.atomic():
        League.objects.create(name="Other", slug="Old-Hands", organiser=organiser)


def test_a_value_that_is_not_json_is_refused_as_such_however_much_follows():
    text = '{"format": "paddock-league", "version": 2, "league": nonsense' + " " * 5_000 + "}"
    with pytest.raises(ValidationError) as caught:
        backup.league_import(BytesIO(text.encode()))
    assert caught.value.messages == [
        backup_file.NOT_JSON.format(reason="Expecting value", where=54)
    ]


def test_import_league_finds_a_person_whatever_the_case_of_their_name(exported):
    """This site tells accounts apart whatever the case of their names: the file's organiser
    is the account here of that name in another case, not a second account."""
    empty_database()
    here = UserFactory(username="ORGANISER")
    league = imported(exported)
    assert league.organiser == here
    assert not User.objects.filter(username="organiser").exists()


def test_a_file_of_version_5_restores_every_round_as_raced_here(exported):
    """A backup made before rounds brought in from a spreadsheet were marked (version 5)
    restores whole, no round marked; the same file naming the mark is refused."""
    assert {label for table in backup.TABLES for label in table.fields_since} >= {"imported"}
    old = of_version_5(exported)
    assert all("imported" in row for row in exported["tables"]["league.round"])
    empty_database()
    named = {**old, "tables": {**old["tables"], "league.round": exported["tables"]["league.round"]}}
    refused_import(named, backup.FIELD_UNKNOWN.format(label="league.round", field="imported"))
    league = imported(old)
    rounds = Round.objects.filter(season__league=league)
    assert rounds.count() == len(exported["tables"]["league.round"])
    assert not rounds.filter(imported=True).exists()
