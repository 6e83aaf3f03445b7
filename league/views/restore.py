"""The restore page: a signed-in person uploads a league's backup file (league/backup/) and
the league is made from it, with them as its organiser. Its history comes back whole; its
people do not: anyone may upload a file, and a file may name anyone, so no account here is made
or given a role from one (the site's administrator imports a league with its people:
manage.py import_league). A file it cannot take is refused with the reason (400) and writes
nothing; a file larger than PADDOCK_RESTORE_MOST_BYTES is refused (413) before more of it than
that is stored, and the page says to ask the administrator to import it."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.core.files.uploadhandler import FileUploadHandler, StopUpload
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_noop, ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_http_methods

from config.wording import grouped, listed

from .. import backup
from ..forms.leagues import RestoreForm
from ..models import League, Making
from ..services.members import making_record
from .common import BAD_REQUEST, posted
from .limits import address_of, limited

TOO_LARGE_STATUS = 413
TOO_LARGE = gettext_noop(
    "This file is larger than the {most:,} bytes the restore page takes. Ask the site's "
    "administrator to import it on the host: manage.py import_league FILE."
)
RESTORED = gettext_noop(
    "{league} is restored from {file}: you organise it. It is private until you publish it."
)
MOVED = gettext_noop(
    "The file's address, /{wanted}/, is not free on this site (every league's address is one "
    "of the site's): the league is at /{slug}/."
)
TRACK_KEPT_APART = gettext_noop(
    "This site's {track} has another weather table, weather chart or map number than the "
    "file's: the league races on its own, restored as {restored}."
)
MEMBERS_LEFT_OUT = gettext_noop(
    "A file names people, not their accounts here: its members are not brought back. Invite "
    "them again from Members: {members}."
)
RENAMED = gettext_noop(
    "You run a league called {name!r} already: the one restored is {league}, beside it."
)
RESTORED_ALREADY = gettext_noop(
    "{league} is restored from this upload already (a second tap): here it is."
)
# The uploads this browser restored, by their form's `once` token: a second tap goes to the
# league the first made, instead of making another copy.
RESTORED_SESSION_KEY = "paddock_restored"
MOST_REMEMBERED = 20
# The members named at most in the message that lists them.
MOST_NAMED = 50


class UploadLimit(FileUploadHandler):
    """Stops reading an upload once it is larger than the restore page takes: the rest is
    neither read, nor kept in memory, nor written to disk (Django's own handlers, after this
    one, keep an upload of up to FILE_UPLOAD_MAX_MEMORY_SIZE in memory and a larger one in a
    temporary file)."""

    def __init__(self, request: HttpRequest, most: int) -> None:
        super().__init__(request)
        self.most = most
        self.too_large = False

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes:
        if start + len(raw_data) > self.most:
            self.too_large = True
            # Not connection_reset=False: Django would then read the rest of the body, as lines,
            # and a body with no line break is one line held whole in memory (issue 29).
            raise StopUpload(connection_reset=True)
        return raw_data

    def file_complete(self, file_size: int) -> None:
        return None


@csrf_exempt  # checked by _restore, once the upload's handlers are set: reading the form sets
@never_cache  # them for good, and the CSRF check reads the form.
@login_required
@require_http_methods(["GET", "POST"])
def league_restore(request: HttpRequest) -> HttpResponse:
    """GET: the upload form; POST: the league made from the file, or the reason it is not. A
    restore is a new league for the limits over time (league/services/limits.py): one past them is
    a 429
    before the file is read."""
    if request.method == "POST" and (too_many := limited(request, Making.Kind.LEAGUE)):
        return too_many
    limit = UploadLimit(request, settings.PADDOCK_RESTORE_MOST_BYTES)
    request.upload_handlers = [limit, *request.upload_handlers]
    return _restore(request, limit)


@csrf_protect
def _restore(request: HttpRequest, limit: UploadLimit) -> HttpResponse:
    form = RestoreForm(posted(request), request.FILES or None)
    if limit.too_large:
        message = gettext(TOO_LARGE).format(most=grouped(limit.most))
        return _render(request, RestoreForm(), [message], TOO_LARGE_STATUS)
    if request.method == "GET" or not form.is_valid():
        status = BAD_REQUEST if request.method == "POST" else 200
        return _render(request, form, status=status)
    file = form.cleaned_data["backup"]
    once = form.cleaned_data["once"]
    remembered: dict[str, str] = request.session.get(RESTORED_SESSION_KEY, {})
    if once and once in remembered:
        league = League.objects.filter(slug=remembered[once], organiser_id=request.user.pk).first()
        if league is not None:
            messages.info(request, gettext(RESTORED_ALREADY).format(league=league))
            return redirect(league)
    try:
        imported = backup.league_import(file, organiser=request.user)
    except ValidationError as error:
        return _render(request, form, error.messages, BAD_REQUEST)
    league = imported.league
    making_record(kind=Making.Kind.LEAGUE, user=request.user, address=address_of(request))
    if once:
        kept = list(remembered.items())[-(MOST_REMEMBERED - 1) :]
        request.session[RESTORED_SESSION_KEY] = {**dict(kept), once: league.slug}
    messages.success(request, gettext(RESTORED).format(league=league, file=file.name))
    if imported.name_in_file:
        messages.info(request, gettext(RENAMED).format(name=imported.name_in_file, league=league))
    if imported.address_in_file != league.slug:
        messages.info(
            request, gettext(MOVED).format(wanted=imported.address_in_file, slug=league.slug)
        )
    for track, restored in imported.tracks_kept_apart:
        messages.info(request, gettext(TRACK_KEPT_APART).format(track=track, restored=restored))
    if imported.members_left_out:
        messages.info(
            request,
            gettext(MEMBERS_LEFT_OUT).format(members=members_named(imported.members_left_out)),
        )
    return redirect(league)


def members_named(members: tuple[str, ...]) -> str:
    more = len(members) - MOST_NAMED
    if more <= 0:
        return listed(members)
    named = ", ".join(members[:MOST_NAMED])
    said = ngettext("{named} and {more:,} more", "{named} and {more:,} more", more)
    return said.format(named=named, more=grouped(more))


def _render(request, form, errors=(), status: int = 200) -> HttpResponse:
    most = settings.PADDOCK_RESTORE_MOST_BYTES
    context = {"form": form, "errors": list(errors), "most_bytes": most}
    return render(request, "league/restore.html", context, status=status)
