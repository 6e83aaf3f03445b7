"""The admin: a window onto the league data for the site's superusers.

Results and season ends are written by league/services.py, which keeps the rules; the admin is
for looking and for fixing names and typos, so the entries of a round are shown read-only and
history cannot be deleted here: a round with entries, a season with an end report, or anything
holding them is protected (on_delete=PROTECT), and the admin says so instead of deleting.
"""

from __future__ import annotations

from django.contrib import admin

from .models import (
    Driver,
    Entry,
    HouseRules,
    League,
    Membership,
    PointsAdjustment,
    Profile,
    Round,
    Season,
    SeasonEndChange,
    Team,
    Track,
)
from .services.common import leagues_changed


class ChangesLeagues(admin.ModelAdmin):
    """An edit in the admin is a write to the leagues that show what it edits, as a service's
    is: their data versions move on (league/reads/page_parts.py), in the edit's own transaction.
    `leagues`: the path from a row of the model to its leagues."""

    leagues = "league"

    def _leagues_of(self, rows):
        return League.objects.filter(pk__in=rows.values(self.leagues))

    def save_model(self, request, obj, form, change) -> None:
        super().save_model(request, obj, form, change)
        leagues_changed(self._leagues_of(self.model.objects.filter(pk=obj.pk)))

    def delete_model(self, request, obj) -> None:
        leagues = list(self._leagues_of(self.model.objects.filter(pk=obj.pk)))
        super().delete_model(request, obj)
        leagues_changed(League.objects.filter(pk__in=[league.pk for league in leagues]))

    def delete_queryset(self, request, queryset) -> None:
        leagues = list(self._leagues_of(queryset))
        super().delete_queryset(request, queryset)
        leagues_changed(League.objects.filter(pk__in=[league.pk for league in leagues]))


@admin.register(Track)
class TrackAdmin(ChangesLeagues):
    leagues = "rounds__season__league"
    list_display = ["name", "number", "weather_table"]
    search_fields = ["name"]
    ordering = ["name"]


class TeamInline(admin.TabularInline):
    model = Team
    fields = ["name"]
    extra = 0
    show_change_link = True


class MembershipInline(admin.TabularInline):
    model = Membership
    fields = ["user", "role", "team"]
    raw_id_fields = ["user", "team"]
    extra = 0


@admin.register(League)
class LeagueAdmin(ChangesLeagues):
    leagues = "pk"
    list_display = ["name", "ruleset", "organiser", "settings", "created", "archived_at"]
    list_filter = ["ruleset", ("archived_at", admin.EmptyFieldListFilter)]
    list_select_related = ["organiser"]
    search_fields = ["name", "slug", "organiser__username"]
    prepopulated_fields = {"slug": ["name"]}
    raw_id_fields = ["organiser"]
    date_hierarchy = "created"
    inlines = [MembershipInline, TeamInline]

    def save_related(self, request, form, formsets, change) -> None:
        super().save_related(request, form, formsets, change)
        # Every organiser is a member, the lead one too.
        Membership.objects.ensure_organiser(
            league=form.instance, user_id=form.instance.organiser_id
        )

    def get_readonly_fields(self, request, obj=None):
        # A league's history is of its rule set: switching it would mix two in one history and
        # leave settings the new one does not have.
        kept = ("settings_version", "data_version")
        return ("ruleset", *kept) if obj is not None else kept


class RoundInline(admin.TabularInline):
    model = Round
    fields = ["number", "track", "multiplier", "extra_healing", "status", "finished_at"]
    readonly_fields = ["status", "finished_at"]
    extra = 0
    show_change_link = True


@admin.register(Season)
class SeasonAdmin(ChangesLeagues):
    list_display = ["__str__", "league", "number", "ruleset", "preset", "ended_at"]
    list_filter = ["league", "ruleset", "preset"]
    list_select_related = ["league"]
    search_fields = ["league__name"]
    # Its rounds, setup and results are of its rule set: changed only by opening it again under
    # another (league/services/rule_sets.py), which makes them anew.
    readonly_fields = ["ruleset", "ended_at"]
    inlines = [RoundInline]


class EntryInline(admin.TabularInline):
    """A round's starters and results: written by the services, only shown here."""

    model = Entry
    readonly_fields = (
        "place",
        "driver",
        "team",
        "car",
        "level",
        "finished",
        "out_reason",
        "distance",
        "overshoot",
        "damage",
        "injury_rolls",
        "severity",
        "points",
        "xp_change",
        "injured",
        "dead",
    )
    fields = readonly_fields
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Round)
class RoundAdmin(ChangesLeagues):
    leagues = "season__league"
    list_display = [
        "__str__",
        "season",
        "number",
        "track",
        "multiplier",
        "extra_healing",
        "status",
        "finished_at",
    ]
    list_filter = ["status", "extra_healing", "multiplier", "season__league"]
    list_select_related = ["season__league", "track"]
    search_fields = ["track__name", "season__league__name"]
    readonly_fields = ["status", "finished_at", "run_at_table", "version"]
    inlines = [EntryInline]


class DriverInline(admin.TabularInline):
    model = Driver
    fields = ["name", "age", "xp", "prior_injuries", "races_to_miss", "status"]
    extra = 0
    show_change_link = True


@admin.register(Team)
class TeamAdmin(ChangesLeagues):
    list_display = ["name", "league"]
    list_filter = ["league"]
    list_select_related = ["league"]
    search_fields = ["name", "league__name"]
    inlines = [DriverInline]


@admin.register(Driver)
class DriverAdmin(ChangesLeagues):
    leagues = "team__league"
    list_display = [
        "name",
        "team",
        "age",
        "xp",
        "level",
        "prior_injuries",
        "races_to_miss",
        "status",
    ]
    list_filter = ["status", "age", "team__league"]
    list_select_related = ["team__league"]
    search_fields = ["name", "team__name"]
    readonly_fields = ["hired"]

    @admin.display(description="level")
    def level(self, driver: Driver) -> str:
        return driver.level


@admin.register(Entry)
class EntryAdmin(ChangesLeagues):
    leagues = "round__season__league"
    list_display = [
        "driver",
        "team",
        "round",
        "car",
        "level",
        "place",
        "finished",
        "out_reason",
        "points",
        "xp_change",
        "severity",
        "injured",
        "dead",
    ]
    list_filter = ["finished", "out_reason", "injured", "dead", "round__season__league"]
    list_select_related = ["driver", "team", "round__track"]
    search_fields = ["driver__name", "team__name", "car", "round__track__name"]
    raw_id_fields = ["round", "driver", "team"]

    def has_delete_permission(self, request, obj=None) -> bool:
        # An entry carries XP, points and injuries already written into its driver's career.
        return False


@admin.register(PointsAdjustment)
class PointsAdjustmentAdmin(ChangesLeagues):
    leagues = "season__league"
    list_display = ["season", "driver", "team", "round", "points", "reason", "made_at"]
    list_filter = ["season__league"]
    list_select_related = ["season__league", "driver", "team", "round"]
    search_fields = ["driver__name", "team__name", "reason"]
    raw_id_fields = ["season", "round", "driver", "team", "made_by"]


@admin.register(SeasonEndChange)
class SeasonEndChangeAdmin(ChangesLeagues):
    leagues = "season__league"
    list_display = [
        "driver",
        "season",
        "age_before",
        "age_after",
        "xp_before",
        "xp_after",
        "races_to_miss_before",
        "races_to_miss_after",
        "retired",
    ]
    list_filter = ["retired", "season__league"]
    list_select_related = ["driver", "season__league"]
    search_fields = ["driver__name", "driver__team__name"]
    raw_id_fields = ["season", "driver"]

    def has_delete_permission(self, request, obj=None) -> bool:
        # The season's end already aged, healed and retired the driver.
        return False


@admin.register(HouseRules)
class HouseRulesAdmin(ChangesLeagues):
    list_display = ["league", "version", "updated"]
    list_select_related = ["league"]
    readonly_fields = ["league", "version", "updated"]

    def has_add_permission(self, request) -> bool:
        return False  # written on the league's house rules page, by its organiser


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    """What a person chose beside their account: the language the site speaks to them. Kept in
    their session at login (config/languages.py): a change here counts from their next login."""

    list_display = ["user", "language"]
    list_filter = ["language"]
    list_select_related = ["user"]
    search_fields = ["user__username"]
    raw_id_fields = ["user"]
