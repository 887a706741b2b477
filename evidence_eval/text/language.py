"""Which language a set of texts is written in, from the share of CJK characters.

Only what the matcher distinguishes is told apart: `zh` (Han characters) and `en`
(everything else). The share is counted over letters only, so digits, punctuation, spaces
and URLs neither make an English text Chinese nor a Chinese text English.
"""

from __future__ import annotations

import re
import unicodedata
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


FOREIGN_SHARE = 0.01  # of letters of another script than Latin and Han: kana, Hangul, Cyrillic...
FOREIGN_AT_LEAST = 3  # such letters, so that one quoted name does not make a text Japanese

# Words that are frequent in French, German, Spanish, Italian or Portuguese and never English,
# against English ones: a Latin-script text is taken for another language only when they
# outnumber the English words (accents alone do not tell: "Pokémon", "Zürich").
_FOREIGN_WORDS = frozenset(
    "le la les des du une est et pour avec que qui dans pas je vous nous sont puis au aux ce cette "
    "sur par mon ma mes quel quelle quels comment peut "
    "der die das und ist nicht ein eine einen mit für auf wie ich sie wird kann den dem zu von "
    "wann warum welche "
    "el los las del y es por para con una qué cómo puedo cuál cuándo dónde "
    "il gli della di che è per non sono "
    "os da do dos não com em".split()
)
_ENGLISH_WORDS = frozenset(
    "the of and to is are in for with what how when can do does my i you a an be it on have will "
    "which who where why or not this that from by at if".split()
)
_WORD = re.compile(r"[^\W\d_]+")


def foreign_letters(texts: Iterable[str], *, sample: int = SAMPLE_LETTERS) -> str:
    """What shows that the texts are in a language the tool has no rules for ("" when nothing
    does): the letters, first seen first, of another script than Latin and Han (kana, Hangul,
    Cyrillic...) when they are FOREIGN_SHARE of the first `sample` letters and at least
    FOREIGN_AT_LEAST; else the words of another European language, when there are two or more
    and they outnumber the English ones."""
    letters = 0
    other_script: list[str] = []
    words: list[str] = []
    for text in texts:
        if letters >= sample:
            break
        words.extend(_WORD.findall(text.lower()))
        for char in text:
            if char.isalpha():
                letters += 1
                if not (char.isascii() or is_han(char) or unicodedata.name(char, "").startswith(_LATIN)):
                    other_script.append(char)
    if len(other_script) >= max(FOREIGN_AT_LEAST, FOREIGN_SHARE * letters):
        return "letters " + repr("".join(dict.fromkeys(other_script))[:12])
    other = [word for word in words if word in _FOREIGN_WORDS]
    if len(other) >= 2 and len(other) > sum(word in _ENGLISH_WORDS for word in words):
        return "words " + ", ".join(dict.fromkeys(other[:6]))
    return ""


_LATIN = ("LATIN", "FULLWIDTH LATIN")
