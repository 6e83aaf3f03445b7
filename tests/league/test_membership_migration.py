"""Migration 0020: a league's referees and its teams' owners become its members."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("league", "0013_driver_home_track")]
AFTER = [("league", "0020_memberships")]


@pytest.mark.django_db(transaction=True)
def test_referees_and_team_owners_become_members_the_organiser_none() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    user = old.get_model("auth", "User")
    organiser, referee, owner = (user.objects.create(username=name) for name in "ORW")
    league = old.get_model("league", "League").objects.create(
        name="Old", slug="old", organiser=organiser
    )
    league.referees.add(referee, organiser, owner)
    team_model = old.get_model("league", "Team")
    team_model.objects.create(league=league, name="Owned", owner=owner)  # a referee too
    team_model.objects.create(league=league, name="Organiser's", owner=organiser)
    team_model.objects.create(league=league, name="Nobody's")

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    members = new.get_model("league", "Membership").objects.order_by("user__username")
    assert [(m.user.username, m.role, m.team_id) for m in members] == [
        ("R", "referee", None),
        ("W", "referee", None),  # one role a league: refereeing was the one ever checked
    ]
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_a_team_owner_who_is_no_referee_becomes_its_owner() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    user = old.get_model("auth", "User")
    organiser, owner = (user.objects.create(username=name) for name in "OW")
    league = old.get_model("league", "League").objects.create(
        name="Old", slug="old", organiser=organiser
    )
    team = old.get_model("league", "Team").objects.create(league=league, name="T", owner=owner)

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    (member,) = new.get_model("league", "Membership").objects.all()
    assert (member.user_id, member.role, member.team_id) == (owner.pk, "team_owner", team.pk)
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_every_league_s_organiser_becomes_its_organiser_member() -> None:
    """Migration 0023: organisers are members, several to a league."""
    before, after = [("league", "0021_starter_choices")], [("league", "0023_organisers")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    user = old.get_model("auth", "User")
    first, second, referee = (user.objects.create(username=name) for name in "FSR")
    leagues = old.get_model("league", "League").objects
    one = leagues.create(name="One", slug="one", organiser=first)
    two = leagues.create(name="Two", slug="two", organiser=second)
    members = old.get_model("league", "Membership").objects
    members.create(league=one, user=referee, role="referee")
    members.create(league=two, user=second, role="referee")  # as the admin could

    executor = MigrationExecutor(connection)
    executor.migrate(after)
    new = executor.loader.project_state(after).apps
    rows = new.get_model("league", "Membership").objects.order_by("league__slug", "user__username")
    assert [(m.league.slug, m.user.username, m.role) for m in rows] == [
        ("one", "F", "organiser"),
        ("one", "R", "referee"),
        ("two", "S", "organiser"),
    ]
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
