"""The forms of a season's points adjustments and of which of its results count (the season's
Penalties and adjustments page, league/views/penalties.py)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import cast

from django import forms
from django.utils.translation import gettext_noop

from ..models import Driver, DropRule, Round, Season
from ..services.penalties import MOST_POINTS

NO_VERSION = gettext_noop(
    "This form does not say which version of the standings it was built on: reload."
)
SEASON = ""


class AdjustmentForm(forms.Form):
    """A penalty or a bonus: for whom (a driver or a team, "driver:7", "team:3"), in which
    round (or the season), how many points (below 0 a penalty), and why."""

    competitor = forms.ChoiceField(label="Driver or team")
    round = forms.TypedChoiceField(label="Round", coerce=int, empty_value=None, required=False)
    points = forms.IntegerField(
        label="Points (-5 takes five, +2 gives two)",
        min_value=-MOST_POINTS,
        max_value=MOST_POINTS,
    )
    reason = forms.CharField(max_length=200, label="Reason (shown publicly)", strip=True)
    version = forms.IntegerField(widget=forms.HiddenInput)

    def __init__(self, *args, drivers: Iterable[Driver], rounds: Sequence[Round], **kwargs):
        super().__init__(*args, **kwargs)
        drivers = list(drivers)
        teams = {driver.team_id: driver.team for driver in drivers}
        cast(forms.ChoiceField, self.fields["competitor"]).choices = [
            ("", "Choose…"),
            (
                "Drivers",
                [(f"driver:{d.pk}", f"{d.name} ({d.team.name})") for d in drivers],
            ),
            ("Teams", [(f"team:{team.pk}", team.name) for team in teams.values()]),
        ]
        cast(forms.ChoiceField, self.fields["round"]).choices = [
            (SEASON, "The season (no round)"),
            *((round_.number, f"Round {round_.number}, {round_.track.name}") for round_ in rounds),
        ]

    def competitor_ids(self) -> dict[str, int | None]:
        """{"driver_id": ..., "team_id": ...} from the chosen competitor."""
        kind, _colon, pk = self.cleaned_data["competitor"].partition(":")
        return {
            "driver_id": int(pk) if kind == "driver" else None,
            "team_id": int(pk) if kind == "team" else None,
        }


class DropsForm(forms.Form):
    """Which of the season's results count, and how countback and a dropped round's
    adjustments are read."""

    rule = forms.ChoiceField(label="Which results count", choices=DropRule.choices, required=False)
    number = forms.IntegerField(label="N or K", min_value=0, max_value=99, required=False)
    countback_reads_dropped = forms.BooleanField(
        label="Countback reads the dropped rounds' places too", required=False
    )
    adjustments_dropped_with_round = forms.BooleanField(
        label="A round's penalty or bonus is dropped with its round", required=False
    )
    version = forms.IntegerField(widget=forms.HiddenInput)

    @classmethod
    def of(cls, season: Season) -> DropsForm:
        return cls(
            initial={
                "rule": season.drop_rule,
                "number": season.drop_number or None,
                "countback_reads_dropped": season.countback_reads_dropped,
                "adjustments_dropped_with_round": season.adjustments_dropped_with_round,
                "version": season.standings_version,
            }
        )
