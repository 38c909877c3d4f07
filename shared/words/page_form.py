"""The catalogue as plain data for the page, which has no Fluent library of its own.

Each entry becomes a list of parts that client/web/words.js evaluates: a string is text;
``{"var": name}`` a placeholder; ``{"ref": key}`` another entry (resolved with the same
facts, as Fluent does); ``{"select": name, "variants": [[key, parts], ...], "default": i}``
a selector, whose keys are strings (a fact's value, or a plural category) or numbers (an
exact count). Only this part of Fluent is used by the catalogue, and anything else
(functions, terms, attributes) is refused here, so a catalogue the page cannot read
fails at the server's start and in the tests, not in a browser.
"""

from __future__ import annotations

from typing import Any

from fluent.syntax import ast as ftl

from shared.words import LANGUAGES, parse

Part = str | dict[str, Any]


def page_form(lang: str) -> dict[str, list[Part]]:
    """Every entry of ``lang``: key -> parts."""
    entries: dict[str, list[Part]] = {}
    for entry in parse(lang).body:
        if isinstance(entry, ftl.Message):
            if entry.value is None or entry.attributes:
                raise ValueError(f"{lang}.ftl: {entry.id.name}: attributes are not used here")
            entries[entry.id.name] = _pattern(entry.value, f"{lang}.ftl: {entry.id.name}")
        elif isinstance(entry, ftl.Term):
            raise ValueError(f"{lang}.ftl: -{entry.id.name}: terms are not used here")
    return entries


def every_language() -> dict[str, dict[str, list[Part]]]:
    """The whole catalogue for the page: language -> key -> parts."""
    return {lang: page_form(lang) for lang in LANGUAGES}


def _pattern(pattern: ftl.Pattern, where: str) -> list[Part]:
    parts: list[Part] = []
    for element in pattern.elements:
        if isinstance(element, ftl.TextElement):
            part: Part = element.value
        else:
            part = _expression(element.expression, where)
        if isinstance(part, str) and parts and isinstance(parts[-1], str):
            parts[-1] += part  # "a" {""} "b" reads as one text
        elif part != "":
            parts.append(part)
    return parts


def _expression(expr: Any, where: str) -> Part:
    if isinstance(expr, ftl.StringLiteral):
        return str(expr.parse()["value"])
    if isinstance(expr, ftl.VariableReference):
        return {"var": expr.id.name}
    if isinstance(expr, ftl.MessageReference) and expr.attribute is None:
        return {"ref": expr.id.name}
    if isinstance(expr, ftl.SelectExpression) and isinstance(expr.selector,
                                                             ftl.VariableReference):
        variants = []
        default = 0
        for i, variant in enumerate(expr.variants):
            key = variant.key
            value: str | float = (float(key.value) if isinstance(key, ftl.NumberLiteral)
                                  else key.name)
            variants.append([value, _pattern(variant.value, where)])
            if variant.default:
                default = i
        return {"select": expr.selector.id.name, "variants": variants, "default": default}
    raise ValueError(f"{where}: the page cannot read {type(expr).__name__} here")
