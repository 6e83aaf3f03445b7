"""What the table sees of a Death race: Formula D's scorecard with the car's damage points in
place of its car body WP, and its cards in the note (reload tokens, mines)."""

from __future__ import annotations

from rules.death.cards import WEAPON
from rules.death.race.common import has
from rules.death.race.state import OUT_REASONS, DeathState
from rules.engine.contract import CarResult, CarView, Column
from rules.engine.pieces import car_view, dashboard_keys
from rules.formula_d.race import standings as formula_d
from rules.formula_d.race.flow import running_order
from rules.formula_d.race.state import OUT_REASONS as FORMULA_D_OUT_REASONS
from rules.formula_d.race.state import CarState
from rules.language import gettext as _
from rules.language import gettext_noop as N_
from rules.language import ngettext

# Formula D's scorecard, the car's damage points where its car body WP were.
COLUMNS = tuple(
    Column("damage", N_("Dmg"), N_("Damage points left")) if column.key == "body" else column
    for column in formula_d.COLUMNS
)


def cards_note(state: DeathState, key: str) -> str:
    """ "Forward MG ready, Rear Laser (1 reload); Light Armour; Nitros"."""
    arms = state.arms(key)
    if not arms.entered:
        return _("cards not chosen yet")
    weapons = []
    for weapon, tokens, mines in zip(arms.weapons, arms.reloads, arms.mines, strict=True):
        held = (
            ngettext(" ({count} mine)", " ({count} mines)", mines).format(count=mines)
            if mines
            else ""
        )
        held = _(" (its mine on the track)") if arms.remote and WEAPON[weapon].remote else held
        ready = (
            ngettext("({count} reload)", "({count} reloads)", tokens).format(count=tokens)
            if tokens
            else _("ready")
        )
        weapons.append(f"{weapon}{held} {ready}")
    cards = [
        ", ".join(weapons),
        arms.defence or _("no defence"),
        arms.utility or _("no utility"),
    ]
    if arms.most != state.setup.damage:
        cards.append(_("maximum damage {most}").format(most=arms.most))
    return "; ".join(cards)


def note(state: DeathState, car: CarState) -> str:
    reason = car.out_reason
    if reason is not None and reason in OUT_REASONS and reason not in FORMULA_D_OUT_REASONS:
        return _(OUT_REASONS[reason])
    said = formula_d.note(state, car)
    if not car.racing:
        return said
    if car.spun and has(state, car.car, "Turn Table"):
        said = said.replace(_(formula_d.SPUN_NOTE), _("spun: Turn Table, pulls away in 2nd or 1st"))
    return "; ".join(part for part in (cards_note(state, car.car), said) if part)


def _view(state: DeathState, car: CarState) -> CarView:
    values = {**formula_d.sheet_values(car), "damage": state.arms(car.car).damage}
    if not state.arms(car.car).entered:
        values["damage"] = state.setup.damage
    return car_view(state, car, COLUMNS, values, note(state, car))


def dashboard(state: DeathState) -> tuple[CarView, ...]:
    # The Attack Phase's standing, once confirmed, is the order the board shows till the next
    # round's order of play is set.
    running = state.order or state.standing or running_order(state) or state.car_keys
    placed = formula_d.finishers(state) + formula_d.eliminated(state)
    return tuple(_view(state, state.car(key)) for key in dashboard_keys(state, running, placed))


def results(state: DeathState) -> tuple[CarResult, ...]:
    keys = formula_d.finishers(state) + formula_d.eliminated(state)
    return tuple(
        formula_d.car_result(state.car(key), place, note(state, state.car(key)))
        for place, key in enumerate(keys, start=1)
    )
