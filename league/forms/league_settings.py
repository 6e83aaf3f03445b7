"""The league's settings page: its rule set's settings as they stand, each with when a change
to it counts, and the settings version the page was built on."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext, gettext_noop

from rules.championship import DISPLAY, RACE, SEASON, STANDINGS, Championship

EFFECT_WORDS = {
    DISPLAY: "Changes at once: it only shows more or less.",
    STANDINGS: "Counts at once, for the whole season: its standings are counted again with it.",
    RACE: "Counts from the next race started: a race under way keeps what it started with.",
    "season": (
        "Shapes how a season is scored, its teams or careers: it changes only before the "
        "current season's first result."
    ),
}
NO_VERSION = gettext_noop(
    "This form does not say which version of the settings it was built on: reload."
)


class LeagueSettingsForm(forms.Form):
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, rules: Championship, current, locked: str | None = None, **kwargs):
        """`locked`: why the settings that shape the season may not change now (its first
        result is in); they are shown as they stand, not to be changed, with that reason."""
        super().__init__(*args, **kwargs)
        self.rules = rules
        for setting in rules.settings:
            value = setting.value_in(current)
            help_text = EFFECT_WORDS[setting.takes_effect]
            fixed = bool(locked) and setting.takes_effect == SEASON
            if fixed:
                help_text = f"{help_text} {locked}"
            if setting.kind == "bool":
                self.fields[setting.key] = forms.BooleanField(
                    required=False,
                    label=setting.said_label(),
                    initial=value,
                    help_text=help_text,
                    disabled=fixed,
                )
            else:
                field = forms.ChoiceField(
                    choices=setting.said_choices(),
                    initial=value,
                    label=setting.said_label(),
                    help_text=help_text,
                    disabled=fixed,
                )
                field.widget.attrs["class"] = "form-select"
                self.fields[setting.key] = field

    def clean_version(self) -> int:
        version = self.cleaned_data.get("version")
        if version is None:
            raise forms.ValidationError(gettext(NO_VERSION))
        return version

    def settings(self) -> dict[str, object]:
        return {setting.key: self.cleaned_data[setting.key] for setting in self.rules.settings}
