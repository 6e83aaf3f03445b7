"""A stopwatch: the time between two instants, as a stopwatch reads it. An instant is ISO 8601
text with its UTC offset, as the engine's "instant" fields carry it (rules.engine.events); the
engine keeps no clock, so the instants come from whoever runs the race. Formula D's qualifying lap
is timed so."""

from __future__ import annotations

from datetime import datetime

TENTHS_A_MINUTE = 600


def tenths_between(started_at: str, stopped_at: str) -> int:
    """The whole tenths of a second from one instant to another (ISO 8601 with their UTC
    offsets), cut as a stopwatch reads; negative when `stopped_at` is the earlier."""
    elapsed = datetime.fromisoformat(stopped_at) - datetime.fromisoformat(started_at)
    return (elapsed.days * 86_400 + elapsed.seconds) * 10 + elapsed.microseconds // 100_000


def stopwatch_reading(tenths: int) -> str:
    """A time as a stopwatch shows it: "1:02.3", "0:09.0", "61:00.0"."""
    minutes, tenths_left = divmod(max(tenths, 0), TENTHS_A_MINUTE)
    seconds, tenth = divmod(tenths_left, 10)
    return f"{minutes}:{seconds:02d}.{tenth}"


__all__ = [
    "TENTHS_A_MINUTE",
    "tenths_between",
    "stopwatch_reading",
]
