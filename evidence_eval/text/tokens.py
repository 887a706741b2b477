"""Tokens with a claim role (`tokens.v5`): what a fact or a quote is aligned with.

A text (already normalised) becomes a sequence of tokens, each with a `key` (what must be
equal for two tokens to match) and a `category`:
- `value:<kind>` — one token per typed value, however many words it spans ("十五个工作日",
  "$1.5 million"); the key is the value's canonical form, so 15个工作日 == 十五个工作日.
- a cue category of `cues` (modal, bound, time_order, quant, weekday, day_part, ..., neg,
  hedge, correction), found as phrases first so that "no later than" is one bound.
- `name` — proper names and codes (case in English, jieba's name tags in Chinese); only
  marked where asked (facts and quotes: the side whose names must be stated). A capital that
  opens a line or a sentence is no name; v5 reads that opening as the folded text does: after
  any whitespace, any line break and an opener in any of its forms ("：", "。", "（", "\r").
- `word` (content) and `function` (stop words): English words keyed by their lookup lemma;
  Chinese words cut into characters, so that two segmentations of one text align alike.
`critical` tokens are values, names and the claim cues: each must meet an equal token.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from operator import attrgetter
from typing import Any

from .cues import (
    CLAIM_CATEGORIES,
    EN_NEGATING_PREFIXES,
    QUALIFIERS,
    ZH_MODAL_HEADS,
    ZH_NEG_PREFIXES,
    ZH_NOT_NEGATING,
    Cue,
    negated_stem,
    phrase_cues,
    word_cue,
)
from .normalize import LINE_BREAKS, Normalized, blank_spans, folded_char, normalize_cached, original_span_in
from .segment import Segmenter, segmenter_for
from .values import MINUS_SIGNS, Value, find_values, negated

NAME = "tokens.v5"

_ZH_FUNCTION_CHARS = frozenset(
    "的了是在为和与及或等将对于由被把也就之其该此这那个所并而且则向从以到着过们地得"
)
_PUNCTUATION_RE = re.compile(r"^[\W_]+$")
# Each match is one character: ; , : ! ? " ( ) [ ], or "." between letters (two before it) or
# after a digit and before a letter. Written to start with the character class, so that the
# regex engine skips ahead to the next candidate instead of trying three branches everywhere.
_PUNCTUATION_GLUE_RE = re.compile(
    r"[;,:!?\"()\[\].](?:(?<=[;,:!?\"()\[\]])|(?<=[^\W\d_]{2}\.)(?=[^\W\d_])|(?<=\d\.)(?=[^\W\d_]))"
)
_SENTENCE_OPENERS = frozenset(".!?:;\"'([\n-*•")


@dataclass(frozen=True, slots=True)
class Token:
    start: int
    end: int
    key: str
    category: str
    negates: int = 0
    stem: str | None = None  # the key without a negating prefix (nonrefundable -> refundable)
    value: Value | None = None
    # Derived from the category once (read millions of times by the alignment):
    critical: bool = field(init=False, compare=False, repr=False)
    weight: int = field(init=False, compare=False, repr=False)  # 0: a stop word or qualifier

    def __post_init__(self) -> None:
        critical, weight = _category_roles(self.category)
        object.__setattr__(self, "critical", critical)
        object.__setattr__(self, "weight", weight)


@cache  # one entry per category: a few dozen
def _category_roles(category: str) -> tuple[bool, int]:
    critical = category.startswith("value") or category == "name" or category in CLAIM_CATEGORIES
    return critical, 0 if category in QUALIFIERS else 1


class _Unfrozen:
    """Token's slots without the frozen dataclass's `__setattr__` guard: `_build` fills one in
    with plain attribute stores, then makes it the Token it is (the same slots, so Python allows
    the `__class__` assignment). Four times as fast as `Token(...)`; millions are made a run."""

    __slots__ = Token.__slots__


_NEW = object.__new__


def _build(
    start: int,
    end: int,
    key: str,
    category: str,
    negates: int,
    stem: str | None,
    critical: bool,
    weight: int,
) -> Token:
    """`Token(start, end, key, category, negates, stem)` (no value), given the roles that
    `_category_roles(category)` gives."""
    token: Any = _NEW(_Unfrozen)
    token.start = start
    token.end = end
    token.key = key
    token.category = category
    token.negates = negates
    token.stem = stem
    token.value = None
    token.critical = critical
    token.weight = weight
    token.__class__ = Token
    return token


@lru_cache(maxsize=32768)
def tokenize(text: str, language: str, names: bool = False) -> tuple[Token, ...]:
    """The tokens of `text` after normalisation (offsets into `normalize(text).text`);
    `names` marks proper names, read from the original case. Each is made once, by
    `_unnamed_tokens` or `_named_tokens`, whatever the form of the call (`names=True`, `True`,
    `False` or nothing: keys that differ in this cache)."""
    return _named_tokens(text, language) if names else _unnamed_tokens(text, language)


@lru_cache(maxsize=32768)
def _unnamed_tokens(text: str, language: str) -> tuple[Token, ...]:
    return tuple(_tokens(normalize_cached(text), segmenter_for(language), False))


@lru_cache(maxsize=16384)
def _named_tokens(text: str, language: str) -> tuple[Token, ...]:
    """The tokens without names, names marked in them: a third of the Chinese texts whose
    names are marked (fact surfaces, quotes) are tokenised without them too (answer
    sentences, items)."""
    segmenter = segmenter_for(language)
    unnamed = list(_unnamed_tokens(text, language))
    return tuple(_mark_names(unnamed, normalize_cached(text), segmenter, segmenter.language.startswith("zh")))


def window_tokens(text: str, language: str, lo: int, hi: int) -> tuple[Token, ...]:
    """`starting_in(tokenize(text, language), lo, hi)` (offsets into the normalised text),
    English without the words outside the window: the values and cue phrases are found on the
    whole text, as `_tokens` finds them (one kept can hide the next), the words only in the
    stretches of the gaps between them that reach into the window, cut at spaces (a word never
    holds one, so a stretch's words are the gap's). Where a post-pass could change a token of
    the window (it reads the tokens before it), and in Chinese, the whole text's tokens."""
    segmenter = segmenter_for(language)
    if segmenter.language.startswith("zh"):
        return starting_in(tokenize(text, language), lo, hi)
    norm = normalize_cached(text)
    found = _english_tokens_in(norm, segmenter, lo, hi)
    if _a_post_pass_may_change(found, norm.text):
        return starting_in(tokenize(text, language), lo, hi)
    return tuple(found)


def starting_in(tokens: tuple[Token, ...], lo: int, hi: int) -> tuple[Token, ...]:
    """The tokens that start in [lo, hi) (`tokens` by start)."""
    return tokens[bisect_left(tokens, lo, key=_START) : bisect_left(tokens, hi, key=_START)]


_START = attrgetter("start")


def _english_tokens_in(norm: Normalized, segmenter: Segmenter, lo: int, hi: int) -> list[Token]:
    """`_tokens`'s tokens (before its post-passes) that start in [lo, hi)."""
    text = norm.text
    found: list[Token] = []
    cursor = 0
    # The kept spans that start before the first space from `hi` on: where the stretch after
    # the window ends whichever starts there or later (`_stretch_around`).
    space = text.find(" ", hi)
    kept = _kept_spans(norm, False, space if space >= 0 else None)
    for start, end, token in (*kept, (len(text), len(text), None)):
        if cursor < start and cursor < hi and lo < start:
            found.extend(_word_tokens(text, *_stretch_around(text, cursor, start, lo, hi), segmenter, False))
        if start >= hi:
            break
        if token is not None and lo <= start:
            found.append(token)
        cursor = end
    return [token for token in found if lo <= token.start < hi]


def _stretch_around(text: str, start: int, end: int, lo: int, hi: int) -> tuple[int, int]:
    """The stretch of the gap [start, end) that holds every word reaching into [lo, hi): from
    the last space at or before `lo` to the first at or after `hi` (the gap's ends where none)."""
    if lo > start:
        space = text.rfind(" ", start, lo + 1)
        start = space if space >= 0 else start
    if hi < end:
        space = text.find(" ", hi, end)
        end = space if space >= 0 else end
    return start, end


def _a_post_pass_may_change(tokens: list[Token], text: str) -> bool:
    """Whether `_nor_carries_on` or `_participles_after_determiners` could change one of the
    tokens of `text` (neither changes a text without its words)."""
    nor = "nor" in text
    participle = any(cue in text for cue in _PARTICIPLE_CUES)
    if not (nor or participle):
        return False
    for token in tokens:
        surface = text[token.start : token.end]
        if nor and token.negates > 0 and surface == "nor":
            return True
        if participle and token.category == "cond" and surface in _PARTICIPLE_CUES:
            return True
    return False


def _tokens(norm: Normalized, segmenter: Segmenter, names: bool) -> list[Token]:
    text = norm.text
    chinese = segmenter.language.startswith("zh")
    tokens = _kept_and_word_tokens(norm, segmenter, chinese)
    if not chinese:
        tokens = _nor_carries_on(tokens, text)
        tokens = _participles_after_determiners(tokens, text, segmenter)
    else:
        tokens = _may_decline(tokens, text)
    if names:
        tokens = _mark_names(tokens, norm, segmenter, chinese)
    return tokens


def _kept_spans(norm: Normalized, chinese: bool, before: int | None = None) -> list[tuple[int, int, Token]]:
    """The values, and the cue phrases where no value is, by start: each that starts after the
    end of the one kept before it. With `before`, those that start before it (the same: a span
    is kept by the ones before it alone), read from the cue phrases that start before it and
    the values that start before the end of the last of them (what makes a cue phrase free)."""
    text = norm.text
    cues = phrase_cues(text, chinese)
    matched_before = None
    if before is not None:
        cues = [cue for cue in cues if cue[0] < before]
        # A value starts where its match does, or one character before (a minus sign).
        matched_before = max([before, *(end for _, end, _ in cues)]) + 1
    spans: list[tuple[int, int, Token]] = []
    for value in find_values(text, matched_before):
        if value.start and _signed_in_source(norm, value.start):
            value = negated(value)
        spans.append(
            (
                value.start,
                value.end,
                Token(value.start, value.end, repr(value.key()), f"value:{value.kind}", value=value),
            )
        )
    taken = _Taken(spans)
    for start, end, cue in cues:
        if taken.free(start, end):
            spans.append((start, end, _cue_token(start, end, cue, text[start:end])))
    spans.sort(key=lambda entry: entry[0])
    kept: list[tuple[int, int, Token]] = []
    cursor = 0
    for start, end, token in spans:
        if before is not None and start >= before:
            break
        if start >= cursor:
            kept.append((start, end, token))
            cursor = end
    return kept


def _kept_and_word_tokens(norm: Normalized, segmenter: Segmenter, chinese: bool) -> list[Token]:
    """The kept spans' tokens and the words' of the gaps between them, in order: the words cut
    in one pass over the text with the kept spans blanked, not gap by gap."""
    text = norm.text
    kept = _kept_spans(norm, chinese)
    # The kept spans blanked: the words of the text are then the words of the gaps between them,
    # each cut on its own (no word holds a space, jieba cuts block by block, and the punctuation
    # made a space before the cut, `_word_tokens`, reads no letter across a blank).
    blanked = blank_spans(text, [(start, end) for start, end, _ in kept])
    tokens = _word_tokens(blanked, 0, len(text), segmenter, chinese)
    if kept:  # no two tokens start at one place: by start is the order of the text
        tokens = sorted([*tokens, *(token for _, _, token in kept)], key=_START)
    return tokens


def _nor_carries_on(tokens: list[Token], text: str) -> list[Token]:
    """ "neither cash nor cheques", "does not accept cash nor cards": a "nor" after a negation
    carries that negation on, it adds none (two would read as an affirmation)."""
    if "nor" not in text:
        return tokens
    negated = False
    for index, token in enumerate(tokens):
        if negated and token.negates and text[token.start : token.end] == "nor":
            tokens[index] = Token(token.start, token.end, "nor", "function")
        negated = negated or token.negates > 0
    return tokens


# "Based on the provided context": a participle a determiner leads is an adjective, no condition
# ("provided that the form is complete", "refunds are paid, provided the form is complete" are).
_DETERMINERS = frozenset(
    "the this that these those a an your our my their its his her any all each every".split()
)
_PARTICIPLE_CUES = frozenset({"provided"})


def _participles_after_determiners(tokens: list[Token], text: str, segmenter: Segmenter) -> list[Token]:
    if not any(cue in text for cue in _PARTICIPLE_CUES):
        return tokens  # the whole loop's only change needs one of them in the text
    for index in range(1, len(tokens)):
        token, before = tokens[index], tokens[index - 1]
        word = text[token.start : token.end]
        led = text[before.start : before.end] in _DETERMINERS
        if led and word in _PARTICIPLE_CUES and token.category == "cond":
            stem = _english_stem(word, segmenter)
            tokens[index] = Token(token.start, token.end, segmenter.lemma(word), "word", stem=stem)
    return tokens


def _signed_in_source(norm: Normalized, start: int) -> bool:
    """A minus sign right before the number at `start`, after a space, a bracket or nothing in
    the original text ("fell to -5 °C"; normalisation drops that space, and "COVID-19" has none)."""
    if norm.text[start - 1] not in MINUS_SIGNS:
        return False
    sign, _ = norm.original_span(start - 1, start)
    return sign == 0 or norm.source[sign - 1] in " \t\n([（"


MAY, _NEED = "modal:may", "modal:need"


_DECLINE = frozenset({"拒绝", "谢绝", "婉拒"})


def _may_decline(tokens: list[Token], text: str) -> list[Token]:
    """可以拒绝加班: a permission to decline is no obligation (无需加班), and never a ban
    (不可以加班). The refusal right after 可以 moves onto the modal: `need`, negated once. Only a
    verb of refusal: 可以免费退货 is a permission to return for free."""
    if not any(word in text for word in _DECLINE):
        return tokens  # the loop changes a token only before one of them
    for index in range(len(tokens) - 1):
        modal, following = tokens[index], tokens[index + 1]
        declines = text[following.start : following.end] in _DECLINE
        if modal.key == MAY and not modal.negates and declines and following.start == modal.end:
            tokens[index] = Token(modal.start, modal.end, _NEED, "modal", 1)
            tokens[index + 1] = Token(following.start, following.end, "neg:moved", "function")
    return tokens


class _Taken:
    """Which stretches are taken already (sorted, non-overlapping)."""

    def __init__(self, spans: list[tuple[int, int, Token]]):
        self._starts = [start for start, _, _ in spans]
        self._ends = [end for _, end, _ in spans]

    def free(self, start: int, end: int) -> bool:
        index = bisect_right(self._starts, start) - 1
        if index >= 0 and self._ends[index] > start:
            return False
        following = index + 1
        return following >= len(self._starts) or self._starts[following] >= end


def _cue_token(start: int, end: int, cue: Cue, surface: str) -> Token:
    return _build(*_cue_row(start, end, cue, surface))


def _cue_row(start: int, end: int, cue: Cue, surface: str) -> _Row:
    if cue.category in ("function", "word"):
        return _row(start, end, surface, cue.category)
    return _row(start, end, f"{cue.category}:{cue.key}", cue.category, cue.negates)


_Row = tuple[int, int, str, str, int, "str | None", bool, int]
_Template = tuple[_Row, ...]


def _word_tokens(text: str, start: int, end: int, segmenter: Segmenter, chinese: bool) -> list[Token]:
    gap = text[start:end]
    if not gap.strip():
        return []
    tokens: list[Token] = []
    append = tokens.append
    # Normalisation drops the space after punctuation ("taxable;gifts"): punctuation becomes a
    # space for the word cutter (same length, so offsets hold); "u.s." and "6.4" stay whole.
    for begin, finish in segmenter.words(_PUNCTUATION_GLUE_RE.sub(" ", gap)):
        offset = start + begin
        for b, f, key, category, negates, stem, critical, weight in word_template(
            gap[begin:finish], chinese, segmenter, True
        ):
            token: Any = _NEW(_Unfrozen)  # `_build`, inlined: a call a token saved
            token.start = offset + b
            token.end = offset + f
            token.key = key
            token.category = category
            token.negates = negates
            token.stem = stem
            token.value = None
            token.critical = critical
            token.weight = weight
            token.__class__ = Token
            append(token)
    return tokens


def _row(start: int, end: int, key: str, category: str, negates: int = 0, stem: str | None = None) -> _Row:
    """`Token(start, end, key, category, negates, stem)` as a row of a template (its roles read
    once per category): a word's tokens are made once as rows, then built where it stands."""
    return (start, end, key, category, negates, stem, *_category_roles(category))


def _shifted(template: _Template, offset: int) -> list[_Row]:
    return [
        (offset + b, offset + f, key, category, negates, stem, critical, weight)
        for b, f, key, category, negates, stem, critical, weight in template
    ]


@lru_cache(maxsize=65536)
def word_template(word: str, chinese: bool, segmenter: Segmenter, as_cut: bool = False) -> _Template:
    """The tokens of a word as (start, end, key, category, negates, stem, critical, weight),
    offsets from 0. `as_cut`: the word as the word cutter gave it, so a full stop after it
    ("id." at the end of a sentence) is dropped and punctuation alone has no token."""
    if as_cut:
        if word.endswith(".") and len(word) > 2 and word[-2].isalpha() and "." not in word[:-1]:
            word = word[:-1]
        if _PUNCTUATION_RE.match(word):
            return ()
    return tuple(_word_rows(word, chinese, segmenter))


def _word_rows(word: str, chinese: bool, segmenter: Segmenter) -> list[_Row]:
    end = len(word)
    cue = word_cue(word, chinese)
    if cue is not None:
        return [_cue_row(0, end, cue, word)]
    if chinese and not word.isascii():
        stem = negated_stem(word, chinese)
        if stem is not None and not segmenter.is_noun(word):
            return [_row(0, 1, "neg:neg", "neg", 1), *_shifted(word_template(stem, chinese, segmenter), 1)]
        chars = [_character(char, i, inside=0 < i < end - 1) for i, char in enumerate(word)]
        if word in ZH_NOT_NEGATING:
            chars = [_row(row[0], row[1], row[2], "word") if row[4] else row for row in chars]
        if end >= 3 and word[0] in ZH_MODAL_HEADS:
            chars[0] = _row(0, 1, "modal:must", "modal")
        return chars
    if word.endswith("n't") and end > 3:
        return [*word_template(word[:-3], chinese, segmenter), _row(end - 3, end, "neg:neg", "neg", 1)]
    lemma = segmenter.lemma(word)
    if segmenter.is_stop_word(word):
        return [_row(0, end, lemma, "function")]
    return [_row(0, end, lemma, "word", 0, _english_stem(word, segmenter))]


def _character(char: str, start: int, *, inside: bool) -> _Row:
    """One character of a Chinese word; a negating one inside a word negates (行动不便,
    看不见), one that starts a noun does not (不动产, 非处方药: see `negated_stem`)."""
    if inside and char in ZH_NEG_PREFIXES:
        return _row(start, start + 1, "neg:neg", "neg", 1)
    return _row(start, start + 1, char, "function" if char in _ZH_FUNCTION_CHARS else "word")


@lru_cache(maxsize=65536)
def _english_stem(word: str, segmenter: Segmenter) -> str | None:
    """The word a negating prefix negates: non- always (nonrefundable), un-/in-/im-/il-/ir-/dis-
    only before the endings of adjectives (ineligible, unpaid, illegal); "disclose", "inform",
    "discharged" keep their own meaning."""
    for prefix in EN_NEGATING_PREFIXES:
        if not word.startswith(prefix):
            continue
        rest = word[len(prefix) :].lstrip("-")
        if len(rest) < 4:
            continue
        if prefix == "non" or rest in _NEGATABLE or (prefix != "dis" and rest.endswith(_ADJECTIVE_ENDINGS)):
            return segmenter.lemma(rest)
    return None


_ADJECTIVE_ENDINGS = ("able", "ible", "ful", "ent", "ant", "ive", "ous", "ic", "al", "ary", "paid", "known")
_NEGATABLE = frozenset(
    "complete correct secure valid fair true safe sure clear common usual likely limited authorized "
    "authorised approved qualified allowed satisfied honest agree approve allow qualify insured used "
    "restricted regulated licensed registered employed married signed".split()
)


def _mark_names(tokens: list[Token], norm: Normalized, segmenter: Segmenter, chinese: bool) -> list[Token]:
    if chinese:
        return _mark_chinese_names(tokens, segmenter.proper_names(norm.text))
    source = norm.source
    marked = list(tokens)
    capitalised = [False] * len(tokens)
    origin = norm.origin_positions()
    for index, token in enumerate(tokens):
        if token.category not in ("word", "function"):
            continue
        begin, finish = original_span_in(origin, token.start, token.end)
        original = source[begin:finish]
        if original.islower() and original.isalpha():
            continue  # no capital, and no name (`_looks_like_name`'s first rule), read without a call
        capitalised[index] = original[:1].isupper()
        if _looks_like_name(original, token.category, source, begin):
            marked[index] = _as_name(token)
    # A capitalised word next to a name is part of it ("Retail Emporium", "Z. Torres").
    last = len(marked) - 1
    for index, token in enumerate(tokens):
        if not capitalised[index] or marked[index].category == "name":
            continue
        if (index > 0 and marked[index - 1].category == "name") or (
            index < last and marked[index + 1].category == "name"
        ):
            marked[index] = _as_name(token)
    return marked


def _mark_chinese_names(tokens: list[Token], name_spans: list[tuple[int, int]]) -> list[Token]:
    """Words that start inside a name jieba tagged become names."""
    inside = {position for start, end in name_spans for position in range(start, end)}
    return [
        _as_name(token) if token.start in inside and token.category in ("word", "function") else token
        for token in tokens
    ]


_NAME_ROLES = _category_roles("name")


def _as_name(token: Token) -> Token:
    return _build(token.start, token.end, token.key, "name", 0, token.stem, *_NAME_ROLES)


_INITIAL_RE = re.compile(r"[A-Z]\.")


def _looks_like_name(original: str, category: str, source: str, begin: int) -> bool:
    """Whether a word, `original` as written at `begin` in `source`, is a name or a code."""
    if original.islower() and original.isalpha():
        return False  # what the rules below say of a word in small letters, found at once
    letters = [char for char in original if char.isalpha()]
    if not letters:
        return False
    if any(char.isdigit() for char in original):
        return True  # codes: W-8BEN, A12
    if _INITIAL_RE.fullmatch(original):
        return True  # an initial
    if len(letters) >= 2 and any(char.isupper() for char in original[1:]):
        return True  # IRS, CleanCo, IV
    if not original[0].isupper() or category == "function":
        return False
    return not _opens_line_or_sentence(source, begin)


def _opens_line_or_sentence(source: str, begin: int) -> bool:
    """Whether `source[begin:]` starts the text, a line or a sentence: nothing but whitespace
    before it since a sentence opener (as it folds: "：", "（", "“" are ":", "(", '"'), or a
    line break (any of `str.splitlines`') in the whitespace just before it. (Read backwards
    from `begin`, not by a search over all of `source[:begin]`.)"""
    index = begin
    while index > 0 and source[index - 1].isspace():
        index -= 1
        if source[index] in LINE_BREAKS:
            return True
    return index == 0 or folded_char(source[index - 1])[-1:] in _SENTENCE_OPENERS


def polarity_of(tokens: Sequence[Token]) -> int:
    """How many negations the tokens carry."""
    return sum(token.negates for token in tokens)
