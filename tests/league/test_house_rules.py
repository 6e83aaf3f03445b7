"""A league's house rules (league/models/house_rules.py): Markdown its organiser writes, shown
safely to whoever may see the league; and, with the rulings made at the table, in its backup."""

from __future__ import annotations

import contextlib
import json
import time

import cmarkgfm
import pytest
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from league import backup
from league.models import League, Role
from league.models.house_rules import ANCHOR_PREFIX, MOST_CHARACTERS, HouseRules, headings_of
from league.models.markdown import HALF_A_CHARACTER, MOST_DEPTH, TOO_DEEP, Rendered, Unrenderable
from league.models.markdown import render as markdown_render
from league.services.errors import AlreadyDone
from league.services.house_rules import (
    HOUSE_RULES_CHANGED,
    HOUSE_RULES_UNPRINTABLE,
    StaleHouseRules,
    house_rules_set,
)
from league.services.members import member_add
from league.services.results import round_table_commit
from league.services.starts import round_run_by_hand, round_start_at_table
from races.models import Race
from races.models.rulings import Ruling
from races.services import rulings as ruling_services
from races.services.entries import race_undo
from tests.factories import UserFactory
from tests.league.test_backup import empty_database, imported
from tests.races.autopilot import drive, drive_to_finish

pytestmark = pytest.mark.django_db

RULES = "# Blocked cars\n\nA blocked car *brakes*.\n\n## Pit lane\n\n- no overtaking\n"


def render(text: str) -> Rendered:
    return markdown_render(text, anchor_prefix=ANCHOR_PREFIX)


def page_url(league: League) -> str:
    return reverse("league:house_rules", kwargs={"slug": league.slug})


def edit_url(league: League) -> str:
    return reverse("league:house_rules_edit", kwargs={"slug": league.slug})


# --- what the page shows -------------------------------------------------------------------


def test_markdown_becomes_headings_with_anchors_a_list_and_emphasis():
    shown = render(RULES)
    assert '<h1 id="rule-blocked-cars">Blocked cars</h1>' in shown.html
    assert "<em>brakes</em>" in shown.html and "<li>no overtaking</li>" in shown.html
    assert [(heading.name, heading.anchor) for heading in shown.headings] == [
        ("Blocked cars", "rule-blocked-cars"),
        ("Pit lane", "rule-pit-lane"),
    ]


@pytest.mark.parametrize(
    ("typed", "unsafe"),
    [
        ("<script>alert(1)</script>", "<script>"),
        ("Text <img src=x onerror=alert(1)> here", "<img"),
        ('<div onclick="alert(1)">block</div>', "<div"),
        ("[click](javascript:alert(1))", "javascript:"),
        ("# Title <script>x</script>", "<script>"),
    ],
)
def test_no_raw_html_or_script_link_passes(typed, unsafe):
    assert unsafe not in render(typed).html


def test_a_script_in_the_rules_is_shown_as_text_on_the_page(client, league):
    house_rules_set(league=league, text="<script>alert(1)</script>", expected_version=0)
    body = client.get(page_url(league)).content.decode()
    assert "<script>alert(1)" not in body
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body


def test_a_link_to_the_web_stays_a_link():
    shown = render("[the forum](https://example.org/rules)")
    assert '<a href="https://example.org/rules" rel="noopener noreferrer">the forum</a>' in (
        shown.html
    )


# --- the write -----------------------------------------------------------------------------


def test_the_organiser_writes_the_rules_and_each_save_moves_their_version(league):
    first = house_rules_set(league=league, text=RULES + "\r\n", expected_version=0)
    assert (first.text, first.version) == (RULES.strip(), 1)
    second = house_rules_set(league=league, text="# Other", expected_version=1)
    assert (second.text, second.version) == ("# Other", 2)
    assert HouseRules.objects.count() == 1


def test_a_form_built_on_older_rules_is_stale_and_the_same_text_already_done(league):
    house_rules_set(league=league, text=RULES, expected_version=0)
    with pytest.raises(StaleHouseRules):
        house_rules_set(league=league, text="# Mine", expected_version=0)
    with pytest.raises(AlreadyDone):
        house_rules_set(league=league, text=RULES, expected_version=0)
    assert HouseRules.objects.get().text == RULES.strip()


def test_rules_longer_than_a_league_keeps_are_refused(league):
    with pytest.raises(ValidationError) as refused:
        house_rules_set(league=league, text="x" * (MOST_CHARACTERS + 1), expected_version=0)
    assert f"at most {MOST_CHARACTERS:,}" in refused.value.messages[0]
    assert not HouseRules.objects.exists()


def test_a_nul_character_is_refused_with_the_reason_on_every_database(league):
    with pytest.raises(ValidationError) as refused:
        house_rules_set(league=league, text="# Pit\x00 lane", expected_version=0)
    assert refused.value.messages == [HOUSE_RULES_UNPRINTABLE]
    assert not HouseRules.objects.exists()


def test_the_organiser_edits_them_on_the_page_and_anyone_reads_them(client, league, organiser):
    assert "has written no house rules" in client.get(page_url(league)).content.decode()
    client.force_login(organiser)
    form = client.get(edit_url(league))
    assert form.status_code == 200 and 'name="version" value="0"' in form.content.decode()
    response = client.post(edit_url(league), {"text": RULES, "version": 0})
    assert response.status_code == 302 and response["Location"] == page_url(league)
    client.logout()
    assert '<h2 id="rule-pit-lane">Pit lane</h2>' in client.get(page_url(league)).content.decode()


def test_a_stale_edit_is_a_409_that_keeps_what_was_typed_beside_the_rules(
    client, league, organiser
):
    house_rules_set(league=league, text=RULES, expected_version=0)
    client.force_login(organiser)
    response = client.post(edit_url(league), {"text": "# My draft", "version": 0})
    body = response.content.decode()
    assert response.status_code == 409
    assert HOUSE_RULES_CHANGED.split(":")[0] in body
    assert "# My draft" in body and 'name="version" value="1"' in body


def test_only_an_organiser_edits_them(client, league):
    referee = UserFactory(username="ref")
    member_add(league=league, user=referee, role=Role.REFEREE)
    client.force_login(referee)
    assert client.get(edit_url(league)).status_code == 403
    assert client.post(edit_url(league), {"text": "# Mine", "version": 0}).status_code == 403
    assert not HouseRules.objects.exists()


def test_an_unpublished_league_s_rules_are_its_members_only(client, league):
    League.objects.filter(pk=league.pk).update(published=False)
    assert client.get(page_url(league)).status_code == 404


# --- the backup ----------------------------------------------------------------------------


def _pictured(slug: str) -> dict:
    league = League.objects.get(slug=slug)
    rulings = Ruling.objects.of_league(league.pk)
    return {
        "rules": HouseRules.objects.get(league=league).text,
        "rulings": [
            (r.race.round.number, r.event.seq, r.event.summary(), r.text, r.heading)
            for r in rulings
        ],
    }


def test_the_house_rules_and_the_rulings_survive_a_backup_and_restore(
    league, season, teams, organiser
):
    house_rules_set(league=league, text=RULES, expected_version=0)
    drivers = [driver for team in teams for driver in team.drivers.order_by("pk")]
    round_ = season.rounds.get(number=1)
    race = round_start_at_table(
        round_=round_, starters=list(zip(drivers, ("red", "blue", "green", "yellow"), strict=True))
    )
    for number, heading in enumerate(("Pit lane", "", "Blocked cars")):
        drive(race, 3, seed=number)
        race = Race.objects.select_related("round__season__league").get(pk=race.pk)
        ruling_services.ruling_add(
            race=race,
            text=f"Ruling {number} <script>",
            heading=heading,
            expected_version=race.version,
            made_by=organiser,
        )
    # A ruling whose entry undo took back is left out of the file.
    race_undo(race=race, expected_version=race.version)
    before = _pictured(league.slug)
    assert [line[3] for line in before["rulings"]] == ["Ruling 0 <script>", "Ruling 1 <script>"]
    text = backup.league_file(league)
    assert '"races.ruling"' in text and '"league.houserules"' in text

    empty_database()
    back = imported(json.loads(text))

    assert _pictured(back.slug) == before
    restored = Ruling.objects.get(text="Ruling 0 <script>")
    assert restored.made_by.username == "organiser" and restored.heading == "Pit lane"


def test_a_ruling_naming_an_entry_of_another_race_is_refused(league, season, teams):
    drivers = [driver for team in teams for driver in team.drivers.order_by("pk")]
    starters = list(zip(drivers, ("red", "blue", "green", "yellow"), strict=True))
    first = round_start_at_table(round_=season.rounds.get(number=1), starters=starters)
    first = drive_to_finish(first, seed=1)
    round_table_commit(round_=first.round, expected_race_version=first.version)
    race = round_start_at_table(round_=season.rounds.get(number=2), starters=starters)
    drive(race, 2, seed=2)
    race = Race.objects.select_related("round__season__league").get(pk=race.pk)
    ruling_services.ruling_add(race=race, text="Mine.", heading="", expected_version=race.version)
    data = backup.league_export(league)
    (ruling,) = data["tables"]["races.ruling"]
    ruling["event"] = next(
        event["id"] for event in data["tables"]["races.raceevent"] if event["race"] == first.pk
    )
    League.objects.filter(pk=league.pk).update(slug="moved", name="Moved")
    with pytest.raises(ValidationError) as refused:
        imported(data)
    assert "'races.ruling'" in refused.value.messages[0]
    assert "another race" in refused.value.messages[0]


def test_restored_by_someone_else_the_rulings_come_back_without_who_made_them(
    league, season, teams, organiser
):
    drivers = [driver for team in teams for driver in team.drivers.order_by("pk")]
    race = round_start_at_table(
        round_=season.rounds.get(number=1),
        starters=list(zip(drivers, ("red", "blue", "green", "yellow"), strict=True)),
    )
    drive(race, 3, seed=1)
    race = Race.objects.select_related("round__season__league").get(pk=race.pk)
    ruling_services.ruling_add(
        race=race, text="Kept.", heading="", expected_version=race.version, made_by=organiser
    )
    house_rules_set(league=league, text=RULES, expected_version=0)
    data = backup.league_export(league)
    restorer = UserFactory(username="restorer")

    back = imported(data, organiser=restorer)

    assert back.pk != league.pk
    assert HouseRules.objects.get(league=back).text == RULES.strip()
    (restored,) = Ruling.objects.of_league(back.pk)
    assert (restored.text, restored.made_by) == ("Kept.", None)
    assert restored.event.race.round.season.league == back


def test_a_ruling_kept_when_its_race_was_discarded_survives_a_backup_and_restore(
    league, season, teams, organiser
):
    drivers = [driver for team in teams for driver in team.drivers.order_by("pk")]
    round_ = season.rounds.get(number=1)
    race = round_start_at_table(
        round_=round_, starters=list(zip(drivers, ("red", "blue", "green", "yellow"), strict=True))
    )
    drive(race, 3, seed=1)
    race = Race.objects.select_related("round__season__league").get(pk=race.pk)
    ruling_services.ruling_add(
        race=race, text="Kept.", heading="", expected_version=race.version, made_by=organiser
    )
    round_.refresh_from_db()
    round_run_by_hand(round_=round_, expected_version=round_.version)
    kept = Ruling.objects.get()
    before = (kept.entry_number, kept.entry_words, kept.text)
    text = backup.league_file(league)

    empty_database()
    back = imported(json.loads(text))

    (restored,) = Ruling.objects.of_league(back.pk)
    assert (restored.entry_number, restored.entry_words, restored.text) == before
    assert restored.race is None and restored.of_round.season.league == back


# --- any text costs the same: rendered once, when saved ------------------------------------

# Inputs that made Python-Markdown, parsing on every GET, take time in the square of their
# length (`[`: 2 s at 4,000, over 30 s at 16,000) or overflow its stack (nested emphasis).
PATHOLOGICAL = {
    "open brackets": "[",
    "nested emphasis": None,  # `*` x 2,000, `a`, `*` x 2,000
    "links left open": "[a](",
    "images left open": "![",
    "emphasis runs": "*a",
    "alternating emphasis": "*_",
    "code spans": "`a",
    "backticks": "`",
    "underscores": "_",
    "list items": "- a\n",
    "numbered items": "1. a\n",
    "headings": "# a\n",
    "table cells": "|a",
    "entities": "&#1",
    "backslashes": "a\\",
    "tags": "<a",
    "references": "[a]: /u\n[a]",
}
# Each render is measured in CPU time, the best of three: the machine's other work is no cost
# of Paddock's.
MOST_RENDER_SECONDS = 0.050
# A whole GET of the page, served from what was kept: some 4 to 6 ms here.
MOST_GET_SECONDS = 0.020


def at_the_cap(piece: str | None) -> str:
    if piece is None:
        return "*" * 2000 + "a" + "*" * 2000
    return (piece * (MOST_CHARACTERS // len(piece) + 1))[:MOST_CHARACTERS]


def cpu_seconds(work) -> float:
    best = float("inf")
    for _ in range(3):
        started = time.process_time()
        work()
        best = min(best, time.process_time() - started)
    return best


def rendered_or_refused(text: str) -> None:
    with contextlib.suppress(Unrenderable):
        render(text)


@pytest.mark.parametrize("piece", PATHOLOGICAL.values(), ids=PATHOLOGICAL.keys())
def test_any_text_up_to_the_cap_renders_in_linear_time(piece):
    text = at_the_cap(piece)
    assert cpu_seconds(lambda: rendered_or_refused(text)) < MOST_RENDER_SECONDS


@settings(max_examples=25, deadline=None)
@given(st.text(alphabet="[]()*_`>#-|!<&\\ a1.:\n", min_size=1, max_size=12))
def test_any_pattern_repeated_to_the_cap_renders_in_linear_time(piece):
    text = at_the_cap(piece)
    assert cpu_seconds(lambda: rendered_or_refused(text)) < MOST_RENDER_SECONDS


def _no_markdown_parsed(*args, **kwargs):
    raise AssertionError("a GET parsed Markdown")


def parse_no_markdown(monkeypatch) -> None:
    """From here on the test fails if anything renders Markdown."""
    monkeypatch.setattr("league.models.house_rules.render", _no_markdown_parsed)
    monkeypatch.setattr(cmarkgfm, "markdown_to_html_with_extensions", _no_markdown_parsed)


@pytest.mark.parametrize("piece", ["[", None], ids=["open brackets", "nested emphasis"])
def test_a_get_parses_no_markdown_whatever_the_rules_hold(client, league, monkeypatch, piece):
    house_rules_set(league=league, text=at_the_cap(piece), expected_version=0)
    parse_no_markdown(monkeypatch)
    for url in (page_url(league), reverse("races:rulings", kwargs={"slug": league.slug})):
        responses: list[HttpResponse] = []
        spent = cpu_seconds(lambda url=url, responses=responses: responses.append(client.get(url)))
        assert {response.status_code for response in responses} == {200}
        assert spent < MOST_GET_SECONDS


def test_the_page_is_kept_with_the_text_when_it_is_saved(league):
    rules = house_rules_set(league=league, text=RULES, expected_version=0)
    rules = HouseRules.objects.get(pk=rules.pk)
    assert '<h2 id="rule-pit-lane">Pit lane</h2>' in rules.html
    assert rules.headings == [["Blocked cars", "rule-blocked-cars"], ["Pit lane", "rule-pit-lane"]]
    assert headings_of(league.pk) == render(RULES).headings


def test_rules_nested_deeper_than_a_page_shows_are_refused_with_the_reason(
    client, league, organiser
):
    # Each quote is a tag, and its paragraph one more.
    deep = "> " * MOST_DEPTH + "a"
    with pytest.raises(ValidationError) as refused:
        house_rules_set(league=league, text=deep, expected_version=0)
    assert refused.value.messages == [TOO_DEEP.format(depth=MOST_DEPTH + 1, most=MOST_DEPTH)]
    client.force_login(organiser)
    response = client.post(edit_url(league), {"text": deep, "version": 0})
    assert response.status_code == 400
    assert "Nest them less (nothing was saved)" in response.content.decode()
    assert not HouseRules.objects.exists()
    house_rules_set(league=league, text=deep[2:], expected_version=0)


def test_half_a_character_is_refused_not_a_500():
    with pytest.raises(Unrenderable) as refused:
        render("# Pit \ud800 lane")
    assert str(refused.value) == HALF_A_CHARACTER


def test_a_restored_backup_s_rules_are_rendered_once_at_the_restore(client, league, monkeypatch):
    house_rules_set(league=league, text=RULES, expected_version=0)
    data = backup.league_export(league)
    assert set(data["tables"]["league.houserules"][0]) == {
        "id",
        "league",
        "text",
        "version",
        "updated",
    }
    League.objects.filter(pk=league.pk).update(slug="moved", name="Moved")

    back = imported(data)

    restored = HouseRules.objects.get(league=back)
    assert restored.html == league.house_rules.html and restored.headings == [
        ["Blocked cars", "rule-blocked-cars"],
        ["Pit lane", "rule-pit-lane"],
    ]
    parse_no_markdown(monkeypatch)
    body = client.get(page_url(back)).content.decode()
    assert '<h2 id="rule-pit-lane">Pit lane</h2>' in body


def test_a_backup_bringing_a_page_of_its_own_or_rules_too_deep_is_refused(league):
    house_rules_set(league=league, text=RULES, expected_version=0)
    data = backup.league_export(league)
    League.objects.filter(pk=league.pk).update(slug="moved", name="Moved")
    (row,) = data["tables"]["league.houserules"]
    bringing = {**row, "html": "<script>alert(1)</script>"}
    with pytest.raises(ValidationError) as refused:
        imported({**data, "tables": {**data["tables"], "league.houserules": [bringing]}})
    assert "a field 'html'" in refused.value.messages[0]
    deep = {**row, "text": ">" * 100}
    with pytest.raises(ValidationError) as refused:
        imported({**data, "tables": {**data["tables"], "league.houserules": [deep]}})
    assert "Nest them less" in refused.value.messages[0]
    assert HouseRules.objects.count() == 1


def test_an_edit_in_the_admin_renders_the_rules_again(admin_client, league):
    rules = house_rules_set(league=league, text=RULES, expected_version=0)
    url = reverse("admin:league_houserules_change", args=[rules.pk])
    response = admin_client.post(url, {"text": "# Grid"})
    assert response.status_code == 302
    rules.refresh_from_db()
    assert rules.html == '<h1 id="rule-grid">Grid</h1>\n'
    assert rules.headings == [["Grid", "rule-grid"]]
