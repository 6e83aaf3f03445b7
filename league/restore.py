"""The restore page: a signed-in person uploads a league's backup file (league/backup.py) and
the league is made from it, with them as its organiser. Its history comes back whole; its
people do not: anyone may upload a file, and a file may name anyone, so no account here is made
or given a role from one (the site's administrator imports a league with its people:
manage.py import_league). A file it cannot take is refused with the reason (400) and writes
nothing."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from . import backup
from .forms import RestoreForm
from .models import League
from .views.common import BAD_REQUEST, posted

TOO_LARGE = (
    "This file is {size:,} bytes; the restore page takes backups of up to {most:,} bytes. "
    "Ask the site's administrator to import it (manage.py import_league)."
)
MEMBERS_LEFT_OUT = (
    "A file names people, not their accounts here: its members are not brought back. Invite "
    "them again from Members: {members}."
)
RESTORED_ALREADY = (
    "{league} is at /{slug}/ already, and you organise it: nothing was restored. Here it is."
)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def league_restore(request: HttpRequest) -> HttpResponse:
    """GET: the upload form; POST: the league made from the file, or the reason it is not."""
    form = RestoreForm(posted(request), request.FILES or None)
    if request.method == "GET" or not form.is_valid():
        status = BAD_REQUEST if request.method == "POST" else 200
        return _render(request, form, status=status)
    file = form.cleaned_data["backup"]
    most = settings.PADDOCK_RESTORE_MOST_BYTES
    if file.size > most:
        return _render(request, form, [TOO_LARGE.format(size=file.size, most=most)], BAD_REQUEST)
    try:
        data = backup.parsed(file.read())
        mine = _restored_already(request, data)
        if mine is not None:
            messages.info(request, RESTORED_ALREADY.format(league=mine, slug=mine.slug))
            return redirect(mine)
        league = backup.league_import(data, organiser=request.user)
    except ValidationError as error:
        return _render(request, form, error.messages, BAD_REQUEST)
    messages.success(request, f"{league} is restored from {file.name}: you organise it.")
    left_out = backup.members_left_out(data)
    if left_out:
        messages.info(request, MEMBERS_LEFT_OUT.format(members=", ".join(left_out)))
    return redirect(league)


def _restored_already(request: HttpRequest, data) -> League | None:
    """The league at the file's address, if the one restoring it organises it already (a
    double tap, or the same file again): shown, not refused."""
    try:
        slug = data["tables"]["league.league"][0]["slug"]
    except (KeyError, IndexError, TypeError):
        return None  # the import says what is wrong with the file
    league = League.objects.filter(slug=slug).first() if isinstance(slug, str) else None
    return league if league is not None and league.can_manage(request.user) else None


def _render(request, form, errors=(), status: int = 200) -> HttpResponse:
    context = {"form": form, "errors": list(errors)}
    return render(request, "league/restore.html", context, status=status)
