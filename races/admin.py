from django.contrib import admin

from .models import Race, RaceEvent


class RaceEventInline(admin.TabularInline):
    model = RaceEvent
    extra = 0
    fields = ["seq", "kind", "payload", "who", "when"]
    readonly_fields = fields
    can_delete = False


@admin.register(Race)
class RaceAdmin(admin.ModelAdmin):
    list_display = ["__str__", "round__season", "seq", "created", "finished_at"]
    list_filter = ["round__season__league"]
    list_select_related = ["round__season__league", "round__track"]
    readonly_fields = ["seq", "created"]
    inlines = [RaceEventInline]


@admin.register(RaceEvent)
class RaceEventAdmin(admin.ModelAdmin):
    list_display = ["race", "seq", "kind", "who", "when"]
    list_filter = ["kind"]
    list_select_related = ["race__round__track", "who"]
    search_fields = ["kind"]
