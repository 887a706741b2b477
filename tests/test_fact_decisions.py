"""The sentence rules' decisions kept per (claim, sentence text) (`facts.decisions`) give what
judging every alignment afresh gives: the same verdicts, reasons, scores, regions and rule
trails, for sentences met again in other answers, at other places and after other sentences."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_eval.match.facts import decisions, match_fact
from evidence_eval.match.sentences import analyze_answer
from evidence_eval.models import AnswerFact
from evidence_eval.text.segment import segmenter_for

ZH_SENTENCES = [
    "与伤口愈合有关的微量元素有铜和锌,维生素类有维生素a、维生素c和维生素e等。",
    "在网上买的车票，很方便也不贵（50大洋）。",
    "你是13号来的月经,排卵期大概在30号左右,所以你房事不在排卵期。",
    "把鲜肉切成1厘米见方的块,用生抽、老抽、盐拌匀腌制至少20分钟备用。",
    "建议你到妇幼保健院定期产前检查，以便保证胎儿的正常。",
    "中华人民共和国劳动合同法不适用于美国公司，资料中没有提到是否可以退款。",
    "南京路上的张伟不是北京大学的学生，他在北京师范大学读书。",
    "维修申请须在15个工作日内作出审核决定，不予受理的书面告知申请人。",
    "张伟在北京大学工作了15年。",
    "维修申请须在十个工作日内提交。",
    "据说手续费和押金分别为50元和500元。",
    "这一说法不对。",
]
EN_SENTENCES = [
    "The Gurkhas, a martial tribe, came to power in Nepal in the year 1768.",
    "Greece's rail network is estimated to be at 2,548 km.",
    "Established in 1845, its first bishop was John Medley, who served until 1892.",
    "The context does not say whether Publix operates stores in North Carolina.",
    "It wasn't the first time: McHenry, 28, was suspended for a week in 2009.",
    "Publix was founded in 1930 by George Jenkins.",
    "Publix was founded in 1932 by George Jenkins.",
    "That is false.",
    "Barack Obama was not born in Kenya.",
    "He was born in Hawaii.",
    "Greece's rail network is reportedly 2,548 km long.",
]
ZH_FACTS = [
    "张伟在北京大学工作了15年。",
    "维修申请须在15个工作日内提交。",
    "手续费为50元。",
    "南京的张伟是北京大学的学生。",
    "微量元素有铜和锌。",
    "把鲜肉切成1厘米见方的块,用生抽、老抽、盐拌匀腌制至少20分钟备用。",
]
EN_FACTS = [
    "The Gurkhas came to power in Nepal in 1768.",
    "Greece's rail network is estimated to be at 2,548 km.",
    "Publix was founded in 1930 by George Jenkins.",
    "Barack Obama was born in Kenya.",
    "John Medley served until 1892.",
    "Publix operates stores in North Carolina.",
]
SENTENCES = {"zh": ZH_SENTENCES, "en": EN_SENTENCES}
FACTS = {"zh": ZH_FACTS, "en": EN_FACTS}
JOINERS = {"zh": "", "en": " "}


def _facts(language: str) -> list[AnswerFact]:
    """The facts, each also negated, and each answer sentence as a fact (the realistic case: a
    fact that is a sentence of the answer)."""
    texts = FACTS[language] + SENTENCES[language][::3]
    return [
        AnswerFact(id=f"f{i}-{polarity}", text=text, polarity=polarity)
        for i, text in enumerate(texts)
        for polarity in ("affirmed", "negated")
    ]


def _matches(language: str, answers: list[str], *, fresh: bool, upper: float = 80.0) -> list[object]:
    segmenter = segmenter_for(language)
    found: list[object] = []
    for answer in answers:
        sentences = analyze_answer(answer, segmenter)
        for fact in _facts(language):
            if fresh:  # the definition: every alignment judged afresh
                decisions.cache_clear()
            found.append(match_fact(fact, sentences, segmenter, lower=50.0, upper=upper))
    return found


def _answers(language: str, orders: list[list[int]]) -> list[str]:
    pool = SENTENCES[language]
    return [JOINERS[language].join(pool[i % len(pool)] for i in order) for order in orders]


ORDERS = [[0, 1, 2, 3], [3, 2, 1, 0], [8, 9, 10, 11], [6, 7, 8], [5, 4, 9, 10, 11], [1, 8, 7, 10]]


@pytest.mark.parametrize("language", ["zh", "en"])
@pytest.mark.parametrize("upper", [80.0, 60.0])
def test_kept_decisions_give_fresh_judgements(language: str, upper: float) -> None:
    answers = _answers(language, ORDERS)
    decisions.cache_clear()
    kept = _matches(language, answers, fresh=False, upper=upper)
    assert decisions.cache_info().hits > 0
    assert kept == _matches(language, answers, fresh=True, upper=upper)


def test_upper_and_polarity_are_part_of_the_key() -> None:
    answers = _answers("zh", ORDERS[:2])
    decisions.cache_clear()
    mixed = _matches("zh", answers, fresh=False, upper=80.0) + _matches(
        "zh", answers, fresh=False, upper=30.0
    )
    fresh = _matches("zh", answers, fresh=True, upper=80.0) + _matches("zh", answers, fresh=True, upper=30.0)
    assert mixed == fresh


def test_bounded() -> None:
    decisions.cache_clear()
    bound = decisions.maxsize
    decisions.maxsize = 3
    try:
        _matches("en", _answers("en", ORDERS), fresh=False)
        assert decisions.cache_info().currsize == 3
    finally:
        decisions.maxsize = bound
        decisions.cache_clear()


@settings(max_examples=15, deadline=None)
@given(
    st.sampled_from(["zh", "en"]),
    st.lists(st.lists(st.integers(0, 20), min_size=1, max_size=6), min_size=2, max_size=4),
)
def test_any_answers(language: str, orders: list[list[int]]) -> None:
    answers = _answers(language, orders)
    decisions.cache_clear()
    assert _matches(language, answers, fresh=False) == _matches(language, answers, fresh=True)
