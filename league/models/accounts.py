"""What the site keeps of accounts beside Django's own: each user name's look-alike key (so a
new name that looks like an existing one is refused with one indexed look-up) and the sign-ups
and new leagues made lately, by address and account (so each is limited over time on every app
host alike)."""

from __future__ import annotations

from django.conf import settings as django_settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class NameKey(models.Model):
    """A user name's look-alike key (league/models/look_alike.py): two names of one key look alike.
    Kept for every account, however it was made (league/apps.py)."""

    user = models.OneToOneField(
        django_settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="name_key",
    )
    key = models.TextField(db_index=True)

    def __str__(self) -> str:
        return self.key


def language_choices() -> list[tuple[str, str]]:
    """The languages the site speaks (settings.LANGUAGES), read when asked: a test's settings
    may name others."""
    return list(django_settings.LANGUAGES)


class Profile(models.Model):
    """What a person chose for themselves beside their account: the language the site speaks to
    them (docs/translating.md). Made when they first choose; without one, their browser's
    language is theirs. Kept in the session at login (config/languages.py), so a page costs no
    query for it."""

    user = models.OneToOneField(
        django_settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="profile",
    )
    language = models.CharField(
        max_length=16,
        blank=True,
        choices=language_choices,
        help_text="The language of their pages, the turn page's words and the rules' too; "
        "blank: their browser's.",
    )

    def __str__(self) -> str:
        return f"{self.user_id}: {self.language or 'browser'}"


class Making(models.Model):
    """An account or a league made (a league restored counts as made), from which address and
    by whom: what the limits over time count (league/services/limits.py). Rows older than the
    longest
    limit's window are deleted as new ones are written."""

    class Kind(models.TextChoices):
        SIGN_UP = "sign-up", _("sign-up")
        LEAGUE = "league", _("new league")

    kind = models.CharField(max_length=16, choices=Kind.choices)
    address = models.CharField(max_length=64, blank=True)
    user = models.ForeignKey(
        django_settings.AUTH_USER_MODEL,
        # An account deleted since still counted against its address.
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        indexes = [
            models.Index(fields=["kind", "address", "at"], name="making_by_address"),
            models.Index(fields=["kind", "user", "at"], name="making_by_account"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} from {self.address or 'no address'} at {self.at:%Y-%m-%d %H:%M}"
