"""Changing the starters of a started round, or cancelling its start, before its result is
begun: by hand on the round page or at the table, nothing is left behind."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import ValidationError

from league.models import Driver, Entry, Round, RoundStatus
from league.services.errors import AlreadyDone, StaleRound
from league.services.results import EntryOutcome, round_result_enter
from league.services.starts import (
    RACE_HAS_EVENTS,
    RESULT_BEGUN,
    round_start,
    round_start_at_table,
    round_start_cancel,
    round_starters_change,
    starters_change_refusal,
)
from races.models import Race, RaceEvent
from races.services.entries import race_undo
from rules import engine
from tests.factories import UserFactory
from tests.league.test_services import database_state
from tests.league.test_views import round_url
from tests.races.autopilot import drive

pytestmark = pytest.mark.django_db


def league_rows() -> dict[str, list[dict[str, Any]]]:
    """Every row but the rounds' and the league's versions, which every write advances and
    never repeats."""
    state = database_state()
    state["League"] = [{**row, "data_version": None} for row in state["League"]]
    state["Round"] = [{**row, "version": None} for row in state["Round"]]
    state["Race"] = list(Race.objects.values())
    return state


def version_of(round_: Round) -> int:
    return Round.objects.values_list("version", flat=True).get(pk=round_.pk)


def by_hand(round_one: Round, starters) -> list[Entry]:
    return round_start(round_=round_one, starters=starters)


def xp(name: str) -> int:
    return Driver.objects.get(name=name).xp


# --- the services ----------------------------------------------------------------------------


@pytest.mark.parametrize("at_table", [False, True], ids=["by hand", "at the table"])
def test_a_cancelled_start_leaves_nothing_behind(round_one, starters, at_table):
    before = league_rows()
    if at_table:
        round_start_at_table(round_=round_one, starters=starters)
    else:
        by_hand(round_one, starters)
    assert xp("Ann") == 1

    round_start_cancel(round_=round_one, expected_version=version_of(round_one))

    assert league_rows() == before  # no entry, no race, the XP for starting given back
    round_one.refresh_from_db()
    assert (round_one.status, round_one.run_at_table) == (RoundStatus.SCHEDULED, False)


def test_a_start_cancelled_twice_is_cancelled_once(round_one, starters):
    by_hand(round_one, starters)
    shown = version_of(round_one)
    round_start_cancel(round_=round_one, expected_version=shown)

    with pytest.raises(AlreadyDone):
        round_start_cancel(round_=round_one, expected_version=shown)
    assert xp("Ann") == 0


def test_a_stale_page_does_not_cancel_a_start(round_one, starters):
    by_hand(round_one, starters)
    with pytest.raises(StaleRound):
        round_start_cancel(round_=round_one, expected_version=version_of(round_one) - 1)
    assert Entry.objects.count() == 4


def test_a_start_is_not_cancelled_once_a_place_is_entered(round_one, starters):
    entries = by_hand(round_one, starters)
    outcomes = [
        EntryOutcome(entry_id=entry.pk, finished=True, place=place)
        for place, entry in enumerate(entries, start=1)
    ]
    round_result_enter(round_=round_one, outcomes=outcomes)
    round_one.refresh_from_db()
    message = RESULT_BEGUN.format(number=1, cars=4)
    assert starters_change_refusal(round_one) == message

    before = league_rows()
    with pytest.raises(ValidationError, match="result is being entered"):
        round_start_cancel(round_=round_one, expected_version=version_of(round_one))
    assert league_rows() == before


def test_a_race_with_an_event_entered_keeps_its_starters(race, round_one, starters):
    drive(race, 1)
    message = RACE_HAS_EVENTS.format(number=1, events=1)
    round_one.refresh_from_db()  # started at the table
    assert starters_change_refusal(round_one) == message

    before = league_rows()
    with pytest.raises(ValidationError) as refused:
        round_start_cancel(
            round_=round_one, expected_version=version_of(round_one), expected_race_version=1
        )
    assert refused.value.messages == [message]
    assert league_rows() == before
    assert RaceEvent.objects.count() == 1


def test_an_event_undone_leaves_the_race_free_to_change_its_starters(race, round_one, starters):
    race = drive(race, 1)
    race_undo(race=race, expected_version=race.version)
    round_one.refresh_from_db()

    assert starters_change_refusal(round_one) is None


def test_changed_starters_give_back_and_gain_the_xp_for_starting(round_one, starters):
    (ann, _), (bob, _), (cid, _), (dot, _) = starters
    by_hand(round_one, starters)

    round_starters_change(
        round_=round_one,
        starters=[(ann, "red"), (bob, "pink"), (cid, "green")],
        expected_version=version_of(round_one),
    )

    assert dict(round_one.entries.values_list("driver__name", "car")) == {
        "Ann": "red",
        "Bob": "pink",
        "Cid": "green",
    }
    assert [xp(name) for name in ("Ann", "Bob", "Cid", "Dot")] == [1, 1, 1, 0]
    round_one.refresh_from_db()
    assert round_one.status == RoundStatus.STARTED and not round_one.run_at_table


def test_the_same_starters_again_is_a_double_tap(round_one, starters):
    by_hand(round_one, starters)
    shown = version_of(round_one)
    changed = [*starters[:3], (starters[3][0], "black")]
    round_starters_change(round_=round_one, starters=changed, expected_version=shown)

    with pytest.raises(AlreadyDone):
        round_starters_change(round_=round_one, starters=changed, expected_version=shown)
    assert xp("Dot") == 1


def test_a_refused_change_keeps_the_starters_as_they_were(round_one, starters):
    by_hand(round_one, starters)
    before = league_rows()
    with pytest.raises(ValidationError, match="Two cars are marked"):
        round_starters_change(
            round_=round_one,
            starters=[(driver, "red") for driver, _car in starters],
            expected_version=version_of(round_one),
        )
    assert league_rows() == before


def test_a_race_at_the_table_is_set_up_again_at_the_same_address(race, round_one, starters):
    changed = [(driver, car.upper()) for driver, car in starters[:3]]

    again = round_starters_change(
        round_=round_one,
        starters=changed,
        expected_version=version_of(round_one),
        expected_race_version=race.version,
    )

    assert again.pk == race.pk and again.version == race.version + 1
    setup = engine.setup_from_dict(Race.objects.get(pk=race.pk).setup)
    assert [car.car for car in setup.cars] == ["RED", "BLUE", "GREEN"]
    assert xp("Dot") == 0 and xp("Ann") == 1
    round_one.refresh_from_db()
    assert round_one.run_at_table


def test_a_race_shown_at_an_older_version_keeps_its_starters(race, round_one, starters):
    race = drive(race, 1)
    race_undo(race=race, expected_version=race.version)
    with pytest.raises(StaleRound):
        round_start_cancel(
            round_=round_one, expected_version=version_of(round_one), expected_race_version=0
        )
    assert Race.objects.filter(pk=race.pk).exists()


# --- the pages -------------------------------------------------------------------------------


def starters_url(round_: Round) -> str:
    return round_url(round_, "starters")


def test_the_round_page_offers_the_change_until_a_result_is_entered(
    client_organiser, round_one, starters
):
    entries = by_hand(round_one, starters)
    assert starters_url(round_one) in client_organiser.get(round_url(round_one)).text
    page = client_organiser.get(starters_url(round_one))
    assert page.status_code == 200
    assert f'name="d{starters[0][0].pk}-car" value="red"' in page.text
    assert "checked" in page.text

    round_result_enter(
        round_=round_one,
        outcomes=[
            EntryOutcome(entry_id=entry.pk, finished=True, place=place)
            for place, entry in enumerate(entries, start=1)
        ],
    )
    assert starters_url(round_one) not in client_organiser.get(round_url(round_one)).text
    assert "result is being entered" in client_organiser.get(starters_url(round_one)).text


def test_the_table_round_page_offers_the_change_before_the_first_event(
    client_organiser, race, round_one
):
    assert starters_url(round_one) in client_organiser.get(round_url(round_one)).text
    drive(race, 1)
    assert starters_url(round_one) not in client_organiser.get(round_url(round_one)).text


def test_cancel_on_the_page_then_a_second_tap(client_organiser, race, round_one):
    data = {"cancel": "", "version": version_of(round_one), "race_version": race.version}

    first = client_organiser.post(starters_url(round_one), data)
    second = client_organiser.post(starters_url(round_one), data, follow=True)

    assert first.status_code == 302 and first.url == round_url(round_one)
    assert not Race.objects.exists() and xp("Ann") == 0
    assert "already cancelled" in second.text.replace("&#x27;", "'")
    assert "Choose the starters" in second.text


def test_changing_the_starters_on_the_page_returns_to_the_table(
    client_organiser, race, round_one, starters
):
    data = {"change": "", "version": version_of(round_one), "race_version": race.version}
    for driver, car in starters[:3]:
        data[f"d{driver.pk}-start"] = "on"
        data[f"d{driver.pk}-car"] = car

    response = client_organiser.post(starters_url(round_one), data)

    assert response.status_code == 302 and response.url == race.get_absolute_url()
    assert round_one.entries.count() == 3 and xp("Dot") == 0


def test_a_stale_change_gets_the_fresh_page_and_a_409(client_organiser, round_one, starters):
    by_hand(round_one, starters)
    data = {"change": "", "version": version_of(round_one) - 1}
    for driver, car in starters[:2]:
        data[f"d{driver.pk}-start"] = "on"
        data[f"d{driver.pk}-car"] = car

    response = client_organiser.post(starters_url(round_one), data)

    assert response.status_code == 409
    assert "Someone else changed this round first" in response.text
    assert round_one.entries.count() == 4


def test_a_watcher_may_not_change_the_starters(client, race, round_one):
    client.force_login(UserFactory(username="watcher"))
    data = {"cancel": "", "version": version_of(round_one), "race_version": race.version}
    assert client.post(starters_url(round_one), data).status_code == 403
    assert Race.objects.exists()
