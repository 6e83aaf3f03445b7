"""Dice luck on the league's pages: a driver's (each season and their career) and a season's
luckiest and unluckiest, read off the dice each entry keeps (rules.dice_luck), one query a page
whatever the number of races; and each die's faces drawn as a small chart (the template draws
the SVG from the figures here).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import gettext, gettext_noop, ngettext

from config.wording import listed, per_cent
from rules.dice import die_name
from rules.dice_luck import (
    COLLISION,
    ENGINE,
    GEAR,
    INJURY,
    QUALIFYING,
    START,
    DieLuck,
    InvalidTally,
    Luck,
    luck,
    merged,
    score,
)

from ..models import Driver, Entry, Season

# The chart of one die's faces: a bar per value, its height the share of rolls that showed it,
# a tick where the die's own share is.
CHART_WIDTH, CHART_HEIGHT, CHART_TOP = 160, 48, 4
# Each season shown simulates its percentile (some 10-40 ms): the latest few, and the career.
SEASONS_SHOWN = 5


@dataclass(frozen=True)
class Bar:
    x: float
    width: float
    seen_y: float
    seen_height: float
    true_y: float
    right: float
    value: int
    seen: str
    true: str


@dataclass(frozen=True)
class DieLine:
    """One die as the page shows it: its rolls by purpose, its mean against the true one, and
    its chart."""

    die: str
    rolls: int
    purposes: str
    mean: str
    true_mean: str
    bars: tuple[Bar, ...]
    width: int = CHART_WIDTH
    height: int = CHART_HEIGHT


@dataclass(frozen=True)
class LuckView:
    title: str
    rolls: int
    percentile: int
    sentence: str
    dice: tuple[DieLine, ...]


def _share(part: Fraction) -> str:
    return per_cent(str(round(part * 100)))


def _decimal(value: Fraction) -> str:
    """A mean, two decimals, as the reader's language writes them (2.25; 2,25 in French)."""
    return number_format(float(value), 2)


def _bars(die: DieLuck) -> tuple[Bar, ...]:
    tallest = max(max(seen, true) for _value, seen, true in die.seen) or Fraction(1)
    slot = CHART_WIDTH / len(die.seen)
    room = CHART_HEIGHT - CHART_TOP
    bars = []
    for number, (value, seen, true) in enumerate(die.seen):
        seen_height = float(seen / tallest) * room
        bars.append(
            Bar(
                x=round(number * slot + slot * 0.1, 1),
                width=round(slot * 0.8, 1),
                seen_y=round(CHART_HEIGHT - seen_height, 1),
                seen_height=round(seen_height, 1),
                true_y=round(CHART_HEIGHT - float(true / tallest) * room, 1),
                right=round(number * slot + slot * 0.9, 1),
                value=value,
                seen=_share(seen),
                true=_share(true),
            )
        )
    return tuple(bars)


# The percentile in words, by the lowest percentile each sentence is said from (highest first).
VERDICTS = (
    (
        95,
        gettext_noop(
            "{percentile} in 100 runs of the same rolls with fair dice came out lower: very lucky "
            "dice."
        ),
    ),
    (
        75,
        gettext_noop(
            "{percentile} in 100 runs of the same rolls with fair dice came out lower: lucky dice."
        ),
    ),
    (
        26,
        gettext_noop(
            "{percentile} in 100 runs of the same rolls with fair dice came out lower: about as "
            "fair dice roll."
        ),
    ),
    (
        6,
        gettext_noop(
            "{percentile} in 100 runs of the same rolls with fair dice came out lower: unlucky "
            "dice."
        ),
    ),
    (
        0,
        gettext_noop(
            "{percentile} in 100 runs of the same rolls with fair dice came out lower: very "
            "unlucky dice."
        ),
    ),
)


def verdict(percentile: int) -> str:
    """The percentile in words, a sentence: how unusual the rolls were."""
    said = next(words for lowest, words in VERDICTS if percentile >= lowest)
    return gettext(said).format(percentile=percentile)


def rolls_for(purpose: str, count: int) -> str:
    """How many of a die's rolls were for `purpose`, in words ("12 rolls to move")."""
    if purpose == GEAR:
        said = ngettext("{count} roll to move", "{count} rolls to move", count)
    elif purpose == QUALIFYING:
        said = ngettext(
            "{count} roll for qualifying and the grid",
            "{count} rolls for qualifying and the grid",
            count,
        )
    elif purpose == START:
        said = ngettext("{count} roll at the start", "{count} rolls at the start", count)
    elif purpose == COLLISION:
        said = ngettext("{count} collision roll", "{count} collision rolls", count)
    elif purpose == ENGINE:
        said = ngettext("{count} roll for the engine", "{count} rolls for the engine", count)
    elif purpose == INJURY:
        said = ngettext("{count} injury roll", "{count} injury rolls", count)
    else:
        said = ngettext("{count} roll for another check", "{count} rolls for other checks", count)
    return said.format(count=count)


def luck_view(title: str, found: Luck) -> LuckView:
    """One luck as the page shows it, in the reader's language."""
    dice = tuple(
        DieLine(
            die=die_name(die.die.value),
            rolls=die.rolls,
            purposes=listed([rolls_for(purpose, count) for purpose, count in die.by_purpose]),
            mean=_decimal(die.mean),
            true_mean=_decimal(die.true_mean),
            bars=_bars(die),
        )
        for die in found.dice
    )
    return LuckView(title, found.rolls, found.percentile, verdict(found.percentile), dice)


def weighed(tally: dict) -> Luck | None:
    """The luck of `tally`; None where nothing was rolled, or where more rolls of a die were
    kept than a luck is worked out from (rules.dice_luck.MOST_ROLLS: a restored backup's
    counts, each within it, may add up past it over a career): no luck shown, not an error."""
    try:
        return luck(tally)
    except InvalidTally:
        return None


def driver_luck(driver: Driver) -> tuple[LuckView, ...]:
    """A driver's luck in the latest SEASONS_SHOWN seasons they rolled dice in, latest first,
    then their career (one query)."""
    by_season: dict[int, list[dict]] = {}
    for number, dice in (
        Entry.objects.filter(driver=driver)
        .exclude(dice={})
        .order_by("round__season__number")
        .values_list("round__season__number", "dice")
    ):
        by_season.setdefault(number, []).append(dice)
    views = []
    for number in sorted(by_season, reverse=True)[:SEASONS_SHOWN]:
        found = weighed(merged(by_season[number]))
        if found is not None:
            views.append(luck_view(gettext("Season {number}").format(number=number), found))
    career = weighed(merged(dice for tallies in by_season.values() for dice in tallies))
    if career is not None and len(views) > 1:
        views.append(luck_view(gettext("Career"), career))
    return tuple(views)


@dataclass(frozen=True)
class Named:
    name: str
    url: str
    percentile: int


def season_extremes(season: Season) -> tuple[Named, Named] | None:
    """The season's luckiest and unluckiest drivers by their dice (one query); None before two
    drivers have rolled any. Drivers are ranked by their luck score; only the two named are
    simulated for their percentile."""
    tallies: dict[int, list[dict]] = {}
    names: dict[int, str] = {}
    for driver_id, name, dice in (
        Entry.objects.filter(round__season=season)
        .exclude(dice={})
        .values_list("driver_id", "driver__name", "dice")
    ):
        tallies.setdefault(driver_id, []).append(dice)
        names[driver_id] = name
    scored = _ranked((driver_id, merged(dice)) for driver_id, dice in tallies.items())
    if len(scored) < 2:
        return None
    league = season.league
    named = []
    for driver_id, tally in (scored[0], scored[-1]):
        found = weighed(tally)
        if found is None:  # more rolls than a luck is worked out from
            return None
        url = reverse("league:driver", kwargs={"slug": league.slug, "driver_id": driver_id})
        named.append(Named(names[driver_id], url, found.percentile))
    return named[0], named[1]


def _ranked(tallies: Iterable[tuple[int, dict]]) -> list[tuple[int, dict]]:
    with_score = [(score(tally), driver_id, tally) for driver_id, tally in tallies]
    ranked = sorted(
        (found, driver_id, tally) for found, driver_id, tally in with_score if found is not None
    )
    return [(driver_id, tally) for _found, driver_id, tally in reversed(ranked)]
