"""The compiled alignment DP (`match/_align_kernel.c`) gives the alignments of the
plain-Python/NumPy path, its definition and fallback, pair for pair (ties broken alike), on
generated tokens and on real sentences; without it (not built, or EVIDENCE_EVAL_PURE_PYTHON=1)
the fallback runs and the package works.
"""

from __future__ import annotations

import importlib.util
import os
import pickle
import subprocess
import sys
from array import array
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from itertools import chain
from operator import attrgetter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_eval.match import align as A
from evidence_eval.match.align import Alignment, KeyIds, Pair, TextArrays, align_arrays
from evidence_eval.text.cues import ANTONYMS
from evidence_eval.text.tokens import Token, tokenize

KERNEL = A._KERNEL
needs_kernel = pytest.mark.skipif(KERNEL is None, reason="the compiled kernel is not built here")


@contextmanager
def _fallback(small: int) -> Iterator[None]:
    """The plain-Python/NumPy path, its plain DP up to `small` cells."""
    saved = A._KERNEL, A._SMALL
    A._KERNEL, A._SMALL = None, small
    try:
        yield
    finally:
        A._KERNEL, A._SMALL = saved


def _both_ways(claim: Sequence[Token], texts: Sequence[Sequence[Token]], shared: Sequence[bool]) -> None:
    """The kernel's alignments equal the fallback's, on both of its DPs; the texts' arrays with
    one `KeyIds` or their own, made afresh for each path and reused for a second claim."""

    def arrays() -> list[TextArrays]:
        ids = KeyIds()
        return [TextArrays(text, ids if same else KeyIds()) for text, same in zip(texts, shared)]

    made = arrays()
    got = align_arrays(claim, made)
    assert got == align_arrays(claim, made)  # the codes cached, the same alignments
    for small in (0, 10**9):
        with _fallback(small):
            want = align_arrays(claim, arrays())
        assert got == want
    for alignment in got:
        assert type(alignment) is Alignment
        assert all(type(pair) is Pair for pair in alignment.pairs)


# --- generated tokens ------------------------------------------------------------------

_ANTONYM = sorted(sorted(pair) for pair in ANTONYMS if all(isinstance(word, str) for word in pair))[0]
_KEYS = ["不", "非", "上", "下", "付", "款", "天", "day", "refund", "able", "30", "60", *_ANTONYM]
_CATEGORIES = ["word", "word", "word", "function", "neg", "hedge", "modal", "value:duration", "name", "quant"]


_TOKEN_CHOICES = 2 * len(_KEYS) * (len(_KEYS) + 1) * len(_CATEGORIES) * 2  # gap, key, stem, category, weight


@st.composite
def _tokens(draw: st.DrawFn, max_size: int) -> tuple[Token, ...]:
    """Tokens of `_KEYS` and `_CATEGORIES`, two drawn bytes each (drawing is most of these tests'
    time: one draw for all the tokens, not six a token); zeros are touching "不"s of weight 0."""
    count = draw(st.integers(0, max_size))
    choices = draw(st.binary(min_size=2 * count, max_size=2 * count))
    tokens = []
    position = 0
    for index in range(0, 2 * count, 2):
        choice, gap = divmod(int.from_bytes(choices[index : index + 2]) % _TOKEN_CHOICES, 2)
        choice, key = divmod(choice, len(_KEYS))
        choice, stem = divmod(choice, len(_KEYS) + 1)
        weight, category = divmod(choice, len(_CATEGORIES))
        position += gap
        stem_key = _KEYS[stem - 1] if stem else None
        tokens.append(Token(position, position + 1, _KEYS[key], _CATEGORIES[category], weight, stem_key))
        position += 1
    return tuple(tokens)


@needs_kernel
@settings(max_examples=100, deadline=None)
@given(_tokens(40), st.lists(st.tuples(_tokens(60), st.booleans()), max_size=5))
def test_the_kernel_aligns_generated_tokens_as_the_fallback(claim, texts):
    _both_ways(claim, [text for text, _ in texts], [same for _, same in texts])


@needs_kernel
@settings(max_examples=200, deadline=None)
@given(_tokens(6), st.lists(_tokens(8), min_size=1, max_size=3))
def test_the_kernel_aligns_short_tokens_as_the_fallback(claim, texts):
    """Short claims and texts: ties everywhere (many equal paths)."""
    _both_ways(claim, texts, [True] * len(texts))


# --- the codes --------------------------------------------------------------------------

_KEY, _STEM, _CATEGORY = attrgetter("key"), attrgetter("stem"), attrgetter("category")
_WEIGHT, _CRITICAL = attrgetter("weight"), attrgetter("critical")


def _codes(tokens: Sequence[Token], ids: KeyIds) -> bytes:
    """The definition of `_align_kernel.codes`: six columns of C ints, key ids, stem ids,
    category ids (`KeyIds`, new keys numbered in this order), weights, critical (0 or 1), and
    whether the key is one of a pair of `ANTONYMS` (0 or 1)."""
    get = ids.__getitem__
    antonym_keys = {key for pair in ANTONYMS for key in pair}
    columns = chain(
        map(get, map(_KEY, tokens)),
        map(get, map(_STEM, tokens)),
        map(get, map(_CATEGORY, tokens)),
        map(_WEIGHT, tokens),
        map(_CRITICAL, tokens),
        (t.key in antonym_keys for t in tokens),
    )
    return array("i", columns).tobytes()


@needs_kernel
@settings(max_examples=200, deadline=None)
@given(st.lists(_tokens(20), min_size=1, max_size=4))
def test_the_kernel_codes_are_the_definitions(texts):
    assert KERNEL is not None
    mine, theirs = KeyIds(), KeyIds()
    for text in texts:
        assert KERNEL.codes(text, mine) == _codes(text, theirs)
        assert KERNEL.codes(list(text), mine) == _codes(text, theirs)  # any sequence
    assert mine == theirs


# --- real sentences ---------------------------------------------------------------------

_ZH_TEXT = (
    "管理机构应当自受理申请之日起十五个工作日内作出审核决定。需要现场查勘的，查勘时间不计入办理时限。"
    "自受理申请之日起三十个工作日内不予作出决定。日本人基本上食用大量的鱼、米及豆制品,并且视他们的绿茶为宝贝。"
    "根据科学研究，吃红薯是不会使人发胖的，相反红薯还是一种理想的减肥食品。"
    "一年71万的总销量,也创下了大众进入中国市场22年以来的历史最高销量记录。"
    "10年后的2016年,大众在中国的年销量达到了398万辆,较10年前增长了321万辆。"
    "3、红豆、花生浸泡六小时以上，加入糯米中拌匀。非处方药可以在药店直接购买，处方药须凭医生处方购买。"
    "在十五个工作日内办结。逾期未补正的，视为撤回申请。"
)
_ZH_CLAIMS = (
    "自受理申请之日起十五个工作日内作出审核决定",
    "自受理申请之日起二十个工作日内作出决定",
    "查勘时间计入办理时限",
    "吃红薯会使人发胖",
    "红薯是一种理想的减肥食品",
    "2016年大众在中国的年销量达到了398万辆",
    "大众在中国的年销量达到了400万辆",
    "红豆、花生浸泡六小时以上",
    "处方药可以在药店直接购买",
    "在三十个工作日内办结",
    "逾期补正的视为撤回申请",
    "日本人食用大量的鱼",
)
_EN_TEXT = (
    "These Games will mark the return of the Summer Olympics to Tokyo for the first time since 1964, "
    "and the fourth Olympics overall to be held in Japan. "
    "The refund is not available after 30 days, and shipping costs are non-refundable. "
    "Stockholm Arlanda Airport is the largest airport in Sweden. "
    "Hassan Sheikh Mohamud was elected president in 2012 and again in 2022. "
    "The warranty covers defects in materials for two years from the date of purchase. "
    "Claims must be filed within fifteen business days, unless the office extends the period. "
    "Victoria Falls lies on the Zambezi River, between Zambia and Zimbabwe."
)
_EN_CLAIMS = (
    "the Summer Olympics return to Tokyo for the first time since 1964",
    "the Summer Olympics return to Tokyo for the first time since 1968",
    "the refund is available after 30 days",
    "shipping costs are refundable",
    "Stockholm Arlanda Airport is the smallest airport in Sweden",
    "Hassan Sheikh Mohamud was elected president in 2012",
    "the warranty covers defects for three years",
    "claims must be filed within fifteen business days",
    "Victoria Falls lies on the Zambezi River",
    "Laura Kelly",
    "the office may extend the period",
)


@needs_kernel
@pytest.mark.parametrize(
    ("language", "text", "claims"), [("zh", _ZH_TEXT, _ZH_CLAIMS), ("en", _EN_TEXT, _EN_CLAIMS)]
)
def test_the_kernel_aligns_real_sentences_as_the_fallback(language, text, claims):
    from evidence_eval.text.segment import segmenter_for

    sentences = [text[start:end] for start, end in _sentence_spans(text, language)]
    assert len(sentences) > 5
    tokens = [tokenize(sentence, language) for sentence in sentences]
    for claim in claims:
        claim_tokens = tokenize(claim, language, names=True)
        _both_ways(claim_tokens, tokens, [True] * len(tokens))
        for one in tokens:  # one sentence a call, as `judge` aligns
            _both_ways(claim_tokens, [one], [True])
    assert segmenter_for(language)  # the tokens above came from the language's segmenter


def _sentence_spans(text: str, language: str) -> list[tuple[int, int]]:
    ends = "。" if language == "zh" else "."
    spans, start = [], 0
    for index, character in enumerate(text):
        if character in ends:
            spans.append((start, index + 1))
            start = index + 1
    return spans


# --- the kernel's edges ------------------------------------------------------------------


@needs_kernel
def test_the_kernel_keeps_no_reference_it_does_not_return():
    """Refcounts of what every pair shares (the kinds, the Pair type) do not grow."""
    claim = tokenize("the refund is not available after 30 days", "en")
    text = tokenize("The refund is available after 60 days, unless shipping is refundable.", "en")
    align_arrays(claim, [TextArrays(text, KeyIds())])
    before = [sys.getrefcount(obj) for obj in ("match", "insert", "delete", Pair, Alignment, claim, text)]
    for _ in range(200):
        align_arrays(claim, [TextArrays(text, KeyIds())])
    after = [sys.getrefcount(obj) for obj in ("match", "insert", "delete", Pair, Alignment, claim, text)]
    assert after == before


@needs_kernel
def test_the_kernel_refuses_what_it_cannot_read():
    assert KERNEL is not None
    claim = tokenize("the refund", "en")
    codes = KERNEL.codes(claim, KeyIds())
    with pytest.raises(TypeError):
        KERNEL.align(codes, claim, [(b"\0" * 7, claim)])
    with pytest.raises(TypeError):
        KERNEL.align(codes, claim, ((codes, claim),))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        KERNEL.codes(claim, [])  # type: ignore[arg-type]


def test_the_kernel_passes_on_what_pair_kind_raises(monkeypatch):
    """An error in the Python it calls back (`_pair_kind`, the rare kinds) reaches the caller."""
    if KERNEL is None:
        pytest.skip("the compiled kernel is not built here")

    def broken(claim: Token, found: Token) -> str:
        raise RuntimeError("pair kind")

    first, second = _ANTONYM
    claim = tuple(Token(i, i + 1, key, "word") for i, key in enumerate(("refund", first, "today")))
    text = tuple(Token(i, i + 1, key, "word") for i, key in enumerate(("refund", second, "today")))
    KERNEL.configure(Pair, Alignment, broken, A._ANTONYM_KEYS, A._KINDS, A._COSTS)
    try:
        with pytest.raises(RuntimeError, match="pair kind"):
            align_arrays(claim, [TextArrays(text, KeyIds())])
    finally:
        KERNEL.configure(Pair, Alignment, A._pair_kind, A._ANTONYM_KEYS, A._KINDS, A._COSTS)
    assert align_arrays(claim, [TextArrays(text, KeyIds())])[0].pairs[1] == Pair(1, 1, "conflict")


_PROBE = """
import pickle, sys
{setup}
from evidence_eval.match import align
claim, text = pickle.load(sys.stdin.buffer)
found = align.align_many(claim, [text])[0]
print(align._KERNEL is None, found.cost, len(found.pairs))
"""


@cache
def _probed_tokens() -> bytes:
    """A claim and a text, tokenised here: a probe aligns them without loading spaCy itself."""
    claim = tokenize("the refund is not available after 30 days", "en")
    text = tokenize("The refund is available after 60 days.", "en")
    return pickle.dumps((claim, text))


def _probe(setup: str, **environment: str) -> tuple[str, str, str]:
    completed = subprocess.run(
        [sys.executable, "-c", _PROBE.format(setup=setup)],
        input=_probed_tokens(),
        capture_output=True,
        check=True,
        env={**os.environ, **environment},
    )
    no_kernel, cost, pairs = completed.stdout.decode().split()
    return no_kernel, cost, pairs


def test_without_the_kernel_the_fallback_aligns():
    """Not built (its import fails) or turned off: the plain-Python/NumPy path, the same
    alignment."""
    unbuilt = _probe('sys.modules["evidence_eval.match._align_kernel"] = None')
    turned_off = _probe("", EVIDENCE_EVAL_PURE_PYTHON="1")
    assert unbuilt[0] == turned_off[0] == "True"
    assert unbuilt == turned_off
    default = _probe("", EVIDENCE_EVAL_PURE_PYTHON="0")
    built = importlib.util.find_spec("evidence_eval.match._align_kernel") is not None
    assert default[0] == str(not built)
    assert default[1:] == unbuilt[1:]
