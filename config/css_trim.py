"""Bootstrap's stylesheet cut down to what the site's pages can use (config/bundles.py).

A rule is kept when each of its selectors' names (its classes, ids and data- attributes, those
outside a :not(), :is(), :where() or :has(), which a page need not carry) is a word found in the
site's sources: the templates, the project's scripts and its Python (a form's widget classes),
crispy-forms' Bootstrap templates, and the names a page is given at run time (`DYNAMIC` in
config/bundles.py). A selector of elements alone (Bootstrap's reboot: `body`, `h1`) is always
kept, and so is one of HTML's own attributes (`[hidden]`). A word counts wherever it stands, in
a class attribute or in a comment: the cut keeps too much rather than too little. Then the
custom properties `:root` declares are kept only where something kept reads them
(`var(--bs-...)`, in Bootstrap's rules, the site's own stylesheets or scripts, followed through
the properties that read others), and a @keyframes only where a kept rule names it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import tinycss2
from tinycss2 import ast

WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
VAR = re.compile(r"var\(\s*(--[A-Za-z0-9_-]+)")
CUSTOM = re.compile(r"--[A-Za-z0-9_-]+")
# The at-rules whose block holds rules (the others, @font-face and such, are kept whole).
NESTING = {"media", "supports", "container", "layer"}
KEYFRAMES = {"keyframes", "-webkit-keyframes"}


def words(texts: Iterable[str]) -> set[str]:
    """Every word that could name a class, an id or an attribute in `texts`."""
    found: set[str] = set()
    for text in texts:
        found.update(WORD.findall(text))
    return found


def trim(css: str, used: set[str], reads: str = "") -> str:
    """`css` with only the rules whose selectors name `used` words; `reads`: the site's own
    stylesheets and scripts, whose var(--...) keep the custom properties they read."""
    rules = tinycss2.parse_stylesheet(css, skip_comments=False, skip_whitespace=True)
    kept = _keyframes(_root_properties(_rules(rules, used), reads))
    return "".join(_serialize(rule) for rule in kept)


def _is_notice(rule: object) -> bool:
    """A comment that must stay: the licence's (`/*! Bootstrap v5.3.8 ... */`)."""
    return isinstance(rule, ast.Comment) and rule.value.startswith("!")


def _rules(rules: list, used: set[str]) -> list:
    kept: list = []
    for rule in rules:
        if isinstance(rule, ast.QualifiedRule):
            selectors = [s for s in _selectors(rule.prelude) if _names(s) <= used]
            if selectors:
                prelude = tinycss2.parse_component_value_list(",".join(selectors))
                kept.append(ast.QualifiedRule(0, 0, prelude, rule.content))
        elif isinstance(rule, ast.AtRule) and rule.lower_at_keyword in NESTING:
            if rule.content is None:  # `@layer a, b;`
                kept.append(rule)
                continue
            inner = tinycss2.parse_rule_list(rule.content, skip_comments=True, skip_whitespace=True)
            inner = _rules(inner, used)
            if inner:
                content = tinycss2.parse_component_value_list("".join(_serialize(r) for r in inner))
                kept.append(
                    ast.AtRule(0, 0, rule.at_keyword, rule.lower_at_keyword, rule.prelude, content)
                )
        elif isinstance(rule, ast.AtRule) or _is_notice(rule):
            kept.append(rule)
    return kept


def _selectors(prelude: list) -> list[str]:
    """The selectors of a rule's prelude, each as written."""
    groups: list[list] = [[]]
    for token in prelude:
        if isinstance(token, ast.LiteralToken) and token.value == ",":
            groups.append([])
        else:
            groups[-1].append(token)
    return [tinycss2.serialize(group).strip() for group in groups if group]


def _names(selector: str) -> set[str]:
    """The classes, ids and attribute names a selector asks an element to have (those in a
    functional pseudo-class are not asked for)."""
    names: set[str] = set()
    tokens = tinycss2.parse_component_value_list(selector)
    for before, token in zip([None, *tokens], tokens, strict=False):
        if isinstance(token, ast.HashToken) or (
            isinstance(token, ast.IdentToken) and _is_dot(before)
        ):
            names.add(token.value)
        elif isinstance(token, ast.SquareBracketsBlock):
            attribute = next((t for t in token.content if isinstance(t, ast.IdentToken)), None)
            # HTML's own attributes ([hidden], [type=button]) are always kept, a data- one
            # ([data-bs-theme=dark]) only where the site writes it.
            if attribute is not None and attribute.value.startswith("data-"):
                names.add(attribute.value)
    return names


def _is_dot(token: object) -> bool:
    return isinstance(token, ast.LiteralToken) and token.value == "."


def _serialize(rule: object) -> str:
    if isinstance(rule, ast.QualifiedRule):
        return f"{tinycss2.serialize(rule.prelude).strip()}{{{tinycss2.serialize(rule.content)}}}"
    if isinstance(rule, ast.AtRule):
        prelude = tinycss2.serialize(rule.prelude)
        if rule.content is None:
            return f"@{rule.at_keyword}{prelude};"
        return f"@{rule.at_keyword}{prelude}{{{tinycss2.serialize(rule.content)}}}"
    return tinycss2.serialize([rule])


def _flat(rules: list) -> list:
    """Every qualified rule, those inside at-rules too."""
    found: list = []
    for rule in rules:
        if isinstance(rule, ast.QualifiedRule):
            found.append(rule)
        elif isinstance(rule, ast.AtRule) and rule.content and rule.lower_at_keyword in NESTING:
            found += _flat(tinycss2.parse_rule_list(rule.content, skip_whitespace=True))
    return found


def _is_root(rule: object) -> bool:
    return isinstance(rule, ast.QualifiedRule) and _selectors(rule.prelude) == [":root"]


def _root_properties(rules: list, reads: str) -> list:
    """The rules with `:root`'s custom properties cut to those something reads."""
    declared: dict[str, str] = {}
    for rule in rules:
        if _is_root(rule):
            for declaration in _declarations(rule):
                if declaration.name.startswith("--"):
                    declared[declaration.name] = tinycss2.serialize(declaration.value)
    elsewhere = "".join(_serialize(rule) for rule in _flat(rules) if not _is_root(rule))
    # A property a page's script sets or reads by name (style.setProperty) counts too.
    wanted = set(VAR.findall(elsewhere + reads)) | set(CUSTOM.findall(reads))
    todo = list(wanted)
    while todo:
        for name in VAR.findall(declared.get(todo.pop(), "")):
            if name not in wanted:
                wanted.add(name)
                todo.append(name)
    kept: list = []
    for rule in rules:
        if not _is_root(rule):
            kept.append(rule)
            continue
        text = ";".join(
            f"{d.name}:{tinycss2.serialize(d.value).strip()}"
            + ("!important" if d.important else "")
            for d in _declarations(rule)
            if not d.name.startswith("--") or d.name in wanted
        )
        if text:
            content = tinycss2.parse_component_value_list(text)
            kept.append(ast.QualifiedRule(0, 0, rule.prelude, content))
    return kept


def _declarations(rule: ast.QualifiedRule) -> list[ast.Declaration]:
    parsed = tinycss2.parse_declaration_list(rule.content, skip_comments=True, skip_whitespace=True)
    return [d for d in parsed if isinstance(d, ast.Declaration)]


def _keyframes(rules: list) -> list:
    """The rules less the @keyframes no kept rule names."""
    text = "".join(_serialize(rule) for rule in _flat(rules))
    named = set(WORD.findall(text))

    def needed(rule: object) -> bool:
        if isinstance(rule, ast.AtRule) and rule.lower_at_keyword in KEYFRAMES:
            name = tinycss2.serialize(rule.prelude).strip()
            return name in named
        return True

    return [rule for rule in rules if needed(rule)]
