"""`match.required`: a pattern's regex is skipped only where it cannot match. Checked on every
pattern row of the lexicons (real sentences and generated texts made of the row's own
literals), on crafted patterns, and `unasserted` against its definition (every regex run)."""

from __future__ import annotations

import re
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_eval.lang import Lexicon, Pattern, lexicon
from evidence_eval.match.required import may_match, requirement
from evidence_eval.match.unasserted import (
    ASKED,
    UNKNOWN,
    Stretch,
    _question,
    is_question,
    unasserted,
)

SENTENCES = {
    "zh": [
        "资料中没有提到会员费是否可以退款。",
        "中华人民共和国劳动合同法不适用于美国公司，资料中没有提到是否可以退款。",
        "维修期限是否为十五个工作日，文中未说明。",
        "没有找到退款期限的相关信息。",
        "上下文中没有关于退款期限的信息",
        "该事项是否需要前置审批，取决于项目类型。",
        "请向客服确认会员费是否可以退款，但一般不退。",
        "无法从资料中确定是否需要预约。",
        "不清楚是否需要本人到场；办理时间为工作日。",
        "问一下有没有优惠。",
        "审核结果因地区而异，能否办理要看材料。",
        "维修申请须在15个工作日内作出审核决定，不予受理的书面告知申请人。",
        "4、接着出现提示，是否需要连接人工服务，选择进行转接。",
        "建议你到妇幼保健院定期产前检查，以便保证胎儿的正常。",
        "南京路上的张伟不是北京大学的学生，他在北京师范大学读书。",
        "会员费可以退吗?",
        "他说“会员费可以退吗？”",
        "",
    ],
    "en": [
        "The provided context does not say whether Publix operates stores in North Carolina.",
        "It is unclear whether refunds are issued within 15 business days.",
        "You should check with the office whether the registration fee is refundable.",
        "I could not find any information about whether the warranty covers battery replacement.",
        "Whether the fee is refundable is not stated.",
        "Whether the fee is refundable depends on the plan.",
        "The documents do not mention the opening hours.",
        "We cannot confirm if the store is open; it usually is.",
        "There is no information about the deadline.",
        "Officials did not say whether he was armed.",
        "He asked me if the bridge opened in 1937.",
        "The Barclays Center in Brooklyn is home to the Brooklyn Nets NBA basketball team.",
        "In the hills there is sparse snowfall.",
        "Is the fee refundable?",
        'She asked, "is the fee refundable?"',
        "THE CONTEXT DOES NOT SAY WHETHER IT OPENED.",
        "The Kelvin sign \u212a and the long \u017f: the text does not \u017fay whether it opened.",
        "",
    ],
}
_FRAMES = ("unknown_frame", "asking_frame", "unknown_closing", "asking_closing", "frame_ends")


def _unasserted_always(text: str, language: str) -> tuple[Stretch, ...]:
    """The definition: every frame's regex run on every text."""
    lex = lexicon(language)
    found = [*_forward(text, lex), *_closing(text, lex)]
    if is_question(text):
        found.append(_question(text, lex))
    return tuple(sorted(found, key=lambda s: (s.start, s.end)))


def _forward(text: str, lex: Lexicon) -> list[Stretch]:
    ends = lex.pattern("frame_ends")
    found = []
    for name, kind in (("unknown_frame", UNKNOWN), ("asking_frame", ASKED)):
        for match in lex.pattern(name).finditer(text):
            start = match.start("scope") if match.groupdict().get("scope") else match.end()
            end = ends.search(text, match.end())
            found.append(Stretch(start, end.start() if end else len(text), match.group(0), kind))
    return found


def _closing(text: str, lex: Lexicon) -> list[Stretch]:
    found = []
    for name, kind in (("unknown_closing", UNKNOWN), ("asking_closing", ASKED)):
        for match in lex.pattern(name).finditer(text):
            group = next((g for g, value in match.groupdict().items() if value), None)
            if group is not None:
                tail = text[match.end(group) : match.end()].lstrip(" ,")
                frame = f"{text[match.start() : match.start(group)]}…{tail}"
                found.append(Stretch(match.start(group), match.end(group), frame, kind))
    return found


def _pattern_rows(language: str) -> list[str]:
    return sorted({row.name for row in lexicon(language).rows if isinstance(row, Pattern)})


_ROWS = [(language, name) for language in ("zh", "en") for name in _pattern_rows(language)]


@pytest.mark.parametrize("language", ["zh", "en"])
def test_unasserted_as_its_definition(language: str) -> None:
    from evidence_eval.text.normalize import normalize_cached

    for sentence in SENTENCES[language]:
        for text in (sentence, normalize_cached(sentence).text):
            assert unasserted.__wrapped__(text, language) == _unasserted_always(text, language), text


def test_the_frames_are_gated() -> None:
    """The frames' regexes have literals to test first (else the gate would save nothing)."""
    for language in ("zh", "en"):
        for name in _FRAMES[:4]:
            assert requirement(lexicon(language).pattern(name)), (language, name)


@pytest.mark.parametrize(("language", "name"), _ROWS)
def test_every_row_on_real_sentences(language: str, name: str) -> None:
    pattern = lexicon(language).pattern(name)
    for language_of_text in ("zh", "en"):
        for text in SENTENCES[language_of_text]:
            for variant in (text, text.lower(), text.upper()):
                assert pattern.search(variant) is None or may_match(pattern, variant), (name, variant)


def _literals(pattern: re.Pattern[str]) -> list[str]:
    needs = requirement(pattern) or ()
    return sorted({literal for need in needs for literal in need}) or ["a"]


_NOISE = st.text(
    alphabet=st.sampled_from(" ,.;:?!'\"是否不没有未the not whether if 1 2 \u212a\u017f"), max_size=4
)


@cache
def _texts_of(language: str, name: str) -> st.SearchStrategy[str]:
    """Texts made of the row's own literals, their halves, noise and random characters: made
    once per row (the row's regex parsed once), not at each example."""
    literals = _literals(lexicon(language).pattern(name))
    pieces = st.sampled_from(literals + [lit[: len(lit) // 2] for lit in literals if len(lit) > 1])
    return st.lists(st.one_of(pieces, _NOISE, st.text(max_size=3)), max_size=12).map("".join)


@settings(max_examples=25, deadline=None)
@given(data=st.data())
@pytest.mark.parametrize(("language", "name"), _ROWS)
def test_every_row_on_generated_texts(language: str, name: str, data: st.DataObject) -> None:
    """Texts made of the row's own literals, their halves and random characters: wherever the
    regex matches, the gate lets it run."""
    pattern = lexicon(language).pattern(name)
    text = data.draw(_texts_of(language, name))
    for variant in (text, text.upper()):
        assert pattern.search(variant) is None or may_match(pattern, variant)


@pytest.mark.parametrize(
    ("source", "flags", "text", "may"),
    [
        (r"abc", 0, "xxabcxx", True),
        (r"abc", 0, "xxabxx", False),
        (r"(?:does|do) not", 0, "it do not", True),  # the parser factors "do" out of the branch
        (r"(?:does|do) not", 0, "it does", False),
        (r"a(?:b|)c", 0, "ac", True),  # an empty branch: nothing required of the branch
        (r"x?y", 0, "y", True),
        (r"[ab]{2,}z", 0, "bbz", True),
        (r"[ab]+z", 0, "ccz", False),
        (r"[^a]z", 0, "bz", True),
        (r"(?=是否)是否可以", 0, "可以", False),
        (r"(?i:abc)", 0, "ABC", True),  # a group's own flags: nothing required of it
        (r"abc", re.IGNORECASE, "ABC", True),
        (r"kelvin", re.IGNORECASE, "\u212aelvin", True),  # not ASCII: always run
        (r"sure", re.IGNORECASE, "\u017fure", True),
        (r"straße", re.IGNORECASE, "STRASSE", True),  # a pattern not ASCII: always run
        (r"\u017fo", re.IGNORECASE, "so", True),  # an escape that folds to an ASCII letter: always run
        (r"[\u017f]t", re.IGNORECASE, "st", True),
        (r"(?i)\u0131x", 0, "Ix", True),
        (r"abc", re.IGNORECASE, "xyz", False),
        (r"^\W*whether", re.IGNORECASE, "xyz", True),  # anchored: the regex is the cheaper test
        (r"^abc", re.MULTILINE, "xyz", False),
    ],
)
def test_crafted(source: str, flags: int, text: str, may: bool) -> None:
    pattern = re.compile(source, flags)
    assert may_match(pattern, text) is may
    assert pattern.search(text) is None or may
