"""The organiser switches a round's race options (its rule set's settings marked
`race_option`: Formula D's optional rules) for that round's race alone, before it starts."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from . import services
from .forms import RaceOptionsForm
from .views import _managed_league, _round, _round_write


@login_required
@require_POST
def round_race_options(
    request: HttpRequest, slug: str, number: int, round_number: int
) -> HttpResponse:
    round_ = _round(_managed_league(request, slug), number, round_number)
    form = RaceOptionsForm(request.POST, round_=round_)

    def switch(version: int) -> None:
        if not form.is_valid():
            raise ValidationError(
                [
                    f"{form.fields[key].label}: {error}"
                    for key, errors in form.errors.items()
                    for error in errors
                ]
            )
        services.round_race_options_set(
            round_=round_, options=form.race_options(), expected_version=version
        )

    return _round_write(request, round_, switch)
