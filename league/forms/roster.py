"""The forms of a driver's roster changes on their page: a career corrected, a transfer, a new
name, a release or a retirement. Each carries what the page showed (`shown_*`), so a change
made meanwhile on another tab or device is told apart from a double tap."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from ..models import Driver, Team
from ..services.roster import CAREER_BOUNDS

# A new driver hired by the team left, in the same step: Season Pass's rookie in an empty seat
# (Selecting Drivers, New Drivers), any rule set's new driver.
ROOKIE = forms.CharField(
    max_length=80,
    required=False,
    label=_("Hire a rookie in the seat (optional)"),
    help_text=_("Their name: a new driver (age 1, 0 XP where careers are kept) for the team left."),
)

REASON = forms.CharField(
    max_length=200,
    label=_("Why"),
    help_text=_("Kept with the change and shown on the driver's page."),
)


CAREER_LABELS = {
    "age": _("Age (seasons)"),
    "xp": _("Career XP"),
    "prior_injuries": _("Prior injuries"),
    "races_to_miss": _("Races still to miss"),
}


def _whole(name: str) -> forms.IntegerField:
    low, high = CAREER_BOUNDS[name]
    return forms.IntegerField(min_value=low, max_value=high, label=CAREER_LABELS[name])


class CareerForm(forms.Form):
    age = _whole("age")
    xp = _whole("xp")
    prior_injuries = _whole("prior_injuries")
    races_to_miss = _whole("races_to_miss")
    reason = REASON
    shown_age = forms.IntegerField(widget=forms.HiddenInput, required=False)
    shown_xp = forms.IntegerField(widget=forms.HiddenInput, required=False)
    shown_prior_injuries = forms.IntegerField(widget=forms.HiddenInput, required=False)
    shown_races_to_miss = forms.IntegerField(widget=forms.HiddenInput, required=False)

    @classmethod
    def of(cls, driver: Driver) -> CareerForm:
        values = {name: getattr(driver, name) for name in CAREER_BOUNDS}
        return cls(initial={**values, **{f"shown_{name}": v for name, v in values.items()}})

    def career(self) -> dict[str, int]:
        return {name: self.cleaned_data[name] for name in CAREER_BOUNDS}

    def shown(self) -> dict[str, int] | None:
        shown = {name: self.cleaned_data[f"shown_{name}"] for name in CAREER_BOUNDS}
        return None if None in shown.values() else shown


class TransferForm(forms.Form):
    team = forms.ModelChoiceField(queryset=Team.objects.none(), label=_("To the team"))
    reason = forms.CharField(max_length=200, required=False, label=_("Why (optional)"))
    rookie = ROOKIE
    shown_team = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, driver: Driver, **kwargs):
        kwargs.setdefault("initial", {"shown_team": driver.team_id})
        super().__init__(*args, **kwargs)
        team = self.fields["team"]
        assert isinstance(team, forms.ModelChoiceField)
        team.queryset = driver.team.league.teams.exclude(pk=driver.team_id).order_by("name")
        team.widget.attrs["class"] = "form-select"


class RenameForm(forms.Form):
    name = forms.CharField(max_length=80, label=_("New name"))
    shown_name = forms.CharField(widget=forms.HiddenInput, required=False)

    @classmethod
    def of(cls, driver: Driver) -> RenameForm:
        return cls(initial={"name": driver.name, "shown_name": driver.name})


class LeaveForm(forms.Form):
    """A release or a retirement: which, by the button pressed."""

    reason = REASON
    rookie = ROOKIE
