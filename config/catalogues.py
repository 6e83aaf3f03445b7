"""The translation catalogues: read a .po file, and make its .mo without GNU gettext.

`make catalogues` compiles every catalogue at install (the .mo files are built, not kept in git):
with GNU gettext's msgfmt where it is installed (Django's compilemessages, as CI installs it from
Debian), else with `compile_catalogue` here, so a machine without gettext still runs the site
in French after the README's two commands. This is CPython's Tools/i18n/msgfmt.py made small
(the standard library only, as rules/ reads its catalogues with the standard library's gettext):
a fuzzy entry is left out, as msgfmt leaves it out. `python -m config.catalogues` compiles them
all; tests/test_translations.py reads the .po files with `entries` to count what is translated.
"""

from __future__ import annotations

import ast
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

BASE = Path(__file__).resolve().parent.parent
# Where the catalogues are: the site's (settings.LOCALE_PATHS) and the rules' own.
CATALOGUE_FOLDERS = (BASE / "locale", BASE / "rules" / "locale")


@dataclass
class Entry:
    """One message of a .po file: its context, its msgid (and plural), its translations."""

    context: str | None = None
    msgid: str = ""
    plural: str | None = None
    strings: dict[int, str] = field(default_factory=dict)
    fuzzy: bool = False

    @property
    def translated(self) -> bool:
        return bool(self.strings) and all(self.strings.values())


def entries(path: Path) -> list[Entry]:
    """The messages of the .po file at `path`, its header (msgid "") first."""
    found: list[Entry] = []
    entry = Entry()
    section = ""
    index = 0

    def close() -> None:
        nonlocal entry
        if section:
            found.append(entry)
        entry = Entry()

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        keyword, _, rest = line.partition(" ")
        # A comment, a context or a msgid after a msgstr starts the next entry.
        if section == "msgstr" and (line.startswith("#") or keyword in ("msgctxt", "msgid")):
            close()
            section = ""
        if line.startswith("#,"):
            entry.fuzzy = entry.fuzzy or "fuzzy" in line
        elif not line or line.startswith("#"):
            continue
        elif keyword == "msgctxt":
            section, entry.context = "msgctxt", ast.literal_eval(rest)
        elif keyword == "msgid":
            section, entry.msgid = "msgid", ast.literal_eval(rest)
        elif keyword == "msgid_plural":
            section, entry.plural = "msgid_plural", ast.literal_eval(rest)
        elif keyword.startswith("msgstr"):
            index = int(keyword[7:-1]) if keyword.startswith("msgstr[") else 0
            section = "msgstr"
            entry.strings[index] = ast.literal_eval(rest)
        elif line.startswith('"'):
            more = ast.literal_eval(line)
            if section == "msgctxt":
                entry.context = (entry.context or "") + more
            elif section == "msgid":
                entry.msgid += more
            elif section == "msgid_plural":
                entry.plural = (entry.plural or "") + more
            elif section == "msgstr":
                entry.strings[index] += more
    close()
    return found


def compile_catalogue(po: Path, mo: Path) -> None:
    """Write `po`'s messages (but the fuzzy and the untranslated) to `mo`, as msgfmt does."""
    messages: dict[bytes, bytes] = {}
    for entry in entries(po):
        if (entry.fuzzy and entry.msgid) or not entry.translated:
            continue
        key = entry.msgid.encode()
        if entry.plural is not None:
            key += b"\0" + entry.plural.encode()
            value = b"\0".join(entry.strings[n].encode() for n in sorted(entry.strings))
        else:
            value = entry.strings[0].encode()
        if entry.context is not None:
            key = entry.context.encode() + b"\x04" + key
        messages[key] = value
    keys = sorted(messages)
    ids = strs = b""
    offsets = []
    for key in keys:
        offsets.append((len(ids), len(key), len(strs), len(messages[key])))
        ids += key + b"\0"
        strs += messages[key] + b"\0"
    start_ids = 7 * 4 + 16 * len(keys)
    start_strs = start_ids + len(ids)
    table = []
    for id_at, id_length, _str_at, _str_length in offsets:
        table += [id_length, id_at + start_ids]
    for _id_at, _id_length, str_at, str_length in offsets:
        table += [str_length, str_at + start_strs]
    header = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + len(keys) * 8, 0, 0)
    mo.write_bytes(header + struct.pack(f"{len(table)}i", *table) + ids + strs)


def compile_all() -> list[Path]:
    """Every catalogue's .mo made from its .po; the .mo files written."""
    written = []
    for folder in CATALOGUE_FOLDERS:
        for po in sorted(folder.glob("*/LC_MESSAGES/*.po")):
            mo = po.with_suffix(".mo")
            compile_catalogue(po, mo)
            written.append(mo)
    return written


if __name__ == "__main__":
    for made in compile_all():
        print(f"made {made.relative_to(BASE)}", file=sys.stderr)
