"""Negation and exclusion cues, Chinese and English (`cues.v1`), on normalised text.

"不予受理" and "not accepted" are negated; "予以受理" and "accepted" are not. Words that
start with 不 or 无 without negating (不同, 不仅, 无论, ...) are not cues.
"""

from __future__ import annotations

import re

NAME = "cues.v1"

_ZH_CUES = (
    r"不予|不受理|不能|不得|不可|不会|不用|不需|无需|无须|无法|不包括|不包含|不属于|不在|不符合|"
    r"不支持|不接受|除外|没有|禁止|拒绝|未(?!来)|无(?!论|关)|非(?!常)|"
    r"不(?!同|断|仅|过|少|久|管|论|但|久|错|然)"
)
_EN_CUES = (
    r"not|no|never|none|nothing|neither|nor|cannot|can't|won't|isn't|aren't|wasn't|weren't|"
    r"doesn't|don't|didn't|shouldn't|mustn't|n't|without|except|excepting|exclude|excludes|"
    r"excluded|excluding|exclusion|ineligible|refused|rejected|void|denied"
)
_CUE_RE = re.compile(rf"(?:{_ZH_CUES})|\b(?:{_EN_CUES})\b", re.IGNORECASE)

# Clause breaks that separate what a cue can reach: ";" and contrastive connectives.
_CLAUSE_BREAK_RE = re.compile(r";|[,.]?\s*\bbut\b|\bhowever\b|\bwhereas\b|但是?|然而|而且?|\.(?!\d)")


def is_negated(text: str) -> bool:
    return _CUE_RE.search(text) is not None


_SEGMENT_BREAK_RE = re.compile(rf"{_CLAUSE_BREAK_RE.pattern}|,")


def clause_around(text: str, start: int, end: int) -> tuple[int, int]:
    """The stretch of `text` between the clause breaks on either side of [start, end)."""
    return _between_breaks(_CLAUSE_BREAK_RE, text, start, end)


def segment_around(text: str, start: int, end: int) -> tuple[int, int]:
    """Like `clause_around`, with commas as breaks too: the narrowest reach of a cue."""
    return _between_breaks(_SEGMENT_BREAK_RE, text, start, end)


def _between_breaks(breaks: re.Pattern[str], text: str, start: int, end: int) -> tuple[int, int]:
    left = 0
    right = len(text)
    for match in breaks.finditer(text):
        if match.end() <= start:
            left = match.end()
        elif match.start() >= end:
            right = match.start()
            break
    return left, right
