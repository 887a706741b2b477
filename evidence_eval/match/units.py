"""A fact's content units and the forms an answer may state each in (`units.v1`): what the
graded support and the test of whether an answer addresses a fact at all count.

A unit is one content word of the fact (a name's word, a value, a cue that carries content),
with the forms it may be written in: its lookup lemma, a light stem that meets derivations and
inflections ("killed" / "killing" / "killer", "criticise" / "criticized", "councils"), the
pieces of a word the word cutter kept whole ("Owens' daughter", "over-interpreting"), the
digits of a value ("27" in "27-year-old"), and the rows of `lang/` that say the same otherwise
(row `same_word`: "death" / "die", "U.S." / "United States"). An answer sentence states a unit
when it holds one of its forms. Chinese words are compared by their character bigrams (jieba may
cut the answer's text otherwise): a word of the fact is stated by the share of its bigrams the
sentence holds.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from ..lang import lexicon
from ..text.normalize import normalize_cached
from ..text.rarity import CRITICAL_WEIGHT, word_weight
from ..text.segment import segmenter_for
from ..text.tokens import Token, tokenize
from .lazy import lazy
from .sentences import LONG_ANSWER, AnalyzedSentence, answer_of
from .unasserted import REPORTED, unasserted

if TYPE_CHECKING:
    import numpy as np

NAME = "units.v1"

_PIECE_RE = re.compile(r"[^\W_]+")
_DOTTED_RE = re.compile(r"(?:[^\W\d_]\.)+[^\W\d_](?=\.|$)")  # "u.s", "u.k.": an abbreviation, one piece
_HAN_RE = re.compile(r"[\u4e00-\u9fff]")
_HAN_RUN_RE = re.compile(r"[\u4e00-\u9fff]{2,}")
_SHORTEST_STEM = 3


# A word's weight is RARITY_PART of its rarity weight (`text.rarity`), the rest fixed: rare words
# weigh more, common ones still count (REALSumm: rarity alone orders answers worse, half of it better).
RARITY_PART = 0.5
NAME_WEIGHT = 1.0  # a name, however many words it has (its surname alone states it)


@dataclass(frozen=True)
class Unit:
    """One content unit of a claim: the forms that state it, its weight, the positions of the
    claim tokens it comes from, and how the fact writes it. `bigrams`: a Chinese word, stated
    by the share of its forms (character bigrams) a sentence holds."""

    forms: frozenset[str]
    weight: float
    tokens: tuple[int, ...]
    written: str
    bigrams: bool = False

    def stated_in(self, forms: frozenset[str]) -> float:
        """How much of the unit `forms` (a sentence's) state: 1 or 0, or for a Chinese word
        the share of its bigrams."""
        if not self.bigrams:
            return 0.0 if self.forms.isdisjoint(forms) else 1.0
        return len(self.forms & forms) / len(self.forms)


def claim_units(tokens: Sequence[Token], surface: str, language: str) -> tuple[Unit, ...]:
    """The content units of a claim's tokens (`surface` is the text they were cut from), each
    once: a value or a cue (`CRITICAL_WEIGHT`), a name (its words together: `NAME_WEIGHT`), a
    word (by rarity); for Chinese, its values and cues and jieba's words of the surface."""
    chinese = language.startswith("zh")
    text = normalize_cached(surface).text
    units: list[Unit] = []
    name: list[int] = []
    for position, token in enumerate(tokens):
        if name and (token.category != "name" or position != name[-1] + 1):
            units.extend(_name_unit(name, tokens, text, language))
            name = []
        if not token.weight:
            continue
        written = text[token.start : token.end]
        if token.category == "name" and not chinese:
            name.append(position)
        elif token.critical and token.category != "name":
            forms = frozenset({token.key, *_digits(written)} | _word_forms(written, language))
            units.append(Unit(forms, CRITICAL_WEIGHT, (position,), written))
        elif not chinese:
            units.extend(_english_units(written, token, position, language))
    units.extend(_name_unit(name, tokens, text, language))
    if chinese:
        taken = [(t.start, t.end) for t in tokens if t.weight and t.critical and t.category != "name"]
        units.extend(_chinese_units(text, taken, language))
    return _once(units)


def _once(units: Iterable[Unit]) -> tuple[Unit, ...]:
    """Each unit once ("The win was a Dundee win.": one 'win')."""
    seen: dict[frozenset[str], Unit] = {}
    for unit in units:
        seen.setdefault(unit.forms, unit)
    return tuple(seen.values())


def _name_unit(positions: list[int], tokens: Sequence[Token], text: str, language: str) -> list[Unit]:
    """A name's words as one unit, stated by any of them ("Obama" states "Barack Obama"); not a
    function word read as part of a name ("In Dayna Dobias's video": In)."""
    segmenter = segmenter_for(language)
    forms: set[str] = set()
    kept: list[int] = []
    for position in positions:
        token = tokens[position]
        pieces = [p for p in _pieces(text[token.start : token.end]) if not segmenter.is_stop_word(p)]
        for piece in pieces:
            forms |= word_forms(piece, language)
        if pieces:
            kept.append(position)
            forms |= _keys(token)
    if not kept:
        return []
    written = text[tokens[kept[0]].start : tokens[kept[-1]].end]
    return [Unit(frozenset(forms), NAME_WEIGHT, tuple(kept), written)]


def _english_units(written: str, token: Token, position: int, language: str) -> Iterable[Unit]:
    """A word's units: one per piece that is not a function word ("owens'daughter": owens,
    daughter)."""
    segmenter = segmenter_for(language)
    pieces = _pieces(written)
    content = [piece for piece in pieces if not segmenter.is_stop_word(piece)]
    for piece in content or pieces[:1]:
        forms = set(word_forms(piece, language))
        if len(pieces) == 1:
            forms |= _keys(token)
        yield Unit(frozenset(forms), _rarity(segmenter.lemma(piece), language), (position,), piece)


def _keys(token: Token) -> set[str]:
    return {key for key in (token.key, token.stem) if key}


def _rarity(key: str, language: str) -> float:
    return 1 - RARITY_PART + RARITY_PART * word_weight(key, language)


def _chinese_units(text: str, taken: list[tuple[int, int]], language: str) -> Iterable[Unit]:
    """The surface's words of two Han characters or more (jieba's), each as its bigrams; not
    one that overlaps a value or a cue (`taken`: 工作日内 beside 15个工作日), a unit already."""
    segmenter = segmenter_for(language)
    for start, end in segmenter.words(text):
        word = text[start:end]
        if len(word) < 2 or not _HAN_RE.search(word):
            continue
        if not any(start < stop and begin < end for begin, stop in taken):
            yield Unit(frozenset(_bigrams(word)), _rarity(word, language), (), word, bigrams=True)


@dataclass(frozen=True)
class Coverage:
    """How much of a claim's units an answer states: `anywhere` (each unit in any sentence, so
    a fact spread over sentences counts whole), `best` (in one sentence, at `sentence`: words
    said together say more), both as weighted shares; `unstated`: the units no sentence
    states, as the fact writes them."""

    anywhere: float
    best: float
    sentence: int
    unstated: tuple[str, ...]

    @property
    def support(self) -> float:
        """The mean of `anywhere` and `best`: the graded support of a fact not stated as is."""
        return (self.anywhere + self.best) / 2


def coverage(
    units: Sequence[Unit],
    sentences: Sequence[frozenset[str]],
    *,
    leave_out: frozenset[int] = frozenset(),
    unstated_weight: float = 0.0,
) -> Coverage:
    """The coverage of `units` by the answer's `sentences` (each its `sentence_forms`). Units
    from a claim token at a position in `leave_out` (those the answer contradicts) count as
    not stated; `unstated_weight` adds that much weight that no sentence states (a polarity
    the answer reverses)."""
    total = sum(unit.weight for unit in units) + unstated_weight
    if not total or not sentences:
        return Coverage(0.0, 0.0, 0, tuple(unit.written for unit in units))
    forms = sentences if isinstance(sentences, SentenceForms) else SentenceForms(sentences)
    if len(forms) >= LONG_ANSWER:
        return _coverage_counted(units, forms, leave_out, total)
    return _coverage_sparse(units, forms, leave_out, total)


def _added(terms: Iterable[float]) -> float:
    """Terms added one by one, left to right (not `sum`, which compensates from Python 3.12 on):
    the sparse and NumPy paths add the same terms in the same order and give the same floats,
    those of adding every unit's `stated_in` sentence by sentence."""
    total = 0.0
    for term in terms:
        total += term
    return total


def _coverage_sparse(
    units: Sequence[Unit], sentences: SentenceForms, leave_out: frozenset[int], total: float
) -> Coverage:
    """`coverage` over the answer's form index: only the sentences that state a unit are
    visited (the others add 0.0 to every sum), the same floats as sentence by sentence."""
    rows = [
        sentences.stated_where(unit) if not (leave_out and leave_out.intersection(unit.tokens)) else {}
        for unit in units
    ]
    anywhere = _added(unit.weight * max(row.values(), default=0.0) for unit, row in zip(units, rows))
    per_sentence: dict[int, float] = {}
    for unit, row in zip(units, rows):
        for index, held in row.items():
            per_sentence[index] = per_sentence.get(index, 0.0) + unit.weight * held
    best, index = 0.0, 0
    for at in sorted(per_sentence):
        share = per_sentence[at] / total
        if share > best:
            best, index = share, at
    unstated = tuple(unit.written for unit, row in zip(units, rows) if not row)
    return Coverage(anywhere / total, best, index, unstated)


def _coverage_counted(
    units: Sequence[Unit], sentences: SentenceForms, leave_out: frozenset[int], total: float
) -> Coverage:
    """`coverage` of a long answer over its form postings with NumPy: the same floats (each
    sentence's sum is added unit by unit in the same order, 0 + x and x / n as in Python), at a
    cost that no longer grows with units x sentences in Python."""
    import numpy as np  # a long answer's path: most runs never import NumPy

    rows = [sentences.stated(unit) if not leave_out.intersection(unit.tokens) else None for unit in units]
    most = [float(row.max()) if row is not None else 0.0 for row in rows]
    anywhere = _added(unit.weight * held for unit, held in zip(units, most))
    per_sentence = np.zeros(len(sentences))
    for unit, row in zip(units, rows):
        if row is not None:
            per_sentence += unit.weight * row
    per_sentence /= total
    index = int(np.argmax(per_sentence))
    unstated = tuple(unit.written for unit, row in zip(units, rows) if row is None or not row.any())
    return Coverage(anywhere / total, float(per_sentence[index]), index, unstated)


class SentenceForms(tuple[frozenset[str], ...]):
    """Each answer sentence's forms (`sentence_forms`), with the sentences holding each form:
    made once per answer, read by every fact."""

    @lazy
    def held_by(self) -> dict[str, list[int]]:
        """Each form, and the sentences holding it (ascending)."""
        found: dict[str, list[int]] = {}
        for index, forms in enumerate(self):
            for form in forms:
                found.setdefault(form, []).append(index)
        return found

    @lazy
    def postings(self) -> dict[str, np.ndarray]:
        import numpy as np  # a long answer's path: most runs never import NumPy

        return {form: np.array(indexes, dtype=np.intp) for form, indexes in self.held_by.items()}

    @lazy
    def _rows(self) -> dict[tuple[frozenset[str], bool], dict[int, float]]:
        """`stated_where` of each unit met, by its forms: the facts of one answer share words."""
        return {}

    def stated_where(self, unit: Unit) -> dict[int, float]:
        """`unit.stated_in` of the sentences that state some of it, by sentence (the same dict
        for every unit of the same forms: read it, do not change it)."""
        key = (unit.forms, unit.bigrams)
        row = self._rows.get(key)
        if row is None:
            row = self._rows[key] = self._stated_where(unit.forms, unit.bigrams)
        return row

    def _stated_where(self, forms: frozenset[str], bigrams: bool) -> dict[int, float]:
        """Each sentence's forms read in C, not an index of every form of the answer (a unit has
        a few forms, a sentence many: the index cost more than all the units of its facts)."""
        if not bigrams:
            return {index: 1.0 for index, held in enumerate(self) if not forms.isdisjoint(held)}
        size = len(forms)
        return {index: count / size for index, held in enumerate(self) if (count := len(forms & held))}

    def stated(self, unit: Unit) -> np.ndarray:
        """`unit.stated_in` of every sentence, as one array."""
        import numpy as np

        row, none = np.zeros(len(self)), np.empty(0, dtype=np.intp)
        postings = self.postings
        for form in unit.forms:
            held = postings.get(form, none)
            if unit.bigrams:
                row[held] += 1.0
            else:
                row[held] = 1.0
        if unit.bigrams:
            row /= len(unit.forms)
        return row


def best_coverage(unit_sets: Sequence[Sequence[Unit]], sentences: Sequence[frozenset[str]]) -> Coverage:
    """The best `coverage` of several surfaces' units (a fact's text and its aliases)."""
    return max(
        (coverage(units, sentences) for units in unit_sets),
        key=lambda found: (found.support, -found.sentence),
    )


def answer_forms(sentences: Sequence[AnalyzedSentence]) -> SentenceForms:
    """The forms of each answer sentence (`sentence_forms`), made once per answer."""
    return _made_once(
        sentences, "forms", lambda: SentenceForms(sentence_forms(s.text, s.language) for s in sentences)
    )


def asserted_forms(sentences: Sequence[AnalyzedSentence]) -> SentenceForms:
    """The forms each answer sentence asserts: none of a direct question's (but of one in quotes:
    a sentence that tells what someone asked keeps its words), none of what a sentence says it
    does not know or only asks about (`unasserted`: "The context does not say
    whether Publix operates stores in North Carolina." gives the fact nothing); the rest as
    `sentence_forms`. Made once per answer; the answer's `answer_forms` themselves when every
    sentence asserts all it says (the coverage read over them is then the same)."""
    return _made_once(sentences, "asserted_forms", lambda: _asserted_forms(sentences))


def _asserted_forms(sentences: Sequence[AnalyzedSentence]) -> SentenceForms:
    plain = answer_forms(sentences)
    asserted = [_asserted(sentence, forms) for sentence, forms in zip(sentences, plain)]
    return plain if all(one is other for one, other in zip(asserted, plain)) else SentenceForms(asserted)


def _made_once(
    sentences: Sequence[AnalyzedSentence], name: str, make: Callable[[], SentenceForms]
) -> SentenceForms:
    derived = answer_of(sentences).derived
    found = derived.get(name)
    if not isinstance(found, SentenceForms):
        found = derived[name] = make()
    return found


def _asserted(sentence: AnalyzedSentence, forms: frozenset[str]) -> frozenset[str]:
    """The forms `sentence` asserts (`forms`, all it says, when nothing of it is unasserted)."""
    text = sentence.norm.text
    stretches = [s for s in unasserted(text, sentence.language) if s.kind != REPORTED]
    if not stretches:
        return forms
    kept, at = [], 0
    for stretch in stretches:
        kept.append(text[at : max(at, stretch.start)])
        at = max(at, stretch.end)
    kept.append(text[at:])
    return sentence_forms(" | ".join(kept), sentence.language)


def _pieces(written: str) -> list[str]:
    """The words of a token as written: an abbreviation whole ("u.s"), else its runs of letters
    and digits but a possessive's "s" ("owens'daughter": owens, daughter)."""
    if not written:
        return []
    dotted = _DOTTED_RE.match(written)
    if dotted is not None:  # "u.s.wnba": the cutter kept the abbreviation and the next word together
        return [dotted.group(0), *_pieces(written[dotted.end() + 1 :])]
    return [piece for piece in _PIECE_RE.findall(written) if piece != "s"]


def _bigrams(word: str) -> set[str]:
    return {word[i : i + 2] for i in range(len(word) - 1)}


def _han_bigrams(text: str) -> set[str]:
    """The bigrams of `text` whose two characters are both Han: those of each run of Han
    characters."""
    return {run[i : i + 2] for run in _HAN_RUN_RE.findall(text) for i in range(len(run) - 1)}


def _digits(written: str) -> set[str]:
    return {piece for piece in _PIECE_RE.findall(written) if piece.isdigit()}


@lru_cache(maxsize=65536)
def _word_forms(written: str, language: str) -> frozenset[str]:
    if language.startswith("zh"):
        return frozenset()
    pieces = _pieces(written)
    if len(pieces) == 1:  # most tokens: one word
        return word_forms(pieces[0], language)
    return frozenset().union(*(word_forms(piece, language) for piece in pieces))


@lru_cache(maxsize=65536)
def word_forms(word: str, language: str) -> frozenset[str]:
    """The forms of a lower-case English word that state it: itself, its lemma, their stems,
    and what row `same_word` says is the same word."""
    lemma = segmenter_for(language).lemma(word)
    forms = {word, lemma, *stems(word), *stems(lemma)}
    same_words = _same_words(language)
    for partner in {partner for form in forms for partner in same_words.get(form, ())}:
        if " " not in partner:
            forms |= {partner, *stems(partner)}
    return frozenset(forms)


@lru_cache(maxsize=4)
def _same_words(language: str) -> dict[str, tuple[str, ...]]:
    """Row `same_word` read both ways: each word or phrase, and those that say the same."""
    partners: dict[str, set[str]] = {}
    for one, other in lexicon(language).pairs("same_word").items():
        partners.setdefault(one, set()).add(other)
        partners.setdefault(other, set()).add(one)
    return {word: tuple(sorted(said)) for word, said in partners.items()}


# Suffixes taken off (the first that ends the word), with what replaces them; "ation" both ways:
# "information" / "inform", "creation" / "create".
_SUFFIXES = (
    ("isation", ("ize",)), ("ization", ("ize",)), ("ational", ("ate",)), ("ation", ("", "ate")),
    ("ical", ("ic",)), ("ments", ("",)), ("ment", ("",)), ("ness", ("",)), ("ings", ("",)), ("ing", ("",)),
    ("edly", ("",)),
    ("ions", ("",)), ("ion", ("",)), ("ers", ("",)), ("er", ("",)), ("ies", ("y",)), ("ied", ("y",)),
    ("ed", ("",)), ("es", ("",)), ("ly", ("",)), ("ity", ("",)), ("ize", ("",)), ("ism", ("",)), ("s", ("",)),
)  # fmt: skip
_BRITISH_RE = re.compile(r"is(?=(?:e|ed|es|ing|ation|ations|er|ers)$)")  # "criticised": "criticized"
_ROUNDS = 2  # "executioner": "execution", "execut"


@lru_cache(maxsize=65536)
def stems(word: str) -> tuple[str, ...]:
    """Light stems of an English word: up to two suffixes off, each the first of `_SUFFIXES` that
    ends it and leaves three letters ("executioner", "executed" and "execute" meet), "-ise" as
    "-ize", "-our" as "-or", a final "e" off, "y" as "i", a doubled last consonant single
    ("winner", "win")."""
    if len(word) >= 6 and "is" in word:
        word = _BRITISH_RE.sub("iz", word)
    cut = _suffix_off(word)
    if not cut:  # most words: no suffix, the word itself settled
        return (_settled(word),)
    found = set(cut)
    for _ in range(_ROUNDS - 1):
        cut = [shorter for form in cut for shorter in _suffix_off(form)]
        found.update(cut)
    return tuple(sorted({_settled(form) for form in found}))


def _first_suffix_ending(suffix: str) -> tuple[int, tuple[str, ...]]:
    """The first of `_SUFFIXES` that `suffix` ends with (itself at the latest): its length and
    replacements."""
    first, instead = next((other, instead) for other, instead in _SUFFIXES if suffix.endswith(other))
    return len(first), instead


# Each suffix of `_SUFFIXES`, with the first of them it ends with. The suffixes a word ends with
# each end the longest of them, and leave fewer letters than the shorter ones: the first that
# ends the word and leaves `_SHORTEST_STEM` letters is the one this gives for the longest that does.
_FIRST_SUFFIX = {suffix: _first_suffix_ending(suffix) for suffix, _ in _SUFFIXES}
_SUFFIX_LENGTHS = tuple(sorted({len(suffix) for suffix in _FIRST_SUFFIX}, reverse=True))
_LAST_LETTERS = frozenset(suffix[-1] for suffix in _FIRST_SUFFIX)  # a word ending otherwise has no suffix


def _suffix_off(word: str) -> list[str]:
    """The word without the first of `_SUFFIXES` that ends it and leaves `_SHORTEST_STEM`
    letters, once with each of its replacements; none when no suffix does."""
    room = len(word) - _SHORTEST_STEM
    if room < 1 or word[-1] not in _LAST_LETTERS:
        return []
    for length in _SUFFIX_LENGTHS:
        if length <= room:
            first = _FIRST_SUFFIX.get(word[-length:])
            if first is not None:
                size, instead = first
                return [word[:-size] + replacement for replacement in instead]
    return []


def _settled(stem: str) -> str:
    if len(stem) >= 6:
        stem = stem.replace("our", "or")
    if stem.endswith("e") and len(stem) > _SHORTEST_STEM:
        stem = stem[:-1]
    if stem.endswith("y") and len(stem) > _SHORTEST_STEM:
        stem = stem[:-1] + "i"
    if len(stem) > _SHORTEST_STEM and stem[-1] == stem[-2] and stem[-1] not in "aeiou":
        stem = stem[:-1]
    return stem


@lru_cache(maxsize=4096)
def sentence_forms(sentence: str, language: str) -> frozenset[str]:
    """Every form an answer sentence (as written) states: its tokens' keys and stems, the
    forms of every word piece, the digits of its values, what row `same_word` says it holds
    otherwise; for Chinese, its character bigrams."""
    text = normalize_cached(sentence).text
    tokens = tokenize(sentence, language)
    forms = {token.key for token in tokens}
    forms.update(token.stem for token in tokens if token.stem)
    for token in tokens:
        if token.category.startswith("value"):
            forms |= _digits(text[token.start : token.end])
    if language.startswith("zh"):  # a Chinese word has no word forms (`_word_forms`)
        forms |= _han_bigrams(text)
    else:
        for token in tokens:
            forms |= _word_forms(text[token.start : token.end], language)
    forms |= _phrases_held(text, forms, language)
    return frozenset(forms)


def _phrases_held(text: str, forms: set[str], language: str) -> set[str]:
    """What row `same_word` says a sentence states beside its own forms: the partner of a
    phrase its text holds ("united states" -> "u.s"), the words of a phrase whose partner it
    holds ("u.s" -> united, states)."""
    words, phrases = _partner_forms(language)
    held: set[str] = set()
    for said in forms.intersection(words):
        held |= words[said]
    for said, partner_forms in phrases:
        # the substring test first: most sentences hold no phrase, and it is cheaper than the regex
        if said in text and (language.startswith("zh") or _phrase_pattern(said).search(text)):
            held |= partner_forms
    return held


@lru_cache(maxsize=4)
def _partner_forms(
    language: str,
) -> tuple[dict[str, frozenset[str]], tuple[tuple[str, frozenset[str]], ...]]:
    """Row `same_word` as `_phrases_held` reads it, each entry with the forms its partners give:
    the single words (found among a sentence's forms) and the phrases (found in its text; every
    Chinese entry is a phrase)."""
    chinese = language.startswith("zh")
    words: dict[str, frozenset[str]] = {}
    phrases: list[tuple[str, frozenset[str]]] = []
    for said, partners in _same_words(language).items():
        given: set[str] = set()
        for partner in partners:
            given |= _bigrams(partner) if chinese else _word_forms(partner, language) | {partner}
        if chinese or " " in said:
            phrases.append((said, frozenset(given)))
        else:
            words[said] = frozenset(given)
    return words, tuple(phrases)


@lru_cache(maxsize=256)
def _phrase_pattern(phrase: str) -> re.Pattern[str]:
    """A phrase of row `same_word` as a whole-word pattern, compiled once."""
    return re.compile(rf"(?<!\w){re.escape(phrase)}(?!\w)")
