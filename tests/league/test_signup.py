"""Signing up: anyone makes an account and is signed in, to organise leagues of their own or
to open an invitation's link; a site may close it (PADDOCK_OPEN_SIGNUP)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.urls import reverse
from django.utils.html import escape

from league.management.commands.load_demo import PASSWORD as DEMO
from league.services.members import USERNAME_TAKEN
from league.views.members import SIGNED_UP
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

NEW = {"username": "casey", "password1": "long enough 1", "password2": "long enough 1"}


def test_a_newcomer_signs_up_is_signed_in_and_may_make_a_league(client):
    page = client.get(reverse("league:signup"))
    assert page.status_code == 200 and 'name="password2"' in page.text
    response = client.post(reverse("league:signup"), NEW, follow=True)
    assert response.redirect_chain == [(reverse("league:home"), 302)]
    assert escape(SIGNED_UP.format(user="casey")) in response.text
    assert response.context["user"].username == "casey"
    made = client.post(reverse("league:league_new"), {"name": "Casey's Cup"})
    assert made.status_code == 302
    assert User.objects.get(username="casey").organised_leagues.get().name == "Casey's Cup"


def test_a_name_taken_whatever_its_case_is_refused_with_the_reason(client):
    UserFactory(username="Casey")
    response = client.post(reverse("league:signup"), NEW)
    assert response.status_code == 400
    assert User.objects.filter(username__iexact="casey").count() == 1
    assert (
        "A user with that username already exists." in response.text
        or escape(USERNAME_TAKEN.format(username="casey")) in response.text
    )


def test_the_pages_offer_signing_up_where_the_site_takes_sign_ups(client, settings):
    assert reverse("league:signup") in client.get(reverse("login")).text
    assert reverse("league:signup") in client.get(reverse("league:home")).text
    settings.PADDOCK_OPEN_SIGNUP = False
    assert reverse("league:signup") not in client.get(reverse("login")).text
    assert client.get(reverse("league:signup")).status_code == 404
    assert client.post(reverse("league:signup"), NEW).status_code == 404
    assert not User.objects.filter(username="casey").exists()


def test_someone_signed_in_is_sent_home(client):
    client.force_login(UserFactory(username="ann"))
    assert client.get(reverse("league:signup")).url == reverse("league:home")


@pytest.mark.parametrize(
    ("username", "password", "reason"),
    [
        ("casey", "12345678", "This password is too short"),
        ("casey", "123456789012", "This password is entirely numeric"),
        ("casey", "password", "This password is too common"),
        ("casey", "aaaaaaaa", "This password is too short"),
        ("casey", "qwertyui", "This password is too short"),
        ("casey", "qwertyuiop123", "This password is too common"),
        ("casey-the-organiser", "casey-the-organiser", "too similar to the username"),
        ("casey", "eleven char", "It must contain at least 12 characters"),
    ],
)
def test_a_weak_password_is_refused_with_the_reason(client, username, password, reason):
    """Issue 29: 12345678, password, aaaaaaaa, qwertyui and the user name itself made accounts."""
    post = {"username": username, "password1": password, "password2": password}
    response = client.post(reverse("league:signup"), post)
    assert response.status_code == 400
    assert reason in response.text
    assert not User.objects.exists()


def test_the_demo_and_test_passwords_pass_the_checks():
    for password in (DEMO, PASSWORD, NEW["password1"]):
        validate_password(password, User(username="casey"))
