"""What the league's forms share: the refusal of a form that does not say which version of the
league's settings it was built on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.translation import gettext_noop

if TYPE_CHECKING:
    pass


NO_SETTINGS_VERSION = gettext_noop(
    "This form does not say which version of the league's settings it was built on: reload the "
    "page."
)
