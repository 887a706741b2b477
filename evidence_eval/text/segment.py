"""Sentences and lemmas with spaCy blank pipelines: the only module that imports spaCy.

`spacy-zh-jieba.v1`: sentence boundaries by the rule of spaCy's `Sentencizer` (its own
punctuation list) applied to characters, which is what `spacy.blank("zh")` with character
tokens and the sentencizer computes, without building a token per character (a test pins
the equality); words from `spacy.blank("zh")` with the jieba segmenter, computed only for
the sentences whose words are asked for (jieba is most of the cost of Chinese).
`spacy-en-lookup.v1`: `spacy.blank("en")`, sentencizer, and lemmas from the
spacy-lookups-data table. Other languages: `spacy.blank(lang)` with the sentencizer.
Nothing is downloaded: pipelines are built from code and packaged tables.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

import numpy as np

from .normalize import CharTable


@dataclass(frozen=True)
class Sentence:
    """`lemmas` is None where they are left to be computed on demand (Chinese: jieba)."""

    start: int
    end: int
    text: str
    lemmas: frozenset[str] | None = None


class Segmenter:
    """Splits text into sentences; gives a text its content lemmas (words, for Chinese)."""

    def __init__(self, language: str):
        self.language = language
        self.name = segmenter_name(language)
        chinese = language.startswith("zh")
        self._sentence_nlp: Any = None if chinese else _pipeline(language, for_sentences=True)
        self._word_nlp: Any = _pipeline(language, for_sentences=False) if chinese else self._sentence_nlp
        self._lemma_table: Any = _lemma_table(self._word_nlp)
        self._lemma_of: dict[int, str] = {}  # lower-case word's hash -> lemma
        self.lemmas = lru_cache(maxsize=65536)(self._lemmas)

    def sentences(self, text: str) -> list[Sentence]:
        if not text.strip():
            return []
        sentence_nlp = self._sentence_nlp
        if sentence_nlp is None:
            return [
                Sentence(start, end, text[start:end])
                for start, end in sentencizer_spans(text)
                if text[start:end].strip()
            ]
        eager = self._sentence_nlp is self._word_nlp  # same tokens: lemmas cost nothing more
        doc = sentence_nlp(text)
        content = _content_words(doc) if eager else None
        result = []
        for sent in doc.sents:
            piece = text[sent.start_char : sent.end_char]
            if piece.strip():
                lemmas = self._lemmas_of(content[sent.start : sent.end]) if content is not None else None
                result.append(Sentence(sent.start_char, sent.end_char, piece, lemmas))
        return result

    def _lemmas(self, text: str) -> frozenset[str]:
        return self._lemmas_of(_content_words(self._word_nlp.make_doc(text)))  # tokens only: no pipes

    def _lemmas_of(self, words: Any) -> frozenset[str]:
        """The lemmas of the words `_content_words` kept (0: a word it left out)."""
        lemmas = set()
        for key in set(words.tolist()):
            if key:
                lemma = self._lemma_of.get(key)
                if lemma is None:
                    lower = self._word_nlp.vocab.strings[key]
                    lemma = self._lemma_of[key] = self._lemma_table.get(lower, lower)
                lemmas.add(lemma)
        return frozenset(lemmas)


def _content_words(doc: Any) -> Any:
    """Per token, the hash of its lower-case form, or 0 for punctuation, spaces, stop words and
    numbers (content words only). One array from spaCy instead of five attributes a token."""
    table = doc.to_array(["LOWER", "IS_PUNCT", "IS_SPACE", "IS_STOP", "LIKE_NUM"])
    return np.where(table[:, 1:].any(axis=1), 0, table[:, 0])


@lru_cache(maxsize=1)
def _punct_chars() -> frozenset[str]:
    from spacy.pipeline import Sentencizer

    return frozenset(Sentencizer.default_punct_chars)


def sentencizer_spans(text: str) -> list[tuple[int, int]]:
    """spaCy's Sentencizer rule over character tokens: after a sentence-final mark, the next
    token that is not punctuation starts a new sentence. As in spaCy's tokens, one space after
    a character is that character's trailing whitespace, while any other whitespace run is a
    token of its own (and so may start a sentence)."""
    if not _WHITESPACE_RE.search(text):
        return _spans_without_whitespace(text)
    return _spans_char_by_char(text)


def _spans_char_by_char(text: str) -> list[tuple[int, int]]:
    final = _punct_chars()
    spans = []
    start = 0
    seen_final = False
    for index, char in enumerate(text):
        if char in final:
            seen_final = True
        elif seen_final and _starts_token(text, index) and not (unicodedata.category(char).startswith("P")):
            spans.append((start, index))
            start = index
            seen_final = False
    spans.append((start, len(text)))
    return spans


def _spans_without_whitespace(text: str) -> list[tuple[int, int]]:
    """The same rule where every character is a token of its own (most Chinese answers):
    a sentence starts at the first ordinary character after a final mark, punctuation between
    them included. One regex pass over the character classes instead of a loop."""
    classes = text.translate(_SENTENCE_CLASSES)
    bounds = [0, *(match.end() for match in _SENTENCE_END_RE.finditer(classes)), len(text)]
    return list(zip(bounds, bounds[1:]))


def _sentence_class(char: str) -> str:
    """ "f" a sentence-final mark, "p" other punctuation, "o" the rest."""
    return "f" if char in _punct_chars() else "p" if unicodedata.category(char).startswith("P") else "o"


_SENTENCE_CLASSES = CharTable(_sentence_class)
_SENTENCE_END_RE = re.compile(r"f[fp]*(?=o)")
_WHITESPACE_RE = re.compile(r"\s")


def _starts_token(text: str, index: int) -> bool:
    char = text[index]
    if not char.isspace():
        return True
    previous = text[index - 1] if index else ""
    if char == " " and previous and not previous.isspace():
        return False  # trailing whitespace of the previous token
    return not previous.isspace() or (previous == " " and index >= 2 and not text[index - 2].isspace())


@cache
def segmenter_for(language: str) -> Segmenter:
    return Segmenter(language)


def segmenter_name(language: str) -> str:
    """The versioned name that goes into the report's signature (no pipeline is loaded)."""
    if language.startswith("zh"):
        return "spacy-zh-jieba.v1"
    if language.startswith("en"):
        return "spacy-en-lookup.v1"
    return f"spacy-{language}-blank.v1"


@cache
def _pipeline(language: str, *, for_sentences: bool) -> Any:
    import spacy

    if language.startswith("zh"):
        if for_sentences:
            nlp = spacy.blank("zh")  # the default "char" segmenter: boundaries need no words
        else:
            import jieba

            jieba.setLogLevel(logging.WARNING)
            nlp = spacy.blank("zh", config={"nlp": {"tokenizer": {"segmenter": "jieba"}}})
    elif language.startswith("en"):
        nlp = spacy.blank("en")
    else:
        nlp = spacy.blank(language)
    if for_sentences:
        nlp.add_pipe("sentencizer")
    return nlp


def _lemma_table(nlp: Any) -> Any:
    """A mapping-like table (spaCy's `Table` hashes its string keys)."""
    if nlp.lang != "en":
        return {}
    from spacy.lookups import load_lookups

    return load_lookups("en", ["lemma_lookup"]).get_table("lemma_lookup")
