"""People: members and their roles, invitation links, and the accounts they make."""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from config.wording import listed

from ..models import (
    Invitation,
    League,
    Making,
    Membership,
    NameKey,
    Profile,
    Role,
    Team,
)
from ..models.look_alike import name_key
from .common import for_update, league_for_write
from .errors import AlreadyDone, InvitationWithdrawn, StaleMember
from .limits import LONGEST

# --- People: members, their roles, invitations ---------------------------------------------

INVITATION_DAYS = 7
MEMBER_ALREADY = gettext_noop("{user} is already in {league}, as {role}.")
MEMBER_IS_ORGANISER = gettext_noop(
    "{user} organises {league}, and may already do everything in it."
)
MEMBER_ROLE_ALREADY = gettext_noop("{user} is already {role}.")
MEMBER_CHANGED = gettext_noop(
    "Someone else changed {user}'s role first (another tab or device): they are {role} now, as "
    "the page shows. Pick again what still applies."
)
MEMBER_GONE = gettext_noop("{user} is no longer a member of {league}.")
MEMBER_LEFT_ALREADY = gettext_noop(
    "That person is no longer a member of {league} (removed meanwhile): here are its members as "
    "they stand now."
)
INVITER_NOT_ORGANISER = gettext_noop(
    "{user} no longer organises {league}: only its organisers make invitation links."
)
LAST_ORGANISER = gettext_noop(
    "{user} is the last organiser of {league}: make another member an organiser first, so "
    "that someone may still manage it."
)
LEAD_NAME_TAKEN = gettext_noop(
    "{user} leads {league}, and every other organiser leads a league called {name!r} of "
    "their own already (one name a person): rename one of them before {user} steps down."
)
ROLE_UNKNOWN = gettext_noop(
    "There is no role {role!r}: a member is an organiser, a referee or a team owner."
)
ROLE_NEEDS_TEAM = gettext_noop("A team owner runs one team: choose which.")
ROLE_HAS_NO_TEAM = gettext_noop(
    "An organiser or a referee runs no team of their own: leave the team empty."
)
TEAM_NOT_IN_LEAGUE = gettext_noop("That team is not in {league}.")
USERNAME_TAKEN = gettext_noop(
    "The user name {username!r} is taken (whatever its case): pick another."
)
USERNAME_LOOKS_LIKE = gettext_noop(
    "The user name {username!r} looks like {existing!r}, an account here already (a letter of "
    "another alphabet, an accent, a 1 or an l for an i, a 0 for an O read alike): pick another."
)
# A token no invitation has: withdrawn (the row is deleted) or mistyped; which, no one knows.
INVITATION_UNKNOWN = gettext_noop(
    "This invitation link does not work: it was withdrawn, or it is not the whole link. "
    "Ask the league's organiser for a new one."
)
INVITATION_WITHDRAWN = gettext_noop(
    "This invitation has been withdrawn: ask the organiser for a new link."
)
INVITATION_WITHDRAWN_ALREADY = gettext_noop("That invitation is withdrawn already.")
INVITATION_USED = gettext_noop(
    "This invitation has been used already: ask the organiser for a new link."
)
INVITATION_EXPIRED = gettext_noop(
    "This invitation expired on {date:%d %B %Y}: ask the organiser for a new link."
)
INVITATION_USED_BEFORE_WITHDRAWN = gettext_noop("{user} has joined with this invitation already.")
INVITATION_JOINED_ALREADY = gettext_noop("You have joined {league} with this invitation already.")
INVITATION_SIGNED_UP_ALREADY = gettext_noop(
    "{username} joined with this invitation already: log in."
)
ACCOUNT_LAST_ORGANISER = gettext_noop(
    "You are the only organiser of {leagues}: make another member an organiser there, or "
    "delete the league, before you delete your account (a league must keep someone who "
    "manages it)."
)
ACCOUNT_PASSWORD_WRONG = gettext_noop("That is not your password: your account is kept.")
ACCOUNT_GONE_ALREADY = gettext_noop("That account is deleted already.")
# What a deleted account is called where the league's history names it (a race log's "who").
FORMER_MEMBER = "former-member-{token}"


def _role_and_team(league: League, role: str, team: Team | None) -> Team | None:
    """The team that goes with `role` in `league`, refused as the member and invitation
    constraints would be, in words."""
    if role not in Role.values:
        raise ValidationError(gettext(ROLE_UNKNOWN).format(role=role))
    if role == Role.TEAM_OWNER and team is None:
        raise ValidationError(gettext(ROLE_NEEDS_TEAM))
    if role != Role.TEAM_OWNER and team is not None:
        raise ValidationError(gettext(ROLE_HAS_NO_TEAM))
    if team is not None and team.league_id != league.pk:
        raise ValidationError(gettext(TEAM_NOT_IN_LEAGUE).format(league=league))
    return team


@transaction.atomic
def member_add(*, league: League, user, role: str, team: Team | None = None) -> Membership:
    """Make `user` a member of `league` with `role` (and the team a team owner runs)."""
    league = league_for_write(league)
    team = _role_and_team(league, role, team)
    if user.pk == league.organiser_id:
        raise ValidationError(gettext(MEMBER_IS_ORGANISER).format(user=user, league=league))
    existing = league.memberships.filter(user=user).select_related("team").first()
    if existing is not None:
        if existing.role == role and existing.team_id == (team.pk if team else None):
            raise AlreadyDone(
                gettext(MEMBER_ALREADY).format(user=user, league=league, role=existing.describe()),
                done=league,
            )
        raise ValidationError(
            gettext(MEMBER_ALREADY).format(user=user, league=league, role=existing.describe())
        )
    membership = Membership(league=league, user=user, role=role, team=team)
    membership.full_clean()
    membership.save()
    return membership


@transaction.atomic
def member_role_set(
    *,
    membership: Membership,
    role: str,
    team: Team | None = None,
    shown: tuple[str, int | None] | None = None,
) -> Membership:
    """Give a member another role (or the same role over another team): an organiser too,
    but for the last one, who stays (LAST_ORGANISER). `shown`: the (role, team id) the page
    showed (StaleMember if it has changed since, unless to this one: a double tap)."""
    league = league_for_write(membership.league)
    team = _role_and_team(league, role, team)
    current = Membership.objects.filter(pk=membership.pk).select_related("user", "team").first()
    if current is None:
        raise ValidationError(gettext(MEMBER_GONE).format(user=membership.user, league=league))
    if current.role == role and current.team_id == (team.pk if team else None):
        raise AlreadyDone(
            gettext(MEMBER_ROLE_ALREADY).format(user=current.user, role=current.describe()),
            done=league,
        )
    if shown is not None and (current.role, current.team_id) != shown:
        raise StaleMember(
            gettext(MEMBER_CHANGED).format(user=current.user, role=current.describe())
        )
    if role != Role.ORGANISER:
        _organiser_steps_down(league, current)
        _invitations_withdrawn(league, current.user_id)
    current.role, current.team = role, team
    current.full_clean()
    current.save(update_fields=["role", "team"])
    return current


@transaction.atomic
def member_remove(*, membership: Membership) -> None:
    """Take a member out of the league: they keep their account and read it as anyone does.
    The last organiser stays (LAST_ORGANISER)."""
    league = league_for_write(membership.league)
    current = Membership.objects.filter(pk=membership.pk).select_related("user").first()
    if current is None:
        raise AlreadyDone(
            gettext(MEMBER_GONE).format(user=membership.user, league=league), done=league
        )
    _organiser_steps_down(league, current)
    _invitations_withdrawn(league, current.user_id)
    current.delete()


def _invitations_withdrawn(league: League, user_id: int) -> int:
    """Withdraw the links a member who stops organising `league` (locked) made, but those used
    already: a link outlives no one's right to make it. How many were withdrawn."""
    unused = league.invitations.filter(made_by_id=user_id, used__isnull=True)
    withdrawn, _by_model = unused.delete()
    return withdrawn


def _organiser_steps_down(league: League, member: Membership) -> None:
    """Before `member` stops being an organiser of `league` (locked): refused if no other
    organiser is left; the lead organiser hands `League.organiser` to another (the one who
    joined first whose other leagues leave the name free)."""
    if member.role != Role.ORGANISER:
        return
    others = list(
        league.memberships.filter(role=Role.ORGANISER)
        .exclude(pk=member.pk)
        .select_related("user")
        .order_by("joined", "pk")
    )
    if not others:
        raise ValidationError(gettext(LAST_ORGANISER).format(user=member.user, league=league))
    if member.user_id != league.organiser_id:
        return
    taken = set(
        League.objects.filter(name__iexact=league.name)
        .exclude(pk=league.pk)
        .values_list("organiser_id", flat=True)
    )
    lead = next((other.user for other in others if other.user_id not in taken), None)
    if lead is None:
        raise ValidationError(
            gettext(LEAD_NAME_TAKEN).format(user=member.user, league=league, name=league.name)
        )
    league.organiser = lead
    league.save(update_fields=["organiser"])


@transaction.atomic
def invitation_create(
    *, league: League, made_by, role: str, team: Team | None = None
) -> Invitation:
    """A one-use link to join `league` as `role`, valid for INVITATION_DAYS days, made by
    `made_by`, who must organise the league when the link is made: asked again under the
    league's lock, which their removal or demotion takes too, so a link asked for while they
    were being removed is refused, or made and then withdrawn with their others."""
    league = league_for_write(league)
    if not league.can_manage(made_by):
        raise PermissionDenied(gettext(INVITER_NOT_ORGANISER).format(user=made_by, league=league))
    team = _role_and_team(league, role, team)
    invitation = Invitation(
        league=league,
        made_by=made_by,
        role=role,
        team=team,
        token=secrets.token_urlsafe(32),
        expires=timezone.now() + timedelta(days=INVITATION_DAYS),
    )
    invitation.full_clean()
    invitation.save()
    return invitation


@transaction.atomic
def invitation_withdraw(*, invitation: Invitation) -> None:
    """Take back an invitation not yet used: its link then works no more. One withdrawn
    already (a double tap) is AlreadyDone."""
    try:
        invitation = _invitation_for_use(invitation)
    except InvitationWithdrawn:
        raise AlreadyDone(gettext(INVITATION_WITHDRAWN_ALREADY), done=invitation.league) from None
    if invitation.used is not None:
        raise ValidationError(
            gettext(INVITATION_USED_BEFORE_WITHDRAWN).format(user=invitation.used_by)
        )
    invitation.delete()


def invitation_refusal(invitation: Invitation, user=None) -> str | None:
    """Why `invitation` can no longer be used (by `user`, if given), or None."""
    if invitation.used is not None:
        return gettext(INVITATION_USED)
    if invitation.expires <= timezone.now():
        return gettext(INVITATION_EXPIRED).format(date=invitation.expires)
    if user is not None and user.pk == invitation.league.organiser_id:
        return gettext(MEMBER_IS_ORGANISER).format(user=user, league=invitation.league)
    return None


def _invitation_for_use(invitation: Invitation) -> Invitation:
    """The invitation row, locked, with its league: two taps on its link take turns. The
    league is locked first, as every write to it takes it (its members' removal withdraws
    their invitations under it). One withdrawn since it was read is refused
    (InvitationWithdrawn)."""
    league_for_write(invitation.league)
    locked = (
        for_update(Invitation, of=("self",))
        .select_related("league", "team", "used_by")
        .filter(pk=invitation.pk)
        .first()
    )
    if locked is None:
        raise InvitationWithdrawn(gettext(INVITATION_WITHDRAWN))
    return locked


def _accept(invitation: Invitation, user) -> Membership:
    refusal = invitation_refusal(invitation, user)
    if refusal is not None:
        raise ValidationError(refusal)
    membership = member_add(
        league=invitation.league, user=user, role=invitation.role, team=invitation.team
    )
    invitation.used, invitation.used_by = timezone.now(), user
    invitation.save(update_fields=["used", "used_by"])
    return membership


@transaction.atomic
def invitation_accept(*, invitation: Invitation, user) -> Membership:
    """`user`, signed in, takes the invitation: a member with its role, and the link used."""
    invitation = _invitation_for_use(invitation)
    if invitation.used_by_id is not None and invitation.used_by_id == user.pk:
        league = invitation.league
        raise AlreadyDone(gettext(INVITATION_JOINED_ALREADY).format(league=league), done=league)
    return _accept(invitation, user)


@transaction.atomic
def invitation_sign_up(
    *,
    invitation: Invitation,
    username: str,
    password: str,
    email: str = "",
    address: str = "",
) -> Membership:
    """A newcomer takes the invitation: an account of `username` (checked by the sign-up form)
    and a member with its role, or nothing at all when the link can no longer be used."""
    invitation = _invitation_for_use(invitation)
    used_by = invitation.used_by
    if used_by is not None and used_by.username.lower() == username.lower():
        raise AlreadyDone(gettext(INVITATION_SIGNED_UP_ALREADY).format(username=used_by), done=None)
    refusal = invitation_refusal(invitation)
    if refusal is not None:
        raise ValidationError(refusal)
    user = user_create(username=username, password=password, email=email, address=address)
    return _accept(invitation, user)


def user_create(*, username: str, password: str, email: str = "", address: str = ""):
    """A new account, made from `address` (a sign-up the limits count: league/services/limits.py). A
    name taken whatever its case is refused (USERNAME_TAKEN): checked first, and by the
    database's constraint (migration 0027) for a twin sign-up that committed since. A name
    that looks like an account's here is refused too (USERNAME_LOOKS_LIKE,
    league/models/look_alike.py)."""
    users = get_user_model()
    if users.objects.filter(username__iexact=username).exists():
        raise ValidationError(gettext(USERNAME_TAKEN).format(username=username))
    look_alike = NameKey.objects.filter(key=name_key(username)).select_related("user").first()
    if look_alike is not None:
        existing = look_alike.user.username
        raise ValidationError(
            gettext(USERNAME_LOOKS_LIKE).format(username=username, existing=existing)
        )
    try:
        with transaction.atomic():
            user = users.objects.create_user(username=username, password=password, email=email)
            making_record(kind=Making.Kind.SIGN_UP, user=user, address=address)
            return user
    except IntegrityError:
        raise ValidationError(gettext(USERNAME_TAKEN).format(username=username)) from None


# --- Accounts: their e-mail, and leaving the site -------------------------------------------


@transaction.atomic
def account_email_set(*, user, email: str) -> None:
    """The address a password-reset link is sent to (blank: none, and no reset by e-mail)."""
    user = for_update(get_user_model().objects.filter(pk=user.pk)).get()
    user.email = get_user_model().objects.normalize_email(email)
    user.full_clean(exclude=["password"])
    user.save(update_fields=["email"])


@transaction.atomic
def profile_language_set(*, user, language: str) -> Profile:
    """Keep `language` (one the site speaks, or "" for the browser's) as the account's own."""
    profile, _made = Profile.objects.get_or_create(user_id=user.pk)
    profile.language = language
    profile.full_clean()
    profile.save(update_fields=["language"])
    return profile


@transaction.atomic
def account_delete(*, user, password: str) -> None:
    """`user` leaves the site: confirmed by their password, refused while they are the only
    organiser of a league (ACCOUNT_LAST_ORGANISER, naming each). Their roles end (the lead of a
    league they co-organise passes on, their unused invitation links are withdrawn) and the
    account can never log in again. Its row stays under a name that says nothing of them
    (FORMER_MEMBER), without e-mail or password: a race log keeps who entered each roll and a
    league's history keeps every row, so nothing a league kept is lost."""
    current = for_update(get_user_model().objects.filter(pk=user.pk, is_active=True)).first()
    if current is None:
        raise AlreadyDone(gettext(ACCOUNT_GONE_ALREADY), done=None)
    if not current.check_password(password):
        raise ValidationError(gettext(ACCOUNT_PASSWORD_WRONG))
    memberships = list(
        Membership.objects.filter(user=current).select_related("league").order_by("league_id")
    )
    alone = [
        member.league.name
        for member in memberships
        if member.role == Role.ORGANISER
        and not member.league.memberships.filter(role=Role.ORGANISER).exclude(pk=member.pk).exists()
    ]
    if alone:
        raise ValidationError(gettext(ACCOUNT_LAST_ORGANISER).format(leagues=listed(alone)))
    for member in memberships:
        # Leaving is no change to what an archived league shows: it is not refused there.
        league = league_for_write(member.league, archived=True)
        _organiser_steps_down(league, member)
        _invitations_withdrawn(league, current.pk)
        member.delete()
    current.username = FORMER_MEMBER.format(token=secrets.token_hex(8))
    current.email = ""
    current.first_name = current.last_name = ""
    current.is_active = current.is_staff = current.is_superuser = False
    current.set_unusable_password()
    current.save()


# --- A member's own calendar address ---------------------------------------------------------


@transaction.atomic
def membership_calendar_address_new(*, membership: Membership) -> Membership:
    """A new secret for `membership`'s own calendar address (the league's race sessions as an
    iCalendar feed, published or not): the address it had, if any, stops working at once."""
    current = for_update(Membership.objects.filter(pk=membership.pk)).first()
    if current is None:
        raise ValidationError(
            gettext(MEMBER_GONE).format(user=membership.user, league=membership.league)
        )
    current.calendar_token = secrets.token_urlsafe(32)
    current.save(update_fields=["calendar_token"])
    return current


def name_key_keep(*, user) -> None:
    """`user`'s look-alike key, as their name is now: for every account, however made (the
    admin, createsuperuser, import_league, the demo), so a sign-up is compared with them all."""
    NameKey.objects.update_or_create(user_id=user.pk, defaults={"key": name_key(user.username)})


@transaction.atomic
def making_record(*, kind: str, user, address: str) -> Making:
    """An account or a league made, for the limits over time (league/services/limits.py); rows no
    limit counts any more go."""
    Making.objects.filter(at__lt=timezone.now() - LONGEST).delete()
    making = Making(kind=kind, user=user, address=address[:64])
    making.full_clean()
    making.save()
    return making
