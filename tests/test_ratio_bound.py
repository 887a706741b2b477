"""`ratio_bound.partial_ratio_below` and `characters_below` never rule out a pair rapidfuzz's
`partial_ratio` would score at the cutoff or above, and the span search's window
(`spans._window`, which asks them first) is the one rapidfuzz alone finds. The compiled
`shared_characters` (`_ratio_kernel.c`) counts what its definition counts."""

from __future__ import annotations

import json

import pytest
from conftest import EN, SHARED_DATA, ZH
from hypothesis import given, settings
from hypothesis import strategies as st
from rapidfuzz import fuzz
from rapidfuzz.distance import LCSseq

from evidence_eval.match import ratio_bound, spans
from evidence_eval.match.manifest import WINDOW_CUTOFF
from evidence_eval.match.ratio_bound import (
    characters_below,
    partial_ratio_below,
    partial_ratio_below_by_lcs,
    partial_ratio_below_each_by_lcs,
    shared_characters,
)
from evidence_eval.match.spans import _window
from evidence_eval.text.normalize import normalize_cached


def window_by_rapidfuzz(quote: str, text: str) -> tuple[int, int] | None:
    """`spans._window` as it was: rapidfuzz alone (the definition)."""
    if len(text) <= len(quote) * 3 // 2 + 20:
        return (0, len(text)) if fuzz.partial_ratio(quote, text) >= WINDOW_CUTOFF else None
    alignment = fuzz.partial_ratio_alignment(quote, text, score_cutoff=WINDOW_CUTOFF)
    if alignment is None:
        return None
    pad = max(20, len(quote) // 4)
    lo, hi = max(0, alignment.dest_start - pad), min(len(text), alignment.dest_end + pad)
    while lo > 0 and text[lo - 1].isalnum():
        lo -= 1
    while hi < len(text) and text[hi].isalnum():
        hi += 1
    return lo, hi


def check(quote: str, text: str, cutoffs: tuple[float, ...] = (WINDOW_CUTOFF,)) -> None:
    score = fuzz.partial_ratio(quote, text)
    for cutoff in cutoffs:
        for whole_first in (False, True):
            below = partial_ratio_below(quote, text, cutoff, whole_first=whole_first)
            assert below == partial_ratio_below_by_lcs(quote, text, cutoff, whole_first=whole_first)
            if below:
                assert score < cutoff, (quote, text, cutoff, whole_first)
        if characters_below(quote, text, cutoff):
            assert score < cutoff, (quote, text, cutoff)
    if text:
        assert _window(quote, text, False) == _window(quote, text, True) == window_by_rapidfuzz(quote, text)
        if spans.COMPILED:
            spans.COMPILED = False
            try:
                assert (
                    _window(quote, text, True)
                    == _window(quote, text, False)
                    == window_by_rapidfuzz(quote, text)
                )
            finally:
                spans.COMPILED = True


_ALPHABETS = ("ab", "abc ", "abcdefgh ", "的是不了在人有我他这", "refund within 30 days")


@settings(max_examples=400, deadline=None)
@given(st.data(), st.sampled_from(_ALPHABETS))
def test_random_pairs(data, alphabet):
    letters = st.sampled_from(alphabet)
    first = data.draw(st.text(letters, max_size=90))
    second = data.draw(st.text(letters, max_size=300))
    check(first, second, (0.0, 30.0, 50.0, 70.0, 85.0, 99.0, 100.0))


@settings(max_examples=300, deadline=None)
@given(st.data(), st.sampled_from(_ALPHABETS))
def test_edited_copies_inside_longer_texts(data, alphabet):
    """Pairs near the cutoff: the quote, edited, somewhere in a longer text (or cut at its edge)."""
    letters = st.sampled_from(alphabet)
    quote = data.draw(st.text(letters, min_size=1, max_size=80))
    copy = list(quote)
    for _ in range(data.draw(st.integers(0, max(1, len(quote) // 3)))):
        at = data.draw(st.integers(0, len(copy)))
        if data.draw(st.booleans()) and at < len(copy):
            del copy[at]
        else:
            copy.insert(at, data.draw(letters))
    before, after = data.draw(st.text(letters, max_size=200)), data.draw(st.text(letters, max_size=200))
    edited = "".join(copy)
    for text in (
        before + edited + after,
        edited[len(edited) // 3 :] + after,
        before + edited[: len(edited) // 2],
    ):
        check(quote, text, (50.0, 60.0, 70.0, 80.0, 90.0))


def _bundled(folder) -> list[tuple[str, list[str]]]:
    documents = [json.loads(line) for line in (folder / "corpus.jsonl").read_text().splitlines() if line]
    texts = [normalize_cached(doc["text"]).text for doc in documents]
    texts += [text[i : i + 200] for text in texts for i in range(0, len(text), 70)]
    annotations = json.loads(next(folder.glob("*.annotations.json")).read_text())
    quotes = [
        normalize_cached(span["quote"]).text
        for query in annotations["queries"]
        for sub_question in query["sub_questions"]
        for spans in sub_question["evidence"]
        for span in spans
    ]
    return [(cut, texts) for quote in quotes for cut in (quote, quote[2:], quote[:-3], quote[5:-5])]


@pytest.mark.parametrize("folder", [EN, ZH])
def test_bundled_quotes_against_their_corpus(folder):
    cases = _bundled(folder)
    assert cases
    for quote, texts in cases:
        for text in texts:
            check(quote, text, (50.0, 70.0, 90.0))


# Real shapes (MuSiQue and DuReader paragraphs, normalised): a quote from one paragraph against
# another paragraph and against its own.
_EN_PARAGRAPHS = (
    "the battle of the somme, also known as the somme offensive, was a battle of the first world war "
    "fought by the armies of the british empire and the french third republic against the german empire. "
    "it took place between 1 july and 18 november 1916 on both sides of the upper reaches of the river somme.",
    "green day is an american rock band formed in the east bay of california in 1987 by lead vocalist and "
    "guitarist billie joe armstrong and bassist mike dirnt. for much of the band's career, they have been a "
    "trio with drummer tré cool, who replaced john kiffmeyer in 1990 before the recording of their second album.",
    "the university of notre dame du lac is a catholic research university located adjacent to south bend, "
    "indiana, in the united states. it was founded on november 26, 1842, by father edward sorin, who was also "
    "its first president; the main campus covers 1,250 acres in a suburban setting.",
)
_ZH_PARAGRAPHS = (
    "住房公积金提取需要提供身份证、购房合同及付款凭证原件,职工购买自住住房的,可以在购房之日起一年内申请提取。"
    "办理时间为工作日上午9:00至下午5:00,节假日不办理。",
    "手机屏幕碎了去售后维修,如果在保修期内且不是人为损坏,可以免费更换;人为损坏的需要支付维修费用,"
    "具体价格以门店报价为准,一般在三个工作日内修好。",
    "自受理之日起十五个工作日内作出审核决定,对不符合条件的申请不予受理,并书面告知申请人理由。"
    "申请人对决定不服的,可以在六十日内申请行政复议。",
)


@pytest.mark.parametrize("paragraphs", [_EN_PARAGRAPHS, _ZH_PARAGRAPHS])
def test_real_shaped_paragraphs(paragraphs):
    for paragraph in paragraphs:
        for start in range(0, len(paragraph) // 2, 17):
            quote = paragraph[start : start + len(paragraph) // 3]
            for text in paragraphs:
                check(quote, text, (40.0, 70.0, 90.0))
                check(quote, text[: len(text) // 2], (40.0, 70.0))


def test_an_unrelated_paragraph_is_ruled_out():
    """The bound does its job: a quote from one paragraph, against another."""
    quote = _EN_PARAGRAPHS[0][:150]
    assert partial_ratio_below(quote, _EN_PARAGRAPHS[1], WINDOW_CUTOFF)
    assert not partial_ratio_below(quote, _EN_PARAGRAPHS[1] + " " + _EN_PARAGRAPHS[0], WINDOW_CUTOFF)
    assert partial_ratio_below(_ZH_PARAGRAPHS[0][:40], _ZH_PARAGRAPHS[1], WINDOW_CUTOFF, whole_first=True)


DUREADER = SHARED_DATA / "dureader" / "search.dev.json"


@pytest.mark.skipif(not DUREADER.exists(), reason="DuReader is not in /work/shared (local check only)")
def test_dureader_paragraphs():
    with open(DUREADER, encoding="utf-8") as lines:
        records = [json.loads(line) for line, _ in zip(lines, range(40))]
    paragraphs = [
        normalize_cached(paragraph).text
        for record in records
        for document in record.get("documents", [])
        for paragraph in document.get("paragraphs", [])[:2]
    ]
    assert paragraphs
    for index, paragraph in enumerate(paragraphs[:60]):
        quote = paragraph[len(paragraph) // 4 : len(paragraph) // 4 + 40]
        for text in paragraphs[index : index + 20]:
            check(quote, text, (50.0, 70.0))


def test_the_bound_is_tried_only_past_rapidfuzzs_bit_parallel_width():
    from evidence_eval.match.ratio_bound import WORTH_BOUNDING, worth_bounding

    item = _EN_PARAGRAPHS[0] * 3
    assert not worth_bounding("q" * WORTH_BOUNDING, item)  # rapidfuzz alone is as cheap
    assert worth_bounding("q" * (WORTH_BOUNDING + 1), item)
    assert not worth_bounding(item, "q" * WORTH_BOUNDING)  # the needle is the shorter one


KERNEL = ratio_bound._KERNEL
COMPILED = KERNEL.shared_characters if KERNEL is not None else None
needs_kernel = pytest.mark.skipif(KERNEL is None, reason="the compiled kernel is not built here")
# Repeated and wide characters: the kernel's table holds counts, its strings come in three widths.
_SHARED_ALPHABET = "aab 好的的是\x00\xe9\uffff\U0001f600\U0010ffff"


@needs_kernel
@settings(max_examples=500, deadline=None)
@given(st.text(_SHARED_ALPHABET, max_size=300), st.text(_SHARED_ALPHABET, max_size=300))
def test_the_kernel_counts_shared_characters_as_the_definition(first, second):
    assert COMPILED is not None
    assert COMPILED(first, second) == COMPILED(second, first) == shared_characters(first, second)


@needs_kernel
@given(st.text(max_size=200), st.text(max_size=600))
def test_the_kernel_on_any_text(first, second):
    assert COMPILED is not None
    assert COMPILED(first, second) == shared_characters(first, second)


@needs_kernel
def test_the_kernel_on_long_needles_and_refusals():
    assert COMPILED is not None
    long = "".join(chr(0x4E00 + i % 3000) for i in range(5000))  # past the kernel's stack table
    assert COMPILED(long, long[::-1]) == 5000
    assert COMPILED(long, long[:100]) == shared_characters(long, long[:100])
    with pytest.raises(TypeError):
        COMPILED("a", b"a")  # type: ignore[arg-type]


def test_the_character_bound_rules_unrelated_chinese_out_and_keeps_copies():
    quote = _ZH_PARAGRAPHS[0][:40]
    assert characters_below(quote, _ZH_PARAGRAPHS[1], WINDOW_CUTOFF)
    assert not characters_below(quote, _ZH_PARAGRAPHS[1] + _ZH_PARAGRAPHS[0], WINDOW_CUTOFF)
    assert not characters_below("", _ZH_PARAGRAPHS[1], WINDOW_CUTOFF)


_LCS_ALPHABETS = ("ab", "abc ", "abcdefghij ", "的是不了在人有我他这", "aé好\U0001f600\x00")


# Needle lengths at the kernel's 64-bit word boundaries: each drawn needle is also cut there.
_WORD_EDGES = (1, 63, 64, 65, 127, 128, 129)


@needs_kernel
@settings(max_examples=200, deadline=None)
@given(st.data(), st.sampled_from(_LCS_ALPHABETS))
def test_the_kernel_lcs_is_rapidfuzzs(data, alphabet):
    """Needles across word boundaries (63, 64, 65, 128 characters...) and every width of string:
    each drawn pair, and needles of each word edge's length cut from them (an LCS costs
    microseconds, a drawn pair a few milliseconds of hypothesis)."""
    assert KERNEL is not None
    letters = st.sampled_from(alphabet)
    first = data.draw(st.text(letters, max_size=200))
    second = data.draw(st.text(letters, max_size=400))
    # hypothesis seldom draws a text past 64 characters: the two repeated are cut at each edge
    long = (first + second) * (1 + 400 // (len(first + second) or 1))
    pairs = {(first, second)}
    for edge in _WORD_EDGES:
        pairs |= {(first[:edge], second), (long[:edge], long[edge // 3 : edge * 3] + first)}
    for needle, haystack in pairs:
        assert KERNEL.lcs_length(needle, haystack) == LCSseq.similarity(needle, haystack)
        assert KERNEL.lcs_length(haystack, needle) == LCSseq.similarity(needle, haystack)


@needs_kernel
@pytest.mark.parametrize(
    ("needle", "haystack"),
    [
        ("ab" * 30 + "c" * 70 + "ab" * 15, "ab" * 20),  # a whole 64-bit word of the needle shares no letter
        ("ab" * 20, "ab" * 30 + "c" * 70 + "ab" * 15),
        ("a" * 64 + "b" * 64 + "a" * 64, "a" * 100),
    ],
    ids=["a-word-of-the-needle-unmatched", "the-longer-text-second", "the-middle-word-unmatched"],
)
def test_the_kernel_lcs_carries_across_a_word_that_matches_nothing(needle, haystack):
    """The bit-parallel LCS adds across 64-bit words with a carry: a word of the needle in which
    nothing matches must still pass on the carry of the words before it."""
    assert KERNEL is not None
    assert KERNEL.lcs_length(needle, haystack) == LCSseq.similarity(needle, haystack)


_CUTOFFS = (0.0, 30.0, 50.0, 70.0, 85.0, 100.0)


@needs_kernel
@settings(max_examples=120, deadline=None)
@given(st.data(), st.sampled_from(_LCS_ALPHABETS))
def test_the_kernel_bound_is_the_definition(data, alphabet):
    """Each drawn pair at every cutoff (it was one cutoff drawn a pair: the pair costs
    hypothesis milliseconds, a cutoff microseconds)."""
    assert KERNEL is not None
    letters = st.sampled_from(alphabet)
    first = data.draw(st.text(letters, max_size=200))
    second = data.draw(st.text(letters, max_size=700))
    for cutoff in _CUTOFFS:
        for whole_first in (False, True):
            expected = partial_ratio_below_by_lcs(first, second, cutoff, whole_first=whole_first)
            assert KERNEL.partial_ratio_below(first, second, cutoff, whole_first) == expected, cutoff


@needs_kernel
def test_the_kernel_on_real_shaped_paragraphs_and_refusals():
    assert KERNEL is not None
    for paragraphs in (_EN_PARAGRAPHS, _ZH_PARAGRAPHS):
        for paragraph in paragraphs:
            for text in paragraphs:
                assert KERNEL.lcs_length(paragraph, text) == LCSseq.similarity(paragraph, text)
                for quote in (paragraph[:70], paragraph[10:150], paragraph):
                    for whole_first in (False, True):
                        expected = partial_ratio_below_by_lcs(quote, text, 70.0, whole_first=whole_first)
                        assert KERNEL.partial_ratio_below(quote, text, 70.0, whole_first) == expected
    with pytest.raises(TypeError):
        KERNEL.partial_ratio_below("a", "b", 70, False)  # type: ignore[arg-type]


@needs_kernel
@settings(max_examples=120, deadline=None)
@given(st.data(), st.sampled_from(_LCS_ALPHABETS))
def test_the_kernel_bounds_a_quotes_texts_as_the_definition(data, alphabet):
    """`partial_ratio_below_each`: texts shorter and longer than the quote, empty ones, every
    width; each drawn quote and texts at every cutoff."""
    assert KERNEL is not None
    letters = st.sampled_from(alphabet)
    quote = data.draw(st.text(letters, max_size=200))
    texts = data.draw(st.lists(st.text(letters, max_size=700), max_size=6))
    for cutoff in _CUTOFFS:
        for whole_first in (False, True):
            for characters_first in (False, True):
                expected = partial_ratio_below_each_by_lcs(
                    quote, texts, cutoff, whole_first=whole_first, characters_first=characters_first
                )
                assert (
                    KERNEL.partial_ratio_below_each(quote, texts, cutoff, whole_first, characters_first)
                    == expected
                ), cutoff


@needs_kernel
def test_the_kernel_bounds_real_shaped_paragraphs_at_once_and_refuses_what_is_not_text():
    assert KERNEL is not None
    for paragraphs in (_EN_PARAGRAPHS, _ZH_PARAGRAPHS):
        texts = [*paragraphs, *(paragraph[: len(paragraph) // 3] for paragraph in paragraphs), ""]
        for paragraph in paragraphs:
            for quote in (paragraph[:70], paragraph[10:150], paragraph, ""):
                for flag in (False, True):
                    expected = partial_ratio_below_each_by_lcs(
                        quote, texts, 70.0, whole_first=flag, characters_first=flag
                    )
                    assert expected.count(True) not in (0, len(texts)) or not quote
                    assert KERNEL.partial_ratio_below_each(quote, tuple(texts), 70.0, flag, flag) == expected
    with pytest.raises(TypeError):
        KERNEL.partial_ratio_below_each("a", ["b", b"c"], 70.0, False, False)  # type: ignore[list-item]
    with pytest.raises(TypeError):
        KERNEL.partial_ratio_below_each("a", ["b"], 70, False, False)  # type: ignore[arg-type]
