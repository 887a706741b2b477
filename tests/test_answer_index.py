"""What every fact reads of a whole answer, counted once per answer.

A long answer (`LONG_ANSWER` sentences or more) has its candidate sentences, their shares, the
sentences worth aligning and the adjacent pairs holding a claim's words counted over its key
postings with NumPy; a short one sentence by sentence. Both must give the same indexes, the
same floats and the same order, on answers shaped like real ones (values, names, stems,
critical categories, repeated words, short value-only facts) in English and Chinese.
"""

from __future__ import annotations

import random

import pytest

from evidence_eval.match import claims as C
from evidence_eval.match import sentences as S
from evidence_eval.match.claims import (
    candidate_sentences,
    claim_for,
    expected_value,
    pairs_holding,
    sentences_worth_aligning,
)
from evidence_eval.match.facts import analyze_answer, match_fact
from evidence_eval.models import AnswerFact
from evidence_eval.text.segment import segmenter_for

SENTENCES = {
    "en": [
        "Publix was founded in 1930 by George Jenkins in Winter Haven, Florida.",
        "The warranty covers repairs for 24 months from the date of purchase.",
        "Refunds are issued within 30 days, except for opened software.",
        "It was founded as a small grocery store and now employs 250,000 people.",
        "Founded in 1930, the company is owned by its employees.",
        "The fee is $50 per month and may rise to $75 after the first year.",
        "Customers must not ship batteries by air.",
        "Jenkins founded the chain after visiting a supermarket in Atlanta.",
        "The store opens at 9 am and closes at 10 pm every day.",
        "Returns without a receipt are not accepted.",
    ],
    "zh": [
        "管理机构应当自受理申请之日起十五个工作日内作出审核决定。",
        "需要现场查勘的，查勘时间不计入办理时限。",
        "维修资金由业主共同所有，专款专用。",
        "申请材料不齐全的，应当一次性告知需要补正的全部内容。",
        "其审核结果应当书面告知申请人。",
        "保修期内的损坏由施工单位负责维修，费用为50元。",
        "李明于2020年3月1日提交了申请。",
        "超过保修期的产品以及人为损坏的故障不予受理。",
    ],
}
FACTS = {
    "en": [
        AnswerFact(id="a", text="Publix was founded in 1930"),
        AnswerFact(id="b", text="The warranty covers repairs for 24 months"),
        AnswerFact(id="c", text="Refunds are issued within 30 days"),
        AnswerFact(id="d", text="the fee is $50 per month"),
        AnswerFact(id="e", text="250,000 people"),
        AnswerFact(id="f", text="founding year", value="1930"),
        AnswerFact(id="g", text="George Jenkins founded Publix in Winter Haven"),
        AnswerFact(id="h", text="batteries may not be shipped by air", aliases=["no batteries by air"]),
    ],
    "zh": [
        AnswerFact(id="a", text="管理机构应当在十五个工作日内作出审核决定"),
        AnswerFact(id="b", text="查勘时间不计入办理时限"),
        AnswerFact(id="c", text="维修资金专款专用"),
        AnswerFact(id="d", text="50元"),
        AnswerFact(id="e", text="李明提交了申请", aliases=["李明的申请"]),
        AnswerFact(id="f", text="人为损坏不予受理"),
    ],
}


def _answer(language: str, count: int, seed: int) -> str:
    rng = random.Random(seed)
    pool = SENTENCES[language]
    return ("" if language == "zh" else " ").join(rng.choice(pool) for _ in range(count))


def _by_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(C, "LONG_ANSWER", 10**9)
    monkeypatch.setattr(S, "LONG_ANSWER", 10**9)


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("seed", [1, 2])
def test_counted_shares_equal_the_per_sentence_ones(language, seed, monkeypatch):
    segmenter = segmenter_for(language)
    answer = analyze_answer(_answer(language, 3 * S.LONG_ANSWER, seed), segmenter)
    assert len(answer) >= S.LONG_ANSWER
    for fact in FACTS[language]:
        for surface in (fact.text, *fact.aliases):
            claim = claim_for(surface, language, expected_value(fact))
            counted = candidate_sentences(claim, answer)
            worth = sentences_worth_aligning(claim, answer, counted)
            with monkeypatch.context() as patched:
                _by_sentence(patched)
                listed = candidate_sentences(claim, answer)
                assert isinstance(listed.shares, list)
                assert [int(i) for i in counted.indexes] == listed.indexes
                assert [float(share) for share in counted.shares] == listed.shares
                assert counted.nearest() == listed.nearest()
                assert worth == sentences_worth_aligning(claim, answer, listed)
                assert worth  # every fact is stated somewhere in these answers


@pytest.mark.parametrize("language", ["en", "zh"])
def test_pairs_over_postings_equal_the_per_sentence_pairs(language, monkeypatch):
    segmenter = segmenter_for(language)
    answer = analyze_answer(_answer(language, 2 * S.LONG_ANSWER, 3), segmenter)
    for fact in FACTS[language]:
        claims = [claim_for(s, language, expected_value(fact)) for s in (fact.text, *fact.aliases)]
        units = [[(key,) for key in c.keys_split[0]] + list(c.keys_split[1]) for c in claims]
        counted = sorted({i for claim_units in units for i in answer.pairs_holding(claim_units)})
        assert counted == pairs_holding(claims, answer)
        with monkeypatch.context() as patched:
            _by_sentence(patched)
            assert sorted({i for claim_units in units for i in answer.pairs_holding(claim_units)}) == counted


def test_plainly_readable_sentences_are_those_with_a_pronoun_or_participle_phrase():
    answer = analyze_answer(
        "Publix was founded in 1930. It is owned by its employees. Founded by George Jenkins, "
        "Publix is based in Florida. The chain has 1,300 stores.",
        segmenter_for("en"),
    )
    assert answer.plainly_readable == (1, 2)
    assert [m.group("pro") for m in answer[1].pronouns] == ["It"]
    assert answer[2].participle is not None and answer[0].participle is None
    chinese = analyze_answer("李明提交了申请。其审核结果应当书面告知。", segmenter_for("zh"))
    assert chinese.plainly_readable == (1,)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_long_answer_gives_every_fact_the_verdict_a_short_path_gives(language, monkeypatch):
    segmenter = segmenter_for(language)
    text = _answer(language, S.LONG_ANSWER + 5, 4)
    answer = analyze_answer(text, segmenter)
    counted = [match_fact(f, answer, segmenter, lower=70, upper=90) for f in FACTS[language]]
    with monkeypatch.context() as patched:
        _by_sentence(patched)
        fresh = analyze_answer(text, segmenter)
        assert [match_fact(f, fresh, segmenter, lower=70, upper=90) for f in FACTS[language]] == counted


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_sentences_clauses_hold_its_tokens_and_key_counts(language):
    from collections import Counter

    from evidence_eval.text.cues import clauses

    for text in SENTENCES[language]:
        sentence = analyze_answer(text, segmenter_for(language))[0]
        assert [(c.lo, c.hi) for c in sentence.clauses] == clauses(sentence.norm.text)
        for clause in sentence.clauses:
            inside = [t for t in sentence.tokens if clause.lo <= t.start and t.end <= clause.hi]
            assert list(clause.tokens) == inside
            assert clause.keys == Counter(k for t in inside for k in {t.key, t.stem} if k)
    several = analyze_answer(
        "Refunds are issued within 30 days; opened software is not refunded.", segmenter_for("en")
    )
    assert len(several[0].clauses) == 2
