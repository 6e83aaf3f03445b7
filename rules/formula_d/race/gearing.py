"""The gear prompt's pieces, in Formula D's words: what a change costs in words, the choices
offered, the prompt itself and reading the gear entered. RBB and Mini build their gear prompts
from them, with their own costs and notes where their documents differ. A car here is Formula
D's or a variant's shaped like it (shape.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.dice import InvalidRoll, gear_written
from rules.engine.events import EventRejected, Field, Prompt
from rules.engine.pieces import name, plural
from rules.formula_d import GearChangeCost, Zone, elimination
from rules.formula_d.car import wp_text
from rules.formula_d.race.common import gear_name, label
from rules.formula_d.race.shape import FormulaDLikeCar, FormulaDLikeState, SheetCar
from rules.language import gettext as _
from rules.language import gettext_noop as N_


def cost_text(cost: GearChangeCost) -> str:
    parts = [wp_text(zone, points) for zone, points in cost.losses.items() if points]
    if not parts:
        return _("free")
    if len(parts) == 1:
        return parts[0]
    return _("{some} and {last}").format(some=", ".join(parts[:-1]), last=parts[-1])


def cost_choice(gear: int, cost: GearChangeCost, engine_left: int) -> str:
    """A gear as the prompt offers it: "3rd (1 gearbox WP)"; its last engine WP says so."""
    text = cost_text(cost)
    if cost.engine and cost.engine >= engine_left:
        text += _(": its last engine WP, eliminated")
    return _("{gear} ({cost})").format(gear=gear_name(gear), cost=text)


def wear_refusal(car: SheetCar, cost: GearChangeCost, skipped: int) -> str | None:
    """Why `car` may not skip `skipped` gears at `cost`: it has not the gearbox or brake WP to pay;
    None if it has."""
    short = [zone for zone in (Zone.GEARBOX, Zone.BRAKES) if cost.losses[zone] > car.sheet[zone]]
    if not short:
        return None
    left = [wp_text(zone, car.sheet[zone]) for zone in short]
    has = left[0] if len(left) == 1 else _("{some} and {last}").format(some=left[0], last=left[1])
    return _("Skipping {gears} costs {cost}; {car} has {left} left.").format(
        gears=plural(skipped, "gear"), cost=cost_text(cost), car=name(car.car), left=has
    )


def keeps_racing(car: SheetCar, cost: GearChangeCost) -> bool:
    """Whether `car` is still racing once it has paid `cost` (its last engine WP puts it out)."""
    return not any(cost.losses.values()) or elimination(car.sheet, cost.losses) is None


def gear_prompt(
    state: FormulaDLikeState,
    car: FormulaDLikeCar,
    choices: Sequence[tuple[int, str]],
    default: int,
    notes: Sequence[str],
    ask: str = N_("choose a gear"),
    rolled: Mapping[int, Field] | None = None,
) -> Prompt:
    """The prompt to choose `car`'s gear: `choices` are the legal gears, each with its cost in
    words; `notes` say what limits it. `rolled`: the gears whose move asks for the die at once,
    nothing coming between, each with the die's field (`Prompt.then`); by default none."""
    field = Field(
        "gear",
        _("Gear"),
        "choice",
        choices=tuple((str(gear), text) for gear, text in choices),
        default=str(default),
    )
    text = _("Round {round}: {car} in {gear}").format(
        round=state.round, car=label(state, car.car), gear=gear_name(car.gear)
    )
    text += (f" ({'; '.join(notes)})" if notes else "") + f": {_(ask)}"
    then = tuple((str(gear), die) for gear, die in (rolled or {}).items())
    return Prompt("gear", text, car.car, (field,), then)


def gear_entered(data: Mapping[str, Any]) -> int:
    """The gear an event names, refused unless written as the prompt's choices write it
    (rules.dice.gear_written)."""
    try:
        return gear_written(data.get("gear"))
    except InvalidRoll as refusal:
        raise EventRejected(str(refusal)) from None
