"""Formula... Death! at the table: Formula D's race (rules.formula_d.race) as the Movement Phase,
each car's cards entered once the grid is set, and after every round an Attack Phase. Formula
D's handlers run the movement; these hooks add the cards, the attacks, and the damage the
document deals (rulings: docs/rulings.md, "Formula... Death!")."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields, replace

from rules.death.race import attack, explained, gears, moves, reloads, standings, upgrades, words
from rules.death.race.common import steady
from rules.death.race.state import (
    BEHIND_ROLLS,
    DAMAGE_POINTS,
    OUT_REASONS,
    RAMMED_ROLLS,
    Armoury,
    DeathSetup,
    DeathState,
)
from rules.engine.contract import Starter
from rules.engine.events import Event, EventRejected, Prompt
from rules.formula_d import RACE_LAPS
from rules.formula_d.race import PHASE_PROMPTS as FORMULA_D_PROMPTS
from rules.formula_d.race import FormulaDHooks, checks, grid, handlers_for
from rules.formula_d.race.flow import settle
from rules.formula_d.race.hooks import Handler
from rules.language import gettext as _

# The rolls Death deals with itself, in the Movement Phase or the Attack Phase, by the kind of
# the check owed: a damage marker's (Formula D's road handling roll) is a wreckage roll here.
OWN_CHECKS = {
    "collision_roll": moves.collision_prompt,
    "handling_roll": moves.wreckage_prompt,
    "blade_roll": attack.blade_prompt,
    reloads.RELOAD_SPREAD: reloads.reload_spread_prompt,
}


def first_check(state: DeathState) -> Prompt:
    check = state.pending[0]
    own = OWN_CHECKS.get(check.kind)
    return own(state, check) if own else checks.first_check_prompt(state)


def _after_check(handler: Handler[DeathState]) -> Handler[DeathState]:
    """A Death roll's handler, then on: the next attacker in an Attack Phase, else Formula D's
    settle (the next roll, or the next car to move)."""

    def on_roll(state: DeathState, event: Event, prompt: Prompt) -> DeathState:
        state = handler(state, event, prompt)
        if state.attacking:
            return steady(attack.next_attacker(state))
        return steady(settle(state))

    return on_roll


# By the kind of the prompt answered: Formula D's road handling roll is no prompt of Death's.
HANDLERS: Mapping[str, Handler[DeathState]] = {
    **{kind: on for kind, on in handlers_for(DeathState).items() if kind != "handling_roll"},
    "gear": gears.on_gear,
    "move": moves.on_move,
    "collision_roll": _after_check(moves.on_collision),
    moves.WRECKAGE_ROLL: _after_check(moves.on_wreckage),
    "blade_roll": _after_check(attack.on_blade),
    reloads.RELOAD_SPREAD: _after_check(reloads.on_reload_spread),
    "cards": upgrades.on_cards,
    "attack_order": attack.on_order,
    "attack": attack.on_attack,
    "aim": attack.on_aim,
    "screen_roll": attack.on_screen,
    "hit_roll": attack.on_hit,
    "reroll": attack.on_reroll,
}

PHASE_PROMPTS: Mapping[str, Callable[[DeathState], tuple[Prompt, ...]]] = {
    **FORMULA_D_PROMPTS,
    "gear": gears.gear_prompts,
    "move": moves.move_prompts,
    "cards": upgrades.cards_prompts,
    "attack_order": attack.order_prompts,
    "attack": attack.attack_prompts,
    "aim": attack.aim_prompts,
    "screen": attack.screen_prompts,
    "hit": attack.hit_prompts,
    "reroll": attack.reroll_prompts,
    "checks": lambda state: (first_check(state),) if state.pending else (),
}


class Death(FormulaDHooks[DeathSetup, DeathState]):
    name = "death"
    title = "Formula... Death!"
    setup_class = DeathSetup
    state_class = DeathState
    dashboard_columns = standings.COLUMNS
    facts_explained = explained.FACTS
    renamed_kinds = moves.RENAMED_KINDS
    handlers = HANDLERS
    phase_prompts = PHASE_PROMPTS
    first_check = staticmethod(first_check)
    car_views = staticmethod(standings.dashboard)
    car_results = staticmethod(standings.results)

    def setup(
        self,
        starters: Sequence[Starter],
        *,
        laps: int = RACE_LAPS,
        distribution: str = "random",
        damage: int = DAMAGE_POINTS,
        overshoot_by_more_out: bool = False,
        behind_rolls: str = RAMMED_ROLLS,
    ) -> DeathSetup:
        """Formula D's race of `laps` with the standard car; the cards `distribution` (random:
        entered as dealt, in grid order; pick: from the last on the grid), every car starting
        with `damage` points; Overshooting read as written (`overshoot_by_more_out`); who rolls
        for collision when a car ends directly behind another (`behind_rolls`)."""
        if behind_rolls not in BEHIND_ROLLS:
            raise EventRejected(
                _("Collision rolls behind: {behind_rolls!r} is no reading.").format(
                    behind_rolls=behind_rolls
                )
            )
        base = grid.make_setup(
            self.name, starters, laps=laps, overshoot_by_more_out=overshoot_by_more_out
        )
        values = {spec.name: getattr(base, spec.name) for spec in fields(base)}
        return DeathSetup(
            **values, distribution=distribution, damage=damage, behind_rolls=behind_rolls
        )

    def start(self, setup: DeathSetup) -> DeathState:
        base = grid.start_state(setup)
        values = {spec.name: getattr(base, spec.name) for spec in fields(base)}
        armoury = tuple(Armoury(car.car) for car in setup.cars)
        return DeathState(**values, armoury=armoury)

    def handle(self, state: DeathState, event: Event, prompt: Prompt) -> DeathState:
        after = super().handle(state, event, prompt)
        if not state.grid and after.grid and not all(a.entered for a in after.armoury):
            # The grid is set: the cards are chosen (Pick: "after determining position on the
            # starting grid"), before the start rolls.
            return replace(after, resume=after.phase, phase="cards")
        if after.round > state.round > 0 and not after.finished and not after.attacking:
            return attack.begin(after)
        return after

    def describe(self, before: DeathState, event: Event, after: DeathState) -> str:
        prompt = self.next_prompt(before)
        if prompt is None:
            return ""
        if event.kind == "cards":  # in words as entered: a slot left out is the proposal's
            event = Event(event.kind, upgrades.as_entered(before, event.data))
        return words.describe(before, event, prompt, after)

    def round_of(self, state: DeathState) -> int:
        """The Attack Phase after a round is that round's, as its prompts say ("Attack Phase of
        round 3"), though the state counts the next round already."""
        return state.round - 1 if _attack_phase(state) else state.round

    def status(self, state: DeathState) -> str:
        phase = _(" · Attack Phase") if _attack_phase(state) else ""
        return f"{super().status(state)}{phase}"


def _attack_phase(state: DeathState) -> bool:
    return state.attacking or state.phase == "attack_order"


__all__ = ["OUT_REASONS", "Death", "DeathSetup", "DeathState"]
