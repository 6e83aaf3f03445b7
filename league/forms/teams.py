"""The forms of a team: making one, hiring a driver or a rookie, a new name, its colour."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..models import Team, team_colours

if TYPE_CHECKING:
    pass


class TeamForm(forms.Form):
    name = forms.CharField(max_length=80, label=_("Team name"))

    def __init__(self, *args, cars_per_team: int = 2, **kwargs):
        super().__init__(*args, **kwargs)
        for number in range(1, cars_per_team + 1):
            self.fields[f"driver_{number}"] = forms.CharField(
                max_length=80, label=gettext("Driver {number}").format(number=number)
            )

    def driver_names(self) -> list[str]:
        return [value for name, value in self.cleaned_data.items() if name.startswith("driver_")]


class HireForm(forms.Form):
    name = forms.CharField(max_length=80, label=_("Rookie's name"))


class RookieForm(forms.Form):
    """A rookie hired from a round's starters form, for one of the league's teams."""

    team = forms.ModelChoiceField(queryset=Team.objects.none(), label=_("Team"), empty_label=None)
    name = forms.CharField(max_length=80, label=_("Rookie's name"))

    def __init__(self, *args, league, **kwargs):
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["team"]).queryset = league.teams.all()
        self.fields["team"].widget.attrs["class"] = "form-select"


def _with_reasons(form_class, values: dict[str, str], refused: Sequence[str]):
    """A form of `values`: unbound (showing them), or bound to them with the reasons `refused`
    at its top."""
    if not refused:
        return form_class(initial=values)
    form = form_class(values)
    form.is_valid()
    for reason in refused:
        form.add_error(None, reason)
    return form


class TeamRenameForm(forms.Form):
    """A team's new name, laid out by crispy as every form (team.html), with the name the page
    showed (a tab that is beaten to it is told so)."""

    name = forms.CharField(max_length=80, label=_("Team name"))
    shown = forms.CharField(max_length=80, required=False, widget=forms.HiddenInput)

    @classmethod
    def of(cls, team, *, refused: Sequence[str] = ()) -> TeamRenameForm:
        """The form of `team` as it stands; with the reasons a write was `refused` for, if
        any (a stale tab's, shown on the form built afresh)."""
        return _with_reasons(cls, {"name": team.name, "shown": team.name}, refused)

    def shown_name(self) -> str | None:
        """The name the page showed, or None from a post that does not say (a script)."""
        return self.cleaned_data["shown"] or None


class TeamColourForm(forms.Form):
    """The team's colour, one of the palette's (league/models/team_colours.py): laid out by hand in
    team.html, each choice beside its swatch."""

    colour = forms.ChoiceField(choices=team_colours.CHOICES, label=_("Team colour"))
    # Compared, not chosen: a colour no longer in the palette is simply not the team's now.
    shown = forms.CharField(max_length=20, required=False)

    @classmethod
    def of(cls, team, *, refused: Sequence[str] = ()) -> TeamColourForm:
        """As TeamRenameForm.of."""
        return _with_reasons(cls, {"colour": team.colour, "shown": team.colour}, refused)

    def shown_colour(self) -> str | None:
        """The colour the page showed, or None from a post that does not say."""
        return self.cleaned_data["shown"] or None
