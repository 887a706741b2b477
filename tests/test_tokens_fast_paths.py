"""The fast paths of tokenisation give what the plain code they replace gives.

Each oracle below is the code before the speed-up, written out plainly: the token built by the
dataclass's own `__init__`, the word loop without templates, the name rules that search the
whole text before a word, the one-regex value gate, the vectorised origin map's rule.
"""

from __future__ import annotations

import pickle
import re
from dataclasses import FrozenInstanceError, replace

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from evidence_eval.text import cues as C
from evidence_eval.text import normalize as N
from evidence_eval.text import tokens as T
from evidence_eval.text import values as V
from evidence_eval.text.normalize import normalize
from evidence_eval.text.segment import segmenter_for
from tests.conftest import REAL_TEXTS
from tests.drawn import HARD, HARD_CHARACTERS, Letters, hard_texts, joined_pieces, tails


def _fields(tokens):
    """Every field of each token, the derived ones (not compared by ==) included."""
    return [
        (t.start, t.end, t.key, t.category, t.negates, t.stem, t.value, t.critical, t.weight) for t in tokens
    ]


_CATEGORIES = [
    "word",
    "function",
    "name",
    "neg",
    "modal",
    "bound",
    "hedge",
    "quant",
    "value:number",
    "time_order",
]


@given(
    st.integers(0, 10_000),
    st.integers(0, 50),
    st.text(max_size=8),
    st.sampled_from(_CATEGORIES),
    st.integers(0, 2),
    st.none() | st.text(max_size=8),
)
def test_built_token_equals_the_dataclass_token(start, length, key, category, negates, stem):
    built = T._build(start, start + length, key, category, negates, stem, *T._category_roles(category))
    made = T.Token(start, start + length, key, category, negates, stem)
    assert built == made
    assert hash(built) == hash(made)
    assert repr(built) == repr(made)
    assert _fields([built]) == _fields([made])
    assert type(built) is T.Token
    assert pickle.loads(pickle.dumps(built)) == made
    assert replace(built, category="name") == replace(made, category="name")
    with pytest.raises(FrozenInstanceError):
        built.start = 0  # type: ignore[misc]


def _word_tokens_plain(text, start, end, segmenter, chinese):
    """`_word_tokens` before word templates were keyed by the word as cut."""
    gap = text[start:end]
    if not gap.strip():
        return []
    tokens = []
    for begin, finish in segmenter.words(T._PUNCTUATION_GLUE_RE.sub(" ", gap)):
        word = gap[begin:finish]
        if word.endswith(".") and len(word) > 2 and word[-2].isalpha() and "." not in word[:-1]:
            word = word[:-1]
        if T._PUNCTUATION_RE.match(word):
            continue
        tokens.extend(_word_tokens_at(word, start + begin, chinese, segmenter))
    return tokens


def _word_tokens_at(word, start, chinese, segmenter):
    """A word's tokens made one `Token` at a time (tokens.v4 before word templates were rows)."""
    end = start + len(word)
    cue = C.word_cue(word, chinese)
    if cue is not None:
        if cue.category in ("function", "word"):
            return [T.Token(start, end, word, cue.category)]
        return [T.Token(start, end, f"{cue.category}:{cue.key}", cue.category, cue.negates)]
    if chinese and not word.isascii():
        stem = C.negated_stem(word, chinese)
        if stem is not None and not segmenter.is_noun(word):
            return [
                T.Token(start, start + 1, "neg:neg", "neg", 1),
                *_word_tokens_at(stem, start + 1, chinese, segmenter),
            ]
        chars = [_character(char, start + i, inside=0 < i < len(word) - 1) for i, char in enumerate(word)]
        if word in C.ZH_NOT_NEGATING:
            chars = [T.Token(t.start, t.end, t.key, "word") if t.negates else t for t in chars]
        if len(word) >= 3 and word[0] in C.ZH_MODAL_HEADS:
            chars[0] = T.Token(start, start + 1, "modal:must", "modal")
        return chars
    if word.endswith("n't") and len(word) > 3:
        return [
            *_word_tokens_at(word[:-3], start, chinese, segmenter),
            T.Token(end - 3, end, "neg:neg", "neg", 1),
        ]
    lemma = segmenter.lemma(word)
    if segmenter.is_stop_word(word):
        return [T.Token(start, end, lemma, "function")]
    return [T.Token(start, end, lemma, "word", stem=_english_stem(word, segmenter))]


def _character(char, start, *, inside):
    if inside and char in C.ZH_NEG_PREFIXES:
        return T.Token(start, start + 1, "neg:neg", "neg", 1)
    return T.Token(start, start + 1, char, "function" if char in T._ZH_FUNCTION_CHARS else "word")


def _english_stem(word, segmenter):
    """tokens.v4's `_english_stem`: the rest after each prefix read before testing the prefix."""
    for prefix in C.EN_NEGATING_PREFIXES:
        rest = word[len(prefix) :].lstrip("-")
        if not word.startswith(prefix) or len(rest) < 4:
            continue
        if (
            prefix == "non"
            or rest in T._NEGATABLE
            or (prefix != "dis" and rest.endswith(T._ADJECTIVE_ENDINGS))
        ):
            return segmenter.lemma(rest)
    return None


_TEMPLATE_WORDS = (
    "isn't can't won't nonrefundable non-refundable unpaid ineligible illegal irregular disclose dissatisfied "
    "inform discharged unknown impossible the IRS id. U.S. 6.4 ... shall not no never 不符合 不动产 需提交 "
    "应于 差不多 对不起 看不见 行动不便 未成年人 非处方药 申请材料 不得不 必须提交 无 不 的了 十五个工作日"
).split()


@pytest.mark.parametrize("language", ["en", "zh"])
def test_word_templates_are_the_tokens_made_one_at_a_time(language):
    segmenter, chinese = segmenter_for(language), language == "zh"
    for word in _TEMPLATE_WORDS:
        rows = [T._build(*row) for row in T.word_template(word, chinese, segmenter)]
        assert _fields(rows) == _fields(_word_tokens_at(word, 0, chinese, segmenter)), word


@settings(deadline=None, max_examples=400)
@given(
    st.text(
        "不未无非没须需应必的了是在申请材料身份证房产差对起行动便n't-unoinsdable ", min_size=1, max_size=6
    )
)
def test_generated_word_templates_are_the_tokens_made_one_at_a_time(word):
    for language in ("en", "zh"):
        segmenter, chinese = segmenter_for(language), language == "zh"
        rows = [T._build(*row) for row in T.word_template(word, chinese, segmenter)]
        assert _fields(rows) == _fields(_word_tokens_at(word, 0, chinese, segmenter)), word


_EN_PIECES = st.sampled_from(
    "the IRS isn't non-refundable U.S. id. No. 5 6.4 W-8BEN Z. Torres can't a.m. nonrefundable unpaid "
    "disclose ineligible shall not taxable;gifts (see) Retail Emporium ... - _ ' ` x2 Ünïcode ſ K".split()
)
_EN_TEXT = st.lists(st.one_of(_EN_PIECES, st.text(max_size=6), st.sampled_from(HARD)), max_size=14).map(
    " ".join
)
_ZH_ALPHABET = (
    "不未无非没须需应必的了是在申请材料身份证房产证差不多对不起行动不便不动产十五个工作日,.;:!?()" + "ab1 \n"
)
_ZH_TEXT = st.one_of(
    st.text(_ZH_ALPHABET, max_size=40),
    st.lists(
        st.sampled_from("不符合 不动产 需提交 应于 差不多 看不见 未成年人 非处方药 申请材料 15天 ".split()),
        max_size=8,
    ).map("".join),
    hard_texts(),
)


def _assert_word_tokens_equal_the_plain_loop(text, language):
    norm = normalize(text).text
    segmenter, chinese = segmenter_for(language), language == "zh"
    assert _fields(T._word_tokens(norm, 0, len(norm), segmenter, chinese)) == _fields(
        _word_tokens_plain(norm, 0, len(norm), segmenter, chinese)
    )


@settings(deadline=None, max_examples=300)
@given(_EN_TEXT)
def test_english_word_tokens_equal_the_plain_loop(text):
    _assert_word_tokens_equal_the_plain_loop(text, "en")


@settings(deadline=None, max_examples=300)
@given(_ZH_TEXT)
def test_chinese_word_tokens_equal_the_plain_loop(text):
    _assert_word_tokens_equal_the_plain_loop(text, "zh")


def _kept_and_word_tokens_gap_by_gap(norm, segmenter, chinese):
    """The loop before: each gap between the kept spans cut on its own."""
    text = norm.text
    tokens, cursor = [], 0
    for start, end, token in T._kept_spans(norm, chinese):
        if start > cursor:
            tokens.extend(T._word_tokens(text, cursor, start, segmenter, chinese))
        tokens.append(token)
        cursor = end
    return tokens + T._word_tokens(text, cursor, len(text), segmenter, chinese)


def _assert_one_cut_equals_the_cut_gap_by_gap(text, language):
    norm = normalize(text)
    segmenter, chinese = segmenter_for(language), language == "zh"
    assert _fields(T._kept_and_word_tokens(norm, segmenter, chinese)) == _fields(
        _kept_and_word_tokens_gap_by_gap(norm, segmenter, chinese)
    )


_VALUED_PIECES = (
    "15天 3.5% 2021年1月3日 不超过 至少 $1,200 at least no later than 30 days 5-10 (a) e.g. u.s.".split()
)


@settings(deadline=None, max_examples=300)
@given(
    st.lists(
        st.one_of(_EN_PIECES, st.sampled_from(_VALUED_PIECES), st.text(max_size=6), st.sampled_from(HARD)),
        max_size=14,
    )
)
def test_english_words_cut_once_around_the_kept_spans_equal_the_gaps_cut_one_by_one(pieces):
    for joined in (" ".join(pieces), "".join(pieces)):
        _assert_one_cut_equals_the_cut_gap_by_gap(joined, "en")


@settings(deadline=None, max_examples=300)
@given(st.lists(st.one_of(_ZH_TEXT, st.sampled_from(_VALUED_PIECES)), max_size=6).map("".join))
def test_chinese_words_cut_once_around_the_kept_spans_equal_the_gaps_cut_one_by_one(text):
    _assert_one_cut_equals_the_cut_gap_by_gap(text, "zh")


@pytest.mark.parametrize("language", ["en", "zh"])
def test_real_texts_cut_once_around_the_kept_spans_equal_the_gaps_cut_one_by_one(language):
    for text in REAL_TEXTS:
        _assert_one_cut_equals_the_cut_gap_by_gap(text, language)


def _looks_like_name_plain(token, norm, source):
    begin, finish = norm.original_span(token.start, token.end)
    original = source[begin:finish]
    letters = [char for char in original if char.isalpha()]
    if not letters:
        return False
    if any(char.isdigit() for char in original):
        return True
    if re.fullmatch(r"[A-Z]\.", original):
        return True
    if len(letters) >= 2 and any(char.isupper() for char in original[1:]):
        return True
    if not original[0].isupper() or token.category == "function":
        return False
    before = source[:begin].rstrip()
    opener = bool(before) and N.folded_char(before[-1])[-1:] in T._SENTENCE_OPENERS
    return (
        bool(before)
        and not opener
        and not re.search(r"[\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]\s*$", source[:begin])
    )


def _mark_names_plain(tokens, norm, segmenter, chinese):
    """`_mark_names` before it read each word's original once and looked back locally."""
    if chinese:
        spans = segmenter.proper_names(norm.text)
        return [
            T.Token(t.start, t.end, t.key, "name", stem=t.stem)
            if t.category in ("word", "function") and any(s <= t.start < e for s, e in spans)
            else t
            for t in tokens
        ]
    source = norm.source
    marked = list(tokens)
    for index, token in enumerate(tokens):
        if token.category in ("word", "function") and _looks_like_name_plain(token, norm, source):
            marked[index] = T.Token(token.start, token.end, token.key, "name", stem=token.stem)
    for index, token in enumerate(tokens):
        if marked[index].category == "name" or token.category not in ("word", "function"):
            continue
        neighbours = [marked[i] for i in (index - 1, index + 1) if 0 <= i < len(marked)]
        begin, finish = norm.original_span(token.start, token.end)
        if source[begin:finish][:1].isupper() and any(n.category == "name" for n in neighbours):
            marked[index] = T.Token(token.start, token.end, token.key, "name", stem=token.stem)
    return marked


_NAME_PIECES = st.sampled_from(
    "Retail Emporium Z. Torres IRS CleanCo IV W-8BEN A12 The He said: . ! ? ; ( [ \" ' - * • \n \n\n \t "
    "\u00a0 \u2028 apple Ünïcode ǅ ²nd ſ Kelvin the a an of ".split(" ")
)


@settings(deadline=None, max_examples=400)
@given(
    st.lists(_NAME_PIECES | st.text(max_size=4) | st.sampled_from(HARD), max_size=16).map(
        lambda parts: " ".join(parts)
    )
)
def test_english_names_equal_the_plain_rules(text):
    _assert_names_equal_the_plain_rules(text, "en")


# Each character and the variants a document may write it in (they fold alike): whitespace of
# any kind, a line break of any kind, full-width and CJK sentence punctuation, curly quotes.
_NAME_VARIANTS = {
    " ": " \xa0\u3000\u2009",
    "\n": "\n\r\u2028\x85\x0c",
    ":": ":：",
    ".": ".。．",
    "(": "(（",
    '"': '"“”',
}


@settings(deadline=None, max_examples=200)
@example(["said", ":", " ", "Retail"], 1)  # "said：Retail": no name, as after ":"
@example(["Closed.", "\n", "Retail"], 2)  # "Closed.\rRetail": a line, as after "\n"
@example(["Closed.", " ", "Retail"], 1)  # "Closed.\xa0Retail": a sentence, as after " "
@given(
    st.lists(_NAME_PIECES | st.sampled_from([*_NAME_VARIANTS, "said", "Closed."]), max_size=12),
    st.integers(0, 4),
)
def test_english_names_are_those_of_the_text_written_with_other_variants(pieces, which):
    """Names are read from the text as written (capitals): a character written in another of
    its forms (`_NAME_VARIANTS`: they normalise alike) marks the same names."""
    variant = "".join(
        _NAME_VARIANTS[piece][which % len(_NAME_VARIANTS[piece])] if piece in _NAME_VARIANTS else piece
        for piece in pieces
    )
    text = "".join(pieces)
    # (the variants normalise alike but where one joins two words another separates)
    assume(normalize(text).text == normalize(variant).text)
    names = [t.key for t in T.tokenize(text, "en", True) if t.category == "name"]
    assert [t.key for t in T.tokenize(variant, "en", True) if t.category == "name"] == names


def _assert_names_equal_the_plain_rules(text, language):
    segmenter, chinese = segmenter_for(language), language == "zh"
    norm = normalize(text)
    tokens = T._tokens(norm, segmenter, False)
    assert _fields(T._mark_names(list(tokens), norm, segmenter, chinese)) == _fields(
        _mark_names_plain(tokens, norm, segmenter, chinese)
    )


@settings(deadline=None, max_examples=100)
@given(
    st.lists(
        st.sampled_from("北京 张三 中国银行 之日起 申请材料 iPhone GB 4706 上海市 的 ".split()), max_size=8
    ).map("".join)
)
def test_chinese_names_equal_the_plain_rules(text):
    _assert_names_equal_the_plain_rules(text, "zh")


_ANY_VALUE_PLAIN = re.compile(
    rf"[\d{V._ZH_NUMERAL}半]|\b(?:an?|half|{V._EN_WORD}|{'|'.join([*V._EN_ORDINALS, *V._EN_TIMES])}"
    rf"|{V._MONTH_WORD})\b",
    re.IGNORECASE,
)
_GATE_WORDS = [
    "a",
    "an",
    "half",
    "one",
    "Twelve",
    "THOUSAND",
    "first",
    "Twice",
    "sept",
    "may",
    "Jun",
    "august",
]
_GATE_VARIANTS = [
    variant
    for word in _GATE_WORDS
    for variant in (word, word[:-1], word + "s", "x" + word, word.upper(), word.title())
]
_GATE_TEXT = joined_pieces([_GATE_VARIANTS, Letters("aAnNſKkıİ _-.,一十半x", 5), HARD], 8)


@settings(max_examples=1000)
@given(_GATE_TEXT | st.text(max_size=12))
def test_a_text_with_no_value_character_or_word_has_no_value(text):
    """The gate `find_values` had (values.v4): a text the one regex finds nothing in has no value;
    `_find_values` finds that out by its own gate (a value character or a number word's start)."""
    if _ANY_VALUE_PLAIN.search(text) is None:
        assert V._find_values.__wrapped__(text) == ()


_EXAMPLES = {
    "en": (
        "The IRS said: refunds of $1,500 are non-refundable within 30 days; Retail Emporium (No. 5) can't pay."
        "\nZ. Torres filed W-8BEN on Jan 3, 2021.",
        "the/name irs/name say/word refund/word of/function ('money', 'USD', 1500.0, 1500.0)/value:money "
        "be/function non-refundable/word bound:<=/bound ('duration', 'hour', 720.0, 720.0)/value:duration "
        "retail/name emporium/name no./name ('number', None, 5.0, 5.0)/value:number modal:may/modal/1 pay/word "
        "z.torres/name file/word w/name ('number', None, 8.0, 8.0)/value:number ben/name on/function "
        "('date', 'day', datetime.date(2021, 1, 3), ())/value:date",
    ),
    "zh": (
        "申请人须在15个工作日内提交材料，不符合条件的不予受理；北京市不动产登记中心10月1日起办理。",
        "申/name 请/name 人/name modal:must/modal 在/function ('duration', 'workday', 15.0, 15.0)/value:duration "
        "bound:<=/bound 提/word 交/word 材/word 料/word neg:neg/neg/1 符/word 合/word 条/word 件/word 的/function "
        "neg:neg/neg/1 受/word 理/word 北/name 京/name 市/name 不/word 动/word 产/word 登/word 记/word 中/word 心/word "
        "('date', 'monthday', datetime.date(2000, 10, 1), ())/value:date 起/word 办/word 理/word",
    ),
}


@pytest.mark.parametrize("language", ["en", "zh"])
def test_tokens_of_examples_are_those_before_the_speed_up(language):
    """Whole texts through every path at once (values, cues, words, names), as tokens.v2 made
    them before the fast paths."""
    text, expected = _EXAMPLES[language]
    tokens = T.tokenize(text, language, True)
    shown = " ".join(f"{t.key}/{t.category}" + (f"/{t.negates}" if t.negates else "") for t in tokens)
    assert shown == expected


# The value gates as they were: one plain alternation each.
_GATES_PLAIN = [
    (
        V._GATES["money"],
        re.compile(
            f"{V._alternation(V._CURRENCY_PREFIX)}|{V._alternation(V._CURRENCY_SUFFIX)}", re.IGNORECASE
        ),
    ),
    (V._GROUP_GATES[0][1], re.compile(V._MONTH_WORD, re.IGNORECASE)),
    (V._GROUP_GATES[2][1], re.compile("|".join(V._EN_ORDINALS), re.IGNORECASE)),
    (V._GROUP_GATES[3][1], re.compile(r"third|quarter|fourth|fifth|tenth", re.IGNORECASE)),
]
_GATE_PIECES = [
    variant
    for word in [
        *V._CURRENCY_PREFIX,
        *V._CURRENCY_SUFFIX,
        *V._MONTH_WORD.split("|"),
        *V._EN_ORDINALS,
        "quarter",
        "Tenth",
    ]
    for variant in (word, word[1:], word[:-1], word.upper(), word.title())
]


# A search-only property checks each drawn text's `tails`: a suffix can hide or show a match the
# whole text does not. (Where every match is compared, a suffix adds only the string's start:
# those properties draw more examples instead.)
@settings(max_examples=250)
@given(joined_pieces([_GATE_PIECES, Letters("aAsSſKkıİ $¥-x", 4), HARD], 6))
def test_grouped_gates_find_what_the_plain_ones_find(text):
    for suffix in tails(text):
        for grouped, plain in _GATES_PLAIN:
            assert (grouped.search(suffix) is None) == (plain.search(suffix) is None), suffix


_GLUE_PLAIN = re.compile(r"[;,:!?\"()\[\]]|(?<=[^\W\d_]{2})\.(?=[^\W\d_])|(?<=\d)\.(?=[^\W\d_])")


@settings(max_examples=1000)
@given(st.text("ab1_.;,:!?\"()[]' -申x\u00e9", max_size=20) | st.text(max_size=12) | hard_texts(6))
@example("(x.é) ab.c; 1.a _.b 申.x")  # each branch: a letter, two letters, a digit before the stop
@example("a_.b __.c x_1.d")  # an underscore or a digit is no letter before the stop
def test_punctuation_glue_is_found_where_the_three_branches_found_it(text):
    assert T._PUNCTUATION_GLUE_RE.sub(" ", text) == _GLUE_PLAIN.sub(" ", text)


def _plain_phrase_pattern(words, english):
    alternation = "|".join(re.escape(word) for word in sorted(words, key=len, reverse=True))
    if english:
        return re.compile(rf"(?<![\w'])(?:{alternation})(?:(?<=\.)|(?![\w']))")
    return re.compile(rf"(?:{alternation})")


_PHRASE_PLAIN = {
    False: (C._ZH_PHRASE_RE, _plain_phrase_pattern(C._ZH_PHRASES, False)),
    True: (C._EN_PHRASE_RE, _plain_phrase_pattern(C._EN_PHRASES, True)),
}
_PHRASE_PIECES = [
    variant
    for phrase in [*C._EN_PHRASES, *C._ZH_PHRASES, "no", "not", "more", "30", "'", ".", "不"]
    for variant in (phrase, phrase[1:], phrase[:-1], phrase + "s", "x" + phrase)
]


@settings(max_examples=1000)
@given(joined_pieces([_PHRASE_PIECES, Letters(" .'x不5", 3), HARD], 8))
def test_grouped_phrase_patterns_match_as_the_plain_ones(text):
    for grouped, plain in _PHRASE_PLAIN.values():
        assert [(m.span(), m.group()) for m in grouped.finditer(text)] == [
            (m.span(), m.group()) for m in plain.finditer(text)
        ]


_BREAKS_PLAIN = [
    (C._SEGMENT_BREAK_RE, re.compile(C._SEGMENT_BREAK)),
    (C._WIDE_BREAK_RE, re.compile(C._WIDE_BREAK)),
    (C._CLAUSE_OR_HEADING_RE, re.compile(rf"{C._WIDE_BREAK}|:")),
]
_BREAK_PIECES = (
    "but however whereas although while and or if unless when whenever because though who which whose "
    "但 但是 然而 而 而且 并且 或者 以及 如果 若 因为 虽然 尽管 除非 ; , . : ! ? 6.4 x".split()
)


@settings(max_examples=1000)
@given(joined_pieces([_BREAK_PIECES, Letters(" \t\n\u3000,.;:x1但", 3), HARD], 10))
def test_led_break_patterns_match_as_the_plain_ones(text):
    for led, plain in _BREAKS_PLAIN:
        assert [m.span() for m in led.finditer(text)] == [m.span() for m in plain.finditer(text)]


_CORRECTION_PLAIN = re.compile(
    "|".join(
        [
            rf"\b(?:{'|'.join(re.escape(w) for w in C._EN_CORRECTIONS)})\b",
            *(re.escape(w) for w in C._CORRECTION_PHRASES),
        ]
    ),
    re.IGNORECASE,
)
_CORRECTION_PIECES = [
    variant
    for word in [*C._EN_CORRECTIONS, *C._CORRECTION_PHRASES, "Actually", "MOVED"]
    for variant in (word, word[1:], word[:-1], word + "s", "x" + word, word.upper())
]


@settings(max_examples=250)
@given(joined_pieces([_CORRECTION_PIECES, Letters(" .x改ſK", 3), HARD], 6))
def test_grouped_correction_pattern_finds_what_the_plain_one_finds(text):
    for suffix in tails(text):
        assert (C._CORRECTION_RE.search(suffix) is None) == (_CORRECTION_PLAIN.search(suffix) is None)


_AMOUNT_PIECES = (
    "one Twenty ſix a an A half 5 1,000 1.5 十五 两 个 工作日 万 % percent $ US$ 元 km m kg days day "
    "between and to - 到 times 次 b.c. 公元前 Kelvin ı x".split()
)
_PLAIN_PATTERNS = [
    (pattern, re.compile(pattern.pattern.replace(V._AMOUNT_START, ""), pattern.flags))
    for _, pattern, _, _ in V._GATED
    if V._AMOUNT_START in pattern.pattern
]


@settings(max_examples=500)
@given(joined_pieces([_AMOUNT_PIECES, [" ", " ", ""], HARD], 10))
def test_amount_look_ahead_changes_no_match(text):
    assert len(_PLAIN_PATTERNS) > 15
    for led, plain in _PLAIN_PATTERNS:
        assert [(m.span(), m.groupdict()) for m in led.finditer(text)] == [
            (m.span(), m.groupdict()) for m in plain.finditer(text)
        ]


_MIXED = st.text(
    alphabet=st.one_of(
        st.characters(max_codepoint=0x3000),
        st.characters(min_codepoint=0x4E00, max_codepoint=0x9FFF),  # Han, Traditional ones included
        st.characters(min_codepoint=0xFF00, max_codepoint=0xFFEF),  # full-width forms
        st.sampled_from("，。、；：！？「」《》…—\u3000 \n\t]^\\-["),
        st.sampled_from(HARD_CHARACTERS),
    ),
    max_size=40,
)


@settings(max_examples=300, deadline=None)
@given(_MIXED)
def test_fold_table_translates_as_str_translate(text):
    """The regex route of `FoldTable.translate` (the characters known to stay skipped) gives
    what `str.translate` gives with the same table, whichever characters it has met before."""
    assert N._TABLE.translate(text) == text.translate(N._TABLE)


def test_fold_table_recompiles_its_class_and_stays_exact():
    table = N.FoldTable(N._fold_char)
    chinese = "維修資金的申請，須在十五個工作日內提交。ＡＢＣ１２３「業主」"
    for round_ in range(3):
        text = "".join(chr(0x4E00 + 97 * round_ + i) for i in range(400)) + chinese
        assert table.translate(text) == text.translate(table)
    assert len(table._kept) >= N._RECOMPILE_AT  # the class was compiled: the fast route was taken
    assert table.translate(chinese) == '维修资金的申请,须在十五个工作日内提交.abc123"业主"'


# Real-shaped texts (DuReader answers and items, MuSiQue paragraphs) whose names are marked.
_NAMED_TEXTS = {
    "zh": [
        "北京大学位于北京市海淀区颐和园路5号，是中华人民共和国教育部直属的全国重点大学。",
        "张伟在中国银行上海分行工作；他说：“自2021年1月3日起，不再办理此业务。”",
        "iPhone 13的售价为5999元，GB 4706标准规定了家用电器的安全要求。",
        "维修资金由业主大会决定，不符合条件的不予受理，详见www.gov.cn。",
    ],
    "en": [
        "The Hernando County Courthouse, built in 1913, is located in Brooksville, Florida.",
        "Between March 2016 and March 2017 he was President of the Senate of Chile.",
        "Z. Torres filed W-8BEN with the IRS; Retail Emporium (No. 5) can't pay $1,500.",
        "It was designed by Atlanta-based architect William Augustus Edwards.",
    ],
}


@pytest.mark.parametrize("language", ["en", "zh"])
def test_named_and_unnamed_tokens_share_one_tokenisation_and_equal_the_plain_path(language):
    """`tokenize` with names marks them in the tokens without (made once for both, whatever
    the form of the call); the definition is `_tokens` with `names`, as `tokenize` was."""
    segmenter = segmenter_for(language)
    for text in _NAMED_TEXTS[language]:
        norm = normalize(text)
        for names in (False, True):
            plain = _fields(T._tokens(norm, segmenter, names))
            assert _fields(T.tokenize(text, language, names)) == plain
            assert _fields(T.tokenize(text, language, names=names)) == plain
        assert T.tokenize(text, language) is T.tokenize(text, language, False)
        assert T.tokenize(text, language, True) is T.tokenize(text, language, names=True)


@settings(deadline=None, max_examples=200)
@given(st.one_of(_ZH_TEXT.map(lambda text: ("zh", text)), _EN_TEXT.map(lambda text: ("en", text))))
def test_tokenize_with_names_equals_the_plain_path(case):
    language, text = case
    plain = T._tokens(normalize(text), segmenter_for(language), True)
    assert _fields(T.tokenize(text, language, True)) == _fields(plain)
