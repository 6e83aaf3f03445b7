"""A list of names a template writes one by one (each a link, a name and its team): `{{ forloop|
joined_after }}` after each item, which says it as `config.wording.listed` says a list in the
reader's language ("Ann, Bob et Cid")."""

from __future__ import annotations

from typing import Any

from django import template

from config import wording

register = template.Library()


@register.filter
def joined_after(forloop: dict[str, Any]) -> str:
    return wording.joined_after(forloop["counter"], forloop["counter"] + forloop["revcounter0"])
