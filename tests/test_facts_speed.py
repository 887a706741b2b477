"""The answer-fact path's speed changes give what the definitions they replace gave: each old
definition is kept here and checked against the package on real-shaped texts (DuReader and
MuSiQue answer sentences and facts) and on generated ones."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_eval.match.align import KeyIds, TextArrays, align, align_arrays
from evidence_eval.match.answer_rules import _joined
from evidence_eval.match.claims import Claim, claim_for
from evidence_eval.match.sentences import analyze_answer, analyze_sentence
from evidence_eval.match.units import (
    _bigrams,
    _digits,
    _han_bigrams,
    _phrase_pattern,
    _phrases_held,
    _same_words,
    _word_forms,
    sentence_forms,
)
from evidence_eval.text.normalize import normalize_cached
from evidence_eval.text.segment import segmenter_for
from evidence_eval.text.tokens import Token, tokenize

ZH_SENTENCES = [
    "与伤口愈合有关的微量元素有铜和锌,维生素类有维生素a、维生素c和维生素e等。",
    "对本经验有不同意见的请留言本人非常乐意与读者交流。",
    "食材 糯米 600g 猪肉 500g 酱油 适量 盐 适量 制作时间:2小时以上 步骤 1 糯米淘净,用水浸泡24小时备用。",
    "在网上买的车票，很方便也不贵（50大洋）。",
    "你是13号来的月经,排卵期大概在30号左右,所以你房事不在排卵期。",
    "把鲜肉切成1厘米见方的块,用生抽、老抽、盐拌匀腌制至少20分钟备用。",
    "参与碳水化合物、蛋白质、核酸和脂肪的代谢可提高肌体对蛋白质的利用率,促进生长发育。",
    "★办理贷款的客户,房东应在查档当天录入房源) 2. ",
    "6.打开网页速度慢解决方案金山毒霸的系统清理中痕迹清理功能，可以解决打开网页速度慢的问题。",
    "4、接着出现提示，是否需要连接人工服务，选择进行转接。",
    "建议你到妇幼保健院定期产前检查，以便保证胎儿的正常。",
    "中华人民共和国劳动合同法不适用于美国公司，资料中没有提到是否可以退款。",
    "南京路上的张伟不是北京大学的学生，他在北京师范大学读书。",
    "维修申请须在15个工作日内作出审核决定，不予受理的书面告知申请人。",
]
EN_SENTENCES = [
    "In the hills there is sparse snowfall.",
    "The Barclays Center in Brooklyn is home to the Brooklyn Nets NBA basketball team.",
    'mandarinia" since 1997.',
    "Vastu Shastras incorporate traditional Hindu and in some cases Buddhist beliefs.",
    "The Gurkhas, a martial tribe, came to power in Nepal in the year 1768.",
    "Greece's rail network is estimated to be at 2,548 km.",
    "Established in 1845, its first bishop was John Medley, who served until 1892.",
    "The United States and the U.S. Army were not involved in the killings.",
    "Whether the fee is refundable is not stated, but the death of Owens' daughter was reported.",
    "He criticised the executioner's 27-year-old colleague over-interpreting the rules.",
    "Meanwhile, each firm aggressively increases production by about 15% every 2 weeks.",
    "April 21, 1649.",
    "The context does not say whether Publix operates stores in North Carolina.",
    "It wasn't the first time: McHenry, 28, was suspended for a week in 2009.",
]
ZH_FACTS = [
    "强大的范围技能可以造成连续伤害，并且召唤出噬魂者的 BUFF 型召唤兽“魂”后可以增加队友整体攻击伤害。",
    "春晚小品《真情永驻》最后响起的歌曲是什么?",
    "但也有一部分甲骨文刻辞与同时期的金文是很相像的,其结构体势、笔划粗细与同时期的金文大致相同。",
    "用itools应用里的爱奇艺文件共享,找到视频导出到电脑就行。",
    "张伟在北京大学工作了15年。",
]
EN_FACTS = [
    "The Gurkhas, a martial tribe, came to power in Nepal in the year 1768.",
    "Greece's rail network is estimated to be at 2,548 km.",
    "Established in 1845, its first bishop was John Medley, who serve",
    "located in Tustin, California.",
    "Publix was founded in 1930 by George Jenkins.",
    "Barack Obama was not born in Kenya.",
]
SENTENCES = [("zh", text) for text in ZH_SENTENCES] + [("en", text) for text in EN_SENTENCES]
FACTS = [("zh", text) for text in ZH_FACTS] + [("en", text) for text in EN_FACTS]

_HAN_RE = re.compile(r"[\u4e00-\u9fff]")


def han_bigrams_definition(text: str) -> set[str]:
    """The bigrams of `text` both of whose characters are Han, pair by pair (the old code)."""
    return {pair for pair in _bigrams(text) if _HAN_RE.match(pair[0]) and _HAN_RE.match(pair[1])}


def sentence_forms_definition(sentence: str, language: str) -> frozenset[str]:
    """`units.sentence_forms` as it was: every token's word forms looked up, Chinese too; the
    Han bigrams pair by pair; row same_word's phrases searched as they are written."""
    text = normalize_cached(sentence).text
    forms: set[str] = set()
    for token in tokenize(sentence, language):
        forms.add(token.key)
        if token.stem:
            forms.add(token.stem)
        written = text[token.start : token.end]
        if token.category.startswith("value"):
            forms |= _digits(written)
        forms |= _word_forms.__wrapped__(written, language)
    if language.startswith("zh"):
        forms |= han_bigrams_definition(text)
    forms |= phrases_held_definition(text, forms, language)
    return frozenset(forms)


def phrases_held_definition(text: str, forms: set[str], language: str) -> set[str]:
    """`units._phrases_held` as it was: every entry of row same_word tried in turn, a phrase by
    its whole-word regex alone, each partner's forms looked up at each find."""
    chinese = language.startswith("zh")
    held: set[str] = set()
    for said, partners in _same_words(language).items():
        if chinese:
            if said not in text:
                continue
        elif " " in said:
            if not _phrase_pattern(said).search(text):
                continue
        elif said not in forms:
            continue
        for partner in partners:
            held |= _bigrams(partner) if chinese else _word_forms(partner, language) | {partner}
    return held


def named_keys_definition(claim: Claim) -> set[str]:
    """`answer_rules._named`'s keys, worked out at each read (the old code)."""
    norm = normalize_cached(claim.surface)
    capitalised = [
        t for t in claim.tokens if t.weight and norm.source[norm.original_span(t.start, t.end)[0]].isupper()
    ]
    named = [t for t in claim.tokens if t.category == "name"] + capitalised
    return {key for t in named for key in (t.key, t.stem) if key}


@pytest.mark.parametrize(("language", "text"), SENTENCES)
def test_sentence_forms_as_defined(language: str, text: str) -> None:
    assert sentence_forms.__wrapped__(text, language) == sentence_forms_definition(text, language)


@given(st.text(alphabet="中国人民共和美利坚合众联盟ab 1,。、;是否的了", max_size=40))
@settings(max_examples=300, deadline=None)
def test_han_bigrams_as_defined(text: str) -> None:
    assert _han_bigrams(text) == han_bigrams_definition(text)


@given(st.text(alphabet="united states u.s army of the ,.-'", max_size=60))
@settings(max_examples=200, deadline=None)
def test_phrase_patterns_as_searched(text: str) -> None:
    for said in _same_words("en"):
        if " " in said:
            expected = re.search(rf"(?<!\w){re.escape(said)}(?!\w)", text) is not None
            assert (_phrase_pattern(said).search(text) is not None) == expected


@pytest.mark.parametrize(("language", "text"), SENTENCES)
def test_phrases_held_as_defined(language: str, text: str) -> None:
    normalized = normalize_cached(text).text
    forms = set(sentence_forms(text, language))
    assert _phrases_held(normalized, forms, language) == phrases_held_definition(normalized, forms, language)


@given(
    st.text(
        alphabet="united states u.s uk us army kingdom nations eu european union ,.-'中华人民共和国美利坚合众联欧洲盟组织",
        max_size=60,
    ),
    st.sampled_from(["en", "zh"]),
)
@settings(max_examples=300, deadline=None)
def test_phrases_held_as_defined_generated(text: str, language: str) -> None:
    forms = set(text.split()) | {
        word for said in _same_words(language) for word in said.split() if word in text
    }
    assert _phrases_held(text, forms, language) == phrases_held_definition(text, forms, language)


@pytest.mark.parametrize(("language", "text"), FACTS)
def test_named_keys_as_defined(language: str, text: str) -> None:
    claim = claim_for(text, language, None)
    assert claim.named_keys == named_keys_definition(claim)


def _claim_tokens(language: str) -> list[tuple[Token, ...]]:
    return [claim_for(text, language, None).tokens for lang, text in FACTS if lang == language] + [
        claim_for(text, language, None).tokens for lang, text in SENTENCES if lang == language
    ]


@pytest.mark.parametrize("language", ["zh", "en"])
def test_alignment_over_a_sentences_arrays_is_align(language: str) -> None:
    """`facts.judge` aligns a sentence judged without an alignment over its own arrays (its
    answer's key ids): the alignment `align` makes with fresh ones."""
    answer = analyze_answer(
        " ".join(text for lang, text in SENTENCES if lang == language), segmenter_for(language)
    )
    for claim in _claim_tokens(language):
        for sentence in answer:
            assert align_arrays(claim, [sentence.arrays])[0] == align(claim, sentence.tokens)
            assert align_arrays(claim, [TextArrays(sentence.tokens, KeyIds())])[0] == align(
                claim, sentence.tokens
            )


@pytest.mark.parametrize("language", ["zh", "en"])
def test_joined_pair_analysed_once_as_before(language: str) -> None:
    """Two sentences read as one are analysed once per answer, as `across_sentences` made them."""
    answer = analyze_answer(
        " ".join(text for lang, text in SENTENCES if lang == language), segmenter_for(language)
    )
    for index in range(len(answer) - 1):
        first, second = answer[index], answer[index + 1]
        gap = " " * (second.start - first.end)
        made = analyze_sentence(first.start, first.text + gap + second.text, language)
        joined = _joined(answer, index, language)
        assert joined is _joined(answer, index, language)
        assert (joined.start, joined.end, joined.text, joined.tokens, joined.keys) == (
            made.start,
            made.end,
            made.text,
            made.tokens,
            made.keys,
        )
        assert (joined.question, joined.correction) == (made.question, made.correction)


@pytest.mark.parametrize(("language", "text"), SENTENCES)
def test_sentence_words_and_negating(language: str, text: str) -> None:
    sentence = analyze_sentence(0, text, language)
    assert sentence.words == segmenter_for(language).words(sentence.norm.text)
    assert sentence.negating == any(t.negates for t in sentence.tokens)
