"""The compiled pass (`text/_normalize_kernel.c`) gives the texts and origin maps of the
whole-string Python path (`_normalized_text`, `_origin`: the definition and the fallback) on
real-shaped texts and on any text (every plane, combining marks, every whitespace kind, astral
and Traditional characters, full-width forms, "ς"/"Σ"); without it (not built, or
EVIDENCE_EVAL_PURE_PYTHON=1) `normalize` runs the Python path."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import unicodedata

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from test_normalize import CRAFTED, REAL_TEXTS

from evidence_eval.text import normalize as N
from tests.drawn import hard_texts, markup_texts, tails

pytestmark = pytest.mark.skipif(N._KERNEL is None, reason="the compiled normaliser was not built")


def assert_as_python(text: str) -> None:
    assert N._compiled_text(text) == N._normalized_text(text)
    assert list(N._compiled_origin(text)) == list(N._origin(text))
    norm = N.normalize(text)
    assert norm.text == N._normalized_text(text)
    assert list(norm.origin) == list(N._origin(text))


@pytest.mark.parametrize("text", REAL_TEXTS + CRAFTED)
def test_real_and_crafted_texts_as_the_python_path(text):
    assert_as_python(text)


def test_real_texts_cut_anywhere_as_the_python_path():
    for text in REAL_TEXTS:
        for start in range(0, len(text), 7):
            for width in (1, 2, 5, 29, 120):
                assert_as_python(text[start : start + width])


def _tricky_characters() -> st.SearchStrategy[str]:
    """Every whitespace code point and the characters normalising gets wrong most easily;
    built at the first draw (the whitespace is a scan of all of Unicode: not at collection,
    which every test worker does)."""
    whitespace = [chr(code) for code in range(sys.maxunicode + 1) if chr(code).isspace()]
    return st.sampled_from(
        whitespace
        + list("-*•▪\u200b\u200d\u00ad\u0301\u0308\u0345ͅ¨´¸ﬁﬃ…㈱㍿ﾃﾞ①ＡａＺ，。、“”「」")
        + list("申請維修資金薴苧ΣσςΑΣİıßẞǅᏣꮳŉǰΐ😀🏽🇺\U00030000\U000e0067𝐀\U0010fffd\ud800")
    )


_TRICKY = st.deferred(_tricky_characters)


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.text(),
        st.text(st.characters(min_codepoint=0, max_codepoint=sys.maxunicode)),
        st.text(_TRICKY, max_size=40),
        st.lists(_TRICKY | st.text(max_size=3)).map("".join),
        hard_texts(),
    )
)
def test_any_text_as_the_python_path(text):
    """Each drawn text, and it without its first character and without its first half (a space
    run or a fold cut at its start): three texts an example, where a draw costs hypothesis
    about three checks."""
    for cut in tails(text, (1, len(text) // 2)):
        assert_as_python(cut)


def test_folds_of_many_characters_and_of_none_keep_their_origin():
    expanding = [chr(code) for code in range(0x3400) if len(N._TABLE[code]) != 1]
    assert expanding  # "ﬁ", "…", "¨" (a space and a mark), "ŉ", ...
    for char in expanding:
        for text in (char, f"a{char}b", f"a {char} b", f"申{char}请", f"{char}\n{char}", f" {char} "):
            assert_as_python(text)
    assert_as_python("".join(expanding))
    longest = "\ufdfa"  # NFKC: 18 characters
    for text in (longest * 500, f"a {longest} " * 300, "\u00a8 " * 400 + "x", "ﬁ" * 1000 + " " * 50):
        assert_as_python(text)


def test_every_plane_letter_and_mark():
    sample = "".join(
        chr(code) for code in range(0, sys.maxunicode + 1, 97) if unicodedata.category(chr(code)) != "Cs"
    )
    for start in range(0, len(sample), 400):
        assert_as_python(sample[start : start + 400])


def _probe(prelude: str, **environment: str) -> list[str]:
    code = (
        f"import sys; {prelude}\n"
        "from evidence_eval.text import normalize as N\n"
        "norm = N.normalize('A  b\\u3000申請，c ﬁ')\n"
        "print(N._KERNEL is None, repr(norm.text), list(norm.origin))"
    )
    completed = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, **environment},
    )
    return completed.stdout.split(" ", 1)


def test_without_the_kernel_the_python_path_normalises():
    unbuilt = _probe('sys.modules["evidence_eval.text._normalize_kernel"] = None')
    turned_off = _probe("", EVIDENCE_EVAL_PURE_PYTHON="1")
    assert unbuilt[0] == turned_off[0] == "True"
    assert unbuilt == turned_off
    default = _probe("", EVIDENCE_EVAL_PURE_PYTHON="0")
    built = importlib.util.find_spec("evidence_eval.text._normalize_kernel") is not None
    assert default[0] == str(not built)
    assert default[1:] == unbuilt[1:]


@settings(max_examples=400, deadline=None)
@example("\u3000＋ x")  # a marker form after whitespace other than a space or a tab, no line break
@example("\r* x")
@given(markup_texts())
def test_a_text_folded_without_unmarking_has_no_list_marker(text):
    """`text_of(text, False)` folds only a text `_unmarked` leaves as it is (else None)."""
    folded = N._KERNEL.text_of(text, False)
    assert folded is None or N._unmarked(text) == text
    assert N._compiled_text(text) == N._normalized_text(text)
