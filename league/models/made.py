"""What a change made by hand keeps besides itself: who made it and when (a points
adjustment, a driver's change, a league setting's change)."""

from __future__ import annotations

from django.conf import settings as django_settings
from django.db import models
from django.utils import timezone


class MadeByHand(models.Model):
    made_by = models.ForeignKey(
        django_settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    # Not auto_now_add: a restored backup keeps the file's time (league/backup/importing.py).
    made_at = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        abstract = True
