"""The tracks whose weather chart a season's coming races would read and is only the
placeholder, for the season page's prompt to enter (or copy) it."""

from __future__ import annotations

from collections.abc import Iterable

from ..models import Round, Track


def weather_charts_wanted(rounds: Iterable[Round], user) -> list[tuple[Track, bool]]:
    """The tracks of `rounds` whose weather chart the race would read and is only the
    placeholder (Round.track_chart_wanted), each once, and whether `user` may enter its chart
    (else they copy it)."""
    tracks = {round_.track_id: round_.track for round_ in rounds if round_.track_chart_wanted}
    return [(track, track.editable_by(user)) for track in tracks.values()]
