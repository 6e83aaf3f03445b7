"""Who may do what: every URL of the site × GET and POST × seven identities, with the exact
answer.

The URLs come from the URLconf (the Django admin aside, which keeps its own staff check), so a
URL added without a line in MATRIX, or with a parameter PARAMETERS cannot fill, fails here. The
identities, against the league of tests/test_fuzz.py's world at the stage "race" (round 1 run at
the table to its finish): anonymous, a signed-in stranger, the owner of the league's first team,
its referee, its organiser (who made it), a member it made a second organiser, and the
organiser of another league.

An answer is one of:

* ``ok``: let through: whatever the view then says about the input (200, a redirect that is not
  to the sign-in page, 400, 404 for a request its role may make, 409, 410), never a 403, a 405,
  a redirect to sign in, nor a 5xx;
* ``403``: refused;
* ``login``: sent to the sign-in page (a page that needs an account, asked by an anonymous
  visitor);
* ``405``: the method is not one the URL answers.

Every request runs in a savepoint rolled back after it, so each starts from the same rows; a
request answered with a refusal (403, login, 405) must not have run a single write.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, resolve, reverse
from django.utils import timezone
from django.utils.html import escape

from league.models import League, Role
from league.services.errors import LEAGUE_READ_ONLY
from league.services.leagues import league_archive_set
from league.services.members import invitation_create, member_add
from league.views.common import public
from races.models import Race
from tests.factories import UserFactory
from tests.test_fuzz import Request as Sent
from tests.test_fuzz import World, build_rival, build_world, quiet_logs, send  # noqa: F401

pytestmark = pytest.mark.django_db

IDENTITIES = ("anonymous", "stranger", "owner", "referee", "organiser", "co-organiser", "rival")

# Who is let through, as a row of answers in IDENTITIES' order. The league's two organisers
# (the one who made it, and a member made an organiser) get the same answer everywhere.
PUBLIC = "ok ok ok ok ok ok ok"
SIGNED_IN = "login ok ok ok ok ok ok"
ORGANISER = "login 403 403 403 ok ok 403"
REFEREE = "login 403 403 ok ok ok 403"
TEAM_OWNER = (
    "login 403 ok 403 ok ok 403"  # the owner of the team in the URL (or POSTED), the organisers
)
# Pages open to anyone that refuse a write to those who may not make it, without a sign-in.
REFEREE_NO_LOGIN = "403 403 403 ok ok ok 403"
SIGNED_IN_NO_LOGIN = "403 ok ok ok ok ok ok"
NOT_HERE = "405 405 405 405 405 405 405"  # a read-only page's POST, or a write's GET, for anyone
NOT_HERE_LOGIN = "login 405 405 405 405 405 405"  # ... behind login_required

# Every URL name of the site: (GET, POST).
MATRIX: dict[str, tuple[str, str]] = {
    "login": (PUBLIC, PUBLIC),
    "healthz": (PUBLIC, NOT_HERE),
    "favicon": (PUBLIC, NOT_HERE),
    "manifest": (PUBLIC, NOT_HERE),
    "logout": (NOT_HERE, PUBLIC),
    "set_language": (NOT_HERE, PUBLIC),
    "password_change": (SIGNED_IN, SIGNED_IN),
    "password_change_done": (SIGNED_IN, NOT_HERE_LOGIN),
    "password_reset": (PUBLIC, PUBLIC),
    "password_reset_done": (PUBLIC, NOT_HERE),
    "password_reset_confirm": (PUBLIC, PUBLIC),  # a token no account has: "does not work"
    "password_reset_complete": (PUBLIC, NOT_HERE),
    "league:home": (PUBLIC, NOT_HERE),
    "league:league_new": (SIGNED_IN, SIGNED_IN),
    "league:league_restore": (SIGNED_IN, SIGNED_IN),
    "league:league_import": (SIGNED_IN, SIGNED_IN),
    "league:tracks": (PUBLIC, SIGNED_IN_NO_LOGIN),
    # Round 2's track, which its league's organiser added: theirs alone to edit (the matrix
    # has no site admin); anyone signed in sees it, with a copy offered, and copies it.
    "league:track_edit": (SIGNED_IN, "login 403 403 403 ok 403 403"),
    "league:track_copy": (NOT_HERE_LOGIN, SIGNED_IN),
    "league:join": (PUBLIC, PUBLIC),
    "league:signup": (PUBLIC, PUBLIC),
    "league:account": (SIGNED_IN, NOT_HERE_LOGIN),
    "league:account_email": (NOT_HERE_LOGIN, SIGNED_IN),
    "league:account_delete": (SIGNED_IN, SIGNED_IN),  # a wrong password: refused, kept
    # The member in the URL is the referee's: anyone else's membership is no page (404, "ok").
    "league:account_calendar": (NOT_HERE_LOGIN, SIGNED_IN),
    "league:member_calendar": (PUBLIC, NOT_HERE),  # a token no member has: 404
    "league:league": (PUBLIC, NOT_HERE),
    "league:league_archive": (NOT_HERE_LOGIN, ORGANISER),
    "league:league_delete": (ORGANISER, ORGANISER),
    "league:league_backup": (ORGANISER, NOT_HERE_LOGIN),
    "league:roster_csv": (ORGANISER, NOT_HERE_LOGIN),
    "league:results_export_csv": (ORGANISER, NOT_HERE_LOGIN),
    "league:records": (PUBLIC, NOT_HERE),
    "league:calendar": (PUBLIC, NOT_HERE),
    "league:standings_json": (PUBLIC, NOT_HERE),
    "league:league_points": (ORGANISER, ORGANISER),
    "league:league_settings": (ORGANISER, ORGANISER),
    "league:house_rules": (PUBLIC, NOT_HERE),
    "league:house_rules_edit": (ORGANISER, ORGANISER),
    "league:league_publish": (ORGANISER, ORGANISER),
    "league:league_time_zone": (ORGANISER, ORGANISER),
    "league:members": (ORGANISER, ORGANISER),
    "league:member": (NOT_HERE_LOGIN, ORGANISER),
    "league:invitation_withdraw": (NOT_HERE_LOGIN, ORGANISER),
    "league:team_new": (ORGANISER, ORGANISER),
    "league:team": (PUBLIC, NOT_HERE),
    "league:driver_hire": (NOT_HERE_LOGIN, TEAM_OWNER),
    "league:team_rename": (NOT_HERE_LOGIN, TEAM_OWNER),
    "league:team_colour": (NOT_HERE_LOGIN, ORGANISER),
    "league:team_sheet": (PUBLIC, NOT_HERE),
    "league:driver": (PUBLIC, NOT_HERE),
    "league:driver_home_track": (NOT_HERE_LOGIN, ORGANISER),
    "league:driver_card": (NOT_HERE_LOGIN, ORGANISER),
    "league:driver_roster": (NOT_HERE_LOGIN, ORGANISER),
    "league:season_new": (ORGANISER, ORGANISER),
    "league:season": (PUBLIC, NOT_HERE),
    "league:season_setup": (ORGANISER, ORGANISER),
    "league:season_rules": (ORGANISER, ORGANISER),
    "league:season_adjustments": (
        ORGANISER,
        ORGANISER,
    ),  # a rule set without one: 404 past the check
    "league:season_end": (ORGANISER, ORGANISER),
    "league:season_report": (PUBLIC, NOT_HERE),
    "league:season_standings_json": (PUBLIC, NOT_HERE),
    "league:drivers_csv": (PUBLIC, NOT_HERE),
    "league:teams_csv": (PUBLIC, NOT_HERE),
    "league:results_csv": (PUBLIC, NOT_HERE),
    "league:round": (PUBLIC, NOT_HERE),
    "league:round_start": (NOT_HERE_LOGIN, REFEREE),
    "league:round_hire": (NOT_HERE_LOGIN, ORGANISER),
    "league:round_choose": (NOT_HERE_LOGIN, TEAM_OWNER),
    "league:round_result": (NOT_HERE_LOGIN, REFEREE),
    "league:round_format": (NOT_HERE_LOGIN, ORGANISER),
    "league:round_session": (NOT_HERE_LOGIN, ORGANISER),
    "league:round_race_options": (NOT_HERE_LOGIN, ORGANISER),
    "league:round_injury_roll": (NOT_HERE_LOGIN, REFEREE),
    "league:round_commit": (NOT_HERE_LOGIN, REFEREE),
    "league:round_table": (REFEREE, REFEREE),
    "league:round_by_hand": (NOT_HERE_LOGIN, REFEREE),
    "league:round_starters": (REFEREE, REFEREE),
    "league:round_reopen": (REFEREE, REFEREE),
    "races:turn": (PUBLIC, REFEREE_NO_LOGIN),
    "races:log": (PUBLIC, NOT_HERE),
    "races:odds": (PUBLIC, NOT_HERE),
    "races:screen": (PUBLIC, NOT_HERE),
    "races:replay": (PUBLIC, NOT_HERE),
    "races:undo_back_to": (REFEREE, NOT_HERE_LOGIN),
    "races:ruling_new": (REFEREE, REFEREE),
    "races:rulings": (PUBLIC, NOT_HERE),
}
# The URLs that answer no HTML page (a file, a feed, a machine's answer), for the walks that
# read pages (the Content-Security-Policy's, the French site's).
NOT_HTML = {
    "healthz",
    "favicon",
    "manifest",
    "league:league_backup",
    "league:roster_csv",
    "league:results_export_csv",
    "league:calendar",
    "league:member_calendar",
    "league:standings_json",
    "league:season_standings_json",
    "league:drivers_csv",
    "league:teams_csv",
    "league:results_csv",
}
# A league taken back from publishing: its pages and exports (the URLs `public` wraps) are 404
# to all but its organiser and members, as if it did not exist; writes keep their own checks.
UNPUBLISHED = "404 404 ok ok ok ok 404"

# What a POST carries, where a URL's parameters do not say all it acts on (else nothing).
POSTED = {"league:round_choose": lambda world: {"team": world.teams[0].pk}}
LEFT_OUT = ("admin",)  # namespaces with their own checks (the admin's: staff only)


def site_urls(patterns=None, namespace: str = "") -> Iterator[tuple[str, list[str]]]:
    """Every named URL of the site, as (namespaced name, its parameters' names)."""
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(entry, URLResolver):
            if entry.namespace in LEFT_OUT:
                continue
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            for name, parameters in site_urls(entry.url_patterns, inner):
                yield name, [*entry.pattern.converters, *parameters]
        elif isinstance(entry, URLPattern) and entry.name:
            yield f"{namespace}{entry.name}", list(entry.pattern.converters)


URLS = dict(site_urls())


def parameters(world: World, people: dict[str, Any]) -> dict[str, Any]:
    """What each URL parameter is, in the league of `world`: its first team (the owner's), a
    driver of it, season 1, round 1 and its race, the referee's membership, an invitation."""
    return {
        "slug": world.league.slug,
        "team_id": world.teams[0].pk,
        "driver_id": world.drivers[0].pk,
        "number": 1,
        "round_number": 1,
        "round_id": world.round1.pk,
        "race_id": world.race.pk,
        "seq": 1,
        "track_id": world.round2.track_id,
        "member_id": people["referee_membership"].pk,
        "token": people["invitation"].token,
        "invitation_id": people["invitation"].pk,
        "uidb64": "MA",
        "membership_id": people["referee_membership"].pk,
    }


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker) -> Iterator[tuple[World, dict[str, Any]]]:
    """The fuzz tests' "race" world, with a referee, a team owner, a second organiser and an
    open invitation."""
    with django_db_blocker.unblock(), transaction.atomic():
        built = build_world("race", build_rival())
        league = built.league
        referee, owner = UserFactory(username="referee"), UserFactory(username="owner")
        co_organiser = UserFactory(username="co-organiser")
        member_add(league=league, user=co_organiser, role=Role.ORGANISER)
        people = {
            "referee_membership": member_add(league=league, user=referee, role=Role.REFEREE),
            "owner_membership": member_add(
                league=league, user=owner, role=Role.TEAM_OWNER, team=built.teams[0]
            ),
            "invitation": invitation_create(
                league=league, made_by=league.organiser, role=Role.REFEREE
            ),
            "anonymous": None,
            "stranger": built.stranger,
            "owner": owner,
            "referee": referee,
            "organiser": built.organiser,
            "co-organiser": co_organiser,
            "rival": built.rival,
        }
        yield built, people
        transaction.set_rollback(True)


def signed_in(people: dict[str, Any]) -> dict[str, Client]:
    """A browser for each identity, signed in as them (but the anonymous one's)."""
    clients = {}
    for who in IDENTITIES:
        clients[who] = Client()
        if people[who] is not None:
            clients[who].force_login(people[who])
    return clients


def test_every_url_has_its_line_and_every_line_a_url() -> None:
    assert sorted(set(URLS) - set(MATRIX)) == [], "URLs missing from MATRIX"
    assert sorted(set(MATRIX) - set(URLS)) == [], "MATRIX names URLs the site no longer has"
    for name, answers in MATRIX.items():
        for row in answers:
            assert len(row.split()) == len(IDENTITIES), name


def _answer(response) -> str:
    status = response.status_code
    if status == 403:
        return "403"
    if status == 405:
        return "405"
    if status in (301, 302) and response["Location"].startswith(reverse("login") + "?"):
        return "login"
    return "ok" if status < 500 else str(status)


@pytest.mark.parametrize("name", sorted(URLS))
def test_each_identity_gets_the_exact_answer_and_a_refusal_writes_nothing(
    name: str, world: tuple[World, dict[str, Any]]
) -> None:
    built, people = world
    values = parameters(built, people)
    missing = [parameter for parameter in URLS[name] if parameter not in values]
    assert not missing, f"{name}: say in parameters() what {missing} are"
    url = reverse(name, kwargs={parameter: values[parameter] for parameter in URLS[name]})
    clients = signed_in(people)
    wrong = []
    for method, row in zip(("GET", "POST"), MATRIX[name], strict=True):
        for who, expected in zip(IDENTITIES, row.split(), strict=True):
            with transaction.atomic():
                if method == "GET":
                    response, wrote = clients[who].get(url), False
                else:
                    data = POSTED[name](built) if name in POSTED else {}
                    answer = send(clients[who], Sent(url, data))
                    response, wrote = answer.response, answer.wrote
                transaction.set_rollback(True)
            got = _answer(response)
            if got != expected:
                wrong.append(
                    f"{method} {url} as {who}: {got} ({response.status_code}), not {expected}"
                )
            elif got != "ok" and wrote:
                wrong.append(f"{method} {url} as {who}: refused ({got}) but wrote")
    assert not wrong, "\n".join(wrong)


def test_the_admin_left_out_of_the_matrix_turns_every_identity_away(
    world: tuple[World, dict[str, Any]],
) -> None:
    """No identity of the matrix is staff: the admin sends each to its own sign-in page."""
    _built, people = world
    for who in IDENTITIES:
        client = Client()
        if people[who] is not None:
            client.force_login(people[who])
        for name in ("admin:index", "admin:league_league_changelist"):
            response = client.get(reverse(name))
            assert response.status_code == 302, (who, name)
            assert response["Location"].startswith(reverse("admin:login")), (who, name)


def _is_public(name: str, world: tuple[World, dict[str, Any]]) -> bool:
    """Whether the URL's view is wrapped by publishing's `public`."""
    built, people = world
    values = parameters(built, people)
    url = reverse(name, kwargs={parameter: values[parameter] for parameter in URLS[name]})
    return resolve(url).func.__code__ is public(lambda request: None).__code__


# What names a league in a URL: its address, or a row of it. (An invitation's token does not:
# the join page is for someone not yet a member.)
OF_A_LEAGUE = frozenset({"slug", "team_id", "driver_id", "round_id", "race_id", "member_id"})
# The race pages, under races/ by race id, guarded in their views (the spectator's poll reads
# whether the league is published in its one query): not by `public`.
RACE_PAGES = ("races:log", "races:odds", "races:replay", "races:screen", "races:turn")


def test_the_pages_of_an_unpublished_league_are_its_members_only(
    world: tuple[World, dict[str, Any]],
) -> None:
    built, people = world
    wrapped = sorted(name for name in URLS if _is_public(name, world))
    # Every page of a league open to the public is guarded, and only those: by `public`,
    # but for the race pages.
    pages = sorted(
        name
        for name, (get, _post) in MATRIX.items()
        if get == PUBLIC and OF_A_LEAGUE & set(URLS[name])
    )
    assert wrapped == [name for name in pages if name not in RACE_PAGES]
    assert set(RACE_PAGES) <= set(pages)
    values = parameters(built, people)
    wrong = []
    with transaction.atomic():
        League.objects.filter(pk=built.league.pk).update(published=False)
        for name in pages:
            url = reverse(name, kwargs={parameter: values[parameter] for parameter in URLS[name]})
            for who, expected in zip(IDENTITIES, UNPUBLISHED.split(), strict=True):
                client = Client()
                if people[who] is not None:
                    client.force_login(people[who])
                response = client.get(url)
                got = "404" if response.status_code == 404 else _answer(response)
                if got != expected:
                    wrong.append(f"GET {url} as {who}: {response.status_code}, not {expected}")
        transaction.set_rollback(True)
    assert not wrong, "\n".join(wrong)


# --- an archived league is read-only ------------------------------------------------------------

# The writes an archived league takes: its organiser restoring it (league_archive), or
# deleting it for good (league_delete).
ARCHIVING = "league:league_archive"
ARCHIVED_WRITES = {ARCHIVING, "league:league_delete"}
NOT_WRITES = (NOT_HERE, NOT_HERE_LOGIN)


def test_every_write_to_an_archived_league_is_refused_with_the_reason(
    world: tuple[World, dict[str, Any]],
) -> None:
    """Every URL that writes to the league (or its seasons, rounds, races, teams, drivers,
    members, invitations): whoever the matrix lets through is refused with the reason, a 403,
    and nothing is written; the others get what the matrix says they get."""
    built, people = world
    values = parameters(built, people)
    writes = sorted(
        name
        for name, (_get, post) in MATRIX.items()
        if post not in NOT_WRITES
        and (OF_A_LEAGUE | {"token"}) & set(URLS[name])
        and "uidb64" not in URLS[name]  # a password reset's token is no invitation's
    )
    assert {"league:join", "races:turn", "league:member", ARCHIVING} <= set(writes)
    read_only = escape(LEAGUE_READ_ONLY.format(league=built.league.name))
    clients = signed_in(people)
    wrong = []
    with transaction.atomic():
        League.objects.filter(pk=built.league.pk).update(archived_at=timezone.now())
        for name in writes:
            url = reverse(name, kwargs={parameter: values[parameter] for parameter in URLS[name]})
            data = POSTED[name](built) if name in POSTED else {}
            for who, allowed in zip(IDENTITIES, MATRIX[name][1].split(), strict=True):
                with transaction.atomic():
                    answer = send(clients[who], Sent(url, data))
                    transaction.set_rollback(True)
                response, got = answer.response, _answer(answer.response)
                refused = got == "403" and read_only in response.content.decode()
                if allowed != "ok" or name in ARCHIVED_WRITES:
                    if got != allowed:
                        wrong.append(f"POST {url} as {who}: {got}, not {allowed}")
                elif not refused:
                    wrong.append(f"POST {url} as {who}: {response.status_code}, not read-only")
                if answer.wrote and (refused or got != "ok"):
                    wrong.append(f"POST {url} as {who}: refused but wrote")
        transaction.set_rollback(True)
    assert not wrong, "\n".join(wrong)


def test_the_organiser_restores_an_archived_league_and_it_takes_writes_again(
    world: tuple[World, dict[str, Any]],
) -> None:
    built, people = world
    organiser = Client()
    organiser.force_login(people["organiser"])
    rename = reverse("league:team_rename", args=[built.league.slug, built.teams[0].pk])
    with transaction.atomic():
        league = league_archive_set(league=built.league, archived=True)
        assert organiser.post(rename, {"name": "Renamed"}).status_code == 403
        restore = {"restore": "", "version": league.settings_version}
        response = organiser.post(reverse(ARCHIVING, args=[league.slug]), restore)
        assert response.status_code == 302
        assert organiser.post(rename, {"name": "Renamed"}).status_code == 302
        transaction.set_rollback(True)


# --- an unpublished league is, to an outsider, an address no league has ------------------------

# Those who may not see an unpublished league: no role in it.
OUTSIDERS = ("anonymous", "stranger", "rival")
NO_LEAGUE = "no-such-league"
# What differs between two renderings of one page: the masked CSRF token (new each time).
CSRF_TOKEN = re.compile(r'("X-CSRFToken": "|name="csrfmiddlewaretoken" value=")[^"]*"')


def _normalised(response, url: str) -> tuple[int, str, dict[str, str]]:
    """The answer, with its own address (as it is, or URL-encoded in a `next=`) and any CSRF
    token taken out, and its headers: what must be the same for two addresses that answer
    alike."""

    def plain(text: str) -> str:
        for form in (url, quote(url), quote(url, safe="")):
            text = text.replace(form, "<url>")
        return CSRF_TOKEN.sub(r"\1…", text)

    # Its length aside, which the address's own length changes, and the time a page that is
    # never cached says it expired (now, to the second: two requests may straddle one).
    headers = {
        name: plain(value)
        for name, value in response.headers.items()
        if name not in ("Content-Length", "Expires")
    }
    return response.status_code, plain(response.content.decode()), headers


def _urls_of(name: str, values: dict[str, Any], missing_race: int) -> tuple[str, str]:
    """`name`'s address in the league of the matrix, and the same address naming no league (a
    slug no league has, or a race no league has)."""
    kwargs = {parameter: values[parameter] for parameter in URLS[name]}
    if "slug" in kwargs:
        absent = {**kwargs, "slug": NO_LEAGUE}
    else:
        absent = {**kwargs, "race_id": missing_race}
    return reverse(name, kwargs=kwargs), reverse(name, kwargs=absent)


def test_an_unpublished_league_answers_an_outsider_as_an_address_no_league_has(
    world: tuple[World, dict[str, Any]],
) -> None:
    """Every URL of the matrix that names a league (by its address or a race of it), with each
    method the matrix uses, as anonymous, a signed-in stranger and another league's organiser:
    the same status, headers and page (but for the address itself and the CSRF token) as the
    same URL naming no league, and no write. Its members still get the matrix's answers."""
    built, people = world
    values = parameters(built, people)
    names = sorted(name for name in MATRIX if {"slug", "race_id"} & set(URLS[name]))
    # Every URL naming a league names it by its address or a race's id.
    assert names == sorted(name for name in URLS if OF_A_LEAGUE & set(URLS[name]))
    assert "races:turn" in names and "league:league_delete" in names
    missing_race = (Race.objects.order_by("-pk").values_list("pk", flat=True).first() or 0) + 1000
    # A browser each for the league's addresses and for the missing ones, so that whatever one
    # keeps between requests (a cookie set once) the other keeps alike.
    browsers = (signed_in(people), signed_in(people))
    wrong, compared = [], 0
    with transaction.atomic():
        League.objects.filter(pk=built.league.pk).update(published=False)
        for name in names:
            url, absent = _urls_of(name, values, missing_race)
            data = POSTED[name](built) if name in POSTED else {}
            for method in ("GET", "POST"):
                for who in OUTSIDERS:
                    answers = []
                    for clients, address in zip(browsers, (url, absent), strict=True):
                        with transaction.atomic():
                            if method == "GET":
                                response, wrote = clients[who].get(address), False
                            else:
                                answer = send(clients[who], Sent(address, data))
                                response, wrote = answer.response, answer.wrote
                            transaction.set_rollback(True)
                        answers.append(_normalised(response, address))
                        if wrote:
                            wrong.append(f"{method} {address} as {who}: wrote")
                    compared += 1
                    if answers[0] != answers[1]:
                        private, nothing = answers
                        differ = [
                            part
                            for part, one, other in zip(
                                ("status", "page", "headers"), private, nothing, strict=True
                            )
                            if one != other
                        ]
                        wrong.append(
                            f"{method} {url} as {who}: {private[0]}, where {absent} is "
                            f"{nothing[0]} ({', '.join(differ)} differ"
                            + (f": {private[2]} / {nothing[2]})" if "headers" in differ else ")")
                        )
        transaction.set_rollback(True)
    assert compared == len(names) * 2 * len(OUTSIDERS)
    assert not wrong, "\n".join(wrong)
