"""Who can still be champion: the most points a driver or a team can still score in the rounds
left, and who of the standings could still reach the leader (docs/rulings.md, "Who can still be
champion")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic

from rules.championship.adjustments import best_total
from rules.championship.points_table import PointsTable
from rules.championship.ranking import Key, StandingRow
from rules.language import gettext as _
from rules.language import ngettext

if TYPE_CHECKING:
    from rules.championship.hooks import Championship


@dataclass(frozen=True)
class RoundLeft:
    """A round of the season still to be raced: what its points are multiplied by, its format,
    and the table its teams score by where it is a team race (Championship.team_race_points)."""

    multiplier: int = 1
    race_format: str = ""
    team_table: PointsTable | None = None


def most_points_left(
    rules: Championship[Any, Any],
    settings: Mapping[str, object],
    rounds_left: Sequence[RoundLeft],
    *,
    field_size: int,
    cars: int = 1,
    teams: bool = False,
) -> int:
    """The most points a competitor of `cars` cars (a driver: 1; a team: its cars, with
    `teams`) can still score in `rounds_left`, each a race of `field_size` cars: its cars
    first, second, ... in every one, by the league's table (a team in a team race: the team
    race's) and each round's multiplier, with the most bonus points one car can take besides
    (docs/rulings.md, "Who can still be champion")."""
    return sum(
        most_points_each_round(
            rules, settings, rounds_left, field_size=field_size, cars=cars, teams=teams
        )
    )


def most_points_each_round(
    rules: Championship[Any, Any],
    settings: Mapping[str, object],
    rounds_left: Sequence[RoundLeft],
    *,
    field_size: int,
    cars: int = 1,
    teams: bool = False,
) -> tuple[int, ...]:
    """`most_points_left` round by round: what a drop-rounds season needs, since there the
    rounds left replace the worst results counted so far (`most_final_points`)."""
    if field_size < 1:
        return (0,) * len(rounds_left)

    def best(round_: RoundLeft) -> int:
        places = range(1, min(cars, field_size) + 1)
        if teams and round_.team_table is not None:
            return sum(round_.team_table.points(place, field_size) for place in places) * (
                round_.multiplier
            )
        return sum(
            rules.points_for(place, field_size, round_.multiplier, settings) for place in places
        ) + rules.most_bonus_points(round_.race_format)

    return tuple(best(round_) for round_ in rounds_left)


def most_final_points(
    results: Sequence[int | None],
    raced: Sequence[bool],
    fixed: int,
    best_left: Sequence[int],
    counted: int,
) -> int:
    """The most points a competitor can end a drop-rounds season on (only the best `counted`
    results count): its `results` in the rounds `raced`, the best possible in each round left
    (`best_left`), the best `counted` of those, and `fixed`, the adjustments that count
    whatever is dropped (docs/rulings.md, "Penalties, points adjustments and drop rounds")."""
    so_far = [points or 0 for points, was_raced in zip(results, raced, strict=True) if was_raced]
    return best_total([*so_far, *best_left], counted) + fixed


@dataclass(frozen=True)
class Contender(Generic[Key]):
    """A competitor who can still be champion: its points and how far behind the leader."""

    key: Key
    points: int
    behind: int  # points behind the leader


@dataclass(frozen=True)
class TitleRace(Generic[Key]):
    """Who can still be champion with `points_left` to race for: the leader first, then every
    competitor who could still reach the leader's points (level leaves it to countback)."""

    points_left: int
    contenders: tuple[Contender[Key], ...]
    out_of_it: int  # competitors who can no longer reach the leader

    @property
    def decided(self) -> bool:
        """The leader is champion whatever the rounds left bring."""
        return len(self.contenders) == 1

    def sentences(self, names: Mapping[Key, str], *, most: int = 6) -> tuple[str, ...]:
        """The title race in words, the leader and the first `most` contenders by name."""
        if not self.contenders:
            return ()
        leader, *chasers = self.contenders
        name = names[leader.key]
        left = ngettext("{count} point", "{count} points", self.points_left).format(
            count=self.points_left
        )
        if not chasers:
            return (
                _(
                    "{leader} is champion: no one can reach {points} points with {left} left to "
                    "race for."
                ).format(leader=name, points=leader.points, left=left),
            )
        lines = [
            _("{leader} leads with {points} points; {left} are left to race for.").format(
                leader=name, points=leader.points, left=left
            )
        ]
        for chaser in chasers[:most]:
            if chaser.behind == 0:
                said = _(
                    "{chaser} is level on points with {leader}, behind on countback: must "
                    "outscore {leader} to take the title, or match {leader} and win the countback."
                )
            else:
                said = _(
                    "{chaser} can still be champion, {behind} behind: must outscore {leader} by "
                    "{ahead} over the rounds left (by {behind} to draw level, and countback "
                    "decides)."
                )
            lines.append(
                said.format(
                    chaser=names[chaser.key],
                    leader=name,
                    behind=chaser.behind,
                    ahead=chaser.behind + 1,
                )
            )
        if len(chasers) > most:
            lines.append(_("{count} more can still be champion.").format(count=len(chasers) - most))
        if self.out_of_it:
            lines.append(
                ngettext(
                    "{count} other can no longer reach {points} points.",
                    "{count} others can no longer reach {points} points.",
                    self.out_of_it,
                ).format(count=self.out_of_it, points=leader.points)
            )
        return tuple(lines)


def title_race(
    rows: Sequence[StandingRow[Key]],
    points_left: int,
    *,
    most_final: Mapping[Key, int] | None = None,
) -> TitleRace[Key]:
    """Who of `rows` (standings, leader first) can still be champion when each can score at
    most `points_left` more: those whose points and `points_left` reach the leader's. Where
    only the best results count, `most_final` gives the most each competitor can end on
    (`most_final_points`), and those who can reach the leader's points are the contenders
    (counting the best results, a leader never falls below their points of today)."""
    if not rows:
        return TitleRace(points_left, (), 0)
    leader = rows[0]
    contenders = [Contender(leader.key, leader.points, 0)]
    for row in rows[1:]:
        if most_final is not None:
            if most_final[row.key] >= leader.points:
                contenders.append(Contender(row.key, row.points, leader.points - row.points))
            continue
        # The standings are by points, most first: past the first who cannot reach the
        # leader, no one can.
        if row.points + points_left < leader.points:
            break
        contenders.append(Contender(row.key, row.points, leader.points - row.points))
    return TitleRace(points_left, tuple(contenders), len(rows) - len(contenders))
