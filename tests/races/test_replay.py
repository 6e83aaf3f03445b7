"""A race replayed from its log (races/reads/replay.py, races:replay): at each round's end the
replay
shows the dashboards, the strip and the columns the live turn page showed after that round, for
every recorded race of every rule set entered tap by tap through the entry service; and the
page's steps, its refusals and who may see it."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from league.models import Role
from league.services.leagues import league_publish_set
from league.services.members import member_add
from league.services.results import round_table_commit
from races.models import Race
from races.reads.replay import (
    NO_SUCH_EVENT,
    NO_SUCH_ROUND,
    NOT_A_NUMBER,
    ONE_AT_A_TIME,
    Asked,
    replay_at,
)
from races.reads.turn_panel import turn_panel
from races.services import clock
from races.services.entries import race_event_apply, race_state
from rules import engine
from rules.engine import Event
from tests.factories import UserFactory
from tests.pages import html_of
from tests.races.autopilot import drive
from tests.races.test_services import play
from tests.rules.recorded.record import RECORDED, recorded_setup

pytestmark = pytest.mark.django_db
RECORDINGS = sorted(RECORDED.glob("*.json"))


def replay_url(race: Race, **point) -> str:
    url = reverse("races:replay", kwargs={"race_id": race.pk})
    return url + "".join(f"?{name}={value}" for name, value in point.items())


def _instant_of(state, raw: dict) -> str | None:
    """The moment a recorded event's stopwatch field says, which the entry service stamps from
    the server's clock: the test's clock reads it, so the live race is the recorded one."""
    prompt = engine.next_prompt(state)
    names = [spec.name for spec in prompt.fields if spec.kind == "instant"] if prompt else []
    return next((raw["data"][name] for name in names if name in raw["data"]), None)


def entered_tap_by_tap(round_, recorded: dict, monkeypatch) -> tuple[Race, dict[int, tuple]]:
    """The recorded race entered as the referee enters it, one tap a call of the entry service
    (what Paddock enters itself, the only legal gear, comes with the tap before it), and what the
    live turn page showed after each tap, by the event it reached: its columns, its cars' rows
    and its strip."""
    setup = recorded_setup(recorded)
    race = Race.objects.create(
        round=round_,
        setup=engine.setup_to_dict(setup),
        state=engine.state_to_dict(engine.start(setup)[0]),
    )
    shown: dict[int, tuple] = {}
    moment = {"at": "2025-06-01T14:00:00+00:00"}
    monkeypatch.setattr(clock, "instant", lambda: moment["at"])
    for number, raw in enumerate(recorded["events"], start=1):
        if race.seq >= number:  # Paddock entered it with the tap before, as the rules left one
            continue
        state = race_state(race)
        moment["at"] = _instant_of(state, raw) or moment["at"]
        race_event_apply(
            race=race, event=Event.from_dict(raw), expected_version=race.version, state=state
        )
        panel = turn_panel(Race.objects.get(pk=race.pk))
        shown[race.seq] = (panel.columns, panel.cars, panel.strip)
    assert race.seq == len(recorded["events"])
    return Race.objects.get(pk=race.pk), shown


@pytest.mark.parametrize("path", RECORDINGS, ids=[path.stem for path in RECORDINGS])
def test_the_replay_of_each_round_shows_what_the_live_turn_page_showed(
    path: Path, round_one, monkeypatch
):
    recorded = json.loads(path.read_text())
    race, shown = entered_tap_by_tap(round_one, recorded, monkeypatch)
    last = replay_at(race, Asked())
    assert last.at == len(recorded["events"]) and last.state.finished and not last.refused
    ends = []
    for number in range(last.last_round + 1):
        replay = replay_at(race, Asked(round=number))
        assert replay.round_end and replay.round == number, number
        # A round ends where a tap of the live race ended, so the page showed it then...
        assert replay.at in shown, (number, replay.at)
        # ...and the replay shows what it showed.
        assert (replay.columns, replay.cars, replay.strip) == shown[replay.at], number
        ends.append(replay.at)
    assert ends == sorted(ends) and ends[-1] == last.at
    assert last.last_round >= 3  # the recorded races run rounds, not just a grid
    # Every car's dashboard at the end is the recorded one.
    assert [car.car for car in last.cars] == [row["car"] for row in recorded["dashboard"]]


STRIP_CARS = re.compile(r'<g class="strip-car[^"]*" data-car="(\w+)"')


def test_a_round_s_end_shows_the_order_the_board_shows_not_the_starting_grid(
    client_organiser, race
):
    """Found on /races/1/replay/?round=3: at a round's end, waiting for "confirm the order", the
    strip showed the starting grid. It shows the order Paddock proposes, in the replay of the
    round and on the live turn page."""
    for seed in range(300):  # a roll a tap, till the cars stand in an order other than the grid
        state = race_state(drive(race, 1, seed=seed))
        asked = engine.prompts(state)
        proposal = tuple(asked[0].fields[0].default) if asked[0].kind == "order" else ()
        if proposal and proposal != engine.grid(state)[: len(proposal)]:
            break
    else:
        pytest.fail("the cars never left their grid order")
    ended = engine.round_of(state) - 1  # the round whose last move was entered
    replayed = client_organiser.get(replay_url(race, round=ended)).content.decode()
    assert f"At the end of round {ended}" in replayed
    assert tuple(STRIP_CARS.findall(replayed)) == proposal
    live = client_organiser.get(reverse("races:turn", kwargs={"race_id": race.pk})).content
    assert tuple(STRIP_CARS.findall(live.decode())) == proposal


def test_a_round_s_log_lines_run_from_its_first_event_to_the_point_shown(round_one, monkeypatch):
    recorded = json.loads((RECORDED / "season_pass_three_cars.json").read_text())
    race, _shown = entered_tap_by_tap(round_one, recorded, monkeypatch)
    two, three = replay_at(race, Asked(round=2)), replay_at(race, Asked(round=3))
    assert [event.seq for event in three.events] == list(range(two.at + 1, three.at + 1))
    midway = replay_at(race, Asked(event=two.at + 2))
    assert midway.round == 3 and not midway.round_end
    assert [event.seq for event in midway.events] == [two.at + 1, two.at + 2]
    assert (midway.previous_round, midway.next_round) == (2, 3)
    assert (three.previous_round, three.next_round) == (2, 4)
    start = replay_at(race, Asked(event=0))
    assert start.at == 0 and start.events == [] and start.heading == "Before the first entry"


def test_the_replay_stops_before_an_event_the_rules_now_refuse(race):
    drive(race, 12)
    race.events.filter(seq=6).update(kind="no_such_kind")
    replay = replay_at(race, Asked())
    assert replay.at == 5 and "Event 6 of the log (no_such_kind)" in replay.refused


# --- The page --------------------------------------------------------------------------------


def test_the_replay_steps_by_round_and_by_event(client, race):
    drive(race, 40)
    race.refresh_from_db()
    html = html_of(client.get(replay_url(race, round=1)))
    assert "At the end of round 1" in html
    assert f'href="{replay_url(race, round=0)}"' in html and 'id="previous-round"' in html
    assert f'href="{replay_url(race, round=2)}"' in html and 'id="next-round"' in html
    assert f'href="{replay_url(race, event=0)}" rel="first"' in html
    assert f'href="{replay_url(race, event=race.seq)}" rel="last"' in html
    assert 'name="event"' in html and 'type="range"' in html  # the scrubber, a plain form
    assert 'id="race-strip"' in html and 'id="dashboard"' in html
    at = replay_at(race, Asked(round=1)).at
    assert f'href="{replay_url(race, event=at + 1)}"' in html
    # Read-only: no form posts but the site bar's language.
    assert "take back to here" not in html and '<form method="post"' not in site_bar_less(html)
    first = html_of(client.get(replay_url(race, event=0)))
    assert "Before the first entry" in first and 'rel="first"' not in first
    opening = html_of(client.get(replay_url(race)))
    assert "At the start, before round 1" in opening and 'aria-current="page">Start<' in opening
    end = html_of(client.get(replay_url(race, event=race.seq)))
    assert f"event {race.seq} of {race.seq}" in end and 'rel="last"' not in end


def test_a_point_the_address_cannot_name_or_the_log_lacks_is_refused_with_the_reason(client, race):
    drive(race, 10)
    race.refresh_from_db()
    count, last = race.seq, replay_at(race, Asked()).last_round
    for query, status, reason in (
        ("?event=ten", 400, NOT_A_NUMBER.format(name="event", value="ten")),
        ("?round=-1", 400, NOT_A_NUMBER.format(name="round", value="-1")),
        # A digit to str.isdigit() but not to int(); a number int() refuses to read: not 500s.
        ("?round=%C2%B2", 400, NOT_A_NUMBER.format(name="round", value="²")),
        ("?event=" + "9" * 5000, 400, "event is a whole number, 0 or more"),
        ("?round=1&event=3", 400, ONE_AT_A_TIME),
        (f"?event={count + 1}", 404, NO_SUCH_EVENT.format(event=count + 1, count=count)),
        ("?round=99", 404, NO_SUCH_ROUND.format(round=99, last=last)),
    ):
        response = client.get(replay_url(race) + query)
        assert response.status_code == status, query
        assert reason.replace("'", "&#x27;") in response.content.decode(), query


def test_a_race_with_nothing_entered_replays_as_it_stands(client, race):
    html = client.get(replay_url(race)).content.decode()
    assert "Before the first entry" in html and "event 0 of 0" in html
    assert 'type="range"' not in html and html.count('<g class="strip-car') == 4


def test_an_unknown_race_has_no_replay(client, race):
    assert client.get(reverse("races:replay", kwargs={"race_id": race.pk + 1})).status_code == 404


def test_an_unpublished_league_s_replay_is_a_404_to_all_but_its_members(race, league, organiser):
    drive(race, 5)
    league_publish_set(league=league, published=False)
    referee, stranger = UserFactory(username="referee"), UserFactory(username="stranger")
    member_add(league=league, user=referee, role=Role.REFEREE)
    for who, expected in ((None, 404), (stranger, 404), (referee, 200), (organiser, 200)):
        watcher = Client()
        if who is not None:
            watcher.force_login(who)
        assert watcher.get(replay_url(race, round=0)).status_code == expected, who
    league_publish_set(league=league, published=True)
    assert Client().get(replay_url(race, round=0)).status_code == 200  # a shared link


def test_the_finished_race_its_log_and_its_round_link_to_the_replay(client, race, round_one):
    log = client.get(reverse("races:log", kwargs={"race_id": race.pk})).content.decode()
    assert replay_url(race) in log
    turn = reverse("races:turn", kwargs={"race_id": race.pk})
    assert replay_url(race) not in client.get(turn).content.decode()  # not over yet
    race = play(race)
    assert 'id="replay-link"' in client.get(turn).content.decode()
    round_table_commit(round_=race.round, expected_race_version=race.version)
    round_page = html_of(client.get(round_one.get_absolute_url()))
    assert f'href="{replay_url(race)}" id="replay-link"' in round_page


def test_a_replay_costs_the_same_queries_at_event_10_or_3000(
    client, race, django_assert_num_queries
):
    from bench.builders import race_logged

    race_logged(race, events=10)
    # The race, its log, the lines of its round, the cars' team colours
    with django_assert_num_queries(4) as short:
        assert client.get(replay_url(race, event=race.seq)).status_code == 200
    race_logged(race, events=2990)
    started = time.perf_counter()
    with django_assert_num_queries(len(short.captured_queries)):
        response = client.get(replay_url(race, event=race.seq))
    took = time.perf_counter() - started
    assert response.status_code == 200
    assert re.search(r"event 3000 of 3000", response.content.decode())
    print(f"replay page at event 3000: {took * 1000:.0f} ms")


def site_bar_less(html: str) -> str:
    """`html` without the site bar's language form (templates/_language.html), on every page."""
    return re.sub(r'<form method="post" action="/language/".*?</form>', "", html, flags=re.DOTALL)
