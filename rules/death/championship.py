"""How a Formula... Death! league is run: Formula D's league (a season of races on the
organiser's tracks, two laps or three, the same points) with the cards' distribution, Random or
Pick, as the league's setting (a round may switch it), and each car's damage points as the
season's setup.

Rulings (docs/rulings.md, "Formula... Death!"):
- Points: the document gives none; a Death league scores as a Formula D league does.
- Damage points: the document counts damage without saying how much a car has; the preset is
  10, the organiser's season setup 4 to 30.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Never

from rules.championship import (
    DRIVER_ADJUSTMENTS_FOR_TEAM_SETTING,
    GEAR_ODDS_SETTING,
    Championship,
    Setting,
    SetupNumber,
)
from rules.death.loadout import DISTRIBUTIONS, RANDOM
from rules.death.race.state import (
    BOTH_ROLL,
    DAMAGE_POINTS,
    MOVER_ROLLS,
    OUT_REASONS,
    RAMMED_ROLLS,
)
from rules.formula_d.championship import (
    LAPS_SETTING,
    LAST_TIRE_WP,
    MOST_ROUNDS,
    RACE_LENGTH,
    FormulaDChampionship,
    last_tire_wp_options,
)
from rules.formula_d.rounds import RACE_LAPS
from rules.language import gettext_noop as N_

DISTRIBUTION_SETTING = "distribution"

# Who rolls for collision when a car ends directly behind another (docs/rulings.md, "Collision
# rolls behind: the Ram Spike and Heavy Armour (Rear)"): the values of DeathSetup.behind_rolls.
BEHIND_ROLLS_SETTING = "behind_rolls"
BEHIND_ROLLS = Setting(
    BEHIND_ROLLS_SETTING,
    N_("Collision rolls when a car ends directly behind another"),
    "choice",
    BOTH_ROLL,
    (
        (
            BOTH_ROLL,
            N_("both cars roll after a Ram Spike, and beside Heavy Armour (Rear) (as written)"),
        ),
        (RAMMED_ROLLS, N_("both cars roll after a Ram Spike; else only the car that moved")),
        (MOVER_ROLLS, N_("only the car that moved rolls, as in Formula D")),
    ),
    race_option=True,
    unset=RAMMED_ROLLS,  # leagues made before the setting keep racing as they did
)
DAMAGE_SETUP = "damage"
LEAST_DAMAGE, MOST_DAMAGE = 4, 30


class DeathChampionship(Championship[Never, Never]):
    name = "death"
    title = "Formula... Death!"
    settings = (
        Setting(
            DISTRIBUTION_SETTING,
            N_("Upgrade cards: dealt at random, or picked in turn from the last on the grid"),
            "choice",
            RANDOM,
            DISTRIBUTIONS,
            race_option=True,
        ),
        RACE_LENGTH,
        LAST_TIRE_WP,
        BEHIND_ROLLS,
        GEAR_ODDS_SETTING,
        DRIVER_ADJUSTMENTS_FOR_TEAM_SETTING,
    )
    most_rounds = MOST_ROUNDS
    race_format_option = LAPS_SETTING
    out_reasons = tuple(OUT_REASONS.items())
    # The document scores nothing: a Death league takes a Formula D league's presets.
    points_presets = FormulaDChampionship.points_presets
    season_setup = (
        SetupNumber(
            DAMAGE_SETUP,
            N_("Damage points each car starts with"),
            DAMAGE_POINTS,
            LEAST_DAMAGE,
            MOST_DAMAGE,
        ),
    )
    season_setup_title = N_("Damage points")
    season_note = N_(
        "A season is up to {races} races of two laps each (or three, as the league or a "
        "round says), on the tracks you pick, in race order; every race scores the same. Each "
        "race's cards are dealt or picked at the table once its grid is set."
    )

    def note_values(self) -> Mapping[str, object]:
        return {"races": MOST_ROUNDS}

    def cars_per_team(self, settings: Mapping[str, object]) -> int:
        """One car a player: the document's cards are each player's."""
        return 1

    def race_laps(self, settings: Mapping[str, object]) -> int:
        return int(str(settings.get(LAPS_SETTING, RACE_LAPS)))

    def race_options(
        self,
        *,
        weather_table: object,
        settings: Mapping[str, object] | None = None,
        season_setup: Mapping[str, int] | None = None,
        **_not_asked: object,  # what other rule sets' races take
    ) -> dict[str, object]:
        """The race's laps and how its cards are shared out (the round's settings), and the
        damage points every car starts with (the season's setup)."""
        settings = settings or {}
        options: dict[str, object] = {
            "laps": self.race_laps(settings),
            "distribution": str(settings.get(DISTRIBUTION_SETTING, RANDOM)),
        }
        options.update(last_tire_wp_options(settings))
        options["behind_rolls"] = str(BEHIND_ROLLS.value_in(settings))
        if season_setup and DAMAGE_SETUP in season_setup:
            options["damage"] = int(season_setup[DAMAGE_SETUP])
        return options
