"""A person's own account: its e-mail, a password changed, a forgotten one reset by e-mail, and
the account deleted, refused while its owner is a league's only organiser."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse

from league.models import League, Membership, Role
from league.services.errors import AlreadyDone
from league.services.leagues import league_archive_set, league_create
from league.services.members import ACCOUNT_PASSWORD_WRONG, account_delete, member_add
from league.views.account import ACCOUNT_DELETED
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "a brand new passphrase"


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def logs_in(username: str, password: str) -> bool:
    answer = Client().post(reverse("login"), {"username": username, "password": password})
    return answer.status_code == 302


def without_tokens(page: bytes) -> str:
    """The page without what differs on every answer: its CSRF tokens and script nonces."""
    text = re.sub(
        r'("X-CSRFToken": "|name="csrfmiddlewaretoken" value=")[^"]+', r"\1", page.decode()
    )
    return re.sub(r'nonce="[^"]+"', "", text)


def reset_link(body: str) -> str:
    return re.search(r"https?://[^/\s]+(/accounts/reset/\S+/)", body).group(1)


def test_a_password_is_changed_with_the_old_one_and_the_new_one_logs_in() -> None:
    user = UserFactory()
    client = signed_in(user)
    page = client.get(reverse("password_change"))
    assert page.status_code == 200
    done = client.post(
        reverse("password_change"),
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert done.status_code == 302 and done["Location"] == reverse("password_change_done")
    assert logs_in(user.username, NEW_PASSWORD)
    assert not logs_in(user.username, PASSWORD)


def test_a_wrong_old_password_is_refused_with_a_400_and_nothing_changes() -> None:
    user = UserFactory()
    refused = signed_in(user).post(
        reverse("password_change"),
        {"old_password": "not it", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert refused.status_code == 400
    assert "old password was entered incorrectly" in refused.content.decode()
    assert logs_in(user.username, PASSWORD)


def test_a_forgotten_password_is_reset_by_the_link_sent_by_e_mail_and_the_link_works_once() -> None:
    user = UserFactory(email="bruno@example.org")
    client = Client()
    sent = client.post(reverse("password_reset"), {"email": "bruno@example.org"})
    assert sent.status_code == 302 and sent["Location"] == reverse("password_reset_done")
    (message,) = mail.outbox
    assert message.to == ["bruno@example.org"]
    assert user.username in message.body
    link = reset_link(message.body)

    form = client.get(link, follow=True)
    assert form.status_code == 200 and "Choose a new password" in form.content.decode()
    set_url = form.redirect_chain[-1][0]
    done = client.post(set_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert done.status_code == 302 and done["Location"] == reverse("password_reset_complete")
    assert logs_in(user.username, NEW_PASSWORD)

    again = Client().get(link, follow=True)
    assert "This link does not work" in again.content.decode()


def test_the_reset_page_says_the_same_of_an_address_no_account_has() -> None:
    UserFactory(email="bruno@example.org")
    known = Client().post(reverse("password_reset"), {"email": "bruno@example.org"}, follow=True)
    unknown = Client().post(reverse("password_reset"), {"email": "nobody@example.org"}, follow=True)
    assert known.status_code == unknown.status_code == 200
    assert without_tokens(known.content) == without_tokens(unknown.content)
    assert len(mail.outbox) == 1


def test_a_reset_asked_with_no_e_mail_at_all_is_a_400_on_the_page() -> None:
    refused = Client().post(reverse("password_reset"), {"email": "not an address"})
    assert refused.status_code == 400
    assert not mail.outbox


def test_sign_up_takes_an_optional_e_mail() -> None:
    Client().post(
        reverse("league:signup"),
        {
            "username": "bruno",
            "email": "bruno@example.org",
            "password1": NEW_PASSWORD,
            "password2": NEW_PASSWORD,
        },
    )
    Client().post(
        reverse("league:signup"),
        {"username": "carla", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )
    users = get_user_model().objects
    assert users.get(username="bruno").email == "bruno@example.org"
    assert users.get(username="carla").email == ""


def test_the_account_page_keeps_an_e_mail_and_refuses_one_that_is_not_with_a_400() -> None:
    user = UserFactory(email="")
    client = signed_in(user)
    assert client.get(reverse("league:account")).status_code == 200
    saved = client.post(reverse("league:account_email"), {"email": "ann@example.org"})
    assert saved.status_code == 302
    user.refresh_from_db()
    assert user.email == "ann@example.org"
    refused = client.post(reverse("league:account_email"), {"email": "ann at example"})
    assert refused.status_code == 400
    user.refresh_from_db()
    assert user.email == "ann@example.org"


def test_a_deleted_account_never_logs_in_again_its_roles_end_and_its_name_is_gone() -> None:
    organiser = UserFactory()
    league = league_create(name="Garage League", organiser=organiser)
    referee = UserFactory(username="bruno")
    member_add(league=league, user=referee, role=Role.REFEREE)
    client = signed_in(referee)
    done = client.post(reverse("league:account_delete"), {"password": PASSWORD}, follow=True)
    assert ACCOUNT_DELETED in done.content.decode()
    assert not Membership.objects.filter(user=referee).exists()
    referee.refresh_from_db()
    assert not referee.is_active and not referee.has_usable_password()
    assert referee.username.startswith("former-member-") and referee.email == ""
    assert not logs_in("bruno", PASSWORD)
    assert client.get(reverse("league:account")).status_code == 302  # logged out
    assert League.objects.filter(pk=league.pk).exists()


def test_a_wrong_password_keeps_the_account() -> None:
    user = UserFactory()
    refused = signed_in(user).post(reverse("league:account_delete"), {"password": "not it"})
    assert refused.status_code == 400
    assert ACCOUNT_PASSWORD_WRONG in refused.content.decode()
    user.refresh_from_db()
    assert user.is_active


def test_the_only_organiser_of_a_league_is_refused_with_the_league_named() -> None:
    organiser = UserFactory()
    league_create(name="Garage League", organiser=organiser)
    refused = signed_in(organiser).post(reverse("league:account_delete"), {"password": PASSWORD})
    assert refused.status_code == 400
    assert "You are the only organiser of Garage League" in refused.content.decode()
    organiser.refresh_from_db()
    assert organiser.is_active


def test_the_leagues_an_organiser_runs_alone_are_listed_as_french_lists_them() -> None:
    organiser = UserFactory()
    for name in ("Garage League", "Kitchen Cup", "Attic Trophy"):
        league_create(name=name, organiser=organiser)
    refused = signed_in(organiser).post(
        reverse("league:account_delete"), {"password": PASSWORD}, HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert refused.status_code == 400
    said = refused.content.decode()
    assert re.search(r"organisateur de (\w+ \w+), (\w+ \w+) et (\w+ \w+)", said), said


def test_the_lead_organiser_of_a_league_with_another_organiser_hands_it_on() -> None:
    lead, other = UserFactory(), UserFactory()
    league = league_create(name="Garage League", organiser=lead)
    member_add(league=league, user=other, role=Role.ORGANISER)
    account_delete(user=lead, password=PASSWORD)
    league.refresh_from_db()
    assert league.organiser == other
    assert list(league.memberships.values_list("user", flat=True)) == [other.pk]


def test_an_archived_league_lets_a_member_leave() -> None:
    organiser, referee = UserFactory(), UserFactory()
    league = league_create(name="Garage League", organiser=organiser)
    member_add(league=league, user=referee, role=Role.REFEREE)
    league_archive_set(league=league, archived=True)
    account_delete(user=referee, password=PASSWORD)
    assert not league.memberships.filter(user=referee).exists()


def test_a_second_tap_on_delete_finds_the_account_gone() -> None:
    user = UserFactory()
    account_delete(user=user, password=PASSWORD)
    with pytest.raises(AlreadyDone):
        account_delete(user=user, password=PASSWORD)
