"""What `init` tells of its queries' language beyond the share of Han letters: whether they are
in a language the tool has no rules for, so that `en` is never guessed for French."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from ..text.language import SAMPLE_LETTERS, is_han

FOREIGN_SHARE = 0.1  # of letters of another script than Latin and Han: kana, Hangul, Cyrillic...
FOREIGN_AT_LEAST = 3  # such letters: a product name in kana does not make a Chinese set Japanese

# Words that are frequent in French, German, Spanish, Italian or Portuguese and rare in English
# (none that English writes often: do, per, non, con), against English ones: a Latin-script
# text is taken for another language only when it holds one of these, and these and its accented
# words (échanger, Rückerstattung) outnumber the English words; accents alone do not tell
# ("Pokémon", "Nestlé café refund"), nor do the words of a text with Han letters (宝可梦Pokémon卡牌).
_FOREIGN_WORDS = frozenset(
    "le la les des du une est et pour avec que qui dans pas je vous nous sont puis au aux ce cette "
    "sur mes quel quelle quels comment peut "
    "der die das und ist nicht ein eine einen mit für auf wie ich sie wird kann dem zu von "
    "wann warum welche "
    "el los las del y es por para una qué cómo puedo cuál cuándo dónde "
    "il gli della di che è sono "
    "os da dos não com em".split()
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
    FOREIGN_AT_LEAST; else the words of another European language (or accented), when one of
    them is a function word of that language, and there are two or more and they outnumber the
    English ones (the words of texts without Han letters)."""
    letters = 0
    other_script: list[str] = []
    words: list[str] = []
    for text in texts:
        if letters >= sample:
            break
        if not any(is_han(char) for char in text):
            words.extend(_WORD.findall(text.lower()))
        for char in text:
            if char.isalpha():
                letters += 1
                if not (char.isascii() or is_han(char) or _tells_no_language(char)):
                    other_script.append(char)
    if len(other_script) >= max(FOREIGN_AT_LEAST, FOREIGN_SHARE * letters):
        return "letters " + repr("".join(dict.fromkeys(other_script))[:12])
    other = [word for word in words if word in _FOREIGN_WORDS or _accented(word)]
    functional = any(word in _FOREIGN_WORDS for word in other)
    if functional and len(other) >= 2 and len(other) > sum(word in _ENGLISH_WORDS for word in words):
        return "words " + ", ".join(list(dict.fromkeys(other))[:6])
    return ""


# Letters that tell no language: Latin (accents alone do not tell), and Greek and mathematical
# letters, which English and Chinese texts use as symbols (TNF-α, β-blockers).
_ANY_LANGUAGE = ("LATIN", "FULLWIDTH LATIN", "GREEK", "MATHEMATICAL")


def _tells_no_language(char: str) -> bool:
    return unicodedata.name(char, "").startswith(_ANY_LANGUAGE)


def _accented(word: str) -> bool:
    """A Latin word with a letter English does not write (é, ü, ñ); never a Chinese word."""
    return any(not char.isascii() and unicodedata.name(char, "").startswith("LATIN") for char in word)
