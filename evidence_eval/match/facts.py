"""Answer facts in the answer: `supported` only when everything the fact asserts is stated.

A fact (its text, or one alias) is aligned token by token with each answer sentence worth it
(`align`); the rules of `manifest.FACTS` then judge each alignment (`fact_rules`, first that
speaks decides) and the answer as a whole (`answer_rules`, each may replace the best judgement).
README's rule table lists them, generated from the registry.

Every fact gets a graded `support` (`graded_support`, `graded.v4`): 1 when it is stated, else
how much of its units (`units`) the answer states anywhere and in its best sentence.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

from ..lang import lexicon
from ..models import AnswerFact
from ..models.statuses import CriticalStatus, FactVerdict
from ..text.normalize import normalize_cached
from ..text.rarity import CRITICAL_WEIGHT
from ..text.segment import Segmenter
from ..text.tokens import Token
from .align import Alignment, Assessment, align_arrays, assess
from .answer_rules import ADDRESSED, ANSWER_RULES, AnswerReading, addressed_reason
from .attachment import range_to_deadline
from .claims import (
    Candidates,
    Claim,
    candidate_sentences,
    claim_for,
    expected_value,
    sentences_worth_aligning,
)
from .fact_rules import SENTENCE_RULES
from .manifest import FACTS, GRADED
from .reading import Reading
from .sentences import AnalyzedAnswer, AnalyzedSentence, analyze_answer, answer_of
from .unasserted import has_frame
from .units import answer_forms, asserted_forms, best_coverage, coverage
from .verdicts import (
    CONTRADICTED,
    FOUND,
    MISSING,
    RANK,
    UNCERTAIN,
    CriticalNote,
    FactMatch,
    Finding,
    Judgement,
)

__all__ = [
    "GRADED",
    "NAME",
    "AnalyzedSentence",
    "CriticalNote",
    "FactMatch",
    "analyze_answer",
    "expected_value",
    "match_fact",
]

NAME = FACTS.name
_SENTENCE = SENTENCE_RULES.ordered(FACTS.stages["sentence"])
_ANSWER = ANSWER_RULES.ordered(FACTS.stages["answer"])
STATED = "states_it"  # the rule name of a sentence no rule objected to
NOTHING_ALIGNED = "nothing_aligned"  # no sentence shares enough of the fact's words to align


def match_fact(
    fact: AnswerFact,
    sentences: Sequence[AnalyzedSentence],
    segmenter: Segmenter,
    *,
    lower: float,
    upper: float,
) -> FactMatch:
    language = segmenter.language
    explicit = expected_value(fact)
    if fact.value is not None and explicit is None:
        # `validate` refuses it; a scored set that skipped validate never passes on its text alone.
        reason = f"its value {fact.value!r} names no one value: fix it"
        return FactMatch(fact.id, UNCERTAIN, 0.0, reason=reason, rule="unreadable_value")
    judgements: list[Judgement] = []
    sentences = answer_of(sentences)
    shares: list[tuple[Claim, Candidates]] = []  # per surface: its share of each candidate
    for surface in (fact.text, *fact.aliases):
        claim = claim_for(surface, language, explicit)
        candidates = candidate_sentences(claim, sentences)
        shares.append((claim, candidates))
        indexes = sentences_worth_aligning(claim, sentences, candidates)
        judgements += _judged(fact, claim, sentences, indexes, upper)
    if not judgements:
        return _nothing_aligned(fact, sentences, [claim for claim, _ in shares])
    best = min(
        judgements, key=lambda j: (RANK[j.status], -j.support, j.assessment.alignment.cost, j.sentence)
    )
    answer = AnswerReading(
        fact, sentences, judgements, best, language, explicit,
        lambda claim, sentence, index: judge(fact, claim, sentence, index, upper),
    )  # fmt: skip
    for rule in _ANSWER:
        replaced = rule.check(answer)
        if replaced is not None:
            answer.best = replace_rule(replaced, rule.name)
    if answer.best.status == MISSING:  # say how little of it the answer has
        said = f"{answer.best.reason}; {addressed_reason(answer.coverage)}"
        answer.best = replace(answer.best, reason=said)
    return _result(fact, answer.best, graded_support(answer), lower)


def graded_support(answer: AnswerReading) -> float:
    """How much of the fact the answer gives, in [0, 1] (`graded.v4`): 1 when it is stated;
    else the mean of two weighted shares of its units (`units`: words by rarity, values and
    cues `CRITICAL_WEIGHT`, a name by any of its words; each in any of its forms): those the
    answer states anywhere (a fact spread over sentences counts whole) and those its best
    sentence states (words said together say more). Only what the answer asserts counts
    (`units.asserted_forms`): a direct question, what it says it does not know ("does not say
    whether …") or only asks about gives nothing, unless the fact says the same ("Officials did
    not say whether …"). A conflict zeroes the conflicting part: a contradicted value or cue
    counts as not stated, the rest as found; a reversed polarity (negated, denied) is one more
    unit of `CRITICAL_WEIGHT` the answer does not state."""
    best = answer.best
    if best.status == FOUND:
        return 1.0
    claims = answer.claims()
    forms = asserted_forms(answer.sentences)
    if forms is not answer.forms and any(
        has_frame(normalize_cached(claim.surface).text, answer.language) for claim in claims
    ):
        forms = answer.forms
    if best.status == CONTRADICTED:
        conflicting = {id(claim) for claim, _ in best.assessment.conflicts}
        positions = frozenset(i for i, token in enumerate(best.claim.tokens) if id(token) in conflicting)
        reversed_polarity = CRITICAL_WEIGHT if not positions else 0.0
        found = coverage(best.claim.units, forms, leave_out=positions, unstated_weight=reversed_polarity)
        return found.support
    if forms is answer.forms:
        return answer.coverage.support  # made once, by `addressed_in_answer` when it ran
    return best_coverage([claim.units for claim in claims], forms).support


def _nothing_aligned(fact: AnswerFact, sentences: AnalyzedAnswer, claims: list[Claim]) -> FactMatch:
    """No sentence shares enough of the fact's words to align: `missing`, unless the answer
    states `ADDRESSED` of its units over its sentences (as `addressed_in_answer`): then
    `uncertain`, at the sentence that states most."""
    found = best_coverage([claim.units for claim in claims], answer_forms(sentences))
    score, support = round(100 * found.support, 2), round(found.support, 4)
    if found.support < ADDRESSED:
        reason = f"no sentence of the answer states enough of its words: {addressed_reason(found)}"
        return FactMatch(fact.id, MISSING, score, reason=reason, support=support, rule=NOTHING_ALIGNED)
    nearest = sentences[found.sentence]
    reason = f"no one sentence states enough of its words, but {addressed_reason(found)}"
    return FactMatch(
        fact.id, UNCERTAIN, score, "align", found.sentence, nearest.start, nearest.end,
        fact.text, reason + ": check the wording", support, (), "addressed_in_answer",
    )  # fmt: skip


def replace_rule(judgement: Judgement, name: str) -> Judgement:
    """The judgement an answer rule gave, its `rule` the trail that led to it: the sentence
    rule, then the answer rule ("wording_beyond_budget > addressed_in_answer")."""
    return replace(judgement, rule=f"{judgement.rule} > {name}")


@dataclass(frozen=True)
class Decision:
    """What the sentence rules said of one alignment of a claim with a sentence: a `Judgement`
    but for where the sentence stands in its answer."""

    claim: Claim
    tokens: tuple[Token, ...]  # the sentence's
    status: FactVerdict
    reason: str | None
    support: float
    assessment: Assessment
    region: tuple[int, int]
    restates: bool
    rule: str

    def judgement(self, index: int, sentence: AnalyzedSentence) -> Judgement:
        return Judgement(
            self.status, self.reason, self.support, index, sentence, self.assessment, self.claim,
            self.region, self.restates, self.rule, sentence,
        )  # fmt: skip


class CacheInfo(NamedTuple):
    hits: int
    misses: int
    maxsize: int
    currsize: int


_DecisionKey = tuple[int, str, str, str, float]  # id of the claim, sentence text, language, polarity, upper


class _Decisions:
    """The sentence rules' `Decision` per (claim, sentence text, language, the fact's polarity,
    `upper`): all they read (the sentence's analysis is made from its text and language alone,
    and of the fact they read only its polarity). Sentences and fact surfaces recur across
    answers; a pair met again is neither aligned nor judged again. Bounded like an `lru_cache`;
    an entry is used only for the very claim and sentence tokens it was made from (they are
    cached per text too: the alignment's tokens are theirs), and all are dropped when a
    lexicon's rows are replaced."""

    def __init__(self, maxsize: int):
        self.maxsize = maxsize
        self._decided: OrderedDict[_DecisionKey, Decision] = OrderedDict()
        self._hits = self._misses = 0
        self._rows = _lexicon_rows()

    def get(
        self, fact: AnswerFact, claim: Claim, sentence: AnalyzedSentence, upper: float
    ) -> Decision | None:
        rows = _lexicon_rows()
        if any(now is not then for now, then in zip(rows, self._rows)):
            self.cache_clear()  # a lexicon's rows replaced (a test's variant): the rules read them
            self._rows = rows
        key = _key(fact, claim, sentence, upper)
        found = self._decided.get(key)
        if found is None or found.claim is not claim or found.tokens is not sentence.tokens:
            self._misses += 1
            return None
        self._hits += 1
        try:
            self._decided.move_to_end(key)
        except KeyError:  # dropped meanwhile by another thread
            pass
        return found

    def put(self, fact: AnswerFact, reading: Reading, decided: Decision) -> Decision:
        self._decided[_key(fact, reading.claim, reading.sentence, reading.upper)] = decided
        while len(self._decided) > self.maxsize:
            try:
                self._decided.popitem(last=False)
            except KeyError:  # emptied by another thread
                break
        return decided

    def cache_info(self) -> CacheInfo:
        return CacheInfo(self._hits, self._misses, self.maxsize, len(self._decided))

    def cache_clear(self) -> None:
        self._decided.clear()
        self._hits = self._misses = 0


def _lexicon_rows() -> tuple[object, ...]:
    """The rows every lexicon the sentence rules read holds now (English rows are read for
    Chinese sentences too: `names`' titles)."""
    return tuple(lexicon(language).rows for language in ("en", "zh"))


def _key(fact: AnswerFact, claim: Claim, sentence: AnalyzedSentence, upper: float) -> _DecisionKey:
    return (id(claim), sentence.text, sentence.language, fact.polarity, upper)


decisions = _Decisions(maxsize=4096)  # ~6 KB an entry (its alignment and assessment): 25 MB at most


def _judged(
    fact: AnswerFact, claim: Claim, sentences: AnalyzedAnswer, indexes: list[int], upper: float
) -> list[Judgement]:
    """`judge` of the claim with each of the sentences at `indexes`: those decided before
    (`decisions`) are not aligned again, the others aligned together."""
    known = {index: decisions.get(fact, claim, sentences[index], upper) for index in indexes}
    new = [index for index, decided in known.items() if decided is None]
    if new:
        alignments = align_arrays(claim.tokens, [sentences[index].arrays for index in new])
        for index, alignment in zip(new, alignments):
            known[index] = _decide(fact, claim, sentences[index], upper, alignment)
    return [decided.judgement(index, sentences[index]) for index, decided in known.items() if decided]


def judge(
    fact: AnswerFact,
    claim: Claim,
    sentence: AnalyzedSentence,
    index: int,
    upper: float,
    alignment: Alignment | None = None,
) -> Judgement:
    """The first rule of `manifest.FACTS`' sentence stage that says something decides."""
    decided = decisions.get(fact, claim, sentence, upper)
    if decided is None:
        decided = _decide(fact, claim, sentence, upper, alignment)
    return decided.judgement(index, sentence)


def _decide(
    fact: AnswerFact, claim: Claim, sentence: AnalyzedSentence, upper: float, alignment: Alignment | None
) -> Decision:
    """The sentence rules run on one alignment of the claim with the sentence (kept in `decisions`)."""
    if alignment is None:  # the sentence's arrays: made once for every claim aligned with it
        alignment = align_arrays(claim.tokens, [sentence.arrays])[0]
    found = assess(claim.tokens, sentence.tokens, chinese=sentence.chinese, alignment=alignment)
    found = range_to_deadline(found, claim, sentence.language)
    reading = Reading(fact, claim, sentence, found, upper)
    for check, name in _SENTENCE_CHECKS:
        finding = check(reading)
        if finding is not None:
            return decisions.put(fact, reading, _decision(reading, finding, name))
    return decisions.put(fact, reading, _decision(reading, _STATED, STATED))


_SENTENCE_CHECKS = tuple((rule.check, rule.name) for rule in _SENTENCE)
_STATED = Finding(FOUND, None)


def _decision(r: Reading, finding: Finding, rule: str) -> Decision:
    found = r.found
    if finding.region is not None:  # the rule read the sentence otherwise: its own region
        region, restates = finding.region, False
    else:
        region = r.region
        content_words = r.claim.content_words
        restates = bool(content_words) and {id(c) for c, _ in found.matched_tokens}.issuperset(
            map(id, content_words)
        )
    if finding.support is not None:
        support = finding.support
    else:
        support = 0.0 if finding.status == CONTRADICTED else found.support
    return Decision(
        r.claim, r.sentence.tokens, finding.status, finding.reason, support, found, region, restates, rule
    )


def critical_notes(judgement: Judgement) -> tuple[CriticalNote, ...]:
    """The fact's critical tokens as the judgement's alignment found them (read only for the
    fact's verdict, not for every sentence judged)."""
    found = judgement.assessment
    sentence = judgement.read or judgement.analyzed
    notes = [
        _note(claim.key, "found", stated, sentence)
        for claim, stated in found.matched_tokens
        if claim.critical
    ]
    notes += [_note(claim.key, "conflicting", stated, sentence) for claim, stated in found.conflicts]
    notes += [_note(claim.key, "ambiguous", stated, sentence) for claim, stated in found.ambiguous]
    notes += [CriticalNote(claim.key, "absent") for claim in found.absent]
    return tuple(notes)


def _note(key: str, status: CriticalStatus, stated: Token, sentence: AnalyzedSentence) -> CriticalNote:
    begin, finish = sentence.norm.original_span(stated.start, stated.end)
    at = sentence.start
    return CriticalNote(key, status, sentence.original(stated), at + begin, at + finish)


def _result(fact: AnswerFact, best: Judgement, support: float, lower: float) -> FactMatch:
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
        critical_notes(best),
        best.rule,
    )
