"""The shared track list: a track added by anyone signed in, corrected by an organiser."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.forms.models import model_to_dict
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from .. import services
from ..forms import TrackForm
from ..models import Track, may_edit_tracks
from .common import BAD_REQUEST, answer, on_form, posted, version_posted

NO_TRACK_VERSION = (
    "This form does not say which version of the track it was built on: reload the page."
)
LOG_IN_TO_ADD = "Log in to add a track."
ONLY_ORGANISERS_EDIT = "Only a league's organiser may edit the track list."


@require_http_methods(["GET", "POST"])
def tracks(request: HttpRequest) -> HttpResponse:
    form = TrackForm(posted(request))
    if request.method == "POST" and not request.user.is_authenticated:
        raise PermissionDenied(LOG_IN_TO_ADD)
    if request.method == "GET" or not form.is_valid():
        return _render_tracks(request, form)

    def added(track: Track) -> HttpResponse:
        messages.success(request, f"{track} added to the track list.")
        return redirect("league:tracks")

    def again(reasons, status, fresh) -> HttpResponse:
        on_form(form, reasons)
        return _render_tracks(request, form)

    return answer(
        request, lambda: services.track_create(**form.cleaned_data), done=added, again=again
    )


def _render_tracks(request: HttpRequest, form: TrackForm) -> HttpResponse:
    context = {
        "tracks": Track.objects.all(),
        "form": form,
        "can_edit": may_edit_tracks(request.user),
    }
    status = BAD_REQUEST if request.method == "POST" else 200
    return render(request, "league/tracks.html", context, status=status)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def track_edit(request: HttpRequest, track_id: int) -> HttpResponse:
    """GET: the track's form, saying first if it may not be edited now; POST: the edit."""
    if not may_edit_tracks(request.user):
        raise PermissionDenied(ONLY_ORGANISERS_EDIT)
    track = get_object_or_404(Track, pk=track_id)
    form = TrackForm(posted(request), initial=model_to_dict(track))
    if request.method == "GET":
        refusal = services.track_edit_refusal(track, viewer=request.user)
        return _render_edit(request, track, form, [refusal] if refusal else [], 200)
    if not form.is_valid():
        return _render_edit(request, track, form, [], BAD_REQUEST)

    def saved(edited: Track) -> HttpResponse:
        messages.success(request, f"{edited} is saved.")
        return redirect("league:tracks")

    def again(reasons, status, fresh) -> HttpResponse:
        if fresh:
            track.refresh_from_db()
        shown = TrackForm(initial=model_to_dict(track)) if fresh else form
        return _render_edit(request, track, shown, reasons, status)

    return answer(
        request,
        lambda: services.track_edit(
            track=track,
            expected_version=version_posted(request, NO_TRACK_VERSION),
            editor=request.user,
            **form.cleaned_data,
        ),
        done=saved,
        again=again,
    )


def _render_edit(request, track: Track, form: TrackForm, errors, status: int) -> HttpResponse:
    context = {"track": track, "form": form, "errors": errors}
    return render(request, "league/track_edit.html", context, status=status)
