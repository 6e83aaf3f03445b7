"""Login throttling by name and address, and by address across names (django-axes' handler).

Axes counts each group of AXES_LOCKOUT_PARAMETERS and compares the largest count with one limit,
AXES_FAILURE_LIMIT. Paddock wants two: a few wrong passwords for one name from one address (a
forgotten password, or a guess at one organiser's), and more from one address whatever the
names (a spray: one guess at each of many names, which the first count never sees). A club on
one network's wifi shares an address, so that limit is larger.

The failures are axes' own rows, in the database, so every app host counts the same tries.
"""

from __future__ import annotations

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_failure_limit
from django.conf import settings
from django.db.models import Sum
from django.http import HttpRequest


def _sum(attempts) -> int:
    return attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0


class NameAndAddressHandler(AxesDatabaseHandler):
    """AXES_LOCKOUT_PARAMETERS is [["username", "ip_address"], "ip_address"]: the name and
    address's failures count against AXES_FAILURE_LIMIT, the address's against
    PADDOCK_LOGIN_FAILURES_PER_ADDRESS."""

    def get_failures(self, request: HttpRequest, credentials: dict | None = None) -> int:
        by_name, by_address = self.get_user_attempts(request, credentials)
        limit = get_failure_limit(request, credentials)
        per_address = settings.PADDOCK_LOGIN_FAILURES_PER_ADDRESS
        from_name = _sum(by_name)
        if per_address <= 0:  # off
            return from_name
        from_address = _sum(by_address)
        # The address's count in the name's units: it reaches `limit` exactly when the address
        # has `per_address` failures, as axes compares one figure with one limit.
        address_share = from_address * limit // per_address
        # The lockout page says which of the two it is.
        request.paddock_address_locked = from_address >= per_address  # type: ignore[attr-defined]
        return max(from_name, address_share)

    def reset_user_attempts(self, request: HttpRequest, credentials: dict | None = None) -> int:
        """A login forgives its own name's failures from its address, never the address's
        others: a sprayer with an account of their own would otherwise log into it to start
        counting again."""
        by_name = self.filter_user_attempts(request, credentials)[0]
        count, _kinds = by_name.delete()
        return count
