"""The span search's fuzzy route aligns a quote with all a stage's items at once
(`fuzzy_in_text.many`, one `align_many`): the same results as one item at a time."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest
from conftest import EN, ZH
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_eval.match.align import assess
from evidence_eval.match.span_rules import QuoteReading
from evidence_eval.match.spans import (
    FuzzyFound,
    _fuzzy_verdict,
    _window,
    fuzzy_in_text,
)
from evidence_eval.text.normalize import normalize_cached
from evidence_eval.text.tokens import starting_in, tokenize


def one_by_one(quote: str, text: str, language: str, threshold: float) -> FuzzyFound | None:
    """The route as it was, item by item: `assess` makes its own alignment."""
    norm_quote = normalize_cached(quote).text
    if not norm_quote or not text:
        return None
    window = _window(norm_quote, text)
    if window is None:
        return None
    claim = tokenize(quote, language, True)
    text_tokens = starting_in(tokenize(text, language), *window)
    found = assess(claim, text_tokens, chinese=language.startswith("zh"))
    if found.region is None:
        return None
    start, end = found.region
    verdict, detail = _fuzzy_verdict(
        QuoteReading(claim, norm_quote, text_tokens, found, text, threshold, True)
    )
    return verdict, detail, start, end, 100.0 * found.support


def check_batch(quote: str, texts: Sequence[str], language: str, threshold: float) -> None:
    expected = [one_by_one(quote, text, language, threshold) for text in texts]
    fuzzy_in_text.cache_clear()
    assert fuzzy_in_text.many(quote, texts, language, threshold) == expected
    assert fuzzy_in_text.many(quote, texts, language, threshold) == expected  # from the cache
    assert [fuzzy_in_text(quote, text, language, threshold) for text in texts] == expected
    half = len(texts) // 2  # some texts cached, some not
    fuzzy_in_text.cache_clear()
    fuzzy_in_text.many(quote, texts[:half], language, threshold)
    assert fuzzy_in_text.many(quote, list(reversed(texts)), language, threshold) == expected[::-1]


def _cuts(quote: str) -> list[str]:
    """The quote, and with its ends cut inside a word (as the bench's quotes are)."""
    return [quote, quote[1:], quote[:-2], quote[3:-3]]


def _example(folder, language: str) -> list[tuple[str, list[str]]]:
    """Each evidence quote of a bundled example against every chunk of its corpus."""
    documents = [json.loads(line) for line in (folder / "corpus.jsonl").read_text().splitlines() if line]
    chunks = [
        normalize_cached(doc["text"][chunk["start"] : chunk["end"]]).text
        for doc in documents
        for chunk in doc.get("chunks") or [{"start": 0, "end": len(doc["text"])}]
    ]
    chunks += [normalize_cached(doc["text"]).text for doc in documents]
    annotations = json.loads(next(folder.glob("*.annotations.json")).read_text())
    quotes = [
        span["quote"]
        for query in annotations["queries"]
        for sub_question in query["sub_questions"]
        for spans in sub_question["evidence"]
        for span in spans
    ]
    return [(cut, chunks) for quote in quotes for cut in _cuts(quote)]


@pytest.mark.parametrize(("folder", "language"), [(EN, "en"), (ZH, "zh")])
def test_bundled_quotes_against_their_corpus_chunks(folder, language):
    cases = _example(folder, language)
    assert cases
    for quote, texts in cases:
        check_batch(quote, texts, language, 90.0)


_EN_WORDS = (
    "the refund is not available within 30 days of purchase after $50 unless a receipt "
    "nonrefundable Acme Corp may must shall only if approximately 12 months warranty claims "
    "never both parents"
).split()
_ZH_WORDS = (
    "自 受理 申请 之日起 十五个 工作日 内 作出 审核 决定 不予 受理 非 处方药 应当 可以 30日 维修 资金 不"
).split()


def _texts(words: list[str], joiner: str) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(words), min_size=0, max_size=30).map(joiner.join)


@settings(max_examples=60, deadline=None)
@given(
    st.data(),
    st.sampled_from([("en", " "), ("zh", "")]),
    st.sampled_from([80.0, 90.0]),
)
def test_generated_quotes_and_items(data, language_joiner, threshold):
    language, joiner = language_joiner
    words = _EN_WORDS if language == "en" else _ZH_WORDS
    quote = data.draw(_texts(words, joiner).filter(str.strip))
    items = data.draw(st.lists(_texts(words, joiner), min_size=1, max_size=6))
    # items that hold the quote, cut or edited, so that alignments are made and judged
    items += [normalize_cached(item + joiner + quote[1:] + joiner + item).text for item in items[:2]]
    texts = [normalize_cached(item).text for item in items]
    texts.append(texts[0])  # a repeated item
    check_batch(quote, texts, language, threshold)


def test_the_cache_is_bounded_and_drops_the_least_recently_used():
    fuzzy_in_text.cache_clear()
    maxsize = fuzzy_in_text.maxsize
    text = "the refund is available within 30 days of purchase"
    fuzzy_in_text.many("refund", [text], "en", 90.0)
    for number in range(maxsize):
        fuzzy_in_text.many(f"refund {number}", [text], "en", 90.0)
        if number == maxsize // 2:
            fuzzy_in_text.many("refund", [text], "en", 90.0)  # used again: kept
    info = fuzzy_in_text.cache_info()
    assert info.currsize == maxsize == info.maxsize
    hits = info.hits
    fuzzy_in_text.many("refund", [text], "en", 90.0)
    fuzzy_in_text.many("refund 0", [text], "en", 90.0)  # the oldest: dropped
    assert fuzzy_in_text.cache_info().hits == hits + 1
    fuzzy_in_text.cache_clear()
    assert fuzzy_in_text.cache_info().currsize == 0


def test_the_cache_drops_a_quotes_results_together_and_stays_bounded():
    fuzzy_in_text.cache_clear()
    maxsize = fuzzy_in_text.maxsize
    texts = [f"the refund is available within {days} days of purchase" for days in (10, 20, 30)]
    first = fuzzy_in_text.many("refund within 30 days", texts, "en", 90.0)
    for number in range(maxsize // len(texts) + 1):
        fuzzy_in_text.many(f"refund {number}", texts, "en", 90.0)
        assert fuzzy_in_text.cache_info().currsize <= maxsize
    misses = fuzzy_in_text.cache_info().misses
    assert fuzzy_in_text.many("refund within 30 days", texts, "en", 90.0) == first  # dropped: aligned again
    assert fuzzy_in_text.cache_info().misses == misses + len(texts)
    fuzzy_in_text.cache_clear()
