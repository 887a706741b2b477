"""Sentences and lemmas with spaCy blank pipelines: the only module that imports spaCy.

`spacy-zh-jieba.v1`: `spacy.blank("zh")` with the jieba segmenter and the rule-based
sentencizer. `spacy-en-lookup.v1`: `spacy.blank("en")`, sentencizer, and lemmas from the
spacy-lookups-data table. Other languages: `spacy.blank(lang)` with the sentencizer.
Nothing is downloaded: pipelines are built from code and packaged tables.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import lru_cache
from typing import Any


@dataclass(frozen=True)
class Sentence:
    start: int
    end: int
    text: str
    lemmas: frozenset[str]


class Segmenter:
    """Splits text into sentences and gives each sentence its content lemmas."""

    def __init__(self, language: str):
        self.language = language
        self.name, self._nlp = _pipeline(language)
        self._lemma_table: Any = _lemma_table(self._nlp)

    def sentences(self, text: str) -> list[Sentence]:
        if not text.strip():
            return []
        doc = self._nlp(text)
        result = []
        for sent in doc.sents:
            if not sent.text.strip():
                continue
            result.append(
                Sentence(sent.start_char, sent.end_char, sent.text, self._content_lemmas(sent))
            )
        return result

    def lemmas(self, text: str) -> frozenset[str]:
        return self._content_lemmas(self._nlp(text))

    def _content_lemmas(self, tokens: Any) -> frozenset[str]:
        lemmas = set()
        for token in tokens:
            if token.is_punct or token.is_space or token.is_stop or token.like_num:
                continue
            lower = token.lower_
            lemmas.add(self._lemma_table.get(lower, lower))
        return frozenset(lemmas)


@lru_cache(maxsize=None)
def segmenter_for(language: str) -> Segmenter:
    return Segmenter(language)


def segmenter_name(language: str) -> str:
    """The versioned name that goes into the report's signature (no pipeline is loaded)."""
    if language.startswith("zh"):
        return "spacy-zh-jieba.v1"
    if language.startswith("en"):
        return "spacy-en-lookup.v1"
    return f"spacy-{language}-blank.v1"


def _pipeline(language: str) -> tuple[str, Any]:
    import spacy

    name = segmenter_name(language)
    if language.startswith("zh"):
        import jieba

        jieba.setLogLevel(logging.WARNING)
        nlp = spacy.blank("zh", config={"nlp": {"tokenizer": {"segmenter": "jieba"}}})
    elif language.startswith("en"):
        nlp = spacy.blank("en")
    else:
        nlp = spacy.blank(language)
    nlp.add_pipe("sentencizer")
    return name, nlp


def _lemma_table(nlp: Any) -> Any:
    """A mapping-like table (spaCy's `Table` hashes its string keys)."""
    if nlp.lang != "en":
        return {}
    from spacy.lookups import load_lookups

    return load_lookups("en", ["lemma_lookup"]).get_table("lemma_lookup")
