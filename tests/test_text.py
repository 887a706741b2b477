"""Normaliser, typed values and negation cues."""

from __future__ import annotations

import datetime as dt
import re
import subprocess
import sys
import unicodedata

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from evidence_eval.text.normalize import (
    _MARKER_FORMS,
    _MARKERS,
    _PUNCTUATION_FOLD,
    _TABLE,
    LINE_BREAKS,
    _is_glue,
    _unmarked,
    normalize,
)
from evidence_eval.text.tokens import polarity_of, tokenize
from evidence_eval.text.values import find_values, parse_value
from tests.drawn import HARD, hard_texts, markup_texts


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("申请\n材料：身份证、房产证", "申请材料:身份证,房产证"),
        ("１５个工作日", "15个工作日"),
        ("Proof  of\r\nPURCHASE", "proof of purchase"),
        ("材料；证明", "材料;证明"),
        ("“房产证”", '"房产证"'),
        ("材料 ， 证明", "材料,证明"),
    ],
)
def test_variants_normalise_alike(a, b):
    assert normalize(a).text == normalize(b).text


TRADITIONAL = "維修資金使用申請書須於十五個工作日內提交"
SIMPLIFIED = "维修资金使用申请书须于十五个工作日内提交"


def test_traditional_chinese_folds_to_simplified_one_character_for_one():
    norm = normalize(TRADITIONAL)
    assert norm.text == SIMPLIFIED
    assert list(norm.origin) == list(range(len(TRADITIONAL) + 1))


def test_a_simplified_phrase_maps_back_to_the_traditional_text_across_line_breaks():
    text = "業主大會決定：\n維修資金使用申請書\n須於１５個工作日內提交。"
    norm = normalize(text)
    phrase = "申请书须于15个工作日"
    start = norm.text.index(phrase)
    begin, end = norm.original_span(start, start + len(phrase))
    assert text[begin:end] == "申請書\n須於１５個工作日"


# Traditional characters and their Simplified forms, position for position (薴 -> 苧 -> 苎 is
# a chain: the fold goes to its end), with separators and characters that NFKC expands.
_PAIRS = [("維", "维"), ("資", "资"), ("於", "于"), ("個", "个"), ("內", "内"), ("乾", "干"), ("薴", "苎")]
_PAIRS += [(c, c) for c in [" ", "\n", "，", "、", "a", "B", "①", "ﬁ", "１", "申", "请"]]


@given(st.lists(st.sampled_from(_PAIRS), max_size=30))
def test_traditional_and_simplified_normalise_alike_with_offsets_one_for_one(pairs):
    traditional = "".join(t for t, _ in pairs)
    simplified = "".join(s for _, s in pairs)
    norm = normalize(traditional)
    assert norm.text == normalize(simplified).text
    assert list(norm.origin) == list(normalize(simplified).origin)
    assert normalize(norm.text).text == norm.text
    for index, char in enumerate(norm.text):
        begin, end = norm.original_span(index, index + 1)
        assert char == " " or char in normalize(traditional[begin:end]).text


def test_english_text_is_unchanged_and_never_loads_opencc():
    script = (
        "import sys\n"
        "from evidence_eval.text.normalize import normalize\n"
        "print(normalize('Proof  of\\r\\nPURCHASE within １５ days — see “Form B”').text)\n"
        "print('opencc' in sys.modules)\n"
        f"print(normalize({TRADITIONAL!r}).text, 'opencc' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ['proof of purchase within 15 days-see"form b"', "False", f"{SIMPLIFIED} True"]


@settings(deadline=None)  # the first text with a character of planes 3-16 compiles their class (~0.1 s)
@given(st.one_of(st.text(), hard_texts()))
def test_offsets_map_back_into_the_original(text):
    norm = normalize(text)
    assert len(norm.origin) == len(norm.text) + 1
    assert list(norm.origin) == sorted(norm.origin)
    assert all(0 <= o <= len(text) for o in norm.origin)
    for start in range(len(norm.text)):
        begin, end = norm.original_span(start, start + 1)
        assert normalize(text[begin:end]).text.strip() in norm.text


# Whitespace of every kind beside letters, CJK, punctuation and characters that NFKC expands.
_SPACEY = st.text(
    alphabet=" \t\n\r\x1c\x85\u2029\u200a\u3000\u00a0\u2028ab申请,，.。、;“”…¨ﾃ①ﬁ-—x", max_size=40
)


def _normalize_char_by_char(text):
    """The rule of `nfkc-fold.v5` written out one whitespace run at a time: the oracle for
    the whole-string text and the vectorised origin map."""
    parts = [_TABLE[ord(char)] for char in _unmarked(text)]
    folded, base = "".join(parts), [index for index, part in enumerate(parts) for _ in part]
    chars, origin, cursor = [], [], 0
    for match in re.finditer(r"\s+", folded):
        start, end = match.span()
        chars.append(folded[cursor:start])
        origin.extend(base[cursor:start])
        if 0 < start and end < len(folded) and not (_is_glue(folded[start - 1]) or _is_glue(folded[end])):
            chars.append(" ")
            origin.append(base[start])
        cursor = end
    chars.append(folded[cursor:])
    origin.extend(base[cursor:])
    return "".join(chars), [*origin, len(text)]


@settings(max_examples=500)
@given(st.one_of(st.text(), _SPACEY, hard_texts()))
def test_normaliser_agrees_with_the_rule_written_out(text):
    norm = normalize(text)
    assert (norm.text, list(norm.origin)) == _normalize_char_by_char(text)


@example("+\r<")  # v3: "+ <", then "<"
@example("＋ x")  # v3: "+ x", then "x"
@example("* * x")  # bullets in a row (v3: "*x", the second glued to the word)
@given(st.one_of(st.text(), markup_texts(), hard_texts()))
def test_normalising_twice_changes_nothing(text):
    once = normalize(text).text
    assert normalize(once).text == once


@pytest.mark.parametrize(
    ("text", "normalised"),
    [
        ("＋ 押金另计", "押金另计"),  # a full-width plus is the bullet "+"
        ("＋押金另计", "+押金另计"),  # no whitespace after it: a sign, no bullet
        ("材料：\n－ 身份证\n－ 房产证", "材料:身份证房产证"),
        ("– no pets", "no pets"),  # an en dash is the bullet "-"
        ("—no pets", "-no pets"),
        ("\u3000• 身份证", "身份证"),  # after any whitespace
        ("Rules:\n*\u3000no pets", "rules:no pets"),  # before any whitespace
        ("* * no pets", "no pets"),  # bullets in a row
        ("- ５%", "-5%"),  # before what folds to a number: a sign
        ("﹢ 5", "+ 5"),
        ("a\n- ² of it", "a-2 of it"),
        ("材料：\r－ 身份证\r－ 房产证", "材料:身份证房产证"),  # after any line break (v4: "\n" only)
        ("Rules:\u2028* no pets\x0c* no smoking", "rules:no pets no smoking"),
    ],
)
def test_a_list_marker_in_any_of_its_forms_is_markup(text, normalised):
    assert normalize(text).text == normalised


def test_the_normalisers_line_breaks_are_those_of_splitlines():
    splitting = [chr(code) for code in range(0x3000) if len(f"a{chr(code)}b".splitlines()) == 2]
    assert sorted(LINE_BREAKS) == splitting


@example(["Retail", "\n", "-", " "], 1)  # v4: "retail-" after "\r", "retail" after "\n"
@given(
    st.lists(st.sampled_from(["\n", " ", "-", "＋", "•", "x", "Retail", "5", "申请"]), max_size=10),
    st.integers(0, 9),
)
def test_a_line_break_of_any_kind_normalises_alike(pieces, which):
    """A list marker starts a line whichever line break ends the line before (all fold to a space)."""
    text = "".join(pieces)
    variant = "".join(LINE_BREAKS[which] if piece == "\n" else piece for piece in pieces)
    assert normalize(variant).text == normalize(text).text


def test_marker_forms_are_the_characters_that_fold_to_a_marker():
    """`_MARKER_FORMS`, listed in the module, are the characters whose fold is one marker: a
    fold of one character is `_PUNCTUATION_FOLD`'s or the character's own of the one character
    that NFKC and case folding give (a Han character folds to another: never a marker)."""
    punctuation = {char for char, folded in _PUNCTUATION_FOLD.items() if folded in _MARKERS}
    nfkc = unicodedata.normalize
    forms = {
        char
        for char in map(chr, range(sys.maxunicode + 1))
        if nfkc("NFKC", char).casefold() in {*_MARKERS, *punctuation} and _TABLE[ord(char)] in _MARKERS
    }
    assert forms == set(_MARKER_FORMS) and len(_MARKER_FORMS) == len(forms)


def _one(text):
    values = find_values(normalize(text).text)
    assert len(values) == 1, values
    return values[0]


@pytest.mark.parametrize(
    "text",
    ["15个工作日", "十五个工作日", "１５个工作日", "15 working days", "fifteen business days", "15 workdays"],
)
def test_fifteen_working_days_in_every_spelling(text):
    assert _one(text).key() == ("duration", "workday", 15.0, 15.0)


@pytest.mark.parametrize(
    ("a", "b", "equal"),
    [
        ("10 days", "15 days", False),
        ("15 days", "15 working days", False),
        ("2 weeks", "14 days", True),
        ("24小时", "1天", True),
        ("二十天", "20 days", True),
        ("一百零五元", "105 yuan", True),
        ("參拾元", "30元", True),  # the capital 參 stays a numeral once folded to 参
        ("¥200", "200元", True),
        ("$200", "200元", False),
        ("2024年3月1日", "March 1, 2024", True),
        ("1 March 2024", "2024-03-01", True),
    ],
)
def test_value_equality(a, b, equal):
    assert (_one(a).key() == _one(b).key()) is equal


def test_dates_parse_to_dates():
    assert _one("2024年3月1日").date == dt.date(2024, 3, 1)


def test_parse_value_needs_exactly_one_value():
    assert parse_value("15个工作日") is not None
    assert parse_value("几天") is None
    assert parse_value("10 days or 15 days") is None


@pytest.mark.parametrize(
    ("text", "negated"),
    [
        ("不予受理", True),
        ("予以受理", False),
        ("不受理", True),
        ("无需预约", True),
        ("保修期内的项目除外", True),
        ("not accepted", True),
        ("accepted", False),
        ("isn't covered", True),
        ("excluded", True),
        ("不同地区", False),
        ("无论何时", False),
        ("notably covered", False),
        ("不得不提交", False),
        ("not without a receipt", False),
        ("no later than Friday", False),
        ("Form No. 5", False),
        ("不超过5万元", False),
        ("unable to appeal", True),
        ("暂停受理", True),
        ("prohibited", True),
    ],
)
def test_negation_cues(text, negated):
    language = "zh" if any("\u4e00" <= char <= "\u9fff" for char in text) else "en"
    assert (polarity_of(tokenize(text, language)) % 2 == 1) is negated


# Sentence marks of each form the sentencizer ends on (．﹒｡ fold to "." and "。"), whitespace of many kinds
_ZH_ALPHABET = st.sampled_from(
    list("申请材料受理不予工作日十五。！？；，、“”（）…ab1 \n．﹒｡!?.\r\u3000\xa0\u2028\u200b５")
)


@settings(deadline=None, max_examples=300)
@given(st.text(_ZH_ALPHABET, max_size=60))
def test_chinese_sentences_equal_spacy_char_tokens_with_the_sentencizer(text):
    """The v1 rule (`sentencizer_spans`, before v2 mends its cuts) is spaCy's sentencizer."""
    from evidence_eval.text.segment import sentencizer_spans

    nlp = _spacy_zh_char()
    ours = [(a, b) for a, b in sentencizer_spans(text) if text[a:b].strip()]
    theirs = [(s.start_char, s.end_char) for s in nlp(text).sents if s.text.strip()]
    # spaCy's spans end before trailing whitespace; compare what each sentence holds.
    assert [text[a:b].strip() for a, b in ours] == [text[a:b].strip() for a, b in theirs]


@settings(max_examples=300)
@given(st.text(_ZH_ALPHABET.filter(lambda char: not char.isspace()), max_size=60))
def test_sentences_without_whitespace_follow_the_rule_char_by_char(text):
    from evidence_eval.text.segment import _spans_char_by_char, _spans_without_whitespace

    assert _spans_without_whitespace(text) == _spans_char_by_char(text)


_NLP = []


def _spacy_zh_char():
    if not _NLP:
        import spacy

        nlp = spacy.blank("zh")
        nlp.add_pipe("sentencizer")
        _NLP.append(nlp)
    return _NLP[0]


_NUMBER_PIECES = st.sampled_from(
    [
        "one",
        "Twenty",
        "ſix",
        "seven",
        "ty",
        "teen",
        "hundred",
        "and",
        "a",
        "an",
        "day",
        "ı",
        "x",
        " ",
        "-",
        ",",
        "5",
        "十五",
        "个",
        "工作日",
        "business",
        "days",
        "Kelvin",
        "thousand",
    ]
)


@settings(max_examples=300)
@given(st.lists(_NUMBER_PIECES | st.sampled_from(HARD), max_size=12).map("".join))
def test_number_word_look_ahead_changes_no_match(text):
    from evidence_eval.text import values

    without = values._NUM.replace(f"(?=[{values._EN_WORD_START}])", "")
    assert without != values._NUM
    plain = re.compile(without, re.IGNORECASE)
    assert [m.span() for m in plain.finditer(text)] == [
        m.span() for m in re.compile(values._NUM, re.IGNORECASE).finditer(text)
    ]


def test_a_participle_a_determiner_leads_is_no_condition():
    """'Based on the provided context' (an LLM answer's lead-in) states no condition;
    'provided (that) the form is complete' does."""
    from evidence_eval.text.tokens import tokenize

    def conditions(text: str) -> list[str]:
        return [t.key for t in tokenize(text, "en") if t.category == "cond"]

    assert conditions("Based on the provided context, refunds take 10 days.") == []
    assert conditions("According to your provided documents, refunds take 10 days.") == []
    assert conditions("Provided the form is complete, refunds take 10 days.") != []
    assert conditions("Refunds take 10 days, provided that the form is complete.") != []
