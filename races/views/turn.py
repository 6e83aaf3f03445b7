"""The turn page: parse the request, call a service, render. Refusals come back as 4xx with
the reason on the page; a stale page (someone else entered first) gets a 409 and the fresh panel.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_noop, ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods
from django_htmx.http import retarget

from config.languages import league_language
from league.models import RUNS_RACES, role_read, role_sees
from league.services.errors import LEAGUE_READ_ONLY, LeagueArchived
from league.services.results import round_table_commit
from league.views.results import committed
from rules.engine import Event, RaceState

from ..models import Race
from ..reads.log_words import in_readers_words
from ..reads.turn_panel import entered_panel, turn_panel, undone_panel
from ..services.entries import (
    Entered,
    StaleRace,
    race_event_apply,
    race_state,
    race_undo,
    race_undo_last,
    undo_target,
)
from .common import (
    BAD_REQUEST,
    CONFLICT,
    NOTHING_NEW,
    HtmxHttpRequest,
    no_race,
    not_a_referee,
    race_or_404,
    require_referee,
    seen_race,
    shown_race,
    shows_odds,
    unchanged_since,
)

NO_VERSION = gettext_noop(
    "This form does not say which version of the race it was built on: reload the page."
)


NO_SUCH_EVENT = gettext_noop("There is no such entry in this race's log to take back.")


def took_back_to(count: int, seq: int) -> str:
    """The message after taking back `count` events from entry #`seq`, in the reader's language."""
    words = ngettext(
        "Took back {count} event, from #{seq} on: the race asks again for entry #{seq}.",
        "Took back {count} events, from #{seq} on: the race asks again for entry #{seq}.",
        count,
    )
    return words.format(count=count, seq=seq)


NOT_A_PAIR = gettext_noop(
    "This tap should name a choice and a die's face, as {name}: reload the page."
)


# Form keys that are not the event's data.
LISTS = "_lists"


COUNTS = "_counts"


# A face in a gear's row is a button named for both fields, "gear:roll", valued "3:6": the gear
# and the die tapped with it.
PAIR = ":"


# A redo posts the events an undo took back as the prompt's form would, the roll tapped with
# the choice (a gear's row of faces) as `redo_then`.
REDO_THEN = "redo_then"


NOT_EVENT_DATA = frozenset(
    {
        "csrfmiddlewaretoken",
        "version",
        "kind",
        "undo",
        "redo",
        "commit",
        "back_to",
        REDO_THEN,
        LISTS,
        COUNTS,
    }
)


def _panel_context(
    request: HttpRequest, race: Race, panel, *, can_referee: bool, entered_here: bool = False
) -> dict[str, Any]:
    """What the turn page's partials read. What htmx swaps in ignores taps for a moment
    (`guarded`): the finger that tapped may still be coming down on it. The bar says "Entered"
    only in the answer to this page's own entry (`entered_here`); elsewhere (a page load, a tap
    refused because another device was first, a take-back) it names the latest entry as such."""
    return {
        "race": race,
        "turn_url": race.get_absolute_url(),  # every form on the page posts here
        "panel": panel,
        "can_referee": can_referee,
        "entered_here": entered_here,
        "guarded": bool(getattr(request, "htmx", False)),
        # The gear prompt links to the odds for the corner ahead where the league shows them.
        "show_odds": shows_odds(race),
    }


def _render_turn(
    request: HtmxHttpRequest,
    race: Race,
    *,
    state: RaceState | None = None,
    errors=(),
    posted=None,
    status: int = 200,
    can_referee: bool | None = None,
    refused_at: str = "entry",
    taken=(),
    entered_here: bool = False,
) -> HttpResponse:
    league = race.round.season.league
    if can_referee is None:
        can_referee = league.can_referee(request.user)
    panel = turn_panel(
        race, state=state, errors=errors, posted=posted, refused_at=refused_at, taken=taken
    )
    context = _panel_context(
        request, race, panel, can_referee=can_referee, entered_here=entered_here
    )
    context.update(round=race.round, season=race.round.season, league=league)
    template = "races/turn.html"
    if request.htmx:
        # A post's answer also empties the messages the last page left (#turn-messages).
        template += "#panel-answer" if request.method == "POST" else "#panel"
    return render(request, template, context, status=status)


@never_cache
@require_http_methods(["GET", "POST"])
def turn(request: HtmxHttpRequest, race_id: int) -> HttpResponse:
    if request.method == "GET":
        if request.htmx and unchanged_since(request, race_id):
            return HttpResponse(status=NOTHING_NEW)  # a spectator's poll: nothing to swap
        race, can_referee = shown_race(request, race_id)
        return _render_turn(request, race, can_referee=can_referee)
    # An entry needs the snapshot and who may referee, nothing more: every query saved here
    # is saved on each roll entered at the table. One who may not see the league is answered
    # as if there were no race, from the same one query (their role is read with the race).
    found = Race.objects.for_entry(race_id, viewer=request.user)
    if found is None:
        raise no_race(request)
    race = found
    league = race.round.season.league
    role = role_read(
        request.user,
        organiser_id=league.organiser_id,
        membership_role=race.viewer_role,
    )
    if not role_sees(role, published=league.published):
        raise no_race(request)
    league_language(request, league)  # as its page was (not before: a hidden league says none)
    if role not in RUNS_RACES:
        raise not_a_referee(request)
    if league.is_archived:
        raise LeagueArchived(gettext(LEAGUE_READ_ONLY).format(league=league.name))
    try:
        return _act(request, race)
    except StaleRace as conflict:
        return _render_turn(
            request,
            race_or_404(race_id),
            errors=conflict.messages,
            status=CONFLICT,
            refused_at="race",
        )
    except ValidationError as refusal:
        # The refused values stay on the form, next to the reason, to be corrected; an undo's
        # or a redo's reason stands in the bar, a commit's above the result.
        post = request.POST
        posted = dict(post.lists())
        refused_at = "race" if "commit" in post else "undo" if {"undo", "redo"} & set(post) else ""
        return _render_turn(
            request,
            race_or_404(race_id),
            errors=refusal.messages,
            posted=posted,
            status=BAD_REQUEST,
            refused_at=refused_at or "entry",
        )


def _act(request: HtmxHttpRequest, race: Race) -> HttpResponse:
    """Do what the pressed button asks; only a referee gets here."""
    post = request.POST
    try:
        version = int(post.get("version", ""))
    except ValueError:
        raise ValidationError(gettext(NO_VERSION)) from None
    if "commit" in post:
        race = race_or_404(race.pk)
        round_table_commit(round_=race.round, expected_race_version=version)
        return committed(request, race.round)
    if "undo" in post:
        back_to = _back_to(post)
        # The page shows the snapshot read here when it was built on this version: then only
        # what the undo changed is swapped, as after an entry.
        before = race_state(race) if race.version == version else None
        if back_to is not None:
            count = race.seq - back_to + 1
            state = race_undo(race=race, expected_version=version, back_to=back_to)
            if not request.htmx:
                words = took_back_to(count, back_to)
                messages.info(request, words)
                return redirect(race)
            return _render_turn(request, race_or_404(race.pk), state=state, can_referee=True)
        undone = race_undo_last(race=race, expected_version=version)
        if not request.htmx:
            taken = "; ".join(t for _k, _p, t in undone.taken)
            messages.info(request, gettext("Took back: {taken}").format(taken=taken))
            return redirect(race)
        if before is None or not race.seq:
            return _render_turn(
                request,
                race_or_404(race.pk),
                state=undone.state,
                can_referee=True,
                taken=undone.taken,
            )
        panel = undone_panel(race, before=before, undone=undone)
        context = _panel_context(request, race, panel, can_referee=True)
        return retarget(render(request, "races/turn.html#undone", context), "#prompt")
    event, then = event_from_post(post), tapped_with(post) or post.get(REDO_THEN) or None
    before = race_state(race)
    entered = race_event_apply(
        race=race, event=event, expected_version=version, who=request.user, state=before, then=then
    )
    return _entered(request, race, before, entered)


def _entered(
    request: HtmxHttpRequest, race: Race, before: RaceState, entered: Entered
) -> HttpResponse:
    """The answer to an entry made: only what it changed, swapped into the page."""
    if not request.htmx:
        if entered.left_out:
            messages.warning(request, entered.left_out)
        return redirect(race)
    if not entered.prompts:  # the race is over: the panel shows the result
        return _render_turn(
            request, race_or_404(race.pk), state=entered.state, can_referee=True, entered_here=True
        )
    panel = entered_panel(race=race, before=before, entered=entered)
    context = _panel_context(request, race, panel, can_referee=True, entered_here=True)
    return retarget(render(request, "races/turn.html#entered", context), "#prompt")


def _back_to(post: QueryDict) -> int | None:
    """The event an undo from the log takes back to (with every later one); None: the last."""
    value = post.get("back_to")
    if not value:
        return None
    try:
        return int(value)
    except ValueError:
        raise ValidationError(gettext(NO_SUCH_EVENT)) from None


def event_from_post(post: QueryDict) -> Event:
    """The event a prompt form submits. Fields the form lists in `_lists` (cars, an order) are
    lists, empty when nothing is ticked ("none of the cars"); a count in `_counts` is its chip,
    or the larger value typed in the box after the chips; a field left out of the event takes
    its default."""
    # In the order the form lists them (not a set's, which differs from one worker to the
    # next): the event's words in the log follow its data's order.
    lists, counts = dict.fromkeys(post.getlist(LISTS)), dict.fromkeys(post.getlist(COUNTS))
    data: dict[str, Any] = {
        key: values if len(values) > 1 else values[0]
        for key, values in post.lists()
        if key not in NOT_EVENT_DATA and key not in lists and key not in counts and PAIR not in key
    }
    for key, value in _pairs(post):
        data[key.split(PAIR)[0]] = value.split(PAIR)[0]
    for key in lists:
        data[key] = [value for value in post.getlist(key) if value]
    for key in counts:
        given = [value for value in post.getlist(key) if value.strip()]
        if given:
            data[key] = given[-1]
    return Event(kind=post.get("kind", ""), data=data)


def tapped_with(post: QueryDict) -> str | None:
    """The die's face tapped with a choice (a face in a gear's row), if the tap was one."""
    pairs = _pairs(post)
    return pairs[0][1].split(PAIR)[1] if pairs else None


def _pairs(post: QueryDict) -> list[tuple[str, str]]:
    """The "choice:die" key posted, with its "choice:face" value; refused if malformed."""
    pairs = [(key, post.get(key) or "") for key in post if PAIR in key]
    for key, value in pairs:
        if len(pairs) > 1 or key.count(PAIR) != 1 or value.count(PAIR) != 1:
            raise ValidationError(gettext(NOT_A_PAIR).format(name=key))
    return pairs


@never_cache
@login_required
@require_GET
def undo_back_to(request: HttpRequest, race_id: int, seq: int) -> HttpResponse:
    """Ask first before taking the race back to before entry `seq` (with every later event)."""
    race = seen_race(request, race_id)
    require_referee(request, race.round.season.league)
    target = undo_target(race, seq)
    if target is None or race.is_committed:
        raise Http404(gettext(NO_SUCH_EVENT))
    latest = race.events.defer("state_before").filter(seq=race.seq).first()
    for event in (target, latest):  # each in the reader's words
        if event is not None:
            in_readers_words(race.pk, [event])
    context = {
        "race": race,
        "round": race.round,
        "season": race.round.season,
        "league": race.round.season.league,
        "target": target,
        "taken_back": race.seq - target.seq + 1,
        "latest": latest,
    }
    return render(request, "races/undo_back_to.html", context)
