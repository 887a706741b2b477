"""Per-language lexicons as data (`lang/en`, `lang/zh`, and `lang/common` for what every
language shares: markup, punctuation, digits), after spaCy's `lang/*` folders.

`lexicon(language)` gives one `Lexicon`: the rows of `common` and of the language, read by name.
The matcher's manifest digest covers these files, so that a changed word changes the signature.
"""

from __future__ import annotations

import re
from functools import cache

from .common.match import ROWS as COMMON_ROWS
from .compiled import PatternCodes
from .en.match import ROWS as EN_ROWS
from .rows import Pairs, Pattern, Row, Words
from .zh.match import ROWS as ZH_ROWS

ROWS: dict[str, tuple[Row, ...]] = {"common": COMMON_ROWS, "en": EN_ROWS, "zh": ZH_ROWS}
_KNOWN_NAMES = frozenset(row.name for rows in ROWS.values() for row in rows)
_RE = PatternCodes("lexicon")  # the rows' patterns, built from the codes a former run kept


def language_key(language: str) -> str:
    return "zh" if language.startswith("zh") else "en"


class Lexicon:
    """The rows of one language (and `common`), read by name."""

    def __init__(self, key: str, rows: tuple[Row, ...]) -> None:
        self.key = key
        self.rows = rows

    @property
    def rows(self) -> tuple[Row, ...]:
        return self._rows

    @rows.setter
    def rows(self, rows: tuple[Row, ...]) -> None:
        """New rows (a test's variant): what was built from the old ones is dropped."""
        self._rows = rows
        self._by_name: dict[str, list[Row]] = {}
        for row in rows:
            self._by_name.setdefault(row.name, []).append(row)
        self._patterns: dict[str, re.Pattern[str]] = {}
        self._words: dict[str, frozenset[str]] = {}
        self._phrases: dict[str, tuple[str, ...]] = {}
        self._pairs: dict[str, dict[str, str]] = {}

    def _named(self, name: str) -> list[Row]:
        """The rows named `name` (none in a language that has no such words: English has no
        measure words); a name no language has is a typo."""
        found = self._by_name.get(name, [])
        if not found and name not in _KNOWN_NAMES:
            raise KeyError(f"no lexicon row named {name!r} in any language")
        return found

    def words(self, name: str) -> frozenset[str]:
        """The union of the `Words` rows named `name` (built once)."""
        found = self._words.get(name)
        if found is None:
            found = self._words[name] = frozenset(self.phrases(name))
        return found

    def phrases(self, name: str) -> tuple[str, ...]:
        """The `Words` rows named `name`, in their order (for `str.startswith`; built once)."""
        found = self._phrases.get(name)
        if found is None:
            named = self._named(name)
            found = self._phrases[name] = tuple(
                w for row in named if isinstance(row, Words) for w in row.words
            )
        return found

    def pairs(self, name: str) -> dict[str, str]:
        """The `Pairs` rows named `name` as one mapping (built once; do not change it)."""
        found = self._pairs.get(name)
        if found is None:
            named = self._named(name)
            found = self._pairs[name] = {
                k: v for row in named if isinstance(row, Pairs) for k, v in row.pairs
            }
        return found

    def pattern(self, name: str) -> re.Pattern[str]:
        """The alternation of the `Pattern` rows named `name` (compiled once)."""
        compiled = self._patterns.get(name)
        if compiled is None:
            rows = [row for row in self._named(name) if isinstance(row, Pattern)]
            if not rows:
                compiled = self._patterns[name] = _RE.compile(r"(?!)")  # matches nothing
                return compiled
            flags = re.IGNORECASE if any(row.ignore_case for row in rows) else 0
            source = rows[0].regex if len(rows) == 1 else "|".join(f"(?:{row.regex})" for row in rows)
            try:
                compiled = self._patterns[name] = _RE.compile(source, flags)
            except re.error as error:
                raise ValueError(
                    f"lexicon row {name!r} cannot be read across languages ({error}): "
                    "read it with lexicon(language)"
                ) from None
        return compiled


def lexicon(language: str) -> Lexicon:
    return _lexicon(language_key(language))


@cache
def _lexicon(key: str) -> Lexicon:
    return Lexicon(key, COMMON_ROWS + ROWS[key])


@cache
def every_language() -> Lexicon:
    """All rows at once: for a rule that reads a token without its language (an article of any
    language is free in a copied quote). A pattern row whose named groups each language names
    alike (`pronoun`, `possessed_after`) is read per language only."""
    return Lexicon("all", COMMON_ROWS + EN_ROWS + ZH_ROWS)
