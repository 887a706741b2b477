"""Sentences, words and lemmas with spaCy blank pipelines: the only module that imports spaCy
and jieba.

`spacy-zh-jieba.v2`: sentence boundaries by the rule of spaCy's `Sentencizer` (its own
punctuation list) applied to characters, which is what `spacy.blank("zh")` with character
tokens and the sentencizer computes, without building a token per character (a test pins
the equality); words from `spacy.blank("zh")` with the jieba segmenter; names from jieba's
part-of-speech tags. `spacy-en-lookup.v2`: `spacy.blank("en")`, sentencizer, and lemmas from
the spacy-lookups-data table. Other languages: `spacy.blank(lang)` with the sentencizer.
v2 (`sentence_spans_v2`) mends the sentencizer's cuts: none at a decimal point, an
abbreviation or a list number; always one at ";" and line breaks.
Nothing is downloaded: pipelines are built from code and packaged tables.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from ..errors import UsageError
from .normalize import CharTable

_WORD_RE = re.compile(r"[^\W_]+(?:['\-.][^\W_]+)*|[^\w\s]")


@dataclass(frozen=True)
class Sentence:
    start: int
    end: int
    text: str


class Segmenter:
    """Splits text into sentences and words; gives a word its lemma."""

    def __init__(self, language: str):
        self.language = language
        self.name = segmenter_name(language)
        chinese = language.startswith("zh")
        problem = segmentation_problem(language)
        if problem:
            raise UsageError(f"language {language!r}: {problem}")
        self._sentence_nlp: Any = None if chinese else _pipeline(language, for_sentences=True)
        self._word_nlp: Any = _pipeline(language, for_sentences=False) if chinese else self._sentence_nlp
        self._lemma_table: Any = _lemma_table(self._word_nlp)

    def sentences(self, text: str) -> list[Sentence]:
        if not text.strip():
            return []
        if self._sentence_nlp is None:
            spans = sentencizer_spans(text)
        else:
            doc = self._sentence_nlp(_spaced_for_spacy(text))
            spans = [(sent.start_char, sent.end_char) for sent in doc.sents]
        chinese = self._sentence_nlp is None
        return [
            Sentence(start, end, text[start:end])
            for start, end in sentence_spans_v2(text, spans, chinese=chinese)
        ]

    def words(self, text: str) -> list[tuple[int, int]]:
        """[start, end) of each word of `text`: jieba's words for Chinese (`jieba.tokenize`, the
        cut spaCy's jieba segmenter makes, without building a Doc for each piece); for
        other languages letters and digits joined by "-", "'" or "." ("non-transferable",
        "isn't", "u.s"). spaCy's English tokenizer is not used here: on case-folded text its
        contraction rules split "id" (I'd), "cant", "ill"."""
        if self._sentence_nlp is not None:
            return [match.span() for match in _WORD_RE.finditer(text)]
        import jieba

        return [(start, end) for word, start, end in jieba.tokenize(text) if word.strip()]

    def lemma(self, word: str) -> str:
        """The lookup lemma of a lower-case word (the word itself where the table has none)."""
        return self._lemma_table.get(word, word) if self._lemma_table else word

    def is_stop_word(self, word: str) -> bool:
        """spaCy's stop words, less the ones that carry content in a claim ("amount", "part",
        "full", "show", "take", "name")."""
        return word in self._word_nlp.Defaults.stop_words and word not in _CONTENT_STOP_WORDS

    def is_noun(self, word: str) -> bool:
        """Whether jieba tags the whole word a noun or a fixed expression (不动产, 无人机,
        未成年人: words that start with a negating character without negating anything)."""
        return _is_noun(word) if self.language.startswith("zh") else False

    def proper_names(self, text: str) -> list[tuple[int, int]]:
        """[start, end) of the words jieba tags as names of people, places, organisations or
        other proper nouns (Chinese; other languages: none, names are read from case)."""
        if not self.language.startswith("zh"):
            return []
        import jieba.posseg

        spans = []
        position = 0
        for pair in jieba.posseg.cut(text):
            word, flag = pair.word, pair.flag
            start = text.find(word, position)
            if start < 0:
                continue
            position = start + len(word)
            if flag in _NAME_TAGS and len(word) >= 2 and not _NOT_IN_NAMES.intersection(word):
                spans.append((start, position))
        return spans


SYMBOL_RUN = 16  # characters: a longer run of symbols reaches spaCy cut by spaces
LONG_CHUNK = 100  # characters: a longer chunk without whitespace, letters and marks mixed, too
_SYMBOL_RUN_RE = re.compile(rf"(?:[^\w\s]|_){{{SYMBOL_RUN + 1},}}")  # "_" is a word character
_LONG_CHUNK_RE = re.compile(rf"\S{{{LONG_CHUNK + 1},}}")


def _spaced_for_spacy(text: str) -> str:
    """`text` as spaCy's English tokenizer may see it in linear time: same length (offsets
    hold), with spaces in place of some characters of a long chunk without whitespace.
    spaCy strips a chunk's prefixes and suffixes one at a time, each a regex search over the
    rest of the chunk: quadratic in the chunk's length (10 KB of "!" took 15 s, of "'s" 10 s).
    A run of symbols (!!!!, 。。。, emoji, ____) gets a space every SYMBOL_RUN characters; a
    longer chunk that is not all letters and digits one every LONG_CHUNK characters or so,
    put where it can neither end nor join a sentence (see `_cut_position`)."""
    if _SYMBOL_RUN_RE.search(text):
        text = _SYMBOL_RUN_RE.sub(_space_out, text)
    if _LONG_CHUNK_RE.search(text):
        text = _LONG_CHUNK_RE.sub(_space_long_chunk, text)
    return text


def _space_out(match: re.Match[str]) -> str:
    run = match.group(0)
    spaced = " ".join(run[i : i + SYMBOL_RUN - 1] for i in range(0, len(run), SYMBOL_RUN))
    return spaced if len(run) % SYMBOL_RUN else spaced + " "


def _space_long_chunk(match: re.Match[str]) -> str:
    chunk = match.group(0)
    if chunk.isalnum():
        return chunk  # letters and digits only: no prefix or suffix to strip
    characters = list(chunk)
    position = LONG_CHUNK
    while position < len(characters) - 1:
        cut = _cut_position(chunk, position)
        characters[cut] = " "
        position = cut + LONG_CHUNK
    return "".join(characters)


def _cut_position(chunk: str, start: int) -> int:
    """The first place from `start` (within LONG_CHUNK // 2) between two letters or digits;
    else one where neither the character nor the one before it ends a sentence."""
    window = range(start, min(start + LONG_CHUNK // 2, len(chunk) - 1))
    final = _punct_chars()
    for index in window:
        if chunk[index].isalnum() and chunk[index - 1].isalnum():
            return index
    for index in window:
        if chunk[index] not in final and chunk[index - 1] not in final:
            return index
    return start


@lru_cache(maxsize=65536)
def _is_noun(word: str) -> bool:
    import jieba.posseg

    tagged = jieba.posseg.lcut(word)
    return len(tagged) == 1 and (tagged[0].flag.startswith("n") or tagged[0].flag == "l")


_CONTENT_STOP_WORDS = frozenset(
    "amount part whole side top bottom front back full empty call give go made make move name put say see "
    "seem serious show take used using well down up off over under across along around behind beyond "
    "within without against toward towards during until since per via".split()
)

_NAME_TAGS = frozenset({"nr", "nrt", "nrfg", "ns", "nt", "nz", "eng"})  # eng: iPhone, GB 4706
_NOT_IN_NAMES = frozenset("之的了起内")  # jieba tags "之日起" as a place name

# What v2 changes in the sentencizer's spans: never a break at "." between digits (6.4%), after
# an abbreviation or an initial (No., U.S., e.g., Inc., Z.), or after a list number alone ("1.");
# always a break at ";" (Chinese ；) and at line breaks.
_ABBREVIATIONS = frozenset(
    "no nos u.s u.k e.g i.e inc ltd co corp mr mrs ms dr st jr sr vs art sec fig p pp vol approx "
    "dept est govt "
    "jan feb mar apr jun jul aug sep sept oct nov dec etc al".split()
)
_LAST_WORD_RE = re.compile(r"([\w.]+)\.\W*$")
_LIST_MARKER_RE = re.compile(r"^\W*(?:\d{1,3}|[a-zA-Z]|[ivxIVX]{1,4})[.)]\W*$")
_HARD_BREAK_RE = {True: re.compile(r"(?<=[;；])|\n+"), False: re.compile(r"\n+")}


def sentence_spans_v2(text: str, spans: list[tuple[int, int]], *, chinese: bool) -> list[tuple[int, int]]:
    merged: list[list[int]] = []
    for start, end in spans:
        if merged and _continues(text, merged[-1][0], merged[-1][1], start):
            merged[-1][1] = end
        else:
            merged.append([start, end])
    result = []
    for start, end in merged:
        cursor = start
        for match in _HARD_BREAK_RE[chinese].finditer(text, start, end):
            if text[cursor : match.start()].strip():
                result.append((cursor, match.start()))
                cursor = match.start()
        if text[cursor:end].strip():
            result.append((cursor, end))
    return [piece for start, end in result for piece in _at_most(text, start, end)]


MAX_SENTENCE = 2000  # characters: a text with no sentence mark is cut at commas or spaces


def _at_most(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """[start, end) in pieces of at most `MAX_SENTENCE` characters, cut after the last comma
    or space before each limit (an alignment's tables grow with the sentence's length)."""
    pieces = []
    while end - start > MAX_SENTENCE:
        window = text[start : start + MAX_SENTENCE]
        cut = max(window.rfind(mark) for mark in ",，、;； ") + 1 or MAX_SENTENCE
        pieces.append((start, start + cut))
        start += cut
    pieces.append((start, end))
    return pieces


def _continues(text: str, start: int, end: int, following: int) -> bool:
    """Whether the sentence [start, end) was cut where no sentence ends."""
    piece = text[start:end].rstrip().rsplit("\n", 1)[-1]
    if not piece.endswith("."):
        return False
    if piece[-2:-1].isdigit() and text[following : following + 1].isdigit():
        return True  # 6. | 4%
    if _LIST_MARKER_RE.match(piece):
        return True
    last = _LAST_WORD_RE.search(piece)
    if last is None:
        return False
    word = last.group(1)
    return word.lower() in _ABBREVIATIONS or (len(word) == 1 and word.isupper())


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
# A run of marks that holds a final one, followed by an ordinary character. Anchored at the
# run's start (the look-behind): retried at every mark of a long run, "f[fp]*(?=o)" was
# quadratic (100 KB of "。" took 100 s).
_SENTENCE_END_RE = re.compile(r"(?<![fp])p*f[fp]*(?=o)")
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
def segmentation_problem(language: str) -> str | None:
    """Why text in `language` cannot be cut into sentences and words here (None: it can).
    Chinese and English always can; another language when spaCy has it and it needs no
    package this tool does not install (Japanese, Korean, Thai, Vietnamese do)."""
    if language.startswith(("zh", "en")):
        return None
    if not re.fullmatch(r"[a-z]{2,3}", language):
        return "not a language spaCy knows (give a code such as zh, en, fr, de)"
    try:
        _pipeline(language, for_sentences=True)
    except ImportError as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        return f"cannot be segmented: {reason[:160]}"
    except Exception as exc:  # spaCy's own errors for a language it half supports
        return f"cannot be segmented: {type(exc).__name__}: {str(exc)[:160]}"
    return None


@cache
def segmenter_for(language: str) -> Segmenter:
    return Segmenter(language)


def segmenter_name(language: str) -> str:
    """The versioned name that goes into the report's signature (no pipeline is loaded)."""
    if language.startswith("zh"):
        return "spacy-zh-jieba.v2"
    if language.startswith("en"):
        return "spacy-en-lookup.v2"
    return f"spacy-{language}-blank.v2"


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
