"""Answer statements a reviewer judged (`AnswerFact.accepted`, `rejected`), found in an answer.

A statement counts only where it stands whole, as one or more whole clauses: its normalised
text (outer punctuation and spaces aside) inside the normalised answer, at the answer's start
or after a clause's punctuation, and up to the answer's end or a clause's punctuation (so a
reviewer's "within 14 days" is not in "within 140 days", "within 14.5 days", "within 14 days
or so", nor in "not within 14 days"); not before a question mark (asked, not stated). Spaces
next to the statement are skipped.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from ..models.annotations import AcceptedStatement
from ..text.normalize import normalize_cached

_NUMBER_JOINERS = ".,:"
_NOT_CLAUSE_ENDS = frozenset("'/\\&@#%*_~")  # and dashes: joined words, or an aside that may take it back
_QUESTION_MARKS = frozenset("?？¿")


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
    before = start - 1
    while before >= 0 and text[before] == " ":
        before -= 1
    after = end
    while after < len(text) and text[after] == " ":
        after += 1
    if after < len(text) and text[after] in _QUESTION_MARKS:
        return False  # asked, not stated
    return _clause_edge(text, before, before - 1, start) and _clause_edge(text, after, after + 1, end - 1)


def _clause_edge(text: str, next_to: int, beyond: int, inside: int) -> bool:
    """Whether the answer's character `next_to` (outside the statement, `beyond` one further)
    ends a clause there: the answer's edge, or punctuation that is no part of a word or of a
    number (a decimal point between two digits)."""
    if next_to < 0 or next_to >= len(text):
        return True
    char = text[next_to]
    category = unicodedata.category(char)
    if not category.startswith("P") or category == "Pd" or char in _NOT_CLAUSE_ENDS:
        return False
    joins = char in _NUMBER_JOINERS and 0 <= beyond < len(text) and text[beyond].isdigit()
    return not (joins and text[inside].isdigit())
