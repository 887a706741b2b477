"""An answer's sentences, each analysed once: its normalised text, tokens, keys, whether it
asks or corrects, and the arrays the alignment reads. Every rule reads this one analysis."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import attrgetter

import numpy as np

from ..lang import lexicon
from ..text.cues import has_correction, is_question
from ..text.normalize import Normalized, normalize_cached
from ..text.segment import Segmenter
from ..text.tokens import Token, polarity_of, tokenize
from .align import KeyIds, TextArrays
from .lazy import lazy


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
    def arrays(self) -> TextArrays:
        """The tokens as the alignment reads them: made once, for every fact aligned with it."""
        return TextArrays(self.tokens, self.key_ids)

    def original(self, token: Token) -> str:
        """The token as the answer writes it."""
        begin, finish = self.norm.original_span(token.start, token.end)
        return self.text[begin:finish]


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
        return {key: np.array(indexes, dtype=np.intp) for key, indexes in self.by_key.items()}

    @lazy
    def text(self) -> str:
        return " ".join(sentence.norm.text for sentence in self)


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
