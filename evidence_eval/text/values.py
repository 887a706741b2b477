"""Typed values in text: durations, money, dates and plain numbers, in Chinese and English.

`15 个工作日` == `十五个工作日` == `１５ working days` == `fifteen business days`;
`10 days` != `15 days`; `15 days` (calendar) != `15 working days`. Parsing runs on text
that went through `normalize` (so full-width digits are already ASCII) and returns the
offsets of each value in that text. Version `values.v1`.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from .normalize import normalize

NAME = "values.v1"

_ZH_DIGITS = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
_ZH_UNITS = {"十": 10, "百": 100, "千": 1000}
_ZH_BIG = {"万": 10_000, "亿": 100_000_000}

_EN_SMALL = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
_EN_SCALE = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
_EN_WORD = "|".join(sorted([*_EN_SMALL, *_EN_SCALE], key=len, reverse=True))
# The letters number words start with: a look-ahead on them spares the regex engine trying
# thirty alternatives at every word (it halves the time of a search; same matches).
_EN_WORD_START = "".join(sorted({word[0] for word in [*_EN_SMALL, *_EN_SCALE]}))

_NUMBER = (
    r"(?P<num>\d+(?:,\d{3}(?!\d))*(?:\.\d+)?"
    r"|[零〇一二两三四五六七八九十百千万亿]+"
    rf"|\b(?=[{_EN_WORD_START}])(?:{_EN_WORD})(?:(?:\s+|-|\s+and\s+)(?:{_EN_WORD}))*\b"
    r"|\ban?\b(?=\s+(?:hundred|thousand|week|day|month|year|hour|business|working)))"
)

_DURATION_UNITS = [
    (r"个?工作日|working\s+days?|business\s+days?|workdays?|work\s+days?", "workday"),
    (r"个?自然日|calendar\s+days?|天|日|days?", "day"),
    (r"个?小时|hours?|hrs?\b|h\b", "hour"),
    (r"分钟|minutes?|mins?\b", "minute"),
    (r"个?星期|周|weeks?", "week"),
    (r"个月|个?月份|months?", "month"),
    (r"年|years?", "year"),
]
_UNIT_PATTERN = "|".join(f"(?P<u{i}>{pattern})" for i, (pattern, _) in enumerate(_DURATION_UNITS))
_DURATION_RE = re.compile(rf"{_NUMBER}\s*(?:{_UNIT_PATTERN})", re.IGNORECASE)

_CURRENCY_SYMBOLS = {
    "¥": "CNY",
    "￥": "CNY",
    "rmb": "CNY",
    "cny": "CNY",
    "$": "USD",
    "us$": "USD",
    "usd": "USD",
    "€": "EUR",
    "eur": "EUR",
    "£": "GBP",
    "gbp": "GBP",
}
_CURRENCY_WORDS = {
    "元": "CNY",
    "块": "CNY",
    "人民币": "CNY",
    "yuan": "CNY",
    "rmb": "CNY",
    "dollars": "USD",
    "dollar": "USD",
    "usd": "USD",
    "euros": "EUR",
    "euro": "EUR",
    "eur": "EUR",
    "pounds": "GBP",
    "gbp": "GBP",
    "cny": "CNY",
}
_MONEY_PREFIX_RE = re.compile(
    r"(?P<cur>us\$|\$|¥|￥|€|£|\b(?:rmb|cny|usd|eur|gbp)\b)\s*" + _NUMBER, re.IGNORECASE
)
_MONEY_SUFFIX_RE = re.compile(
    _NUMBER + r"\s*(?P<cur>元|块|人民币|\b(?:yuan|rmb|cny|dollars?|usd|euros?|eur|pounds|gbp)\b)",
    re.IGNORECASE,
)

_MONTHS = {
    name: index
    for index, name in enumerate(
        [
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
        ],
        start=1,
    )
}
_MONTH_WORD = "|".join([*_MONTHS, *(m[:3] for m in _MONTHS)])
_DATE_RES = [
    re.compile(r"(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})"),
    re.compile(r"(?P<y>\d{4})年(?P<m>\d{1,2})月(?P<d>\d{1,2})[日号]"),
    re.compile(rf"\b(?P<mw>{_MONTH_WORD})\.?\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s*,?\s*(?P<y>\d{{4}})"),
    re.compile(rf"\b(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s+(?P<mw>{_MONTH_WORD})\.?\s*,?\s*(?P<y>\d{{4}})"),
]
_PLAIN_NUMBER_RE = re.compile(_NUMBER, re.IGNORECASE)


@dataclass(frozen=True)
class Value:
    """A value found in text: `kind` is duration, money, date or number."""

    kind: str
    amount: float | None
    unit: str | None
    start: int
    end: int
    date: dt.date | None = None

    def key(self) -> tuple[str, float | None, str | None, dt.date | None]:
        """Equal keys = equal values; durations are converted to a base unit first."""
        if self.kind == "duration" and self.amount is not None and self.unit in _TO_HOURS:
            return ("duration", round(self.amount * _TO_HOURS[self.unit], 6), "hour", None)
        return (self.kind, self.amount, self.unit, self.date)


# Units that convert exactly; month, year and workday do not convert to days.
_TO_HOURS = {"minute": 1 / 60, "hour": 1.0, "day": 24.0, "week": 168.0}


def parse_number(token: str) -> float | None:
    token = token.strip().lower()
    if not token:
        return None
    if token[0].isdigit():
        try:
            return float(token.replace(",", ""))
        except ValueError:
            return None
    if token in ("a", "an"):
        return 1.0
    if token[0] in _ZH_DIGITS or token[0] in _ZH_UNITS or token[0] in _ZH_BIG:
        return _parse_chinese(token)
    return _parse_english(token)


def _parse_chinese(token: str) -> float | None:
    if all(char in _ZH_DIGITS for char in token) and len(token) > 1:
        return float("".join(str(_ZH_DIGITS[char]) for char in token))  # 二〇二四
    total = section = digit = 0
    for char in token:
        if char in _ZH_DIGITS:
            digit = _ZH_DIGITS[char]
        elif char in _ZH_UNITS:
            section += (digit or 1) * _ZH_UNITS[char]
            digit = 0
        elif char in _ZH_BIG:
            total += (section + digit) * _ZH_BIG[char]
            section = digit = 0
        else:
            return None
    return float(total + section + digit)


def _parse_english(token: str) -> float | None:
    total = current = 0
    seen = False
    for word in re.split(r"[\s-]+", token):
        if word == "and":
            continue
        if word in _EN_SMALL:
            current += _EN_SMALL[word]
        elif word == "hundred":
            current = (current or 1) * 100
        elif word in _EN_SCALE:
            total += (current or 1) * _EN_SCALE[word]
            current = 0
        else:
            return None
        seen = True
    return float(total + current) if seen else None


def find_values(text: str) -> list[Value]:
    """Every typed value in (normalised) `text`, longest reading first, no overlaps."""
    if _PLAIN_NUMBER_RE.search(text) is None:
        return []  # every value holds a number: most sentences end here
    found: list[Value] = []
    taken: list[tuple[int, int]] = []

    def free(start: int, end: int) -> bool:
        return all(end <= s or start >= e for s, e in taken)

    def add(value: Value) -> None:
        if free(value.start, value.end):
            found.append(value)
            taken.append((value.start, value.end))

    for value in _dates(text):
        add(value)
    for value in _money(text):
        add(value)
    for match in _DURATION_RE.finditer(text):
        amount = parse_number(match.group("num"))
        unit = next(name for i, (_, name) in enumerate(_DURATION_UNITS) if match.group(f"u{i}"))
        if amount is not None:
            add(Value("duration", amount, unit, match.start(), match.end()))
    for match in _PLAIN_NUMBER_RE.finditer(text):
        amount = parse_number(match.group("num"))
        if amount is not None and match.group("num").lower() not in ("a", "an"):
            add(Value("number", amount, None, match.start(), match.end()))
    return sorted(found, key=lambda v: v.start)


def _dates(text: str) -> list[Value]:
    values = []
    for pattern in _DATE_RES:
        for match in pattern.finditer(text):
            groups = match.groupdict()
            month = int(groups["m"]) if groups.get("m") else _MONTHS.get(_full_month(groups["mw"].lower()))
            try:
                day = dt.date(int(groups["y"]), month or 0, int(groups["d"]))
            except ValueError:
                continue
            values.append(Value("date", None, None, match.start(), match.end(), day))
    return values


def _full_month(word: str) -> str:
    return next((name for name in _MONTHS if name.startswith(word[:3])), word)


def _money(text: str) -> list[Value]:
    values = []
    for pattern, table in ((_MONEY_PREFIX_RE, _CURRENCY_SYMBOLS), (_MONEY_SUFFIX_RE, _CURRENCY_WORDS)):
        for match in pattern.finditer(text):
            amount = parse_number(match.group("num"))
            currency = table.get(match.group("cur").lower())
            if amount is not None and currency:
                values.append(Value("money", amount, currency, match.start(), match.end()))
    return values


def parse_value(text: str) -> Value | None:
    """The single value a string such as "15个工作日" names, or None when it names none."""
    values = find_values(normalize(text).text)
    return values[0] if len(values) == 1 else None
