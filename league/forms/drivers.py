"""The forms of a driver's page: their home track and their driver card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rules.language import gettext as said

from ..models import Track

if TYPE_CHECKING:
    pass


class HomeTrackForm(forms.Form):
    """A driver's home track, where the rule set has home tracks (RBB); blank for none."""

    home_track = forms.ModelChoiceField(
        queryset=Track.objects.all(), required=False, label=_("Home track")
    )


class DriverCardForm(forms.Form):
    """A driver's card for road races: a skill of the rule set's and the WP of every zone (all
    blank: the car the race would give it). The rules check the card."""

    def __init__(self, *args, rules, **kwargs):
        super().__init__(*args, **kwargs)
        self.zones = rules.driver_card_zones
        self.fields["skill"] = forms.ChoiceField(
            choices=(("", gettext("No skill")), *rules.driver_card_skills),
            required=False,
            label=gettext("Skill"),
        )
        self.fields["skill"].widget.attrs["class"] = "form-select"
        for zone in self.zones:
            self.fields[zone.key] = forms.IntegerField(
                required=False,
                min_value=zone.low,
                max_value=zone.high,
                label=said(zone.label),
            )

    def card(self) -> dict[str, object]:
        """The card as posted, for the service; call once the form is valid."""
        return {key: value for key, value in self.cleaned_data.items() if value not in (None, "")}

    @classmethod
    def of(cls, driver, data=None) -> DriverCardForm:
        """The form for `driver`'s card, filled with the card it has (or `data`, posted)."""
        rules = driver.team.league.rules
        return cls(data, rules=rules, initial=dict(driver.driver_card))
