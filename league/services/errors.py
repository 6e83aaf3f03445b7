"""What the services refuse with, besides a plain ValidationError: a write done already
(AlreadyDone), a form built on an older version of what it writes (Stale and its kinds), an
archived league (LeagueArchived). The views answer each kind one way (league/views/common.py):
AlreadyDone shows what exists, Stale is a 409 with the fresh page, a ValidationError a 400 with
the reason, a PermissionDenied a 403."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.utils.translation import gettext_noop

LEAGUE_READ_ONLY = gettext_noop(
    "{league} is archived, so it is read-only: nothing of it changes while it is archived. Its "
    "organiser may restore it from the archive (on the league page) to change it again."
)


class AlreadyDone(ValidationError):
    """What was asked for exists already, as asked (a double tap, or another tab that got there
    first): nothing more is written, and `done` is the thing that exists."""

    def __init__(self, message: str, *, done) -> None:
        super().__init__(message)
        self.done = done


class Stale(ValidationError):
    """The form was built on an older version of what it writes: someone changed it first.
    Nothing was written; the page is shown again as it stands now (a 409)."""


class StaleRound(Stale):
    """The page was built on an older version of the round."""


class StaleLeague(Stale):
    """The page was built on an older version of the league's settings."""


class StaleSeason(Stale):
    """The page was built on an older version of the season's setup."""


class StaleTrack(Stale):
    """The edit form was built on an older version of the track."""


class StaleDriverCard(Stale):
    """The card form was built on an older version of the driver's card."""


class StaleTeam(Stale):
    """The form was built on an older name or colour of the team."""


class StaleDriver(Stale):
    """The form was built on an older career, team, name or status of the driver, or a round
    started meanwhile."""


class StaleMember(Stale):
    """The members page was built on an older role of the member."""


class InvitationWithdrawn(ValidationError):
    """The invitation was withdrawn (deleted) after its link was opened."""


class LeagueArchived(PermissionDenied):
    """A write to an archived league, refused whoever asks (docs/architecture.md)."""
