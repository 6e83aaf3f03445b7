"""The members page, an invitation's link and the restore page on a 390 px phone: no sideways
scrolling, and their flows work as a person would run them (issue 12)."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect

from league import backup
from league.models import League, Role
from league.services.leagues import league_create
from league.services.teams import team_create
from tests.league.test_backup import ended_season_league

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"width": 390, "height": 844}


def fits(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], (page.url, width)


def test_the_organiser_invites_a_referee_who_joins_and_then_shares_the_organising(
    page: Page, browser: Browser, live_server, login, django_user_model
):
    organiser = django_user_model.objects.create_user("organiser", password="secret-pass")
    league = league_create(name="A garage league with a long name", organiser=organiser)
    team_create(league=league, name="Red Herrings of the North", driver_names=["Ann", "Bob"])
    login("organiser", "secret-pass")
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + reverse("league:members", args=[league.slug]))
    expect(page.get_by_text("The last organiser: make another")).to_be_visible()
    fits(page)

    page.get_by_label("Role", exact=True).select_option(
        label="Team owner of Red Herrings of the North"
    )
    page.get_by_role("button", name="Make an invitation link").click()
    page.get_by_label("Role", exact=True).select_option(value="referee")
    page.get_by_role("button", name="Make an invitation link").click()
    sent = page.get_by_role("alert").filter(has_text="Send this link to the Referee")
    link = re.search(r"https?://\S+/join/[\w-]+/", sent.inner_text()).group(0)
    expect(page.locator("#invitations li")).to_have_count(2)
    fits(page)  # the message's long link and the two listed wrap

    newcomer = browser.new_context(viewport=PHONE)
    joining = newcomer.new_page()
    joining.goto(link)
    expect(
        joining.get_by_text("You are invited to A garage league with a long name")
    ).to_be_visible()
    fits(joining)
    joining.get_by_label("Username").fill("jane")
    joining.locator("#id_password1").fill("long enough 1")
    joining.locator("#id_password2").fill("long enough 1")
    joining.get_by_role("button", name="Join").click()
    expect(
        joining.get_by_text("Welcome to A garage league with a long name, as Referee")
    ).to_be_visible()
    fits(joining)

    page.reload()
    jane = page.locator("#members li").filter(has_text="jane")
    jane.get_by_label("Role of jane").select_option(value="organiser")
    jane.get_by_role("button", name="Change the role").click()
    expect(page.get_by_text("jane is now Organiser.")).to_be_visible()
    expect(page.get_by_text("The last organiser: make another")).to_have_count(0)
    fits(page)
    # She now runs the members page as much as the first organiser does.
    joining.goto(live_server.url + reverse("league:members", args=[league.slug]))
    expect(joining.get_by_role("heading", name="Members")).to_be_visible()
    fits(joining)
    assert League.objects.get(pk=league.pk).can_manage(
        django_user_model.objects.get(username="jane")
    )
    newcomer.close()


def test_a_league_is_restored_from_its_backup_file_on_a_phone(
    page: Page, live_server, login, django_user_model, tmp_path
):
    organiser = django_user_model.objects.create_user("organiser", password="secret-pass")
    data = json.loads(backup.league_file(ended_season_league(organiser)))
    data["tables"]["league.league"][0].update(slug="old-hands-again", name="Old Hands again")
    good = tmp_path / "paddock-old-hands-again.json"
    good.write_text(json.dumps(data))
    bad = tmp_path / "holiday-photo.json"
    bad.write_bytes(b"\x89PNG not a backup")
    login("organiser", "secret-pass")
    page.set_viewport_size(PHONE)

    page.goto(live_server.url + reverse("league:league_new"))
    page.get_by_role("link", name="Restore the league from it").click()
    expect(page.get_by_role("heading", name="Restore a league from a backup")).to_be_visible()
    fits(page)
    page.get_by_label("Backup file").set_input_files(bad)
    page.get_by_role("button", name="Restore the league").click()
    expect(page.locator("#restore-error")).to_contain_text("cannot be read as JSON")
    fits(page)
    assert not League.objects.filter(slug="old-hands-again").exists()

    page.get_by_label("Backup file").set_input_files(good)
    page.get_by_role("button", name="Restore the league").click()
    page.wait_for_url(f"{live_server.url}/old-hands-again/")
    expect(page.get_by_text("Old Hands again is restored")).to_be_visible()
    expect(page.locator("#season-history")).to_contain_text("Champions")
    fits(page)
    restored = League.objects.get(slug="old-hands-again")
    assert restored.organiser == organiser
    assert restored.memberships.get(user=organiser).role == Role.ORGANISER
