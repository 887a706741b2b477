"""A fact's critical tokens in words, for people: `三十日`, "720 hours", "before", never the
matcher's keys (`('duration', 'hour', 720.0, 720.0)`, `time_order:before`).

The report carries each token as the matcher's key only. Words come, in order, from the fact's
own text (the token with that key, as the fact writes it: `三十日`, `before`), else from the key
itself (a value's amount and unit, a cue's usual word). The matcher could carry the fact's
wording of each token instead (`_claim_text` in `match/facts.py`); until it does, it is read here.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from functools import lru_cache

from ..text.normalize import normalize
from ..text.tokens import tokenize

_DATE = re.compile(r"datetime\.date\((\d+), (\d+), (\d+)\)")

# Each cue's usual word, by `category:key` (the cue tables of `text/cues.py`, in English).
_CUE_WORDS = {
    "bound:>=": "at least",
    "bound:<=": "at most (within)",
    "bound:>": "more than",
    "bound:<": "less than",
    "time_order:before": "before",
    "time_order:after": "after",
    "modal:must": "must",
    "modal:may": "may",
    "modal:should": "should",
    "modal:need": "need not",
    "modal:advise": "advised",
    "neg:neg": "not",
    "neg:except": "except",
    "neg:bars": "stopped / prevented",
    "hedge:hedge": "might (hedged)",
    "hedge:attempt": "attempted",
    "hedge:no_longer": "no longer",
    "quant:not_all": "not all",
    "quant:alternate": "every other",
    "correction:old": "previously",
    "correction:new": "corrected",
    "amount_change:up": "increase",
    "amount_change:down": "decrease",
    "amount_change:up_to": "increased to",
    "amount_change:down_to": "decreased to",
    "day_part:am": "morning (a.m.)",
    "day_part:pm": "afternoon (p.m.)",
    "cond:if": "if (a condition)",
    "cond:only_if": "only if",
    "approx:approx": "about",
    "rank:vice": "vice / deputy",
}
_WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
_PLURALS = {"workday": "workdays", "day": "days", "hour": "hours", "month": "months", "week": "weeks"}


def token_in_words(token: str, fact_text: str | None = None, language: str = "en") -> str:
    """`token` (a critical token's key in the report) as a person reads it; `fact_text`: the
    fact whose token it is (in `language`), whose own wording of the token is preferred."""
    wording = _fact_wording(fact_text, language).get(token) if fact_text else None
    if wording:
        return wording
    return value_in_words(token) if token.startswith("(") else cue_in_words(token)


def cue_in_words(token: str) -> str:
    """A cue key (`category:key`) as its usual word; any other token (a name, a word) as it is."""
    if token in _CUE_WORDS:
        return _CUE_WORDS[token]
    category, colon, key = token.partition(":")
    if not colon or not category.isidentifier():
        return token
    if category == "weekday" and key.isdigit() and 1 <= int(key) <= 7:
        return _WEEKDAYS[int(key) - 1]
    return key.replace("_", " ") or token


def value_in_words(token: str) -> str:
    """A value key (`(kind, unit, low, high)`, a date's `(kind, granularity, date, others)`) as
    an amount and unit; the key as it is when it is not one."""
    parsed = _parsed(token)
    if parsed is None or len(parsed) < 3:
        return token
    kind, unit = parsed[0], parsed[1]
    if kind == "date":
        return _date_in_words(parsed[2], unit)
    low, high = (parsed[2], parsed[3]) if len(parsed) > 3 else (parsed[2], parsed[2])
    if not (_amount(low) and _amount(high)):
        return token
    return _amount_in_words(str(kind), unit, low, high)  # type: ignore[arg-type]


def _amount(value: object) -> bool:
    return value is None or (isinstance(value, (int, float)) and not isinstance(value, bool))


def _amount_in_words(kind: str, unit: object, low: float | None, high: float | None) -> str:
    if kind == "ratio":
        return _span(None if low is None else low * 100, None if high is None else high * 100) + "%"
    if kind == "time":
        return _span_of(low, high, _clock)
    if kind == "ordinal":
        return "no. " + _span(low, high)
    if kind == "version":
        return f"version {unit}"
    amount = _span(low, high)
    if kind == "duration" and unit == "hour" and high is not None and high % 24 == 0 and high >= 24:
        days = _span(None if low is None else low / 24, high / 24)
        return f"{days} days ({amount} hours)"
    if kind == "duration" and isinstance(unit, str):
        return f"{amount} {_PLURALS.get(unit, unit) if high != 1 else unit}"
    return f"{amount} {unit}" if isinstance(unit, str) and unit else amount


@lru_cache(maxsize=4096)
def _fact_wording(fact_text: str, language: str) -> dict[str, str]:
    """Each token key of a fact's text (values, cues, words), as the fact writes it."""
    normalized = normalize(fact_text)
    found: dict[str, str] = {}
    for token in tokenize(fact_text, language):
        start, end = normalized.original_span(token.start, token.end)
        found.setdefault(token.key, fact_text[start:end].strip())
    return found


def _parsed(token: str) -> tuple[object, ...] | None:
    try:
        parsed = ast.literal_eval(_DATE.sub(r"(\1, \2, \3)", token))
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None
    return parsed if isinstance(parsed, tuple) else None


def _date_in_words(date: object, granularity: object) -> str:
    if not (isinstance(date, tuple) and len(date) == 3):
        return "a date"
    year, month, day = date
    if granularity == "year":
        return f"{year}"
    if granularity == "month":
        return f"{year}-{month:02d}"
    if granularity == "monthday":
        return f"{month:02d}-{day:02d}"
    return f"{year}-{month:02d}-{day:02d}"


def _number(amount: float) -> str:
    return f"{amount:,.12g}" if abs(amount) >= 10_000 else f"{amount:.12g}"


def _span(low: float | None, high: float | None) -> str:
    return _span_of(low, high, _number)


def _span_of(low: float | None, high: float | None, shown: Callable[[float], str]) -> str:
    if high is None and low is None:
        return "?"
    if low is None or high is None or low == high:
        return shown(high if high is not None else low)  # type: ignore[arg-type]
    return f"{shown(low)}–{shown(high)}"


def _clock(minutes: float) -> str:
    return f"{int(minutes) // 60:02d}:{int(minutes) % 60:02d}"
