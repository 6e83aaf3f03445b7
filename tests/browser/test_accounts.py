"""A forgotten password, as its owner meets it: the login page's link, the mail, the link in the
mail opened in the browser, a new password, and logging in with it."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)

NEW_PASSWORD = "a brand new passphrase"


def test_the_reset_link_sent_by_e_mail_sets_a_new_password_that_logs_in(
    page: Page, live_server, login, django_user_model
):
    django_user_model.objects.create_user(
        "bruno", email="bruno@example.org", password="forgotten-long-ago"
    )
    page.goto(f"{live_server.url}/login/")
    page.get_by_role("link", name="Forgotten your password?").click()
    page.get_by_label("Email").fill("bruno@example.org")
    page.get_by_role("button", name="Send me the link").click()
    expect(page.get_by_role("heading", name="Look in your mail")).to_be_visible()

    (message,) = mail.outbox
    link = re.search(r"https?://\S+/accounts/reset/\S+/", message.body).group(0)
    page.goto(link)
    expect(page.get_by_role("heading", name="Choose a new password")).to_be_visible()
    page.locator("#id_new_password1").fill(NEW_PASSWORD)
    page.locator("#id_new_password2").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Set my new password").click()
    expect(page.get_by_role("heading", name="Password set")).to_be_visible()

    login("bruno", NEW_PASSWORD)
    expect(page.get_by_role("link", name="Account")).to_be_visible()
