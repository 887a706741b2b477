"""The declared normaliser `nfkc-fold.v3`, with a map back to the original offsets.

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
A behaviour change here must become `nfkc-fold.v4`: old reports name v1, v2 or v3.
"""

from __future__ import annotations

import re
import unicodedata
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

NAME = "nfkc-fold.v3"


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
        return _origin(self.source)

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """[start, end) in the normalised text -> [start, end) in the original text."""
        if end <= start:
            return self.origin[start], self.origin[start]
        return self.origin[start], self.origin[end - 1] + 1


def _is_cjk(char: str) -> bool:
    code = ord(char)
    return (
        0x4E00 <= code <= 0x9FFF
        or 0x3400 <= code <= 0x4DBF
        or 0x20000 <= code <= 0x2FFFF
        or 0xF900 <= code <= 0xFAFF
        or 0x3040 <= code <= 0x30FF
        or 0xAC00 <= code <= 0xD7AF
    )


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


_WHITESPACE_RE = re.compile(r"\s+")


def normalize(text: str) -> Normalized:
    return Normalized(_normalized_text(text), text)


# A bullet at the start of a line (or of the text), before a space or a tab, not before a
# number (a line "- 5%" may be a minus sign). A numbered item's "1." stays: the number of a clause
# is a word of it ("2. The rent …" is not "3. The rent …").
_LIST_MARKER_RE = re.compile(r"(?m)^[ \t]*[-*+•·▪‣◦](?=[ \t])(?![ \t]+[-+.,\d])")


def _unmarked(text: str) -> str:
    """`text` with each list marker blanked out, character for character (offsets stay)."""
    if "\n" not in text and not _LIST_MARKER_RE.match(text):
        return text
    return _LIST_MARKER_RE.sub(lambda marker: " " * len(marker.group()), text)


def _normalized_text(text: str) -> str:
    """The normalised text by whole-string operations (translate, regex substitution)."""
    collapsed = _WHITESPACE_RE.sub(" ", _TABLE.translate(_unmarked(text)))
    if " " not in collapsed:
        return collapsed
    # Each space stands for a whitespace run: it stays only between two non-glue characters.
    drops = _dropped_spaces(collapsed)
    if not drops:
        return collapsed
    bounds = [-1, *drops, len(collapsed)]
    return "".join(collapsed[a + 1 : b] for a, b in zip(bounds, bounds[1:]))


def _dropped_spaces(collapsed: str) -> list[int]:
    """Where `_DROPPED_SPACE_RE` matches in the character classes of `collapsed` (each
    whitespace run already one space): the spaces without an "other" character on one side.
    Text with a space every few characters (English) is classed whole, as `str.translate` is
    fast on ASCII; text with few spaces (Chinese) one space at a time: classing every
    character of a Chinese text for its few spaces cost more than the rest of its
    normalisation."""
    if collapsed.isascii() or collapsed.count(" ") * _SPACED > len(collapsed):
        return [match.start() for match in _DROPPED_SPACE_RE.finditer(collapsed.translate(_CLASSES))]
    return _dropped_spaces_one_by_one(collapsed)


_SPACED = 16  # characters a space: more spaces than one in this many, and the text is classed whole


def _dropped_spaces_one_by_one(collapsed: str) -> list[int]:
    last = len(collapsed) - 1
    drops = []
    position = collapsed.find(" ")
    while position >= 0:
        if (
            position == 0
            or position == last
            or _CLASSES[ord(collapsed[position - 1])] != "o"
            or _CLASSES[ord(collapsed[position + 1])] != "o"
        ):
            drops.append(position)
        position = collapsed.find(" ", position + 1)
    return drops


def _origin(text: str) -> Sequence[int]:
    """For each character `_normalized_text(text)` keeps, its index in `text` (then
    `len(text)`): every non-space character of the folded text, and the first character of
    each whitespace run that stays as a space. One regex pass over the character classes
    finds what is dropped; the kept stretches between are copied whole."""
    folded, base = _fold(text)
    if isinstance(base, range) and not _WHITESPACE_RE.search(folded):
        return range(len(text) + 1)  # one character for one, none dropped (most Chinese text)
    origin = array("q")
    cursor = 0
    for match in _DROPPED_RUN_RE.finditer(folded.translate(_CLASSES)):
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
            if len(self._pending) >= max(_RECOMPILE_AT, len(self._kept) // 2):
                self._recompile()
        return mapped

    def translate(self, text: str) -> str:
        if text.isascii():
            return text.translate(self)
        return self._changing.sub(self._mapped, text)

    def _mapped(self, match: re.Match[str]) -> str:
        return self[ord(match.group())]

    def _recompile(self) -> None:
        self._kept |= self._pending
        self._pending = set()
        kept = "".join(sorted(re.escape(char) for char in self._kept))
        self._changing = re.compile(f"[^{kept}]")


# New kept characters that make the class worth compiling again (15 ms for 3,000 characters):
# at least this many, and half as many as the class holds (geometric growth: a Chinese run
# compiles it a few dozen times, twice the cost of the last compile in all).
_RECOMPILE_AT = 16


def _space_class(char: str) -> str:
    """Whitespace " ", glue "g", anything else "o"."""
    return " " if char.isspace() else "g" if _is_glue(char) else "o"


_CLASSES = CharTable(_space_class)
# A space with no "other" character on one side (or none at all: the text's ends). Each
# pattern starts with the space (the look-behind "o " after it looks at the character before
# it), so that the regex engine skips from space to space.
_DROPPED_SPACE_RE = re.compile(r" (?:(?<!o )|(?!o))")
# In the folded text's classes, what the normalised text drops: a whole whitespace run without
# an "other" character on one side (or at an end), else the run past its first character.
# (The possessive " *+" keeps a run kept between two "other" characters from matching short.)
_DROPPED_RUN_RE = re.compile(r" (?:(?<!o ) *| *+(?!o))")


def _fold_noting_expansions(char: str) -> str:
    folded = _fold_char(char)
    if len(folded) != 1:
        _NOT_ONE_TO_ONE.add(char)
    return folded


_TABLE = FoldTable(_fold_noting_expansions)
_NOT_ONE_TO_ONE: set[str] = set()


def _fold(text: str) -> tuple[str, Sequence[int]]:
    """Each character folded (list markers blanked out); the original index of each folded
    character."""
    text = _unmarked(text)
    folded = _TABLE.translate(text)
    if len(folded) == len(text) and _NOT_ONE_TO_ONE.isdisjoint(text):
        return folded, range(len(text))  # the common case: one character for one
    parts = [_TABLE[ord(char)] for char in text]
    return "".join(parts), [index for index, part in enumerate(parts) for _ in part]


@lru_cache(maxsize=8192)
def normalize_cached(text: str) -> Normalized:
    """`normalize` for strings seen many times (quotes, fact texts, repeated items)."""
    return normalize(text)
