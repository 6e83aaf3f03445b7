"""The turn helper's pages: watching, entering events, refusals, undo, commit, and their cost."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.html import escape
from django.utils.translation import gettext

from league.models import Role, RoundStatus
from league.services.leagues import league_publish_set
from league.services.members import member_add
from races.models import Race, RaceEvent
from races.services import table as race_table
from races.services.entries import race_state, undo_target
from races.views.common import NO_RACE, NO_RACE_LOGGED_OUT
from rules import engine
from rules.dice import Die, values
from tests.factories import UserFactory
from tests.league.test_views import round_url
from tests.pages import html_of
from tests.races.autopilot import drive
from tests.races.scenario import EXPECTED_POINTS, STEPS

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def turn_url(race: Race) -> str:
    return reverse("races:turn", kwargs={"race_id": race.pk})


def form_data(race: Race, kind: str, car: str | None, data: dict) -> dict:
    """What the page's form posts: lists are named in `_lists`."""
    post = {"kind": kind, "version": race.version, **({"car": car} if car else {})}
    lists = [key for key, value in data.items() if isinstance(value, list)]
    post.update(data)
    if lists:
        post["_lists"] = lists
    return post


def play_steps(client, race: Race, steps) -> None:
    for kind, car, data in steps:
        if data is None:  # confirm the proposed order
            (prompt,) = engine.prompts(race_state(race))[:1]
            data = {"order": list(prompt.fields[0].default)}
        client.post(turn_url(race), form_data(race, kind, car, data))
        race.refresh_from_db()


def buttons(html: str, name: str) -> list[str]:
    return re.findall(rf'<button[^>]*name="{name}" value="([^"]*)"', html)


def test_anyone_may_watch_the_race(client, race):
    response = client.get(turn_url(race))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Red (Ann, Rookie) qualifies: roll black" in html
    assert 'id="dashboard"' in html and 'id="log"' in html
    assert 'name="kind"' not in html  # no form for a watcher
    assert 'hx-trigger="every 5s"' in html  # a watcher's page follows the race


def test_the_first_prompt_is_a_keypad_of_the_black_die(client_organiser, race):
    html = client_organiser.get(turn_url(race)).content.decode()
    assert buttons(html, "value") == [str(face) for face in values(Die.BLACK)]
    assert 'name="version" value="0"' in html and 'name="car" value="red"' in html


def test_a_move_offers_exactly_the_faces_of_the_gear_die(client_organiser, race):
    for kind, car, data in STEPS[:5]:  # qualifying, weather; Paddock puts red in 1st
        client_organiser.post(turn_url(race), form_data(race, kind, car, data))
        race.refresh_from_db()
    html = client_organiser.get(turn_url(race)).content.decode()
    assert buttons(html, "roll") == [str(face) for face in values(Die.YELLOW)] == ["1", "2"]
    assert 'name="adjacent"' in html and 'name="corner"' in html


def test_a_plain_move_is_one_tap_on_the_die_face(client_organiser, race):
    """Tapping a face enters the move: the facts left at their chips' 0 mean nothing happened."""
    for kind, car, data in STEPS[:5]:
        client_organiser.post(turn_url(race), form_data(race, kind, car, data))
        race.refresh_from_db()
    html = client_organiser.get(turn_url(race)).content.decode()
    assert 'id="enter"' not in html  # no Enter button: the face submits
    # What the browser posts for a tap on 2: every chip at 0, every larger-count box empty.
    chips = dict(re.findall(r'name="(\w+)" id="f-\w+-0" value="(0)"[^>]*checked', html))
    counts = re.findall(r'name="_counts" value="(\w+)"', html)
    assert set(chips) == set(counts) >= {"brakes", "corner", "skid", "finish"}
    post = {**form_data(race, "move", "red", {"roll": 2}), **chips, "_counts": counts}
    post.update({key: [chips[key], ""] for key in ("skid", "finish")})  # the boxes, empty
    response = client_organiser.post(turn_url(race), post)
    assert response.status_code == 302
    move = race.events.get(kind="move").payload
    assert move.pop("roll") == "2" and move.pop("car") == "red"
    assert set(move.values()) == {"0"}  # no brakes, no corner, no skid, not past the line


def test_a_count_larger_than_its_chips_is_typed_in_its_box_and_wins(client_organiser, race):
    play_steps(client_organiser, race, STEPS[:5])
    # Red rolls 2 and needed 1.5 spaces to reach the line: the chip says 0, the box 1.5.
    post = {**form_data(race, "move", "red", {"roll": 2}), "_counts": ["finish"]}
    post["finish"] = ["0", "1.5"]
    assert client_organiser.post(turn_url(race), post).status_code == 302
    move = race.events.get(kind="move")
    assert move.payload["finish"] == "1.5"


def test_a_refused_move_keeps_what_was_entered_next_to_the_reason(client_organiser, race):
    play_steps(client_organiser, race, STEPS[:5])
    seq = race.seq
    # A skid out of a corner the car held: the rules say it is no skid.
    move = {"roll": 2, "corner": 1, "corner_stops": 1, "skid": 1, "adjacent": []}
    response = client_organiser.post(turn_url(race), form_data(race, "move", "red", move), **HTMX)
    assert response.status_code == 400
    html = html_of(response)
    assert "in a difficulty 1 corner is safe: no skid" in html
    assert re.search(r'name="corner" id="f-corner-1" value="1" autocomplete="off" checked', html)
    assert re.search(r'name="corner_stops" id="f-corner_stops-1" value="1" [^>]*checked', html)
    assert '<details class="facts-more" open>' in html  # the folded fact entered is on show
    race.refresh_from_db()
    assert race.seq == seq


def test_htmx_gets_the_panel_only(client, race):
    response = client.get(turn_url(race), **HTMX)
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="panel"')
    assert "<html" not in html


def test_an_event_without_htmx_redirects_back_to_the_race(client_organiser, race):
    response = client_organiser.post(turn_url(race), form_data(race, *STEPS[0]))
    assert response.status_code == 302 and response.url == turn_url(race)
    race.refresh_from_db()
    assert race.seq == 1 and race.events.get().payload == {"car": "red", "value": "3"}


def test_an_event_with_htmx_swaps_in_the_next_prompt(client_organiser, race):
    response = client_organiser.post(turn_url(race), form_data(race, *STEPS[0]), **HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and "<html" not in html
    assert "Blue (Bob, Rookie) qualifies" in html
    assert 'name="version" value="1"' in html
    assert "Red (Ann, Rookie) qualifies 4 (3 +1 Rookie)" in html  # the log, in words


def test_after_the_first_event_htmx_gets_only_what_changed(client_organiser, race):
    play_steps(client_organiser, race, STEPS[:5])  # qualifying, the weather, red into 1st
    kind, car, data = STEPS[5]  # red moves; Paddock puts blue in 1st: blue's row changes
    response = client_organiser.post(turn_url(race), form_data(race, kind, car, data), **HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and response["HX-Retarget"] == "#prompt"
    assert html.lstrip().startswith('<section id="prompt"')
    assert (
        f'name="version" value="{race.version + 1}"' in html
    )  # the next prompt, at the new version
    # Out of band: the status line, the undo button, red's dashboard row and one log line.
    assert '<p class="small text-secondary mb-1" id="race-status" hx-swap-oob="true">' in html
    assert re.search(r'<div id="undo"[^>]* hx-swap-oob="true">', html)
    assert re.findall(r'<tr id="car-(\w+)"[^>]*hx-swap-oob="true"', html) == ["blue"]
    # Two new log lines: red's move, and blue into 1st (entered by Paddock, so marked).
    assert html.count("<li") == 2 and '<ol hx-swap-oob="beforeend:#event-log">' in html


def test_a_stale_page_gets_a_conflict_and_the_fresh_panel(client_organiser, race):
    client_organiser.post(turn_url(race), form_data(race, *STEPS[0]))
    stale = {"kind": "qualifying_roll", "car": "red", "value": 9, "version": 0}
    response = client_organiser.post(turn_url(race), stale, **HTMX)
    assert response.status_code == 409
    html = response.content.decode()
    assert "Another device changed this race first" in html
    assert "Blue (Bob, Rookie) qualifies" in html and 'name="version" value="1"' in html
    race.refresh_from_db()
    assert race.seq == 1


@pytest.mark.parametrize(
    ("post", "reason"),
    [
        ({"kind": "qualifying_roll", "car": "red", "value": 21}, "black die cannot show 21"),
        ({"kind": "teleport", "car": "red", "value": 1}, "Not now"),
        ({"kind": "qualifying_roll", "car": "red", "value": "x"}, "expected a whole number"),
        ({"kind": "qualifying_roll", "car": "red", "value": 3, "wings": 2}, "no field wings"),
        (
            {"kind": "qualifying_roll", "car": "red", "value": 3, "version": "x"},
            "does not say which",
        ),
    ],
)
def test_bad_input_is_a_400_with_the_reason_and_writes_nothing(
    client_organiser, race, post, reason
):
    response = client_organiser.post(turn_url(race), {"version": 0, **post})
    assert response.status_code == 400
    assert reason in response.content.decode()
    race.refresh_from_db()
    assert (race.seq, race.events.count()) == (0, 0)


def test_a_forbidden_gear_change_is_a_400(client_organiser, race):
    play_steps(client_organiser, race, STEPS[: STEPS.index(("order", None, None)) + 1])
    response = client_organiser.post(turn_url(race), form_data(race, "gear", "red", {"gear": 4}))
    assert response.status_code == 400
    assert "one gear at a time" in response.content.decode()
    race.refresh_from_db()
    assert race.events.last().kind == "order"


def test_only_a_referee_may_enter_events(client, race):
    assert client.post(turn_url(race), form_data(race, *STEPS[0])).status_code == 403
    client.force_login(UserFactory(username="spectator"))
    assert client.post(turn_url(race), form_data(race, *STEPS[0])).status_code == 403
    race.refresh_from_db()
    assert race.seq == 0


def test_a_league_referee_may_enter_events(client, race, league):
    referee = UserFactory(username="referee")
    member_add(league=league, user=referee, role=Role.REFEREE)
    client.force_login(referee)
    assert client.post(turn_url(race), form_data(race, *STEPS[0])).status_code == 302
    race.refresh_from_db()
    assert race.events.get().who == referee


def test_undo_takes_back_the_last_event(client_organiser, race):
    drive(race, 3)
    before = dict(race.state)
    drive(race, 1, seed=2)
    response = client_organiser.post(turn_url(race), {"undo": "", "version": 4}, **HTMX)
    assert response.status_code == 200
    race.refresh_from_db()
    assert (race.seq, race.state) == (3, before)
    # The bar says what it took back and offers to enter it again.
    assert "Took back: " in response.text and 'name="redo"' in response.text


def test_undo_with_htmx_gets_only_what_changed(client_organiser, race):
    play_steps(client_organiser, race, STEPS[:6])  # red's move put blue in 1st (Paddock's)
    after = html_of(client_organiser.get(turn_url(race)))
    response = client_organiser.post(turn_url(race), {"undo": "", "version": race.version}, **HTMX)
    html = html_of(response)
    assert response.status_code == 200 and response["HX-Retarget"] == "#prompt"
    assert html.lstrip().startswith('<section id="prompt"')
    assert f'name="version" value="{race.version + 1}"' in html
    fresh = html_of(client_organiser.get(turn_url(race)))
    prompt = re.compile(r'<section id="prompt".*?</section>', re.S)
    # The same prompt, but for the moment it ignores taps (swapped in under the finger).
    token = re.compile(r'name="csrfmiddlewaretoken" value="\w+"| inert data-guard')
    assert token.sub("", prompt.search(html).group(0)) == token.sub(
        "", prompt.search(fresh).group(0)
    )
    assert "Red (Ann, Rookie) in 1st: roll yellow" in html  # red's move is asked for again
    # Out of band: the status line, the undo button, blue's row (out of 1st again), and the
    # two lines taken back deleted from the log: the page's log less them is a fresh page's.
    assert '<p class="small text-secondary mb-1" id="race-status" hx-swap-oob="true">' in html
    assert re.search(r'<div id="undo"[^>]* hx-swap-oob="true">', html)
    assert re.findall(r'<tr id="car-(\w+)"[^>]*hx-swap-oob="true"', html) == ["blue"]
    race.refresh_from_db()
    deleted = re.findall(r'<li id="event-(\d+)" hx-swap-oob="delete"></li>', html)
    assert deleted == [str(race.seq + 1), str(race.seq + 2)]
    assert "event-log" not in html  # no line of the log is sent again
    log = re.compile(r'<ol class="event-log[^>]*>(.*?)</ol>', re.S)
    lines = re.compile(r'<li id="event-(\d+)">.*?</li>', re.S)
    kept = [line.group(0) for line in lines.finditer(log.search(after).group(1))]
    kept = [line for line in kept if lines.match(line).group(1) not in deleted]
    fresh_lines = [line.group(0) for line in lines.finditer(log.search(fresh).group(1))]
    assert kept == fresh_lines


def test_undo_costs_the_same_queries_at_event_6_and_event_40(
    client_organiser, race, django_assert_max_num_queries, django_assert_num_queries
):
    """The undo button: the state before the entry kept with it, read with the entry, and only
    what changed rendered (13 queries when it read them apart and rendered the whole panel)."""
    play_steps(client_organiser, race, STEPS[:6])
    with django_assert_max_num_queries(11) as at_6:
        client_organiser.post(turn_url(race), {"undo": "", "version": race.version}, **HTMX)
    race.refresh_from_db()
    drive(race, 34, seed=4)
    # At most as many (the cars' colours are read only when a car's row or the strip changed).
    with django_assert_max_num_queries(len(at_6.captured_queries)):
        response = client_organiser.post(
            turn_url(race), {"undo": "", "version": race.version}, **HTMX
        )
    assert response.status_code == 200 and response["HX-Retarget"] == "#prompt"


def test_undo_from_a_stale_page_is_a_conflict(client_organiser, race):
    drive(race, 3)
    response = client_organiser.post(turn_url(race), {"undo": "", "version": 2})
    assert response.status_code == 409
    race.refresh_from_db()
    assert race.seq == 3


def test_no_cars_beside_is_sent_as_none_not_the_default(client_organiser, race):
    """The neighbours prompt proposes the car it hit; unticking it means no chain roll."""
    play_steps(client_organiser, race, STEPS[:13])
    html = client_organiser.get(turn_url(race)).content.decode()
    assert re.search(r'name="adjacent" [^>]*value="red" [^>]*checked', html)  # proposed
    response = client_organiser.post(
        turn_url(race),
        {"kind": "neighbours", "car": "blue", "version": race.version, "_lists": "adjacent"},
    )
    assert response.status_code == 302
    html = client_organiser.get(turn_url(race)).content.decode()
    assert "injury check: roll black against the Red column" in html


def test_the_whole_scenario_through_the_page_commits_to_the_season(
    client_organiser, race, round_one, season
):
    for kind, car, data in STEPS:
        if data is None:
            data = {"order": ["red", "green", "yellow"]}
        response = client_organiser.post(turn_url(race), form_data(race, kind, car, data), **HTMX)
        assert response.status_code == 200, response.content.decode()
        race.refresh_from_db()
    html = client_organiser.get(turn_url(race)).content.decode()
    assert "Write the result into the season" in html
    response = client_organiser.post(turn_url(race), {"commit": "", "version": race.version})
    assert response.status_code == 302 and response.url == round_one.get_absolute_url()
    round_one.refresh_from_db()
    assert round_one.status == RoundStatus.FINISHED
    points = dict(round_one.entries.values_list("car", "points"))
    assert points == EXPECTED_POINTS
    standings = client_organiser.get(season.get_absolute_url()).content.decode()
    assert "200" in standings
    after = client_organiser.get(turn_url(race)).content.decode()
    assert "The result is in the season" in after and 'name="undo"' not in after


def test_committing_an_unfinished_race_is_a_400(client_organiser, race):
    drive(race, 5)
    response = client_organiser.post(turn_url(race), {"commit": "", "version": 5}, **HTMX)
    assert response.status_code == 400
    assert race_table.RACE_NOT_FINISHED in response.content.decode()


def next_post(race) -> dict:
    """The next event as the page would post it (autopilot-chosen)."""
    from random import Random

    from rules import engine
    from tests.races.autopilot import legal_event

    race.refresh_from_db()
    prompt = engine.prompts(race_state(race))[0]
    event = legal_event(prompt, Random(race.seq))
    data = {key: value for key, value in event.data.items() if key != "car"}
    return form_data(race, event.kind, prompt.car, data)


def _queries_for_one_event(client, race) -> int:
    post = next_post(race)
    with CaptureQueriesContext(connection) as queries:
        response = client.post(turn_url(race), post, **HTMX)
    assert response.status_code == 200, response.content.decode()
    return len(queries)


def test_entering_an_event_costs_the_same_queries_at_event_5_and_event_40(
    client_organiser, race, django_assert_max_num_queries
):
    drive(race, 4)
    at_5 = _queries_for_one_event(client_organiser, race)
    drive(race, 34, seed=4)
    at_40 = _queries_for_one_event(client_organiser, race)
    # The session, the user, the race with who may referee it, then the write in a savepoint:
    # the race's conditional update and the event's insert; the cars' team colours for the
    # strip redrawn.
    assert at_5 == at_40 <= 8
    post = next_post(race)
    with django_assert_max_num_queries(at_5):
        client_organiser.post(turn_url(race), post, **HTMX)


def test_the_full_log_lists_the_latest_events_and_pages_back_to_the_first(client, race):
    drive(race, 25)
    html = client.get(reverse("races:log", kwargs={"race_id": race.pk})).content.decode()
    assert html.count("<li>") == 25 < race.seq and "Earlier events" in html
    first_page = client.get(reverse("races:log", args=[race.pk]) + "?page=2").content.decode()
    assert ">#1</span>" in first_page
    turn = client.get(turn_url(race)).content.decode()
    oldest_shown = race.seq - 19  # the page shows the latest 20
    assert f">#{oldest_shown}</span>" in turn and f">#{oldest_shown - 1}</span>" not in turn


def logged(race: Race, events: int) -> str:
    """`events` events in the race's log (rows alone: the log page only reads them), and the
    log page's address."""
    RaceEvent.objects.bulk_create(
        RaceEvent(race=race, seq=seq, kind="move", text=f"Event {seq} in words")
        for seq in range(1, events + 1)
    )
    return reverse("races:log", kwargs={"race_id": race.pk})


def test_a_long_log_opens_on_its_latest_events_a_page_at_a_time(client, race):
    """3,000 events made a page of 462 KB (issue 11)."""
    url = logged(race, 130)

    latest = client.get(url).text
    seqs = [int(seq) for seq in re.findall(r">#(\d+)</span>", latest)]
    assert seqs == list(range(106, 131))  # the latest 25, in the order entered
    assert "Page 1 of 6" in latest and "?page=2" in latest and "Earlier events" in latest
    earliest = client.get(url, {"page": 6}).text
    assert [int(seq) for seq in re.findall(r">#(\d+)</span>", earliest)] == list(range(1, 6))
    assert "Later events" in earliest and "Earlier events" not in earliest


def test_a_referee_s_entry_costs_the_queries_of_the_organiser_s(client, race, league, organiser):
    """A referee's membership role is read with the race, as one subquery of the entry's read
    (league.models.member_role), which also tells whether they may see the league: it stands
    where that read's test of visibility (an EXISTS on the memberships) stood, so it costs the
    organiser nothing more (the ORM compiles one subquery either way) and saves a referee the
    query of their own their membership cost. (Two subqueries, the EXISTS and the role, cost
    every entry 0.7 ms of compiling on SQLite, more than the query they saved a referee.)"""
    referee = UserFactory(username="referee")
    member_add(league=league, user=referee, role=Role.REFEREE)
    drive(race, 4)
    counts = []
    for user in (organiser, referee):
        client.force_login(user)
        counts.append(_queries_for_one_event(client, race))
    assert counts[1] == counts[0]
    assert race.events.filter(automatic=False).order_by("-seq").first().who == referee


def test_the_log_costs_the_same_queries_for_10_events_or_3000(
    client, race, django_assert_max_num_queries, django_assert_num_queries
):
    url = logged(race, 10)
    with django_assert_max_num_queries(8) as for_ten:
        assert client.get(url).status_code == 200
    race.events.all().delete()
    logged(race, 3000)
    with django_assert_num_queries(len(for_ten.captured_queries)):
        response = client.get(url)
    assert response.status_code == 200 and len(response.content) < 30_000


# --- Starting a race -----------------------------------------------------------------------


def new_url(round_) -> str:
    return round_url(round_, "table")


def test_the_round_page_offers_the_turn_helper(client_organiser, round_one, teams):
    html = client_organiser.get(round_one.get_absolute_url()).content.decode()
    assert "Run this race with the turn helper" in html and new_url(round_one) in html


def test_starting_a_race_from_the_start_page(client_organiser, round_one, teams):
    response = client_organiser.get(new_url(round_one))
    assert response.status_code == 200 and "Choose the starters" in response.content.decode()
    drivers = [driver for team in teams for driver in team.drivers.all()]
    post = {"version": round_one.version}
    for driver, car in zip(drivers, ["red", "blue", "green", "yellow"], strict=True):
        post[f"d{driver.pk}-start"] = "on"
        post[f"d{driver.pk}-car"] = car
    response = client_organiser.post(new_url(round_one), post)
    race = Race.objects.get(round=round_one)
    assert response.status_code == 302 and response.url == turn_url(race)
    assert round_one.entries.count() == 4
    # Once it exists, the start page leads to the race.
    assert client_organiser.get(new_url(round_one)).url == turn_url(race)


def test_a_refused_start_is_a_400_with_the_reason(client_organiser, round_one, teams):
    drivers = [driver for team in teams for driver in team.drivers.all()]
    post = {f"d{drivers[0].pk}-start": "on", f"d{drivers[0].pk}-car": "red", "version": 0}
    response = client_organiser.post(new_url(round_one), post)
    assert response.status_code == 400
    assert "A race needs at least two cars." in response.content.decode()
    assert not Race.objects.exists()


def test_only_a_referee_may_start_a_race(client, round_one, teams):
    client.force_login(UserFactory(username="spectator"))
    assert client.get(new_url(round_one)).status_code == 403


def test_the_admin_lists_races_and_their_events(admin_client, race):
    drive(race, 3)
    assert admin_client.get(reverse("admin:races_race_changelist")).status_code == 200
    assert admin_client.get(reverse("admin:races_race_change", args=[race.pk])).status_code == 200
    response = admin_client.get(reverse("admin:races_raceevent_changelist"))
    assert response.status_code == 200 and "qualifying_roll" in response.content.decode()


def test_an_entry_for_a_race_that_does_not_exist_is_a_404(client_organiser):
    response = client_organiser.post(reverse("races:turn", kwargs={"race_id": 999}), {"version": 0})
    assert response.status_code == 404


def test_the_entry_read_brings_the_snapshot_and_its_league_in_one_query(
    race, league, django_assert_num_queries
):
    with django_assert_num_queries(1):
        read = Race.objects.for_entry(race.pk)
        assert (read.pk, read.seq, read.state) == (race.pk, race.seq, race.state)
        shown = read.round.season.league
        assert (shown.pk, shown.organiser_id, shown.settings) == (
            league.pk,
            league.organiser_id,
            league.settings,
        )
    assert Race.objects.for_entry(race.pk + 1000) is None
    # Its values as the ORM converts them: the snapshot decoded, the commit's time a datetime.
    drive(race, 6)
    Race.objects.filter(pk=race.pk).update(finished_at=timezone.now())
    read, orm = Race.objects.for_entry(race.pk), Race.objects.get(pk=race.pk)
    fields = ("id", "round_id", "state", "seq", "version", "finished_at")
    assert [getattr(read, name) for name in fields] == [getattr(orm, name) for name in fields]
    assert read.is_committed


def test_a_referee_of_the_league_enters_and_a_member_of_another_role_is_refused(
    client, race, league
):
    referee, owner = UserFactory(username="referee"), UserFactory(username="owner")
    member_add(league=league, user=referee, role=Role.REFEREE)
    team = league.teams.first()
    member_add(league=league, user=owner, role=Role.TEAM_OWNER, team=team)
    post = {"kind": "qualifying_roll", "car": "red", "value": 4, "version": 0}
    client.force_login(owner)
    assert client.post(turn_url(race), post).status_code == 403
    client.force_login(referee)
    assert client.post(turn_url(race), post).status_code == 302
    race.refresh_from_db()
    assert race.seq == 1


def test_the_turn_page_is_never_served_from_the_cache(client_organiser, race):
    """Back would show a prompt built on an old version of the race."""
    assert "no-store" in client_organiser.get(turn_url(race)).headers["Cache-Control"]


def test_a_second_start_of_the_race_says_it_was_started_elsewhere(
    client_organiser, round_one, teams
):
    drivers = [driver for team in teams for driver in team.drivers.all()]
    post = {"version": 0}
    for driver, car in zip(drivers, ["red", "blue", "green", "yellow"], strict=True):
        post[f"d{driver.pk}-start"] = "on"
        post[f"d{driver.pk}-car"] = car
    client_organiser.post(new_url(round_one), post)
    again = client_organiser.post(new_url(round_one), {**post, "version": 0}, follow=True)
    assert "already started (by another tap or another device)" in again.content.decode()
    assert Race.objects.count() == 1


def test_a_spectator_s_poll_of_an_unchanged_race_gets_no_body(
    client, race, django_assert_num_queries
):
    """The open turn page polled the full panel every 5 s even when nothing had changed."""
    page = client.get(turn_url(race)).content.decode()
    assert f'hx-get="{turn_url(race)}?version={race.version}"' in page
    with django_assert_num_queries(1):
        unchanged = client.get(turn_url(race), {"version": race.version}, **HTMX)
    assert unchanged.status_code == 204 and unchanged.content == b""
    drive(race, 1)
    moved_on = client.get(turn_url(race), {"version": race.version - 1}, **HTMX)
    assert moved_on.status_code == 200 and f"?version={race.version}" in moved_on.content.decode()


def test_an_unpublished_league_s_race_pages_are_a_404_to_all_but_its_members(
    client, race, league, organiser
):
    """As its league's pages are (league/publishing.py): the turn page, its poll and the log."""
    league_publish_set(league=league, published=False)
    referee, stranger = UserFactory(username="referee"), UserFactory(username="stranger")
    member_add(league=league, user=referee, role=Role.REFEREE)
    log_url = reverse("races:log", kwargs={"race_id": race.pk})
    for who, expected in ((None, 404), (stranger, 404), (referee, 200), (organiser, 200)):
        watcher = Client()
        if who is not None:
            watcher.force_login(who)
        for url in (turn_url(race), log_url):
            assert watcher.get(url).status_code == expected, (who, url)
        poll = watcher.get(turn_url(race), {"version": race.version}, **HTMX)
        assert poll.status_code == (204 if expected == 200 else 404), who


def test_the_poll_reads_whether_the_league_is_published_in_its_one_query(
    client, race, league, organiser, django_assert_num_queries
):
    poll = {"version": race.version}
    with django_assert_num_queries(1):  # published: the race's row alone
        assert client.get(turn_url(race), poll, **HTMX).status_code == 204
    league_publish_set(league=league, published=False)
    # A spectator is turned away by that same query, as one polling a race not there is.
    with django_assert_num_queries(1):
        hidden = client.get(turn_url(race), poll, **HTMX)
    with django_assert_num_queries(1):
        missing = client.get(reverse("races:turn", args=[race.pk + 1000]), poll, **HTMX)
    assert hidden.status_code == missing.status_code == 404
    referee = UserFactory(username="referee")
    member_add(league=league, user=referee, role=Role.REFEREE)
    # Session, user, race: a member's membership is asked in the race's query.
    for who, queries in ((organiser, 3), (referee, 3)):
        member = Client()
        member.force_login(who)
        with django_assert_num_queries(queries):
            assert member.get(turn_url(race), poll, **HTMX).status_code == 204


def test_a_tap_logged_out_on_a_private_league_s_race_is_no_race_and_says_to_log_in(
    client, race, league
):
    """It was the 403 of one logged out, which told anyone that the race was there; now it is
    the 404 of a race that is not there, which says to log in again to one logged out."""
    league_publish_set(league=league, published=False)
    said = escape(NO_RACE_LOGGED_OUT)
    for url in (turn_url(race), reverse("races:turn", args=[race.pk + 1000])):
        response = client.post(url, {"version": race.version}, **HTMX)
        assert response.status_code == 404 and said in response.text, url
    member = Client()
    member.force_login(UserFactory(username="stranger"))
    response = member.post(turn_url(race), {"version": race.version}, **HTMX)
    assert response.status_code == 404 and escape(NO_RACE) in response.text
    assert escape(NO_RACE_LOGGED_OUT) not in response.text


def test_no_race_to_one_logged_out_reads_in_their_language(client, race, league):
    """The 404's sentence to one logged out was put together in English once, at import."""
    league_publish_set(league=league, published=False)
    response = client.post(
        turn_url(race), {"version": race.version}, HTTP_ACCEPT_LANGUAGE="fr", **HTMX
    )
    with translation.override("fr"):
        said = escape(gettext(NO_RACE_LOGGED_OUT))
    assert response.status_code == 404 and said in response.text
    assert "log in again" not in response.text


def test_the_new_prompt_read_out_is_one_sentence_in_the_reader_s_language(client_organiser, race):
    """Issue 34: the page gives static/js/turn.js the whole sentence, its {heading} where the
    language puts it, not a "Next:" the script glues before the heading."""
    english = client_organiser.get(turn_url(race), HTTP_ACCEPT_LANGUAGE="en").text
    french = client_organiser.get(turn_url(race), HTTP_ACCEPT_LANGUAGE="fr").text
    assert 'id="prompt-announce"' in french
    assert 'data-next="Next: {heading}"' in english
    assert 'data-next="Suivant : {heading}"' in french


def test_the_log_offers_to_take_back_to_any_entry_of_the_referee_s_not_paddock_s(
    client_organiser, race
):
    play_steps(client_organiser, race, STEPS[:6])
    log_url = reverse("races:log", kwargs={"race_id": race.pk})
    html = client_organiser.get(log_url).content.decode()
    offered = re.findall(r'href="/races/\d+/undo/(\d+)/"', html)
    automatic = set(race.events.filter(automatic=True).values_list("seq", flat=True))
    assert automatic and not automatic & {int(seq) for seq in offered}
    assert len(offered) == race.events.filter(automatic=False).count()
    assert "undo/" not in Client().get(log_url).content.decode()  # a spectator: no offer


def test_taking_back_to_an_entry_asks_first_then_restores_the_state_before_it(
    client_organiser, race
):
    play_steps(client_organiser, race, STEPS[:6])
    second = race.events.get(seq=2)
    confirm = client_organiser.get(reverse("races:undo_back_to", args=[race.pk, 2]))
    assert confirm.status_code == 200
    assert f"takes back <strong>{race.seq - 1} events</strong>" in confirm.content.decode()
    race.refresh_from_db()
    assert race.seq > 2  # asking took nothing back
    response = client_organiser.post(
        turn_url(race), {"undo": "", "back_to": 2, "version": race.version}
    )
    assert response.status_code == 302
    race.refresh_from_db()
    assert race.seq == 1 and race.state == second.state_before


def test_taking_back_from_a_stale_confirmation_is_a_conflict(client_organiser, race):
    play_steps(client_organiser, race, STEPS[:3])
    shown = race.version
    play_steps(client_organiser, race, STEPS[3:4])
    response = client_organiser.post(turn_url(race), {"undo": "", "back_to": 1, "version": shown})
    assert response.status_code == 409
    race.refresh_from_db()
    assert race.seq == 4


def test_taking_back_to_no_such_entry_is_refused_not_a_500(client_organiser, race):
    play_steps(client_organiser, race, STEPS[:2])
    bad = {"undo": "", "back_to": "second", "version": race.version}
    assert client_organiser.post(turn_url(race), bad).status_code == 400
    assert client_organiser.get(reverse("races:undo_back_to", args=[race.pk, 9])).status_code == 200
    assert Client().get(reverse("races:undo_back_to", args=[race.pk, 1])).status_code == 302
    race.refresh_from_db()
    assert race.seq == 2


def test_before_the_first_entry_the_turn_page_offers_to_change_the_starters(client_organiser, race):
    starters_url = round_url(race.round, "starters")
    assert starters_url in client_organiser.get(turn_url(race)).content.decode()
    play_steps(client_organiser, race, STEPS[:1])
    assert starters_url not in client_organiser.get(turn_url(race)).content.decode()
    assert starters_url not in Client().get(turn_url(race)).content.decode()


def test_a_collision_check_is_two_taps_the_black_die_then_the_coloured_one(client_organiser, race):
    play_steps(client_organiser, race, STEPS[:7])  # Blue ended beside Red: a collision check
    html = html_of(client_organiser.get(turn_url(race)))
    assert 'data-kind="collision_roll"' in html and 'id="enter"' not in html
    black = re.findall(r'type="radio" class="btn-check" name="black" [^>]*required', html)
    assert len(black) == 20  # picked first (the browser asks for it if it is missing)...
    assert buttons(html, "green")  # ...then a tap on the green die's face enters both
    kind, car, data = STEPS[7]
    response = client_organiser.post(turn_url(race), form_data(race, kind, car, data))
    assert response.status_code == 302


# --- A gear and its roll in one tap ----------------------------------------------------------

RED_GEAR = STEPS.index(("gear", "red", {"gear": 2}))  # round 2: red in 1st chooses its gear


def at_reds_gear(client, race: Race) -> None:
    play_steps(client, race, STEPS[:RED_GEAR])
    assert engine.prompts(race_state(race))[0].kind == "gear"


def tap_both(race: Race, gear: str, roll: str) -> dict:
    """What a tap on the face `roll` in the row of `gear` posts."""
    return {**form_data(race, "gear", "red", {}), "gear:roll": f"{gear}:{roll}"}


def test_the_gear_prompt_offers_each_gear_with_its_die_s_faces(client_organiser, race):
    at_reds_gear(client_organiser, race)
    html = html_of(client_organiser.get(turn_url(race)))
    assert buttons(html, "gear") == ["1", "2"]  # a tap on the gear enters it alone
    assert buttons(html, "gear:roll") == ["1:1", "1:2", "2:2", "2:3", "2:4"]


def test_a_face_in_a_gear_s_row_enters_the_gear_and_the_move_in_one_write(client_organiser, race):
    at_reds_gear(client_organiser, race)
    seq, version = race.seq, race.version
    response = client_organiser.post(turn_url(race), tap_both(race, "2", "4"), **HTMX)
    assert response.status_code == 200
    race.refresh_from_db()
    assert (race.seq, race.version) == (seq + 2, version + 1)
    gear, move = race.events.filter(seq__gt=seq).order_by("seq")
    assert (gear.kind, gear.payload, gear.joined) == ("gear", {"car": "red", "gear": "2"}, False)
    assert (move.kind, move.payload, move.joined) == ("move", {"car": "red", "roll": "4"}, True)
    assert gear.state_before is not None and move.state_before is None  # undone with its gear
    html = response.text
    assert "Green (Cid, Rookie) in 1st" in html
    assert html.count('<li id="event-') == 2  # both log lines
    assert f"Entered: {gear.summary()}; {move.summary()}" in html


def test_undo_takes_back_the_gear_and_the_roll_tapped_with_it(client_organiser, race):
    at_reds_gear(client_organiser, race)
    before, seq = dict(race.state), race.seq
    client_organiser.post(turn_url(race), tap_both(race, "2", "4"))
    race.refresh_from_db()
    client_organiser.post(turn_url(race), {"undo": "", "version": race.version})
    race.refresh_from_db()
    assert (race.seq, race.state) == (seq, before)
    # From the log, taking back to the roll takes back its gear too.
    client_organiser.post(turn_url(race), tap_both(race, "2", "4"))
    race.refresh_from_db()
    assert undo_target(race, back_to=race.seq).kind == "gear"
    log = client_organiser.get(reverse("races:log", args=[race.pk])).text
    assert reverse("races:undo_back_to", args=[race.pk, race.seq]) not in log
    assert reverse("races:undo_back_to", args=[race.pk, race.seq - 1]) in log


def test_the_two_tap_way_still_enters_the_gear_then_the_move(client_organiser, race):
    at_reds_gear(client_organiser, race)
    play_steps(client_organiser, race, STEPS[RED_GEAR : RED_GEAR + 2])
    assert list(race.events.order_by("-seq").values_list("kind", "joined")[:2]) == [
        ("move", False),
        ("gear", False),
    ]


def test_a_face_the_die_lacks_is_refused_and_nothing_is_written(client_organiser, race):
    at_reds_gear(client_organiser, race)
    seq, version = race.seq, race.version
    response = client_organiser.post(turn_url(race), tap_both(race, "2", "7"), **HTMX)
    assert response.status_code == 400
    assert "The orange die cannot show 7" in response.text
    race.refresh_from_db()
    assert (race.seq, race.version) == (seq, version)  # not even the gear


def test_a_stale_tap_in_a_gear_s_row_is_a_conflict(client_organiser, race):
    at_reds_gear(client_organiser, race)
    stale = tap_both(race, "2", "4")
    client_organiser.post(turn_url(race), tap_both(race, "2", "3"))
    race.refresh_from_db()
    seq = race.seq
    assert client_organiser.post(turn_url(race), stale, **HTMX).status_code == 409
    race.refresh_from_db()
    assert race.seq == seq and race.events.get(seq=seq).payload["roll"] == "3"


@pytest.mark.parametrize("pair", [{"gear:roll": "2"}, {"gear:roll:x": "2:4:1"}])
def test_a_malformed_pair_is_refused(client_organiser, race, pair):
    at_reds_gear(client_organiser, race)
    post = {**form_data(race, "gear", "red", {}), **pair}
    response = client_organiser.post(turn_url(race), post, **HTMX)
    assert response.status_code == 400 and "reload the page" in response.text


LISTED = tuple(f"list_{letter}" for letter in "abcdefgh")


@pytest.mark.parametrize("listed", [LISTED, LISTED[::-1]], ids=["forward", "reversed"])
def test_an_entry_s_lists_keep_the_order_its_form_names_them(listed):
    """The event's data (and so its words in the log) in the form's order, whichever it is: not a
    set's, which differs from one server process to the next."""
    from django.http import QueryDict

    from races.views.turn import event_from_post

    post = QueryDict(mutable=True)
    post.setlist("_lists", list(listed))
    post.update({"kind": "move", "roll": "6"})
    event = event_from_post(post)
    assert [name for name in event.data if name in listed] == list(listed)
