"""The race hooks of Formula D's shape, read from tables: a handler per event kind and the prompts
of each phase, the first pending check asked on its own, the tables' own errors refusing the
event, and each event applied advancing the state's clock. Formula D's hooks and its variants'
(RBB, Mini, Death) subclass it over their own setup and state, with their own tables."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TypeVar

from rules.engine.contract import CarResult, CarView, DamageMarker, RaceSetup
from rules.engine.events import Event, EventRejected, Prompt
from rules.engine.variant import RuleSet
from rules.formula_d.race.shape import StateT
from rules.formula_d.race.state import Marker
from rules.language import gettext as _
from rules.language import ngettext

SetupT = TypeVar("SetupT", bound=RaceSetup)

# What applying an event of one kind does, to a state of the rule set's own type.
Handler = Callable[[StateT, Event, Prompt], StateT]


class TableHooks(RuleSet[SetupT, StateT]):
    """`handlers` by event kind, `phase_prompts` by the state's phase; `first_check` builds the
    prompt of the first pending check (phase "checks"), `car_views` the dashboard and
    `car_results` the places, from the rule set's own modules."""

    handlers: Mapping[str, Handler[StateT]]
    phase_prompts: Mapping[str, Callable[[StateT], tuple[Prompt, ...]]]
    first_check: Callable[[StateT], Prompt]
    car_views: Callable[[StateT], tuple[CarView, ...]]
    car_results: Callable[[StateT], tuple[CarResult, ...]]

    def prompts(self, state: StateT) -> tuple[Prompt, ...]:
        return self.phase_prompts[state.phase](state)

    def next_prompt(self, state: StateT) -> Prompt | None:
        if state.phase == "checks" and state.pending:
            return self.first_check(state)
        return super().next_prompt(state)

    def handle(self, state: StateT, event: Event, prompt: Prompt) -> StateT:
        try:
            handled = self.handlers[prompt.kind](state, event, prompt)
        except EventRejected:
            raise
        except ValueError as refusal:  # the tables' own errors (a die face, a WP short...)
            raise EventRejected(str(refusal)) from None
        return replace(handled, clock=state.clock + 1)

    def dashboard(self, state: StateT) -> tuple[CarView, ...]:
        return self.car_views(state)

    def results(self, state: StateT) -> tuple[CarResult, ...]:
        return self.car_results(state)

    def damage_markers(self, state: StateT) -> tuple[DamageMarker, ...]:
        """The markers of a state that keeps them (Formula D, RBB, Death; Mini's leaves none)."""
        markers: tuple[Marker, ...] = getattr(state, "markers", ())
        return tuple(DamageMarker(marker.key, marker.car, marker.round) for marker in markers)

    def grid(self, state: StateT) -> tuple[str, ...]:
        return state.grid

    def round_of(self, state: StateT) -> int:
        return state.round

    def status(self, state: StateT) -> str:
        where = (
            _("Round {round}").format(round=state.round) if state.round else _("Before the start")
        )
        laps = state.setup.laps
        return ngettext(
            "{where} · a race of {laps} lap", "{where} · a race of {laps} laps", laps
        ).format(where=where, laps=laps)
