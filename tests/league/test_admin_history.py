"""Confirmed history is not deleted from the admin: a round that has entries and a season that
has ended changed drivers' careers, so deleting them would leave the careers and the standings
disagreeing. The admin says why and deletes nothing; an unraced round still may go."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from league.models import Driver, Entry, Profile, Round, Season, SeasonEndChange, Team
from league.services.season_end import season_end
from tests.factories import UserFactory
from tests.league.test_services import play_rounds, racing_drivers
from tests.pages import html_of

pytestmark = pytest.mark.django_db


def careers() -> list[tuple]:
    return list(
        Driver.objects.order_by("pk").values_list("xp", "age", "prior_injuries", "races_to_miss")
    )


@pytest.fixture
def ended(season, teams) -> Season:
    play_rounds(season, racing_drivers(teams), range(1, 10))
    season_end(season=season)
    return season


def test_deleting_a_confirmed_round_is_refused_with_the_reason(admin_client, ended):
    round_ = ended.rounds.get(number=3)
    before = careers()
    url = reverse("admin:league_round_delete", args=[round_.pk])
    page = admin_client.get(url)
    assert "<title>Cannot delete round" in page.text
    admin_client.post(url, {"post": "yes"})
    assert Round.objects.filter(pk=round_.pk).exists()
    assert Entry.objects.filter(round=round_).count() == 4
    assert careers() == before


def test_the_bulk_delete_of_an_ended_season_deletes_nothing(admin_client, ended):
    before = (careers(), Entry.objects.count(), SeasonEndChange.objects.count())
    response = admin_client.post(
        reverse("admin:league_season_changelist"),
        {"action": "delete_selected", "_selected_action": [ended.pk], "post": "yes"},
    )
    assert response.status_code == 200
    assert "<title>Cannot delete season" in response.text
    assert Season.objects.filter(pk=ended.pk).exists()
    assert (careers(), Entry.objects.count(), SeasonEndChange.objects.count()) == before


def test_entries_and_season_end_lines_have_no_delete_in_the_admin(admin_client, ended):
    entry = Entry.objects.first()
    response = admin_client.post(
        reverse("admin:league_entry_delete", args=[entry.pk]), {"post": "yes"}
    )
    assert response.status_code == 403
    change = SeasonEndChange.objects.first()
    response = admin_client.post(
        reverse("admin:league_seasonendchange_delete", args=[change.pk]), {"post": "yes"}
    )
    assert response.status_code == 403
    assert Entry.objects.filter(pk=entry.pk).exists()


def test_an_unraced_round_may_still_be_deleted(admin_client, season):
    round_ = season.rounds.get(number=9)
    admin_client.post(reverse("admin:league_round_delete", args=[round_.pk]), {"post": "yes"})
    assert not Round.objects.filter(pk=round_.pk).exists()


@pytest.mark.parametrize(
    "model", ["league", "season", "round", "team", "driver", "entry", "seasonendchange", "track"]
)
def test_every_admin_list_and_page_opens(admin_client, ended, model):
    """The driver list failed with a 500 once a driver's level became the rule set's word."""
    response = admin_client.get(reverse(f"admin:league_{model}_changelist"))
    assert response.status_code == 200
    first = response.context["cl"].result_list[0]
    assert (
        admin_client.get(reverse(f"admin:league_{model}_change", args=[first.pk])).status_code
        == 200
    )


def test_a_league_s_rule_set_is_not_changed_in_the_admin(admin_client, league):
    page = admin_client.get(reverse("admin:league_league_change", args=[league.pk]))
    assert 'name="ruleset"' not in page.text


def everything() -> tuple:
    return (careers(), Entry.objects.count(), SeasonEndChange.objects.count(), Team.objects.count())


@pytest.mark.parametrize("model", ["league", "team", "driver"])
def test_deleting_a_league_team_or_driver_with_results_is_refused_with_the_reason(
    admin_client, ended, model
):
    """Deleting would cascade to their results: the admin names the results that stand in the
    way and deletes nothing."""
    target = {
        "league": ended.league,
        "team": ended.league.teams.first(),
        "driver": Driver.objects.filter(team__league=ended.league).first(),
    }[model]
    before = everything()
    url = reverse(f"admin:league_{model}_delete", args=[target.pk])

    page = admin_client.get(url)
    assert f"<title>Cannot delete {model}" in page.text
    reason = " ".join(re.sub(r"<[^>]+>", " ", page.text.split('id="content"')[1]).split())
    assert "would result in deleting related objects" in reason and "entry" in reason
    admin_client.post(url, {"post": "yes"})

    assert type(target).objects.filter(pk=target.pk).exists()
    assert everything() == before


def test_a_team_that_never_raced_may_be_deleted_with_its_drivers(admin_client, season, teams):
    team = teams[0]
    admin_client.post(reverse("admin:league_team_delete", args=[team.pk]), {"post": "yes"})
    assert not Team.objects.filter(pk=team.pk).exists()
    assert not Driver.objects.filter(team_id=team.pk).exists()


def test_the_profiles_list_shows_each_person_s_language(admin_client):
    chose = UserFactory(username="francophone")
    Profile.objects.create(user=chose, language="fr")
    response = admin_client.get(reverse("admin:league_profile_changelist"))
    assert response.status_code == 200
    page = html_of(response)
    assert "francophone" in page and "Français" in page
    assert (
        admin_client.get(reverse("admin:league_profile_change", args=[chose.pk])).status_code == 200
    )
