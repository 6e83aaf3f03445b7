"""How the reader's language writes what a sentence holds besides words: a count with its digits
grouped, a share in per cent, a list of names (docs/translating.md)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.formats import number_format
from django.utils.translation import pgettext


class Grouped(int):
    """A count a sentence says with `{most:,}`, its digits grouped as the reader's language
    groups them: 2,097,152 in English (as `:,` writes it), 2 097 152 in French (a no-break
    space). The sentence keeps its placeholder, in every language's catalogue."""

    def __format__(self, spec: str) -> str:
        if spec == ",":
            return number_format(int(self), force_grouping=True)
        return super().__format__(spec)


def grouped(count: int) -> Grouped:
    """`count`, to be said with `{name:,}` in a sentence of the reader's language."""
    return Grouped(count)


def per_cent(number: str) -> str:
    """A share in per cent as the reader's language writes it: "50%", "<1%" in English; in
    French with a (narrow, no-break) space before the sign. `number`: the figure as shown
    ("50", "<1", ">99")."""
    # Translators: a share in per cent; French puts a narrow no-break space before "%".
    return pgettext("per cent", "{number}%").format(number=number)


def listed(names: Sequence[str]) -> str:
    """`names` as one list in the reader's language, to stand in a sentence as a `{names}`
    placeholder: "Reds", "Reds and Blues", "Reds, Blues and Greens"."""
    if len(names) < 2:
        return "".join(names)
    # Translators: the last name of a list joined to those before it ({others}: one name, or
    # several separated by commas): "Reds and Blues", "Reds, Blues and Greens".
    return pgettext("a list of names", "{others} and {last}").format(
        others=", ".join(names[:-1]), last=names[-1]
    )


def joined_after(position: int, count: int) -> str:
    """What stands after the `position`-th (from 1) of `count` names a template lists one by
    one (each a link): ", " between them, the list's last join (`listed`'s: " and ", " et ")
    before the last, nothing after it."""
    if position >= count:
        return ""
    if position < count - 1:
        return ", "
    return pgettext("a list of names", "{others} and {last}").format(others="", last="")
