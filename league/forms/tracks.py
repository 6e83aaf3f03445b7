"""The forms of the shared track list: a track, and a copy of one for a league."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from django import forms

from rules.championship import track_fact
from rules.language import gettext as said

from ..models import League, Role, Track

if TYPE_CHECKING:
    pass


class TrackForm(forms.Form):
    """A track for the list. A name already there is left to services.track_create, which
    tells a second tap (the same track again) from a clash (another track of that name)."""

    name = forms.CharField(max_length=80)
    number = forms.IntegerField(
        required=False, min_value=0, max_value=32767, help_text=Track.number.field.help_text
    )
    weather_table = forms.CharField(
        max_length=120,
        required=False,
        label=track_fact("weather_table").label,
        help_text=Track.weather_table.field.help_text,
    )
    weather_chart = forms.CharField(
        max_length=120,
        required=False,
        label=track_fact("weather_chart").label,
        help_text=Track.weather_chart.field.help_text,
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The rules' words, in the reader's language.
        for name in ("weather_table", "weather_chart"):
            self.fields[name].label = said(track_fact(name).label)
            self.fields[name].help_text = said(track_fact(name).help_text)


class TrackCopyForm(forms.Form):
    """A copy of a track for its asker, and optionally one of the leagues they organise whose
    rounds to come race on it."""

    league = forms.ModelChoiceField(
        queryset=League.objects.none(),
        required=False,
        label="For",
        empty_label="Just a copy for me",
        help_text="The league's rounds on this track not yet started race on the copy.",
    )

    def __init__(self, *args, track: Track, user, **kwargs):
        super().__init__(*args, **kwargs)
        organised = (
            League.objects.filter(archived_at__isnull=True)
            .filter(memberships__user_id=user.pk, memberships__role=Role.ORGANISER)
            .filter(seasons__rounds__track=track)
            .distinct()
        )
        cast(forms.ModelChoiceField, self.fields["league"]).queryset = organised
        self.fields["league"].widget.attrs["class"] = "form-select"
