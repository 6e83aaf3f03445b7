"""Accounts a public site can keep (issue 29): a user name that looks like an account's is
refused, and sign-ups and new leagues (restored ones too) are limited by address and account
over time, with a 429 that says when to try again."""

from __future__ import annotations

import importlib
from datetime import timedelta

import pytest
from django.apps import apps as django_apps
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from league import backup
from league.models import League, Making, NameKey
from league.models.look_alike import name_key, skeleton
from league.services.leagues import league_create
from league.services.members import USERNAME_LOOKS_LIKE, invitation_create
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "long enough 1"
HOME, CLUB = "198.51.100.7", "203.0.113.9"  # documentation addresses (RFC 5737)


def sign_up(client: Client, username: str, address: str = HOME):
    post = {"username": username, "password1": PASSWORD, "password2": PASSWORD}
    return client.post(reverse("league:signup"), post, REMOTE_ADDR=address)


# --- look-alike names --------------------------------------------------------------------------


def test_unicode_s_skeleton_reads_a_look_alike_as_its_prototype():
    """UTS #39's own examples: a Cyrillic а is an a, 1 and I are l, 0 is O, "rn" is "m"."""
    assert skeleton("раураl") == skeleton("paypal")
    assert skeleton("1") == skeleton("I") == skeleton("l") == "l"
    assert skeleton("0") == "O" and skeleton("m") == skeleton("rn")
    assert skeleton("casey") != skeleton("cassie")


@pytest.mark.parametrize(
    "look_alike",
    [
        "аdmin",  # a Cyrillic а
        "admιn",  # a Greek ι
        "admi\u0301n",  # an i with a combining acute accent
        "admín",  # and precomposed
        "adm1n",  # 1 for i
        "admln",  # l for i (a capital I's look-alike)
        "ADMlN",
        "аdmіn",  # Cyrillic а and і
    ],
)
def test_a_name_that_looks_like_an_account_s_is_refused_with_the_reason(client, look_alike):
    """Issue 29: accounts could be made beside admin with a Cyrillic а, a Greek ι, a combining
    accent or 1 for i."""
    UserFactory(username="admin")
    response = sign_up(client, look_alike)
    assert response.status_code == 400
    assert User.objects.count() == 1
    text = response.content.decode()
    assert "looks like &#x27;admin&#x27;, an account here already" in text or (
        "A user with that username already exists." in text  # the form's NFKC got there first
    )


def test_the_refusal_names_the_name_asked_for_and_the_account_it_looks_like(client):
    UserFactory(username="admin")
    response = sign_up(client, "аdmin")
    message = USERNAME_LOOKS_LIKE.format(username="аdmin", existing="admin")
    assert escape(message) in response.content.decode()


def test_names_that_only_share_letters_are_not_look_alikes(client):
    UserFactory(username="admin")
    for name in ("admins", "casey", "cassie", "adam"):
        assert sign_up(client, name).status_code == 302
        client.logout()


def test_every_account_keeps_its_key_however_it_was_made_or_renamed(client):
    """An account made by the admin or createsuperuser is compared as one signed up is."""
    admin = User.objects.create_superuser(username="admin", password=PASSWORD)
    assert NameKey.objects.get(user=admin).key == name_key("admin")
    admin.username = "referee"
    admin.save()
    assert NameKey.objects.get(user=admin).key == name_key("referee")
    assert sign_up(client, "admin").status_code == 302
    client.logout()
    assert sign_up(client, "rеferee").status_code == 400  # a Cyrillic е


def test_a_look_alike_is_refused_on_an_invitation_s_link_too(client, organiser):
    from tests.factories import LeagueFactory

    league = LeagueFactory(organiser=organiser)
    invitation = invitation_create(league=league, made_by=organiser, role="referee", team=None)
    post = {"username": "оrganiser", "password1": PASSWORD, "password2": PASSWORD}  # Cyrillic о
    response = client.post(invitation.get_absolute_url(), post)
    assert response.status_code == 400
    assert "an account here already" in response.content.decode()
    assert not User.objects.filter(username="оrganiser").exists()


# --- sign-ups over time ------------------------------------------------------------------------


def test_sixty_sign_ups_from_one_address_make_ten_accounts_then_429(client):
    """Issue 29: 60 sign-ups in 16 s from one address made 60 accounts."""
    answers = []
    for number in range(60):
        answers.append(sign_up(client, f"bot{number}"))
        client.logout()
    assert [answer.status_code for answer in answers] == [302] * 10 + [429] * 50
    assert User.objects.count() == 10

    refused = answers[10]
    assert 3590 <= int(refused["Retry-After"]) <= 3600
    page = refused.content.decode()
    assert "accounts made from this address in an hour" in page and "Try again in" in page
    assert "navbar" in page  # the site's own page
    # Another address is not caught.
    assert sign_up(client, "casey", address=CLUB).status_code == 302


def test_a_sign_up_is_allowed_again_once_the_hour_has_passed_and_the_day_has_its_own_limit(
    client,
):
    for number in range(10):
        assert sign_up(client, f"player{number}").status_code == 302
        client.logout()
    Making.objects.update(at=timezone.now() - timedelta(hours=1, seconds=1))
    for number in range(10, 30):
        if number == 20:
            Making.objects.update(at=timezone.now() - timedelta(hours=1, seconds=1))
        assert sign_up(client, f"player{number}").status_code == 302
        client.logout()
    Making.objects.update(at=timezone.now() - timedelta(hours=1, seconds=1))
    refused = sign_up(client, "player30")
    assert refused.status_code == 429
    assert "accounts made from this address in a day" in refused.content.decode()
    assert int(refused["Retry-After"]) > 22 * 3600


def test_an_invitation_s_sign_up_counts_against_its_address(client, organiser, settings):
    from tests.factories import LeagueFactory

    settings.PADDOCK_SIGN_UPS_PER_ADDRESS_PER_HOUR = 1
    league = LeagueFactory(organiser=organiser)
    assert sign_up(client, "casey").status_code == 302
    client.logout()
    invitation = invitation_create(league=league, made_by=organiser, role="referee", team=None)
    post = {"username": "jane", "password1": PASSWORD, "password2": PASSWORD}
    response = client.post(invitation.get_absolute_url(), post, REMOTE_ADDR=HOME)
    assert response.status_code == 429 and response["Retry-After"]
    assert not User.objects.filter(username="jane").exists()


def test_a_limit_of_0_is_off(client, settings):
    settings.PADDOCK_SIGN_UPS_PER_ADDRESS_PER_HOUR = 0
    settings.PADDOCK_SIGN_UPS_PER_ADDRESS_PER_DAY = 0
    for number in range(12):
        assert sign_up(client, f"player{number}").status_code == 302
        client.logout()


def test_rows_no_limit_counts_any_more_are_deleted(client):
    assert sign_up(client, "casey").status_code == 302
    client.logout()
    Making.objects.update(at=timezone.now() - timedelta(days=1, seconds=1))
    assert sign_up(client, "jane").status_code == 302
    assert Making.objects.count() == 1


# --- new leagues over time ---------------------------------------------------------------------


def new_league(client: Client, name: str, address: str = HOME):
    return client.post(reverse("league:league_new"), {"name": name}, REMOTE_ADDR=address)


def test_an_account_makes_five_leagues_a_day_and_the_sixth_is_429(client, organiser):
    """Issue 29: one account made 30 leagues."""
    client.force_login(organiser)
    answers = [new_league(client, f"Cup {number}") for number in range(30)]
    assert [answer.status_code for answer in answers] == [302] * 5 + [429] * 25
    assert League.objects.count() == 5
    assert "leagues made or restored by one account in a day" in answers[5].content.decode()
    assert int(answers[5]["Retry-After"]) > 23 * 3600
    # From another address it is the same account.
    assert new_league(client, "Cup 31", address=CLUB).status_code == 429
    Making.objects.update(at=timezone.now() - timedelta(days=1, seconds=1))
    assert new_league(client, "Cup 32").status_code == 302


def test_an_address_makes_twenty_leagues_a_day_whatever_the_accounts(client, settings):
    settings.PADDOCK_NEW_LEAGUES_PER_ADDRESS_PER_DAY = 3
    for number in range(3):
        client.force_login(UserFactory(username=f"player{number}"))
        assert new_league(client, "Cup").status_code == 302
    client.force_login(UserFactory(username="player3"))
    refused = new_league(client, "Cup")
    assert refused.status_code == 429
    assert "leagues made or restored from this address in a day" in refused.content.decode()
    assert new_league(client, "Cup", address=CLUB).status_code == 302


def restore(client: Client, file: str, address: str = HOME):
    upload = SimpleUploadedFile("cup.json", file.encode(), content_type="application/json")
    url = reverse("league:league_restore")
    return client.post(url, {"backup": upload}, REMOTE_ADDR=address)


def test_a_restored_league_counts_as_a_new_one(client, organiser, settings):
    settings.PADDOCK_NEW_LEAGUES_PER_ACCOUNT_PER_DAY = 2
    file = backup.league_file(league_create(name="Old Cup", organiser=organiser))
    Making.objects.all().delete()  # made on the host, by a script
    client.force_login(UserFactory(username="restorer"))
    assert restore(client, file).status_code == 302
    assert new_league(client, "Cup").status_code == 302
    assert new_league(client, "Another Cup").status_code == 429
    refused = restore(client, file)
    assert refused.status_code == 429 and refused["Retry-After"]
    assert League.objects.filter(organiser__username="restorer").count() == 2


def test_the_migration_gives_every_account_there_already_its_key():
    migration = importlib.import_module("league.migrations.0049_accounts_kept")
    for name in ("admin", "Casey"):
        UserFactory(username=name)
    NameKey.objects.all().delete()
    migration.keys_made(django_apps, None)
    keys = dict(NameKey.objects.values_list("user__username", "key"))
    assert keys == {"admin": name_key("admin"), "Casey": name_key("Casey")}
