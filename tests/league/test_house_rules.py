"""A league's house rules (league/house_rules.py): Markdown its organiser writes, shown safely
to whoever may see the league; and, with the rulings made at the table, in its backup."""

from __future__ import annotations

import json

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from league import backup, services
from league.house_rules import MOST_CHARACTERS, HouseRules, render
from league.models import League, Role
from races import ruling_services
from races import services as race_services
from races.models import Race
from races.rulings import Ruling
from tests.factories import UserFactory
from tests.league.test_backup import empty_database, imported
from tests.races.autopilot import drive, drive_to_finish

pytestmark = pytest.mark.django_db

RULES = "# Blocked cars\n\nA blocked car *brakes*.\n\n## Pit lane\n\n- no overtaking\n"


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
    services.house_rules_set(league=league, text="<script>alert(1)</script>", expected_version=0)
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
    first = services.house_rules_set(league=league, text=RULES + "\r\n", expected_version=0)
    assert (first.text, first.version) == (RULES.strip(), 1)
    second = services.house_rules_set(league=league, text="# Other", expected_version=1)
    assert (second.text, second.version) == ("# Other", 2)
    assert HouseRules.objects.count() == 1


def test_a_form_built_on_older_rules_is_stale_and_the_same_text_already_done(league):
    services.house_rules_set(league=league, text=RULES, expected_version=0)
    with pytest.raises(services.StaleHouseRules):
        services.house_rules_set(league=league, text="# Mine", expected_version=0)
    with pytest.raises(services.AlreadyDone):
        services.house_rules_set(league=league, text=RULES, expected_version=0)
    assert HouseRules.objects.get().text == RULES.strip()


def test_rules_longer_than_a_league_keeps_are_refused(league):
    with pytest.raises(ValidationError) as refused:
        services.house_rules_set(
            league=league, text="x" * (MOST_CHARACTERS + 1), expected_version=0
        )
    assert "at most 50,000" in refused.value.messages[0]
    assert not HouseRules.objects.exists()


def test_a_nul_character_is_refused_with_the_reason_on_every_database(league):
    with pytest.raises(ValidationError) as refused:
        services.house_rules_set(league=league, text="# Pit\x00 lane", expected_version=0)
    assert refused.value.messages == [services.HOUSE_RULES_UNPRINTABLE]
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
    services.house_rules_set(league=league, text=RULES, expected_version=0)
    client.force_login(organiser)
    response = client.post(edit_url(league), {"text": "# My draft", "version": 0})
    body = response.content.decode()
    assert response.status_code == 409
    assert services.HOUSE_RULES_CHANGED.split(":")[0] in body
    assert "# My draft" in body and 'name="version" value="1"' in body


def test_only_an_organiser_edits_them(client, league):
    referee = UserFactory(username="ref")
    services.member_add(league=league, user=referee, role=Role.REFEREE)
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
    services.house_rules_set(league=league, text=RULES, expected_version=0)
    drivers = [driver for team in teams for driver in team.drivers.order_by("pk")]
    round_ = season.rounds.get(number=1)
    race = services.round_start_at_table(
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
    race_services.race_undo(race=race, expected_version=race.version)
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
    first = services.round_start_at_table(round_=season.rounds.get(number=1), starters=starters)
    first = drive_to_finish(first, seed=1)
    services.round_table_commit(round_=first.round, expected_race_version=first.version)
    race = services.round_start_at_table(round_=season.rounds.get(number=2), starters=starters)
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
    race = services.round_start_at_table(
        round_=season.rounds.get(number=1),
        starters=list(zip(drivers, ("red", "blue", "green", "yellow"), strict=True)),
    )
    drive(race, 3, seed=1)
    race = Race.objects.select_related("round__season__league").get(pk=race.pk)
    ruling_services.ruling_add(
        race=race, text="Kept.", heading="", expected_version=race.version, made_by=organiser
    )
    services.house_rules_set(league=league, text=RULES, expected_version=0)
    data = backup.league_export(league)
    restorer = UserFactory(username="restorer")

    back = imported(data, organiser=restorer)

    assert back.pk != league.pk
    assert HouseRules.objects.get(league=back).text == RULES.strip()
    (restored,) = Ruling.objects.of_league(back.pk)
    assert (restored.text, restored.made_by) == ("Kept.", None)
    assert restored.event.race.round.season.league == back
