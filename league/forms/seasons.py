"""The forms of a season: its points table, its setup, and a new season with its schedule."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from django import forms
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from rules.championship import Championship

from ..models import Track, ruleset_choices
from .common import NO_SETTINGS_VERSION

if TYPE_CHECKING:
    pass


NO_SETUP_VERSION = gettext_noop(
    "This form does not say which version of the season's setup it was built on: reload the page."
)


SCHEDULE_GAP = gettext_noop(
    "Pick the races in order from race 1, leaving none empty: "
    "a race's number sets its points and healing weeks."
)
PRESET_OR_TABLE = gettext_noop("Pick a preset or write the table.")
SCHEDULE_OR_TRACK = gettext_noop("Pick a sample schedule or at least one track.")


class PointsTableForm(forms.Form):
    """A league's points table: one of its rule set's presets (a button each), or the table as
    typed; with the settings version the page was built on."""

    preset = forms.ChoiceField(required=False, label=_("Preset"))
    table = forms.CharField(
        required=False,
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 3}),
        label=_("Points by place"),
        help_text=_(
            "From 1st place down, e.g. 25-18-15-12-10-8-6-4-2-1; places past the last "
            "score nothing. A row per field size starts '6 cars:', one row a line."
        ),
    )
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, rules: Championship, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules = rules
        cast(forms.ChoiceField, self.fields["preset"]).choices = [
            (name, name) for name in rules.points_presets
        ]

    def clean(self):
        super().clean()
        cleaned = self.cleaned_data
        if cleaned.get("version") is None:
            raise forms.ValidationError(gettext(NO_SETTINGS_VERSION))
        if not cleaned.get("preset") and not cleaned.get("table", "").strip():
            raise forms.ValidationError(gettext(PRESET_OR_TABLE))
        return cleaned

    def points_table(self) -> str:
        """The table asked for, as text: the preset's, or the one typed."""
        preset = self.cleaned_data["preset"]
        return str(self.rules.points_presets[preset]) if preset else self.cleaned_data["table"]


class SeasonSetupForm(forms.Form):
    """A season's setup (RBB: the wear points of every zone of every car), a number a field as
    its rule set lists them; with the setup version the page was built on."""

    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, rules: Championship, **kwargs):
        super().__init__(*args, **kwargs)
        for number in rules.season_setup:
            self.fields[number.key] = forms.IntegerField(
                label=number.said_label(), min_value=number.low, max_value=number.high
            )

    def clean(self):
        super().clean()
        cleaned = self.cleaned_data
        if cleaned.get("version") is None:
            raise forms.ValidationError(gettext(NO_SETUP_VERSION))
        return cleaned

    def setup(self) -> dict[str, int]:
        return {key: value for key, value in self.cleaned_data.items() if key != "version"}


class SeasonForm(forms.Form):
    """A sample schedule, or up to nine tracks picked race by race. Picking a schedule shows its
    tracks in the races' fields (htmx reloads the form, `sample_tracks` giving them); changing
    one of them there makes the season a schedule of its own on the tracks shown."""

    ruleset = forms.ChoiceField(
        choices=ruleset_choices,
        label=_("Rule set"),
        required=False,
        help_text=_(
            "The rules the season is run on: the league's, or another for this season "
            "on (teams and drivers carry over where the new rules have them)."
        ),
    )
    preset = forms.ChoiceField(
        required=False,
        label=_("Sample schedule"),
        help_text=_("Pick a sample schedule, or leave it on custom and pick the tracks below."),
    )
    # The season this page opens: posted twice, the second finds it open and shows it.
    number = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=1)

    def __init__(
        self,
        *args,
        rules: Championship,
        next_number: int = 1,
        sample_tracks: Sequence[Track] = (),
        action: str = "",
        **kwargs,
    ):
        """`rules`: the rule set picked (`ruleset`, posted or shown), whose sample schedules
        and number of races the form offers; `sample_tracks`: the tracks of the schedule picked
        (`preset`, posted or shown), in race order; `action`: the page's address, which the
        rule set's and the schedule's selects reload."""
        super().__init__(*args, **kwargs)
        self.rules = rules
        self.sample_tracks = list(sample_tracks)
        self.fields["number"].initial = next_number
        self.fields["ruleset"].initial = rules.name
        cast(forms.ChoiceField, self.fields["preset"]).choices = [("", gettext("— custom —"))] + [
            (preset.name, f"{preset.name}: " + ", ".join(t.name for t in preset.tracks))
            for preset in rules.presets
        ]
        if action:
            reload = {
                "hx-get": action,
                "hx-target": "#season-form",
                "hx-select": "#season-form",
                "hx-swap": "outerHTML",
                "hx-disabled-elt": "#season-form button",
            }
            self.fields["ruleset"].widget.attrs.update(reload)
            # A schedule is the rule set's: its reload asks for the rule set picked too.
            self.fields["preset"].widget.attrs.update({**reload, "hx-include": "#id_ruleset"})
        if not rules.presets:
            # A list holding only "— custom —", and its help to pick a schedule, would offer
            # what this rule set has not: its seasons are on the tracks picked below.
            self.fields["preset"].widget = forms.HiddenInput()
        for number in range(1, rules.most_rounds + 1):
            points = rules.round_shape(number).multiplier
            self.fields[f"race_{number}"] = forms.ModelChoiceField(
                queryset=Track.objects.all(),
                required=False,
                label=(
                    gettext("Race {number} ({points}x points)").format(number=number, points=points)
                    if points > 1
                    else gettext("Race {number}").format(number=number)
                ),
            )
        if not self.is_bound:
            for number, track in enumerate(self.sample_tracks[: rules.most_rounds], start=1):
                self.fields[f"race_{number}"].initial = track.pk

    def _races(self) -> list[Track | None]:
        return [value for name, value in self.cleaned_data.items() if name.startswith("race_")]

    def tracks(self) -> list[Track]:
        """The picked tracks in race order."""
        return [track for track in self._races() if track is not None]

    def clean(self):
        super().clean()
        cleaned = self.cleaned_data
        tracks = self.tracks()
        if cleaned.get("preset"):
            if not tracks or tracks == self.sample_tracks:
                return cleaned
            cleaned["preset"] = ""  # a track changed: a schedule of its own, on those shown
        if not tracks:
            raise forms.ValidationError(gettext(SCHEDULE_OR_TRACK))
        if self._races()[: len(tracks)] != tracks:
            raise forms.ValidationError(gettext(SCHEDULE_GAP))
        return cleaned
