"""A person's own account: its page (the e-mail a reset link goes to, a link to change the
password), and deleting it. Changing and resetting a password are Django's own views
(config/urls.py), with the templates of templates/registration/."""

from __future__ import annotations

from typing import cast

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST
from django.views.generic.edit import FormView

from ..forms.accounts import AccountDeleteForm, AccountEmailForm
from ..models import Membership
from ..services import members
from ..services.errors import AlreadyDone
from ..services.members import account_email_set, membership_calendar_address_new
from .common import BAD_REQUEST, on_form

EMAIL_SAVED = gettext_noop("Your e-mail is saved: a forgotten password's link goes there.")
EMAIL_REMOVED = gettext_noop(
    "Your e-mail is removed: a forgotten password can no longer be reset by e-mail."
)
ACCOUNT_DELETED = gettext_noop(
    "Your account is deleted: you are logged out, and your name is gone from the site. The "
    "leagues keep their history."
)


@never_cache
@login_required
@require_http_methods(["GET"])
def account(request: HttpRequest) -> HttpResponse:
    """The account page: its e-mail form, the password's links, the way to delete it."""
    user = cast(User, request.user)  # login_required
    email_form = AccountEmailForm(initial={"email": user.email})
    return _render_account(request, email_form)


@login_required
@require_POST
def account_email(request: HttpRequest) -> HttpResponse:
    form = AccountEmailForm(request.POST)
    if not form.is_valid():
        return _render_account(request, form, status=BAD_REQUEST)
    try:
        account_email_set(user=request.user, email=form.cleaned_data["email"])
    except ValidationError as refusal:
        on_form(form, refusal.messages)
        return _render_account(request, form, status=BAD_REQUEST)
    messages.success(
        request, gettext(EMAIL_SAVED) if form.cleaned_data["email"] else gettext(EMAIL_REMOVED)
    )
    return redirect("league:account")


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def account_delete(request: HttpRequest) -> HttpResponse:
    """GET: what deleting the account does, and its form; POST (with the password): done."""
    form = AccountDeleteForm(request.POST if request.method == "POST" else None)
    if request.method == "GET" or not form.is_valid():
        return _render_delete(request, form)
    try:
        members.account_delete(user=request.user, password=form.cleaned_data["password"])
    except AlreadyDone:
        logout(request)
        return redirect("league:home")
    except ValidationError as refusal:
        on_form(form, refusal.messages)
        return _render_delete(request, form)
    logout(request)
    messages.success(request, gettext(ACCOUNT_DELETED))
    return redirect("league:home")


CALENDAR_MADE = gettext_noop(
    "Your calendar address for {league} is below: add it to your calendar program. Any "
    "address of yours for it before stops working."
)


@login_required
@require_POST
def account_calendar(request: HttpRequest, membership_id: int) -> HttpResponse:
    """A new secret calendar address for one of the person's own memberships."""
    membership = get_object_or_404(
        Membership.objects.select_related("league"), pk=membership_id, user=cast(User, request.user)
    )
    membership_calendar_address_new(membership=membership)
    messages.success(request, gettext(CALENDAR_MADE).format(league=membership.league))
    return redirect("league:account")


def _render_account(request: HttpRequest, email_form, status: int = 200) -> HttpResponse:
    leagues = (
        Membership.objects.filter(user=cast(User, request.user))
        .select_related("league", "team")
        .order_by("league__name")
    )
    context = {"email_form": email_form, "memberships": leagues}
    return render(request, "registration/account.html", context, status=status)


def _render_delete(request: HttpRequest, form) -> HttpResponse:
    status = BAD_REQUEST if request.method == "POST" else 200
    return render(request, "registration/account_delete.html", {"form": form}, status=status)


class RefusedIs400(FormView):
    """A form refused answers 400 with the page and the reasons (Django's views say 200)."""

    def form_invalid(self, form):
        return self.render_to_response(self.get_context_data(form=form), status=BAD_REQUEST)


class PasswordChange(RefusedIs400, auth_views.PasswordChangeView):
    pass


class PasswordReset(RefusedIs400, auth_views.PasswordResetView):
    pass


class PasswordResetConfirm(RefusedIs400, auth_views.PasswordResetConfirmView):
    pass
