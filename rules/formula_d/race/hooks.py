"""The race hooks of Formula D's shape, read from tables: a handler per event kind and the prompts
of each phase, the first pending check asked on its own, the tables' own errors refusing the
event, and each event applied advancing the state's clock. Formula D's hooks and its variants'
(RBB, Mini) subclass it with their own tables."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, ClassVar

from rules.engine.contract import CarResult, CarView
from rules.engine.events import Event, EventRejected, Prompt
from rules.engine.variant import RuleSet

Handler = Callable[[Any, Event, Prompt], Any]


class TableHooks(RuleSet):
    """`handlers` by event kind, `phase_prompts` by the state's phase; `first_check` builds the
    prompt of the first pending check (phase "checks"), `car_views` the dashboard and
    `car_results` the places, from the rule set's own modules."""

    handlers: ClassVar[Mapping[str, Handler]]
    phase_prompts: ClassVar[Mapping[str, Callable[[Any], tuple[Prompt, ...]]]]
    first_check: ClassVar[Callable[[Any], Prompt]]
    car_views: ClassVar[Callable[[Any], tuple[CarView, ...]]]
    car_results: ClassVar[Callable[[Any], tuple[CarResult, ...]]]

    def prompts(self, state: Any) -> tuple[Prompt, ...]:
        return self.phase_prompts[state.phase](state)

    def next_prompt(self, state: Any) -> Prompt | None:
        if state.phase == "checks" and state.pending:
            return self.first_check(state)
        return super().next_prompt(state)

    def handle(self, state: Any, event: Event, prompt: Prompt) -> Any:
        try:
            handled = self.handlers[prompt.kind](state, event, prompt)
        except EventRejected:
            raise
        except ValueError as refusal:  # the tables' own errors (a die face, a WP short...)
            raise EventRejected(str(refusal)) from None
        return replace(handled, clock=state.clock + 1)

    def dashboard(self, state: Any) -> tuple[CarView, ...]:
        return self.car_views(state)

    def results(self, state: Any) -> tuple[CarResult, ...]:
        return self.car_results(state)

    def status(self, state: Any) -> str:
        where = f"Round {state.round}" if state.round else "Before the start"
        return f"{where} · a race of {state.setup.laps} laps"
