"""People of a league: invitations (one use, expiring), joining, roles, and what a team owner
may do with their team."""

from __future__ import annotations

import importlib
import re
from datetime import timedelta

import pytest
from django.apps import apps as django_apps
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, connection, transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from league.models import Invitation, League, Membership, Role, Team
from league.services import members as member_services
from league.services.drivers import driver_hire
from league.services.errors import AlreadyDone
from league.services.leagues import league_create, league_publish_set
from league.services.members import (
    INVITATION_DAYS,
    INVITATION_JOINED_ALREADY,
    INVITATION_UNKNOWN,
    INVITATION_USED,
    INVITATION_WITHDRAWN,
    INVITATION_WITHDRAWN_ALREADY,
    INVITER_NOT_ORGANISER,
    LAST_ORGANISER,
    LEAD_NAME_TAKEN,
    MEMBER_LEFT_ALREADY,
    ROLE_NEEDS_TEAM,
    USERNAME_TAKEN,
    invitation_accept,
    invitation_create,
    invitation_sign_up,
    invitation_withdraw,
    member_add,
    member_remove,
    member_role_set,
    user_create,
)
from league.services.starts import round_start, round_starters_choose
from league.services.teams import TEAM_NAME_TAKEN, team_create
from league.views import members as member_views
from tests.factories import UserFactory
from tests.pages import html_of

pytestmark = pytest.mark.django_db


def joined(league: League):
    """The members who joined (the league's own organiser is a member from its start)."""
    return league.memberships.exclude(user_id=league.organiser_id)


def _invite(league: League, role: str = Role.REFEREE, team: Team | None = None) -> Invitation:
    return invitation_create(league=league, made_by=league.organiser, role=role, team=team)


def test_the_organiser_makes_an_invitation_link_on_the_members_page(client_organiser, league):
    url = reverse("league:members", args=[league.slug])
    response = client_organiser.post(url, {"role": "referee"}, follow=True)
    invitation = league.invitations.get()
    assert invitation.role == Role.REFEREE and invitation.used is None
    assert invitation.expires - timezone.now() > timedelta(days=INVITATION_DAYS - 1)
    link = "http://testserver" + reverse("league:join", args=[invitation.token])
    assert link in response.content.decode()  # in the message and the open invitations


def test_a_newcomer_joins_by_the_link_with_a_user_name_and_password(client, league, teams):
    invitation = _invite(league, Role.TEAM_OWNER, teams[0])
    url = reverse("league:join", args=[invitation.token])
    assert "Team owner of Red Herrings" in client.get(url).content.decode()
    post = {"username": "jane", "password1": "long enough 1", "password2": "long enough 1"}
    response = client.post(url, post)
    assert response.status_code == 302 and response["Location"] == league.get_absolute_url()
    jane = User.objects.get(username="jane")
    membership = league.memberships.get(user=jane)
    assert (membership.role, membership.team) == (Role.TEAM_OWNER, teams[0])
    assert client.session["_auth_user_id"] == str(jane.pk)  # signed in
    invitation.refresh_from_db()
    assert invitation.used is not None and invitation.used_by == jane


def test_an_invitation_works_once(client, league):
    invitation = _invite(league)
    url = reverse("league:join", args=[invitation.token])
    client.post(
        url, {"username": "jane", "password1": "long enough 1", "password2": "long enough 1"}
    )
    other = Client()
    post = {"username": "joe", "password1": "long enough 1", "password2": "long enough 1"}
    response = other.post(url, post)
    assert response.status_code == 410
    assert INVITATION_USED in response.content.decode()
    assert not User.objects.filter(username="joe").exists()


def test_a_double_tap_on_join_makes_one_account_and_says_so(client, league):
    invitation = _invite(league)
    post = {"username": "jane", "password1": "long enough 1", "password2": "long enough 1"}
    invitation_sign_up(invitation=invitation, username="jane", password="long enough 1")
    with pytest.raises(AlreadyDone):
        invitation_sign_up(invitation=invitation, username="Jane", password="x")
    assert User.objects.filter(username__iexact="jane").count() == 1
    assert client.post(reverse("league:join", args=[invitation.token]), post).status_code == 410


def test_an_expired_invitation_is_refused_and_makes_no_account(client, league):
    invitation = _invite(league)
    Invitation.objects.filter(pk=invitation.pk).update(expires=timezone.now() - timedelta(1))
    url = reverse("league:join", args=[invitation.token])
    assert client.get(url).status_code == 410
    post = {"username": "jane", "password1": "long enough 1", "password2": "long enough 1"}
    response = client.post(url, post)
    assert response.status_code == 410 and "expired" in response.content.decode()
    assert not User.objects.filter(username="jane").exists()
    assert not joined(league).exists()


def test_a_bad_sign_up_is_a_400_with_the_reason_and_writes_nothing(client, league, organiser):
    invitation = _invite(league)
    url = reverse("league:join", args=[invitation.token])
    post = {"username": organiser.username, "password1": "long enough 1", "password2": "other"}
    response = client.post(url, post)
    assert response.status_code == 400
    assert not joined(league).exists()
    assert Invitation.objects.get(pk=invitation.pk).used is None


def test_a_signed_in_person_accepts(client, league):
    jane = UserFactory(username="jane")
    client.force_login(jane)
    invitation = _invite(league)
    url = reverse("league:join", args=[invitation.token])
    assert "Accept as jane" in client.get(url).content.decode()
    assert client.post(url).status_code == 302
    assert league.can_referee(jane)
    response = client.post(url, follow=True)  # a second tap
    assert INVITATION_JOINED_ALREADY.format(league=league) in response.content.decode()
    assert joined(league).count() == 1


def test_an_unknown_token_is_a_404(client):
    assert client.get(reverse("league:join", args=["no-such-token"])).status_code == 404


def test_the_members_page_says_who_reads_the_league_as_it_stands(client_organiser, league):
    url = reverse("league:members", args=[league.slug])
    assert "Anyone may read the league's pages." in html_of(client_organiser.get(url))
    league_publish_set(league=league, published=False)
    page = html_of(client_organiser.get(url))
    assert "Anyone may read" not in page
    assert "Until it is published, only its members read its pages." in page


def test_the_organiser_changes_a_role_and_removes_a_member(client_organiser, league, teams):
    jane = UserFactory(username="jane")
    membership = member_add(league=league, user=jane, role=Role.REFEREE)
    url = reverse("league:member", args=[league.slug, membership.pk])
    response = client_organiser.post(url, {"role": f"team:{teams[1].pk}", "change": ""})
    assert response.status_code == 302
    membership.refresh_from_db()
    assert (membership.role, membership.team) == (Role.TEAM_OWNER, teams[1])
    assert not league.can_referee(jane) and league.can_run_team(jane, teams[1])
    assert not league.can_run_team(jane, teams[0])
    assert client_organiser.post(url, {"remove": ""}).status_code == 302
    assert not Membership.objects.filter(pk=membership.pk).exists()


def test_a_stale_tab_changing_a_role_is_refused_and_shows_the_role_as_it_stands(
    client_organiser, league, teams
):
    """Two organisers' tabs show Jane as a referee: the first makes her Red Arrows' owner; the
    second's change, built on "referee", is refused (409) and the page shows her as she is."""
    jane = UserFactory(username="jane")
    membership = member_add(league=league, user=jane, role=Role.REFEREE)
    url = reverse("league:member", args=[league.slug, membership.pk])
    page = client_organiser.get(reverse("league:members", args=[league.slug])).text
    shown = re.search(r'name="shown" value="([^"]*)"', page)[1]
    assert shown == "referee"
    owner = {"role": f"team:{teams[0].pk}", "shown": shown, "change": ""}
    assert client_organiser.post(url, owner).status_code == 302
    stale = client_organiser.post(url, {"role": "organiser", "shown": shown, "change": ""})
    assert stale.status_code == 409
    assert escape("Someone else changed jane's role first") in stale.text
    assert re.search(r'name="shown" value="([^"]*)"', stale.text)[1] == f"team:{teams[0].pk}"
    membership.refresh_from_db()
    assert (membership.role, membership.team) == (Role.TEAM_OWNER, teams[0])
    assert client_organiser.post(url, owner).status_code == 302  # the first's twin: done


def test_a_member_removed_meanwhile_is_no_404_to_a_double_tap_or_a_stale_tab(
    client_organiser, league
):
    """The twin of a "Remove" tap says the member is gone already; a role change from a tab
    that still shows them is refused (409) with the members as they stand."""
    jane = UserFactory(username="jane")
    membership = member_add(league=league, user=jane, role=Role.REFEREE)
    url = reverse("league:member", args=[league.slug, membership.pk])
    assert client_organiser.post(url, {"remove": ""}).status_code == 302
    twin = client_organiser.post(url, {"remove": ""}, follow=True)
    assert twin.status_code == 200
    gone = MEMBER_LEFT_ALREADY.format(league=league)
    assert escape(gone) in twin.text
    stale = client_organiser.post(url, {"role": "organiser", "shown": "referee", "change": ""})
    assert stale.status_code == 409
    assert escape(gone) in stale.text
    assert not Membership.objects.filter(user=jane).exists()


def test_a_team_of_another_league_is_refused_as_a_role(league, teams):
    rival = league_create(name="Rivals", organiser=UserFactory())
    theirs = team_create(league=rival, name="Theirs", driver_names=["Eve", "Fay"])
    with pytest.raises(ValidationError, match="not in"):
        member_add(league=league, user=UserFactory(), role=Role.TEAM_OWNER, team=theirs)
    with pytest.raises(ValidationError, match=ROLE_NEEDS_TEAM):
        _invite(league, Role.TEAM_OWNER)
    assert not joined(league).exists() and not league.invitations.exists()


def test_the_organiser_is_no_member_and_a_member_has_one_role(league, organiser, teams):
    with pytest.raises(ValidationError, match="organises"):
        member_add(league=league, user=organiser, role=Role.REFEREE)
    jane = UserFactory(username="jane")
    member_add(league=league, user=jane, role=Role.REFEREE)
    with pytest.raises(ValidationError, match="already in"):
        member_add(league=league, user=jane, role=Role.TEAM_OWNER, team=teams[0])


def test_a_team_owner_renames_their_team_and_hires_for_it_only(client, league, teams):
    owner = UserFactory(username="owner")
    member_add(league=league, user=owner, role=Role.TEAM_OWNER, team=teams[0])
    client.force_login(owner)
    page = client.get(teams[0].get_absolute_url()).content.decode()
    assert 'id="team-rename"' in page
    assert 'id="team-rename"' not in client.get(teams[1].get_absolute_url()).content.decode()
    rename = reverse("league:team_rename", args=[league.slug, teams[0].pk])
    assert client.post(rename, {"name": "Red Kites"}).status_code == 302
    assert Team.objects.get(pk=teams[0].pk).name == "Red Kites"
    hire = reverse("league:driver_hire", args=[league.slug, teams[0].pk])
    assert client.post(hire, {"name": "Gil"}).status_code == 302
    assert teams[0].drivers.filter(name="Gil").exists()
    for name in ("team_rename", "driver_hire"):
        other = reverse(f"league:{name}", args=[league.slug, teams[1].pk])
        assert client.post(other, {"name": "Mine now"}).status_code == 403
    assert Team.objects.get(pk=teams[1].pk).name == "Blue Moons"


def test_a_team_name_taken_is_refused_on_the_team_page(client_organiser, league, teams):
    rename = reverse("league:team_rename", args=[league.slug, teams[0].pk])
    response = client_organiser.post(rename, {"name": "blue moons"})
    assert response.status_code == 400
    assert escape(TEAM_NAME_TAKEN.format(name="blue moons")) in response.content.decode()
    assert Team.objects.get(pk=teams[0].pk).name == "Red Herrings"


def _choose_post(round_, team: Team, cars: dict[str, str]) -> dict[str, object]:
    post: dict[str, object] = {"version": round_.version, "team": team.pk, "choose": ""}
    for driver in team.drivers.all():
        post[f"d{driver.pk}-car"] = cars.get(driver.name, "spare")
        if driver.name in cars:
            post[f"d{driver.pk}-start"] = "on"
    return post


def test_a_team_owner_chooses_the_starters_the_referees_form_proposes(
    client, league, teams, season
):
    owner = UserFactory(username="owner")
    member_add(league=league, user=owner, role=Role.TEAM_OWNER, team=teams[0])
    driver_hire(team=teams[0], name="Gil")
    round_ = season.rounds.get(number=1)
    client.force_login(owner)
    page = html_of(client.get(round_.get_absolute_url()))
    assert 'id="own-starters"' in page and "Blue Moons" not in page.split('id="own-starters"')[1]
    url = reverse("league:round_choose", args=[league.slug, 1, 1])
    response = client.post(
        url, _choose_post(round_, teams[0], {"Bob": "Crimson", "Gil": "Scarlet"})
    )
    assert response.status_code == 302
    organiser = Client()
    organiser.force_login(league.organiser)
    page = html_of(organiser.get(round_.get_absolute_url()))
    ann, bob, gil = (teams[0].drivers.get(name=name) for name in ("Ann", "Bob", "Gil"))
    assert f'name="d{bob.pk}-start" checked' in page and f'name="d{gil.pk}-start" checked' in page
    assert f'name="d{ann.pk}-start" checked' not in page
    assert 'value="Crimson"' in page and 'value="Scarlet"' in page
    # The other team's proposal is as before: its first drivers.
    cid = teams[1].drivers.get(name="Cid")
    assert f'name="d{cid.pk}-start" checked' in page


def test_a_team_owner_may_not_choose_another_teams_starters(client, league, teams, season):
    owner = UserFactory(username="owner")
    member_add(league=league, user=owner, role=Role.TEAM_OWNER, team=teams[0])
    round_ = season.rounds.get(number=1)
    client.force_login(owner)
    url = reverse("league:round_choose", args=[league.slug, 1, 1])
    response = client.post(url, _choose_post(round_, teams[1], {"Cid": "Navy"}))
    assert response.status_code == 403
    assert not round_.starter_choices.exists()


def test_starters_are_chosen_before_the_start_and_from_ones_own_team(league, teams, season):
    round_ = season.rounds.get(number=1)
    bob, cid = teams[0].drivers.get(name="Bob"), teams[1].drivers.get(name="Cid")
    with pytest.raises(ValidationError, match="does not drive for"):
        round_starters_choose(round_=round_, team=teams[0], starters=[(cid, "Navy")])
    round_starters_choose(round_=round_, team=teams[0], starters=[(bob, "Crimson")])
    with pytest.raises(AlreadyDone):
        round_starters_choose(round_=round_, team=teams[0], starters=[(bob, "Crimson")])
    drivers = [*teams[0].drivers.all(), *teams[1].drivers.all()]
    round_start(round_=round_, starters=[(d, f"car {d.pk}") for d in drivers])
    with pytest.raises(ValidationError, match="already started"):
        round_starters_choose(round_=round_, team=teams[0], starters=[(bob, "Red")])


def test_a_stale_choice_is_a_409_with_the_fresh_page(client, league, teams, season):
    owner = UserFactory(username="owner")
    member_add(league=league, user=owner, role=Role.TEAM_OWNER, team=teams[0])
    round_ = season.rounds.get(number=1)
    client.force_login(owner)
    url = reverse("league:round_choose", args=[league.slug, 1, 1])
    post = _choose_post(round_, teams[0], {"Ann": "Crimson"})
    assert client.post(url, post).status_code == 302
    post = _choose_post(round_, teams[0], {"Bob": "Crimson"})  # built on the old version
    assert client.post(url, post).status_code == 409
    assert list(round_.starter_choices.values_list("driver__name", flat=True)) == ["Ann"]


def test_a_withdrawn_invitation_no_longer_works(client_organiser, client, league):
    invitation = _invite(league)
    url = reverse("league:invitation_withdraw", args=[league.slug, invitation.pk])
    assert client_organiser.post(url).status_code == 302
    assert not Invitation.objects.filter(pk=invitation.pk).exists()
    assert client_organiser.post(url).status_code == 302  # a double tap: said, nothing more
    response = client.get(reverse("league:join", args=[invitation.token]))
    assert response.status_code == 404
    # The one who was sent it is told why, on the site's page, not a bare "Not Found".
    assert escape(INVITATION_UNKNOWN) in response.content.decode()
    assert "Back to the leagues" in response.content.decode()


def test_a_used_invitation_is_not_withdrawn(league):
    invitation = _invite(league)
    invitation_sign_up(invitation=invitation, username="jane", password="long enough 1")
    with pytest.raises(ValidationError, match="jane has joined"):
        invitation_withdraw(invitation=invitation)
    assert joined(league).get().user.username == "jane"


@pytest.mark.parametrize("members", [2, 8])
def test_the_members_page_costs_the_same_for_2_members_and_8(
    client_organiser, league, teams, members, django_assert_num_queries
):
    for number in range(members):
        user = UserFactory(username=f"member{number}")
        team = teams[number % 2] if number % 2 else None
        role = Role.TEAM_OWNER if team else Role.REFEREE
        member_add(league=league, user=user, role=role, team=team)
        _invite(league)
    url = reverse("league:members", args=[league.slug])
    # session, user, league, members, teams, invitations, the role form's teams
    with django_assert_num_queries(7):
        response = client_organiser.get(url)
    assert response.content.decode().count('name="remove"') == members


def _join(link: str, username: str) -> Client:
    """A newcomer's browser opening `link` and signing up."""
    newcomer = Client()
    post = {"username": username, "password1": "long enough 1", "password2": "long enough 1"}
    assert newcomer.post(link, post).status_code == 302
    return newcomer


def test_a_newcomer_invites_a_referee_and_a_team_owner_each_doing_only_their_part(client):
    """Done when (issue 12): a newcomer's league, a referee and a team owner invited; each sees
    and changes only what their role allows."""
    client.force_login(UserFactory(username="newcomer"))
    client.post(
        reverse("league:league_new"), {"name": "Garage League", "field_size_rule": "next_larger"}
    )
    league = League.objects.get(name="Garage League")
    for name, drivers in (("Red Herrings", ["Ann", "Bob"]), ("Blue Moons", ["Cid", "Dot"])):
        post = {"name": name, "driver_1": drivers[0], "driver_2": drivers[1]}
        client.post(reverse("league:team_new", args=[league.slug]), post)
    client.post(reverse("league:season_new", args=[league.slug]), {"preset": "Spring"})
    herrings = league.teams.get(name="Red Herrings")
    members = reverse("league:members", args=[league.slug])
    client.post(members, {"role": "referee"})
    client.post(members, {"role": f"team:{herrings.pk}"})
    links = {inv.role: inv.get_absolute_url() for inv in league.invitations.all()}
    referee = _join(links[Role.REFEREE], "ref")
    owner = _join(links[Role.TEAM_OWNER], "owner")
    round_ = league.seasons.get().rounds.get(number=1)
    start = reverse("league:round_start", args=[league.slug, 1, 1])
    rename = reverse("league:team_rename", args=[league.slug, herrings.pk])

    # The owner: their team, not the race.
    assert 'id="own-starters"' in owner.get(round_.get_absolute_url()).content.decode()
    assert "Choose the starters" not in owner.get(round_.get_absolute_url()).content.decode()
    assert owner.post(start, {"version": round_.version}).status_code == 403
    assert owner.post(rename, {"name": "Red Kites"}).status_code == 302
    assert owner.get(members).status_code == 403

    # The referee: the race, not the team.
    page = referee.get(round_.get_absolute_url()).content.decode()
    assert "Choose the starters" in page and 'id="own-starters"' not in page
    assert 'id="team-rename"' not in referee.get(herrings.get_absolute_url()).content.decode()
    assert referee.post(rename, {"name": "Mine"}).status_code == 403
    round_.refresh_from_db()
    post = {"version": round_.version, "start": ""}
    for number, driver in enumerate(
        (driver for team in league.teams.all() for driver in team.drivers.all()), start=1
    ):
        post |= {f"d{driver.pk}-start": "on", f"d{driver.pk}-car": f"Car {number}"}
    assert referee.post(start, post).status_code == 302
    round_.refresh_from_db()
    assert round_.status == "started" and round_.entries.count() == 4
    assert Team.objects.get(pk=herrings.pk).name == "Red Kites"


def test_the_organiser_or_a_member_accepting_is_told_why_not_and_the_link_still_works(
    client, league, organiser, teams
):
    invitation = _invite(league)
    url = reverse("league:join", args=[invitation.token])
    jane = UserFactory(username="jane")
    member_add(league=league, user=jane, role=Role.TEAM_OWNER, team=teams[0])
    for person, reason in ((organiser, "organises"), (jane, "already in")):
        client.force_login(person)
        response = client.post(url)
        assert response.status_code == 400 and reason in response.content.decode()
    assert Invitation.objects.get(pk=invitation.pk).used is None
    assert joined(league).count() == 1


@pytest.mark.parametrize("team", ["²", "١", "", "-1", str(2**63)])
def test_an_odd_team_on_the_starters_choice_is_refused(
    client_organiser, league, teams, season, team
):
    url = reverse("league:round_choose", args=[league.slug, 1, 1])
    assert client_organiser.post(url, {"team": team, "version": "0"}).status_code == 403


# --- several organisers ----------------------------------------------------------------------


def _member(league: League, username: str, role: str = Role.REFEREE, team=None) -> Membership:
    return member_add(league=league, user=UserFactory(username=username), role=role, team=team)


def _change(client: Client, league: League, membership: Membership, data: dict):
    url = reverse("league:member", args=[league.slug, membership.pk])
    return client.post(url, data)


def test_a_league_s_organiser_is_its_first_organiser_member(league, organiser):
    (lead,) = league.memberships.all()
    assert (lead.user, lead.role, lead.team) == (organiser, Role.ORGANISER, None)
    assert lead.describe() == "Organiser"


def test_the_organiser_makes_a_member_an_organiser_with_every_right(client_organiser, league):
    jane = _member(league, "jane")
    response = _change(client_organiser, league, jane, {"role": "organiser", "change": ""})
    assert response.status_code == 302
    jane.refresh_from_db()
    assert jane.role == Role.ORGANISER
    assert league.can_manage(jane.user) and league.can_referee(jane.user)
    # Equal rights: the new organiser manages members, the first organiser's role included.
    client = Client()
    client.force_login(jane.user)
    assert client.get(reverse("league:members", args=[league.slug])).status_code == 200
    bob = _member(league, "bob")
    assert _change(client, league, bob, {"remove": ""}).status_code == 302
    assert not joined(league).filter(user__username="bob").exists()


def test_an_organiser_hands_over_the_lead_when_stepping_down(client, league, organiser):
    jane = _member(league, "jane", Role.ORGANISER)
    lead = league.memberships.get(user=organiser)
    client.force_login(jane.user)

    response = _change(client, league, lead, {"role": "referee", "change": ""})

    assert response.status_code == 302
    league.refresh_from_db()
    assert league.organiser == jane.user
    assert not league.can_manage(organiser) and league.can_referee(organiser)
    assert Membership.objects.get(user=organiser, league=league).role == Role.REFEREE


def test_the_last_organiser_is_neither_removed_nor_demoted(client_organiser, league, organiser):
    lead = league.memberships.get(user=organiser)
    message = LAST_ORGANISER.format(user=organiser, league=league)
    for data in ({"remove": ""}, {"role": "referee", "change": ""}):
        response = _change(client_organiser, league, lead, data)
        assert response.status_code == 400
        assert escape(message) in response.content.decode()
        lead.refresh_from_db()
        assert lead.role == Role.ORGANISER
    # The page offers the last organiser no way out.
    page = client_organiser.get(reverse("league:members", args=[league.slug])).content.decode()
    assert "The last organiser" in page and 'name="remove"' not in page


def test_an_organiser_removing_themselves_leaves_for_the_league_page(client, league, organiser):
    jane = _member(league, "jane", Role.ORGANISER)
    client.force_login(jane.user)

    response = _change(client, league, jane, {"remove": ""})

    assert response.status_code == 302 and response["Location"] == league.get_absolute_url()
    assert not league.can_manage(jane.user)
    with pytest.raises(ValidationError, match="last organiser"):
        member_remove(membership=league.memberships.get(user=organiser))


def test_the_lead_steps_down_only_to_an_organiser_free_to_lead_a_league_of_that_name(
    league, organiser
):
    jane = _member(league, "jane", Role.ORGANISER)
    league_create(name=league.name, organiser=jane.user)  # her own, of the same name
    lead = league.memberships.get(user=organiser)
    message = LEAD_NAME_TAKEN.format(user=organiser, league=league, name=league.name)
    with pytest.raises(ValidationError) as refused:
        member_remove(membership=lead)
    assert refused.value.messages == [message]
    league.refresh_from_db()
    assert league.organiser == organiser and league.memberships.filter(pk=lead.pk).exists()


def test_an_invitation_may_make_an_organiser(client, league):
    invitation = _invite(league, Role.ORGANISER)
    invitation_sign_up(invitation=invitation, username="jane", password="long enough 1")
    jane = User.objects.get(username="jane")
    assert league.can_manage(jane) and invitation.describe() == "Organiser"


def test_a_co_organiser_costs_one_query_to_recognise(league, django_assert_num_queries):
    jane = _member(league, "jane", Role.ORGANISER)
    with django_assert_num_queries(1):
        assert league.can_manage(jane.user)
    with django_assert_num_queries(0):
        assert league.can_manage(league.organiser)


# --- Invitations outlive no one's right to make them ------------------------------------------


def _co_organiser(league: League) -> User:
    co = UserFactory(username="co-organiser")
    member_add(league=league, user=co, role=Role.ORGANISER)
    return co


def test_removing_a_co_organiser_withdraws_the_links_they_made_and_no_one_elses(league, teams):
    co = _co_organiser(league)
    theirs = invitation_create(league=league, made_by=co, role=Role.ORGANISER)
    used = invitation_create(league=league, made_by=co, role=Role.REFEREE)
    invitation_accept(invitation=used, user=UserFactory(username="ref"))
    mine = _invite(league)
    member_remove(membership=league.memberships.get(user=co))
    assert not Invitation.objects.filter(pk=theirs.pk).exists()
    assert Invitation.objects.filter(pk__in=[used.pk, mine.pk]).count() == 2


def test_a_co_organiser_made_a_referee_loses_the_links_they_made(league):
    co = _co_organiser(league)
    theirs = invitation_create(league=league, made_by=co, role=Role.ORGANISER)
    member_role_set(membership=league.memberships.get(user=co), role=Role.REFEREE)
    assert not Invitation.objects.filter(pk=theirs.pk).exists()


def test_a_link_asked_for_by_someone_removed_meanwhile_is_refused_with_the_reason(league):
    """The members page read them as an organiser; the removal was confirmed before their
    request reached the lock: asked again under it, they are refused and nothing is made."""
    co = _co_organiser(league)
    member_remove(membership=league.memberships.get(user=co))
    with pytest.raises(PermissionDenied) as refused:
        invitation_create(league=league, made_by=co, role=Role.ORGANISER)
    assert str(refused.value) == INVITER_NOT_ORGANISER.format(user=co, league=league)
    assert not league.invitations.exists()


def test_a_removed_co_organiser_cannot_come_back_with_a_link_they_made(client, league):
    co = _co_organiser(league)
    link = invitation_create(league=league, made_by=co, role=Role.ORGANISER)
    member_remove(membership=league.memberships.get(user=co))
    client.force_login(co)
    response = client.post(reverse("league:join", args=[link.token]))
    assert response.status_code == 404
    assert not league.memberships.filter(user=co).exists()


def test_a_double_tap_on_withdraw_says_it_is_withdrawn_already(league):
    invitation = _invite(league)
    invitation_withdraw(invitation=invitation)
    with pytest.raises(AlreadyDone) as twice:
        invitation_withdraw(invitation=invitation)
    assert twice.value.message == INVITATION_WITHDRAWN_ALREADY


def test_withdraw_tapped_twice_at_once_answers_both_without_a_500(
    client_organiser, league, monkeypatch
):
    """Both taps read the invitation; the twin deletes it before this one locks it."""
    invitation = _invite(league)
    withdraw = invitation_withdraw

    def twin_first(*, invitation):
        Invitation.objects.filter(pk=invitation.pk).delete()
        return withdraw(invitation=invitation)

    monkeypatch.setattr(member_services, "invitation_withdraw", twin_first)
    url = reverse("league:invitation_withdraw", args=[league.slug, invitation.pk])
    response = client_organiser.post(url, {"withdraw": ""}, follow=True)
    assert response.status_code == 200
    assert INVITATION_WITHDRAWN_ALREADY in response.content.decode()


@pytest.mark.parametrize("newcomer", [False, True], ids=["signed in", "newcomer"])
def test_a_link_withdrawn_while_it_was_open_is_gone_with_the_reason(
    client, league, monkeypatch, newcomer
):
    invitation = _invite(league)
    name = "invitation_sign_up" if newcomer else "invitation_accept"
    use = getattr(member_services, name)

    def withdrawn_first(*, invitation, **kwargs):
        Invitation.objects.filter(pk=invitation.pk).delete()
        return use(invitation=invitation, **kwargs)

    # The view calls it by its name.
    monkeypatch.setattr(member_views, name, withdrawn_first)
    post = {}
    if newcomer:
        post = {"username": "casey", "password1": "long enough 1", "password2": "long enough 1"}
    else:
        client.force_login(UserFactory(username="casey"))
    response = client.post(reverse("league:join", args=[invitation.token]), post)
    assert response.status_code == 410
    assert escape(INVITATION_WITHDRAWN) in response.content.decode()
    assert not league.memberships.filter(user__username="casey").exists()
    assert User.objects.filter(username="casey").exists() is not newcomer


def test_a_user_name_is_taken_whatever_its_case_at_the_database_too(db):
    UserFactory(username="Casey")
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create_user(username="CASEY", password="long enough 1")
    with pytest.raises(ValidationError) as taken:
        user_create(username="casey", password="long enough 1")
    assert taken.value.messages == [USERNAME_TAKEN.format(username="casey")]


@pytest.mark.django_db(transaction=True)
def test_the_migration_names_the_accounts_whose_names_differ_only_in_case():
    """A database holding "Casey" and "CASEY" from before the constraint is not migrated over
    them: the migration says which accounts to rename first."""
    migration = importlib.import_module("league.migrations.0027_usernames_unique_whatever_the_case")
    with connection.schema_editor() as editor:
        migration.remove(django_apps, editor)
    try:
        UserFactory(username="Casey"), UserFactory(username="CASEY")
        with pytest.raises(RuntimeError) as clash, connection.schema_editor() as editor:
            migration.add(django_apps, editor)
        assert str(clash.value) == migration.CLASHING.format(names="CASEY, Casey")
    finally:
        User.objects.filter(username__iexact="casey").delete()
        with connection.schema_editor() as editor:
            migration.add(django_apps, editor)
