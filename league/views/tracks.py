"""The shared track list: a track added by anyone signed in, corrected by whoever added it (or a
site admin), copied by anyone else for a league of their own."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.forms.models import model_to_dict
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from ..forms.tracks import TrackCopyForm, TrackForm
from ..models import Track
from ..services import tracks as tracks_services
from ..services.common import league_writable
from ..services.errors import AlreadyDone
from ..services.tracks import TRACK_NOT_YOURS, track_create, track_edit_refusal
from .common import (
    BAD_REQUEST,
    CONFLICT,
    already_done,
    on_form,
    posted,
    refused,
    version_posted,
)

NO_TRACK_VERSION = gettext_noop(
    "This form does not say which version of the track it was built on: reload the page."
)
LOG_IN_TO_ADD = gettext_noop("Log in to add a track.")
COPIED = gettext_noop("{copy} is yours to edit.")
COPIED_FOR = gettext_noop("{copy} is yours to edit, and {league}'s rounds to come race on it.")


@require_http_methods(["GET", "POST"])
def tracks(request: HttpRequest) -> HttpResponse:
    form = TrackForm(posted(request))
    if request.method == "POST" and not request.user.is_authenticated:
        raise PermissionDenied(gettext(LOG_IN_TO_ADD))
    if request.method == "GET" or not form.is_valid():
        return _render_tracks(request, form)
    try:
        track = track_create(added_by=request.user, **form.cleaned_data)
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        on_form(form, refusal.messages)
        return _render_tracks(request, form)
    messages.success(request, gettext("{track} added to the track list.").format(track=track))
    return redirect("league:tracks")


def _render_tracks(request: HttpRequest, form: TrackForm) -> HttpResponse:
    user = request.user
    context = {
        "tracks": [(track, track.editable_by(user)) for track in Track.objects.all()],
        "form": form,
    }
    status = BAD_REQUEST if request.method == "POST" else 200
    return render(request, "league/tracks.html", context, status=status)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def track_edit(request: HttpRequest, track_id: int) -> HttpResponse:
    """GET: the track's form for whoever may edit it, saying first if it may not be edited now
    (anyone else is offered a copy); POST: the edit."""
    track = get_object_or_404(Track, pk=track_id)
    if request.method == "POST" and not track.editable_by(request.user):
        raise PermissionDenied(gettext(TRACK_NOT_YOURS).format(track=track))
    form = TrackForm(posted(request), initial=_initial(track))
    if request.method == "GET":
        refusal = track_edit_refusal(track, viewer=request.user)
        return _render_edit(request, track, form, [refusal] if refusal else [], 200)
    if not form.is_valid():
        return _render_edit(request, track, form, [], BAD_REQUEST)
    try:
        edited = tracks_services.track_edit(
            track=track,
            expected_version=version_posted(request, NO_TRACK_VERSION),
            editor=request.user,
            **form.cleaned_data,
        )
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        reasons, status = refused(refusal)
        shown = form
        if status == CONFLICT:
            track.refresh_from_db()
            shown = _shown(track)
        return _render_edit(request, track, shown, reasons, status)
    messages.success(request, gettext("{track} is saved.").format(track=edited))
    return redirect("league:tracks")


def _shown(track: Track) -> TrackForm:
    return TrackForm(initial=_initial(track))


def _initial(track: Track) -> dict:
    """The track's form as it stands; its weather chart blank while it is the placeholder, so
    that only a chart typed in from the board is taken for the board's."""
    initial = model_to_dict(track)
    if track.weather_chart_is_placeholder:
        initial["weather_chart"] = ""
    return initial


def _render_edit(request, track: Track, form: TrackForm, errors, status: int) -> HttpResponse:
    context = {
        "track": track,
        "form": form,
        "errors": errors,
        "may_edit": track.editable_by(request.user),
        "copy_form": TrackCopyForm(track=track, user=request.user),
    }
    return render(request, "league/track_edit.html", context, status=status)


@login_required
@require_POST
def track_copy(request: HttpRequest, track_id: int) -> HttpResponse:
    """A copy of the track that the one asking may edit; for one of the leagues they organise,
    its rounds on the track not yet started race on the copy."""
    track = get_object_or_404(Track, pk=track_id)
    form = TrackCopyForm(request.POST, track=track, user=request.user)
    if not form.is_valid():
        return _render_edit(
            request,
            track,
            _shown(track),
            [error for errors in form.errors.values() for error in errors],
            BAD_REQUEST,
        )
    league = form.cleaned_data["league"]
    if league is not None:
        league_writable(league)
    try:
        copy = tracks_services.track_copy(track=track, user=request.user, league=league)
    except AlreadyDone as already:
        return already_done(request, already)
    except ValidationError as refusal:
        reasons, status = refused(refusal)
        return _render_edit(request, track, _shown(track), reasons, status)
    if league is None:
        messages.success(request, gettext(COPIED).format(copy=copy))
    else:
        messages.success(request, gettext(COPIED_FOR).format(copy=copy, league=league))
    return redirect("league:track_edit", track_id=copy.pk)
