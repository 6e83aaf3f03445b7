"""A race's log keeps who entered each roll: the account of someone in it is not deleted (it is
deactivated instead), so the log never loses its authors to a cascade."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from races.models import RaceEvent
from tests.factories import UserFactory
from tests.races.autopilot import drive

pytestmark = pytest.mark.django_db


def test_a_referee_in_a_race_s_log_is_not_deleted_and_the_admin_says_why(admin_client, race):
    referee = UserFactory(username="ref")
    drive(race, 5, who=referee)
    authors = list(RaceEvent.objects.order_by("seq").values_list("who__username", flat=True))
    assert "ref" in authors
    url = reverse("admin:auth_user_delete", args=[referee.pk])

    page = admin_client.get(url)
    reason = " ".join(re.sub(r"<[^>]+>", " ", page.text.split('id="content"')[1]).split())
    assert "Cannot delete user" in page.text and "race event" in reason
    admin_client.post(url, {"post": "yes"})

    assert get_user_model().objects.filter(pk=referee.pk).exists()
    assert list(RaceEvent.objects.order_by("seq").values_list("who__username", flat=True)) == (
        authors
    )


def test_an_account_in_no_log_may_still_be_deleted(admin_client, race):
    stranger = UserFactory(username="stranger")
    admin_client.post(reverse("admin:auth_user_delete", args=[stranger.pk]), {"post": "yes"})
    assert not get_user_model().objects.filter(pk=stranger.pk).exists()
