"""The turn page's words (issue 32, "the table, second look"): what the strip's marks mean, said
under it; no pit words where a format has no pit stops; Mini's and RBB's log lines in words as
Formula D's are; the finish fact asked as the spaces still to reach the line."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from league.models import Driver
from league.services.seasons import season_open
from league.services.starts import round_start_at_table
from league.services.tracks import track_create
from races.reads.turn_panel import TurnPanel
from races.services.entries import race_state
from rules import engine
from rules import language as rules_language
from rules.dice import gear_die, values
from rules.engine import CarResult
from rules.formula_d.race.common import out_reason_words
from tests.races.autopilot import drive
from tests.races.test_formula_d_race import formula_d as formula_d  # noqa: F401  (the fixture)
from tests.races.test_turn_templates import Page

pytestmark = pytest.mark.django_db


def test_the_strip_s_marks_and_cut_names_are_said_under_it(client_organiser, race):
    page = client_organiser.get(reverse("races:turn", kwargs={"race_id": race.pk})).text
    legend = Page(page).text("strip-legend")
    for words in ("L2: 2 laps done", "P in the pits", "X out", "F finished", "name cut"):
        assert words in legend


def test_the_finish_is_asked_as_the_spaces_still_to_reach_the_line_with_a_key_for_each(
    client_organiser, formula_d
):
    """Formula D's move asks the spaces still needed to reach the line (the old "Crossed the
    line this move" read as a yes or no), a key for every count up to the gear's highest face:
    none is typed, as 6 and more were."""
    season = season_open(league=formula_d, tracks=[track_create(name="Keys Ring")])
    drivers = list(Driver.objects.order_by("pk"))
    race = round_start_at_table(
        round_=season.rounds.get(),
        starters=list(zip(drivers, ("red", "blue", "green"), strict=True)),
    )
    while not (
        (asked := engine.prompts(state := race_state(race))[0]).kind == "move"
        and state.car(asked.car).gear >= 3
    ):
        drive(race, 1, seed=race.seq)
    top = max(values(gear_die(state.car(asked.car).gear)))
    page = client_organiser.get(reverse("races:turn", kwargs={"race_id": race.pk})).text
    assert "Spaces still to reach the line, each lap" in page
    assert "Crossed the line this move" not in page
    for count in range(top + 1):
        assert f'for="f-finish-{count}"' in page, count
    assert f'for="f-finish-{top + 1}"' not in page


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_result_table_names_a_car_s_way_out_once_in_either_language(language):
    """A car out: the outcome column names its way out, and the note (the rules' words, in the
    same language) drops the part that repeats it. In French the outcome was compared in
    English with the French note, and the way out was said twice."""
    with translation.override(language), rules_language.speaking(language):
        way_out = out_reason_words("tires")
        out = CarResult(
            car="Red", place=2, finished=False, out_reason="tires", note=f"{way_out}; severity 1"
        )
        panel = TurnPanel(
            state=None, form=None, queued=(), columns=(), cars=(), events=[], results=(out,)
        )
        [(_result, _driver, outcome, note)] = panel.result_lines
    assert outcome.casefold() == way_out.casefold()
    assert note == "severity 1"
