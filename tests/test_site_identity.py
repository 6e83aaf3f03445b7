"""A look of its own (issue 21): the mark as favicon and app icon, a web app manifest that
installs the site to a phone's home screen, a description for every page, no script holding up
the first paint, the system's dark theme followed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

from config.errors import server_error

pytestmark = pytest.mark.django_db


def test_favicon_ico_is_the_mark_never_a_404(client: Client):
    response = client.get("/favicon.ico")
    assert response.status_code == 302
    assert finders.find(response.url.removeprefix("/static/"))


def test_the_manifest_installs_the_site_from_its_home_page(client: Client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/manifest+json")
    manifest = json.loads(response.content)
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert finders.find(icon["src"].removeprefix("/static/")), icon


def test_every_page_names_its_icon_manifest_and_description_and_defers_its_scripts(
    client: Client,
):
    page = client.get("/").content.decode()
    head = page.split("</head>")[0]
    # The mark, written into the page (issue 30: no request of its own).
    assert '<link rel="icon" href="data:image/svg+xml,' in head
    assert '<link rel="manifest" href="/manifest.webmanifest">' in head
    assert re.search(r'<meta name="description" content="[^"]{40,}">', head)
    assert '<meta name="color-scheme" content="light dark">' in head
    scripts = re.findall(r"<script[^>]*>", page)
    assert scripts and all(" defer" in script for script in scripts), scripts


def test_the_dark_theme_follows_the_system():
    css = Path(finders.find("css/paddock.css")).read_text()
    dark = css.split("@media (prefers-color-scheme: dark)")[1]
    assert "--bs-body-bg:#212529" in dark and "color-scheme:dark" in dark


def test_an_address_that_leads_nowhere_is_the_sites_own_page(client: Client):
    response = client.get("/no-such-league/")
    assert response.status_code == 404
    page = response.content.decode()
    # Not Django's bare "Not Found": the site's look, a sentence, the way back.
    assert '<nav class="navbar' in page
    assert "Back to the leagues" in page


def test_a_fault_of_the_site_answers_with_the_sites_own_page(rf):
    response = server_error(rf.get("/"))
    assert response.status_code == 500
    page = response.content.decode()
    assert "Something went wrong" in page and "Back to the leagues" in page
