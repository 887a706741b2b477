"""Answer facts in the answer (`fact-align.v3`): `supported` only when everything the fact
asserts is stated.

A fact (its text, or one alias) is aligned token by token with each answer sentence worth it
(`align`). The aligned stretch and its clause decide:
- the fact's proper name absent, or another in its place -> `missing` (the answer is about
  someone else), never `contradicted`;
- a critical token stated with another value, bound, modal, order, quantifier... -> `contradicted`
  (`states '60 days', expected 30 days`); the opposite polarity in the clause (negations counted
  with parity, so "不得不" and "not without" affirm) -> `contradicted`;
- the fact's value absent -> `missing`; another critical token absent -> `uncertain`;
- stated only in a question or under a hedge, over two sentences, or as an ambiguous date
  -> `uncertain`; a negation only in the wider clause -> `uncertain`;
- wording beyond the edit budget: `uncertain` when at least `upper`% of its words are there
  and nothing critical is wrong (a paraphrase to review), else `missing`;
- a later (or corrected) sentence restating the same slot with another value -> `contradicted`,
  naming both.
Every fact gets a graded `support`: the share of its words and critical tokens stated in the
best clause, 0 when a critical token conflicts.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from itertools import chain
from operator import attrgetter

from ..models import AnswerFact, DateValue, DurationValue, MoneyValue, NumberValue
from ..models.statuses import CriticalStatus, FactVerdict
from ..text.cues import (
    BARS,
    EXCEPT,
    ORDER_SENSITIVE,
    clause_around,
    clauses,
    has_correction,
    is_question,
    segment_around,
)
from ..text.normalize import Normalized, normalize_cached
from ..text.segment import Segmenter
from ..text.tokens import MAY, Token, polarity_of, tokenize
from ..text.values import Value, parse_value
from .align import (
    NEGATING_CHARACTERS,
    Alignment,
    Assessment,
    KeyIds,
    TextArrays,
    align_arrays,
    assess,
    negations,
    tokens_in,
)

NAME = "fact-align.v3"
FOUND: FactVerdict = "found"
UNCERTAIN: FactVerdict = "uncertain"
CONTRADICTED: FactVerdict = "contradicted"
MISSING: FactVerdict = "missing"
_RANK = {FOUND: 0, CONTRADICTED: 1, UNCERTAIN: 2, MISSING: 3}
_MAY_AS_HEDGE = frozenset({"may", "could"})
_BARS = f"neg:{BARS}"
_ONLY = "quant:only"
# "only" after the match that limits it: at a phrase's end ("on weekends only.") or before a
# preposition or a time ("but only on weekends", "only in summer"); 仅限/只限 before anything.
_ONLY_AFTER_RE = re.compile(
    r"\s*(?:[.,;:!?)]|$|(?:on|in|at|for|to|during|when|if|after|before|between|from)\b)|(?<=限)"
)
_EXCEPT = f"neg:{EXCEPT}"
_ALL = "quant:all"


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

    @cached_property
    def polarity(self) -> int:
        """Negations the sentence counts (`polarity_of` its tokens)."""
        return polarity_of(self.tokens)

    @cached_property
    def arrays(self) -> TextArrays:
        """The tokens as the alignment reads them: made once, for every fact aligned with it."""
        return TextArrays(self.tokens, self.key_ids)


@dataclass(frozen=True)
class CriticalNote:
    """A critical token of the fact: found, conflicting (with what the answer states) or
    absent; offsets into the answer."""

    token: str
    status: CriticalStatus
    stated: str | None = None
    start: int | None = None
    end: int | None = None


@dataclass(frozen=True)
class FactMatch:
    fact: str
    status: FactVerdict
    score: float
    route: str | None = None
    sentence: int | None = None
    start: int | None = None
    end: int | None = None
    surface: str | None = None
    reason: str | None = None
    support: float = 0.0
    critical: tuple[CriticalNote, ...] = field(default=())


# Text the answer struck out (Markdown ~~…~~, HTML <del>/<s>): what it no longer states.
_STRUCK_RE = re.compile(r"~~.+?~~|<(del|s|strike)>.*?</\1>", re.DOTALL | re.IGNORECASE)


def analyze_answer(answer: str, segmenter: Segmenter) -> list[AnalyzedSentence]:
    """The answer's sentences, with struck-out text blanked (same length: offsets hold)."""
    answer = _STRUCK_RE.sub(lambda match: " " * len(match.group(0)), answer)
    key_ids = KeyIds()
    return [
        _analyze(sentence.start, sentence.text, segmenter.language, key_ids)
        for sentence in segmenter.sentences(answer)
    ]


_KEY, _STEM, _CATEGORY = attrgetter("key"), attrgetter("stem"), attrgetter("category")
_NO_KEYS = frozenset({None, ""})


def _analyze(start: int, text: str, language: str, key_ids: KeyIds | None = None) -> AnalyzedSentence:
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
class _Claim:
    """A surface of the fact as tokens, with the explicit value that must be stated beside."""

    surface: str
    tokens: tuple[Token, ...]
    required_value: Value | None  # an explicit value the surface does not itself state

    @cached_property
    def weighted_keys(self) -> tuple[tuple[str, str], ...]:
        """(key, stem or "") of each token that carries content: what `_shared_share` counts."""
        return tuple((t.key, t.stem or "") for t in self.tokens if t.weight)

    @cached_property
    def keys_split(self) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
        """`weighted_keys` as (keys with no stem, (key, stem) pairs): the first are counted
        with one C-level pass."""
        plain = tuple(key for key, stem in self.weighted_keys if not stem)
        return plain, tuple((key, stem) for key, stem in self.weighted_keys if stem)

    @cached_property
    def content_words(self) -> tuple[Token, ...]:
        return tuple(t for t in self.tokens if t.weight and not t.critical)

    @cached_property
    def unordered(self) -> Counter[str] | None:
        """How many times each content key occurs, when the claim may be stated in another
        word order (no order-sensitive cue, no name); None when it may not."""
        if any(t.category in ORDER_SENSITIVE or t.category == "name" for t in self.tokens):
            return None
        return Counter(t.key for t in self.tokens if t.weight)

    @cached_property
    def critical_categories(self) -> frozenset[str]:
        return frozenset(t.category for t in self.tokens if t.critical)

    @cached_property
    def own_negations(self) -> int:
        return polarity_of(self.tokens)

    @cached_property
    def weighted_key_set(self) -> frozenset[str]:
        """The keys and stems of the tokens that carry content."""
        return frozenset(key for pair in self.weighted_keys for key in pair if key)

    def all_keys_in(self, keys: frozenset[str]) -> bool:
        """Every content unit has its key (or its stem) among `keys` (which holds no "")."""
        plain, stemmed = self.keys_split
        return keys.issuperset(plain) and all(key in keys or stem in keys for key, stem in stemmed)

    def shares(self, sentences: Sequence[AnalyzedSentence]) -> list[float]:
        """`_shared_share` of each sentence."""
        plain, stemmed = self.keys_split
        if stemmed or not plain:
            return [_shared_share(self, sentence) for sentence in sentences]
        units = len(plain)
        return [sum(map(sentence.keys.__contains__, plain)) / units for sentence in sentences]

    def shared_units(self, keys: frozenset[str]) -> int:
        """How many content units have their key (or its stem) among `keys`."""
        plain, stemmed = self.keys_split
        return sum(map(keys.__contains__, plain)) + sum(key in keys or stem in keys for key, stem in stemmed)


@lru_cache(maxsize=16384)
def _claim(surface: str, language: str, explicit: Value | None) -> _Claim:
    tokens = tokenize(surface, language, names=True)
    if explicit is None:
        return _Claim(surface, tokens, None)
    kind = f"value:{explicit.kind}"
    same_kind = [index for index, token in enumerate(tokens) if token.category == kind]
    if not same_kind:
        return _Claim(surface, tokens, explicit)
    # The explicit value fixes the type and canonical form of the one the text states.
    fixed = list(tokens)
    index = same_kind[0]
    fixed[index] = replace(tokens[index], key=repr(explicit.key()), value=explicit)
    return _Claim(surface, tuple(fixed), None)


@dataclass(frozen=True)
class _Judgement:
    status: FactVerdict
    reason: str | None
    support: float
    sentence: int
    analyzed: AnalyzedSentence
    assessment: Assessment
    claim: _Claim
    region: tuple[int, int]  # in the sentence's normalised text
    restates_slot: bool = False  # all of its words matched: the same slot, whatever its value
    critical: tuple[CriticalNote, ...] = ()


def match_fact(
    fact: AnswerFact,
    sentences: Sequence[AnalyzedSentence],
    segmenter: Segmenter,
    *,
    lower: float,
    upper: float,
) -> FactMatch:
    language = segmenter.language
    chinese = language.startswith("zh")
    explicit = expected_value(fact)
    if fact.value is not None and explicit is None:
        # `validate` refuses it; a scored set that skipped validate never passes on its text alone.
        reason = f"its value {fact.value!r} names no one value: fix it"
        return FactMatch(fact.id, UNCERTAIN, 0.0, reason=reason)
    judgements: list[_Judgement] = []
    shares: list[tuple[_Claim, list[float]]] = []  # per surface: its share of each sentence
    for surface in (fact.text, *fact.aliases):
        claim = _claim(surface, language, explicit)
        shares.append((claim, claim.shares(sentences)))
        indexes = _sentences_worth_aligning(claim, sentences, shares[-1][1])
        alignments = align_arrays(claim.tokens, [sentences[index].arrays for index in indexes])
        for index, alignment in zip(indexes, alignments):
            judgements.append(_judge(fact, claim, sentences[index], index, chinese, lower, upper, alignment))
    if not judgements:
        return FactMatch(fact.id, MISSING, 0.0, reason="no sentence of the answer states enough of its words")
    best = min(
        judgements, key=lambda j: (_RANK[j.status], -j.support, j.assessment.alignment.cost, j.sentence)
    )
    if best.status in (MISSING, UNCERTAIN):
        resolved = _read_plainly(fact, sentences, language, explicit, chinese, lower, upper)
        best = resolved if resolved is not None else best
    if best.status == FOUND:
        restated = _restated_otherwise(best, judgements, sentences) or _denied_next(best, sentences)
        if restated is not None:
            best = restated
    elif best.status != CONTRADICTED:
        spread = _across_sentences(fact, sentences, language, explicit, chinese, lower, upper)
        if spread is not None:
            best = spread
    if best.status == CONTRADICTED:
        return _result(fact, best, 0.0, lower)
    aligned = max((j.support for j in judgements if j.status != CONTRADICTED), default=0.0)
    in_any_order = max(
        (
            share
            for claim, claim_shares in shares
            for parity in (_expected_negations(fact, claim) % 2,)
            for sentence, share in zip(sentences, claim_shares)
            if sentence.polarity % 2 == parity
        ),
        default=0.0,
    )
    return _result(fact, best, max(aligned, in_any_order), lower)


# A pronoun that opens a sentence (after a fronted phrase: "Written in 1865, it was …"), or a
# clause after and/but, and what its antecedent is written with in its place ("its" -> "X's").
_PRONOUN_RE = {
    False: re.compile(
        r"(?:^[\W_]*(?:[^,.;:!?]{1,60},\s*)?|,?\s+(?:and|but)\s+)(?P<pro>it|he|she|they|its|his|her|their)\b",
        re.IGNORECASE,
    ),
    True: re.compile(r"^[\W_]*(?P<pro>其|它|他|她)"),
}
_POSSESSIVE = {"its": "'s", "his": "'s", "her": "'s", "their": "'s", "其": "的"}


def _read_plainly(
    fact: AnswerFact,
    sentences: Sequence[AnalyzedSentence],
    language: str,
    explicit: Value | None,
    chinese: bool,
    lower: float,
    upper: float,
) -> _Judgement | None:
    """A fact a sentence states in a form the alignment cannot read as is, judged on the
    sentence written out plainly (`_pronoun_variants`, `_participle_variants`): a `found` or a
    `contradicted` it gives covers the whole sentence and says how it was read."""
    readings: list[_Judgement] = []
    for surface in (fact.text, *fact.aliases):
        claim = _claim(surface, language, explicit)
        for index, sentence in enumerate(sentences):
            variants = chain(
                _pronoun_variants(claim, sentences, index, chinese),
                () if chinese else _participle_variants(claim, sentence, language),
            )
            for written, how in variants:
                resolved = _judge(
                    fact, claim, _analyze(sentence.start, written, language), index, chinese, lower, upper
                )
                if resolved.status in (FOUND, CONTRADICTED):
                    reason = f"{resolved.reason} ({how})" if resolved.reason else how
                    whole = (0, len(sentence.norm.text))
                    readings.append(replace(resolved, analyzed=sentence, region=whole, reason=reason))
    # Every reading weighed, not the first: one that contradicts the fact wins over one that states it.
    return min(readings, key=lambda j: (j.status != CONTRADICTED, j.sentence), default=None)


def _pronoun_variants(
    claim: _Claim, sentences: Sequence[AnalyzedSentence], index: int, chinese: bool
) -> Iterator[tuple[str, str]]:
    """A pronoun for the fact's subject: "Hello Love is a 1974 single. It was Snow's final number
    one." The pronoun must open its sentence (or a clause after and/but) and the subject must open
    the sentence before (or the same sentence): the antecedent a reader takes."""
    sentence = sentences[index]
    for pronoun in _PRONOUN_RE[chinese].finditer(sentence.text):
        opens = pronoun.start() == 0 or not sentence.text[: pronoun.start()].strip(" *_\"'“”")
        if opens and index == 0:
            continue
        source = sentences[index - 1] if opens else sentence
        subject = _opening_subject(claim, source)
        if subject is None or _another_candidate(source, subject):
            continue
        word = pronoun.group("pro")
        head, tail = sentence.text[: pronoun.start("pro")], sentence.text[pronoun.end("pro") :]
        written = head + subject + _POSSESSIVE.get(word.lower(), "") + tail
        yield written, f"its subject is the pronoun {word!r}, which stands for {subject!r}"


# A participle phrase that opens a sentence and says something of its subject: "Founded in 1930
# by George W. Jenkins, Publix is …", "Located in Lakeland, the company …".
_PARTICIPLE_RE = re.compile(
    r"^[\W_]*(?P<phrase>[A-Z][a-z]+(?:ed|en|wn|lt|de|rn)\b(?:[^,;.!?]|(?<=\b[A-Z])\.){0,100}),\s*(?P<rest>\S.*)$"
)


_REPORTED_RE = re.compile(
    r"\bto (?:be|have)\b|\b(?:as|for|like)\b|\b(?:mis\w+|reported|rumou?red|alleged|said|believed|thought|"
    r"mistaken|described|claimed|supposed|expected|planned|scheduled|proposed)\b",
    re.IGNORECASE,
)
_NOT_PARTICIPLES = frozenset(
    "then when even often indeed seven eleven heaven golden garden seldom hidden".split()
)
# What follows a subject to make it part of another one: "Kenya and Somalia", 李明的父亲.
_JOINED_RE = re.compile(r"^\s*(?:and|or|&|'s|和|与|及|或|的|、|,)")


# The sentence before says what its subject is ("Publix is a supermarket chain."): nothing else
# is introduced that a pronoun could stand for.
_COPULA_RE = re.compile(r"^[\W_]*(?:is|was|are|were|remains|became|has been|had been)\b", re.IGNORECASE)
# A new thing introduced in Chinese (收购了一家公司): 其 may stand for it.
_NEW_THING_ZH = re.compile(r"[一另][家个位名所座款种项只台部]|这家|那家|该")


def _another_candidate(source: AnalyzedSentence, subject: str) -> bool:
    """The sentence a pronoun points back to names someone or something else a reader could take
    it for ("Queen Victoria married Prince Albert. He …", "Bill Gates founded Microsoft. It …"),
    or its subject is joined to another ("Kenya and Somalia …", 李明的父亲): the pronoun is not
    read."""
    text = source.text
    at = text.find(subject)
    if at < 0 or _JOINED_RE.match(text, at + len(subject)):
        return True
    rest = text[at + len(subject) :]
    if source.language.startswith("zh"):
        from ..text.segment import segmenter_for  # jieba's tagger: loaded only for Chinese

        return (
            bool(segmenter_for(source.language).proper_names(rest)) or _NEW_THING_ZH.search(rest) is not None
        )
    if not _COPULA_RE.match(rest):
        return True  # "Marie Curie married a physicist. He …": the object may be meant
    return any(word[:1].isupper() for word in re.findall(r"\b[A-Za-z][\w-]*", rest))


def _participle_variants(
    claim: _Claim, sentence: AnalyzedSentence, language: str
) -> Iterator[tuple[str, str]]:
    """ "Founded in 1930 by X, Publix is …" also says "Publix was founded in 1930 by X", when the
    fact's name opens the main clause."""
    fronted = _PARTICIPLE_RE.match(sentence.text)
    if fronted is None:
        return
    subject = _opening_subject(claim, _analyze(0, fronted.group("rest"), language))
    if subject is None:
        return
    phrase = fronted.group("phrase")
    first = phrase.split()[0].lower()
    if first in _NOT_PARTICIPLES or _REPORTED_RE.search(phrase):
        return  # "Rumoured to have been founded in 1930, …", "Misreported as founded …": no statement
    yield (
        f"{subject} was {phrase[0].lower()}{phrase[1:]}.",
        f"said of {subject!r} in the phrase that opens the sentence",
    )


def _named(claim: _Claim) -> list[Token]:
    """The claim's names, its first word included when capitalised ("Publix was founded …": a
    name that opens a sentence is not marked one)."""
    norm = normalize_cached(claim.surface)
    capitalised = [
        t for t in claim.tokens if t.weight and norm.source[norm.original_span(t.start, t.end)[0]].isupper()
    ]
    return [t for t in claim.tokens if t.category == "name"] + capitalised


def _opening_subject(claim: _Claim, sentence: AnalyzedSentence) -> str | None:
    """The claim's name that opens `sentence` (function words before and inside it allowed),
    as written there: the subject a pronoun in the next sentence stands for. Only a name: a
    pronoun for a common noun or a clause is not told apart from one for something else."""
    own = {key for t in _named(claim) for key in (t.key, t.stem) if key}
    taken: list[Token] = []
    for token in sentence.tokens:
        if token.key in own or token.stem in own:
            taken.append(token)
        elif token.weight:
            break  # the first other word ends the subject, or shows another one opens the sentence
    if not taken:
        return None
    begin, _ = sentence.norm.original_span(sentence.tokens[0].start, sentence.tokens[0].end)
    _, finish = sentence.norm.original_span(taken[-1].start, taken[-1].end)
    return sentence.text[begin:finish]


def _shared_share(claim: _Claim, sentence: AnalyzedSentence) -> float:
    """Share of the claim's units whose key the sentence has anywhere, in any order: the
    graded support of a paraphrase, and the test of whether aligning is worth it."""
    weighted = claim.weighted_keys
    if not weighted:
        return 0.0
    return claim.shared_units(sentence.keys) / len(weighted)


ALIGNED_SENTENCES = 4  # per surface: the sentences sharing most of its words (all from 0.9 up)


def _sentences_worth_aligning(
    claim: _Claim, sentences: Sequence[AnalyzedSentence], shares: Sequence[float]
) -> list[int]:
    """The sentences an alignment may say something about, in answer order: those that share
    enough of the claim's words (`shares`, one per sentence), at most `ALIGNED_SENTENCES` of
    them unless they share nearly all (a restatement elsewhere must still be seen)."""
    worth = [(share, i) for i, share in enumerate(shares) if _worth_aligning(claim, sentences[i], share)]
    ranked = sorted(worth, key=lambda entry: (-entry[0], entry[1]))
    kept = [index for rank, (share, index) in enumerate(ranked) if rank < ALIGNED_SENTENCES or share >= 0.9]
    return sorted(kept)


def _worth_aligning(claim: _Claim, sentence: AnalyzedSentence, share: float | None = None) -> bool:
    """At least 30% of the claim's words in the sentence, or a short claim's critical category
    (a value-only fact: "18%" against a sentence stating another percentage)."""
    if (_shared_share(claim, sentence) if share is None else share) >= 0.3:
        return True
    weighted = [token for token in claim.tokens if token.weight]
    return 0 < len(weighted) <= 2 and any(t.critical and t.category in sentence.keys for t in weighted)


def _judge(
    fact: AnswerFact,
    claim: _Claim,
    sentence: AnalyzedSentence,
    index: int,
    chinese: bool,
    lower: float,
    upper: float,
    alignment: Alignment | None = None,
) -> _Judgement:
    found = assess(claim.tokens, sentence.tokens, chinese=chinese, alignment=alignment)
    text = sentence.norm.text
    region = found.region or (0, 0)
    notes = _critical_notes(found, sentence)
    content_words = claim.content_words
    matched = {id(c) for c, _ in found.matched_tokens}
    restates = bool(content_words) and all(id(t) in matched for t in content_words)

    def verdict(status: FactVerdict, reason: str | None) -> _Judgement:
        support = 0.0 if status == CONTRADICTED else found.support
        return _Judgement(status, reason, support, index, sentence, found, claim, region, restates, notes)

    if found.region is None:
        return verdict(MISSING, "none of its words are stated")
    if not _wording_ok(found, sentence, region):
        reordered = _in_other_order(fact, claim, sentence)
        if reordered is not None:
            reason = "all its words are stated in one clause, in another order: check the wording"
            return _Judgement(UNCERTAIN, reason, 1.0, index, sentence, found, claim, reordered, False, notes)
        share = found.support
        if (
            share * 100 >= upper
            and not found.conflicts
            and not found.absent
            and _polarity(fact, claim, found, sentence, region) is None
        ):
            return verdict(
                UNCERTAIN, f"{share:.0%} of its words are stated, beyond the edit budget: check the wording"
            )
        return verdict(
            MISSING, f"{share:.0%} of its words stated ({found.wording_edits} edits, {found.budget} allowed)"
        )
    names_absent = [t for t in found.absent if t.category == "name"]
    names_other = [(c, s) for c, s in found.conflicts if c.category == "name"]
    if names_absent or names_other:
        return verdict(MISSING, _entity_reason(names_absent, names_other, claim, sentence))
    extended = _extended_name(found, sentence)
    if extended is not None:
        return verdict(MISSING, f"names {extended!r}: another name, or something of the fact's one")
    conflicts = [(c, s) for c, s in found.conflicts if c.category != "name"]
    if conflicts:
        claim_token, stated = conflicts[0]
        return verdict(
            CONTRADICTED, f"states {_text_of(stated, sentence)!r}, expected {_claim_text(claim_token, claim)}"
        )
    polarity = _polarity(fact, claim, found, sentence, region)
    if polarity is not None:
        return verdict(*polarity)
    rival = _rival_inside(claim, found, sentence)
    if rival is not None:
        return verdict(UNCERTAIN, f"the matched words also state {_text_of(rival, sentence)!r}: which is it?")
    exception = _exception_in_sentence(claim, sentence, region)
    if exception is not None:
        reason = f"the sentence makes an exception ({exception!r}): check what it leaves out"
        return verdict(UNCERTAIN, reason)
    alternative = _alternative_inside(claim, found, sentence)
    if alternative is not None:
        return verdict(UNCERTAIN, f"the answer adds an alternative ({alternative!r})")
    if claim.required_value is not None:
        value_verdict = _value_in_clause(claim.required_value, sentence, region)
        if value_verdict is not None:
            return verdict(*value_verdict)
    values_absent = [t for t in found.absent if t.category.startswith("value")]
    if values_absent:
        return verdict(MISSING, f"value not stated (expected {_claim_text(values_absent[0], claim)})")
    if found.ambiguous:
        _, stated = found.ambiguous[0]
        return verdict(UNCERTAIN, f"the date {_text_of(stated, sentence)!r} reads as day/month or month/day")
    if found.absent:
        absent = ", ".join(repr(_claim_text(t, claim)) for t in found.absent)
        return verdict(UNCERTAIN, f"{absent} not stated")
    if sentence.question:
        return verdict(UNCERTAIN, "stated only as a question")
    clause = clause_around(text, *region)
    hedges = tokens_in(sentence.tokens, *clause, "hedge")
    if not any(t.category == "modal" for t in claim.tokens):
        # "may" where the fact states no modal: the answer only says it may be so.
        hedges += [
            t for t in tokens_in(sentence.tokens, *clause, "modal") if text[t.start : t.end] in _MAY_AS_HEDGE
        ]
    claim_hedges = {t.key for t in claim.tokens if t.category == "hedge"}
    hedged = [t for t in hedges if t.key not in claim_hedges]
    if hedged:
        return verdict(UNCERTAIN, f"hedged ({text[hedged[0].start : hedged[0].end]!r})")
    qualifier = _qualifier(claim, sentence, region)
    if qualifier is not None:
        return verdict(UNCERTAIN, f"stated only with a qualifier the fact does not have ({qualifier!r})")
    scope = _fronted_scope(claim, sentence, region)
    if scope is not None:
        return verdict(UNCERTAIN, f"stated only for {scope!r}, which the fact does not say")
    if _RESPECTIVELY_RE.search(sentence.norm.text) and not _RESPECTIVELY_RE.search(claim.surface):
        return verdict(UNCERTAIN, "the sentence pairs several things with several values (respectively)")
    contrast = _contrasted(claim, sentence, region)
    if contrast is not None:
        return verdict(UNCERTAIN, f"the sentence contrasts it with something else ({contrast.group(0)!r})")
    if found.changed or found.dropped:
        return verdict(UNCERTAIN, _wording_reason(found, claim, sentence))
    return verdict(FOUND, None)


def _wording_reason(found: Assessment, claim: _Claim, sentence: AnalyzedSentence) -> str:
    """Which of the fact's words the answer changed or left out (a synonym or not: a person
    decides)."""
    parts = [
        f"{_text_of(stated, sentence)!r} for {_claim_text(token, claim)!r}" for token, stated in found.changed
    ]
    parts += [f"{_claim_text(token, claim)!r} not stated" for token in found.dropped]
    return "worded otherwise: " + ", ".join(parts[:4])


def _wording_ok(found: Assessment, sentence: AnalyzedSentence, region: tuple[int, int]) -> bool:
    """The fact's own words within the budget. Words the answer adds are free inside one
    clause segment ("within thirty calendar days of the purchase") and when they are items of
    a list ("misuse, accidents or liquid"); elsewhere, across a comma or and/but, two added
    words (four Chinese characters) make one edit: they may belong to another statement."""
    own = len(found.changed) + len(found.dropped)
    if own > found.budget:
        return False
    text = sentence.norm.text
    if segment_around(text, *region) == segment_around(text, region[0], region[0] + 1):
        return True
    counted = found.inserted - _listed_insertions(found, sentence)
    return own + counted // found.inserted_per_edit <= found.budget


_COORDINATORS = frozenset({"or", "and", "或", "和", "及", "与", "或者", "以及"})


def _listed_insertions(found: Assessment, sentence: AnalyzedSentence) -> int:
    """Inserted words that are items of a list: after a comma, 、 or a coordinator."""
    tokens, text = sentence.tokens, sentence.norm.text
    listed = 0
    for index in found.alignment.inserted_inside():
        token, previous = tokens[index], tokens[index - 1]
        if token.weight and not token.critical:
            gap = text[previous.end : token.start]
            listed += any(mark in gap for mark in ",、/") or previous.key in _COORDINATORS
    return listed


def _in_other_order(fact: AnswerFact, claim: _Claim, sentence: AnalyzedSentence) -> tuple[int, int] | None:
    """A clause that states every unit of the claim in another word order, with no other
    token of a critical category the claim has, and the same negation parity."""
    needed = claim.unordered
    if needed is None or not sentence.keys.issuperset(needed):
        return None  # a key the sentence does not have is in none of its clauses
    critical = claim.critical_categories
    expected = _expected_negations(fact, claim) % 2
    text = sentence.norm.text
    for lo, hi in clauses(text):
        tokens = [t for t in sentence.tokens if lo <= t.start and t.end <= hi]
        have = Counter(key for t in tokens for key in {t.key, t.stem} if key)
        if any(have[key] < count for key, count in needed.items()):
            continue
        if any(t.category in critical and t.key not in needed for t in tokens):
            continue
        used = [t for t in tokens if t.key in needed or t.stem in needed]
        stretch = (used[0].start, used[-1].end)
        scope = segment_around(text, *stretch)
        reach = (max(lo, min(scope[0], stretch[0])), min(hi, max(scope[1], stretch[1])))
        if negations(sentence.tokens, *reach) % 2 == expected:
            return stretch
    return None


def _polarity(
    fact: AnswerFact, claim: _Claim, found: Assessment, sentence: AnalyzedSentence, region: tuple[int, int]
) -> tuple[FactVerdict, str] | None:
    """Negations are counted with parity: in the fact (and its `polarity`), through negating
    prefixes the alignment crossed, and in the answer's clause around the match."""
    expected = _expected_negations(fact, claim) + found.flips
    text = sentence.norm.text
    scope = segment_around(text, *region)
    stated = negations(sentence.tokens, min(scope[0], region[0]), max(scope[1], region[1]))
    stated -= sum(t.negates for t in sentence.tokens if t.key == _BARS and region[1] <= t.start < scope[1])
    if _prefix_negation(sentence, region[0]):
        stated += 1  # "not refundable" before the match
    if expected % 2 == stated % 2:
        return None
    wide = clause_around(text, *region)
    if (
        not stated
        and negations(sentence.tokens, min(wide[0], region[0]), max(wide[1], region[1])) % 2 == expected % 2
    ):
        # "Damage from misuse, accidents or liquid isn't covered": a negation across commas.
        return UNCERTAIN, "a negation outside the matched clause may govern it"
    if (expected - found.flips) % 2:
        return CONTRADICTED, "the answer states it without the negation or exclusion"
    return CONTRADICTED, "the answer negates it"


def _expected_negations(fact: AnswerFact, claim: _Claim) -> int:
    """`polarity: negated` on a text without a negation asserts its negation; a text that
    carries its negation already ("不予受理") is read as written."""
    own = claim.own_negations
    return own if own else int(fact.polarity == "negated")


# Cues that narrow or shift what the words beside them state ("less than 20%", "filed after
# March 1", "some members", "only full-time employees"): added by the answer inside the match,
# or (but an order in time: "下单后5天内" only says from when) before it in its segment, where the
# fact has none of that key, they keep the match from stating the fact. A universal quantifier
# ("all members get a discount") still states the generic fact.
_NARROWING = frozenset({"bound", "quant", "approx", "cond", "freq", "rank"})
_NARROWING_INSIDE = _NARROWING | {"time_order", "sequence"}
_STILL_STATES = frozenset({_ALL})


def _qualifier(claim: _Claim, sentence: AnalyzedSentence, region: tuple[int, int]) -> str | None:
    """What the answer puts around the match that the fact does not say, and that keeps the
    match from being a statement of it: a condition before it in its clause (the match is an
    antecedent: "If the bridge reopens in March, …"), a narrowing cue inside it, before it in its
    segment or right after it ("less than 20%", "some members", "20%以上", 世界最高峰之一), or a
    correction inside or after it ("originally scheduled for")."""
    text = sentence.norm.text
    own = {t.key for t in claim.tokens}
    clause = clause_around(text, *region)
    segment = segment_around(text, region[0], region[0] + 1)
    ends_with_value = any(t.end == region[1] and t.category.startswith("value") for t in sentence.tokens)
    for token in sentence.tokens:
        deadline = region[0] <= token.start < region[1] and _states_a_deadline(token, sentence)
        if token.key in own or deadline:
            continue
        if token.key == _ONLY and token.start >= region[1] and _ONLY_AFTER_RE.match(text, token.end):
            return text[token.start : token.end]  # "… a 10% discount on weekends only", "，仅限周末"
        if token.category == "cond" and clause[0] <= token.start < region[0]:
            if _states_the_conditional(text, token, region, clause, sentence.tokens, own):
                continue
            return text[token.start : token.end]
        if token.key == "cond:only_if" and region[0] <= token.start < clause[1]:
            return text[token.start : token.end]  # "ships the same day only if ordered by noon"
        if token.key not in _STILL_STATES and _narrows(token, text, segment, region, ends_with_value):
            return text[token.start : token.end]
        # "Originally 15 days": the match is the old value, wherever the cue stands; a
        # correction after the match start may supersede it ("Correction: … 15 days" before the
        # match is the answer's last word, and stands).
        if token.key == "correction:old" or (token.category == "correction" and token.start >= region[0]):
            return text[token.start : token.end]
    return None


# What opens a phrase that limits the statement after it to some case: "For international orders,
# shipping takes …", "In North Carolina, …", 针对会员用户，…, 在该市购买二套房，…. Such a phrase often
# only restates the query's own case ("Under the silver plan, the deductible is $500"): it limits
# the fact when the sentence goes on to another case ("…; domestic orders arrive in 3").
_SCOPE_HEADS = frozenset(
    "for in among under during within on at to with without 针对 对于 对 在 凡 就 作为".split()
)
_ANOTHER_CASE_RE = re.compile(r"[;；]|\b(?:while|whereas|but|however)\b|而|但|其他|其余|普通")
# Lead-ins that attribute or connect, and limit nothing: "According to the policy, …", 根据规定，….
_LEAD_INS = (
    "according to", "based on", "per ", "as per", "in addition", "in summary", "in short", "in total",
    "in conclusion", "in fact", "in general", "in other words", "for example", "for instance",
    "in this case", "in the policy", "in the document", "in the context", "根据", "据", "依据", "按照",
    "总之", "总的来说", "综上", "另外", "此外", "例如", "比如",
)  # fmt: skip
_RESPECTIVELY_RE = re.compile(r"\brespectively\b|分别")
# "Unlike Publix, Kroger is …", 与基础版不同，畅享版…: the matched words may be said of the other one.
_CONTRAST_RE = re.compile(
    r"\b(?:unlike|in contrast to|in contrast with|as opposed to|contrary to|compared (?:with|to))\b"
    r"|与[^，,。.；;]{1,15}不同|不同于|区别于|相比|相较"
)


def _fronted_scope(claim: _Claim, sentence: AnalyzedSentence, region: tuple[int, int]) -> str | None:
    """A phrase before the match, closed by a comma or a colon, that limits whom or what it is
    said of and that the fact does not say: a clause ending in 的 (对处罚决定不服的，), or a scope
    ("For international orders:", 针对会员用户，) in a sentence that goes on to another case."""
    text = sentence.norm.text
    head = text[: region[0]].rstrip(" *_")
    if not head or head[-1] not in ",，:：":
        return None
    start = max(head.rfind(mark, 0, len(head) - 1) for mark in ",，:：;；") + 1
    phrase = head[start:-1].strip(" *_-")
    lowered = phrase.lower()
    if not phrase or lowered.startswith(_LEAD_INS):
        return None
    tokens = [t for t in sentence.tokens if start <= t.start and t.end <= len(head) - 1]
    own = {key for t in claim.tokens for key in (t.key, t.stem) if key}
    if all(t.key in own or t.stem in own or not t.weight for t in tokens):
        return None  # the fact's own words, fronted ("On December 28, 1846, Iowa became …")
    if phrase.endswith("的"):
        return phrase  # a condition clause (对处罚决定不服的，…)
    another_case = _ANOTHER_CASE_RE.search(text, region[1]) is not None
    return phrase if another_case and _opens_with(lowered, _SCOPE_HEADS) else None


def _contrasted(claim: _Claim, sentence: AnalyzedSentence, region: tuple[int, int]) -> re.Match[str] | None:
    """A contrast the match starts inside ("Unlike Publix, Kroger is …" for a fact about Publix):
    what follows is said of the other one. A match after the contrast's comma is its own clause
    ("Unlike the basic plan, the Pro plan includes …")."""
    text = sentence.norm.text
    contrast = _CONTRAST_RE.search(text, 0, region[1])
    if contrast is None or _CONTRAST_RE.search(claim.surface.lower()):
        return None
    if _BASELINE_RE.search(text, max(0, contrast.start() - 8), contrast.end() + 8):
        return None  # 相比去年, compared with last year: a baseline in time, not another thing
    comma = min((i for i in (text.find(m, contrast.end()) for m in ",，") if i >= 0), default=len(text))
    return contrast if region[0] < comma else None


_BASELINE_RE = re.compile(
    r"去年|上年|前年|同期|上月|上季度|last (?:year|month|quarter|week)|a year (?:ago|earlier)"
)


def _opens_with(phrase: str, heads: frozenset[str]) -> bool:
    words = phrase.split()
    return bool(words) and words[0] in heads or any(phrase.startswith(h) for h in heads if not h.isascii())


def _states_the_conditional(
    text: str,
    cond: Token,
    region: tuple[int, int],
    clause: tuple[int, int],
    tokens: Sequence[Token],
    own: set[str],
) -> bool:
    """The match is the whole conditional the condition word opens (如体温超过37.3℃需到发热门诊就诊,
    要是总会出现褐色分泌物，要暂时避免性交, for a fact without 如/要是): it starts right after
    the condition word and runs on to the clause's end or past its comma; a match inside the condition
    alone ("If the balance is paid in full, …" for "The balance is paid in full") does not."""
    if len(text[cond.end : region[0]].strip()) > 2:
        return False  # the condition's own words are not the fact's: 消费满200元的会员可享受…
    ends = [i for i in (text.find(mark, cond.end, region[1]) for mark in ",，") if i >= 0]
    condition_end = min(ends, default=region[1])
    if any(t.weight and t.key not in own for t in tokens if cond.end <= t.start < condition_end):
        return False  # the condition says what the fact does not: "If Publix is busy, its stores …"
    return not text[region[1] : clause[1]].strip(" .。!！") or bool(ends)


def _narrows(
    token: Token, text: str, segment: tuple[int, int], region: tuple[int, int], ends_with_value: bool
) -> bool:
    """A narrowing cue (`_NARROWING`) inside the match or before it in its segment; right after
    it, an approximation or 之一 after anything (世界最高峰之一, 15天左右), a bound only after a
    value ("20% or more", 60岁以上)."""
    if token.category == "rank" and not _before_the_match(token, text, region):
        return False
    if region[0] <= token.start and token.end <= region[1]:
        return token.category in _NARROWING_INSIDE
    if segment[0] <= token.start and token.end <= region[0]:
        return token.category in _NARROWING
    if region[1] <= token.start <= region[1] + 1 and not text[region[1] : token.start].strip():
        weakening = token.category == "approx" or token.key == "quant:some"
        return weakening or (ends_with_value and token.category == "bound")
    return False


def _before_the_match(token: Token, text: str, region: tuple[int, int]) -> bool:
    """A rank word ("former", "vice", "acting") qualifies the word right after it: it narrows the
    match only when that word is inside the match ("the former CEO"), not another noun ("Former
    actor Ronald Reagan was the 40th president", "police acting on a tip")."""
    following = re.match(r"[\s-]*\w", text[token.end :])
    at = token.end + (following.end() - 1 if following else 0)
    return region[0] <= at < region[1]


def _exception_in_sentence(claim: _Claim, sentence: AnalyzedSentence, region: tuple[int, int]) -> str | None:
    """An exclusion the fact does not make, anywhere in the sentence outside the match, when the
    fact is universal ("all products …, except fresh food", "除生鲜商品外，所有商品…",
    "每天开放，法定节假日除外"): the polarity check reads only the match's own segment, and an
    exception in the next one still takes something out of "all"."""
    keys = {t.key for t in claim.tokens}
    if _EXCEPT in keys or _ALL not in keys:
        return None
    text = sentence.norm.text
    for token in sentence.tokens:
        if token.key == _EXCEPT and not (region[0] <= token.start < region[1]):
            return text[token.start : token.end]
    return None


_OR = frozenset({"或", "或者", "or", "either"})


def _alternative_inside(claim: _Claim, found: Assessment, sentence: AnalyzedSentence) -> str | None:
    """ "按月或按季支付" for 按月支付: an alternative the answer adds inside or right after the
    match (not the last item of a list, "misuse, accidents or liquid", which names each item, nor
    one inside a condition: "void if the seal is broken or removed" still voids it when broken)."""
    if any(t.key in _OR for t in claim.tokens):
        return None
    text = sentence.norm.text
    region = found.region or (0, 0)
    segment = segment_around(text, region[0], region[0] + 1)
    for token in sentence.tokens:
        inside = region[0] <= token.start and token.end <= region[1]
        right_after = region[1] <= token.start and not text[region[1] : token.start].strip()
        if token.key not in _OR or not (inside or right_after):
            continue
        if _LIST_MARKS.intersection(text[region[0] : token.start]):
            continue
        if any(t.category == "cond" and segment[0] <= t.start < token.start for t in sentence.tokens):
            continue
        if any(
            t.key == MAY and not t.negates and segment[0] <= t.start < token.start for t in sentence.tokens
        ):
            continue  # "can be bought online or at the box office": each way may be taken
        return text[token.start : max(region[1], token.end)]
    return None


_LIST_MARKS = frozenset(",、;；")
_COPULAS = " 为是达:："


def _rival_inside(claim: _Claim, found: Assessment, sentence: AnalyzedSentence) -> Token | None:
    """A critical token the answer adds inside the matched words, of a category the fact
    states ("手续费和押金分别为50元和500元": 50元 beside 500元)."""
    categories = {t.category for t in claim.tokens if t.critical and t.category != "name"}
    added = (sentence.tokens[index] for index in found.alignment.inserted_inside())
    return next(
        (token for token in added if token.category in categories and not _in_brackets(token, sentence)),
        None,
    )


def _in_brackets(token: Token, sentence: AnalyzedSentence) -> bool:
    """A value in brackets that restates the value right before it ("805 km (500 mi)", "thirty
    (30) days", "3999元（约550美元）"), not a second value ("5 million (2010)"): the same value, or
    the same kind of amount in another unit or currency."""
    text = sentence.norm.text
    before = text[: token.start].rstrip()
    if not (before.endswith("(") and text[token.end :].lstrip().startswith(")")):
        return False
    opening = len(before) - 1
    neighbour = next((t for t in reversed(sentence.tokens) if t.end <= opening), None)
    if (
        neighbour is None
        or neighbour.value is None
        or token.value is None
        or text[neighbour.end : opening].strip()
    ):
        return False
    same = neighbour.value.compare(token.value) == "equal"
    converted = neighbour.category == token.category and token.category in _CONVERTIBLE
    return same or converted


_CONVERTIBLE = frozenset({"value:measure", "value:money", "value:duration"})


def _prefix_negation(sentence: AnalyzedSentence, start: int) -> bool:
    """A negating prefix right before the match that no token counts yet (非处方药; in English a
    negating word is a token of its own and counted in the clause)."""
    text = sentence.norm.text
    if not sentence.language.startswith("zh") or text[start - 1 : start] not in NEGATING_CHARACTERS:
        return False
    last = len(text[:start].rstrip(" -")) - 1
    return not any(t.negates and t.start <= last < t.end for t in sentence.tokens)


def _value_in_clause(
    wanted: Value, sentence: AnalyzedSentence, region: tuple[int, int]
) -> tuple[FactVerdict, str] | None:
    """An explicit value the fact's words do not state must be in the matched clause; one
    stated only in the wider clause leaves the fact `uncertain`."""
    text = sentence.norm.text
    kind = f"value:{wanted.kind}"

    def values_in(reach: tuple[int, int]) -> list[Token]:
        lo, hi = min(reach[0], region[0]), max(reach[1], region[1])
        return [t for t in sentence.tokens if t.category == kind and lo <= t.start and t.end <= hi]

    for reach, equal_means in (
        (segment_around(text, *region), None),
        (clause_around(text, *region), UNCERTAIN),
    ):
        near = values_in(reach)
        equal = [t for t in near if t.value is not None and t.value.compare(wanted) == "equal"]
        if equal:
            bound = _bound_beside(equal[0], sentence)
            if bound is not None:
                return UNCERTAIN, f"{wanted.describe()} is stated only with {bound!r}"
            return (
                None
                if equal_means is None
                else (UNCERTAIN, f"{wanted.describe()} is stated in a neighbouring clause")
            )
        if near:
            return CONTRADICTED, f"states {_text_of(near[0], sentence)!r}, expected {wanted.describe()}"
    return MISSING, f"value not stated (expected {wanted.describe()})"


# A deadline's own words: "within 10 days", 10天内 state the 10 days a fact gives as its value.
_DEADLINE_BOUNDS = frozenset({"within", "以内", "之内", "内"})


def _states_a_deadline(bound: Token, sentence: AnalyzedSentence) -> bool:
    """`bound` is "within" right before a duration, or 内/以内 right after one."""
    if bound.category != "bound" or sentence.norm.text[bound.start : bound.end] not in _DEADLINE_BOUNDS:
        return False
    return _bound_beside_value(bound, sentence, lambda value: value.category == "value:duration")


def _bound_beside_value(bound: Token, sentence: AnalyzedSentence, wanted: Callable[[Token], bool]) -> bool:
    """`bound` right before a value the test wants (a copula between: 最高为5000元) or right after it."""
    text = sentence.norm.text
    return any(
        wanted(value)
        and (
            (bound.end <= value.start and not text[bound.end : value.start].strip(_COPULAS))
            or (bound.start >= value.end and not text[value.end : bound.start].strip())
        )
        for value in sentence.tokens
        if value.category.startswith("value")
    )


def _bound_beside(value: Token, sentence: AnalyzedSentence) -> str | None:
    """A bound or approximation right before or after a value ("up to $20", "$20 or more",
    约20元): the value is then not stated as it is."""
    for token in sentence.tokens:
        from_value = sentence.norm.text[token.start : token.end] == "起"  # 5000元起: 5000 and up
        if not (token.category in ("bound", "approx") or from_value) or _states_a_deadline(token, sentence):
            continue
        if _bound_beside_value(token, sentence, lambda beside: beside is value):
            return sentence.norm.text[token.start : token.end]
    return None


def _extended_name(found: Assessment, sentence: AnalyzedSentence) -> str | None:
    """A name of the fact found inside a longer name of the answer: 南京 in 南京路, 张伟 in
    张伟伟, 北京大学 in 北京师范大学 (one jieba word that holds more than the fact's name),
    "iPhone 15" before "Pro" (a capitalised word right after the matched name), a model or
    edition after a matched number or word (小米14 Ultra, 14青春版, 骁龙8s, Mate 60 Pro+), a
    longer title 《劳动合同法实施条例》 than the fact's 《劳动合同法》."""
    text = sentence.norm.text
    matched = {i for _, stated in found.matched_tokens for i in range(stated.start, stated.end)}
    longer = (
        _longer_title(sentence, matched)
        or _model_after(found, text, matched)
        or _related(found, sentence, matched)
    )
    if longer is not None:
        return longer
    named = [(claim, stated) for claim, stated in found.matched_tokens if claim.category == "name"]
    if not named:
        return None
    if sentence.language.startswith("zh"):
        from ..text.segment import segmenter_for

        words = segmenter_for(sentence.language).words(text)
        for _, stated in named:
            for start, end in words:
                if start <= stated.start < end and any(i not in matched for i in range(start, end)):
                    if not _same_entity_suffix(text, start, end, matched):
                        return text[start:end]
    tokens = sentence.tokens
    position = {token.start: index for index, token in enumerate(tokens)}
    for _, stated in named:
        index = position[stated.start] + 1
        while index < len(tokens) and tokens[index].start in matched:
            index += 1  # the rest of the fact's name and values: "iPhone 15"
        if index < len(tokens) and _extends(sentence, tokens[index - 1], tokens[index]):
            return text[stated.start : tokens[index].end]
        index = position[stated.start] - 1
        while index >= 0 and tokens[index].start in matched:
            index -= 1  # the fact's own words before the name
        if index >= 0 and tokens[index + 1] is stated and _extends_before(sentence, tokens[index], stated):
            return text[tokens[index].start : stated.end]
    return None


# What a place or an organisation is written with and without: 深圳/深圳市, 华为/华为公司.
_SAME_ENTITY_SUFFIXES = frozenset("市 省 县 区 自治区 特别行政区 有限公司 股份有限公司 集团 公司".split())


def _same_entity_suffix(text: str, start: int, end: int, matched: set[int]) -> bool:
    """The word goes on past the fact's name only with an administrative or legal suffix, and
    nothing else (苏州工业园区 is not 苏州)."""
    last = max((i for i in range(start, end) if i in matched), default=start - 1)
    rest = text[last + 1 : end]
    return all(i in matched for i in range(start, last + 1)) and rest in _SAME_ENTITY_SUFFIXES


# A title: the normaliser writes 《》 as straight quotes, so `_longer_title` reads the original.
_TITLE_RE = re.compile(r"《([^《》]{1,60})》|\"([^\"]{1,60})\"")


def _longer_title(sentence: AnalyzedSentence, matched: set[int]) -> str | None:
    """A 《title》 the match reaches into but does not cover: another law, book or standard
    (《劳动合同法实施条例》 for 《劳动合同法》; 中华人民共和国 before a law's name is the same law).
    Only a title written in 《》 or 「」: a quotation in straight quotes is not a name."""
    text = sentence.norm.text
    for title in _TITLE_RE.finditer(text):
        group = 1 if title.group(1) is not None else 2
        opening, _ = sentence.norm.original_span(title.start(), title.start() + 1)
        if sentence.text[opening : opening + 1] not in "《「『":
            continue
        inside = [i for i in range(title.start(group), title.end(group)) if not text[i].isspace()]
        if text.startswith(_PRC, title.start(group)):
            inside = inside[len(_PRC) :]
        if any(i in matched for i in inside) and not all(i in matched for i in inside):
            return title.group(0)
    return None


_PRC = "中华人民共和国"


# What follows a model's name or number to name another model: "Pro", "Ultra", "14青春版", "Pro+".
_MODEL_AFTER_RE = re.compile(
    r"\+|[a-z]{1,2}(?![a-z])|\s?(?:pro|max|plus|ultra|mini|lite|se|air|neo|turbo|edge|fold|flip|prime)(?![a-z])"
    r"|(?!出版|再版|改版|初版)[\u4e00-\u9fff]{0,3}版"
)
_NOT_MODEL_NUMBERS = (
    "value:money",
    "value:date",
    "value:duration",
    "value:time",
    "value:ratio",
    "value:measure",
)


# Something of a name, not the name: "the son of George Jenkins", "the FDA's critics", 任正非之子.
_OF_BEFORE_RE = re.compile(r"\s+of\s+(?:the\s+)?$")
_POSSESSED_AFTER_RE = re.compile(r"(?:'s\s+|之|的)(?P<thing>\w+)")


def _related(found: Assessment, sentence: AnalyzedSentence, matched: set[int]) -> str | None:
    """The answer names something of the fact's name (its son, its critics) where the fact has
    the name itself: a word the fact does not have, joined to a matched name by "of" before it,
    or by 's / 之 / 的 after it."""
    text = sentence.norm.text
    names = [stated for claim, stated in found.matched_tokens if claim.category == "name"]
    if not names:
        return None
    first, last = min(n.start for n in names), max(n.end for n in names)
    for index in found.alignment.inserted_inside():
        token = sentence.tokens[index]
        if (
            token.weight
            and token.end <= first
            and _OF_BEFORE_RE.fullmatch(text[token.end : first]) is not None
        ):
            return text[token.start : last]
    after = _POSSESSED_AFTER_RE.match(text, last)
    if after is not None and after.start("thing") not in matched:
        return text[min(n.start for n in names) : after.end("thing")]
    return None


def _model_after(found: Assessment, text: str, matched: set[int]) -> str | None:
    """An edition or model word right after a matched value or ASCII word that the fact does
    not have: the answer names another model (小米14 Ultra for 小米14, 8s for 8)."""
    for claim, stated in found.matched_tokens:
        last = text[stated.end - 1 : stated.end]
        if not (last.isalnum() and (last.isascii() or stated.category.startswith("value"))):
            continue
        if stated.category in _NOT_MODEL_NUMBERS or not (claim.category == "name" or last.isdigit()):
            continue  # "$799 plus tax", "per night plus a fee", 2010年首次出版: no model
        after = _MODEL_AFTER_RE.match(text, stated.end)
        if after is None or not after.group(0).strip():
            continue
        first = after.start() + (len(after.group(0)) - len(after.group(0).lstrip()))
        if first not in matched:  # the fact's own next word is no other model
            return text[stated.start : after.end()]
    return None


def _extends(sentence: AnalyzedSentence, previous: Token, following: Token) -> bool:
    """`following` continues the name that ends with `previous`: a capitalised word after a
    space ("iPhone 15 Pro"), or letters glued to it ("GPT-4o")."""
    gap = sentence.norm.text[previous.end : following.start]
    begin, _ = sentence.norm.original_span(following.start, following.end)
    first = sentence.text[begin : begin + 1]
    glued = not gap and first.isascii() and first.isalnum() and _ends_in_ascii(sentence, previous)
    return (not gap.strip() and first.isupper()) or glued


def _ends_in_ascii(sentence: AnalyzedSentence, previous: Token) -> bool:
    last = sentence.norm.text[previous.end - 1 : previous.end]
    return last.isascii() and last.isalnum()


# Titles before a name that leave it the same person: "President Lincoln", "Dr Smith".
_TITLES = frozenset(
    "mr mrs ms miss dr prof professor sir dame lord lady president senator governor mayor king queen "
    "prince princess pope saint st general gen captain judge justice minister chancellor ceo chairman "
    "chairwoman director reverend rev father sister brother uncle aunt".split()
)


def _extends_before(sentence: AnalyzedSentence, previous: Token, name: Token) -> bool:
    """A capitalised word right before the fact's name that makes it another name: "West
    Virginia", "New York", "South Sudan" (not a title, nor the sentence's first word)."""
    text = sentence.norm.text
    if text[previous.end : name.start] != " " or previous.key in _TITLES or previous.category != "word":
        return False
    begin, finish = sentence.norm.original_span(previous.start, previous.end)
    written = sentence.text[begin:finish]
    return written[:1].isupper() and not _opens_sentence(sentence.text, begin)


def _opens_sentence(text: str, begin: int) -> bool:
    before = text[:begin].rstrip()
    return not before or before[-1] in ".!?:;\n\"'(“‘-*#|>"


def _entity_reason(
    absent: list[Token], other: list[tuple[Token, Token]], claim: _Claim, sentence: AnalyzedSentence
) -> str:
    if other:
        wanted, stated = other[0]
        return f"names {_text_of(stated, sentence)!r} where the fact has {_claim_text(wanted, claim)!r}"
    return f"does not name {_claim_text(absent[0], claim)!r}"


def _restated_otherwise(
    best: _Judgement, judgements: list[_Judgement], sentences: Sequence[AnalyzedSentence]
) -> _Judgement | None:
    """Another sentence that states the same slot (all of the fact's words, or a correction
    cue, and only one critical token apart) with another value or the opposite polarity makes
    the answer contradict itself; so does a correction after the match ("…30%，不对，应为20%").
    Only an explicit correction lets the later statement stand ("… 10 days. Correction: …
    15 days" supports 15 days)."""
    for other in sorted(judgements, key=lambda j: j.sentence):
        if other.status != CONTRADICTED or other.sentence == best.sentence:
            continue
        if other.sentence < best.sentence and best.analyzed.correction:
            continue  # the answer corrected an earlier statement: its last word counts
        # The same slot: all of the fact's words within the edit budget, words the other sentence
        # adds counted ("must have lived in the state for at least 2 years" is another condition).
        same_slot = other.restates_slot and other.assessment.wording_ok
        if len(other.assessment.conflicts) <= 1 and (same_slot or other.analyzed.correction):
            wanted = _first_critical(best)
            return replace(
                other,
                reason=f"sentence {best.sentence + 1} states {wanted!r}, sentence {other.sentence + 1} "
                f"states it otherwise: {other.reason}",
            )
    return _corrected_after(best, sentences)


# A sentence that does nothing but deny the one before: "That is false.", "This claim is wrong.",
# "It was not.", 这一说法不对。, 该消息是谣言。
_DENIAL_RE = re.compile(
    r"^[\W_]*(?:(?:that|this|it|these|those)(?: claim| report| story| statement)?"
    r"(?:,[^.]{0,40},)? (?:is|was|are|were) "
    r"(?:false|wrong|untrue|incorrect|not true|a myth|inaccurate|not|not so)"
    r"|(?:这|这一|这个|该|此|以上)(?:说法|消息|传言|报道|观点)?(?:不对|错误|是错误的|不实|是假的|是谣言|并不属实|不正确|不成立))"
    r"[\W_]*$",
    re.IGNORECASE,
)


def _denied_next(best: _Judgement, sentences: Sequence[AnalyzedSentence]) -> _Judgement | None:
    """The sentence after the match only denies it ("Publix was founded in 1930. That is false.")."""
    following = best.sentence + 1
    if following >= len(sentences) or best.analyzed is not sentences[best.sentence]:
        return None
    denial = sentences[following].text.strip()
    if _DENIAL_RE.match(denial) is None:
        return None
    return replace(best, status=CONTRADICTED, reason=f"the next sentence denies it: {denial!r}", support=0.0)


def _first_critical(judgement: _Judgement) -> str:
    return next(
        (
            _text_of(found, judgement.analyzed)
            for claim, found in judgement.assessment.matched_tokens
            if claim.critical
        ),
        judgement.claim.surface,
    )


def _corrected_after(best: _Judgement, sentences: Sequence[AnalyzedSentence]) -> _Judgement | None:
    """A correction cue after the match, then a critical token of a matched one's category
    with another value, in the same or the next sentence."""
    stated = {c.category: f for c, f in best.assessment.matched_tokens if c.critical and c.category != "name"}
    if not stated:
        return None
    following = [(best.analyzed, [t for t in best.analyzed.tokens if t.start >= best.region[1]])]
    if best.sentence + 1 < len(sentences) and best.analyzed is sentences[best.sentence]:
        following.append((sentences[best.sentence + 1], list(sentences[best.sentence + 1].tokens)))
    corrected = False
    for sentence, tokens in following:
        for token in tokens:
            corrected = corrected or token.category == "correction"
            before = stated.get(token.category)
            if corrected and before is not None and token.key != before.key:
                first, then = _text_of(before, best.analyzed), _text_of(token, sentence)
                reason = f"states {first!r}, then corrects it to {then!r}"
                return replace(best, status=CONTRADICTED, reason=reason, support=0.0)
    return None


def _across_sentences(
    fact: AnswerFact,
    sentences: Sequence[AnalyzedSentence],
    language: str,
    explicit: Value | None,
    chinese: bool,
    lower: float,
    upper: float,
) -> _Judgement | None:
    """A fact stated only over two adjacent sentences is at most `uncertain`."""
    claims = [_claim(surface, language, explicit) for surface in (fact.text, *fact.aliases)]
    for index in _pairs_holding(claims, sentences):
        first, second = sentences[index], sentences[index + 1]
        gap = " " * (second.start - first.end)  # keeps the offsets of the answer
        joined = _analyze(first.start, first.text + gap + second.text, language)
        for surface in (fact.text, *fact.aliases):
            claim = _claim(surface, language, explicit)
            if not _worth_aligning(claim, joined):
                continue
            judged = _judge(fact, claim, joined, index, chinese, lower, upper)
            if judged.status == FOUND:
                reason = f"stated only across sentences {index + 1} and {index + 2}"
                return replace(judged, status=UNCERTAIN, reason=reason)
    return None


def _pairs_holding(claims: Sequence[_Claim], sentences: Sequence[AnalyzedSentence]) -> list[int]:
    """The adjacent sentences (by the first's index) that hold every word of a claim between
    them: those a claim's words missing from one are all in the other."""
    held: set[int] = set()
    for claim in claims:
        plain, stemmed = claim.keys_split
        if stemmed:
            present = [claim.weighted_key_set & sentence.keys for sentence in sentences]
            held.update(
                i for i in range(len(sentences) - 1) if claim.all_keys_in(present[i] | present[i + 1])
            )
            continue
        wanted = frozenset(plain)
        missing = [wanted - sentence.keys for sentence in sentences]
        held.update(i for i, (one, other) in enumerate(zip(missing, missing[1:])) if one.isdisjoint(other))
    return sorted(held)


def _critical_notes(found: Assessment, sentence: AnalyzedSentence) -> tuple[CriticalNote, ...]:
    notes = [
        _note(claim, "found", stated, sentence) for claim, stated in found.matched_tokens if claim.critical
    ]
    notes += [_note(claim, "conflicting", stated, sentence) for claim, stated in found.conflicts]
    notes += [_note(claim, "ambiguous", stated, sentence) for claim, stated in found.ambiguous]
    notes += [CriticalNote(claim.key, "absent") for claim in found.absent]
    return tuple(notes)


def _note(claim: Token, status: CriticalStatus, stated: Token, sentence: AnalyzedSentence) -> CriticalNote:
    begin, finish = sentence.norm.original_span(stated.start, stated.end)
    return CriticalNote(
        claim.key, status, _text_of(stated, sentence), sentence.start + begin, sentence.start + finish
    )


def _text_of(token: Token, sentence: AnalyzedSentence) -> str:
    begin, finish = sentence.norm.original_span(token.start, token.end)
    return sentence.text[begin:finish]


def _claim_text(token: Token, claim: _Claim) -> str:
    if token.value is not None and claim.required_value is None and token.value.start == token.value.end:
        return token.value.describe()
    norm = normalize_cached(claim.surface)
    begin, finish = norm.original_span(token.start, token.end)
    return (
        claim.surface[begin:finish]
        if finish > begin
        else (token.value.describe() if token.value else token.key)
    )


def _result(fact: AnswerFact, best: _Judgement, support: float, lower: float) -> FactMatch:
    """The fact's verdict with its proof; a missing fact shows where it was nearly stated
    only from `lower`% of its tokens on."""
    start = end = None
    if best.assessment.region is not None and (best.status != MISSING or 100 * best.support >= lower):
        sentence = best.analyzed
        begin, finish = sentence.norm.original_span(*best.region)
        start, end = sentence.start + begin, sentence.start + finish
    return FactMatch(
        fact.id,
        best.status,
        round(100 * support, 2),
        "align",
        best.sentence,
        start,
        end,
        best.claim.surface,
        best.reason,
        round(support, 4),
        best.critical,
    )
