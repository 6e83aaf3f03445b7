"""Setting the Schedule: nine races a season, their points multipliers and extra healing weeks."""

from __future__ import annotations

from rules.championship import ScheduledTrack, SeasonPreset
from rules.language import gettext as _

ROUNDS_PER_SEASON = 9
DOUBLE_POINTS_ROUNDS = (1, 5)
TRIPLE_POINTS_ROUNDS = (9,)
EXTRA_HEALING_ROUNDS = (5, 9)


class InvalidRound(ValueError):
    """A round number outside the nine races of a season."""


def _check_round(round_number: int) -> int:
    if not 1 <= round_number <= ROUNDS_PER_SEASON:
        raise InvalidRound(
            _(
                "There is no race {round_number}: a season consists of {rounds_per_season} races."
            ).format(round_number=round_number, rounds_per_season=ROUNDS_PER_SEASON)
        )
    return round_number


def round_multiplier(round_number: int) -> int:
    """Points multiplier: the first and fifth races score 2x, the ninth 3x, the rest 1x."""
    _check_round(round_number)
    if round_number in TRIPLE_POINTS_ROUNDS:
        return 3
    if round_number in DOUBLE_POINTS_ROUNDS:
        return 2
    return 1


def extra_healing_before(round_number: int) -> bool:
    """ "Before the fifth and ninth races, injured drivers get an extra week of healing.\""""
    return _check_round(round_number) in EXTRA_HEALING_ROUNDS


def _season(name: str, *tracks: tuple[str, int]) -> SeasonPreset:
    return SeasonPreset(name, tuple(ScheduledTrack(track, number) for track, number in tracks))


# The sample schedule for three seasons, race 1 to race 9, names and numbers as printed
# (including the document's spellings "Zeltwig" and "Ekhart-Lake").
SAMPLE_SCHEDULE: tuple[SeasonPreset, ...] = (
    _season(
        "Spring",
        ("Imola", 6),
        ("Monza", 8),
        ("Nürburgring", 22),
        ("Hockenheim", 15),
        ("Barcelona", 18),
        ("Estoril", 9),
        ("Silverstone", 12),
        ("Spa-Francorchamps", 4),
        ("Monaco", 1),
    ),
    _season(
        "Summer",
        ("Atlanta", 29),
        ("Watkins Glen", 11),
        ("Lexington", 28),
        ("Detroit", 27),
        ("Montreal", 13),
        ("Ekhart-Lake", 25),
        ("Portland", 24),
        ("Long Beach", 14),
        ("Laguna Seca", 23),
    ),
    _season(
        "Fall",
        ("Budapest", 21),
        ("Zeltwig", 16),
        ("Zhuhai", 31),
        ("Suzuka", 19),
        ("Sepang", 32),
        ("Melbourne", 20),
        ("Kyalami", 5),
        ("Buenos Aires", 17),
        ("Interlagos", 10),
    ),
)
