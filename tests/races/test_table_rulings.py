"""Rulings kept with the turn (races/models/rulings.py): the referee attaches a ruling to the
entry just made; it shows on the round page and the league's Rulings page with the entry in
words; a stale form, a double tap, undo and bad input are each answered as the rest of the
table's writes."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from league.models import League, Role
from league.services.errors import AlreadyDone
from league.services.house_rules import house_rules_set
from league.services.leagues import league_archive_set
from league.services.members import member_add
from league.services.starts import round_run_by_hand
from races.models import Race, RaceEvent
from races.models.rulings import MOST_CHARACTERS, Ruling
from races.services import rulings as ruling_services
from races.services.entries import RACE_COMMITTED, StaleRace, race_undo, undo_target
from tests.factories import UserFactory
from tests.pages import html_of
from tests.races.autopilot import drive

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
RULES = "# Blocked cars\n\nA blocked car brakes.\n\n## Pit lane\n\nNo overtaking in the pits."


def driven(race: Race, events: int = 4) -> Race:
    drive(race, events, seed=3)
    race.refresh_from_db()
    return Race.objects.select_related("round__season__league").get(pk=race.pk)


def rule(race: Race, text: str = "The red car may brake twice.", heading: str = "", **more):
    return ruling_services.ruling_add(
        race=race, text=text, heading=heading, expected_version=race.version, **more
    )


def ruling_url(race: Race) -> str:
    return reverse("races:ruling_new", kwargs={"race_id": race.pk})


def rulings_url(league: League) -> str:
    return reverse("races:rulings", kwargs={"slug": league.slug})


# --- the service ---------------------------------------------------------------------------


def test_a_ruling_goes_with_the_referee_s_latest_entry_and_leaves_the_race_as_it_was(race):
    race = driven(race)
    entry = undo_target(race)
    version, seq = race.version, race.seq

    ruling = rule(race, "  The red car\nmay brake twice. ")

    assert ruling.event == entry and ruling.race == race
    assert ruling.text == "The red car may brake twice."
    race.refresh_from_db()
    assert (race.version, race.seq) == (version, seq)


def test_a_ruling_names_a_heading_of_the_house_rules_or_none(race, league):
    house_rules_set(league=league, text=RULES, expected_version=0)
    race = driven(race)
    with pytest.raises(ValidationError) as refused:
        rule(race, heading="Weather")
    assert refused.value.messages == [ruling_services.NO_SUCH_HEADING.format(heading="Weather")]
    assert rule(race, heading="Pit lane").heading == "Pit lane"


def test_a_form_built_before_another_entry_is_stale_and_writes_nothing(race):
    race = driven(race)
    version = race.version
    drive(race, 1, seed=5)
    with pytest.raises(StaleRace):
        ruling_services.ruling_add(
            race=race, text="Too late.", heading="", expected_version=version
        )
    assert not Ruling.objects.exists()


def test_the_same_ruling_twice_is_already_done_and_another_on_the_same_entry_refused(race):
    race = driven(race)
    rule(race, "Spin: lose a gear.")
    with pytest.raises(AlreadyDone):
        rule(race, "Spin: lose a gear.")
    with pytest.raises(ValidationError) as refused:
        rule(race, "Something else.")
    assert "has a ruling already" in refused.value.messages[0]
    assert Ruling.objects.count() == 1


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("   ", ruling_services.RULING_EMPTY),
        ("Red\x00brakes.", ruling_services.RULING_UNPRINTABLE),
        (
            "x" * (MOST_CHARACTERS + 1),
            ruling_services.RULING_TOO_LONG.format(
                most=MOST_CHARACTERS, length=MOST_CHARACTERS + 1
            ),
        ),
    ],
)
def test_an_empty_or_overlong_ruling_is_refused_with_the_reason(race, text, reason):
    race = driven(race)
    with pytest.raises(ValidationError) as refused:
        rule(race, text)
    assert refused.value.messages == [reason]


def test_no_ruling_before_the_first_entry(race):
    with pytest.raises(ValidationError) as refused:
        rule(Race.objects.select_related("round__season__league").get(pk=race.pk))
    assert refused.value.messages == [ruling_services.NO_ENTRY_YET]


def test_undo_takes_the_ruling_with_its_entry_and_a_new_entry_at_that_seq_has_none(race, league):
    race = driven(race)
    ruled = rule(race, "Taken back with its entry.")
    seq = ruled.event.seq
    # Undo deletes the log's rows in one statement: no constraint of the ruling refuses it.
    race_undo(race=race, expected_version=race.version)
    drive(race, 1, seed=8)
    race.refresh_from_db()
    assert RaceEvent.objects.filter(race=race, seq=seq).exists()
    assert list(Ruling.objects.of_league(league.pk)) == []
    # The next ruling of the race clears the one left behind.
    race = Race.objects.select_related("round__season__league").get(pk=race.pk)
    rule(race, "A new one.")
    assert list(Ruling.objects.values_list("text", flat=True)) == ["A new one."]


def test_a_committed_race_takes_no_ruling(race):
    race = driven(race)
    Race.objects.filter(pk=race.pk).update(finished_at=race.created)
    race.refresh_from_db()
    with pytest.raises(ValidationError) as refused:
        rule(race)
    assert refused.value.messages == [RACE_COMMITTED]


# --- the pages -----------------------------------------------------------------------------


def test_the_referee_attaches_a_ruling_and_it_shows_on_the_round_and_rulings_pages(
    client, race, league
):
    referee = UserFactory(username="ref")
    member_add(league=league, user=referee, role=Role.REFEREE)
    client.force_login(referee)
    race = driven(race)
    entry = undo_target(race)

    page = client.get(ruling_url(race))
    assert page.status_code == 200
    assert f"Entry #{entry.seq}:" in html_of(page)
    response = client.post(ruling_url(race), {"text": "Red may brake.", "version": race.version})
    assert response.status_code == 302 and response["Location"] == race.get_absolute_url()

    round_page = html_of(client.get(race.round.get_absolute_url()))
    assert "Red may brake." in round_page and entry.summary() in round_page
    listing = html_of(client.get(rulings_url(league)))
    assert "Red may brake." in listing
    log = html_of(client.get(reverse("races:log", kwargs={"race_id": race.pk})))
    assert f'id="ruling-{entry.seq}"><strong>Ruling:</strong> Red may brake.' in log
    assert f"entry #{entry.seq}" in listing and entry.summary() in listing


def test_with_htmx_the_form_alone_comes_back_with_the_ruling_made(client_organiser, race):
    race = driven(race)
    response = client_organiser.post(
        ruling_url(race), {"text": "Agreed.", "version": race.version}, **HTMX
    )
    body = response.content.decode()
    assert response.status_code == 200 and 'id="ruling-made"' in body
    assert "<html" not in body


def test_a_stale_form_is_a_409_with_the_reason_and_a_double_tap_says_so(client_organiser, race):
    race = driven(race)
    version = race.version
    drive(race, 1, seed=5)
    race.refresh_from_db()
    stale = client_organiser.post(ruling_url(race), {"text": "Late.", "version": version})
    assert stale.status_code == 409
    assert "Another device changed this race first" in stale.content.decode()
    post = {"text": "Once.", "version": race.version}
    assert client_organiser.post(ruling_url(race), post).status_code == 302
    again = client_organiser.post(ruling_url(race), post, follow=True)
    assert "is attached to entry" in again.content.decode()
    assert Ruling.objects.count() == 1


def test_a_form_without_its_version_or_text_is_a_400_with_the_reason(client_organiser, race):
    race = driven(race)
    no_version = client_organiser.post(ruling_url(race), {"text": "Hm."})
    assert no_version.status_code == 400 and "reload the page" in no_version.content.decode()
    empty = client_organiser.post(ruling_url(race), {"text": " ", "version": race.version})
    assert empty.status_code == 400
    assert ruling_services.RULING_EMPTY in empty.content.decode()
    assert not Ruling.objects.exists()


def test_a_script_in_a_ruling_is_shown_as_text(client_organiser, race, league):
    race = driven(race)
    rule(race, "<script>alert('ruled')</script>")
    log_url = reverse("races:log", kwargs={"race_id": race.pk})
    for url in (rulings_url(league), race.round.get_absolute_url(), ruling_url(race), log_url):
        body = client_organiser.get(url).content.decode()
        assert "<script>alert" not in body, url
        assert "&lt;script&gt;alert(&#x27;ruled&#x27;)&lt;/script&gt;" in body, url


def test_a_heading_links_to_its_rule_on_the_house_rules_page(client, race, league):
    house_rules_set(league=league, text=RULES, expected_version=0)
    race = driven(race)
    rule(race, heading="Pit lane")
    body = html_of(client.get(rulings_url(league)))
    house_rules = reverse("league:house_rules", kwargs={"slug": league.slug})
    assert f'href="{house_rules}#rule-pit-lane">Pit lane</a>' in body
    assert 'id="rule-pit-lane"' in html_of(client.get(house_rules))


def test_an_unpublished_league_s_rulings_are_its_members_only(client, race, league):
    race = driven(race)
    rule(race)
    assert client.get(rulings_url(league)).status_code == 200
    League.objects.filter(pk=league.pk).update(published=False)
    assert client.get(rulings_url(league)).status_code == 404


def test_the_rulings_page_reads_the_same_queries_for_one_ruling_or_many(
    client, race, league, django_assert_max_num_queries
):
    race = driven(race, 2)
    rule(race, "First.")
    with django_assert_max_num_queries(5) as few:
        client.get(rulings_url(league))
    for number in range(6):
        drive(race, 1, seed=20 + number)
        race = Race.objects.select_related("round__season__league").get(pk=race.pk)
        rule(race, f"Ruling {number}.")
    # An entry its rule set does not put in words is said from its data, read with it.
    RaceEvent.objects.filter(race=race).update(text="")
    with django_assert_max_num_queries(len(few.captured_queries)):
        body = client.get(rulings_url(league)).content.decode()
    assert "Ruling 5." in body
    last = Ruling.objects.get(text="Ruling 5.").event
    assert last.summary() in body


def test_the_admin_lists_the_rulings_and_the_house_rules(admin_client, race, league):
    house_rules_set(league=league, text="# Pit lane", expected_version=0)
    race = driven(race)
    ruling = rule(race, "Shown in the admin.")
    for name, row in (("races_ruling", ruling), ("league_houserules", league.house_rules)):
        listing = admin_client.get(reverse(f"admin:{name}_changelist"))
        assert listing.status_code == 200 and listing.context["cl"].result_count == 1
        assert admin_client.get(reverse(f"admin:{name}_change", args=[row.pk])).status_code == 200
    # A ruling whose entry undo took back is not there to open.
    race_undo(race=race, expected_version=race.version)
    listing = admin_client.get(reverse("admin:races_ruling_changelist"))
    assert listing.context["cl"].result_count == 0


def test_a_double_tap_with_htmx_gets_the_form_in_place_not_the_turn_page(client_organiser, race):
    race = driven(race)
    post = {"text": "Once.", "version": race.version}
    client_organiser.post(ruling_url(race), post, **HTMX)
    again = client_organiser.post(ruling_url(race), post, **HTMX)
    body = again.content.decode()
    assert again.status_code == 200 and 'id="ruling-made"' in body
    assert "is attached to entry" in body and "<html" not in body
    assert Ruling.objects.count() == 1


def test_an_archived_league_s_race_offers_no_ruling_form(client_organiser, race, league):
    race = driven(race)
    league_archive_set(league=league, archived=True)
    body = client_organiser.get(ruling_url(race)).content.decode()
    assert 'name="text"' not in body
    response = client_organiser.post(ruling_url(race), {"text": "No.", "version": race.version})
    assert response.status_code == 403 and not Ruling.objects.exists()


def test_discarding_the_race_at_the_table_keeps_its_rulings_with_the_round(
    client_organiser, race, league
):
    race = driven(race)
    rule(race)
    entry = undo_target(race)
    round_ = race.round
    round_.refresh_from_db()
    gone = round_run_by_hand(
        round_=round_, expected_version=round_.version, expected_race_version=race.version
    )
    assert (gone.events, gone.rulings) == (race.seq, 1)
    assert not Race.objects.exists()
    ruling = Ruling.objects.get()
    assert (ruling.race, ruling.event, ruling.round) == (None, None, round_)
    assert (ruling.entry_number, ruling.entry_words) == (entry.seq, entry.summary())
    assert list(Ruling.objects.of_league(league.pk)) == [ruling]
    assert list(Ruling.objects.of_round(round_.pk)) == [ruling]
    page = html_of(client_organiser.get(rulings_url(league)))
    assert "The red car may brake twice." in page and f"entry #{entry.seq}" in page
    assert "discarded for a typed result" in page
    round_page = html_of(client_organiser.get(round_.get_absolute_url()))
    assert "The red car may brake twice." in round_page
