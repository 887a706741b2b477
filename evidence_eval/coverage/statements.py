"""Answer statements a reviewer judged (`AnswerFact.accepted`, `rejected`), found in an answer.

A statement counts only where it stands whole: its normalised text (outer punctuation and
spaces aside) inside the normalised answer, with no letter, digit or CJK character of the
answer running on at either end (so "14 days" is not in "114 days" nor "1" in "1.5").
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from ..models.annotations import AcceptedStatement
from ..text.normalize import normalize_cached

_NUMBER_JOINERS = ".,:"


def find_statement(answer: str, statement: str) -> tuple[int, int] | None:
    """[start, end) in `answer` of the first whole occurrence of `statement`, else None."""
    core = statement_core(statement)
    if not core:
        return None
    normalized = normalize_cached(answer)
    text = normalized.text
    at = text.find(core)
    while at >= 0:
        if _stands_whole(text, at, at + len(core)):
            return normalized.original_span(at, at + len(core))
        at = text.find(core, at + 1)
    return None


def first_found(
    answer: str, statements: Sequence[AcceptedStatement]
) -> tuple[AcceptedStatement, int, int] | None:
    """The first of `statements` found whole in `answer`, with its offsets."""
    for statement in statements:
        found = find_statement(answer, statement.text)
        if found is not None:
            return statement, *found
    return None


def statement_core(statement: str) -> str:
    """The normalised statement without its outer punctuation and spaces ("" when nothing is left)."""
    text = normalize_cached(statement).text
    start, end = 0, len(text)
    while start < end and _is_edge(text[start]):
        start += 1
    while end > start and _is_edge(text[end - 1]):
        end -= 1
    return text[start:end]


def _is_edge(char: str) -> bool:
    return char.isspace() or unicodedata.category(char).startswith("P")


def _stands_whole(text: str, start: int, end: int) -> bool:
    return _boundary(text, start - 1, start - 2, start) and _boundary(text, end, end + 1, end - 1)


def _boundary(text: str, next_to: int, beyond: int, inside: int) -> bool:
    """Whether the answer's character `next_to` (outside the statement, `beyond` one further)
    ends a word there: not a letter or digit, nor a decimal point between two digits."""
    if next_to < 0 or next_to >= len(text):
        return True
    char = text[next_to]
    if char.isalnum():
        return False
    joins = char in _NUMBER_JOINERS and 0 <= beyond < len(text) and text[beyond].isdigit()
    return not (joins and text[inside].isdigit())
