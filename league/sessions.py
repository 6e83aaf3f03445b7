"""The organiser schedules a round's race session (when and where it is played), which the
round page shows and the league's calendar feed (exports.calendar) lists."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from . import services
from .forms import RoundSessionForm
from .views import _managed_league, _round, _round_write


@login_required
@require_POST
def round_session(request: HttpRequest, slug: str, number: int, round_number: int) -> HttpResponse:
    round_ = _round(_managed_league(request, slug), number, round_number)
    form = RoundSessionForm(request.POST)

    def schedule(version: int) -> None:
        if not form.is_valid():
            raise ValidationError([error for errors in form.errors.values() for error in errors])
        services.round_session_set(
            round_=round_,
            starts_at=form.starts_at,
            venue=form.cleaned_data["venue"],
            expected_version=version,
        )

    return _round_write(request, round_, schedule)
