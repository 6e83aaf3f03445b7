"""The round page's writes carry the round's version: a double tap, a stale tab or a second
device never records a result twice or silently replaces one, and a round is run one way at a
time (by hand on this page, or at the table with the turn helper)."""

from __future__ import annotations

import pytest

from league.models import Entry, Round, RoundStatus
from league.services.starts import round_start_at_table
from races.models import Race
from races.services.entries import StaleRace, race_undo
from rules import engine
from tests.league.test_views import result_data, round_url, start_everyone
from tests.races.autopilot import drive

pytestmark = pytest.mark.django_db

FOUR_FINISH = {
    "Ann": {"outcome": "finished", "place": "1"},
    "Bob": {"outcome": "finished", "place": "2"},
    "Cid": {"outcome": "finished", "place": "3"},
    "Dot": {"outcome": "finished", "place": "4"},
}
DOT_OVERSHOOTS_BY_2 = {
    **FOUR_FINISH,
    "Dot": {"outcome": "overshoot", "distance": "40", "overshoot": "2"},
}
REVERSED = {
    "Ann": {"outcome": "finished", "place": "3"},
    "Bob": {"outcome": "finished", "place": "2"},
    "Cid": {"outcome": "overshoot", "distance": "40", "overshoot": "2"},
    "Dot": {"outcome": "finished", "place": "1"},
}


def version_of(round_: Round) -> int:
    return Round.objects.values_list("version", flat=True).get(pk=round_.pk)


def post_result(client, round_: Round, lines: dict, version: int):
    entries = list(round_.entries.select_related("driver"))
    data = {**result_data(entries, lines), "version": version}
    return client.post(round_url(round_, "result"), data)


@pytest.fixture
def started(season, teams) -> Round:
    round_ = season.rounds.get(number=1)
    start_everyone(round_, teams)
    return round_


def test_a_double_tap_on_the_injury_keypad_records_one_roll(client_organiser, started):
    """Dot out by an overshoot of 2: a 16 on the first column means "roll the next column";
    the same tap posted twice must not be read as a second roll."""
    assert (
        post_result(client_organiser, started, DOT_OVERSHOOTS_BY_2, version_of(started)).status_code
        == 302
    )
    dot = started.entries.get(driver__name="Dot")
    tap = {"entry": dot.pk, "value": 16, "version": version_of(started)}
    first = client_organiser.post(round_url(started, "injury_roll"), tap)
    second = client_organiser.post(round_url(started, "injury_roll"), tap)
    assert first.status_code == 302
    assert second.status_code == 409
    assert "Someone else changed this round first" in second.text
    dot.refresh_from_db()
    assert dot.injury_rolls == [16]
    assert "Roll the <strong>black die</strong> against the <strong>Violet</strong>" in second.text


def test_a_stale_result_form_is_refused_and_keeps_the_roll_already_entered(
    client_organiser, started
):
    built = version_of(started)  # both tabs were opened now
    assert post_result(client_organiser, started, DOT_OVERSHOOTS_BY_2, built).status_code == 302
    dot = started.entries.get(driver__name="Dot")
    client_organiser.post(
        round_url(started, "injury_roll"),
        {"entry": dot.pk, "value": 16, "version": version_of(started)},
    )
    response = post_result(client_organiser, started, REVERSED, built)  # tab B, built before
    assert response.status_code == 409
    places = dict(started.entries.values_list("driver__name", "place"))
    assert places == {"Ann": 1, "Bob": 2, "Cid": 3, "Dot": 4}
    dot.refresh_from_db()
    assert dot.injury_rolls == [16]


def test_a_confirmation_from_a_tab_showing_another_result_is_refused(client_organiser, started):
    assert (
        post_result(client_organiser, started, FOUR_FINISH, version_of(started)).status_code == 302
    )
    shown_in_tab_a = version_of(started)
    assert post_result(client_organiser, started, REVERSED, shown_in_tab_a).status_code == 302
    # Tab B's result is complete (Cid out by 2 rolls a safe 19): tab A, still showing its own,
    # would have confirmed it.
    cid = started.entries.get(driver__name="Cid")
    rolled = client_organiser.post(
        round_url(started, "injury_roll"),
        {"entry": cid.pk, "value": 19, "version": version_of(started)},
    )
    assert rolled.status_code == 302
    assert "Every injury check is settled" in client_organiser.get(round_url(started)).text
    response = client_organiser.post(round_url(started, "commit"), {"version": shown_in_tab_a})
    assert response.status_code == 409
    started.refresh_from_db()
    assert started.status == RoundStatus.STARTED


def test_a_form_without_its_version_is_refused(client_organiser, started):
    entries = list(started.entries.select_related("driver"))
    response = client_organiser.post(
        round_url(started, "result"), result_data(entries, FOUR_FINISH)
    )
    assert response.status_code == 400
    assert "reload the page" in response.text
    assert not Entry.objects.filter(place__isnull=False).exists()


def test_correcting_a_result_keeps_the_rolls_of_cars_whose_outcome_is_unchanged(
    client_organiser, started
):
    assert (
        post_result(client_organiser, started, DOT_OVERSHOOTS_BY_2, version_of(started)).status_code
        == 302
    )
    dot = started.entries.get(driver__name="Dot")
    client_organiser.post(
        round_url(started, "injury_roll"),
        {"entry": dot.pk, "value": 16, "version": version_of(started)},
    )
    swapped = {**DOT_OVERSHOOTS_BY_2, "Ann": {"outcome": "finished", "place": "2"}}
    swapped["Bob"] = {"outcome": "finished", "place": "1"}
    assert post_result(client_organiser, started, swapped, version_of(started)).status_code == 302
    dot.refresh_from_db()
    assert dot.injury_rolls == [16]


# --- One way at a time: by hand or at the table ----------------------------------------------


@pytest.fixture
def at_table(season, teams) -> Race:
    round_ = season.rounds.get(number=1)
    drivers = [driver for team in teams for driver in team.drivers.order_by("pk")]
    cars = ("red", "blue", "green", "yellow")
    return round_start_at_table(round_=round_, starters=list(zip(drivers, cars, strict=True)))


def test_a_round_run_at_the_table_refuses_a_result_typed_by_hand(client_organiser, at_table):
    round_ = at_table.round
    response = post_result(client_organiser, round_, FOUR_FINISH, version_of(round_))
    assert response.status_code == 400
    assert "being run with the turn helper" in response.text
    assert not Entry.objects.filter(place__isnull=False).exists()
    response = client_organiser.post(round_url(round_, "commit"), {"version": version_of(round_)})
    assert response.status_code == 400
    round_.refresh_from_db()
    assert round_.status == RoundStatus.STARTED


def test_switching_to_hand_entry_says_what_is_discarded_and_then_discards_it(
    client_organiser, at_table
):
    drive(at_table, 6)
    round_ = at_table.round
    page = client_organiser.get(round_url(round_))
    assert f"{at_table.seq} events entered at the table" in page.text
    response = client_organiser.post(
        round_url(round_, "by_hand"),
        {"version": version_of(round_), "race_version": at_table.version},
    )
    assert response.status_code == 302
    assert not Race.objects.exists()
    assert post_result(client_organiser, round_, FOUR_FINISH, version_of(round_)).status_code == 302
    # The other phone, still on the turn page, is told the race is gone: no silent writes.
    stale = client_organiser.post(
        at_table.get_absolute_url(), {"kind": "weather_roll", "value": 3, "version": 6}
    )
    assert stale.status_code == 404


def test_switching_to_the_table_says_what_is_discarded_and_then_discards_it(
    client_organiser, started
):
    assert (
        post_result(client_organiser, started, DOT_OVERSHOOTS_BY_2, version_of(started)).status_code
        == 302
    )
    page = client_organiser.get(round_url(started))
    assert "Run it with the turn helper instead" in page.text
    confirm = client_organiser.get(round_url(started, "table"))
    assert "discards the result entered by hand" in confirm.text
    response = client_organiser.post(
        round_url(started, "table"), {"take_over": "", "version": version_of(started)}
    )
    race = Race.objects.get(round=started)
    assert response.status_code == 302 and response.url == race.get_absolute_url()
    assert not Entry.objects.filter(place__isnull=False).exists()
    assert list(Entry.objects.values_list("injury_rolls", flat=True)) == [[]] * 4
    cars = [car.car for car in engine.setup_from_dict(race.setup).cars]
    assert sorted(cars) == sorted(started.entries.values_list("car", flat=True))


def test_a_stale_or_refused_discard_is_a_4xx_on_the_round_page(client_organiser, at_table):
    round_ = at_table.round
    url = round_url(round_, "by_hand")
    stale = client_organiser.post(url, {"version": version_of(round_) - 1, "race_version": 0})
    assert stale.status_code == 409 and "Someone else changed this round first" in stale.text
    assert Race.objects.filter(pk=at_table.pk).exists()
    client_organiser.post(url, {"version": version_of(round_), "race_version": 0})
    again = client_organiser.post(url, {"version": version_of(round_), "race_version": 0})
    assert again.status_code == 400 and "has no race running at the table" in again.text


def test_a_discard_from_a_page_that_showed_fewer_events_is_refused(client_organiser, at_table):
    """The page said "3 events"; the table entered more since: discarding would lose what the
    referee was never shown."""
    drive(at_table, 3)
    round_ = at_table.round
    shown = Race.objects.get(pk=at_table.pk).version
    drive(at_table, 5, seed=2)
    seq = Race.objects.get(pk=at_table.pk).seq
    response = client_organiser.post(
        round_url(round_, "by_hand"),
        {"version": version_of(round_), "race_version": shown},
    )
    assert response.status_code == 409 and "has moved on since this page was built" in response.text
    assert Race.objects.get(pk=at_table.pk).seq == seq


def test_an_entry_on_a_race_discarded_meanwhile_is_a_404_not_a_500(client_organiser, at_table):
    read = Race.objects.for_entry(at_table.pk)
    at_table.delete()
    with pytest.raises(StaleRace, match="no longer at the table"):
        race_undo(race=read, expected_version=read.version)
    response = client_organiser.post(
        read.get_absolute_url(), {"kind": "qualifying_roll", "car": "red", "value": 3, "version": 0}
    )
    assert response.status_code == 404
