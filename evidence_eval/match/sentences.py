"""An answer's sentences, each analysed once: its normalised text, tokens, keys, whether it
asks or corrects, and the arrays the alignment reads. Every rule reads this one analysis."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING

from ..lang import lexicon
from ..text.cues import clauses, has_correction, is_question
from ..text.normalize import Normalized, normalize_cached
from ..text.segment import Segmenter, segmenter_for
from ..text.tokens import Token, polarity_of, tokenize
from .align import KeyIds, TextArrays
from .lazy import lazy

if TYPE_CHECKING:
    import numpy as np


@dataclass(frozen=True)
class Clause:
    """A wide clause of a sentence: [lo, hi) in its normalised text, its tokens, and the count
    of each key or stem among them."""

    lo: int
    hi: int
    tokens: tuple[Token, ...]
    keys: Counter[str]


@dataclass(frozen=True)
class AnalyzedSentence:
    start: int
    end: int
    text: str
    norm: Normalized
    tokens: tuple[Token, ...]
    keys: frozenset[str]
    question: bool
    correction: bool
    language: str = "en"
    # The key ids of the answer's sentences (one mapping for all: their arrays align together).
    key_ids: KeyIds = field(default_factory=KeyIds, compare=False, repr=False)

    @lazy
    def chinese(self) -> bool:
        return self.language.startswith("zh")

    @lazy
    def polarity(self) -> int:
        """Negations the sentence counts (`polarity_of` its tokens)."""
        return polarity_of(self.tokens)

    @lazy
    def negating(self) -> bool:
        """Some token of the sentence negates: rules that read its negations have something to read."""
        return any(token.negates for token in self.tokens)

    @lazy
    def pronouns(self) -> tuple[re.Match[str], ...]:
        """The pronouns a plain reading may replace (row `pronoun`), found once for every fact."""
        return tuple(lexicon(self.language).pattern("pronoun").finditer(self.text))

    @lazy
    def participle(self) -> re.Match[str] | None:
        """The participle phrase that opens the sentence (row `participle_phrase`; none in Chinese),
        found once for every fact."""
        if self.chinese:
            return None
        return lexicon(self.language).pattern("participle_phrase").match(self.text)

    @lazy
    def clauses(self) -> tuple[Clause, ...]:
        """Its wide clauses (`cues.clauses` of the normalised text), each with its tokens and
        how many times each key or stem occurs there: made once, for every fact a rule reads
        in another word order (`fact_rules._in_other_order`)."""
        found = []
        for lo, hi in clauses(self.norm.text):
            tokens = tuple(t for t in self.tokens if lo <= t.start and t.end <= hi)
            keys = Counter(key for t in tokens for key in {t.key, t.stem} if key)
            found.append(Clause(lo, hi, tokens, keys))
        return tuple(found)

    @lazy
    def words(self) -> list[tuple[int, int]]:
        """[start, end) of each word of the normalised text (`Segmenter.words`): cut once, for
        every alignment a rule reads them for."""
        return segmenter_for(self.language).words(self.norm.text)

    @lazy
    def word_starts(self) -> list[int]:
        """The start of each of `words` (ascending: the words come in order, apart)."""
        return [start for start, _ in self.words]

    @lazy
    def arrays(self) -> TextArrays:
        """The tokens as the alignment reads them: made once, for every fact aligned with it."""
        return TextArrays(self.tokens, self.key_ids)

    def original(self, token: Token) -> str:
        """The token as the answer writes it."""
        begin, finish = self.norm.original_span(token.start, token.end)
        return self.text[begin:finish]


# From this many sentences on, what every fact reads of the whole answer (its shares, the pairs
# holding its words) is counted over the answer's key postings with NumPy, in one pass in C,
# rather than sentence by sentence in Python: the same results, at a cost that no longer
# grows with facts x sentences in Python.
LONG_ANSWER = 48


class AnalyzedAnswer(list[AnalyzedSentence]):
    """An answer's sentences, with what every fact reads of them all, made once: which sentences
    hold each key (so a fact visits only the sentences that share a word with it: the cost grows
    with the answer, not with facts × sentences), every key, and the normalised text."""

    @lazy
    def by_key(self) -> dict[str, list[int]]:
        found: dict[str, list[int]] = {}
        for index, sentence in enumerate(self):
            for key in sentence.keys:
                found.setdefault(key, []).append(index)
        return found

    @lazy
    def keys(self) -> frozenset[str]:
        return frozenset(self.by_key)

    @lazy
    def postings(self) -> dict[str, np.ndarray]:
        """`by_key` as arrays of sentence indexes (ascending): what a long answer's shares are
        counted over (`claims.candidate_sentences`)."""
        import numpy as np  # a long answer's path: most runs never import NumPy

        return {key: np.array(indexes, dtype=np.intp) for key, indexes in self.by_key.items()}

    @lazy
    def text(self) -> str:
        return " ".join(sentence.norm.text for sentence in self)

    @lazy
    def derived(self) -> dict[str, object]:
        """What a higher module makes once from the whole answer, by name (`units`: each
        sentence's forms, and the forms it asserts), so that no fact makes it again."""
        return {}

    @lazy
    def plainly_readable(self) -> tuple[int, ...]:
        """The sentences a plain reading may rewrite (answer order): those with a pronoun or an
        opening participle phrase. A fact's plain reading visits only these (and reads the names
        in them and the sentence before), not every sentence holding one of its names."""
        return tuple(i for i, s in enumerate(self) if s.pronouns or s.participle is not None)

    def pairs_holding(self, units: Sequence[tuple[str, ...]]) -> list[int]:
        """The adjacent sentences (by the first's index) that hold every unit between them, a unit
        held where one of its keys (a key and its stem) is (`claims.pairs_holding`'s test): pair
        by pair with sets in a short answer, over the postings in NumPy from `LONG_ANSWER` on."""
        if len(self) < 2:
            return []
        if len(self) < LONG_ANSWER:
            return self._pairs_by_sets(units)
        import numpy as np

        none = np.empty(0, dtype=np.intp)
        held_by_pair = np.ones(len(self) - 1, dtype=bool)
        for unit in units:
            held = np.zeros(len(self), dtype=bool)
            for key in unit:
                held[self.postings.get(key, none)] = True
            held_by_pair &= held[:-1] | held[1:]
        return [int(i) for i in np.flatnonzero(held_by_pair)]

    def _pairs_by_sets(self, units: Sequence[tuple[str, ...]]) -> list[int]:
        single = frozenset(unit[0] for unit in units if len(unit) == 1)
        missing = [single - sentence.keys for sentence in self]
        holds = [[not sentence.keys.isdisjoint(unit) for sentence in self] for unit in units if len(unit) > 1]
        return [
            i
            for i, (one, other) in enumerate(zip(missing, missing[1:]))
            if one.isdisjoint(other) and all(held[i] or held[i + 1] for held in holds)
        ]


def analyze_answer(answer: str, segmenter: Segmenter) -> AnalyzedAnswer:
    """The answer's sentences, with struck-out text blanked (same length: offsets hold)."""
    struck = lexicon(segmenter.language).pattern("struck")
    answer = struck.sub(lambda match: " " * len(match.group(0)), answer)
    key_ids = KeyIds()
    return AnalyzedAnswer(
        analyze_sentence(sentence.start, sentence.text, segmenter.language, key_ids)
        for sentence in segmenter.sentences(answer)
    )


def answer_of(sentences: Sequence[AnalyzedSentence]) -> AnalyzedAnswer:
    """`sentences` as an `AnalyzedAnswer` (itself when it is one)."""
    return sentences if isinstance(sentences, AnalyzedAnswer) else AnalyzedAnswer(sentences)


_KEY, _STEM, _CATEGORY = attrgetter("key"), attrgetter("stem"), attrgetter("category")
_NO_KEYS = frozenset({None, ""})


def analyze_sentence(start: int, text: str, language: str, key_ids: KeyIds | None = None) -> AnalyzedSentence:
    tokens = tokenize(text, language)
    keys = frozenset({*map(_KEY, tokens), *map(_STEM, tokens), *map(_CATEGORY, tokens)} - _NO_KEYS)
    return AnalyzedSentence(
        start,
        start + len(text),
        text,
        normalize_cached(text),
        tokens,
        keys,
        is_question(text),
        has_correction(text),
        language,
        KeyIds() if key_ids is None else key_ids,
    )
