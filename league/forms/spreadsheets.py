"""The form of a league brought in from its spreadsheet (league/spreadsheet/)."""

from __future__ import annotations

from django import forms

from ..models import League, ruleset_choices
from ..services.leagues import LEAGUE_EXISTS

ACCEPT = ".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
NAME_TAKEN = LEAGUE_EXISTS.split(":")[0] + ": choose another name for this one."


class SpreadsheetImportForm(forms.Form):
    """A new league's name and rule set, and the roster file to make its teams and drivers
    from."""

    name = forms.CharField(max_length=100)
    ruleset = forms.ChoiceField(choices=ruleset_choices, label="Rule set")
    roster = forms.FileField(
        label="Roster (CSV or XLSX)",
        help_text="One row a driver: team, driver, and their career where the rule set keeps "
        "careers. The template below shows the columns. A workbook with a sheet named 'Past "
        "seasons' beside its 'Roster' sheet brings both.",
        error_messages={
            "required": "Choose the roster file (CSV or XLSX) to bring the league in from.",
            "empty": "The file is empty: its first row names the columns (see the template).",
        },
        widget=forms.ClearableFileInput(attrs={"accept": ACCEPT}),
    )
    results = forms.FileField(
        label="Past seasons (CSV or XLSX, optional)",
        required=False,
        help_text="One row a driver's result: season, round, track, team, driver, place, out, "
        "points. Every season but the last is over; the last races on.",
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
            raise forms.ValidationError(NAME_TAKEN.format(name=name))
        return name
