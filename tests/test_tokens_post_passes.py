"""The English post-passes of tokenisation skip a text that cannot change, and give what the
plain loops (kept here as the definition) give on every text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_eval.text import tokens as T
from evidence_eval.text.normalize import normalize_cached
from evidence_eval.text.segment import segmenter_for
from tests.drawn import SPACES, hard_texts


def _nor_carries_on_plain(tokens, text):
    negated = False
    for index, token in enumerate(tokens):
        if negated and token.negates and text[token.start : token.end] == "nor":
            tokens[index] = T.Token(token.start, token.end, "nor", "function")
        negated = negated or token.negates > 0
    return tokens


def _participles_plain(tokens, text, segmenter):
    for index in range(1, len(tokens)):
        token, before = tokens[index], tokens[index - 1]
        word = text[token.start : token.end]
        led = text[before.start : before.end] in T._DETERMINERS
        if led and word in T._PARTICIPLE_CUES and token.category == "cond":
            stem = T._english_stem(word, segmenter)
            tokens[index] = T.Token(token.start, token.end, segmenter.lemma(word), "word", stem=stem)
    return tokens


_TEXTS = [
    "Based on the provided context, refunds are paid within 14 days.",
    "Refunds are paid, provided the form is complete.",
    "Provided that the form is complete, the store does not accept cash nor cards.",
    "Neither cash nor cheques are accepted; nor are cards.",
    "The shop accepts cash nor cards.",
    "Your provided documents and any provided receipts were not returned, nor was the fee.",
    "He was not born in Brooksville, nor in Florida, nor did he design the Hernando County Courthouse.",
    "The administration of the school is the responsibility of the South Slave Divisional Education Council.",
    "Nor'easter storms hit New York City; the provided map shows Staten Island.",
    "No later than 30 days, unless provided otherwise; nonrefundable, nor transferable.",
    "",
    "nor",
    "provided",
]

_WORDS = st.sampled_from(
    [
        "the",
        "a",
        "your",
        "provided",
        "Provided",
        "nor",
        "Nor",
        "not",
        "no",
        "neither",
        "cash",
        "cards",
        "never",
        "isn't",
        "that",
        "form",
        "complete",
        ",",
        ";",
        ".",
        "30",
        "days",
        "unless",
        "none",
    ]
)


def _unpassed_tokens(text, monkeypatch):
    """The tokens of `text` before the post-passes (they are made the identity)."""
    with monkeypatch.context() as patch:
        patch.setattr(T, "_nor_carries_on", lambda tokens, text: tokens)
        patch.setattr(T, "_participles_after_determiners", lambda tokens, text, segmenter: tokens)
        return T._tokens(normalize_cached(text), segmenter_for("en"), False)


def _check(text, monkeypatch):
    segmenter = segmenter_for("en")
    norm_text = normalize_cached(text).text
    tokens = _unpassed_tokens(text, monkeypatch)
    assert T._nor_carries_on(list(tokens), norm_text) == _nor_carries_on_plain(list(tokens), norm_text)
    assert T._participles_after_determiners(list(tokens), norm_text, segmenter) == _participles_plain(
        list(tokens), norm_text, segmenter
    )


@pytest.mark.parametrize("text", _TEXTS)
def test_post_passes_equal_the_plain_loops_on_real_shaped_texts(text, monkeypatch):
    _check(text, monkeypatch)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(_WORDS | st.sampled_from(SPACES), max_size=14).map(" ".join)
    | st.text(max_size=40)
    | hard_texts(6)
)
def test_post_passes_equal_the_plain_loops_on_generated_texts(text):
    with pytest.MonkeyPatch.context() as monkeypatch:
        _check(text, monkeypatch)


_ORIGIN_TEXTS = [
    *_TEXTS,
    "  Straße   ﬁnal  —  Ⅻ\\tthe  ÉCOLE,  naïve  ½ cup ",
    "The   Hernando County Courthouse,\\n\\n built in 1913 (SSDEC) ; “quoted”  ‘text’ …",
    "ﬀ ﬃ İstanbul ǅ ß ẞ ŉ",
    "\\u200b zero\\u200bwidth \\u00ad soft\\u00adhyphen",
]


def _assert_origin_positions(text):
    from evidence_eval.text.normalize import Normalized, normalize

    norm = normalize(text)
    fresh = Normalized(norm.text, norm.source)
    origin = fresh.origin
    assert list(fresh.origin_positions()) == [origin[i] for i in range(len(norm.text) + 1)]


@pytest.mark.parametrize("text", _ORIGIN_TEXTS)
def test_origin_positions_equal_the_origin_map(text):
    _assert_origin_positions(text)


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet=st.sampled_from(list("aB ßﬁİǅẞ\t\n.,;-—…½Ⅻ\u200b\u00adÉé1")), max_size=30)
    | st.text(max_size=30)
    | hard_texts(6)
)
def test_origin_positions_equal_the_origin_map_on_generated_texts(text):
    _assert_origin_positions(text)
