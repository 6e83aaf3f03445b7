"""`manage.py backup_all` (the scheduled backup): every league's file and the database's dump in
one dated folder, whole or not at all, the newest N kept; and the restore drill, every league
deleted and imported back from its file with the same standings and careers."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from league import backup
from league.management.commands import backup_all
from league.models import League
from league.services.leagues import league_delete
from tests.league.test_backup import ended_season_league, picture

pytestmark = pytest.mark.django_db


def backed_up(folder: Path, *args: str) -> str:
    out = StringIO()
    call_command("backup_all", str(folder), *args, stdout=out)
    return out.getvalue()


def test_the_restore_drill_brings_every_league_back_from_the_last_backup(
    organiser, league, season, teams, tmp_path
):
    old_hands = ended_season_league(organiser)
    before = {each.slug: picture(each.slug) for each in (old_hands, league)}

    said = backed_up(tmp_path)

    [dated] = backup_all.dated_folders(tmp_path)
    assert f"Backup written to {dated}" in said and "2 leagues written." in said
    files = sorted(dated.glob("*.json"))
    assert [file.name for file in files] == sorted(
        backup.file_name(each) for each in (old_hands, league)
    )
    for each in (old_hands, league):
        league_delete(league=each, name_typed=each.name)
    assert not League.objects.exists()
    for file in files:
        call_command("import_league", str(file), stdout=StringIO())
    assert {slug: picture(slug) for slug in before} == before


def test_on_postgresql_the_folder_holds_the_database_s_dump_too(league, tmp_path):
    said = backed_up(tmp_path)
    [dated] = backup_all.dated_folders(tmp_path)
    dump = dated / backup_all.DUMP
    if connection.vendor == "postgresql":
        assert f"{backup_all.DUMP} written." in said
        assert dump.read_bytes().startswith(b"PGDMP")  # pg_dump's custom format
    else:
        assert "pg_dump skipped: the database is sqlite, not PostgreSQL" in said
        assert not dump.exists()


def test_without_pg_dump_the_leagues_are_still_backed_up_and_it_says_why(
    league, tmp_path, monkeypatch
):
    monkeypatch.setattr(backup_all.shutil, "which", lambda program: None)
    said = backed_up(tmp_path)
    [dated] = backup_all.dated_folders(tmp_path)
    assert len(list(dated.glob("*.json"))) == 1
    if connection.vendor == "postgresql":
        assert "pg_dump skipped: pg_dump is not installed" in said


def test_only_the_newest_dated_folders_are_kept_and_nothing_else_is_touched(league, tmp_path):
    for day in ("2020-01-01", "2020-01-02", "2020-01-03"):
        (tmp_path / f"{day}T000000Z").mkdir()
    (tmp_path / "notes").mkdir()
    (tmp_path / "2020-01-01.txt").write_text("not a backup")

    said = backed_up(tmp_path, "--keep", "2")

    [new] = [path for path in backup_all.dated_folders(tmp_path) if path.name > "2021"]
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(
        ["2020-01-03T000000Z", new.name, "notes", "2020-01-01.txt"]
    )
    assert "Removed" in said and "older than the newest 2" in said


def test_a_backup_cut_short_leaves_no_folder_and_keeps_the_older_ones(
    organiser, league, tmp_path, monkeypatch
):
    ended_season_league(organiser)
    older = tmp_path / "2020-01-01T000000Z"
    older.mkdir()
    written = []
    league_file = backup.league_file

    def full_disk(each: League) -> str:
        if written:
            raise OSError(28, "No space left on device")
        written.append(each)
        return league_file(each)

    monkeypatch.setattr(backup, "league_file", full_disk)
    with pytest.raises(CommandError, match="Backup failed, nothing kept: .*No space left"):
        backed_up(tmp_path, "--keep", "1")

    assert written and [path.name for path in tmp_path.iterdir()] == [older.name]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="pg_dump runs on PostgreSQL only")
def test_a_pg_dump_that_fails_leaves_no_folder(league, tmp_path, monkeypatch):
    monkeypatch.setattr(backup_all.shutil, "which", lambda program: "/bin/false")
    with pytest.raises(CommandError, match="Backup failed, nothing kept: pg_dump said"):
        backed_up(tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_keep_must_keep_the_backup_just_made(tmp_path):
    with pytest.raises(CommandError, match="--keep must be at least 1"):
        backed_up(tmp_path, "--keep", "0")


def test_a_temporary_folder_a_killed_run_left_is_removed_at_the_next_run(league, tmp_path):
    # A host killed mid-write (kill -9, a power cut) runs no `except`: its temporary folder
    # stays, half written, until the next run, which holds the folder's lock and so knows it is
    # no live run's.
    dead = tmp_path / f"{backup_all.PARTIAL}2020-01-01T033000Z"
    dead.mkdir()
    (dead / "paddock-half-written.json").write_text('{"format": 5, "lea')
    (tmp_path / "2020-01-01T000000Z").mkdir()

    said = backed_up(tmp_path, "--keep", "2")

    assert f"Removed {dead}, left by a run cut short." in said
    [new] = [path for path in backup_all.dated_folders(tmp_path) if path.name > "2021"]
    assert sorted(path.name for path in tmp_path.iterdir()) == ["2020-01-01T000000Z", new.name]
    assert not backup_all.partial_folders(tmp_path)


def test_while_one_run_writes_a_second_stops_and_leaves_its_folder_alone(league, tmp_path):
    writing = tmp_path / f"{backup_all.PARTIAL}2020-01-01T033000Z"
    writing.mkdir()
    with backup_all._only_run(tmp_path):  # the first run, holding the folder
        with pytest.raises(CommandError, match="Another backup_all is writing into"):
            backed_up(tmp_path)
        assert writing.is_dir() and not backup_all.dated_folders(tmp_path)
    backed_up(tmp_path)  # once it is gone (however it ended), the next run cleans up after it
    assert not writing.exists() and len(backup_all.dated_folders(tmp_path)) == 1


def test_keeping_the_last_n_over_many_runs(league, tmp_path, monkeypatch):
    times = iter(f"2030-01-0{day}T033000Z" for day in range(1, 6))
    monkeypatch.setattr(backup_all, "_stamp", lambda: next(times))
    for _ in range(5):
        backed_up(tmp_path, "--keep", "3")
    assert [path.name for path in sorted(backup_all.dated_folders(tmp_path))] == [
        "2030-01-03T033000Z",
        "2030-01-04T033000Z",
        "2030-01-05T033000Z",
    ]
    for kept in backup_all.dated_folders(tmp_path):
        assert len(list(kept.glob("*.json"))) == 1
