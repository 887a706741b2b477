"""The declared normaliser `nfkc-fold.v4`, with a map back to the original offsets.

Steps, character by character: Unicode NFKC (full-width -> half-width, compatibility
forms), case folding, Traditional Chinese folded to Simplified (v3), punctuation variants
folded to one form (、，, -> ","; ；; -> ";"; quotes and dashes), whitespace runs (line
breaks included) folded to one space, and that space dropped next to CJK characters or
punctuation (so "申请\\n材料" == "申请材料").
v2: a bullet at the start of a line ("- ", "* ", "• ") is markup, read as the whitespace it
stands in (v1 glued "tablets\\n- every" into "tablets-every").
v3: each Han character is folded from Traditional to Simplified by OpenCC's `t2s` tables (they
ship in the `opencc` wheel), one character at a time, so that 「維修資金」 reads as 「维修资金」:
a per-character fold keeps one character for one (offsets stay exact) and gives a quote the same
folding inside a document as on its own, which a phrase-level conversion across the quote's
edges would not. OpenCC loads on the first Han character seen (English text never loads it).
v4: a list marker is read as the folded text reads it: any form that folds to a bullet ("＋ ",
"– ", "⁺ "), after and before any whitespace ("\\r", "\\u3000"), bullets in a row, and not before
what folds to a number; normalising a normalised text then changes nothing (v3 read "＋ x" as
"+ x", and "+ x" as "x").
v5: a list marker starts a line after any line break ("\\r", "\\u2028", "\\x0c", "\\x85"), not
after "\\n" alone.
A behaviour change here must become `nfkc-fold.v6`: old reports name v1, v2, v3, v4 or v5.
The whole-string Python path below is the definition; `_normalize_kernel.c`, when built, gives the
same texts and origins in one compiled pass (tests/test_normalize_kernel.py).
"""

from __future__ import annotations

import os
import re
import sys
import unicodedata
from array import array
from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import accumulate
from types import ModuleType
from typing import overload

NAME = "nfkc-fold.v5"


@lru_cache(maxsize=1)
def label() -> str:
    """What a report's signature names the normaliser by: `NAME` and the version of the OpenCC
    package whose `t2s` tables fold Traditional to Simplified (another release may fold a
    character otherwise, and so change a match without a change here)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        opencc = version("opencc")
    except PackageNotFoundError:
        opencc = "missing"
    return f"{NAME}+opencc-{opencc}"


_PUNCTUATION_FOLD = {
    "、": ",",
    "，": ",",
    "﹐": ",",
    "﹑": ",",
    "；": ";",
    "﹔": ";",
    "：": ":",
    "﹕": ":",
    "。": ".",
    "．": ".",
    "｡": ".",
    "！": "!",
    "？": "?",
    "（": "(",
    "）": ")",
    "【": "[",
    "】": "]",
    "〔": "[",
    "〕": "]",
    "《": '"',
    "》": '"',
    "〈": '"',
    "〉": '"',
    "「": '"',
    "」": '"',
    "『": '"',
    "』": '"',
    "“": '"',
    "”": '"',
    "„": '"',
    "‟": '"',
    "«": '"',
    "»": '"',
    "‘": "'",
    "’": "'",
    "‚": "'",
    "‛": "'",
    "`": "'",
    "—": "-",
    "–": "-",
    "‐": "-",
    "‑": "-",
    "‒": "-",
    "―": "-",
    "－": "-",
    "~": "-",
    "～": "-",
    "…": "...",
}


@dataclass(frozen=True)
class Normalized:
    """`text` after normalisation of `source`. `origin[i]` is the index in `source` of
    `text[i]`, and `origin[len(text)]` is `len(source)` (so end offsets map too); it is
    worked out only when asked for, since most texts never need it."""

    text: str
    source: str = field(repr=False)

    @cached_property
    def origin(self) -> Sequence[int]:
        return _origin_at_hand(self.source)

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """[start, end) in the normalised text -> [start, end) in the original text."""
        return original_span_in(self.origin, start, end)

    def origin_positions(self) -> Sequence[int]:
        """`origin` with each position at hand (`Stretches` as a list, built a stretch at a
        time): for a caller that maps most of the text's words (names are read from case)."""
        origin = self.origin
        return origin.as_list() if isinstance(origin, Stretches) else origin


def original_span_in(origin: Sequence[int], start: int, end: int) -> tuple[int, int]:
    """`Normalized.original_span` through an `origin` map at hand (`origin_positions`)."""
    if end <= start:
        return origin[start], origin[start]
    return origin[start], origin[end - 1] + 1


# The CJK blocks (ideographs, compatibility ideographs, kana, Hangul syllables), first to last.
_CJK_RANGES = (
    (0x3040, 0x30FF),
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xAC00, 0xD7AF),
    (0xF900, 0xFAFF),
    (0x20000, 0x2FFFF),
)


def _is_cjk(char: str) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in _CJK_RANGES)


def _is_glue(char: str) -> bool:
    """Characters next to which a space carries no meaning."""
    return _is_cjk(char) or unicodedata.category(char).startswith("P")


def _is_han(char: str) -> bool:
    code = ord(char)
    return 0x4E00 <= code <= 0x9FFF or 0x3400 <= code <= 0x4DBF or 0x20000 <= code <= 0x2FFFF


@lru_cache(maxsize=1)
def _traditional_to_simplified() -> Callable[[str], str]:
    import opencc  # here: only a text with Han characters pays for loading the tables

    return opencc.OpenCC("t2s").convert


def _simplified(char: str) -> str:
    """A Han character in its Simplified form; any other character as it is. Converted until
    it stays (薴 -> 苧 -> 苎), so that normalising twice changes nothing; a conversion to more
    than one character is not taken (one for one, so that offsets stay)."""
    if not _is_han(char):
        return char
    convert = _traditional_to_simplified()
    for _ in range(4):
        simplified: str = convert(char)
        if len(simplified) != 1 or simplified == char:
            break
        char = simplified
    return char


@lru_cache(maxsize=4096)
def _fold_char(char: str) -> str:
    folded = unicodedata.normalize("NFKC", char).casefold()
    return "".join(_PUNCTUATION_FOLD.get(part) or _simplified(part) for part in folded)


def folded_char(char: str) -> str:
    """What one character folds to in a normalised text (NFKC, case folding, the punctuation
    fold, simplified Chinese): "：" is ":", "（" is "(", "Ａ" is "a"."""
    return _TABLE[ord(char)]


def normalize(text: str) -> Normalized:
    return Normalized(_text_at_hand(text), text)


# A bullet at the start of a line (or of the text), before whitespace, not before a number (a
# line "- 5%" may be a minus sign). A numbered item's "1." stays: the number of a clause is a word
# of it ("2. The rent …" is not "3. The rent …"). Read as the folded text reads (v4): a marker is
# any character that folds to one of `_MARKERS` ("＋", "–", "⁺"), whitespace any whitespace, and
# "a number" what folds to one ("５", "²", "，"); bullets in a row ("* * x") are all markup. So
# normalising the normalised text changes nothing (v3 left "＋ x" as "+ x", read again as "x").
_MARKERS = "-*+•·▪‣◦"
# The characters whose fold is one of `_MARKERS` (tests/test_text.py derives them from the
# fold, over all of Unicode): listed, since the fold of every character is too slow to take here.
# U+0387 (Greek ano teleia) is written escaped: editors store it as its canonical U+00B7.
_MARKER_FORMS = "*+-~·\u0387‐‑‒–—―•‣⁺₊▪◦﬩︱︲﹘﹡﹢﹣＊＋－～"
# A line starts after any of `str.splitlines`' line breaks ("\r", "\u2028", "\x0c", ...): `(?m)^`
# reads only "\n" (v4 kept "a\r- b" as "a-b" where "a\n- b" is "a b").
LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
_LINE_BREAK_RE = re.compile(f"[{LINE_BREAKS}]")
_MARKER_RE = re.compile(rf"(?:^|(?<=[{LINE_BREAKS}]))\s*[{re.escape(_MARKER_FORMS)}](?=\s)")
# How the fold of what starts a number begins ("5", "５", "²", "-5", ".5"): a bullet before it
# may be its sign.
_BEFORE_A_NUMBER_RE = re.compile(r"[-+.,\d]")
_SPACE_RUN_RE = re.compile(r"\s+")


def _unmarked(text: str) -> str:
    """`text` with each list marker blanked out, character for character (offsets stay)."""
    if (text.isprintable() or not _LINE_BREAK_RE.search(text)) and not _MARKER_RE.match(text):
        return text
    blanked: list[tuple[int, int]] = []
    for match in _MARKER_RE.finditer(text):
        if blanked and match.start() < blanked[-1][1]:
            continue  # a marker of the bullets in a row blanked before
        end = _markers_end(text, match.end() - 1)
        if end is not None:
            blanked.append((match.start(), end))
    return blank_spans(text, blanked)


def blank_spans(text: str, spans: Sequence[tuple[int, int]]) -> str:
    """`text` with each [start, end) of `spans` (in order, apart) made spaces: the same offsets."""
    if not spans:
        return text
    pieces: list[str] = []
    cursor = 0
    for start, end in spans:
        pieces += (text[cursor:start], " " * (end - start))
        cursor = end
    pieces.append(text[cursor:])
    return "".join(pieces)


def _markers_end(text: str, marker: int) -> int | None:
    """Where the bullets in a row from `marker` (a marker form before whitespace) end, with the
    whitespace after them; None where the first stands before a number."""
    end = None
    while True:
        after = _SPACE_RUN_RE.match(text, marker + 1)
        if after is None:
            return end
        following = text[after.end() : after.end() + 1]
        if following and _BEFORE_A_NUMBER_RE.match(_TABLE[ord(following)]):
            return end
        end = after.end()
        if not following or following not in _MARKER_FORMS:
            return end
        marker = end


def _normalized_text(text: str) -> str:
    """The normalised text by whole-string operations: the fold (`_folded`), then one regex
    substitution that drops each whitespace run next to glue or at an end and each kept run
    past its first character, then the kept runs' characters other than " " made spaces."""
    folded, plane = _folded(_unmarked(text))
    if folded.isprintable():  # its only whitespace is " " (every other one is unprintable)
        return _dropped_spaces_re(plane).sub("", folded)
    return _OTHER_SPACE_RE.sub(" ", _dropped_runs_re(plane).sub("", folded))


_OTHER_SPACE_RE = re.compile(r"[^\S ]")


def _folded(text: str) -> tuple[str, int]:
    """Each character of `text` folded, and the `_PLANES` entry below which its characters
    are."""
    lowered = _LOWERING.fold(text)
    if lowered is not None:
        return lowered[0], lowered[2]
    folded = _TABLE.translate(text)
    return folded, _plane(folded)


# What the space patterns are compiled for: texts of the Basic Multilingual Plane (their class
# of glue and whitespace is one table, enumerated in a few ms), texts with characters of planes
# 1-2 (emoji, CJK extensions), any text (planes 3-16 enumerated too: 88 ms, on demand).
_PLANES = (0x10000, 0x30000, sys.maxunicode + 1)
_PAST_PLANE_RES = [re.compile(f"[{chr(low)}-{chr(sys.maxunicode)}]") for low in _PLANES[:-1]]


def _plane(text: str) -> int:
    if text.isascii():
        return _PLANES[0]
    for low, past in zip(_PLANES, _PAST_PLANE_RES):
        if not past.search(text):
            return low
    return _PLANES[-1]


def _plane_of(chars: str) -> int:
    return next(low for low in _PLANES if ord(max(chars)) < low)


@lru_cache(maxsize=len(_PLANES))
def _dropped_runs_re(plane: int) -> re.Pattern[str]:
    """What the normalised text drops of a folded text with characters below `plane`: a whole
    whitespace run without an "other" character (neither whitespace nor glue) on one side, or
    at an end, else the run past its first character. Each branch starts with the whitespace
    character, so that the regex engine skips from whitespace to whitespace; the possessive
    repeat keeps a run kept between two "other" characters from matching short."""
    other = _other_class(plane)
    return re.compile(rf"\s(?:(?<!{other}\s)\s*|\s*+(?!{other}))")


@lru_cache(maxsize=len(_PLANES))
def _dropped_spaces_re(plane: int) -> re.Pattern[str]:
    """`_dropped_runs_re` for a folded text whose only whitespace is " " (a literal first
    character is searched for faster than a class)."""
    other = _other_class(plane)
    return re.compile(rf" (?:(?<!{other} ) *| *+(?!{other}))")


@lru_cache(maxsize=len(_PLANES))
def _other_class(plane: int) -> str:
    """A regex class of the characters below `plane` that are neither whitespace nor glue (and
    of any at or past it), as the complement of the characters that are, listed one by one (a
    class with a category in it is searched range by range, one of characters only is a table):
    the CJK ranges whole, and between them each whitespace and punctuation character."""
    category = unicodedata.category
    codes = []
    low = 0
    for cjk_low, cjk_high in (*_CJK_RANGES, (plane, plane)):
        for code in range(low, min(cjk_low, plane)):
            char = chr(code)
            if char.isspace() or category(char)[0] == "P":  # `_is_glue` between CJK ranges
                codes.append(code)
        codes += range(cjk_low, min(cjk_high + 1, plane))
        low = cjk_high + 1
    spans: list[list[int]] = []
    for code in codes:
        if spans and spans[-1][1] == code - 1:
            spans[-1][1] = code
        else:
            spans.append([code, code])
    return (
        "[^" + "".join(re.escape(chr(a)) + (f"-{re.escape(chr(b))}" if b > a else "") for a, b in spans) + "]"
    )


def _origin(source: str) -> Sequence[int]:
    """For each character `_normalized_text(source)` keeps, its index in `source` (then
    `len(source)`): every non-space character of the folded text, and the first character of
    each whitespace run that stays as a space. As `Stretches`: one regex pass finds what is
    dropped, one what the fold expands; nothing is built per character."""
    text = _unmarked(source)
    lowered = _LOWERING.fold(text)
    if lowered is None:
        return _origin_char_by_char(text)
    folded, expanding, plane = lowered
    starts, shifts, length = _kept_stretches(folded, plane)
    if not expanding and length == len(folded):
        return range(len(text) + 1)  # one character for one, none dropped (most Chinese text)
    return Stretches(starts, shifts, length, _expanded_stretches(text, expanding), len(text))


def _kept_stretches(folded: str, plane: int) -> tuple[list[int], list[int], int]:
    """Where each stretch the normalised text keeps of `folded` starts in it, how far it was
    shifted (the characters dropped before it), and the length of the normalised text."""
    spans = [match.span() for match in _dropped_runs_re(plane).finditer(folded)]
    shifts = [0, *accumulate(end - start for start, end in spans)]
    starts = [0, *(start - before for (start, _), before in zip(spans, shifts))]
    return starts, shifts, len(folded) - shifts[-1]


def _expanded_stretches(text: str, expanding: Sequence[str]) -> tuple[list[int], list[int]]:
    """`Stretches.inner` for a fold that expands (or deletes) each of `expanding` in `text`: the
    characters of one character's fold all come from it."""
    starts, shifts, extra = [0], [0], 0
    if expanding:
        for match in re.finditer(f"[{''.join(map(re.escape, expanding))}]", text):
            position = match.start()
            width = len(_TABLE[ord(match.group())])
            starts += range(position + extra, position + extra + width)
            shifts += range(-extra, -extra - width, -1)
            extra += width - 1
            starts.append(position + 1 + extra)
            shifts.append(-extra)
    return starts, shifts


class Stretches(Sequence[int]):
    """`Normalized.origin` as stretches of positions shifted alike: position `i` of the
    normalised text is `j = i + shifts[k]` in the folded text (`starts[k]` the last start at or
    before `i`), and `j` is found the same way in `inner` (the folded text to the source);
    position `length` is `end`. Built from one regex pass; `original_span` reads two positions."""

    __slots__ = ("_starts", "_shifts", "_length", "_inner", "_end")

    def __init__(
        self, starts: list[int], shifts: list[int], length: int, inner: tuple[list[int], list[int]], end: int
    ) -> None:
        self._starts, self._shifts, self._length, self._inner, self._end = starts, shifts, length, inner, end

    def __len__(self) -> int:
        return self._length + 1

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> list[int]: ...

    def __getitem__(self, index: int | slice) -> int | list[int]:
        if isinstance(index, slice):
            return [self[position] for position in range(*index.indices(len(self)))]
        if index < 0:
            index += self._length + 1
        if not 0 <= index <= self._length:
            raise IndexError("origin index out of range")
        if index == self._length:
            return self._end
        folded = index + self._shifts[bisect_right(self._starts, index) - 1]
        starts, shifts = self._inner
        return folded + shifts[bisect_right(starts, folded) - 1]

    def as_list(self) -> list[int]:
        """`[self[i] for i in range(len(self))]`, each stretch added as a range."""
        folded: list[int] = []
        ends = [*self._starts[1:], self._length]
        for begin, end, shift in zip(self._starts, ends, self._shifts):
            folded.extend(range(begin + shift, end + shift))
        starts, shifts = self._inner
        if len(starts) > 1:
            folded = [position + shifts[bisect_right(starts, position) - 1] for position in folded]
        folded.append(self._end)
        return folded


def _origin_char_by_char(text: str) -> Sequence[int]:
    """`_origin` of a text `LoweringFold` cannot fold: its characters folded one by one."""
    parts = [_TABLE[ord(char)] for char in text]
    folded = "".join(parts)
    base = [index for index, part in enumerate(parts) for _ in part]
    origin = array("q")
    cursor = 0
    for match in _dropped_runs_re(_plane(folded)).finditer(folded):
        origin.extend(base[cursor : match.start()])
        cursor = match.end()
    origin.extend(base[cursor:])
    origin.append(len(text))
    return origin


class CharTable(dict[int, str]):
    """A `str.translate` table filled on first sight of each character by `map_char`."""

    def __init__(self, map_char: Callable[[str], str]) -> None:
        super().__init__()
        self._map_char = map_char

    def __missing__(self, code: int) -> str:
        mapped = self[code] = self._map_char(chr(code))
        return mapped


class FoldTable(CharTable):
    """A `CharTable` that maps most characters to themselves, with `translate(text)`, which is
    `text.translate(self)` but faster on text that is not ASCII: CPython looks each such
    character up in the table one by one (~0.13 µs each: 80 µs a 600-character Chinese
    chunk), so the characters known to stay as they are make a regex class whose complement
    is substituted, and only the characters that change (or have not been seen yet) are
    looked up (3-4x faster on DuReader text). ASCII text keeps `str.translate`, which has a
    fast path of its own for it."""

    def __init__(self, map_char: Callable[[str], str]) -> None:
        super().__init__(map_char)
        self._kept: set[str] = set()  # characters mapped to themselves, in `_changing`'s class
        self._pending: set[str] = set()  # the same, seen since `_changing` was compiled
        self._changing = re.compile(r"[\s\S]")  # until a class is compiled: every character

    def __missing__(self, code: int) -> str:
        mapped = super().__missing__(code)
        if len(mapped) == 1 and ord(mapped) == code:
            self._pending.add(mapped)
        return mapped

    def translate(self, text: str) -> str:
        if text.isascii():
            return text.translate(self)
        if len(self._pending) >= max(_RECOMPILE_AT, len(self._kept) // 2):
            self._recompile()  # here, not on first sight: most lookups come from `LoweringFold`
        return self._changing.sub(self._mapped, text)

    def _mapped(self, match: re.Match[str]) -> str:
        return self[ord(match.group())]

    def _recompile(self) -> None:
        self._kept |= self._pending
        self._pending = set()
        self._changing = _class_complement(self._kept)


def _class_complement(chars: set[str]) -> re.Pattern[str]:
    return re.compile(f"[^{''.join(sorted(re.escape(char) for char in chars))}]")


# New kept characters that make the class worth compiling again (15 ms for 3,000 characters):
# at least this many, and half as many as the class holds (geometric growth: a Chinese run
# compiles it a few dozen times, twice the cost of the last compile in all).
_RECOMPILE_AT = 16

# What one character not folded as `str.lower` folds it needs after `str.lower`: the
# substitutions (a lowered character, its fold), whether it folds to one character, and the
# `_PLANES` entry below which it, its lowered forms and its fold are.
_Substitutions = tuple[tuple[tuple[str, str], ...], bool, int]
_AS_LOWERED: _Substitutions = ((), True, _PLANES[0])
_CAPITAL_SIGMA = "Σ"  # `str.lower` makes it "σ", or "ς" at the end of a word


class LoweringFold:
    """The fold of a `FoldTable` as `str.lower` (one pass in C) and then `str.replace` of each
    distinct character that `str.lower` does not fold as the table does (in Chinese text the
    full-width punctuation and Traditional characters: 4 distinct ones in a median DuReader
    item; in English usually none). Exact when each such character's fold is made of characters
    the table keeps (so that no substitution feeds another) and each of its lowered forms is its
    fold or one character that the table folds alike ("Ａ" -> "ａ" -> "a"); a text with any
    other character is left to `FoldTable.translate` (`fold` gives None)."""

    def __init__(self, table: FoldTable) -> None:
        self._table = table
        self._lowered: set[str] = set()  # folded to one as `str.lower` folds them: `_unknown` skips them
        self._pending: set[str] = set()  # the same, seen since `_unknown` was compiled
        self._unknown = re.compile(r"[\s\S]")  # until a class is compiled: every character
        self._others: dict[str, _Substitutions | None] = {}
        self._ascii: list[str] | None = None

    def fold(self, text: str) -> tuple[str, list[str], int] | None:
        """`text` folded, the distinct characters of `text` whose fold is not one character, and
        the `_PLANES` entry below which the characters of both texts are; None if this route
        cannot fold it."""
        folded = text.lower()
        expanding: list[str] = []
        plane = _PLANES[0]
        if text.isascii():
            odd: Iterable[str] = [char for char in self._ascii_odd() if char in text]
        else:
            odd = set(self._unknown.findall(text))
        for char in odd:
            substitutions = self._others[char] if char in self._others else self._learnt(char)
            if substitutions is None:
                return None
            pairs, one_for_one, plane_here = substitutions
            for lowered, fold in pairs:
                folded = folded.replace(lowered, fold)
            if not one_for_one:
                expanding.append(char)
            plane = max(plane, plane_here)
        return folded, expanding, plane

    def _ascii_odd(self) -> list[str]:
        """The ASCII characters not folded as `str.lower` folds them (` and ~), learnt once."""
        if self._ascii is None:
            self._ascii = [char for char in map(chr, range(128)) if self._learnt(char) != _AS_LOWERED]
        return self._ascii

    def _learnt(self, char: str) -> _Substitutions | None:
        fold = self._table[ord(char)]
        forms = {char.lower(), "ς"} if char == _CAPITAL_SIGMA else {char.lower()}
        substitutions = self._substitutions(char, fold, forms)
        if substitutions == _AS_LOWERED and char != _CAPITAL_SIGMA:
            self._pending.add(char)
            if len(self._pending) >= max(_RECOMPILE_AT, len(self._lowered) // 2):
                self._lowered |= self._pending
                self._pending = set()
                self._unknown = _class_complement(self._lowered)
        self._others[char] = substitutions
        return substitutions

    def _substitutions(self, char: str, fold: str, forms: set[str]) -> _Substitutions | None:
        if not all(self._table[ord(part)] == part for part in fold):
            return None  # folding again would change it: a substitution could feed another
        pairs = []
        for lowered in forms - {fold}:
            if len(lowered) != 1 or self._table[ord(lowered)] != fold:
                return None
            pairs.append((lowered, fold))
        return tuple(pairs), len(fold) == 1, _plane_of(char + fold + "".join(forms))


_TABLE = FoldTable(_fold_char)
_LOWERING = LoweringFold(_TABLE)


def _load_kernel() -> ModuleType | None:
    """The compiled pass (`_normalize_kernel.c`), when it was built and EVIDENCE_EVAL_PURE_PYTHON
    is unset (or 0): the same texts and origins as `_normalized_text` and `_origin`, the
    definition and the fallback, in one pass over the code points (a realistic item's
    `normalize` takes ~6x less CPU: bench/bench_normalize.py)."""
    if os.environ.get("EVIDENCE_EVAL_PURE_PYTHON", "0") not in ("", "0"):
        return None
    try:
        from . import _normalize_kernel
    except ImportError:
        return None
    _normalize_kernel.configure(_TABLE, _is_glue, _MARKER_FORMS)
    return _normalize_kernel


_KERNEL = _load_kernel()


def _compiled_text(text: str) -> str:
    folded: str | None = _KERNEL.text_of(text, False)  # type: ignore[union-attr]
    if folded is None:  # a text with a line break, or a list marker first: unmarked here
        folded = _KERNEL.text_of(_unmarked(text), True)  # type: ignore[union-attr]
    return folded  # type: ignore[return-value]


def _compiled_origin(source: str) -> Sequence[int]:
    kept = _KERNEL.origin_of(_unmarked(source))  # type: ignore[union-attr]
    if kept is None:
        return range(len(source) + 1)  # one character for one, none dropped (most Chinese text)
    origin = array("q")
    origin.frombytes(kept)
    origin.append(len(source))
    return origin


_text_at_hand: Callable[[str], str] = _normalized_text if _KERNEL is None else _compiled_text
_origin_at_hand: Callable[[str], Sequence[int]] = _origin if _KERNEL is None else _compiled_origin


@lru_cache(maxsize=8192)
def normalize_cached(text: str) -> Normalized:
    """`normalize` for strings seen many times (quotes, fact texts, repeated items)."""
    return normalize(text)
