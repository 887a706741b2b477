"""Answer facts in the answer: `supported` only when everything the fact asserts is stated.

A fact (its text, or one alias) is aligned token by token with each answer sentence worth it
(`align`); the rules of `manifest.FACTS` then judge each alignment (`fact_rules`, first that
speaks decides) and the answer as a whole (`answer_rules`, each may replace the best judgement).
README's rule table lists them, generated from the registry.

Every fact gets a graded `support`: the share of its words and critical tokens stated in the
best clause (or in any order in one sentence of the same polarity), 0 when it is contradicted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..models import AnswerFact
from ..models.statuses import CriticalStatus
from ..text.segment import Segmenter
from ..text.tokens import Token
from .align import Alignment, align_arrays, assess
from .answer_rules import ADDRESSED, ANSWER_RULES, AnswerReading, no_value_of_its_kind
from .claims import (
    Candidates,
    Claim,
    addressed_share,
    candidate_sentences,
    claim_for,
    expected_value,
    sentences_worth_aligning,
)
from .fact_rules import SENTENCE_RULES
from .manifest import FACTS
from .reading import Reading
from .sentences import AnalyzedAnswer, AnalyzedSentence, analyze_answer, answer_of
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
        alignments = align_arrays(claim.tokens, [sentences[index].arrays for index in indexes])
        for index, alignment in zip(indexes, alignments):
            judgements.append(judge(fact, claim, sentences[index], index, upper, alignment))
    if not judgements:
        return _nothing_aligned(fact, sentences, shares)
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
    return _result(fact, answer.best, graded_support(answer), lower)


def graded_support(answer: AnswerReading) -> float:
    """How much of the fact the answer gives, in [0, 1] (`graded.v2`): 1 when it is stated;
    else the share of its words the answer has anywhere, in any sentence (`addressed_share`,
    each word 1), squared: half a fact's words seldom make half a statement of it. A conflict
    zeroes the conflicting part: a contradicted fact keeps the share of its other words (the
    conflicting value is not the answer's); one the answer negates or denies keeps nothing."""
    best = answer.best
    if best.status == FOUND:
        return 1.0
    if best.status != CONTRADICTED:
        return answer.plain_share**2
    conflicting = frozenset(id(claim) for claim, _ in best.assessment.conflicts)
    if not conflicting:
        return 0.0  # negated or denied: the whole statement
    shared = addressed_share(best.claim, answer.answer_keys, answer.text, by_rarity=False, absent=conflicting)
    return shared**2


def _nothing_aligned(
    fact: AnswerFact, sentences: AnalyzedAnswer, shares: list[tuple[Claim, Candidates]]
) -> FactMatch:
    """No sentence shares enough of the fact's words to align: `missing`, unless the answer holds
    `ADDRESSED` of them (by rarity) over its sentences: then `uncertain`, at the sentence that
    holds most."""
    keys, text = sentences.keys, sentences.text
    addressed = max((addressed_share(claim, keys, text) for claim, _ in shares), default=0.0)
    graded = (
        max((addressed_share(claim, keys, text, by_rarity=False) for claim, _ in shares), default=0.0) ** 2
    )
    score, support = round(100 * graded, 2), round(graded, 4)
    if addressed < ADDRESSED or no_value_of_its_kind(shares[0][0], keys):  # as `addressed_in_answer`
        reason = "no sentence of the answer states enough of its words"
        return FactMatch(fact.id, MISSING, score, reason=reason, support=support, rule=NOTHING_ALIGNED)
    nearest_each = (candidates.nearest() for _, candidates in shares)
    _, index = max((near for near in nearest_each if near is not None), default=(0, 0))
    nearest = sentences[-index]
    reason = f"no one sentence states enough of its words, but {addressed:.0%} of them (by rarity) are there"
    return FactMatch(
        fact.id, UNCERTAIN, score, "align", -index, nearest.start, nearest.end,
        fact.text, reason + ": check the wording", support, (), "addressed_in_answer",
    )  # fmt: skip


def replace_rule(judgement: Judgement, name: str) -> Judgement:
    """The judgement an answer rule gave, its `rule` the trail that led to it: the sentence
    rule, then the answer rule ("wording_beyond_budget > addressed_in_answer")."""
    return replace(judgement, rule=f"{judgement.rule} > {name}")


def judge(
    fact: AnswerFact,
    claim: Claim,
    sentence: AnalyzedSentence,
    index: int,
    upper: float,
    alignment: Alignment | None = None,
) -> Judgement:
    """The first rule of `manifest.FACTS`' sentence stage that says something decides."""
    found = assess(claim.tokens, sentence.tokens, chinese=sentence.chinese, alignment=alignment)
    reading = Reading(fact, claim, sentence, found, upper)
    for check, name in _SENTENCE_CHECKS:
        finding = check(reading)
        if finding is not None:
            return _judgement(reading, index, finding, name)
    return _judgement(reading, index, _STATED, STATED)


_SENTENCE_CHECKS = tuple((rule.check, rule.name) for rule in _SENTENCE)
_STATED = Finding(FOUND, None)


def _judgement(r: Reading, index: int, finding: Finding, rule: str) -> Judgement:
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
    sentence = r.sentence
    return Judgement(
        finding.status, finding.reason, support, index, sentence, found, r.claim, region, restates, rule,
        sentence,
    )  # fmt: skip


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
