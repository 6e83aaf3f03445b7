"""People pages: signing up, the organiser's members page (invite, change a role, remove) and
the invitation link a newcomer opens to join."""

from __future__ import annotations

from collections.abc import Sequence

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from ..forms.accounts import SignUpForm
from ..forms.members import MemberRoleForm
from ..models import Invitation, League, Making, Membership, Role
from ..services import members as members_services
from ..services.common import league_writable
from ..services.errors import LEAGUE_READ_ONLY, AlreadyDone, InvitationWithdrawn, Stale
from ..services.members import (
    INVITATION_DAYS,
    INVITATION_JOINED_ALREADY,
    INVITATION_UNKNOWN,
    INVITATION_WITHDRAWN_ALREADY,
    MEMBER_LEFT_ALREADY,
    invitation_accept,
    invitation_create,
    invitation_refusal,
    invitation_sign_up,
    member_remove,
    member_role_set,
    user_create,
)
from .common import BAD_REQUEST, CONFLICT, GONE, already_done, managed_league, on_form, posted
from .limits import address_of, limited

# login() must be told which backend vouches for a user it did not authenticate itself.
PASSWORD_BACKEND = "django.contrib.auth.backends.ModelBackend"


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def members(request: HttpRequest, slug: str) -> HttpResponse:
    """GET: the league's members and open invitations; POST: a new invitation."""
    league = managed_league(request, slug)
    form = MemberRoleForm(posted(request), league=league)
    if request.method == "POST" and form.is_valid():
        role, team = form.role_and_team()
        try:
            invitation = invitation_create(
                league=league, made_by=request.user, role=role, team=team
            )
        except ValidationError as error:
            return _render_members(request, league, form, error.messages, BAD_REQUEST)
        link = request.build_absolute_uri(invitation.get_absolute_url())
        send = gettext("Send this link to the {role}: {link}")
        messages.success(request, send.format(role=invitation.describe(), link=link))
        return redirect("league:members", slug=league.slug)
    status = BAD_REQUEST if request.method == "POST" else 200
    return _render_members(request, league, form, status=status)


def _render_members(request, league: League, form, errors=(), status=200) -> HttpResponse:
    members = list(league.memberships.for_members_page())
    teams = list(league.teams.all())
    organisers = sum(member.role == Role.ORGANISER for member in members)
    context = {
        "league": league,
        "form": form,
        "errors": list(errors),
        "invitation_days": INVITATION_DAYS,
        "members": [
            (
                member,
                MemberRoleForm(league=league, teams=teams, initial={"role": form.value_of(member)}),
                # The last organiser stays: the page offers no way to step down.
                member.role == Role.ORGANISER and organisers == 1,
            )
            for member in members
        ],
        "invitations": [
            (invitation, request.build_absolute_uri(invitation.get_absolute_url()))
            for invitation in league.invitations.filter(
                used__isnull=True, expires__gt=timezone.now()
            ).select_related("team", "made_by")
        ],
    }
    return render(request, "league/members.html", context, status=status)


@login_required
@require_POST
def member(request: HttpRequest, slug: str, member_id: int) -> HttpResponse:
    """A member's new role, or ("remove") their leaving the league."""
    league = managed_league(request, slug)
    membership = (
        Membership.objects.select_related("user", "league")
        .filter(league=league, pk=member_id)
        .first()
    )

    def again(reasons: Sequence[str], status: int) -> HttpResponse:
        """The members page as they stand now, with the reasons above it."""
        return _render_members(request, league, MemberRoleForm(league=league), reasons, status)

    if membership is None:  # removed meanwhile: by the twin of this tap, or on another tab
        gone = gettext(MEMBER_LEFT_ALREADY).format(league=league)
        if "remove" in request.POST:
            messages.info(request, gone)
            return redirect("league:members", slug=league.slug)
        return again([gone], CONFLICT)
    form = MemberRoleForm(request.POST, league=league)
    try:
        if "remove" in request.POST:
            member_remove(membership=membership)
            done = gettext("{user} is no longer a member of {league}.").format(
                user=membership.user, league=league
            )
        elif form.is_valid():
            role, team = form.role_and_team()
            changed = member_role_set(
                membership=membership, role=role, team=team, shown=form.shown_role()
            )
            done = gettext("{user} is now {role}.").format(
                user=changed.user, role=changed.describe()
            )
        else:
            return again(
                [str(error) for errors in form.errors.values() for error in errors], BAD_REQUEST
            )
    except AlreadyDone as already:
        messages.info(request, already.message)
        return redirect("league:members", slug=league.slug)
    except Stale as conflict:
        return again(conflict.messages, CONFLICT)
    except ValidationError as error:
        return again(error.messages, BAD_REQUEST)
    messages.success(request, done)
    if not league.can_manage(request.user):  # an organiser who stepped down
        return redirect(league)
    return redirect("league:members", slug=league.slug)


@login_required
@require_POST
def invitation_withdraw(request: HttpRequest, slug: str, invitation_id: int) -> HttpResponse:
    league = managed_league(request, slug)
    invitation = league.invitations.filter(pk=invitation_id).first()
    if invitation is None:  # withdrawn already (a double tap), or never this league's
        messages.info(request, gettext(INVITATION_WITHDRAWN_ALREADY))
        return redirect("league:members", slug=league.slug)
    try:
        members_services.invitation_withdraw(invitation=invitation)
    except AlreadyDone as already:  # the twin tap got there first
        messages.info(request, already.message)
        return redirect("league:members", slug=league.slug)
    except ValidationError as error:
        fresh = MemberRoleForm(league=league)
        return _render_members(request, league, fresh, error.messages, BAD_REQUEST)
    withdrawn = gettext("The invitation as {role} is withdrawn.")
    messages.success(request, withdrawn.format(role=invitation.describe()))
    return redirect("league:members", slug=league.slug)


@never_cache
@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, token: str) -> HttpResponse:
    """An invitation's link: a signed-in person accepts it; a newcomer picks a user name and a
    password. A used or expired link says so (410); one this person may not take (its
    organiser, a member already) says why when accepted (400)."""
    invitation = Invitation.objects.select_related("league", "team").filter(token=token).first()
    if invitation is None:
        raise Http404(gettext(INVITATION_UNKNOWN))
    user = request.user if request.user.is_authenticated else None
    form: SignUpForm | None = None if user else SignUpForm(posted(request))
    if user is not None and invitation.used_by_id == user.pk:  # a second tap, or a revisit
        messages.info(request, gettext(INVITATION_JOINED_ALREADY).format(league=invitation.league))
        return redirect(invitation.league)
    refusal = invitation_refusal(invitation)  # anyone's: the link is dead
    if refusal is not None:
        return _render_join(request, invitation, form, [refusal], GONE)
    if request.method == "POST":
        league_writable(invitation.league)
    elif invitation.league.is_archived:  # the link works again once the league is restored
        read_only = gettext(LEAGUE_READ_ONLY).format(league=invitation.league)
        return _render_join(request, invitation, form, [read_only])
    if request.method == "GET":
        return _render_join(request, invitation, form)
    try:
        if user is not None:
            invitation_accept(invitation=invitation, user=user)
        elif (too_many := limited(request, Making.Kind.SIGN_UP)) is not None:
            return too_many
        elif form is not None and form.is_valid():
            membership = invitation_sign_up(
                invitation=invitation,
                username=form.cleaned_data["username"],
                password=form.cleaned_data["password1"],
                email=form.cleaned_data["email"],
                address=address_of(request),
            )
            login(request, membership.user, backend=PASSWORD_BACKEND)
        else:
            return _render_join(request, invitation, form, status=BAD_REQUEST)
    except AlreadyDone as already:
        messages.info(request, already.message)
        return redirect(already.done or "login")
    except InvitationWithdrawn as withdrawn:  # since the link was opened
        return _render_join(request, invitation, form, withdrawn.messages, GONE)
    except ValidationError as error:
        return _render_join(request, invitation, form, error.messages, BAD_REQUEST)
    welcome = gettext("Welcome to {league}, as {role}.")
    messages.success(request, welcome.format(league=invitation.league, role=invitation.describe()))
    return redirect(invitation.league)


def _render_join(request, invitation, form, errors=(), status=200) -> HttpResponse:
    context = {"invitation": invitation, "league": invitation.league, "form": form}
    context["errors"] = list(errors)
    return render(request, "league/join.html", context, status=status)


SIGNUP_CLOSED = gettext_noop(
    "This Paddock takes no sign-ups: ask a league's organiser for an invitation link."
)
SIGNED_UP = gettext_noop(
    "Welcome to Paddock, {user}. Make a league of your own with New league, or open the "
    "invitation link a league's organiser sent you."
)


@never_cache
@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """A new account (where the site takes sign-ups: PADDOCK_OPEN_SIGNUP), signed in at once;
    a name taken whatever its case, or like an account's, is refused with the reason, and a
    sign-up past the limits of its address (league/services/limits.py) is a 429."""
    if not settings.PADDOCK_OPEN_SIGNUP:
        raise Http404(gettext(SIGNUP_CLOSED))
    if request.user.is_authenticated:
        return redirect("league:home")
    form = SignUpForm(posted(request))
    if request.method == "POST" and (too_many := limited(request, Making.Kind.SIGN_UP)):
        return too_many
    if request.method == "GET" or not form.is_valid():
        return _render_signup(request, form)
    try:
        user = user_create(
            username=form.cleaned_data["username"],
            password=form.cleaned_data["password1"],
            email=form.cleaned_data["email"],
            address=address_of(request),
        )
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        on_form(form, refusal.messages)
        return _render_signup(request, form)
    login(request, user, backend=PASSWORD_BACKEND)
    messages.success(request, gettext(SIGNED_UP).format(user=user))
    return redirect("league:home")


def _render_signup(request: HttpRequest, form: SignUpForm) -> HttpResponse:
    status = BAD_REQUEST if request.method == "POST" else 200
    return render(request, "registration/signup.html", {"form": form}, status=status)
