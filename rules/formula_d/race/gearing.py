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
from rules.formula_d.race.common import gear_name, label
from rules.formula_d.race.shape import FormulaDLikeCar, FormulaDLikeState, SheetCar


def cost_text(cost: GearChangeCost) -> str:
    parts = [f"{points} {zone.value} WP" for zone, points in cost.losses.items() if points]
    if not parts:
        return "free"
    return " and ".join(parts) if len(parts) < 3 else ", ".join(parts[:-1]) + " and " + parts[-1]


def cost_choice(gear: int, cost: GearChangeCost, engine_left: int) -> str:
    """A gear as the prompt offers it: "3rd (1 gearbox WP)"; its last engine WP says so."""
    text = cost_text(cost)
    if cost.engine and cost.engine >= engine_left:
        text += ": its last engine WP, eliminated"
    return f"{gear_name(gear)} ({text})"


def wear_refusal(car: SheetCar, cost: GearChangeCost, skipped: int) -> str | None:
    """Why `car` may not skip `skipped` gears at `cost`: it has not the gearbox or brake WP to pay;
    None if it has."""
    short = [zone for zone in (Zone.GEARBOX, Zone.BRAKES) if cost.losses[zone] > car.sheet[zone]]
    if not short:
        return None
    return (
        f"Skipping {plural(skipped, 'gear')} costs {cost_text(cost)}; {name(car.car)} has "
        + " and ".join(f"{car.sheet[zone]} {zone.value} WP" for zone in short)
        + " left."
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
    ask: str = "choose a gear",
    rolled: Mapping[int, Field] | None = None,
) -> Prompt:
    """The prompt to choose `car`'s gear: `choices` are the legal gears, each with its cost in
    words; `notes` say what limits it. `rolled`: the gears whose move asks for the die at once,
    nothing coming between, each with the die's field (`Prompt.then`); by default none."""
    field = Field(
        "gear",
        "Gear",
        "choice",
        choices=tuple((str(gear), text) for gear, text in choices),
        default=str(default),
    )
    text = (
        f"Round {state.round}: {label(state, car.car)} in {gear_name(car.gear)}"
        + (f" ({'; '.join(notes)})" if notes else "")
        + f": {ask}"
    )
    then = tuple((str(gear), die) for gear, die in (rolled or {}).items())
    return Prompt("gear", text, car.car, (field,), then)


def gear_entered(data: Mapping[str, Any]) -> int:
    """The gear an event names, refused unless written as the prompt's choices write it
    (rules.dice.gear_written)."""
    try:
        return gear_written(data.get("gear"))
    except InvalidRoll as refusal:
        raise EventRejected(str(refusal)) from None
