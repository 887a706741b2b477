"""An exact upper bound of rapidfuzz's `fuzz.partial_ratio`, from a few LCS lengths.

`partial_ratio(s1, s2)` slides the shorter string (the needle, `a` characters) over the longer
one (the haystack, `n`) and keeps the best `fuzz.ratio`, 200·LCS/(a + w), of the needle with
a window of `w` characters: full windows (w = a), and the haystack's prefixes and suffixes
shorter than the needle (rapidfuzz looks at some of these windows, never at others). A window
that lies inside a stretch B of the haystack has LCS ≤ min(w, LCS(needle, B)) =: min(w, L), so
it scores at most 200·min(w, L)/(a + w) ≤ 200·L/(a + L), and a full window at most 100·L/a.
Every prefix lies in the first `a` characters and every suffix in the last `a`; the full
windows are covered by overlapping blocks. When no stretch's bound reaches the cutoff, neither
does `partial_ratio`: the bound never says "below" where rapidfuzz would find a window.

Most quotes are unrelated to most items (English scores 40-50, Chinese 10-20, against a cutoff
of 70): a handful of bit-parallel LCS lengths (about 0.7 µs each) rule them out, where
`partial_ratio_alignment` takes 15-40 µs.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from types import ModuleType

from rapidfuzz.distance import LCSseq

_LCS = LCSseq.similarity
# rapidfuzz scores a needle of up to 64 characters with one machine word per character class
# (bit-parallel): 4-14 µs against a 600-character item, no more than the bound's LCS lengths
# cost. Past 64 it takes 15-40 µs, and the bound pays (measured on DuReader, MuSiQue and the
# synthetic benchmark: with a 30-word vocabulary the bound rules few short pairs out and cost
# twice rapidfuzz's time).
WORTH_BOUNDING = 64


def worth_bounding(s1: str, s2: str) -> bool:
    """Whether bounding the pair first costs less than rapidfuzz's own search: its needle (the
    shorter string) is longer than `WORTH_BOUNDING` characters."""
    return min(len(s1), len(s2)) > WORTH_BOUNDING


# rapidfuzz compares its float score with the cutoff: a bound counts as below only when it is
# below by more than any rounding of that float could make up.
_MARGIN = 1e-6


def partial_ratio_below(s1: str, s2: str, cutoff: float, *, whole_first: bool = False) -> bool:
    """Whether `fuzz.partial_ratio(s1, s2)` is surely below `cutoff` (False: it may reach it).
    `whole_first`: try the whole haystack as one stretch first (one LCS decides most pairs
    where the needle's characters are rare in the haystack, as in Chinese text). Compiled
    where `_ratio_kernel` was built (the same LCS lengths, no Python call a stretch)."""
    if _KERNEL is not None:
        return _KERNEL.partial_ratio_below(s1, s2, float(cutoff), whole_first)
    return partial_ratio_below_by_lcs(s1, s2, cutoff, whole_first=whole_first)


def partial_ratio_below_by_lcs(s1: str, s2: str, cutoff: float, *, whole_first: bool = False) -> bool:
    """`partial_ratio_below` from rapidfuzz's LCS lengths: the definition and the fallback."""
    needle, haystack = (s1, s2) if len(s1) <= len(s2) else (s2, s1)
    width, length = len(needle), len(haystack)
    if not width:
        return False
    reach = cutoff - _MARGIN
    if whole_first and _edge_below(needle, haystack, reach):
        return True
    if not (_edge_below(needle, haystack[:width], reach) and _edge_below(needle, haystack[-width:], reach)):
        return False
    # Full windows start at 0 .. length - width; a block of 2·width - 1 characters holds `width` of them.
    for start in range(0, length - width + 1, width):
        common = _LCS(needle, haystack[start : start + 2 * width - 1])
        if 100 * common >= reach * width:
            return False
    return True


def _edge_below(needle: str, stretch: str, reach: float) -> bool:
    """No window inside `stretch` (full, prefix or suffix) reaches `reach`."""
    common = _LCS(needle, stretch)
    return 200 * common < reach * (len(needle) + common)


def shared_characters(s1: str, s2: str) -> int:
    """The characters the two strings share, counted with their multiplicity: the sum over
    characters of the smaller count (the compiled `_ratio_kernel.shared_characters` gives the
    same)."""
    return sum((Counter(s1) & Counter(s2)).values())


def partial_ratio_below_each(
    quote: str, texts: Sequence[str], cutoff: float, *, whole_first: bool, characters_first: bool
) -> list[bool]:
    """For each of `texts`, whether `fuzz.partial_ratio(quote, text)` is surely below `cutoff`
    by `characters_below` (tried first when `characters_first`) or `partial_ratio_below`: one
    compiled call for a stage's texts, the quote's tables made once."""
    if _KERNEL is not None:
        return _KERNEL.partial_ratio_below_each(quote, texts, float(cutoff), whole_first, characters_first)
    return partial_ratio_below_each_by_lcs(
        quote, texts, cutoff, whole_first=whole_first, characters_first=characters_first
    )


def partial_ratio_below_each_by_lcs(
    quote: str, texts: Sequence[str], cutoff: float, *, whole_first: bool, characters_first: bool
) -> list[bool]:
    """`partial_ratio_below_each` text by text: the definition and the fallback."""
    return [
        (characters_first and characters_below(quote, text, cutoff))
        or partial_ratio_below_by_lcs(quote, text, cutoff, whole_first=whole_first)
        for text in texts
    ]


def _load_kernel() -> ModuleType | None:
    """`_ratio_kernel` (`_ratio_kernel.c`) when it was built and EVIDENCE_EVAL_PURE_PYTHON is
    unset (or 0)."""
    if os.environ.get("EVIDENCE_EVAL_PURE_PYTHON", "0") not in ("", "0"):
        return None
    try:
        from . import _ratio_kernel
    except ImportError:
        return None
    return _ratio_kernel


_KERNEL = _load_kernel()
# Compiled, both bounds cost less than rapidfuzz's search for any needle (2-4 µs a pair against
# 5-10 µs); the character bound pays only compiled (`Counter`s cost more than the search).
COMPILED = _KERNEL is not None


def characters_below(s1: str, s2: str, cutoff: float) -> bool:
    """Whether `fuzz.partial_ratio(s1, s2)` is surely below `cutoff`, from the characters the
    two strings share (`shared_characters`, M). Every window rapidfuzz scores is the needle (the
    shorter string, `a` characters) against a stretch of the haystack, whose LCS with the needle
    is at most min(w, M) for a stretch of `w` characters: 200·min(w, M)/(a + w) ≤ 200·M/(a + M)
    (for w ≤ M it grows with w; past M the numerator stays, the denominator grows). Chinese
    quotes share few characters with unrelated items (two thirds of the pairs are ruled out);
    English ones share most, so this is for Chinese text only."""
    needle, haystack = (s1, s2) if len(s1) <= len(s2) else (s2, s1)
    if not needle:
        return False
    shared = (_KERNEL.shared_characters if _KERNEL is not None else shared_characters)(needle, haystack)
    return 200 * shared < (cutoff - _MARGIN) * (len(needle) + shared)
