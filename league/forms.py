"""Forms of the league pages. They parse input; the services decide what the rules allow."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from django import forms
from django.http import QueryDict
from django.urls import reverse

from rules.championship import Championship, championship_for, track_fact

from . import team_colours
from .models import League, Role, Team, Track, ruleset_choices
from .time_zones import DEFAULT_TIME_ZONE, time_zone_choices

if TYPE_CHECKING:
    pass


ARCHIVE_OR_RESTORE = "Press Archive or Restore."


NO_SETTINGS_VERSION = (
    "This form does not say which version of the league's settings it was built on: reload the "
    "page."
)


NO_SETUP_VERSION = (
    "This form does not say which version of the season's setup it was built on: reload the page."
)


SCHEDULE_GAP = (
    "Pick the races in order from race 1, leaving none empty: "
    "a race's number sets its points and healing weeks."
)


SETTINGS_FOR = "settings_for"


class LeagueForm(forms.Form):
    """A new league: its name, its rule set, and that rule set's league settings (the fields
    follow the rule set picked: `ruleset` is the one shown)."""

    name = forms.CharField(max_length=100)
    ruleset = forms.ChoiceField(choices=ruleset_choices, label="Rule set", required=False)

    time_zone = forms.ChoiceField(
        choices=time_zone_choices,
        required=False,
        initial=DEFAULT_TIME_ZONE,
        help_text="Where its races are played: session times are typed and shown in it.",
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
                    required=False, label=setting.label, initial=setting.default
                )
            else:
                self.fields[name] = forms.ChoiceField(
                    choices=setting.choices, initial=setting.default, label=setting.label
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
            raise forms.ValidationError(NO_SETTINGS_VERSION)
        if ("archive" in self.data) == ("restore" in self.data):
            raise forms.ValidationError(ARCHIVE_OR_RESTORE)
        cleaned["archived"] = "archive" in self.data
        return cleaned


class RestoreForm(forms.Form):
    """A league's backup file (league/backup/), to make the league from."""

    backup = forms.FileField(
        label="Backup file",
        help_text="The JSON file a league's Download a backup gave (paddock-…json).",
        error_messages={"required": "Choose the backup file to restore the league from."},
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )
    # Made with the page: the same upload posted twice (a double tap) is one restore.
    once = forms.CharField(
        widget=forms.HiddenInput, required=False, max_length=64, initial=secrets.token_urlsafe
    )


class PointsTableForm(forms.Form):
    """A league's points table: one of its rule set's presets (a button each), or the table as
    typed; with the settings version the page was built on."""

    preset = forms.ChoiceField(required=False)
    table = forms.CharField(
        required=False,
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 3}),
        label="Points by place",
        help_text="From 1st place down, e.g. 25-18-15-12-10-8-6-4-2-1; places past the last "
        "score nothing. A row per field size starts '6 cars:', one row a line.",
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
            raise forms.ValidationError(NO_SETTINGS_VERSION)
        if not cleaned.get("preset") and not cleaned.get("table", "").strip():
            raise forms.ValidationError("Pick a preset or write the table.")
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
                label=number.label, min_value=number.low, max_value=number.high
            )

    def clean(self):
        super().clean()
        cleaned = self.cleaned_data
        if cleaned.get("version") is None:
            raise forms.ValidationError(NO_SETUP_VERSION)
        return cleaned

    def setup(self) -> dict[str, int]:
        return {key: value for key, value in self.cleaned_data.items() if key != "version"}


class TeamForm(forms.Form):
    name = forms.CharField(max_length=80, label="Team name")

    def __init__(self, *args, cars_per_team: int = 2, **kwargs):
        super().__init__(*args, **kwargs)
        for number in range(1, cars_per_team + 1):
            self.fields[f"driver_{number}"] = forms.CharField(
                max_length=80, label=f"Driver {number}"
            )

    def driver_names(self) -> list[str]:
        return [value for name, value in self.cleaned_data.items() if name.startswith("driver_")]


class HireForm(forms.Form):
    name = forms.CharField(max_length=80, label="Rookie's name")


class RookieForm(forms.Form):
    """A rookie hired from a round's starters form, for one of the league's teams."""

    team = forms.ModelChoiceField(queryset=Team.objects.none(), label="Team", empty_label=None)
    name = forms.CharField(max_length=80, label="Rookie's name")

    def __init__(self, *args, league, **kwargs):
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["team"]).queryset = league.teams.all()
        self.fields["team"].widget.attrs["class"] = "form-select"


class HomeTrackForm(forms.Form):
    """A driver's home track, where the rule set has home tracks (RBB); blank for none."""

    home_track = forms.ModelChoiceField(
        queryset=Track.objects.all(), required=False, label="Home track"
    )


class DriverCardForm(forms.Form):
    """A driver's card for road races: a skill of the rule set's and the WP of every zone (all
    blank: the car the race would give it). The rules check the card."""

    def __init__(self, *args, rules, **kwargs):
        super().__init__(*args, **kwargs)
        self.zones = rules.driver_card_zones
        self.fields["skill"] = forms.ChoiceField(
            choices=(("", "No skill"), *rules.driver_card_skills), required=False, label="Skill"
        )
        self.fields["skill"].widget.attrs["class"] = "form-select"
        for zone in self.zones:
            self.fields[zone.key] = forms.IntegerField(
                required=False,
                min_value=zone.low,
                max_value=zone.high,
                label=f"{zone.label} WP",
            )

    def card(self) -> dict[str, object]:
        """The card as posted, for the service; call once the form is valid."""
        return {key: value for key, value in self.cleaned_data.items() if value not in (None, "")}

    @classmethod
    def of(cls, driver, data=None) -> DriverCardForm:
        """The form for `driver`'s card, filled with the card it has (or `data`, posted)."""
        rules = driver.team.league.rules
        return cls(data, rules=rules, initial=dict(driver.driver_card))


class TrackForm(forms.Form):
    """A track for the list. A name already there is left to services.track_create, which
    tells a second tap (the same track again) from a clash (another track of that name)."""

    name = forms.CharField(max_length=80)
    number = forms.IntegerField(
        required=False, min_value=0, max_value=32767, help_text=Track.number.field.help_text
    )
    weather_table = forms.CharField(
        max_length=120,
        required=False,
        label=track_fact("weather_table").label,
        help_text=Track.weather_table.field.help_text,
    )
    weather_chart = forms.CharField(
        max_length=120,
        required=False,
        label=track_fact("weather_chart").label,
        help_text=Track.weather_chart.field.help_text,
    )


class SeasonForm(forms.Form):
    """A sample schedule, or up to nine tracks picked race by race. Picking a schedule shows its
    tracks in the races' fields (htmx reloads the form, `sample_tracks` giving them); changing
    one of them there makes the season a schedule of its own on the tracks shown."""

    ruleset = forms.ChoiceField(
        choices=ruleset_choices,
        label="Rule set",
        required=False,
        help_text="The rules the season is run on: the league's, or another for this season "
        "on (teams and drivers carry over where the new rules have them).",
    )
    preset = forms.ChoiceField(
        required=False,
        label="Sample schedule",
        help_text="Pick a sample schedule, or leave it on custom and pick the tracks below.",
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
        cast(forms.ChoiceField, self.fields["preset"]).choices = [("", "— custom —")] + [
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
                label=f"Race {number}" + (f" ({points}x points)" if points > 1 else ""),
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
            raise forms.ValidationError("Pick a sample schedule or at least one track.")
        if self._races()[: len(tracks)] != tracks:
            raise forms.ValidationError(SCHEDULE_GAP)
        return cleaned


class MemberRoleForm(forms.Form):
    """A member's role, or an invitation's: an organiser, a referee, or the owner of one of the
    league's teams, picked in one list ("team:<id>")."""

    ORGANISER = "organiser"
    REFEREE = "referee"
    TEAM = "team:"

    role = forms.ChoiceField(label="Role")
    # A member's form: the choice the page showed for them (a tab beaten to it is told so).
    shown = forms.CharField(max_length=40, required=False)

    def __init__(self, *args, league, teams=None, **kwargs):
        """`teams`: the league's, when a page shows one form a member and has read them."""
        super().__init__(*args, **kwargs)
        teams = league.teams.all() if teams is None else teams
        self.teams = {str(team.pk): team for team in teams}
        choices = [
            (self.REFEREE, "Referee: runs races, enters and confirms results"),
            (self.ORGANISER, "Organiser: may do everything"),
        ]
        choices += [(self.TEAM + pk, f"Team owner of {team}") for pk, team in self.teams.items()]
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

    name = forms.CharField(max_length=80, label="Team name")
    shown = forms.CharField(max_length=80, required=False, widget=forms.HiddenInput)

    @classmethod
    def of(cls, team, *, refused: Sequence[str] = ()) -> TeamRenameForm:
        """The form of `team` as it stands; with the reasons a write was `refused` for, if
        any (a stale tab's, shown on the form built afresh)."""
        return _with_reasons(cls, {"name": team.name, "shown": team.name}, refused)

    def shown_name(self) -> str | None:
        """The name the page showed, or None from a post that does not say (a script)."""
        return self.cleaned_data["shown"] or None


class TimeZoneForm(forms.Form):
    """The league's time zone, with the settings version the page was built on."""

    time_zone = forms.ChoiceField(choices=time_zone_choices, label="Time zone")
    version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)


class TeamColourForm(forms.Form):
    """The team's colour, one of the palette's (league/team_colours.py): laid out by hand in
    team.html, each choice beside its swatch."""

    colour = forms.ChoiceField(choices=team_colours.CHOICES, label="Team colour")
    # Compared, not chosen: a colour no longer in the palette is simply not the team's now.
    shown = forms.CharField(max_length=20, required=False)

    @classmethod
    def of(cls, team, *, refused: Sequence[str] = ()) -> TeamColourForm:
        """As TeamRenameForm.of."""
        return _with_reasons(cls, {"colour": team.colour, "shown": team.colour}, refused)

    def shown_colour(self) -> str | None:
        """The colour the page showed, or None from a post that does not say."""
        return self.cleaned_data["shown"] or None


class TrackCopyForm(forms.Form):
    """A copy of a track for its asker, and optionally one of the leagues they organise whose
    rounds to come race on it."""

    league = forms.ModelChoiceField(
        queryset=League.objects.none(),
        required=False,
        label="For",
        empty_label="Just a copy for me",
        help_text="The league's rounds on this track not yet started race on the copy.",
    )

    def __init__(self, *args, track: Track, user, **kwargs):
        super().__init__(*args, **kwargs)
        organised = (
            League.objects.filter(archived_at__isnull=True)
            .filter(memberships__user_id=user.pk, memberships__role=Role.ORGANISER)
            .filter(seasons__rounds__track=track)
            .distinct()
        )
        cast(forms.ModelChoiceField, self.fields["league"]).queryset = organised
        self.fields["league"].widget.attrs["class"] = "form-select"
