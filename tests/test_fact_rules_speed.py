"""The sentence rules' faster steps give what the definitions they replace gave: each old
definition is kept here and compared with the package on readings of real-shaped answers and
facts (DuReader and MuSiQue sentences) and on generated ones."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_eval.match import names
from evidence_eval.match.align import align_arrays, assess
from evidence_eval.match.claims import claim_for
from evidence_eval.match.reading import Reading
from evidence_eval.match.sentences import AnalyzedSentence, analyze_answer
from evidence_eval.models import AnswerFact
from evidence_eval.text.segment import segmenter_for
from evidence_eval.text.tokens import Token

ANSWERS = {
    "zh": [
        "南京路上的张伟不是北京大学的学生，他在北京师范大学读书。张伟在北京大学工作了15年。",
        "小米14 Ultra的售价为5999元，小米14为3999元。《劳动合同法实施条例》不同于《劳动合同法》。",
        "深圳市的华为公司由任正非创立，任正非之子也在华为工作。苏州工业园区位于苏州。",
        "维修申请须在15个工作日内作出审核决定，按月或按季支付，手续费和押金分别为50元和500元。",
        "与伤口愈合有关的微量元素有铜和锌,维生素类有维生素a、维生素c和维生素e等。",
    ],
    "en": [
        "West Virginia is not Virginia. The iPhone 15 Pro costs more than the iPhone 15.",
        "The son of George Jenkins founded Publix in 1930. Publix was founded by George Jenkins.",
        "New York City is in New York. President Barack Obama was not born in Kenya.",
        "GPT-4o is newer than GPT-4. Former actor Ronald Reagan was the 40th president.",
        "Tickets can be bought online or at the box office, only on weekends, for less than 20 dollars.",
    ],
}
FACTS = {
    "zh": [
        "张伟在北京大学工作",
        "小米14的售价为5999元",
        "劳动合同法",
        "任正非创立华为",
        "苏州",
        "南京",
        "按月支付",
    ],
    "en": [
        "Virginia",
        "The iPhone 15 costs more",
        "George Jenkins founded Publix in 1930",
        "Barack Obama was born in Kenya",
        "GPT-4 is newer",
        "Tickets can be bought online",
        "Reagan was the 40th president",
    ],
}


def _readings(language: str, answers: list[str], facts: list[str]) -> Iterator[Reading]:
    segmenter = segmenter_for(language)
    for answer in answers:
        sentences = analyze_answer(answer, segmenter)
        for text in facts:
            claim = claim_for(text, language, None)
            fact = AnswerFact(id="f", text=text)
            for sentence, alignment in zip(
                sentences, align_arrays(claim.tokens, [s.arrays for s in sentences])
            ):
                found = assess(claim.tokens, sentence.tokens, chinese=sentence.chinese, alignment=alignment)
                yield Reading(fact, claim, sentence, found, 80.0)


def _longer_word_definition(named: list[Token], sentence: AnalyzedSentence, matched: set[int]) -> str | None:
    text = sentence.norm.text
    for stated in named:
        for start, end in sentence.words:
            if start <= stated.start < end and any(i not in matched for i in range(start, end)):
                if not names._same_entity_suffix(sentence, start, end, matched):
                    return text[start:end]
    return None


def _longer_by_neighbour_definition(
    named: list[Token], sentence: AnalyzedSentence, matched: set[int]
) -> str | None:
    text, tokens = sentence.norm.text, sentence.tokens
    position = {token.start: index for index, token in enumerate(tokens)}
    for stated in named:
        index = position[stated.start] + 1
        while index < len(tokens) and tokens[index].start in matched:
            index += 1
        if index < len(tokens) and names._extends(sentence, tokens[index - 1], tokens[index]):
            return text[stated.start : tokens[index].end]
        index = position[stated.start] - 1
        while index >= 0 and tokens[index].start in matched:
            index -= 1
        if (
            index >= 0
            and tokens[index + 1] is stated
            and names._extends_before(sentence, tokens[index], stated)
        ):
            return text[tokens[index].start : stated.end]
    return None


def _compare(reading: Reading, named: list[Token], matched: set[int]) -> None:
    sentence = reading.sentence
    assert names._longer_by_neighbour(named, sentence, matched) == _longer_by_neighbour_definition(
        named, sentence, matched
    )
    if sentence.chinese:
        assert names._longer_word(named, sentence, matched) == _longer_word_definition(
            named, sentence, matched
        )


def _matched(reading: Reading) -> set[int]:
    return {i for _, stated in reading.found.matched_tokens for i in range(stated.start, stated.end)}


@pytest.mark.parametrize("language", ["zh", "en"])
def test_longer_names_as_defined(language: str) -> None:
    seen = 0
    for reading in _readings(language, ANSWERS[language], FACTS[language]):
        matched = _matched(reading)
        stated = [s for _, s in reading.found.matched_tokens]
        _compare(reading, [s for c, s in reading.found.matched_tokens if c.category == "name"], matched)
        _compare(reading, stated, matched)  # every matched token read as a name: more walks
        _compare(reading, list(reading.sentence.tokens), matched)
        seen += bool(names._longer_by_neighbour(list(reading.sentence.tokens), reading.sentence, matched))
    assert seen  # some reading names a longer name


@pytest.mark.parametrize("language", ["zh", "en"])
def test_words_come_in_order_apart(language: str) -> None:
    """What `_longer_word`'s search by the words' starts assumes of jieba's cut."""
    for answer in ANSWERS[language]:
        for sentence in analyze_answer(answer, segmenter_for(language)):
            words = sentence.words
            assert all(one[1] <= other[0] for one, other in zip(words, words[1:]))
            assert sentence.word_starts == sorted(sentence.word_starts)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_any_matched_characters(data: st.DataObject) -> None:
    language = data.draw(st.sampled_from(["zh", "en"]))
    readings = list(_readings(language, ANSWERS[language][:2], FACTS[language][:2]))
    reading = data.draw(st.sampled_from(readings))
    text = reading.text
    matched = set(data.draw(st.lists(st.integers(0, max(0, len(text) - 1)), max_size=len(text))))
    tokens = list(reading.sentence.tokens)
    named = data.draw(st.lists(st.sampled_from(tokens), max_size=4)) if tokens else []
    _compare(reading, named, matched)


def _word_for_word(language: str) -> Iterator[tuple[list[Token], list[Token]]]:
    """(claim tokens, sentence tokens) of each answer sentence read as a fact: every pair of
    their alignment a match (the common case of a fact copied from the answer)."""
    segmenter = segmenter_for(language)
    for answer in ANSWERS[language]:
        for sentence in analyze_answer(answer, segmenter):
            claim = claim_for(sentence.text, language, None)
            yield list(claim.tokens), list(sentence.tokens)


@pytest.mark.parametrize("language", ["zh", "en"])
def test_all_matched_assessment_as_tallied(language: str) -> None:
    from evidence_eval.match.align import _all_matched, _tallied, align

    seen = 0
    for claim, text in _word_for_word(language):
        for stretch in (claim, claim[1:], claim[:-1]):
            alignment = align(stretch, text)
            chinese = language == "zh"
            if all(pair.kind == "match" for pair in alignment.pairs):
                seen += 1
                assert _all_matched(stretch, text, alignment, chinese) == _tallied(
                    stretch, text, alignment, chinese
                )
            assert assess(stretch, text, chinese=chinese, alignment=alignment) == _tallied(
                stretch, text, alignment, chinese
            )
    assert seen
