"""The form of a member's role, or an invitation's."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..models import Role

if TYPE_CHECKING:
    pass


class MemberRoleForm(forms.Form):
    """A member's role, or an invitation's: an organiser, a referee, or the owner of one of the
    league's teams, picked in one list ("team:<id>")."""

    ORGANISER = "organiser"
    REFEREE = "referee"
    TEAM = "team:"

    role = forms.ChoiceField(label=_("Role"))
    # A member's form: the choice the page showed for them (a tab beaten to it is told so).
    shown = forms.CharField(max_length=40, required=False)

    def __init__(self, *args, league, teams=None, **kwargs):
        """`teams`: the league's, when a page shows one form a member and has read them."""
        super().__init__(*args, **kwargs)
        teams = league.teams.all() if teams is None else teams
        self.teams = {str(team.pk): team for team in teams}
        choices = [
            (self.REFEREE, gettext("Referee: runs races, enters and confirms results")),
            (self.ORGANISER, gettext("Organiser: may do everything")),
        ]
        choices += [
            (self.TEAM + pk, gettext("Team owner of {team}").format(team=team))
            for pk, team in self.teams.items()
        ]
        cast(forms.ChoiceField, self.fields["role"]).choices = choices
        self.fields["role"].widget.attrs["class"] = "form-select"

    @classmethod
    def value_of(cls, membership) -> str:
        """The choice that stands for `membership`'s role now."""
        if membership.team_id is not None:
            return f"{cls.TEAM}{membership.team_id}"
        return cls.ORGANISER if membership.role == Role.ORGANISER else cls.REFEREE

    def role_and_team(self):
        """(role, team or None) as the services take them, for a valid form."""
        return self._role_and_team(self.cleaned_data["role"])

    def shown_role(self) -> tuple[str, int | None] | None:
        """The (role, team id) the page showed, as the services take it; None from a post that
        does not say, or says what no choice is (a team gone since: the role changes anyway)."""
        value = self.cleaned_data["shown"]
        if value in (self.REFEREE, self.ORGANISER) or value.removeprefix(self.TEAM) in self.teams:
            role, team = self._role_and_team(value)
            return role, team.pk if team else None
        return None

    def _role_and_team(self, value: str):
        if value == self.REFEREE:
            return Role.REFEREE, None
        if value == self.ORGANISER:
            return Role.ORGANISER, None
        return Role.TEAM_OWNER, self.teams[value.removeprefix(self.TEAM)]
