"""The form of a league brought in from its spreadsheet (league/spreadsheet/)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from ..models import League, ruleset_choices

ACCEPT = ".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
# As the services' LEAGUE_EXISTS begins, the preview saying what to do instead.
NAME_TAKEN = gettext_noop(
    "You already run a league called {name!r}: choose another name for this one."
)


class SpreadsheetImportForm(forms.Form):
    """A new league's name and rule set, and the roster file to make its teams and drivers
    from."""

    name = forms.CharField(max_length=100, label=_("Name"))
    ruleset = forms.ChoiceField(choices=ruleset_choices, label=_("Rule set"))
    roster = forms.FileField(
        label=_("Roster (CSV or XLSX)"),
        help_text=_(
            "One row a driver: team, driver, and their career where the rule set keeps "
            "careers. The template below shows the columns. A workbook with a sheet named 'Past "
            "seasons' beside its 'Roster' sheet brings both."
        ),
        error_messages={
            "required": _("Choose the roster file (CSV or XLSX) to bring the league in from."),
            "empty": _("The file is empty: its first row names the columns (see the template)."),
        },
        widget=forms.ClearableFileInput(attrs={"accept": ACCEPT}),
    )
    results = forms.FileField(
        label=_("Past seasons (CSV or XLSX, optional)"),
        required=False,
        help_text=_(
            "One row a driver's result: season, round, track, team, driver, place, out, "
            "points. Every season but the last is over; the last races on."
        ),
        widget=forms.ClearableFileInput(attrs={"accept": ACCEPT}),
    )

    def __init__(self, *args, organiser, **kwargs):
        super().__init__(*args, **kwargs)
        self.organiser = organiser

    def clean_name(self) -> str:
        """A name the organiser's leagues do not have yet: said at the preview, rather than
        the Create button taking them to the league of that name they run already."""
        name = self.cleaned_data["name"].strip()
        if League.objects.filter(organiser_id=self.organiser.pk, name__iexact=name).exists():
            raise forms.ValidationError(gettext(NAME_TAKEN).format(name=name))
        return name
