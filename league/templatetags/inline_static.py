"""A static file written into the page as a data: address (issue 30: the turn page's first load
is the page, its stylesheet and its script): the site's icon, static/img/mark.svg, which the
site's Content-Security-Policy lets load as a data: image (img-src)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from urllib.parse import quote

from django import template
from django.contrib.staticfiles import finders

register = template.Library()


@cache
def _data_uri(path: str) -> str:
    found = finders.find(path)
    if not found:
        raise template.TemplateSyntaxError(f"no static file {path}")
    text = " ".join(Path(str(found)).read_text().split())
    return "data:image/svg+xml," + quote(text, safe=" :/=\"'<>,.-#")


@register.simple_tag
def svg_data_uri(path: str) -> str:
    """`{% svg_data_uri 'img/mark.svg' %}`: the SVG file as a data: address."""
    return _data_uri(path)
