"""The turn page's words (issue 32, "the table, second look"): what the strip's marks mean, said
under it; no pit words where a format has no pit stops; Mini's and RBB's log lines in words as
Formula D's are; the finish fact asked as the spaces still to reach the line."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.races.test_turn_templates import Page

pytestmark = pytest.mark.django_db


def test_the_strip_s_marks_and_cut_names_are_said_under_it(client_organiser, race):
    page = client_organiser.get(reverse("races:turn", kwargs={"race_id": race.pk})).text
    legend = Page(page).text("strip-legend")
    for words in ("L2: 2 laps done", "P in the pits", "X out", "F finished", "name cut"):
        assert words in legend
