"""The turn page's tags: each places a piece that races/markup.py writes, from the page's context
(the race, its panel, the turn page's address, whether the one asking referees, the CSRF token,
and `oob` when the piece is sent out of band)."""

from django import template
from django.utils.safestring import SafeString

from races import markup

register = template.Library()


@register.simple_tag(takes_context=True)
def prompt_card(context) -> SafeString:
    """The prompt asked now (the race's panel has one), with its form for a referee."""
    panel = context["panel"]
    return markup.prompt_card(
        panel.form,
        notices=panel.notices,
        queued=panel.queued,
        turn_url=context["turn_url"],
        version=context["race"].version,
        csrf_token=context.get("csrf_token"),
        can_referee=context["can_referee"],
    )


@register.simple_tag(takes_context=True)
def status_line(context) -> SafeString:
    return markup.status_line(
        context["panel"].status, context["race"].seq, oob=context.get("oob", False)
    )


@register.simple_tag(takes_context=True)
def undo_form(context) -> SafeString:
    """The undo button, for a referee of a race with an entry to take back and not committed."""
    race, panel = context["race"], context["panel"]
    may_undo = context["can_referee"] and race.seq and not race.is_committed
    return markup.undo_form(
        last_entry=panel.last_entry if may_undo else None,
        turn_url=context["turn_url"],
        version=race.version,
        csrf_token=context.get("csrf_token"),
        oob=context.get("oob", False),
    )
