"""Which language a set of texts is written in, from the share of CJK characters.

Only what the matcher distinguishes is told apart: `zh` (Han characters) and `en`
(everything else). The share is counted over letters only, so digits, punctuation, spaces
and URLs neither make an English text Chinese nor a Chinese text English.
"""

from __future__ import annotations

from collections.abc import Iterable

CJK_SHARE = 0.2  # a text with at least this share of Han letters is Chinese
SAMPLE_LETTERS = 5000  # letters read at most: enough for a stable share, fast on a corpus

_HAN_RANGES = (
    (0x3400, 0x4DBF),  # Extension A
    (0x4E00, 0x9FFF),  # Unified Ideographs
    (0xF900, 0xFAFF),  # Compatibility Ideographs
    (0x20000, 0x3134F),  # Extensions B to G (astral)
)


def is_han(char: str) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in _HAN_RANGES)


def cjk_share(texts: Iterable[str], *, sample: int = SAMPLE_LETTERS) -> float | None:
    """Han letters / all letters over the first `sample` letters; None when there is none."""
    letters = han = 0
    for text in texts:
        for char in text:
            if not char.isalpha():
                continue
            letters += 1
            han += is_han(char)
            if letters >= sample:
                return han / letters
    return han / letters if letters else None


def guess_language(texts: Iterable[str], *, default: str = "en") -> str:
    """`zh` when at least CJK_SHARE of the letters are Han characters, else `en`;
    `default` when the texts hold no letter at all."""
    share = cjk_share(texts)
    if share is None:
        return default
    return "zh" if share >= CJK_SHARE else "en"
