"""Fifty devices at once against a live server, on PostgreSQL: the same turn-helper entry, entries
racing with undos, one round confirmed twice, one season ended twice, one league created twice,
one rookie hired twice, a points table changed as the first round is confirmed, a season's setup
changed as its first race starts at the table. Nothing is lost
or doubled, no answer is a 500, and every race's stored state is the replay of its log.

Only PostgreSQL runs requests truly side by side (row locks, concurrent inserts on a unique
index); SQLite takes one writer at a time, so there the test has nothing to show and skips.
"""

from __future__ import annotations

import functools
import http.client
import random
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlencode, urlsplit

import pytest
from django.contrib.auth import get_user_model
from django.contrib.staticfiles.handlers import StaticFilesHandler
from django.core.servers.basehttp import ThreadedWSGIServer
from django.db import connection
from django.middleware.csrf import _get_new_csrf_string
from django.test import Client
from django.test.testcases import LiveServerThread
from django.urls import reverse

from league.models import Driver, League, Round, RoundStatus, Season, SeasonEndChange, Track
from league.services.leagues import league_create
from league.services.members import invitation_create, member_add
from league.services.results import round_result_enter
from league.services.seasons import season_open
from league.services.starts import round_start, round_start_at_table
from league.services.teams import team_create
from league.services.tracks import track_create
from races.models import Race
from races.services.entries import race_events, race_state
from rules import engine
from tests.factories import UserFactory
from tests.league.test_services import all_finish, play_rounds, racing_drivers
from tests.league.test_views import round_url
from tests.races.autopilot import drive, drive_to_finish, legal_event

pytestmark = [
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="concurrent writes need PostgreSQL: SQLite runs one writer at a time",
    ),
    pytest.mark.django_db(transaction=True),
]

DEVICES = 50
ACCEPTED = {200, 302}


class Device:
    """A logged-in browser tab: a session cookie and a CSRF token, posting forms by HTTP."""

    def __init__(self, server_url: str, user=None) -> None:
        """`user` signed in, or no one (None)."""
        self.session = ""
        if user is not None:
            client = Client()
            client.force_login(user)
            self.session = client.cookies["sessionid"].value
        self.csrf = _get_new_csrf_string()
        parts = urlsplit(server_url)
        self.host, self.port = parts.hostname, parts.port

    def post(self, path: str, data: dict) -> int:
        body = urlencode(data, doseq=True)
        conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
        try:
            conn.request(
                "POST",
                path,
                body=body,
                headers={
                    "Content-Type": "application/x-www-form-urlencoded",
                    "Cookie": f"sessionid={self.session}; csrftoken={self.csrf}",
                    "X-CSRFToken": self.csrf,
                    "Referer": f"http://{self.host}:{self.port}/",
                },
            )
            response = conn.getresponse()
            response.read()
            return response.status
        finally:
            conn.close()


class RoomyServer(ThreadedWSGIServer):
    """Django's test server queues 10 connections; fifty devices knock at once."""

    request_queue_size = 4 * DEVICES


class RoomyServerThread(LiveServerThread):
    server_class = RoomyServer


@pytest.fixture
def roomy_server():
    """A live server of this module's own (pytest-django's is shared by the whole session, and
    its listening queue is already set), serving this test's committed data."""
    thread = RoomyServerThread("127.0.0.1", StaticFilesHandler)
    thread.daemon = True
    thread.start()
    thread.is_ready.wait()
    if thread.error:
        raise thread.error
    thread.url = f"http://127.0.0.1:{thread.port}"
    yield thread
    thread.terminate()


def all_at_once(calls) -> list[int]:
    """Run every call in its own thread, released together; their answers, in order."""
    barrier = threading.Barrier(len(calls))

    def run(call):
        barrier.wait()
        return call()

    with ThreadPoolExecutor(max_workers=len(calls)) as pool:
        return list(pool.map(run, calls))


def assert_replays(race: Race) -> None:
    race.refresh_from_db()
    seqs = list(race.events.order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, race.seq + 1))
    replayed = engine.replay(engine.setup_from_dict(race.setup), race_events(race))
    assert race.state == engine.state_to_dict(replayed)


@pytest.fixture
def organiser():
    return UserFactory(username="organiser")


@pytest.fixture
def world(organiser):
    league = league_create(name="Thursday Night League", organiser=organiser)
    teams = [
        team_create(league=league, name="Red Herrings", driver_names=["Ann", "Bob"]),
        team_create(league=league, name="Blue Moons", driver_names=["Cid", "Dot"]),
    ]
    season = season_open(league=league, preset="Spring")
    return league, teams, season


@pytest.fixture
def race(world) -> Race:
    _league, teams, season = world
    drivers = [driver for team in teams for driver in team.drivers.order_by("pk")]
    cars = ("red", "blue", "green", "yellow")
    race = round_start_at_table(
        round_=season.rounds.get(number=1), starters=list(zip(drivers, cars, strict=True))
    )
    return drive(race, 5)


def entry_post(race: Race, seed: int) -> dict:
    """What a referee's form posts for the race's current prompt, as read now."""
    race.refresh_from_db()
    prompt = engine.prompts(race_state(race))[0]
    event = legal_event(prompt, random.Random(seed))
    post = {"kind": event.kind, "version": race.version, **event.data}
    lists = [key for key, value in event.data.items() if isinstance(value, list)]
    if lists:
        post["_lists"] = lists
    return post


def test_the_same_entry_from_fifty_devices_is_entered_once(roomy_server, organiser, race):
    device = Device(roomy_server.url, organiser)
    post = entry_post(race, seed=1)
    entered = race.events.filter(automatic=False).count()
    answers = all_at_once([lambda: device.post(race.get_absolute_url(), post)] * DEVICES)
    assert Counter(answers) == {302: 1, 409: DEVICES - 1}
    race.refresh_from_db()
    # Once: one entry of the referee's (and whatever Paddock entered after it, once too).
    assert race.events.filter(automatic=False).count() == entered + 1
    assert_replays(race)


def test_entries_racing_with_undos_lose_and_double_nothing(roomy_server, organiser, race):
    device = Device(roomy_server.url, organiser)
    for wave in range(4):
        race.refresh_from_db()
        if not engine.prompts(race_state(race)):
            break
        posts = [
            {"undo": "", "version": race.version}
            if index % 4 == 0
            else entry_post(race, seed=wave * DEVICES + index)
            for index in range(DEVICES)
        ]
        answers = all_at_once(
            [lambda post=post: device.post(race.get_absolute_url(), post) for post in posts]
        )
        assert not [answer for answer in answers if answer >= 500]
        assert set(answers) <= {302, 400, 409}
        assert Counter(answers)[302] == 1  # all were built on one version: one wins
        assert_replays(race)
        # The next wave starts further on in the race.
        drive(race, 2, seed=wave)
        assert_replays(race)


def test_a_round_confirmed_from_fifty_devices_is_scored_once(roomy_server, organiser, world):
    _league, teams, season = world
    round_ = season.rounds.get(number=1)
    drivers = racing_drivers(teams)
    entries = round_start(round_=round_, starters=[(d, f"car {d.pk}") for d in drivers])
    round_result_enter(round_=round_, outcomes=all_finish(entries))
    version = Round.objects.values_list("version", flat=True).get(pk=round_.pk)
    device = Device(roomy_server.url, organiser)
    url = reverse("league:round_commit", args=[season.league.slug, 1, 1])
    answers = all_at_once([lambda: device.post(url, {"version": version})] * DEVICES)
    assert Counter(answers) == {302: 1, 409: DEVICES - 1}
    round_.refresh_from_db()
    assert round_.status == RoundStatus.FINISHED
    # One start XP and one finishing XP each, not fifty.
    assert list(Driver.objects.values_list("xp", flat=True)) == [2] * 4


def test_a_season_ended_from_fifty_devices_ends_once(roomy_server, organiser, world):
    _league, teams, season = world
    play_rounds(season, racing_drivers(teams), range(1, 10))
    device = Device(roomy_server.url, organiser)
    url = reverse("league:season_end", args=[season.league.slug, 1])
    answers = all_at_once([lambda: device.post(url, {})] * DEVICES)
    assert Counter(answers) == {302: DEVICES}  # the first ends it; the rest see its report
    assert SeasonEndChange.objects.count() == 4
    assert list(Season.objects.values_list("number", flat=True)) == [1, 2]
    assert list(Driver.objects.values_list("age", flat=True)) == [2] * 4


def test_one_league_from_fifty_new_league_posts(roomy_server, organiser):
    device = Device(roomy_server.url, organiser)
    post = {"name": "Sunday Club", "field_size_rule": "next_larger"}
    answers = all_at_once([lambda: device.post(reverse("league:league_new"), post)] * DEVICES)
    assert Counter(answers) == {302: DEVICES}
    assert League.objects.filter(name="Sunday Club").count() == 1


def test_one_rookie_from_fifty_hires(roomy_server, organiser, world):
    league, teams, _season = world
    device = Device(roomy_server.url, organiser)
    url = reverse("league:driver_hire", args=[league.slug, teams[0].pk])
    answers = all_at_once([lambda: device.post(url, {"name": "Eve"})] * DEVICES)
    assert Counter(answers) == {302: 1, 400: DEVICES - 1}
    assert Driver.objects.filter(name="Eve").count() == 1


def test_one_team_from_fifty_add_a_team_posts(roomy_server, organiser, world):
    league, _teams, _season = world
    device = Device(roomy_server.url, organiser)
    url = reverse("league:team_new", args=[league.slug])
    post = {"name": "Hare Racing", "driver_1": "Eve", "driver_2": "Fay"}
    answers = all_at_once([lambda: device.post(url, post)] * DEVICES)
    assert Counter(answers) == {302: DEVICES}
    assert league.teams.filter(name="Hare Racing").count() == 1
    assert Driver.objects.filter(name__in=["Eve", "Fay"]).count() == 2


def test_writing_the_race_into_the_season_while_another_device_discards_it(
    roomy_server, organiser, race
):
    """Commit locked the race then the round, discard the round then the race: on PostgreSQL
    the two deadlocked (a 500). Now both lock the round first; one of them wins."""
    drive_to_finish(race, seed=4)
    round_ = race.round
    round_version = Round.objects.values_list("version", flat=True).get(pk=round_.pk)
    device = Device(roomy_server.url, organiser)
    commit = {"commit": "", "version": race.version}
    discard = {"version": round_version, "race_version": race.version}
    discard_url = round_url(round_, "by_hand")
    calls = [
        (lambda: device.post(race.get_absolute_url(), commit))
        if index % 2
        else (lambda: device.post(discard_url, discard))
        for index in range(DEVICES)
    ]
    answers = all_at_once(calls)
    assert not [answer for answer in answers if answer >= 500]
    round_.refresh_from_db()
    committed = Race.objects.filter(pk=race.pk, finished_at__isnull=False).exists()
    discarded = not Race.objects.filter(pk=race.pk).exists()
    assert committed != discarded  # exactly one of the two happened
    if committed:
        assert round_.status == RoundStatus.FINISHED
    else:
        assert round_.status == RoundStatus.STARTED and not round_.run_at_table


def test_a_points_table_changed_as_the_first_round_is_confirmed_is_the_one_it_scores_by(
    roomy_server, organiser
):
    """Either the change goes first and the round scores by the new table, or the round does and
    the change is refused: never a round scored by a table the league no longer has."""
    device = Device(roomy_server.url, organiser)
    outcomes = Counter()
    for trial in range(8):
        league = league_create(name=f"League {trial}", organiser=organiser)
        for team, names in (("Red", ["Ann", "Bob"]), ("Blue", ["Cid", "Dot"])):
            team_create(league=league, name=team, driver_names=names)
        season = season_open(league=league, preset="Spring")  # round 1: 2x
        round_ = season.rounds.get(number=1)
        drivers = list(Driver.objects.filter(team__league=league).order_by("pk"))
        entries = round_start(round_=round_, starters=[(d, f"car {d.pk}") for d in drivers])
        round_result_enter(round_=round_, outcomes=all_finish(entries))
        version = Round.objects.values_list("version", flat=True).get(pk=round_.pk)
        commit = reverse("league:round_commit", args=[league.slug, 1, 1])
        points = reverse("league:league_points", args=[league.slug])
        answers = all_at_once(
            [
                lambda commit=commit, version=version: device.post(commit, {"version": version}),
                lambda points=points: device.post(points, {"table": "10-5-1", "version": 0}),
            ]
        )
        league.refresh_from_db()
        winner = round_.entries.get(place=1).points
        if league.settings["points_table"] == "10-5-1":
            assert (answers, winner) == ([302, 302], 20)
            outcomes["table first"] += 1
        else:
            assert (answers, winner) == ([302, 400], 200)
            outcomes["round first"] += 1
    assert sum(outcomes.values()) == 8


NINE_TYRES = {"tires": 9, "brakes": 3, "gearbox": 3, "body": 3, "engine": 3, "road_handling": 2}


def test_a_setup_changed_as_the_season_s_first_race_starts_is_the_one_it_starts_on(
    roomy_server, organiser
):
    """Either the change goes first and the race starts on the new wear points, or the race
    does and the change is refused: never a race on a setup its season no longer has."""
    device = Device(roomy_server.url, organiser)
    outcomes = Counter()
    for trial in range(8):
        league = league_create(name=f"RBB {trial}", organiser=organiser, ruleset="rbb")
        team_create(league=league, name="Red", driver_names=["Ann", "Bob"])
        track = Track.objects.filter(name="Monza").first() or track_create(name="Monza")
        season = season_open(league=league, tracks=[track])
        round_ = season.rounds.get(number=1)
        start = {"version": round_.version}
        for driver, car in zip(
            Driver.objects.filter(team__league=league), ("red", "blue"), strict=True
        ):
            start[f"d{driver.pk}-start"] = "on"
            start[f"d{driver.pk}-car"] = car
        new_race = round_url(round_, "table")
        setup_url = reverse("league:season_setup", args=[league.slug, 1])
        answers = all_at_once(
            [
                lambda new_race=new_race, start=start: device.post(new_race, start),
                lambda url=setup_url: device.post(url, {**NINE_TYRES, "version": 0}),
            ]
        )
        season.refresh_from_db()
        race = Race.objects.get(round=round_)
        tyres = {view.value("tires") for view in engine.dashboard(race_state(race))}
        if season.setup_version:
            assert (answers, tyres) == ([302, 302], {9})
            outcomes["setup first"] += 1
        else:
            assert (answers, tyres) == ([302, 400], {6})
            outcomes["race first"] += 1
    assert sum(outcomes.values()) == 8


def test_a_co_organiser_removed_while_making_links_leaves_none_behind(
    roomy_server, organiser, world
):
    """A co-organiser's five requests for organiser links race their removal: each link is
    refused, or made and then withdrawn with the removal, so none is left to come back by."""
    league, _teams, _season = world
    for trial in range(5):
        co = UserFactory(username=f"co-{trial}")
        membership = member_add(league=league, user=co, role="organiser")
        theirs, lead = Device(roomy_server.url, co), Device(roomy_server.url, organiser)
        members = reverse("league:members", args=[league.slug])
        remove = reverse("league:member", args=[league.slug, membership.pk])
        invite = functools.partial(theirs.post, members, {"role": "organiser"})
        answers = all_at_once([invite] * 5 + [functools.partial(lead.post, remove, {"remove": ""})])
        # Refused while still a member (403), or, removed first, answered as any outsider of
        # a league not published is: as an address no league has (404, issue 29).
        assert set(answers) <= {302, 403, 404}, answers
        assert not league.memberships.filter(user=co).exists()
        assert not league.invitations.filter(made_by=co).exists()


def test_two_newcomers_signing_up_as_casey_and_casey_at_once_make_one_account(
    roomy_server, organiser, world
):
    """The sign-up form checks the name before its insert; the database's constraint on the
    folded name decides between twins: one account, the other told the name is taken."""
    league, _teams, _season = world
    for trial, names in enumerate([("Casey", "Casey"), ("Casey", "CASEY"), ("Dee", "dee")]):
        links = [invitation_create(league=league, made_by=organiser, role="referee") for _ in names]
        posts = [
            functools.partial(
                Device(roomy_server.url).post,
                reverse("league:join", args=[link.token]),
                {
                    "username": f"{name}{trial}",
                    "password1": "long enough 1",
                    "password2": "long enough 1",
                },
            )
            for link, name in zip(links, names, strict=True)
        ]
        answers = sorted(all_at_once(posts))
        assert answers == [302, 400], (names, answers)
        folded = f"{names[0]}{trial}".lower()
        assert get_user_model().objects.filter(username__iexact=folded).count() == 1
