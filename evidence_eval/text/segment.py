"""Sentences, words and lemmas with spaCy blank pipelines: the only module that imports spaCy
(but for `english_sentences` reading its rules from the pipeline made here) and jieba.

`spacy-zh-jieba.v2`: sentence boundaries by the rule of spaCy's `Sentencizer` (its own
punctuation list) applied to characters, which is what `spacy.blank("zh")` with character
tokens and the sentencizer computes, without building a token per character (a test pins
the equality); words from `spacy.blank("zh")` with the jieba segmenter; names from jieba's
part-of-speech tags (both from ports of jieba's cut that give what jieba gives, faster: see
`jieba_tokens`; their loops a step per character compiled in `_segment_kernel.c` where it
was built, the Python functions here the definition and the fallback).
`spacy-en-lookup.v2`: `spacy.blank("en")`, sentencizer (its spans as `english_sentences`
gives them without importing spaCy), and lemmas from the spacy-lookups-data table. Other
languages: `spacy.blank(lang)` with the sentencizer.
v2 (`sentence_spans_v2`) mends the sentencizer's cuts: none at a decimal point, an
abbreviation or a list number; always one at ";" and line breaks.
Nothing is downloaded: pipelines are built from code and packaged tables. A Chinese segmenter
imports no spaCy (its stop words are read from spaCy's file, its sentence marks written out
here), and jieba's dictionary is read from jieba's cache in one piece: start-up is mostly
imports, so each of these is measured in seconds saved, and each is pinned by a test.
"""

from __future__ import annotations

import importlib.util
import io
import logging
import os
import re
import sys
import tempfile
import unicodedata
import zlib
from array import array
from dataclasses import dataclass
from functools import cache, lru_cache
from math import inf, log
from pathlib import Path
from types import ModuleType
from typing import Any

from ..errors import UsageError
from ..io.kept import KEPT_NAME, kept_path, read_kept, write_kept
from .english_sentences import EnglishSentences, kept_rules, spacy_spans
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
        self._sentence_nlp: Any = None
        self._english: EnglishSentences | None = None
        self._lemma_table: dict[str, str] = {}
        if chinese:  # no spaCy pipeline: sentences by rule, words from jieba
            self._stop_words = _spacy_stop_words("zh")
            _load_chinese_tables()  # the dictionary and posseg's tags, loaded before workers fork
        elif language.startswith("en"):  # no spaCy pipeline where its sentences are mirrored
            self._english = english_sentences()
            self._sentence_nlp = _pipeline(language) if self._english is None else None
            self._stop_words = _spacy_stop_words("en")
            self._lemma_table = english_lemmas()
        else:
            self._sentence_nlp = _pipeline(language)
            self._stop_words = self._sentence_nlp.Defaults.stop_words

    def sentences(self, text: str) -> list[Sentence]:
        if not text.strip():
            return []
        chinese = self.language.startswith("zh")
        if chinese:
            spans = sentencizer_spans(text)
        elif self._english is not None:
            spans = self._english.spans(_spaced_for_spacy(text))
        else:
            spans = spacy_sentence_spans(self._sentence_nlp, text)
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
        if not self.language.startswith("zh"):
            return [match.span() for match in _WORD_RE.finditer(text)]
        words = _own_cut(text) if _KERNEL is not None else None
        if words is not None:
            return _KERNEL.word_spans(words)  # type: ignore[union-attr, no-any-return]
        return [(start, end) for word, start, end in jieba_tokens(text) if word.strip()]

    def lemma(self, word: str) -> str:
        """The lookup lemma of a lower-case word (the word itself where the table has none)."""
        return self._lemma_table.get(word, word)

    def is_stop_word(self, word: str) -> bool:
        """spaCy's stop words, less the ones that carry content in a claim ("amount", "part",
        "full", "show", "take", "name")."""
        return word in self._stop_words and word not in _CONTENT_STOP_WORDS

    def is_noun(self, word: str) -> bool:
        """Whether jieba tags the whole word a noun or a fixed expression (不动产, 无人机,
        未成年人: words that start with a negating character without negating anything)."""
        return _is_noun(word) if self.language.startswith("zh") else False

    def proper_names(self, text: str) -> list[tuple[int, int]]:
        """[start, end) of the words jieba tags as names of people, places, organisations or
        other proper nouns (Chinese; other languages: none, names are read from case)."""
        if not self.language.startswith("zh"):
            return []
        spans = _name_spans(text)
        if spans is None:
            return _tagged_names(text)
        return [(start, end) for start, end in spans if not _NOT_IN_NAMES.intersection(text[start:end])]


def _tagged_names(text: str) -> list[tuple[int, int]]:
    """`Segmenter.proper_names` from `jieba_tags`: its definition."""
    spans = []
    position = 0
    for word, flag in jieba_tags(text):
        start = text.find(word, position)
        if start < 0:
            continue
        position = start + len(word)
        if flag in _NAME_TAGS and len(word) >= 2 and not _NOT_IN_NAMES.intersection(word):
            spans.append((start, position))
    return spans


def _name_spans(text: str) -> list[tuple[int, int]] | None:
    """[start, end) of the words of two characters or more `jieba_tags` tags with a name
    tag, found by the kernel along each block's route without a (word, flag) pair made for
    every word: names come only from blocks of Chinese characters (posseg tags the rest a
    character at a time), and the words of a block cover it, so a word's place is where the
    one before it ends. None: where `jieba_tags` calls posseg, the kernel is not built, or
    the words of an unknown run do not cover it (`_tagged_names` then)."""
    tagger = _plain_tagger()
    if tagger is None or _KERNEL is None:
        return None
    tags: _KeptTags | dict[str, str] | None = _kept_tags(tagger)
    if tags is None:
        if type(tagger.word_tag_tab) is not dict:
            return None
        tagger.makesure_userdict_loaded()
        tags = tagger.word_tag_tab
    import jieba.posseg as posseg

    han = posseg.re_han_internal
    spans: list[tuple[int, int]] = []
    position = 0
    dictionary: _Dictionary | None = None
    for block in han.split(text):
        if block and han.match(block):
            if dictionary is None:
                dictionary = _loaded_dictionary(tagger.tokenizer, _import_jieba().finalseg)
            if dictionary.kernel is None:
                return None
            route = _block_route(block, dictionary)
            found = dictionary.kernel.route_names(
                block, route, dictionary.freq, _tagged_run, tags, _NAME_TAGS, position
            )
            if found is None:
                return None
            spans += found
        position += len(block)
    return spans


def _plain_tagger() -> Any:
    """posseg's tagger where `jieba_tags` walks the route itself: a plain `POSTokenizer` on a
    plain `Tokenizer`, jieba not cutting in parallel (None: posseg is called)."""
    jieba = _import_jieba()
    import jieba.posseg as posseg

    tagger = posseg.dt
    plain = type(tagger) is posseg.POSTokenizer and type(tagger.tokenizer) is jieba.Tokenizer
    return tagger if plain and jieba.pool is None else None


def jieba_tokens(text: str) -> list[tuple[str, int, int]]:
    """`list(jieba.tokenize(text))`: its accurate cut with HMM (blocks split as jieba splits
    them, each cut on the best route through its dictionary DAG, unknown runs of single
    characters given to `jieba.finalseg`), with the DAG and the route computed in one tight
    loop (`_best_route`) and finalseg's HMM as a loop cached per run (`_finalseg_words`).
    Reads jieba's dictionary live, as jieba does: words a user adds count at once. Where
    `jieba.tokenize` is not a plain `jieba.Tokenizer`'s own, it is called."""
    words = _own_cut(text)
    if words is None:
        _load_jieba_dictionary()  # as jieba would load it, faster
        return list(_import_jieba().tokenize(text))
    tokens = []
    start = 0
    for word in words:
        end = start + len(word)
        tokens.append((word, start, end))
        start = end
    return tokens


def _own_cut(text: str) -> list[str] | None:
    """The words of `jieba_tokens(text)`, in order (they cover the text); None where
    `jieba.tokenize` is not a plain `jieba.Tokenizer`'s own (it is to be called)."""
    jieba = _import_jieba()
    tokenize = jieba.tokenize
    own = getattr(tokenize, "__func__", None) is jieba.Tokenizer.tokenize
    if not own or type(tokenize.__self__) is not jieba.Tokenizer:
        return None
    if not isinstance(text, str):
        raise ValueError("jieba: the input parameter should be unicode.")
    return _jieba_cut(text, tokenize.__self__, jieba)


def _jieba_cut(text: str, tokenizer: Any, jieba: Any) -> list[str]:
    """`Tokenizer.cut(text)` (accurate mode, HMM) as a list."""
    han, skip = jieba.re_han_default, jieba.re_skip_default
    words: list[str] = []
    dictionary: _Dictionary | None = None
    for block in han.split(text):
        if not block:
            continue
        if han.match(block):
            if dictionary is None:  # jieba's own order: the dictionary is loaded at the first block
                dictionary = _loaded_dictionary(tokenizer, jieba.finalseg)
            cached = dictionary.hmm_cut is _finalseg_words  # another cut is called as jieba calls it
            words += _block_words(block, dictionary) if cached else _cut_block(block, dictionary)
            continue
        for piece in skip.split(block):
            if skip.match(piece):
                words.append(piece)
            else:
                words += piece
    return words


class _Dictionary:
    """jieba's dictionary as it stands when a text is cut, what a block's route and words are
    cached for. Two are equal while jieba's FREQ is the same dict with the same total and
    size, the words finalseg forces apart are as many with the same sum of counts, and unknown
    runs are cut by the same function. Every change jieba makes to its dictionary (`add_word`,
    and `del_word`, `suggest_freq`, `load_userdict` through it; counts are never negative)
    changes one of these: a new count adds to the total; a count set to 0 adds its word to
    the ones forced apart, or lowers their sum. (A FREQ edited by hand is not seen.)
    `freq` is FREQ, or the kernel's table of it (`_packed_dictionary`: no word forced apart)."""

    __slots__ = ("freq", "count_of", "weights", "hmm_cut", "kernel", "_key", "_hash")

    def __init__(self, tokenizer: Any, finalseg: Any):
        self._read(tokenizer.FREQ, tokenizer.total, finalseg)

    @classmethod
    def packed(cls, table: bytes, total: int, finalseg: Any) -> _Dictionary:
        """The dictionary of which `table` is the kernel's `freq_table` (read by the kernel alone)."""
        dictionary = cls.__new__(cls)
        dictionary._read(table, total, finalseg)
        return dictionary

    def _read(self, freq: Any, total: int, finalseg: Any) -> None:
        forced = finalseg.Force_Split_Words
        self.freq = freq  # held: its id stays its own while a cache entry keys on it
        self.count_of = freq.get if type(freq) is not bytes else None
        self.weights = _log_weights(log(total))
        self.kernel = _KERNEL if type(freq) in (dict, bytes) else None  # a plain dict's keys, or its table
        self.hmm_cut = _hmm_cut(finalseg)
        forced_counts = sum(freq.get(word) or 0 for word in forced) if forced else 0
        self._key = (id(freq), total, len(freq), len(forced), forced_counts, self.hmm_cut)
        self._hash = hash(self._key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Dictionary) and self._key == other._key

    def __hash__(self) -> int:
        return self._hash


def _loaded_dictionary(tokenizer: Any, finalseg: Any) -> _Dictionary:
    """The dictionary a block is cut with: the kernel's table of jieba's own dictionary
    (`_packed_dictionary`) where it stands for it, else jieba's dictionary, loaded as
    `tokenizer.check_initialized()` loads it (jieba's own read in one piece)."""
    packed = _packed_dictionary(tokenizer, finalseg)
    if packed is not None:
        return packed
    if tokenizer is _import_jieba().dt:
        _load_jieba_dictionary()
    tokenizer.check_initialized()
    return _dictionary(tokenizer, finalseg)


def _packed_dictionary(tokenizer: Any, finalseg: Any) -> _Dictionary | None:
    """jieba's default dictionary read from the kernel's table of it, kept beside jieba's cache
    (`_load_chinese_tables` reads it instead of jieba's dictionary): while jieba's tokenizer
    has not loaded its own, nothing has changed it (every change to it loads it first), it
    is to read jieba's default dictionary (not one `set_dictionary` named), and no word is
    forced apart. None: jieba's own dictionary is to be read."""
    if not _PACKED_TABLE or tokenizer.initialized or finalseg.Force_Split_Words:
        return None
    jieba = _import_jieba()
    own = tokenizer.dictionary is jieba.DEFAULT_DICT and "get_dict_file" not in vars(tokenizer)
    if tokenizer is not jieba.dt or not own:
        return None
    return _packed_dictionary_cut_by(_PACKED_TABLE[0], finalseg, finalseg.cut)


@lru_cache(maxsize=2)
def _packed_dictionary_cut_by(packed: _PackedTable, finalseg: Any, cut: Any) -> _Dictionary:
    """`_Dictionary.packed(...)` of `packed`, made again where finalseg's `cut` changes."""
    return _Dictionary.packed(packed.table, packed.total, finalseg)


def _dictionary(tokenizer: Any, finalseg: Any) -> _Dictionary:
    """`_Dictionary(tokenizer, finalseg)`: the one made before while no word is forced apart
    and the tokenizer's FREQ, its total and size, finalseg's cut and the kernel are the same
    (what it is made of then)."""
    if finalseg.Force_Split_Words:
        return _Dictionary(tokenizer, finalseg)
    freq = tokenizer.FREQ
    return _unforced_dictionary(
        tokenizer, finalseg, id(freq), tokenizer.total, len(freq), finalseg.cut, _KERNEL
    )


@lru_cache(maxsize=4)  # holds each FREQ it was made for: an id is not reused while cached
def _unforced_dictionary(tokenizer: Any, finalseg: Any, *state: Any) -> _Dictionary:
    return _Dictionary(tokenizer, finalseg)


@lru_cache(maxsize=32768)
def _block_route(block: str, dictionary: _Dictionary) -> list[int]:
    """`_best_route` of a block (clauses recur: a realistic run meets each about twice)."""
    if dictionary.kernel is not None:
        return dictionary.kernel.best_route(
            block, dictionary.freq, dictionary.weights, _freq_table(dictionary)
        )
    return _best_route(block, dictionary.count_of, dictionary.weights)


@lru_cache(maxsize=1)
def _freq_table(dictionary: _Dictionary) -> bytes | None:
    """The kernel's table of the dictionary's keys and their weights (18 MB for jieba's, made
    in ~0.05 s; the dictionary's own where it is packed): a route reads them without a string
    made and a dict probed for each (None: a count it cannot hold; the dict is probed)."""
    assert dictionary.kernel is not None
    if type(dictionary.freq) is bytes:
        return dictionary.freq
    return dictionary.kernel.freq_table(dictionary.freq, dictionary.weights)  # type: ignore[no-any-return]


def _cut_block(block: str, dictionary: _Dictionary) -> tuple[str, ...]:
    """jieba's words of a block."""
    route = _block_route(block, dictionary)
    if dictionary.kernel is not None:
        return tuple(dictionary.kernel.route_words(block, route, dictionary.freq, dictionary.hmm_cut, None))
    words: list[str] = []
    _route_words(block, route, dictionary.count_of, dictionary.hmm_cut, words)
    return tuple(words)


# jieba's words of a block, where finalseg's own cut (cached itself) cuts unknown runs
_block_words = lru_cache(maxsize=32768)(_cut_block)


def _best_route(block: str, count_of: Any, weights: dict[Any, float]) -> list[int]:
    """For each start, where the word that starts there ends on the most probable route:
    jieba's `get_DAG` and `calc` in one pass from the end. The same floats in the same order
    (`log(count) - logtotal + value after the word`), and ties go to the longer word, as in
    jieba's max over (value, end) pairs. A start without a word of its own (jieba's DAG:
    the scan stops at the first fragment not in FREQ; count 0 marks a prefix, not a word)
    takes its single character at `log(1) - logtotal`."""
    size = len(block)
    alone = weights[1]
    values: list[float] = [0.0] * (size + 1)
    following: float = 0  # jieba's route[N] = (0, 0): an int, as there
    values[size] = following
    route = list(range(1, size + 1))  # a single character, unless a word wins
    start = size
    for char in reversed(block):
        start -= 1
        count = count_of(char)
        if count is None:  # not even a prefix: the character alone
            values[start] = following = alone + following
            continue
        best = weights[count] + following if count else _NO_WORD
        chosen = start + 1
        for end in range(start + 2, size + 1):
            count = count_of(block[start:end])
            if count is None:
                break
            if count:
                value = weights[count] + values[end]
                if value >= best:
                    best, chosen = value, end
        if best is _NO_WORD:
            best = alone + following
        values[start] = following = best
        route[start] = chosen
    return route


_NO_WORD = float("-inf")  # below every word's value: the first word found wins


class _LogWeights(dict[Any, float]):
    """The weight `log(count) - logtotal` of each word count, computed when first asked for."""

    def __init__(self, logtotal: float):
        super().__init__()
        self.logtotal = logtotal

    def __missing__(self, count: Any) -> float:
        weight = self[count] = log(count) - self.logtotal
        return weight


@lru_cache(maxsize=2)
def _log_weights(logtotal: float) -> _LogWeights:
    """The weights for one jieba total (a few thousand counts in jieba's dictionary; a user's
    word that changes jieba's total starts a new table)."""
    return _LogWeights(logtotal)


def _route_words(block: str, route: list[int], count_of: Any, hmm_cut: Any, words: list[Any]) -> None:
    """The words along `route` onto `words`, as jieba's `__cut_DAG` yields them: a run of
    single characters goes to the HMM (`hmm_cut`: what it gives stands for the run) where the
    run is not a dictionary word itself."""
    position = 0
    run = -1  # where the current run of single characters started
    size = len(block)
    while position < size:
        end = route[position]
        if end - position == 1:
            if run < 0:
                run = position
        else:
            if run >= 0:
                _add_run(block[run:position], words, count_of, hmm_cut)
                run = -1
            words.append(block[position:end])
        position = end
    if run >= 0:
        _add_run(block[run:], words, count_of, hmm_cut)


def _add_run(run: str, words: list[Any], count_of: Any, hmm_cut: Any) -> None:
    if len(run) == 1:
        words.append(run)
    elif not count_of(run):
        words += hmm_cut(run)
    else:
        words += run


def _hmm_cut(finalseg: Any) -> Any:
    """What cuts a run jieba has no word for: finalseg's `cut`, or the same cut from the cache
    (`_finalseg_words`) where finalseg is jieba's own and no word is forced apart."""
    cut = finalseg.cut
    own = getattr(cut, "__module__", None) == "jieba.finalseg" and getattr(cut, "__name__", None) == "cut"
    if own and not finalseg.Force_Split_Words:
        return _finalseg_words
    return cut


@lru_cache(maxsize=16384)
def _finalseg_words(run: str) -> tuple[str, ...]:
    """`tuple(jieba.finalseg.cut(run))` with no word forced apart: its HMM over each block of
    Chinese characters (`_finalseg_route`), the rest cut by its `re_skip`. It reads only
    finalseg's fixed model tables, so a run met again is cut once."""
    import jieba.finalseg as finalseg

    words: list[str] = []
    for block in finalseg.re_han.split(run):
        if finalseg.re_han.match(block):
            words += _finalseg_cut(block)
        else:
            words += [piece for piece in finalseg.re_skip.split(block) if piece]
    return tuple(words)


def _finalseg_cut(block: str) -> list[str]:
    """finalseg's `__cut(block)`: compiled where the kernel is built."""
    if _KERNEL is not None:
        return _KERNEL.finalseg_cut(block, _finalseg_tables())
    return _route_cut(block, _finalseg_route(block))


@cache
def _finalseg_tables() -> tuple[Any, ...]:
    """finalseg's tables as the kernel's `finalseg_cut` reads them (see `_finalseg_route`)."""
    from jieba.finalseg import MIN_FLOAT, emit_P, start_P, trans_P

    emissions = tuple(emit_P[state] for state in "BMES")
    starts = tuple(start_P[state] for state in "BMES")
    moves = ("EB", "ES", "SB", "SS", "MM", "ME", "BM", "BE")
    return (*emissions, *starts, *(trans_P[move[0]].get(move[1], MIN_FLOAT) for move in moves), MIN_FLOAT)


def _route_cut(sentence: str, route: Any) -> list[str]:
    """finalseg's `__cut`: the words a B/M/E/S route marks."""
    words: list[str] = []
    begin = following = 0
    for index, position in enumerate(route):
        if position == "B":
            begin = index
        elif position == "E":
            words.append(sentence[begin : index + 1])
            following = index + 1
        elif position == "S":
            words.append(sentence[index])
            following = index + 1
    if following < len(sentence):
        words.append(sentence[following:])
    return words


def _finalseg_route(obs: str) -> str:
    """The route of `jieba.finalseg.viterbi(obs, "BMES", ...)` with finalseg's tables: its
    four states, each reached from two (finalseg's `PrevStatus`), with the same sums
    (value + transition + emission) and the same ties (the larger previous state wins, as
    in its max over (value, state) pairs; at the end "S" over "E")."""
    from jieba.finalseg import MIN_FLOAT, emit_P, start_P, trans_P

    emit_b, emit_m, emit_e, emit_s = emit_P["B"], emit_P["M"], emit_P["E"], emit_P["S"]
    eb, es = trans_P["E"].get("B", MIN_FLOAT), trans_P["E"].get("S", MIN_FLOAT)
    sb, ss = trans_P["S"].get("B", MIN_FLOAT), trans_P["S"].get("S", MIN_FLOAT)
    mm, me = trans_P["M"].get("M", MIN_FLOAT), trans_P["M"].get("E", MIN_FLOAT)
    bm, be = trans_P["B"].get("M", MIN_FLOAT), trans_P["B"].get("E", MIN_FLOAT)
    char = obs[0]
    b = start_P["B"] + emit_b.get(char, MIN_FLOAT)
    m = start_P["M"] + emit_m.get(char, MIN_FLOAT)
    e = start_P["E"] + emit_e.get(char, MIN_FLOAT)
    s = start_P["S"] + emit_s.get(char, MIN_FLOAT)
    steps: list[str] = []  # per character after the first: the previous state of B, M, E, S
    for char in obs[1:]:
        emit = emit_b.get(char, MIN_FLOAT)  # B from E or S
        from_e, from_s = e + eb + emit, s + sb + emit
        new_b, back_b = (from_s, "S") if from_s >= from_e else (from_e, "E")
        emit = emit_m.get(char, MIN_FLOAT)  # M from M or B
        from_m, from_b = m + mm + emit, b + bm + emit
        new_m, back_m = (from_m, "M") if from_m >= from_b else (from_b, "B")
        emit = emit_s.get(char, MIN_FLOAT)  # S from S or E
        from_s, from_e = s + ss + emit, e + es + emit
        new_s, back_s = (from_s, "S") if from_s >= from_e else (from_e, "E")
        emit = emit_e.get(char, MIN_FLOAT)  # E from B or M
        from_b, from_m = b + be + emit, m + me + emit
        new_e, back_e = (from_m, "M") if from_m >= from_b else (from_b, "B")
        b, m, e, s = new_b, new_m, new_e, new_s
        steps.append(back_b + back_m + back_e + back_s)
    state = "S" if s >= e else "E"
    route = [state]
    for back in reversed(steps):
        state = back["BMES".index(state)]
        route.append(state)
    return "".join(reversed(route))


def jieba_tags(text: str) -> list[tuple[str, str]]:
    """(word, flag) of each of `jieba.posseg.cut(text)`'s pairs: its blocks and its walk along
    the best route, the route from `_best_route` (posseg asks jieba's tokenizer for the same
    DAG and route), unknown runs tagged by posseg's own HMM. Where posseg's tagger is not
    a plain one or jieba cuts in parallel, posseg is called."""
    jieba = _import_jieba()
    import jieba.posseg as posseg

    tagger = _plain_tagger()
    if tagger is None:
        _load_jieba_dictionary()  # as jieba would load it, faster
        return [(pair.word, pair.flag) for pair in posseg.cut(text)]
    kept = _kept_tags(tagger)
    if kept is None:
        tagger.makesure_userdict_loaded()
    han, skip = posseg.re_han_internal, posseg.re_skip_internal
    tags: list[tuple[str, str]] = []
    dictionary: _Dictionary | None = None
    for block in han.split(text):
        if han.match(block):
            if dictionary is None:
                dictionary = _loaded_dictionary(tagger.tokenizer, jieba.finalseg)
            tags += _tagged_block(block, tagger, dictionary, kept)
            continue
        for piece in skip.split(block):
            if skip.match(piece):
                tags.append((piece, "x"))
                continue
            english = posseg.re_eng.match(piece)  # posseg tests the piece, not the character
            for char in piece:
                tags.append((char, "m" if posseg.re_num.match(char) else "eng" if english else "x"))
    return tags


def _tagged_block(
    block: str, tagger: Any, dictionary: _Dictionary, kept: _KeptTags | None = None
) -> list[tuple[str, str]]:
    """posseg's `__cut_DAG`: each word on the route with its dictionary tag ("x" if none), read
    from the `kept` tag table where it stands for posseg's (`_kept_tags`)."""
    route = _block_route(block, dictionary)
    if kept is not None:
        if dictionary.kernel is not None:
            return dictionary.kernel.route_words(block, route, dictionary.freq, _tagged_run, kept)  # type: ignore[no-any-return]
        tagger.makesure_userdict_loaded()  # a FREQ the kernel does not read: posseg's own table, read now
    tag_table = tagger.word_tag_tab
    words: list[Any] = []
    if dictionary.kernel is None:
        _route_words(block, route, dictionary.count_of, _tagged_run, words)
    elif type(tag_table) is dict:
        return dictionary.kernel.route_words(block, route, dictionary.freq, _tagged_run, tag_table)  # type: ignore[no-any-return]
    else:
        words = dictionary.kernel.route_words(block, route, dictionary.freq, _tagged_run, None)
    tag_of = tag_table.get
    return [(word, tag_of(word, "x")) if type(word) is str else word for word in words]


@lru_cache(maxsize=16384)
def _tagged_run(run: str) -> tuple[tuple[str, str], ...]:
    """(word, flag) of each pair of posseg's `__cut_detail(run)`: its HMM over a run of
    characters the dictionary has no word for, with posseg's Viterbi over arrays
    (`_viterbi`). It reads only posseg's fixed model tables, so a run met again (a name in
    many texts) is tagged once."""
    import jieba.posseg as posseg

    tags: list[tuple[str, str]] = []
    for block in posseg.re_han_detail.split(run):
        if posseg.re_han_detail.match(block):
            tags += _hmm_tags(block)
            continue
        for piece in posseg.re_skip_detail.split(block):
            if piece:
                english = posseg.re_eng.match(piece)
                tags.append((piece, "m" if posseg.re_num.match(piece) else "eng" if english else "x"))
    return tuple(tags)


def _hmm_tags(sentence: str) -> list[tuple[str, str]]:
    """posseg's `__cut(sentence)` as (word, flag) pairs."""
    route = _posseg_route(sentence)
    tags: list[tuple[str, str]] = []
    begin = following = 0
    for index, char in enumerate(sentence):
        position, flag = route[index]
        if position == "B":
            begin = index
        elif position == "E":
            tags.append((sentence[begin : index + 1], flag))
            following = index + 1
        elif position == "S":
            tags.append((char, flag))
            following = index + 1
    if following < len(sentence):
        tags.append((sentence[following:], route[following][1]))
    return tags


@dataclass(frozen=True)
class _PossegModel:
    """posseg's HMM tables as arrays over its states numbered in their sort order (so that
    "the larger state wins a tie" is "the larger number wins")."""

    states: list[Any]
    trans: Any  # [from, to]: the log transition, -inf where there is none
    follows: Any  # [from, to]: whether there is a transition
    moves: Any  # [state]: whether it has any transition
    number: dict[Any, int]  # state -> its number
    every: Any  # [state]: all True (a character posseg has not seen may be in any state)
    start: Any  # [state]: the log start probability
    emit: list[dict[str, float]]


@cache
def _posseg_states() -> tuple[list[Any], dict[Any, int], list[dict[str, float]]]:
    """posseg's states in their sort order, each one's number and each one's emission table:
    all the kernel reads of the model besides bytes (no NumPy)."""
    from jieba.posseg import emit_P as emit_p
    from jieba.posseg import trans_P as trans_p

    states = sorted(trans_p)
    return states, {state: index for index, state in enumerate(states)}, [emit_p[state] for state in states]


@cache
def _posseg_model() -> _PossegModel:
    """`_posseg_tables` as NumPy arrays, for the Python route (`_viterbi`)."""
    import numpy as np

    states, trans_bytes, _, _, start_bytes, emit, _, _ = _posseg_tables()
    _, number, _ = _posseg_states()
    trans, start = np.frombuffer(trans_bytes).reshape(len(states), len(states)), np.frombuffer(start_bytes)
    follows = trans > -np.inf
    every = np.ones(len(states), dtype=bool)
    return _PossegModel(states, trans, follows, follows.any(axis=1), number, every, start, emit)


@lru_cache(maxsize=8192)  # 256 bytes each; made when a character is first met (not all 6,648 at start-up)
def _allowed(char: str) -> Any:
    """[state]: whether posseg has seen `char` in that state (all True: it has not seen it)."""
    import numpy as np
    from jieba.posseg import char_state_tab_P as char_states

    model = _posseg_model()
    seen = char_states.get(char)
    if seen is None:
        return model.every
    mask = np.zeros(len(model.states), dtype=bool)
    mask[[model.number[state] for state in seen]] = True
    return mask


@lru_cache(maxsize=4096)  # 2 KB each
def _emissions(char: str) -> Any:
    """[state]: posseg's log emission of `char` (MIN_FLOAT where it has none)."""
    import numpy as np
    from jieba.posseg.viterbi import MIN_FLOAT

    return np.array([emit.get(char, MIN_FLOAT) for emit in _posseg_model().emit])


def _posseg_route(obs: str) -> list[Any]:
    """`_viterbi(obs)`: compiled where the kernel is built."""
    route = _KERNEL.posseg_route(obs, _posseg_tables()) if _KERNEL is not None else None
    return _viterbi(obs) if route is None else route


@cache
def _posseg_tables() -> tuple[Any, ...]:
    """posseg's model as the kernel's `posseg_route` reads it: the states, transitions (float64,
    row by row, -inf where there is none), the states each can go to (rows of 64-bit words,
    little-endian bits), whether a state has any (a byte each), the starts (float64), the
    emission tables, the states a character was seen in (`_seen_in`) and MIN_FLOAT. Made
    without NumPy: a run whose answers are all short never imports it (0.15 s)."""
    from jieba.posseg import start_P as start_p
    from jieba.posseg import trans_P as trans_p
    from jieba.posseg.viterbi import MIN_FLOAT

    states, number, emit = _posseg_states()
    size, row_bytes = len(states), -(-len(states) // 64) * 8
    trans = array("d", [-inf]) * (size * size)
    follows = [0] * size  # each row's bits
    for before, row in trans_p.items():
        for after, move in row.items():
            trans[number[before] * size + number[after]] = move
            if move > -inf:
                follows[number[before]] |= 1 << number[after]
    return (
        list(states),
        trans.tobytes(),
        b"".join(bits.to_bytes(row_bytes, "little") for bits in follows),
        bytes(bool(bits) for bits in follows),
        array("d", [start_p[state] for state in states]).tobytes(),
        list(emit),
        _seen_in,
        MIN_FLOAT,
    )


@lru_cache(maxsize=8192)
def _seen_in(char: str) -> bytes | None:
    """The states posseg has seen `char` in (uint16 numbers) and its emission in each
    (float64): `_allowed(char)` and the part of `_emissions(char)` a step mostly reads, for
    the kernel. None: posseg has not seen it (it may be in any state)."""
    from jieba.posseg import char_state_tab_P as char_states
    from jieba.posseg.viterbi import MIN_FLOAT

    _, number, emit = _posseg_states()
    if _KERNEL is not None:
        return _KERNEL.seen_in(char, char_states, number, emit, MIN_FLOAT)
    seen = char_states.get(char)
    if seen is None:
        return None
    numbers = [number[state] for state in seen]
    emissions = [emit[index].get(char, MIN_FLOAT) for index in numbers]
    return array("H", numbers).tobytes() + array("d", emissions).tobytes()


def _viterbi(obs: str) -> list[Any]:
    """The state route of `jieba.posseg.viterbi.viterbi(obs, ...)` with posseg's tables, one
    step per character over arrays of the live states. The same sums in the same order
    (value + transition + emission, float64 as Python's floats) and the same ties: jieba
    takes, for each state, the max over (value, previous state) pairs, so of equal values
    the larger previous state wins (here: the first of the previous states in descending
    order), and where every value is -inf (no transition) the largest previous state."""
    import numpy as np
    from jieba.posseg import char_state_tab_P as char_states
    from jieba.posseg import emit_P as emit_p
    from jieba.posseg import start_P as start_p
    from jieba.posseg import trans_P as trans_p

    model = _posseg_model()
    states = model.states
    alive = np.flatnonzero(_allowed(obs[0]))
    values = (model.start + _emissions(obs[0]))[alive]
    steps = []
    for char in obs[1:]:
        going = model.moves[alive]
        previous = alive[going][::-1]
        if not len(previous):  # jieba's max over nothing raises: let it say so
            from jieba.posseg.viterbi import viterbi

            return viterbi(obs, char_states, start_p, trans_p, emit_p)[1]  # type: ignore[no-any-return]
        expected = model.follows[previous].any(axis=0)
        observed_mask = _allowed(char) & expected
        observed = np.flatnonzero(observed_mask if observed_mask.any() else expected)
        table = values[going][::-1, None] + model.trans[previous[:, None], observed]
        table += _emissions(char)[observed]
        best = table.argmax(axis=0)
        values = table[best, np.arange(len(observed))]
        steps.append((observed, previous[best]))
        alive = observed
    state = alive[len(values) - 1 - values[::-1].argmax()]
    route = [states[state]]
    for observed, chosen in reversed(steps):
        state = chosen[np.searchsorted(observed, state)]
        route.append(states[state])
    route.reverse()
    return route


def spacy_sentence_spans(nlp: Any, text: str) -> list[tuple[int, int]]:
    """The spans of the sentences `nlp` (a `_pipeline`) finds in `text`: the sentencizer's, which
    `english_sentences` mirrors for English (tests compare the two)."""
    return spacy_spans(nlp, _spaced_for_spacy(text))


@cache
def english_sentences() -> EnglishSentences | None:
    """spaCy's English sentence spans without spaCy, from the rules kept for the spaCy installed
    (read from its pipeline where none are kept). None: spaCy's tokenizer is not mirrored."""
    rules = kept_rules(lambda: _pipeline("en"))
    return EnglishSentences(rules) if rules is not None else None


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
    final = PUNCT_CHARS
    for index in window:
        if chunk[index].isalnum() and chunk[index - 1].isalnum():
            return index
    for index in window:
        if chunk[index] not in final and chunk[index - 1] not in final:
            return index
    return start


@lru_cache(maxsize=65536)
def _is_noun(word: str) -> bool:
    tagged = jieba_tags(word)
    return len(tagged) == 1 and (tagged[0][1].startswith("n") or tagged[0][1] == "l")


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


def _ascii_alnum(char: str) -> bool:
    return char.isascii() and char.isalnum()


def _continues(text: str, start: int, end: int, following: int) -> bool:
    """Whether the sentence [start, end) was cut where no sentence ends. Sentences merge one
    after another ("No. No. No. ..."), so only the sentence's last characters are read: a
    sentence that grows must not be read whole at each step."""
    stop = end
    while stop > start and text[stop - 1].isspace():
        stop -= 1
    if stop == start or text[stop - 1] != ".":
        return False
    if (
        following == end
        and _ascii_alnum(text[end - 2 : end - 1])
        and _ascii_alnum(text[following : following + 1])
    ):
        return True  # a full stop between letters or digits: help@bilibili.com, www.gov.cn, v1.2
    if stop - 2 >= start and text[stop - 2].isdigit() and text[following : following + 1].isdigit():
        return True  # 6. | 4%
    return _after_marker_or_abbreviation(text, start, stop)


_TAIL = 256  # characters: how much of a long line's end `_after_marker_or_abbreviation` reads
_LONGEST_ABBREVIATION = max(map(len, _ABBREVIATIONS))


def _after_marker_or_abbreviation(text: str, start: int, stop: int) -> bool:
    """Whether the last line of text[start:stop] (which ends with ".") is a list marker alone
    ("1.", "iv.") or ends with an abbreviation or an initial. A line longer than `_TAIL` is read
    from its tail where that decides: a list marker holds at most four word characters, and a
    word longer than every abbreviation is none."""
    window = max(start, stop - _TAIL)
    newline = text.rfind("\n", window, stop)
    if newline >= 0 or window == start:
        return _line_continues(text[newline + 1 if newline >= 0 else start : stop])
    last_word_character = _LAST_WORD_CHAR.search(text, window, stop)
    if (
        last_word_character is None
        or last_word_character.start() < window + _LONGEST_ABBREVIATION + 2
        or len(_WORD_CHAR.findall(text, window, stop)) < 5
    ):
        return _line_continues(text[start:stop].rsplit("\n", 1)[-1])  # too little to decide by
    last = _LAST_WORD_RE.search(text, window, stop)
    if last is None:
        return False
    if last.start() == window and _WORD_OR_DOT.match(text, window - 1):
        return False  # the word began before the window: longer than any abbreviation
    return _is_abbreviation(last.group(1))


def _line_continues(piece: str) -> bool:
    if _LIST_MARKER_RE.match(piece):
        return True
    last = _LAST_WORD_RE.search(piece)
    return last is not None and _is_abbreviation(last.group(1))


def _is_abbreviation(word: str) -> bool:
    return word.lower() in _ABBREVIATIONS or (len(word) == 1 and word.isupper())


_WORD_CHAR = re.compile(r"\w")
_LAST_WORD_CHAR = re.compile(r"\w(?=\W*$)")
_WORD_OR_DOT = re.compile(r"[\w.]")


# spaCy's `Sentencizer.default_punct_chars` (a test pins the equality), written out so that
# Chinese sentences need no spaCy import (0.6 s).
PUNCT_CHARS = frozenset(
    "!.?\u0589\u061f\u06d4\u0700\u0701\u0702\u07f9\u0964\u0965\u104a\u104b\u1362\u1367\u1368"
    "\u166e\u1735\u1736\u1803\u1809\u1944\u1945\u1aa8\u1aa9\u1aaa\u1aab\u1b5a\u1b5b\u1b5e"
    "\u1b5f\u1c3b\u1c3c\u1c7e\u1c7f\u203c\u203d\u2047\u2048\u2049\u2e2e\u2e3c\ua4ff\ua60e"
    "\ua60f\ua6f3\ua6f7\ua876\ua877\ua8ce\ua8cf\ua92f\ua9c8\ua9c9\uaa5d\uaa5e\uaa5f\uaaf0"
    "\uaaf1\uabeb\ufe52\ufe56\ufe57\uff01\uff0e\uff1f\uff61\u3002"
    "\U00010a56\U00010a57\U00011047\U00011048\U000110be\U000110bf\U000110c0\U000110c1"
    "\U00011141\U00011142\U00011143\U000111c5\U000111c6\U000111cd\U000111de\U000111df"
    "\U00011238\U00011239\U0001123b\U0001123c\U000112a9\U0001144b\U0001144c\U000115c2"
    "\U000115c3\U000115c9\U000115ca\U000115cb\U000115cc\U000115cd\U000115ce\U000115cf"
    "\U000115d0\U000115d1\U000115d2\U000115d3\U000115d4\U000115d5\U000115d6\U000115d7"
    "\U00011641\U00011642\U0001173c\U0001173d\U0001173e\U00011a42\U00011a43\U00011a9b"
    "\U00011a9c\U00011c41\U00011c42\U00016a6e\U00016a6f\U00016af5\U00016b37\U00016b38"
    "\U00016b44\U0001bc9f\U0001da88"
)


def sentencizer_spans(text: str) -> list[tuple[int, int]]:
    """spaCy's Sentencizer rule over character tokens: after a sentence-final mark, the next
    token that is not punctuation starts a new sentence. As in spaCy's tokens, one space after
    a character is that character's trailing whitespace, while any other whitespace run is a
    token of its own (and so may start a sentence)."""
    if not _WHITESPACE_RE.search(text):
        return _spans_without_whitespace(text)
    return _spans_char_by_char(text)


def _spans_char_by_char(text: str) -> list[tuple[int, int]]:
    final = PUNCT_CHARS
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
    return "f" if char in PUNCT_CHARS else "p" if unicodedata.category(char).startswith("P") else "o"


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
        _pipeline(language)
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
def _pipeline(language: str) -> Any:
    """`spacy.blank(language)` with the sentencizer (not for Chinese: see `sentencizer_spans`),
    its vocabulary the one `spacy.blank` makes, reading punctuation alone from the start
    (`_only_punctuation_read`)."""
    spacy = _import_spacy()
    name = "en" if language.startswith("en") else language
    nlp = spacy.blank(name, vocab=_punctuation_vocab(name))
    nlp.add_pipe("sentencizer")
    return nlp


def _punctuation_vocab(name: str) -> Any:
    """The vocabulary `spacy.blank(name)` makes (spaCy's `create_vocab` for the language),
    reading punctuation alone: the tokenizer's special cases (1,347 for English) are words it
    meets as it is built (0.04 s less for an English start-up)."""
    from spacy.util import get_lang_class
    from spacy.vocab import create_vocab

    vocab = create_vocab(name, get_lang_class(name).Defaults)
    _only_punctuation_read(vocab)
    return vocab


def _only_punctuation_read(vocab: Any) -> None:
    """The vocabulary computes only `is_punct` for a word it meets the first time (one
    function of its 23 attribute getters): the sentencizer reads a token's text and
    `is_punct` alone, and the tokenizer none of them, so the sentences are the same; every
    new word of a text costs a third less (English answers: 0.15 s -> 0.09 s for 300).
    The pipeline is this module's own and used for nothing but sentences (no vectors either:
    the vocabulary has the empty table `spacy.blank` would have given it)."""
    from spacy.attrs import IS_PUNCT

    getters = vocab.lex_attr_getters
    vocab.lex_attr_getters = {IS_PUNCT: getters[IS_PUNCT]} if IS_PUNCT in getters else {}


def _import_spacy() -> Any:
    """spaCy, imported without its command line: `spacy/__init__` imports `spacy.cli.info`
    only to offer `spacy.info`, and the CLI package imports typer, weasel, requests and every
    command (0.15-0.2 s, a sixth of an English start-up). Stand-ins take the two module names
    while spaCy imports; then they are removed, so that `import spacy.cli` later loads the
    real one, and `spacy.info` loads it on its first call. Where spaCy's import needs more of
    the CLI than that, it is imported again the ordinary way."""
    if "spacy" in sys.modules:
        import spacy

        return spacy
    cli, info = ModuleType("spacy.cli"), ModuleType("spacy.cli.info")
    info.info = _spacy_info  # type: ignore[attr-defined]
    cli.info = info  # type: ignore[attr-defined]
    sys.modules.update({"spacy.cli": cli, "spacy.cli.info": info})
    try:
        import spacy
    except ImportError:
        _drop_modules("spacy")
        _drop_stand_ins(cli, info)
        import spacy

        return spacy
    _drop_stand_ins(cli, info)
    if getattr(spacy, "cli", None) is cli:
        del spacy.cli  # type: ignore[attr-defined]
    return spacy


def _drop_stand_ins(*stand_ins: ModuleType) -> None:
    for module in stand_ins:
        if sys.modules.get(module.__name__) is module:
            del sys.modules[module.__name__]


def _drop_modules(package: str) -> None:
    for name in [name for name in sys.modules if name == package or name.startswith(package + ".")]:
        del sys.modules[name]


def _spacy_info(*args: Any, **kwargs: Any) -> Any:
    """`spacy.info`, the real one imported on first call."""
    from spacy.cli.info import info

    return info(*args, **kwargs)


ENGLISH_LEMMAS = "english-lemmas.v1"  # the kept table's name


@cache
def english_lemmas() -> dict[str, str]:
    """spacy-lookups-data's English `lemma_lookup` table as a plain dict (`_lemma_table_file`),
    kept for the next run where its file is found without importing the package: 0.09 s of an
    English start-up, 0.01 s read back. A test pins the equality with spaCy's table."""
    source = _lemma_file()
    kept_at = _kept_lemmas_path(source) if source is not None else None
    kept = read_kept(kept_at) if kept_at is not None else None
    if type(kept) is dict:
        return kept
    lemmas, read_from = _lemma_table_file()
    if kept_at is not None and read_from == source:
        write_kept(kept_at, lemmas)
    return lemmas


def _lemma_table_file() -> tuple[dict[str, str], Path]:
    """The table as spaCy's `load_lookups` reads it, without hashing each of its 40,000 keys
    into a `Table` (0.1 s), and the file it is read from."""
    import gzip
    import json

    from spacy_lookups_data import en

    registered = Path(en["lemma_lookup"])
    path = _lookup_file(registered) or registered.with_name(registered.name + ".gz")
    data = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
    return dict(json.loads(data)), path


def _lemma_file() -> Path | None:
    """The file spacy-lookups-data keeps the English table in, found without importing it (None:
    not found)."""
    spec = importlib.util.find_spec("spacy_lookups_data")
    folders = spec.submodule_search_locations if spec is not None else None
    if not folders:
        return None
    return _lookup_file(Path(next(iter(folders)), "data", "en_lemma_lookup.json"))


def _lookup_file(path: Path) -> Path | None:
    """As spaCy's `load_language_data` picks it: the plain file, else its .gz (None: neither)."""
    for candidate in (path, path.with_name(path.name + ".gz")):
        if candidate.exists():
            return candidate
    return None


def _kept_lemmas_path(source: Path) -> Path | None:
    """Where the table read from `source` is kept: named by its path, size and time."""
    try:
        status = source.stat()
    except OSError:
        return None
    return kept_path(ENGLISH_LEMMAS, (str(source), status.st_size, status.st_mtime_ns))


@cache
def _spacy_stop_words(language: str) -> frozenset[str]:
    """spaCy's stop words for `language`: read from spaCy's own `lang/<language>/stop_words.py`
    without importing spaCy (0.6 s) unless it is imported already or that file is not found."""
    spec = importlib.util.find_spec("spacy") if "spacy" not in sys.modules else None
    folders = spec.submodule_search_locations if spec is not None else None
    words = stop_words_file(Path(next(iter(folders))), language) if folders else None
    if words is not None:
        return words
    from spacy.util import get_lang_class

    return frozenset(get_lang_class(language).Defaults.stop_words)


def stop_words_file(spacy_folder: Path, language: str) -> frozenset[str] | None:
    """`STOP_WORDS` of spaCy's `lang/<language>/stop_words.py`, a module of data alone, run on
    its own (None: no such file)."""
    path = spacy_folder / "lang" / language / "stop_words.py"
    spec = importlib.util.spec_from_file_location(f"_spacy_{language}_stop_words", path)
    if not path.is_file() or spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return frozenset(module.STOP_WORDS)


JIEBA_CACHE = "jieba.cache"  # jieba's own cache of its default dictionary, in the temp folder


def _load_jieba_dictionary(tokenizer: Any = None) -> None:
    """jieba's default prefix dictionary into `tokenizer` (jieba's own by default), as
    `tokenizer.initialize()` loads it, and from the same cache file; but read in one piece:
    `marshal.load` on an open file reads it a few bytes at a time (1 s, not 0.2 s). Where the
    cache is missing or unreadable it is built, and written if the folder lets it (quietly
    not, unlike jieba, which logs a traceback)."""
    jieba = _import_jieba()
    jieba.setLogLevel(logging.WARNING)
    tokenizer = tokenizer or jieba.dt
    if tokenizer.initialized:
        return
    if tokenizer.dictionary is not jieba.DEFAULT_DICT:  # a user's own dictionary: jieba's way
        tokenizer.initialize()
        return
    path = _jieba_cache_path(tokenizer)
    loaded = _read_jieba_cache(path) if path is not None else None
    if loaded is None:
        loaded = tokenizer.gen_pfdict(tokenizer.get_dict_file())
        if path is not None:
            write_kept(path, loaded)
    with tokenizer.lock:
        if not tokenizer.initialized:
            tokenizer.FREQ, tokenizer.total = loaded
            tokenizer.initialized = True


def _import_jieba() -> Any:
    """jieba, imported without pkg_resources unless something imported that already: jieba's
    `_compat` imports it (0.1 s; a deprecation warning on newer setuptools, an error where
    warnings are errors) only to open jieba's own data files, which it opens with `open` where
    the import fails (as in a venv without setuptools). The same bytes either way."""
    if "jieba" in sys.modules or "pkg_resources" in sys.modules:
        import jieba

        return jieba
    sys.modules["pkg_resources"] = None  # type: ignore[assignment]  # the import raises ImportError
    try:
        import jieba
    finally:
        if sys.modules.get("pkg_resources", False) is None:
            del sys.modules["pkg_resources"]
    return jieba


def _jieba_cache_path(tokenizer: Any) -> Path | None:
    """Where jieba keeps the cache (None: no temp folder at all)."""
    try:
        folder = tokenizer.tmp_dir or tempfile.gettempdir()
    except OSError:
        return None
    return Path(folder, tokenizer.cache_file or JIEBA_CACHE)


def _read_jieba_cache(path: Path) -> Any:
    """(FREQ, total) from the cache file; None when it cannot be read (jieba then rebuilds;
    as jieba, whoever wrote it)."""
    loaded = read_kept(path, own_only=False)
    try:
        freq, total = loaded
    except (TypeError, ValueError):
        return None
    return freq, total


JIEBA_TABLES = "jieba-tables"  # kept beside jieba's cache, one per jieba install
JIEBA_PACKED = "jieba-packed"  # the kernel's table of it, beside it
JIEBA_TABLES_CACHE = KEPT_NAME.format(JIEBA_TABLES, "{}")  # their files' names, of a key's digest
JIEBA_PACKED_CACHE = KEPT_NAME.format(JIEBA_PACKED, "{}")


@dataclass(frozen=True, eq=False)  # one is itself: a cache keyed on it hashes no 18 MB table
class _PackedTable:
    """The kernel's table of jieba's dictionary (`freq_table`) and the dictionary's total."""

    table: bytes
    total: int


_PACKED_TABLE: list[_PackedTable] = []  # the one read by `_load_chinese_tables`, if any


def _load_chinese_tables() -> None:
    """jieba's prefix dictionary (as `_load_jieba_dictionary` reads it) and posseg's word tag
    table (as posseg reads it), from one marshal cache beside jieba's where there is one for
    this jieba and this jieba cache: the tag table's words are the dictionary's own string
    objects there, so each word is made and hashed once (0.06 s saved). The cache's name holds
    its key: jiebas installed apart (venvs) keep their own instead of writing each other's
    over. Where it cannot be used (a dictionary of the user's, posseg or the dictionary loaded
    already, no temp folder), both are loaded as before.
    Where the kernel is built, a second cache of the same key holds the kernel's tables of the
    dictionary (`freq_table`) and of the tag table (`_tag_table`): read instead, it leaves
    jieba's dictionary unloaded (0.4 s and 60 MB of dict not made) until jieba itself needs
    it (`_packed_dictionary`), and posseg's tag table unread (0.25 s) until posseg itself
    cuts (`_UnreadTags`)."""
    jieba = _import_jieba()
    jieba.setLogLevel(logging.WARNING)
    loaded_before = jieba.dt.initialized  # its words may be the user's (`add_word`): not cached
    path = _tables_cache_path(jieba)
    if path is not None and not loaded_before and _load_packed_tables(path):
        return
    tables = _read_tables_cache(path) if path is not None else None
    if tables is None:
        _load_jieba_dictionary()
        posseg = _import_posseg()
        if path is not None and not loaded_before:  # named again: a jieba cache may be new
            path = _tables_cache_path(jieba, loaded=True)
            if path is not None:
                write_kept(path, (path.name, *_shared_tables(jieba.dt, posseg.dt.word_tag_tab)))
                _keep_packed_tables(path, jieba.dt, posseg.dt.word_tag_tab)
        return
    freq, total, tags = tables
    tokenizer = jieba.dt
    with tokenizer.lock:
        if not tokenizer.initialized:
            tokenizer.FREQ, tokenizer.total = freq, total
            tokenizer.initialized = True
    _import_posseg(tags)
    if path is not None and not loaded_before:
        _keep_packed_tables(path, tokenizer, tags)


def _packed_cache_path(tables_path: Path) -> Path | None:
    """Where the kernel's table is kept: beside the tables' cache, under its key and the size
    and time of the files that make the table (the kernel's layout, this module's weights);
    None: one of them cannot be read."""
    try:
        makers = [os.stat(path) for path in (getattr(_KERNEL, "__file__", ""), __file__)]
    except (OSError, TypeError):
        return None
    key = (tables_path.name, [(made.st_size, made.st_mtime_ns) for made in makers])
    return kept_path(JIEBA_PACKED, key, tables_path.parent)


def _packed_checksum(table: bytes, total: int, tags: _KeptTags) -> int:
    tag_table, flags = tags
    checked = zlib.crc32(tag_table, zlib.crc32(table))
    return zlib.crc32(repr((total, flags)).encode("utf-8", "surrogatepass"), checked)


def _keep_packed_tables(tables_path: Path, tokenizer: Any, tags: dict[str, str]) -> None:
    """The kernel's table of `tokenizer`'s dictionary, its total, the kernel's table of the
    word tags (`_tag_table`) and a checksum of them into the packed cache (nothing where the
    kernel is not built or cannot hold them)."""
    path = _packed_cache_path(tables_path) if _KERNEL is not None else None
    if _KERNEL is None or path is None:
        return
    table = _KERNEL.freq_table(tokenizer.FREQ, _log_weights(log(tokenizer.total)))
    kept = _tag_table(tags)
    if table is not None and kept is not None:
        checksum = _packed_checksum(table, tokenizer.total, kept)
        write_kept(path, (path.name, tokenizer.total, checksum, table, *kept))


def _load_packed_tables(tables_path: Path) -> bool:
    """The packed cache read, its table taken for jieba's dictionary (`_PACKED_TABLE`) and its
    tag table for posseg's, left unread (`_UnreadTags`); False: the kernel is not built, or
    the cache is missing, damaged (its checksum) or another's (its name)."""
    path = _packed_cache_path(tables_path) if _KERNEL is not None else None
    if path is None:
        return False
    try:
        name, total, checksum, table, tag_table, flags = read_kept(path)
    except (TypeError, ValueError):  # as the tables' cache: any unreadable one is written again
        return False
    if name != path.name or type(total) is not int or {type(table), type(tag_table)} != {bytes}:
        return False
    if type(flags) is not tuple or not all(type(flag) is str for flag in flags):
        return False
    if _packed_checksum(table, total, (tag_table, flags)) != checksum:
        return False
    _PACKED_TABLE[:] = [_PackedTable(table, total)]
    tagger = _import_posseg({}).dt
    tagger.makesure_userdict_loaded = _UnreadTags(tagger, (tag_table, flags))
    return True


_KeptTags = tuple[bytes, tuple[str, ...]]  # the kernel's table of posseg's word tags, and the flags


def _tag_table(tags: dict[str, str]) -> _KeptTags | None:
    """posseg's word tags as the kernel reads them in place of the dict (`route_words`): the
    kernel's table (`freq_table`) of each word's count, its flag's number plus one (a count of
    0 is a prefix's), and the flags by number. None: the kernel cannot hold them (or a flag
    is not a str)."""
    assert _KERNEL is not None
    if any(type(flag) is not str for flag in tags.values()):
        return None
    flags = tuple(sorted(set(tags.values())))
    counts = {flag: number + 1 for number, flag in enumerate(flags)}
    weights = {count: float(count - 1) for count in counts.values()}  # a count's weight: its flag's number
    table = _KERNEL.freq_table({word: counts[flag] for word, flag in tags.items()}, weights)
    return None if table is None else (table, flags)


class _UnreadTags:
    """posseg's `makesure_userdict_loaded` while its word tag table is left unread (0.25 s of
    every start) and the kept tag table stands for it: posseg calls it first in every cut,
    and it reads jieba's dictionary into the table as posseg's import would have, before
    handing over to posseg's own. The segmenter reads the kept table meanwhile (`_kept_tags`)."""

    def __init__(self, tagger: Any, kept: _KeptTags) -> None:
        self.tagger, self.kept = tagger, kept
        self.unread: dict[str, str] = tagger.word_tag_tab
        self.lock = tagger.tokenizer.lock  # jieba's: a cut on another thread waits for the table

    def stands_for_posseg(self) -> bool:
        """Whether posseg's table is still the unread one, with no word of the user's to add."""
        unread, tagger = self.unread, self.tagger
        return tagger.word_tag_tab is unread and not unread and not tagger.tokenizer.user_word_tag_tab

    def __call__(self) -> None:
        tagger = self.tagger
        with self.lock:
            if vars(tagger).get("makesure_userdict_loaded") is self:  # not read by another thread
                if tagger.word_tag_tab is self.unread:
                    jieba = _import_jieba()
                    tagger.load_word_tag(jieba.get_module_res(jieba.DEFAULT_DICT_NAME))
                    tagger.word_tag_tab.update(self.unread)  # any the user set meanwhile
                del tagger.makesure_userdict_loaded  # posseg's own from now on
        tagger.makesure_userdict_loaded()


def _kept_tags(tagger: Any) -> _KeptTags | None:
    """The kept tag table where it stands for posseg's unread one; None: posseg's own is read."""
    unread = vars(tagger).get("makesure_userdict_loaded")
    return unread.kept if isinstance(unread, _UnreadTags) and unread.stands_for_posseg() else None


def _tables_cache_path(jieba: Any, *, loaded: bool = False) -> Path | None:
    """Where the tables of this jieba are cached: named by jieba's version and the path, size
    and modification time of its dictionary file and of its cache (the dictionary jieba
    reads). None: not to be used, for a tokenizer that is not jieba's default one as jieba
    installs it, posseg imported already (unless `loaded`: by `_load_chinese_tables`), or
    either file missing. (A tokenizer loaded already keeps its words; posseg's tags are
    still read from the cache.)"""
    tokenizer = jieba.dt
    own = tokenizer.dictionary is jieba.DEFAULT_DICT and "get_dict_file" not in vars(tokenizer)
    if not own or ("jieba.posseg" in sys.modules and not loaded):
        return None
    cache = _jieba_cache_path(tokenizer)
    dictionary = _dictionary_key(jieba)
    try:
        status = cache.stat() if cache is not None else None
    except OSError:
        return None
    if cache is None or status is None or dictionary is None:
        return None
    key = (*dictionary, str(cache), status.st_size, status.st_mtime_ns)
    return kept_path(JIEBA_TABLES, key, cache.parent)


def _shared_tables(tokenizer: Any, tags: dict[str, str]) -> tuple[dict[str, int], Any, dict[str, str]]:
    """(FREQ, total, tags) with each word of the tag table the dictionary's own string object
    and each tag one object (marshal writes a reference for an object met again)."""
    words = {word: word for word in tokenizer.FREQ}
    flags: dict[str, str] = {}
    shared = {words.get(word, word): flags.setdefault(flag, flag) for word, flag in tags.items()}
    return tokenizer.FREQ, tokenizer.total, shared


def _read_tables_cache(path: Path) -> tuple[dict[str, int], Any, dict[str, str]] | None:
    """(FREQ, total, tags) cached at `path`; None when it cannot be read or is another's."""
    try:
        name, freq, total, tags = read_kept(path)
    except (TypeError, ValueError):  # as jieba's cache: any unreadable one is written again
        return None
    if name != path.name or type(freq) is not dict or type(tags) is not dict:
        return None
    return freq, total, tags


def _import_posseg(tags: dict[str, str] | None = None) -> ModuleType:
    """jieba.posseg, whose import reads jieba's dictionary file line by line into its word
    tag table (0.25 s); given `tags` (that table, cached), it reads no line and takes them."""
    if tags is None or "jieba.posseg" in sys.modules:
        import jieba.posseg as posseg

        return posseg
    tokenizer = _import_jieba().dt
    tokenizer.get_dict_file = lambda: io.BytesIO()  # posseg's own tagger reads no line
    try:
        import jieba.posseg as posseg
    finally:
        del tokenizer.get_dict_file
    posseg.dt.word_tag_tab = tags
    return posseg


def _load_kernel() -> ModuleType | None:
    """The compiled loops (`_segment_kernel.c`), when built and EVIDENCE_EVAL_PURE_PYTHON is
    unset (or 0): the same routes, words and tags as the Python functions, the fallback."""
    if os.environ.get("EVIDENCE_EVAL_PURE_PYTHON", "0") not in ("", "0"):
        return None
    try:
        from . import _segment_kernel
    except ImportError:
        return None
    return _segment_kernel


_KERNEL = _load_kernel()


def _dictionary_key(jieba: Any) -> tuple[str, str, int, int] | None:
    """What the tag table is read from: jieba's version and its dictionary file's path, size
    and modification time (None: the file is not there). The file is the one jieba opens: its
    name joined to jieba's folder, so a `DEFAULT_DICT_NAME` set to an absolute path (the
    tests' small dictionary) is that file."""
    path = Path(os.path.dirname(jieba.__file__), jieba.DEFAULT_DICT_NAME)
    try:
        status = path.stat()
    except OSError:
        return None
    return (jieba.__version__, str(path), status.st_size, status.st_mtime_ns)
