"""The language codes an annotation set may name: the languages the matcher has rules for
(Chinese and English), with a region or script as BCP 47 writes them, in any case."""

from __future__ import annotations

import re

SUPPORTED_LANGUAGES = (
    "zh and en (any case, with a region or script: zh-CN, zh-TW, zh-Hans, zh-Hant, en-US, en-GB)"
)

_CODE = re.compile(r"(zh|en)(?:-([a-z]{4}))?(?:-([a-z]{2}|[0-9]{3}))?", re.IGNORECASE)
CODE_PATTERN = r"^([Zz][Hh]|[Ee][Nn])(-[A-Za-z]{4})?(-([A-Za-z]{2}|[0-9]{3}))?$"  # the JSON Schema's


def language_problem(code: str) -> str | None:
    """Why `code` names no language the tool can score (None: it names one)."""
    if _CODE.fullmatch(code):
        return None
    return f"language {code!r} is not supported: the tool has rules for {SUPPORTED_LANGUAGES} only"


def canonical_language(code: str) -> str:
    """`code` as BCP 47 writes it (`ZH-hans-cn` -> `zh-Hans-CN`), so that every reader finds
    Chinese by its `zh` prefix; ValueError for a language the tool has no rules for."""
    found = _CODE.fullmatch(code)
    if found is None:
        raise ValueError(language_problem(code))
    primary, script, region = found.groups()
    parts = [primary.lower(), *([script.title()] if script else []), *([region.upper()] if region else [])]
    return "-".join(parts)
