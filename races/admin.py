from django.contrib import admin
from django.db.models import F, Q

from .models import Race, RaceEvent
from .models.rulings import Ruling


class RaceEventInline(admin.TabularInline):
    model = RaceEvent
    extra = 0
    readonly_fields = ("seq", "kind", "payload", "who", "when")
    fields = readonly_fields
    can_delete = False

    def get_queryset(self, request):
        return super().get_queryset(request).defer("state_before")  # a snapshot each


@admin.register(Race)
class RaceAdmin(admin.ModelAdmin):
    list_display = ["__str__", "round__season", "seq", "created", "finished_at"]
    list_filter = ["round__season__league"]
    list_select_related = ["round__season__league", "round__track"]
    # The snapshot, the log and the round's mode move together through races/services/entries.py:
    # editing or deleting one here would leave the others telling another story.
    readonly_fields = ["round", "setup", "state", "seq", "version", "created", "finished_at"]
    inlines = [RaceEventInline]

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(RaceEvent)
class RaceEventAdmin(admin.ModelAdmin):
    list_display = ["race", "seq", "kind", "who", "when"]
    list_filter = ["kind"]
    list_select_related = ["race__round__track", "who"]
    search_fields = ["kind"]
    readonly_fields = ["race", "seq", "kind", "payload", "who", "when"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Ruling)
class RulingAdmin(admin.ModelAdmin):
    """A ruling's words may be corrected here; what it is about may not."""

    list_display = ["race", "round", "event", "text", "heading", "made"]
    list_select_related = ["race__round__track", "event"]
    search_fields = ["text", "heading"]
    readonly_fields = ["race", "round", "event", "seq", "entry", "made_by", "made"]

    def get_queryset(self, request):
        # Only the rulings whose entry is still in the log (races/models/rulings.py).
        return (
            super()
            .get_queryset(request)
            .filter(Q(event__race_id=F("race_id")) | Q(race__isnull=True))
        )

    def has_add_permission(self, request) -> bool:
        return False  # attached at the table, to the entry just made
