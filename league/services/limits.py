"""How many accounts and leagues may be made lately, by address and by account: what each
limit counts (Making rows, league/models/accounts.py, kept in the database so that every app
host counts alike) and, where one is reached, until when.

Each limit is a setting (config/settings/base.py, docs/deploying.md); 0 switches it off.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from math import ceil

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext_noop

from ..models import Making

HOUR = timedelta(hours=1)
DAY = timedelta(days=1)


@dataclass(frozen=True)
class Limit:
    kind: str  # a Making.Kind
    by_account: bool  # else by address
    setting: str
    window: timedelta
    # What the limit counts, for the page that says it is reached.
    counts: str

    @property
    def most(self) -> int:
        return int(getattr(settings, self.setting))


LIMITS = (
    Limit(
        Making.Kind.SIGN_UP,
        False,
        "PADDOCK_SIGN_UPS_PER_ADDRESS_PER_HOUR",
        HOUR,
        gettext_noop("accounts made from this address in an hour"),
    ),
    Limit(
        Making.Kind.SIGN_UP,
        False,
        "PADDOCK_SIGN_UPS_PER_ADDRESS_PER_DAY",
        DAY,
        gettext_noop("accounts made from this address in a day"),
    ),
    Limit(
        Making.Kind.LEAGUE,
        True,
        "PADDOCK_NEW_LEAGUES_PER_ACCOUNT_PER_DAY",
        DAY,
        gettext_noop("leagues made or restored by one account in a day"),
    ),
    Limit(
        Making.Kind.LEAGUE,
        False,
        "PADDOCK_NEW_LEAGUES_PER_ADDRESS_PER_DAY",
        DAY,
        gettext_noop("leagues made or restored from this address in a day"),
    ),
)
# Rows older than this count for no limit (services.making_record deletes them).
LONGEST = max(limit.window for limit in LIMITS)


@dataclass(frozen=True)
class Refusal:
    limit: Limit
    again: datetime  # the first moment the limit allows another

    @property
    def retry_after(self) -> int:
        """Seconds until `again`, whole and at least one (the Retry-After header)."""
        return max(1, ceil((self.again - timezone.now()).total_seconds()))


def refusal(kind: str, *, address: str, user_id: int | None) -> Refusal | None:
    """Why one more of `kind` may not be made now from `address` by `user_id`, or None: a query
    a limit of the kind, each an indexed look-up of its window's most-th latest row."""
    now = timezone.now()
    refused = None
    for limit in LIMITS:
        most = limit.most
        if limit.kind != kind or most <= 0:
            continue
        made = Making.objects.filter(kind=kind, at__gt=now - limit.window)
        if not limit.by_account:
            made = made.filter(address=address)
        elif user_id is not None:
            made = made.filter(user_id=user_id)
        else:  # no account yet: the limits by address alone
            continue
        # With `most` made in the window, another may be made once the most-th latest leaves it.
        latest = list(made.order_by("-at").values_list("at", flat=True)[most - 1 : most])
        if latest:
            again = latest[0] + limit.window
            if refused is None or again > refused.again:
                refused = Refusal(limit, again)
    return refused
