"""A member's own calendar address: the league's race sessions for a calendar program, whether
the league is published or not, at a secret address made anew to revoke the old one."""

from __future__ import annotations

from datetime import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from league import backup
from league.models import Membership, Role
from league.services.leagues import league_create
from league.services.members import member_add, member_remove, membership_calendar_address_new
from league.services.seasons import season_open
from league.services.teams import team_create
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def scheduled():
    """A league not published, its first round's session set, and a referee of it."""
    organiser, referee = UserFactory(), UserFactory(username="referee")
    league = league_create(name="Back Room League", organiser=organiser)
    team_create(league=league, name="Rosso", driver_names=["Ann", "Bob"])
    season = season_open(league=league, preset="Spring")
    round_ = season.rounds.get(number=1)
    round_.starts_at = timezone.make_aware(datetime(2027, 1, 9, 19, 30))
    round_.save(update_fields=["starts_at"])
    membership = member_add(league=league, user=referee, role=Role.REFEREE)
    return league, membership


def test_a_league_not_published_answers_404_to_its_public_feed_and_200_to_a_member_s(scheduled):
    league, membership = scheduled
    assert Client().get(reverse("league:calendar", args=[league.slug])).status_code == 404
    client = Client()
    client.force_login(membership.user)
    made = client.post(reverse("league:account_calendar", args=[membership.pk]), {"calendar": ""})
    assert made.status_code == 302
    token = Membership.objects.get(pk=membership.pk).calendar_token
    feed = Client().get(reverse("league:member_calendar", args=[token]))
    assert feed.status_code == 200 and feed["Content-Type"].startswith("text/calendar")
    assert "Back Room League: season 1\\, round 1" in feed.content.decode()  # commas escaped
    assert token in client.get(reverse("league:account")).content.decode()


def test_a_new_address_revokes_the_old_one(scheduled):
    _league, membership = scheduled
    old = membership_calendar_address_new(membership=membership).calendar_token
    new = membership_calendar_address_new(membership=membership).calendar_token
    assert old != new
    assert Client().get(reverse("league:member_calendar", args=[old])).status_code == 404
    assert Client().get(reverse("league:member_calendar", args=[new])).status_code == 200


def test_a_member_leaving_the_league_takes_the_address_with_them(scheduled):
    _league, membership = scheduled
    token = membership_calendar_address_new(membership=membership).calendar_token
    member_remove(membership=membership)
    assert Client().get(reverse("league:member_calendar", args=[token])).status_code == 404


def test_no_one_makes_an_address_for_another_s_membership(scheduled):
    _league, membership = scheduled
    stranger = Client()
    stranger.force_login(UserFactory())
    url = reverse("league:account_calendar", args=[membership.pk])
    assert stranger.post(url, {"calendar": ""}).status_code == 404
    assert Membership.objects.get(pk=membership.pk).calendar_token is None


def test_the_address_is_never_in_a_backup(scheduled):
    league, membership = scheduled
    token = membership_calendar_address_new(membership=membership).calendar_token
    assert token not in backup.league_file(league)
