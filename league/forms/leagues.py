"""The forms of a league: making one (its rule set and its settings), archiving or restoring it, its
time zone."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from django import forms
from django.http import QueryDict
from django.urls import reverse
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from rules.championship import Championship, championship_for

from ..models import ruleset_choices
from ..models.time_zones import DEFAULT_TIME_ZONE, time_zone_choices
from .common import NO_SETTINGS_VERSION

if TYPE_CHECKING:
    pass


ARCHIVE_OR_RESTORE = gettext_noop("Press Archive or Restore.")


SETTINGS_FOR = "settings_for"


class LeagueForm(forms.Form):
    """A new league: its name, its rule set, and that rule set's league settings (the fields
    follow the rule set picked: `ruleset` is the one shown)."""

    name = forms.CharField(max_length=100, label=_("Name"))
    ruleset = forms.ChoiceField(choices=ruleset_choices, label=_("Rule set"), required=False)

    time_zone = forms.ChoiceField(
        choices=time_zone_choices,
        required=False,
        initial=DEFAULT_TIME_ZONE,
        label=_("Time zone"),
        help_text=_("Where its races are played: session times are typed and shown in it."),
    )

    settings_for = forms.CharField(widget=forms.HiddenInput, required=False)

    def __init__(self, data=None, *args, ruleset: str, **kwargs):
        self.rules: Championship = championship_for(ruleset)
        if data is not None:
            data = self._with_defaults(data, ruleset)
        super().__init__(data, *args, **kwargs)
        self.fields["ruleset"].initial = ruleset
        self.fields[SETTINGS_FOR].initial = ruleset
        if data is None and not self.initial.get("time_zone"):
            # Nobody picked a zone yet: static/js/time-zone.js picks the browser's own.
            self.fields["time_zone"].widget.attrs["data-browser-zone"] = ""
        # Picking another rule set brings its settings in (htmx), the Create button waiting
        # meanwhile; without JavaScript, the first post shows them and asks again.
        self.fields["ruleset"].widget.attrs.update(
            {
                "hx-get": reverse("league:league_new"),
                "hx-include": "[name=name],[name=time_zone]",
                "hx-target": "#league-form",
                "hx-select": "#league-form",
                "hx-swap": "outerHTML",
                "hx-disabled-elt": "#league-form button",
            }
        )
        for setting in self.rules.settings:
            name = setting.key  # a setting's field is named as the setting
            if setting.kind == "bool":
                self.fields[name] = forms.BooleanField(
                    required=False, label=setting.said_label(), initial=setting.default
                )
            else:
                self.fields[name] = forms.ChoiceField(
                    choices=setting.said_choices(),
                    initial=setting.default,
                    label=setting.said_label(),
                )

    def _with_defaults(self, data, ruleset: str):
        """`data` with each of the rule set's settings that did not arrive at its default:
        all of them when the form says its settings are another rule set's (the rule set was
        changed and the form posted before its own settings came in), never a value meant for
        another rule set."""
        if not isinstance(data, QueryDict):
            posted, data = data, QueryDict(mutable=True)
            for key, value in posted.items():
                data.setlist(key, value if isinstance(value, list) else [value])
        data = data.copy()
        stale = SETTINGS_FOR in data and data[SETTINGS_FOR] != ruleset
        for setting in self.rules.settings:
            if setting.kind == "bool":
                if stale:  # a box left unticked posts nothing: only a stale form is told apart
                    data.setlist(setting.key, ["on"] if setting.default else [])
            elif stale or not data.get(setting.key):
                data[setting.key] = str(setting.default)
        data[SETTINGS_FOR] = ruleset
        return data

    def clean_time_zone(self) -> str:
        return self.cleaned_data["time_zone"] or DEFAULT_TIME_ZONE

    def league_settings(self) -> dict[str, bool | str]:
        return {setting.key: self.cleaned_data[setting.key] for setting in self.rules.settings}


class ArchiveForm(forms.Form):
    """Archive a league or bring it back (the button pressed says which), with the settings
    version the page was built on."""

    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def clean(self):
        super().clean()
        cleaned = self.cleaned_data
        if cleaned.get("version") is None:
            raise forms.ValidationError(gettext(NO_SETTINGS_VERSION))
        if ("archive" in self.data) == ("restore" in self.data):
            raise forms.ValidationError(gettext(ARCHIVE_OR_RESTORE))
        cleaned["archived"] = "archive" in self.data
        return cleaned


class RestoreForm(forms.Form):
    """A league's backup file (league/backup/), to make the league from."""

    backup = forms.FileField(
        label=_("Backup file"),
        help_text=_("The JSON file a league's Download a backup gave (paddock-…json)."),
        error_messages={"required": _("Choose the backup file to restore the league from.")},
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )
    # Made with the page: the same upload posted twice (a double tap) is one restore.
    once = forms.CharField(
        widget=forms.HiddenInput, required=False, max_length=64, initial=secrets.token_urlsafe
    )


class TimeZoneForm(forms.Form):
    """The league's time zone, with the settings version the page was built on."""

    time_zone = forms.ChoiceField(choices=time_zone_choices, label=_("Time zone"))
    version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
