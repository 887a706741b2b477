"""A fact's surfaces (its text and aliases) as claims: tokens, the explicit value that must be
stated beside them, and the shares of their words each answer sentence holds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING

from ..models import AnswerFact, DateValue, DurationValue, MoneyValue, NumberValue
from ..text.cues import ORDER_SENSITIVE
from ..text.normalize import normalize_cached
from ..text.rarity import CRITICAL_WEIGHT, word_weight
from ..text.tokens import Token, polarity_of, tokenize
from ..text.values import Value, parse_value
from .lazy import lazy
from .sentences import LONG_ANSWER, AnalyzedAnswer, AnalyzedSentence, answer_of
from .units import Unit, claim_units

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


def expected_value(fact: AnswerFact) -> Value | None:
    value = fact.value
    if value is None:
        return None
    if isinstance(value, str):
        return parse_value(value)
    if isinstance(value, DurationValue):
        return Value("duration", value.amount, value.amount, value.unit, 0, 0)
    if isinstance(value, MoneyValue):
        return Value("money", value.amount, value.amount, value.currency.upper(), 0, 0)
    if isinstance(value, DateValue):
        return Value("date", None, None, "day", 0, 0, value.value)
    assert isinstance(value, NumberValue)
    if value.unit:  # {"amount": 1200, "unit": "mg"}: a measure when the unit is one
        measured = parse_value(f"{value.amount:g} {value.unit}")
        if measured is not None and measured.kind == "measure":
            return replace(measured, start=0, end=0)
    return Value("number", value.amount, value.amount, None, 0, 0)


@dataclass(frozen=True)
class Claim:
    """A surface of the fact as tokens, with the explicit value that must be stated beside."""

    surface: str
    tokens: tuple[Token, ...]
    required_value: Value | None  # an explicit value the surface does not itself state
    language: str = "en"

    @lazy
    def units(self) -> tuple[Unit, ...]:
        """The claim's content units and the forms that state each (`units`): what the graded
        support and `addressed_in_answer` count."""
        return claim_units(self.tokens, self.surface, self.language)

    @lazy
    def unit_weights(self) -> tuple[float, ...]:
        """The weight of each content unit (`weighted_keys`' order): critical tokens most, then
        words by how rare they are (`text.rarity`)."""
        return tuple(
            CRITICAL_WEIGHT if t.critical else word_weight(t.key, self.language)
            for t in self.tokens
            if t.weight
        )

    @lazy
    def weighted_keys(self) -> tuple[tuple[str, str], ...]:
        """(key, stem or "") of each token that carries content: what `shared_share` counts."""
        return tuple((t.key, t.stem or "") for t in self.tokens if t.weight)

    @lazy
    def keys_split(self) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
        """`weighted_keys` as (keys with no stem, (key, stem) pairs): the first are counted
        with one C-level pass."""
        plain = tuple(key for key, stem in self.weighted_keys if not stem)
        return plain, tuple((key, stem) for key, stem in self.weighted_keys if stem)

    @lazy
    def token_keys(self) -> frozenset[str]:
        """The key of every token, stop words included: what the answer adds is a token whose
        key the claim does not have (`qualifiers.qualifier`)."""
        return frozenset(t.key for t in self.tokens)

    @lazy
    def content_words(self) -> tuple[Token, ...]:
        return tuple(t for t in self.tokens if t.weight and not t.critical)

    @lazy
    def unordered(self) -> Counter[str] | None:
        """How many times each content key occurs, when the claim may be stated in another
        word order (no order-sensitive cue, no name); None when it may not."""
        if any(t.category in ORDER_SENSITIVE or t.category == "name" for t in self.tokens):
            return None
        return Counter(t.key for t in self.tokens if t.weight)

    @lazy
    def named_keys(self) -> frozenset[str]:
        """The keys and stems of the claim's names, its first word included when capitalised
        ("Publix was founded …": a name that opens a sentence is not marked one): whose
        sentences a plain reading may rewrite."""
        norm = normalize_cached(self.surface)
        capitalised = [
            t
            for t in self.tokens
            if t.weight and norm.source[norm.original_span(t.start, t.end)[0]].isupper()
        ]
        named = [t for t in self.tokens if t.category == "name"] + capitalised
        return frozenset(key for t in named for key in (t.key, t.stem) if key)

    @lazy
    def wanted_keys(self) -> frozenset[str]:
        """`weighted_key_set` and the categories of its critical tokens: a sentence holding none
        of them is no candidate (`candidate_sentences`)."""
        return self.weighted_key_set | {t.category for t in self.tokens if t.weight and t.critical}

    @lazy
    def short_categories(self) -> frozenset[str]:
        """The critical categories of a claim of one or two content tokens, which make a sentence
        stating one worth aligning whatever its share (`worth_aligning`); none for a longer claim."""
        weighted = [token for token in self.tokens if token.weight]
        if not 0 < len(weighted) <= 2:
            return frozenset()
        return frozenset(t.category for t in weighted if t.critical)

    @lazy
    def critical_categories(self) -> frozenset[str]:
        return frozenset(t.category for t in self.tokens if t.critical)

    @lazy
    def own_negations(self) -> int:
        return polarity_of(self.tokens)

    @lazy
    def weighted_key_set(self) -> frozenset[str]:
        """The keys and stems of the tokens that carry content."""
        return frozenset(key for pair in self.weighted_keys for key in pair if key)

    def all_keys_in(self, keys: frozenset[str]) -> bool:
        """Every content unit has its key (or its stem) among `keys` (which holds no "")."""
        plain, stemmed = self.keys_split
        return keys.issuperset(plain) and all(key in keys or stem in keys for key, stem in stemmed)

    def shares(self, sentences: Sequence[AnalyzedSentence]) -> list[float]:
        """`shared_share` of each sentence."""
        plain, stemmed = self.keys_split
        if stemmed or not plain:
            return [shared_share(self, sentence) for sentence in sentences]
        units = len(plain)
        return [sum(map(sentence.keys.__contains__, plain)) / units for sentence in sentences]

    def shared_units(self, keys: frozenset[str]) -> int:
        """How many content units have their key (or its stem) among `keys`."""
        plain, stemmed = self.keys_split
        return sum(map(keys.__contains__, plain)) + sum(key in keys or stem in keys for key, stem in stemmed)


@lru_cache(maxsize=16384)
def claim_for(surface: str, language: str, explicit: Value | None) -> Claim:
    tokens = tokenize(surface, language, names=True)
    if explicit is None:
        return Claim(surface, tokens, None, language)
    kind = f"value:{explicit.kind}"
    same_kind = [index for index, token in enumerate(tokens) if token.category == kind]
    if not same_kind:
        return Claim(surface, tokens, explicit, language)
    # The explicit value fixes the type and canonical form of the one the text states.
    fixed = list(tokens)
    index = same_kind[0]
    fixed[index] = replace(tokens[index], key=repr(explicit.key()), value=explicit)
    return Claim(surface, tuple(fixed), None, language)


def shared_share(claim: Claim, sentence: AnalyzedSentence) -> float:
    """Share of the claim's units whose key the sentence has anywhere, in any order: the
    graded support of a paraphrase, and the test of whether aligning is worth it."""
    weighted = claim.weighted_keys
    if not weighted:
        return 0.0
    return claim.shared_units(sentence.keys) / len(weighted)


ALIGNED_SENTENCES = 4  # per surface: the sentences sharing most of its words (all from NEARLY_ALL up)
NEARLY_ALL = 0.9  # a share of a claim's words from which every sentence holding it is aligned
WORTH_ALIGNING = 0.3  # the share of a claim's words from which a sentence is aligned with it


@dataclass(frozen=True)
class Candidates:
    """The sentences (by index, in answer order) that share a key, stem or critical category
    with a claim, and the share of the claim's words each holds (`shared_share`): lists for a
    short answer, NumPy arrays for a long one (`LONG_ANSWER`)."""

    indexes: list[int] | npt.NDArray[np.intp]
    shares: list[float] | npt.NDArray[np.float64]

    def nearest(self) -> tuple[float, int] | None:
        """(share, -index) of the candidate holding most of the claim's words, the first on a tie."""
        if not len(self.indexes):
            return None
        if isinstance(self.shares, list):
            return max(zip(self.shares, (-i for i in self.indexes)))
        import numpy as np

        top = int(np.argmax(self.shares))  # the first of the highest: indexes are ascending
        return float(self.shares[top]), -int(self.indexes[top])


def candidate_sentences(claim: Claim, answer: AnalyzedAnswer) -> Candidates:
    """The sentences that share a key, stem or critical category with the claim, with their
    shares: every other one shares none of its words and no critical category, so no alignment
    with it can say anything. A long answer is counted over its postings (`_counted_shares`):
    the same indexes and the same floats."""
    wanted = claim.wanted_keys
    if len(answer) >= LONG_ANSWER:
        return _counted_shares(claim, answer, wanted)
    indexes = [index for index, sentence in enumerate(answer) if not sentence.keys.isdisjoint(wanted)]
    return Candidates(indexes, claim.shares([answer[i] for i in indexes]))


def _counted_shares(claim: Claim, answer: AnalyzedAnswer, wanted: frozenset[str]) -> Candidates:
    """`candidate_sentences` over the answer's postings, in C and without sorting: a sentence is
    a candidate where a wanted key's posting marks it; each content unit adds one to every
    sentence holding its key or stem; the count is divided by the units as `shared_share`
    divides (an int by an int: the same float)."""
    import numpy as np  # a long answer's path: most runs never import NumPy

    none = np.empty(0, dtype=np.intp)
    postings, size = answer.postings, len(answer)
    marked = np.zeros(size, dtype=bool)
    for key in wanted:
        marked[postings.get(key, none)] = True
    indexes = np.flatnonzero(marked)
    units = claim.weighted_keys
    if not units:
        return Candidates(indexes, np.zeros(len(indexes)))
    plain = [postings.get(key, none) for key, stem in units if not stem] or [none]
    counts = np.bincount(np.concatenate(plain), minlength=size)
    for key, stem in units:
        if stem:  # a sentence holding both the key and its stem holds the unit once
            held = np.zeros(size, dtype=bool)
            held[postings.get(key, none)] = True
            held[postings.get(stem, none)] = True
            counts += held
    return Candidates(indexes, counts[indexes] / len(units))


def sentences_worth_aligning(claim: Claim, answer: AnalyzedAnswer, candidates: Candidates) -> list[int]:
    """The sentences an alignment may say something about, in answer order: those of the
    candidates that share enough of the claim's words (`worth_aligning`), at most
    `ALIGNED_SENTENCES` of them unless they share nearly all (a restatement elsewhere must
    still be seen)."""
    if not isinstance(candidates.shares, list):
        return _worth_aligning_counted(claim, answer, candidates)
    short = claim.short_categories
    worth = [
        (share, i)
        for i, share in zip(candidates.indexes, candidates.shares)
        if share >= WORTH_ALIGNING or (short and not answer[i].keys.isdisjoint(short))
    ]
    ranked = sorted(worth, key=lambda entry: (-entry[0], entry[1]))
    kept = [
        index for rank, (share, index) in enumerate(ranked) if rank < ALIGNED_SENTENCES or share >= NEARLY_ALL
    ]
    return sorted(kept)


def _worth_aligning_counted(claim: Claim, answer: AnalyzedAnswer, candidates: Candidates) -> list[int]:
    """`sentences_worth_aligning` on arrays: the same test (`worth_aligning`), the same ranking
    (share down, then answer order) and the same cut."""
    import numpy as np  # a long answer's path: most runs never import NumPy

    indexes, shares = np.asarray(candidates.indexes), np.asarray(candidates.shares)
    worth = shares >= WORTH_ALIGNING
    short = claim.short_categories
    if short:
        none = np.empty(0, dtype=np.intp)
        stating = [answer.postings.get(category, none) for category in short]
        worth |= np.isin(indexes, np.concatenate(stating))
    indexes, shares = indexes[worth], shares[worth]
    ranked = np.lexsort((indexes, -shares))  # share down, then answer order
    kept = np.zeros(len(indexes), dtype=bool)
    kept[ranked[:ALIGNED_SENTENCES]] = True
    kept |= shares >= NEARLY_ALL
    return [int(index) for index in indexes[kept]]


def worth_aligning(claim: Claim, sentence: AnalyzedSentence, share: float | None = None) -> bool:
    """At least 30% of the claim's words in the sentence, or a short claim's critical category
    (a value-only fact: "18%" against a sentence stating another percentage)."""
    if (shared_share(claim, sentence) if share is None else share) >= WORTH_ALIGNING:
        return True
    return not claim.short_categories.isdisjoint(sentence.keys)


def pairs_holding(claims: Sequence[Claim], sentences: Sequence[AnalyzedSentence]) -> list[int]:
    """The adjacent sentences (by the first's index) that hold every word of a claim between
    them: those a claim's words missing from one are all in the other."""
    answer = answer_of(sentences)
    held: set[int] = set()
    for claim in claims:
        plain, stemmed = claim.keys_split
        held.update(answer.pairs_holding([(key,) for key in plain] + [pair for pair in stemmed]))
    return sorted(held)
