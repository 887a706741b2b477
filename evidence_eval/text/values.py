"""Typed values in text, Chinese and English (`values.v2`): one parser for facts, evidence and
`validate`.

Kinds and what makes two values equal (`Value.key`):
- `number`: 1,000 = 1000 = one thousand = 一千 = 1千; magnitudes 1.5万 = 15000, 3.5亿, 15 billion.
- `ratio`: 15% = 百分之十五 = fifteen percent = 0.15; 1/2 = half = 一半 = 50%; 三分之一.
- `money`: an amount and an ISO currency (¥, 元, 人民币, 美元, 港元, $, US$, HK$, £, €, ...).
- `duration`: minute/hour/day/week convert exactly (2 weeks = 14 days), month/year too
  (1 year = 12 months); a workday is not a day.
- `date`: 2021年1月3日 = 二〇二一年一月三日 = 2021-01-03 = 2021/01/03 = Jan 3, 2021 = 3 January
  2021 = 15th, August, 2022 style; a month with a year alone is a `month` granularity, a day of
  a month without year a `monthday`. Numeric d/m vs m/d that could be either is `ambiguous`.
- `time`: 15:00, 3 pm, 3:30 p.m. (minutes after midnight).
- `ordinal`: third = 3rd = 第三.
- `measure`: mass, length, area, volume in one base unit each (500 ml = 0.5 L != 500 升;
  42.195 km = 42.195 kilometres; 1 mile = 1609.344 m).
Every kind may be a range (10-15天 = 10到15天 = between 10 and 15 days): `low` < `high`.
Bounds (at least, 不超过) are cue tokens of their own (`cues`), not part of the value.

Parsing runs on text that went through `normalize` (full-width digits are ASCII, "~" and
dashes are "-") and returns offsets into that text; candidates of every pattern are taken
leftmost-longest, so that the whole reading wins ("2021-01-03" over "2021").
"""

from __future__ import annotations

import datetime as dt
import math
import re
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from functools import lru_cache, partial
from itertools import takewhile

from ..lang.compiled import PatternCodes
from .cues import first_characters, grouped_alternation
from .normalize import normalize

_RE = PatternCodes("values")  # the patterns below, built from the codes a former run kept

NAME = "values.v4"

_ZH_DIGITS = {
    "零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4,
    "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
    # The capital numerals of contracts and invoices (大写): 壹拾贰万伍仟元整.
    # 参: 參 after the normaliser's Traditional -> Simplified fold (nfkc-fold.v3).
    "壹": 1, "贰": 2, "貳": 2, "叁": 3, "參": 3, "参": 3, "肆": 4, "伍": 5, "陆": 6, "陸": 6,
    "柒": 7, "捌": 8, "玖": 9,
}  # fmt: skip
_ZH_UNITS = {"十": 10, "百": 100, "千": 1000, "拾": 10, "佰": 100, "仟": 1000}
_ZH_BIG = {"万": 10_000, "萬": 10_000, "亿": 100_000_000, "億": 100_000_000}
_ZH_CAPITALS = "壹贰貳叁參参肆伍陆陸柒捌玖拾佰仟"
_ZH_DIGITS_AND_TEN = "零〇一二两兩三四五六七八九十"
_ZH_NUMERAL = "零〇一二两兩三四五六七八九十百千万萬亿億" + _ZH_CAPITALS

_EN_SMALL = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
    "seventy": 70, "eighty": 80, "ninety": 90,
}  # fmt: skip
_EN_SCALE = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000,
             "trillion": 1_000_000_000_000, "dozen": 12}  # fmt: skip
_EN_ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
    "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
    "nineteenth": 19, "twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50,
    "sixtieth": 60, "seventieth": 70, "eightieth": 80, "ninetieth": 90, "hundredth": 100,
}  # fmt: skip
_EN_TIMES = {"once": 1, "twice": 2, "thrice": 3}
_EN_TENS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
_EN_PARTS = "thirds?|quarters?|fourths?|fifths?|tenths?"  # "two thirds", "a quarter"
# What "a" and "an" are a number before: "a hundred", "a week", "a half".
_A_NUMBER_BEFORE = (
    "hundred|thousand|million|billion|dozen|week|day|month|year|hour|minute"
    "|business|working|calendar|quarter|half"
)
_A_NUMBER = rf"\ban?\b(?=\s+(?:{_A_NUMBER_BEFORE}))"
_EN_WORD = "|".join(sorted([*_EN_SMALL, *_EN_SCALE], key=len, reverse=True))
_EN_WORD_START = "".join(sorted({word[0] for word in [*_EN_SMALL, *_EN_SCALE]}))

# Bounded repetitions and look-behinds keep every search linear in the text's length (a failed
# match inside a long run of digits or number words would otherwise be retried at each position).
_DIGITS = r"(?<!\d)(?<!\d\.)\d{1,20}(?:,\d{3}(?!\d)){0,6}(?:\.\d{1,12})?"
# A Chinese numeral: starts with a digit character or 十 (so 万一, 千万 are words, not numbers);
# a single digit character only counts before a measure word (统一, 一般 are words).
_ZH_MEASURE = (
    r"(?=[个個天日年月周小时元块盒瓶包片粒支袋枚箱吨斤克米升辆台部间层栋万萬亿億千百%倍岁次名人件份项号条页张家级类种所只位期届座"
    r"笔单户台辆套本批例宗度季旬]|工作日|星期|美元|港元|分钟)"
)
_ZH_NUMBER = (
    # A decimal in numerals before a magnitude: 三点二亿 (3.2亿; 三点 alone is three o'clock).
    rf"(?<![{_ZH_DIGITS_AND_TEN}])[{_ZH_DIGITS_AND_TEN}]{{1,4}}点[零〇一二三四五六七八九]{{1,6}}[万萬亿億]{{1,2}}"
    rf"|(?<![{_ZH_NUMERAL}])(?:[{_ZH_DIGITS_AND_TEN}{_ZH_CAPITALS}][{_ZH_NUMERAL}]{{1,12}}"
    rf"|[一二两兩三四五六七八九十]{_ZH_MEASURE})"
)
_MAGNITUDE = r"(?:\s*(?:[万萬亿億千百]+|thousand|million|billion|trillion|k\b|mn\b|bn\b|m\b))"
_NUM = (
    rf"(?:{_DIGITS}(?:[万萬亿億千百]\d*)*"
    rf"|{_ZH_NUMBER}"
    rf"|\b(?=[{_EN_WORD_START}])(?:{_EN_WORD})(?:(?:\s+|-|\s+and\s+)(?:{_EN_WORD})){{0,6}}\b"
    rf"|{_A_NUMBER})"
)
_AMOUNT = rf"(?:{_NUM}(?:(?<=\d){_MAGNITUDE})?)"
_ZH_RUN = rf"[{_ZH_NUMERAL}]{{1,12}}"  # a run of Chinese numerals, bounded (linear search)


# What an amount starts with, each branch of _NUM's first character: a look-ahead before it
# passes over the positions no number starts at with one test, not four branches' look-behinds.
_AMOUNT_START = rf"(?=[\d{_ZH_DIGITS_AND_TEN}{_ZH_CAPITALS}{_EN_WORD_START}a])"


def _named(name: str) -> str:
    return rf"(?P<{name}>{_AMOUNT_START}{_AMOUNT})"


_RANGE_SEP = r"\s*(?:-|到|至|to|and)\s*"

_DURATION_UNITS = [
    (r"[个個]?工作日|working\s+days?|business\s+days?|workdays?|work\s+days?", "workday"),
    (r"[个個]?自然日|calendar\s+days?|天|日|days?", "day"),
    (r"[个個]?小时|hours?|hrs?\b", "hour"),
    (r"分钟|minutes?|mins?\b", "minute"),
    (r"[个個]?星期|[个個]?礼拜|周(?!岁)|weeks?", "week"),
    (r"[个個]月|[个個]?月份|months?", "month"),
    (r"周岁|年|years?(?:\s+old)?|岁", "year"),
]
_UNIT = "|".join(f"(?P<u{i}>{pattern})" for i, (pattern, _) in enumerate(_DURATION_UNITS))

# Measures: (pattern, dimension, size in the dimension's base unit: g, m, L, m²).
_MEASURE_UNITS = [
    (r"毫克|mg|milligrams?", "mass", 0.001),
    (r"千克|公斤|kg|kilograms?|kilos?", "mass", 1000.0),
    (r"克|g|grams?", "mass", 1.0),
    (r"斤", "mass", 500.0),
    (r"吨|tonnes?|tons?", "mass", 1_000_000.0),
    (r"平方公里|km2|km²|square\s+kilomet(?:er|re)s?", "area", 1_000_000.0),
    (r"平方米|m2|m²|sq\.?\s*m|square\s+met(?:er|re)s?", "area", 1.0),
    (r"公顷|hectares?|ha", "area", 10_000.0),
    (r"亩", "area", 666.667),
    (r"毫米|mm|millimet(?:er|re)s?", "length", 0.001),
    (r"厘米|cm|centimet(?:er|re)s?", "length", 0.01),
    (r"公里|千米|km|kilomet(?:er|re)s?", "length", 1000.0),
    (r"米|m|met(?:er|re)s?", "length", 1.0),
    (r"miles?|mi", "length", 1609.344),
    (r"feet|foot|ft", "length", 0.3048),
    (r"inch(?:es)?|in\.", "length", 0.0254),
    (r"毫升|ml|millilit(?:er|re)s?", "volume", 0.001),
    (r"升|l|lit(?:er|re)s?", "volume", 1.0),
]
_MEASURE = "|".join(f"(?P<m{i}>{pattern})" for i, (pattern, _, _) in enumerate(_MEASURE_UNITS))

_CURRENCY_PREFIX = {
    "us$": "USD", "$": "USD", "usd": "USD", "hk$": "HKD", "hkd": "HKD", "¥": "CNY", "￥": "CNY",
    "rmb": "CNY", "cny": "CNY", "人民币": "CNY", "€": "EUR", "eur": "EUR", "£": "GBP", "gbp": "GBP",
    "jpy": "JPY",
}  # fmt: skip
_CURRENCY_SUFFIX = {
    "元": "CNY", "块": "CNY", "元人民币": "CNY", "人民币": "CNY", "yuan": "CNY", "rmb": "CNY",
    "cny": "CNY", "美元": "USD", "美金": "USD", "dollars": "USD", "dollar": "USD", "usd": "USD",
    "港元": "HKD", "港币": "HKD", "hkd": "HKD", "欧元": "EUR", "euros": "EUR", "euro": "EUR",
    "eur": "EUR", "英镑": "GBP", "pounds": "GBP", "gbp": "GBP", "日元": "JPY", "yen": "JPY",
}  # fmt: skip


def _alternation(words: dict[str, str] | list[str]) -> str:
    return "|".join(re.escape(word) for word in sorted(words, key=len, reverse=True))


_PREFIX = rf"(?P<pre>{_alternation(_CURRENCY_PREFIX)})"
_SUFFIX = rf"(?P<suf>{_alternation(_CURRENCY_SUFFIX)})"

_MONTHS = {
    name: index
    for index, name in enumerate(
        ["january", "february", "march", "april", "may", "june", "july", "august", "september",
         "october", "november", "december"],
        start=1,
    )
}  # fmt: skip
# "may" alone is the modal verb: as a month it needs a day or a year beside it.
_MONTH_WORD = "|".join([*_MONTHS, *(m[:3] for m in _MONTHS if m != "may"), "sept"])
_ORD = r"(?:st|nd|rd|th)?"
_ZH_D = rf"(?:\d{{1,4}}|[{_ZH_NUMERAL}]{{1,5}})"
_PERCENT = r"%|percent\b|per\s+cent\b"


def _by_first_letter(words: list[str]) -> str:
    """An alternation of `words` grouped by their first character, behind a look-ahead for those
    characters: "(?=[abd...])(?:a(?:ugust|n|)|b(?:illion)|...)" (see `grouped_alternation`)."""
    return f"(?={first_characters(words)})(?:{grouped_alternation(words)})"


# Where a match can start. A pattern is tried only at the positions of its start classes, each
# found once per text by one scan (`_STARTS`), instead of at every character: the look-ahead of a
# number admits nearly every position of English text (any letter that starts a number word),
# and a dozen patterns tried the whole alternation of a number there. Each class holds every
# position where a match of its patterns can start (tests/test_value_starts.py checks it
# pattern by pattern); a pattern of no class (_ANYWHERE) is searched through the whole text.
_VALUE_WORDS_AT = [*_EN_SMALL, *_EN_SCALE, *_MONTH_WORD.split("|"), *_EN_ORDINALS, *_EN_TIMES, "half"]
_STARTS: dict[str, re.Pattern[str]] = {
    # The first digit of a run (every pattern reading digits has a look-behind for a digit or \b).
    "digits": _RE.compile(r"\d(?<!\d\d)"),
    # Where a number in Chinese numerals can start (the look-behinds of _ZH_NUMBER's branches).
    "numerals": _RE.compile(rf"[{_ZH_DIGITS_AND_TEN}{_ZH_CAPITALS}](?<![{_ZH_DIGITS_AND_TEN}].)"),
    # A number, ordinal, month, times or half word at the start of a word; "a" and "an" before what
    # they count ("a week", "a half", "a third").
    "words": _RE.compile(
        rf"\b(?={first_characters([*_VALUE_WORDS_AT, 'a'])})"
        rf"(?:{grouped_alternation(_VALUE_WORDS_AT)}|an?\b(?=\s+(?:{_A_NUMBER_BEFORE})|[\s-](?:{_EN_PARTS})))",
        re.IGNORECASE,
    ),
    "halves": _RE.compile("一(?=半)|半"),
    # A year, month or hour in Chinese: up to five digits or numerals before 年, 月 or 点 (no
    # look-behind: 12021年 holds 2021年); 上午, 晚上 ... before the hour (one character taken,
    # so that 晚上午 has both).
    "before 年月点": _RE.compile(rf"[\d{_ZH_NUMERAL}](?=[\d{_ZH_NUMERAL}]{{0,4}}[年月点時时])"),
    "day parts": _RE.compile("[上下晚凌中早](?=[午上晨])"),
    "between": _RE.compile("between", re.IGNORECASE),
    "currency": _RE.compile(rf"(?={_by_first_letter(list(_CURRENCY_PREFIX))})", re.IGNORECASE),
}


def _occurrences(words: tuple[str, ...], text: str) -> list[int]:
    """Where each of `words` starts in `text` (overlapping), in order."""
    positions = []
    for word in words:
        position = text.find(word)
        while position >= 0:
            positions.append(position)
            position = text.find(word, position + 1)
    return sorted(positions)


# The same starts read from the text in small letters (`_in_small_letters`): there IGNORECASE
# matches a letter and its capital alone, so the pattern (in small letters) runs without it and
# the engine skips along to its first characters; literals are found by `str.find`. (Under
# IGNORECASE it tries the pattern at every position: a class of cased letters is no prefix.)
_WORD_STARTS_IN_SMALL_LETTERS = _RE.compile(_STARTS["words"].pattern)
_IN_SMALL_LETTERS: dict[str, Callable[[str], list[int]]] = {
    "words": lambda lowered: [match.start() for match in _WORD_STARTS_IN_SMALL_LETTERS.finditer(lowered)],
    "between": partial(_occurrences, ("between",)),
    "currency": partial(_occurrences, tuple(_CURRENCY_PREFIX)),
}
# What IGNORECASE reads as an ASCII letter that `str.lower` does not make one: ſ (s), K (k), İ, ı (i).
_FOLDED_TO_ASCII = "\u017f\u212a\u0130\u0131"
_HAN_RE = _RE.compile("[\u4e00-\u9fff]")


@lru_cache(maxsize=4)  # read by the three classes and the word runs of one text in turn
def _in_small_letters(text: str) -> str | None:
    """`text.lower()` where the patterns of `_IN_SMALL_LETTERS` (ASCII letters, \\b, \\s, "-",
    currency signs) match in it, without IGNORECASE, where they match in `text` with it: each
    character in the same place (no İ, whose small letter is two), none read as an ASCII
    letter it is not (tests/test_value_start_scans.py checks every character)."""
    if text.isascii():
        return text.lower()
    if _HAN_RE.search(text):
        return None  # Chinese: few letters, and the regex fails fast at the others
    lowered = text.lower()
    if len(lowered) != len(text) or any(char in text for char in _FOLDED_TO_ASCII):
        return None
    return lowered


# Classes whose every start is a Chinese character: an ASCII text (`str.isascii` reads a flag)
# has none, and is not scanned for them.
_NOT_IN_ASCII = frozenset({"numerals", "halves", "before 年月点", "day parts"})
_AT_DIGITS = ("digits",)
_AT_AMOUNT = ("digits", "numerals", "words")  # every branch of _NUM
_AT_WORDS = ("words",)
_AT_HALVES = ("halves", "words")
_AT_CURRENCY = ("currency",)
_AT_BETWEEN = ("between",)
_AT_AMOUNT_BEFORE_TAIL = ("amounts before a tail",)  # see _AMOUNT_TAILS_RE
_AT_BETWEEN_OR_AMOUNT = ("between", *_AT_AMOUNT_BEFORE_TAIL)
_AT_YEAR_OR_MONTH = ("before 年月点",)
_AT_HOUR = ("before 年月点", "day parts")
_ANYWHERE: tuple[str, ...] = ()

_PATTERNS: list[tuple[str, re.Pattern[str], tuple[str, ...]]] = [
    ("ymd", _RE.compile(r"(?<![\d.])(?P<y>\d{4})([-/.])(?P<m>\d{1,2})\2(?P<d>\d{1,2})(?![\d])"), _AT_DIGITS),
    ("ymd", _RE.compile(rf"(?P<y>{_ZH_D})年(?P<m>{_ZH_D})月(?P<d>{_ZH_D})[日号]"), _AT_YEAR_OR_MONTH),
    (
        "ym",
        _RE.compile(rf"(?P<y>\d{{4}}|[{_ZH_NUMERAL}]{{4}})年(?P<m>{_ZH_D})月(?!{_ZH_D}[日号])"),
        _AT_YEAR_OR_MONTH,
    ),
    (
        "y",
        _RE.compile(rf"(?<![\d{_ZH_NUMERAL}])(?P<y>\d{{4}}|[{_ZH_NUMERAL}]{{4}})年(?!{_ZH_D}月)"),
        _AT_YEAR_OR_MONTH,
    ),
    ("md", _RE.compile(rf"(?<![年\d])(?P<m>{_ZH_D})月(?P<d>{_ZH_D})[日号]"), _AT_YEAR_OR_MONTH),
    (
        "ymd",
        _RE.compile(
            rf"\b(?P<mw>{_MONTH_WORD})\.?\s+(?P<d>\d{{1,2}}){_ORD}\s*,?\s*(?P<y>\d{{4}})\b", re.IGNORECASE
        ),
        _AT_WORDS,
    ),
    (
        "ymd",
        _RE.compile(
            rf"\b(?P<d>\d{{1,2}}){_ORD}\s*(?:of\s+)?,?\s*(?P<mw>{_MONTH_WORD})\.?\s*,?\s*(?P<y>\d{{4}})\b",
            re.IGNORECASE,
        ),
        _AT_DIGITS,
    ),
    # "June 2018", "June, 2018" (the normaliser writes "june,2018"): a month of a year.
    (
        "ym",
        _RE.compile(rf"\b(?P<mw>{_MONTH_WORD})\.?(?:\s*,\s*|\s+)(?P<y>\d{{4}})\b", re.IGNORECASE),
        _AT_WORDS,
    ),
    (
        "md",
        _RE.compile(rf"\b(?P<mw>{_MONTH_WORD})\.?\s+(?P<d>\d{{1,2}}){_ORD}\b(?!\s*,?\s*\d{{4}})", re.I),
        _AT_WORDS,
    ),
    (
        "md",
        _RE.compile(rf"\b(?P<d>\d{{1,2}}){_ORD}\s+(?:of\s+)?(?P<mw>{_MONTH_WORD})\b", re.IGNORECASE),
        _AT_DIGITS,
    ),
    ("dmy?", _RE.compile(r"(?<![\d./])(?P<a>\d{1,2})([/.])(?P<b>\d{1,2})\2(?P<y>\d{4})(?![\d])"), _AT_DIGITS),
    (
        "time",
        _RE.compile(r"(?<![\d:])(?P<h>\d{1,2}):(?P<mi>\d{2})(?:\s*(?P<ap>[ap])\.?m\b\.?)?", re.I),
        _AT_DIGITS,
    ),
    ("time", _RE.compile(r"(?<![\d:.])(?P<h>\d{1,2})\s*(?P<ap>[ap])\.?m\b\.?", re.IGNORECASE), _AT_DIGITS),
    (
        "time",
        _RE.compile(
            rf"(?P<zap>上午|下午|晚上|凌晨|中午|早上)?(?P<h>\d{{1,2}}|[{_ZH_NUMERAL}]{{1,3}})[点時时](?:(?P<mi>\d{{1,2}}|[{_ZH_NUMERAL}]{{1,3}})分|(?P<half>半))?"
        ),
        _AT_HOUR,
    ),
    ("ordinal", _RE.compile(r"\b(?P<n>\d+)(?:st|nd|rd|th)\b", re.IGNORECASE), _AT_DIGITS),
    ("ordinal", _RE.compile(rf"第(?P<n>\d{{1,12}}|{_ZH_RUN})"), _ANYWHERE),
    (
        "ordinal",
        _RE.compile(
            rf"\b(?:(?P<tens>{_EN_TENS})-)?(?P<w>{'|'.join(_EN_ORDINALS)})\b",
            re.IGNORECASE,
        ),
        _AT_WORDS,
    ),
    ("ratio", _RE.compile(rf"百分之(?P<n>{_ZH_RUN}|{_DIGITS})(?:点(?P<frac>{_ZH_RUN}))?"), _ANYWHERE),
    ("ratio", _RE.compile(rf"(?P<den>{_ZH_RUN}|\d{{1,12}})分之(?P<n>{_ZH_RUN}|\d{{1,12}})"), _ANYWHERE),
    (
        "ratio",
        _RE.compile(rf"{_named('lo')}%?{_RANGE_SEP}{_named('n')}\s*(?:{_PERCENT})", re.I),
        _AT_AMOUNT_BEFORE_TAIL,
    ),
    ("ratio", _RE.compile(rf"{_named('n')}\s*(?:{_PERCENT})", re.IGNORECASE), _AT_AMOUNT_BEFORE_TAIL),
    ("ratio", _RE.compile(r"(?<![\d/])(?P<n>\d+)/(?P<den>\d+)(?![\d/])"), _AT_DIGITS),
    ("ratio", _RE.compile(r"一半|\b(?:one[\s-]half|a\s+half|half)\b", re.IGNORECASE), _AT_HALVES),
    (
        "ratio",
        _RE.compile(rf"\b(?P<w>one|two|a)[\s-](?P<part>{_EN_PARTS})\b", re.IGNORECASE),
        _AT_WORDS,
    ),
    (
        "money",
        _RE.compile(
            rf"{_PREFIX}\s*{_named('lo')}{_RANGE_SEP}(?:{_alternation(_CURRENCY_PREFIX)})?\s*{_named('n')}",
            re.IGNORECASE,
        ),
        _AT_CURRENCY,
    ),
    ("money", _RE.compile(rf"{_PREFIX}\s*{_named('n')}(?:\s*{_SUFFIX})?", re.IGNORECASE), _AT_CURRENCY),
    (
        "money",
        _RE.compile(rf"{_named('lo')}{_RANGE_SEP}{_named('n')}\s*{_SUFFIX}", re.IGNORECASE),
        _AT_AMOUNT_BEFORE_TAIL,
    ),
    ("money", _RE.compile(rf"{_named('n')}\s*{_SUFFIX}", re.IGNORECASE), _AT_AMOUNT_BEFORE_TAIL),
    (
        "measure",
        _RE.compile(rf"{_named('lo')}{_RANGE_SEP}{_named('n')}\s*(?:{_MEASURE})(?![a-z])", re.I),
        _AT_AMOUNT_BEFORE_TAIL,
    ),
    (
        "measure",
        _RE.compile(rf"{_named('n')}\s*(?:{_MEASURE})(?![a-z])", re.IGNORECASE),
        _AT_AMOUNT_BEFORE_TAIL,
    ),
    (
        "duration",
        _RE.compile(rf"(?:between\s+)?{_named('lo')}{_RANGE_SEP}{_named('n')}\s*(?:{_UNIT})", re.I),
        _AT_BETWEEN_OR_AMOUNT,
    ),
    # "30 days", "30-day window", "a seven-year sentence": a number joined to its unit by a hyphen
    # is the same duration.
    (
        "duration",
        _RE.compile(rf"{_named('n')}(?:\s*|-)(?:{_UNIT})(?P<half>半|\s+and\s+a\s+half\b)?", re.I),
        _AT_AMOUNT_BEFORE_TAIL,
    ),
    (
        "duration",
        _RE.compile(r"半(?P<u>年|个月|天|小时)|\bhalf\s+an?\s+(?P<eu>year|month|day|hour)\b", re.I),
        _AT_HALVES,
    ),
    ("frequency", _RE.compile(rf"{_named('n')}\s*(?:times\b|次|倍)", re.IGNORECASE), _AT_AMOUNT_BEFORE_TAIL),
    ("frequency", _RE.compile(rf"\b(?P<w>{'|'.join(_EN_TIMES)})\b", re.IGNORECASE), _AT_WORDS),
    (
        "number",
        _RE.compile(rf"between\s+{_named('lo')}\s*(?:-|and|to)\s*{_named('n')}", re.IGNORECASE),
        _AT_BETWEEN,
    ),
    (
        "number",
        _RE.compile(rf"{_named('lo')}\s*(?:-|到|至|to)\s*{_named('n')}", re.IGNORECASE),
        _AT_AMOUNT_BEFORE_TAIL,
    ),
    ("era", _RE.compile(rf"公元前\s*{_named('n')}", re.IGNORECASE), _ANYWHERE),
    (
        "era",
        _RE.compile(rf"{_named('n')}\s*(?:b\.?c\.?e?\.?|bce)(?![a-z])", re.IGNORECASE),
        _AT_AMOUNT_BEFORE_TAIL,
    ),
    ("number", _RE.compile(_named("n"), re.IGNORECASE), _AT_AMOUNT),
]


# What a pattern cannot match without: a pattern whose gate finds nothing in the text is not
# run. Each is a part every match of the pattern contains, so skipping changes no result; it
# spares the scans that read a number at every word and then miss the unit (100 KB of
# "one one ..." took 3.5 s, a dozen patterns failing at each of 25,000 words).
_GATES: dict[str, re.Pattern[str]] = {
    "ratio%": _RE.compile(_PERCENT, re.IGNORECASE),
    "money": _RE.compile(_by_first_letter([*_CURRENCY_PREFIX, *_CURRENCY_SUFFIX]), re.IGNORECASE),
    "measure": _RE.compile(
        "(?:" + "|".join(pattern for pattern, _, _ in _MEASURE_UNITS) + ")(?![a-z])", re.IGNORECASE
    ),
    "duration": _RE.compile("|".join(pattern for pattern, _ in _DURATION_UNITS), re.IGNORECASE),
    "frequency": _RE.compile(r"times\b|次|倍", re.IGNORECASE),
    "range": _RE.compile(r"-|到|至|to", re.IGNORECASE),
    "era": _RE.compile(r"公元前|b\.?c", re.IGNORECASE),
}


# Patterns not built on a number (_NUM), told by how their source starts or a group they
# alone have, and the part each cannot match without.
_STARTS_GATES: list[tuple[str, re.Pattern[str]]] = [
    (rf"(?P<y>{_ZH_D})年", _RE.compile("年")),
    (rf"(?P<y>\d{{4}}|[{_ZH_NUMERAL}]{{4}})年", _RE.compile("年")),
    (rf"(?<![\d{_ZH_NUMERAL}])(?P<y>", _RE.compile("年")),
    ("(?<![年\\d])(?P<m>", _RE.compile("月")),
    ("(?<![\\d:.])(?P<h>", _RE.compile(r"[ap]\.?m", re.IGNORECASE)),
    ("(?P<zap>", _RE.compile("[点時时]")),
    ("\\b(?P<n>\\d+)(?:st|nd|rd|th)", _RE.compile(r"\d(?:st|nd|rd|th)", re.IGNORECASE)),
    ("第", _RE.compile("第")),
    ("百分之", _RE.compile("百分之")),
    ("(?P<den>", _RE.compile("分之")),
    ("(?<![\\d/])(?P<n>\\d+)/", _RE.compile("/")),
]
_GROUP_GATES: list[tuple[str, re.Pattern[str]]] = [
    ("(?P<mw>", _RE.compile(_by_first_letter(_MONTH_WORD.split("|")), re.IGNORECASE)),
    ("):(?P<mi>", _RE.compile(":")),
    ("(?P<tens>", _RE.compile(_by_first_letter(list(_EN_ORDINALS)), re.IGNORECASE)),
    (
        "(?P<part>",
        _RE.compile(_by_first_letter(["third", "quarter", "fourth", "fifth", "tenth"]), re.IGNORECASE),
    ),
]


def _gate(kind: str, pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    source = pattern.pattern
    if kind == "ratio" and _PERCENT in source:
        return _GATES["ratio%"]
    if kind == "number" and not source.startswith("between") and "到" in source:
        return _GATES["range"]
    if kind == "duration" and "(?P<u0>" in source:
        return _GATES["duration"]
    if kind == "frequency" and "(?P<n>" in source:
        return _GATES["frequency"]
    if kind == "era" and source.startswith("公元前"):
        return None  # its own search looks for the literal first
    if kind in ("money", "measure", "era"):
        return _GATES[kind]
    if "(?P<n>" in source and not source.startswith(
        ("第", "百分之", "(?<![\\d/])", "\\b(?P<n>\\d+)", "(?P<den>")
    ):
        return None  # a number alone: no gate
    starts = (gate for prefix, gate in _STARTS_GATES if source.startswith(prefix))
    groups = (gate for group, gate in _GROUP_GATES if group in source)
    return next(starts, None) or next(groups, None)


_GATED = [(kind, pattern, starts, _gate(kind, pattern)) for kind, pattern, starts in _PATTERNS]


def _after_the_amount(source: str) -> str:
    """What a pattern that starts with an amount (after an optional "between") needs after it,
    its groups unnamed (one alternation holds them all)."""
    source = source.removeprefix(r"(?:between\s+)?")
    head = next((head for head in (_named("lo"), _named("n")) if source.startswith(head)), None)
    if head is None:
        raise ValueError(f"a pattern tried at amounts before a tail starts with no amount: {source[:40]}")
    return re.sub(r"\(\?P<\w+>", "(?:", source[len(head) :])


# An amount followed by what one of the patterns that start with an amount needs after it (a
# range, a unit, a currency, "%", "times"...): where it does not match, none of them can (each
# is the amount and one of these alternatives), and most numbers are followed by none of them.
# One try of it at each amount spares a dozen tries of patterns that fail there. No alternative
# starts with a digit, "," or ".": the guard spares trying them all after each shorter reading of
# "1,234.5" (tests/test_value_starts.py reads their first characters).
_NO_TAIL_STARTS_WITH = r"(?![\d,.])"
_AMOUNT_TAILS_RE = _RE.compile(
    rf"{_AMOUNT_START}{_AMOUNT}{_NO_TAIL_STARTS_WITH}(?:"
    + "|".join(
        _after_the_amount(pattern.pattern)
        for _, pattern, starts in _PATTERNS
        if _AT_AMOUNT_BEFORE_TAIL[0] in starts
    )
    + ")",
    re.IGNORECASE,
)
# Start classes read from another class: its positions where a probe matches.
_PROBED: dict[str, tuple[tuple[str, ...], re.Pattern[str]]] = {
    _AT_AMOUNT_BEFORE_TAIL[0]: (_AT_AMOUNT, _AMOUNT_TAILS_RE)
}
# A gate is a search of the whole text, dearer than trying a pattern at a few dozen positions:
# it is searched only before a pattern with more start positions than this (a text of number
# words, "one one one ..."), which bounds what the tries without it cost.
_TRIES_WITHOUT_GATE = 32


# The patterns grouped by their start classes (in the order of the first of each): a text is
# scanned for a class once, and a class with no start in it rules out all its patterns at once.
# Gates that are a literal or a class of literal characters, with no IGNORECASE: the engine finds
# one at memory-search speed, cheaper than trying their patterns at a few starts (":" for a
# time, "/" for a share, 年 for a year): searched whatever the number of starts.
_LITERAL_GATES = frozenset(
    gate
    for _, _, _, gate in _GATED
    if gate is not None
    and not gate.flags & re.IGNORECASE
    and re.fullmatch(r"[^\\\[\](){}.*+?|^$]+|\[[^\\\]^-]+\]", gate.pattern)
)

# A pattern as `_candidates` tries it: (priority, kind, pattern, gate, the gate's number, whether
# the gate is searched whatever the number of starts). Read once here: a pattern's hash is
# computed over its whole code at each look-up.
_Tried = tuple[int, str, re.Pattern[str], "re.Pattern[str] | None", int, bool]


def _by_classes() -> list[tuple[tuple[str, ...], list[_Tried]]]:
    """The patterns grouped by their start classes (in the order of the first of each): a text is
    scanned for a class once, and a class with no start in it rules out all its patterns at once."""
    gate_numbers: dict[re.Pattern[str] | None, int] = {}
    groups: dict[tuple[str, ...], list[_Tried]] = {}
    for priority, (kind, pattern, classes, gate) in enumerate(_GATED):
        number = gate_numbers.setdefault(gate, len(gate_numbers))
        groups.setdefault(classes, []).append((priority, kind, pattern, gate, number, gate in _LITERAL_GATES))
    return list(groups.items())


_BY_CLASSES = _by_classes()

# Classes of patterns that hold an amount after the start (a currency, "between"): with no
# amount in the text none of them matches (an amount starts where `_AT_AMOUNT` has a start).
_NEED_AN_AMOUNT = frozenset({_AT_CURRENCY, _AT_BETWEEN, _AT_BETWEEN_OR_AMOUNT})


# What no value can be without: a digit, a Chinese numeral or 半, or else the start of a number,
# ordinal, times, month or half word (the "words" start class): a text with neither has none.
_VALUE_CHAR_RE = _RE.compile(rf"[\d{_ZH_NUMERAL}半]", re.IGNORECASE)


@dataclass(frozen=True)
class Value:
    """A value found in text. `low` == `high` for a point; `unit` is the currency, the
    duration's unit, or the date's granularity (day, month, monthday)."""

    kind: str
    low: float | None
    high: float | None
    unit: str | None
    start: int
    end: int
    date: dt.date | None = None
    alternatives: tuple[dt.date, ...] = ()  # an ambiguous numeric date's other readings

    @property
    def is_range(self) -> bool:
        return self.low is not None and self.high is not None and self.low != self.high

    def key(self) -> tuple[object, ...]:
        """Equal keys = equal values (durations in a base unit, amounts rounded)."""
        if self.kind == "date":
            return ("date", self.unit, self.date, self.alternatives)
        factor, unit = 1.0, self.unit
        if self.kind == "duration" and self.unit in _TO_BASE:
            factor, unit = _TO_BASE[self.unit]
        return (self.kind, unit, _round(self.low, factor), _round(self.high, factor))

    def describe(self) -> str:
        if self.kind == "version":
            return f"version {self.unit}"
        if self.kind == "date":
            formats = {"day": "%Y-%m-%d", "month": "%Y-%m", "year": "%Y", "monthday": "%m-%d"}
            return self.date.strftime(formats[self.unit or "day"]) if self.date else "?"
        span = f"{_g(self.low)}-{_g(self.high)}" if self.is_range else _g(self.high)
        if self.kind == "ratio":
            return (
                f"{_g((self.low or 0) * 100)}-{_g((self.high or 0) * 100)}%"
                if self.is_range
                else f"{_g((self.high or 0) * 100)}%"
            )
        return f"{span} {self.unit}" if self.unit else span

    def compare(self, other: Value) -> str:
        """`equal`, `ambiguous` (a numeric date that may or may not be it) or `conflict`."""
        if self.key() == other.key():
            return "equal"
        if self.kind == "date" and other.kind == "date" and self.unit == other.unit == "day":
            if self.alternatives and other.date in (self.date, *self.alternatives):
                return "ambiguous"
            if other.alternatives and self.date in (other.date, *other.alternatives):
                return "ambiguous"
        return "conflict"


def _g(amount: float | None) -> str:
    return "?" if amount is None else f"{amount:.12g}"


def _round(amount: float | None, factor: float) -> float | None:
    """Exact for whole numbers (a phone or account number keeps every digit); other amounts
    to 12 significant digits, so that a unit conversion does not leave float noise."""
    if amount is None:
        return None
    scaled = amount * factor
    if scaled != scaled or abs(scaled) == float("inf") or scaled == int(scaled):
        return scaled
    return float(f"{scaled:.12g}")


# Units that convert exactly: to hours, and to months; a workday converts to nothing.
_TO_BASE = {
    "minute": (1 / 60, "hour"),
    "hour": (1.0, "hour"),
    "day": (24.0, "hour"),
    "week": (168.0, "hour"),
    "month": (1.0, "month"),
    "year": (12.0, "month"),
}


MAX_NUMBER_CHARS = 100  # the longest number the patterns read is about 70 characters


def parse_number(token: str) -> float | None:
    """The number a token names; None for a token too long to be one (bounded before any
    conversion: int() refuses 4,301 digits, 'one' + ' hundred' * 155 overflows a float) or
    a value no float holds."""
    if len(token) > MAX_NUMBER_CHARS:
        return None
    try:
        number = _parse_number(token)
    except (OverflowError, ValueError):
        return None
    return number if number is None or math.isfinite(number) else None


_SCALE_AT_END_RE = _RE.compile(r"\s*(thousand|million|billion|trillion|k|mn|bn|m)$")
_DIGITS_AND_MAGNITUDES_RE = _RE.compile(r"([\d,.]+)((?:[万萬亿億千百]\d*)*)")
_WORD_BREAK_RE = _RE.compile(r"[\s-]+")
_OF_AFTER_RE = _RE.compile(r"\s+of\b", re.IGNORECASE)


def _parse_number(token: str) -> float | None:
    token = token.strip().lower()
    if not token:
        return None
    magnitude = 1.0
    scale = _SCALE_AT_END_RE.search(token)
    if scale and token[0].isdigit():
        magnitude = {"k": 1e3, "m": 1e6, "mn": 1e6, "bn": 1e9}.get(scale.group(1)) or _EN_SCALE[
            scale.group(1)
        ]
        token = token[: scale.start()]
    if token[0].isdigit():
        digits = _parse_digits(token)
        return digits * magnitude if digits is not None else None
    if token in ("a", "an"):
        return 1.0
    if token[0] in _ZH_NUMERAL:
        return _parse_chinese(token)
    return _parse_english(token)


def _parse_digits(token: str) -> float | None:
    """Digits, possibly with Chinese magnitudes after them: 1.5万, 1万2千, 3.5亿."""
    match = _DIGITS_AND_MAGNITUDES_RE.fullmatch(token)
    if not match:
        return None
    try:
        head = float(match.group(1).replace(",", ""))
    except ValueError:
        return None
    tail = match.group(2)
    if not tail:
        return head
    return _parse_chinese_with_digits(match.group(1).replace(",", "") + tail)


def _parse_chinese_with_digits(token: str) -> float | None:
    """1.5万 = 15000, 1万2千 = 12000, 3千亿 = 300000000000."""
    pieces = [(float(number) if number else None, unit) for number, unit in _ZH_PIECE_RE.findall(token)]
    return _chinese_amount([piece for piece in pieces if piece != (None, "")])


def _parse_chinese_decimal(token: str) -> float | None:
    """三点二亿: the whole part, then the decimals as digits, then the magnitude."""
    whole, _, rest = token.partition("点")
    decimals = rest.rstrip("万萬亿億")
    units = _parse_chinese(whole)
    if units is None or not decimals or any(char not in _ZH_DIGITS for char in decimals):
        return None
    fraction = float("0." + "".join(str(_ZH_DIGITS[char]) for char in decimals))
    magnitude = _chinese_amount([(None, unit) for unit in rest[len(decimals) :]]) if rest != decimals else 1.0
    return (units + fraction) * magnitude


def _parse_chinese(token: str) -> float | None:
    if "点" in token:
        return _parse_chinese_decimal(token)
    if all(char in _ZH_DIGITS for char in token) and len(token) > 1:
        return float("".join(str(_ZH_DIGITS[char]) for char in token))  # 二〇二一
    pieces: list[tuple[float | None, str]] = []
    for char in token:
        if char in _ZH_DIGITS:
            pieces.append((float(_ZH_DIGITS[char]), ""))
        elif char in _ZH_UNITS or char in _ZH_BIG:
            pieces.append((None, char))
        else:
            return None
    return _chinese_amount(pieces)


_ZH_PIECE_RE = _RE.compile(r"([\d.]*)([万萬亿億千百十仟佰拾]?)")


def _chinese_amount(pieces: list[tuple[float | None, str]]) -> float:
    """(digit, unit) pieces read the Chinese way: 十百千 scale the digit before them inside a
    section, 万 closes the section below 亿, 亿 closes everything (三亿五千万 = 350000000)."""
    result = below_yi = section = number = 0.0
    for digit, unit in pieces:
        if digit is not None:
            number = digit
        if unit in _ZH_UNITS:
            section += (number or 1.0) * _ZH_UNITS[unit]
            number = 0.0
        elif unit in ("万", "萬"):
            below_yi += (section + number or 1.0) * 10_000
            section = number = 0.0
        elif unit in ("亿", "億"):
            result += (below_yi + section + number or 1.0) * 100_000_000
            below_yi = section = number = 0.0
    return result + below_yi + section + number


def _parse_english(token: str) -> float | None:
    total = current = 0
    seen = False
    for word in _WORD_BREAK_RE.split(token):
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


def find_values(text: str, before: int | None = None) -> list[Value]:
    """Every typed value in (normalised) `text`, leftmost-longest, no overlaps. With `before`,
    the first of them: those read from the matches that start before it (a value starts where
    its match does, or one character before: its minus sign), as `find_values(text)` has them,
    since each value is chosen by the ones before it alone."""
    return list(_find_values(text, before))


@lru_cache(maxsize=16384)
def _find_values(text: str, before: int | None = None) -> tuple[Value, ...]:
    # Each match is read (`_read`) only when no longer match before it covers it: most numbers
    # match several patterns at one start, and the reading of the others would be thrown away.
    starts: dict[tuple[str, ...], list[int]] = {}
    if _VALUE_CHAR_RE.search(text) is None and not _start_positions(text, _AT_WORDS, starts):
        return ()  # every value holds a digit, a numeral or 半, or a number word starts it
    found: list[Value] = []
    cursor = 0
    # By start, length and priority: one pattern's matches start apart, so no two tie.
    for start, _, _, kind, match in sorted(_candidates(text, starts, before)):
        if start >= cursor and (value := _read(kind, match)) is not None:
            found.append(_as_written(value, text))
            cursor = found[-1].end
    return tuple(found)


def _candidates(
    text: str, starts: dict[tuple[str, ...], list[int]], before: int | None = None
) -> list[tuple[int, int, int, str, re.Match[str]]]:
    """(start, -length, priority, kind, match) of every match of every pattern that starts
    before `before` (anywhere where it is None), each pattern tried at its start classes'
    positions (searched where it has none) after its gate."""
    candidates: list[tuple[int, int, int, str, re.Match[str]]] = []
    open_gates: dict[int, bool] = {}  # a gate shared by several patterns is searched once
    for classes, patterns in _BY_CLASSES:
        if classes in _NEED_AN_AMOUNT and not _start_positions(text, _AT_AMOUNT, starts):
            continue
        positions = _start_positions(text, classes, starts, before) if classes else None
        if before is not None and positions:
            positions = positions[: bisect_left(positions, before)]
        if positions == []:
            continue
        gated = positions is None or len(positions) > _TRIES_WITHOUT_GATE
        for priority, kind, pattern, gate, number, literal_gate in patterns:
            if gate is not None and (gated or literal_gate):
                if number not in open_gates:
                    open_gates[number] = gate.search(text) is not None
                if not open_gates[number]:
                    continue
            if positions is None:
                matches: Iterable[re.Match[str]] = _starting_before(pattern.finditer(text), before)
            else:
                matches = _matches_at(pattern, text, positions)
            candidates += [(m.start(), m.start() - m.end(), priority, kind, m) for m in matches]
    return candidates


def _starting_before(matches: Iterator[re.Match[str]], before: int | None) -> Iterable[re.Match[str]]:
    """The matches (in order) that start before `before` (all where it is None)."""
    if before is None:
        return matches
    return takewhile(lambda match: match.start() < before, matches)


def _start_positions(
    text: str, classes: tuple[str, ...], found: dict[tuple[str, ...], list[int]], before: int | None = None
) -> list[int]:
    """The positions of `classes` in `text`, in order (`found` keeps each class's and each
    union's for the other patterns). A probed class is probed before `before` alone (where
    patterns are tried: `_candidates`), the others read through the whole text."""
    positions = found.get(classes)
    if positions is None:
        if len(classes) > 1:
            parts = [part for name in classes if (part := _start_positions(text, (name,), found, before))]
            positions = parts[0] if len(parts) == 1 else sorted({p for part in parts for p in part})
        elif classes[0] in _NOT_IN_ASCII and text.isascii():
            positions = []
        elif classes[0] in _IN_SMALL_LETTERS and (lowered := _in_small_letters(text)) is not None:
            positions = _IN_SMALL_LETTERS[classes[0]](lowered)
        elif classes[0] in _STARTS:
            positions = [match.start() for match in _STARTS[classes[0]].finditer(text)]
        else:
            base, probe = _PROBED[classes[0]]
            tried = _start_positions(text, base, found)
            if before is not None:
                tried = tried[: bisect_left(tried, before)]
            positions = [p for p in tried if probe.match(text, p)]
        found[classes] = positions
    return positions


def _matches_at(pattern: re.Pattern[str], text: str, positions: list[int]) -> list[re.Match[str]]:
    """What `pattern.finditer(text)` finds when every match starts at one of `positions`: the
    first match at a position, then the first at a position after its end (no pattern matches
    the empty string). `match(text, pos)` keeps what lies before `pos` for look-behinds and \\b."""
    matches = []
    cursor = 0
    for position in positions:
        if position >= cursor:
            match = pattern.match(text, position)
            if match is not None:
                matches.append(match)
                cursor = match.end()
    return matches


# A minus sign where a number starts: "-5 °C", "returned -12%" (not the dash of "5-10").
MINUS_SIGNS = frozenset("-−")
# What the number version of a program or standard comes after: "Python 3.10", "version 2.10".
_VERSION_BEFORE_RE = _RE.compile(
    r"(?:\bversion|\bv|\bver\.?|\brelease|\bpython|\bjava|\bios|\bandroid|\bnode)\s?$"
)
_VERSION_RE = _RE.compile(r"\d+(?:\.\d+)+")


def negated(value: Value) -> Value:
    """The value with a minus sign before it (that `find_values` left out: its caller saw the
    sign in the original text, where normalisation had dropped the space before it)."""
    if value.kind not in ("number", "ratio", "measure", "money") or value.low is None or value.high is None:
        return value
    return replace(value, low=-value.high, high=-value.low, start=value.start - 1)


def _as_written(value: Value, text: str) -> Value:
    """The value with what the number's surroundings say: its sign, a decade ("the 1990s" is not
    1990) or a version ("3.10" is not "3.1": a version is compared as written)."""
    start, end = value.start, value.end
    if start and text[start - 1] in MINUS_SIGNS and (start == 1 or text[start - 2] in " \t([（"):
        return negated(value)
    written = text[start:end]
    decade = text[end : end + 1] == "s" and not text[end + 1 : end + 2].isalnum()
    if decade and value.kind in ("number", "date") and written.isdigit() and len(written) == 4:
        if written.endswith("0"):
            return Value("decade", float(written), float(written) + 9, None, start, end + 1)
    if value.kind == "number" and _VERSION_RE.fullmatch(written):
        if _VERSION_BEFORE_RE.search(text, max(0, start - 9), start):
            return Value("version", None, None, written, start, end)
    return value


def _read(kind: str, match: re.Match[str]) -> Value | None:
    start, end = match.start(), match.end()
    text = match.group(0)
    if not text.strip():
        return None
    groups = match.groupdict()
    if kind in ("ymd", "ym", "md", "dmy?", "y"):
        return _read_date(kind, groups, start, end)
    if kind == "time":
        hour, minute = (
            int(parse_number(groups["h"] or "") or 0),
            int(parse_number(groups.get("mi") or "0") or 0),
        )
        minute = 30 if groups.get("half") else minute
        meridiem = (groups.get("ap") or "").lower() or ("p" if groups.get("zap") in ("下午", "晚上") else "")
        if meridiem == "p" and hour < 12:
            hour += 12
        elif meridiem == "a" and hour == 12:
            hour = 0
        if hour > 24 or minute > 59:
            return None
        return Value("time", hour * 60 + minute, hour * 60 + minute, None, start, end)
    if kind == "frequency" and groups.get("w"):
        times = _EN_TIMES[(groups["w"] or "").lower()]
        return Value("frequency", times, times, None, start, end)
    if kind == "ordinal":
        number = _EN_ORDINALS.get((groups.get("w") or "").lower()) or parse_number(groups.get("n") or "")
        if number and groups.get("tens"):
            number += _EN_SMALL[(groups["tens"] or "").lower()]
        return Value("ordinal", number, number, None, start, end) if number else None
    if kind == "ratio":
        return _read_ratio(groups, text, start, end)
    if kind == "duration" and (groups.get("u") or groups.get("eu")):
        unit = {"年": "year", "个月": "month", "天": "day", "小时": "hour"}.get(groups.get("u") or "")
        return Value("duration", 0.5, 0.5, unit or (groups.get("eu") or "").lower(), start, end)
    if (groups.get("n") or "").lower() == "one" and _OF_AFTER_RE.match(match.string[end:]):
        return None  # "one of the deepest": a share, not a count (see cues)
    high = parse_number(groups.get("n") or "")
    if high is None or (groups.get("n") or "").lower() in ("a", "an") and kind == "number":
        return None
    low = parse_number(groups["lo"]) if groups.get("lo") else high
    if low is None or low > high:
        return None
    if kind == "money":
        currency = _CURRENCY_PREFIX.get((groups.get("pre") or "").lower()) or _CURRENCY_SUFFIX.get(
            (groups.get("suf") or "").lower()
        )
        return Value("money", low, high, currency, start, end) if currency else None
    if kind == "era":  # 1648 BC = 公元前1648年: a year before the era, never the year itself
        return Value("number", -high, -high, None, start, end)
    if kind == "measure":
        index = next(i for i in range(len(_MEASURE_UNITS)) if groups.get(f"m{i}"))
        _, dimension, size = _MEASURE_UNITS[index]
        return Value("measure", low * size, high * size, dimension, start, end)
    if kind == "duration":
        unit = next(name for i, (_, name) in enumerate(_DURATION_UNITS) if groups.get(f"u{i}"))
        extra = 0.5 if groups.get("half") else 0.0
        return Value("duration", low + extra, high + extra, unit, start, end)
    return Value(kind, low, high, None, start, end)


def _read_ratio(groups: dict[str, str | None], text: str, start: int, end: int) -> Value | None:
    lowered = text.lower()
    if (
        lowered in ("一半", "half", "a half", "one half", "one-half")
        or lowered.replace("-", " ") == "one half"
    ):
        return Value("ratio", 0.5, 0.5, None, start, end)
    if groups.get("part"):
        parts = {"third": 3, "quarter": 4, "fourth": 4, "fifth": 5, "tenth": 10}
        parts_of = parts[(groups["part"] or "").lower().rstrip("s")]
        share = (2 if (groups.get("w") or "").lower() == "two" else 1) / parts_of
        return Value("ratio", share, share, None, start, end)
    number = parse_number(groups.get("n") or "")
    if number is None:
        return None
    if groups.get("den"):
        denominator = parse_number(groups["den"] or "")
        if not denominator:
            return None
        return Value("ratio", number / denominator, number / denominator, None, start, end)
    if groups.get("frac"):
        number = float(f"{int(number)}.{''.join(str(_ZH_DIGITS.get(c, 0)) for c in groups['frac'] or '')}")
    low = parse_number(groups.get("lo") or "") if groups.get("lo") else number
    if low is None:
        return None
    return Value("ratio", low / 100, number / 100, None, start, end)


def _read_date(kind: str, groups: dict[str, str | None], start: int, end: int) -> Value | None:
    def number(name: str) -> int | None:
        raw = groups.get(name)
        parsed = parse_number(raw) if raw else None
        return int(parsed) if parsed is not None and parsed == int(parsed) else None

    month = number("m") if groups.get("m") else _month_of(groups.get("mw"))
    year, day = number("y"), number("d")
    try:
        if kind == "dmy?":
            a, b = number("a"), number("b")
            if a is None or b is None or year is None:
                return None
            readings = sorted({d for d in (_safe_date(year, b, a), _safe_date(year, a, b)) if d is not None})
            if not readings:
                return None
            first, *rest = readings
            return Value("date", None, None, "day", start, end, first, tuple(rest))
        if kind == "ymd":
            return Value("date", None, None, "day", start, end, dt.date(year or 0, month or 0, day or 0))
        if kind == "y":
            return Value("date", None, None, "year", start, end, dt.date(year or 0, 1, 1))
        if kind == "ym":
            return Value("date", None, None, "month", start, end, dt.date(year or 0, month or 0, 1))
        return Value("date", None, None, "monthday", start, end, dt.date(2000, month or 0, day or 0))
    except (ValueError, OverflowError):
        return None


def _safe_date(year: int, month: int, day: int) -> dt.date | None:
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


def _month_of(word: str | None) -> int | None:
    if not word:
        return None
    lowered = word.lower()
    return next((index for name, index in _MONTHS.items() if name.startswith(lowered[:3])), None)


def parse_value(text: str) -> Value | None:
    """The single value a string such as "15个工作日" names, or None when it names none."""
    values = find_values(normalize(text).text)
    return values[0] if len(values) == 1 else None


_RE.save()  # the codes of patterns new to this machine (or Python) kept for the next run
