"""The fuzzy route's window tokens (`tokens.window_tokens`, English: the words of the window
only) are the whole text's tokens that start in the window (`starting_in(tokenize(...))`, the
definition), every field of each, on every window a real `score` run asks for and on generated
texts and windows."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from conftest import ROOT
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_eval import cli
from evidence_eval.match import spans
from evidence_eval.testing.score_inputs import build
from evidence_eval.text import tokens as T
from evidence_eval.text.normalize import normalize_cached
from evidence_eval.text.segment import segmenter_for
from evidence_eval.text.tokens import Token, starting_in, tokenize, window_tokens
from tests.drawn import HARD

REALISTIC_EN = ROOT / "bench" / "out" / "realistic-300" / "en"

Window = tuple[str, str, int, int]


def _fields(tokens: tuple[Token, ...]) -> list[tuple[object, ...]]:
    """Every field of each token, the derived ones (not compared by ==) included."""
    return [
        (t.start, t.end, t.key, t.category, t.negates, t.stem, t.value, t.critical, t.weight) for t in tokens
    ]


def _whole_then_cut(text: str, language: str, lo: int, hi: int) -> tuple[Token, ...]:
    return starting_in(tokenize(text, language), lo, hi)


def _cut_from_the_whole_text(text: str, language: str, lo: int, hi: int) -> bool:
    """Whether `window_tokens` falls back on the whole text's tokens (a post-pass reaches in)."""
    norm = normalize_cached(text)
    return T._a_post_pass_may_change(T._english_tokens_in(norm, segmenter_for(language), lo, hi), norm.text)


def _windows_of_a_run(annotations: Path, traces: Path, monkeypatch: pytest.MonkeyPatch) -> list[Window]:
    """The (item, language, lo, hi) of every window `score` tokenises."""
    asked: list[Window] = []

    def recording(text: str, language: str, lo: int, hi: int) -> tuple[Token, ...]:
        asked.append((text, language, lo, hi))
        return window_tokens(text, language, lo, hi)

    monkeypatch.setattr(spans, "window_tokens", recording)
    spans.fuzzy_in_text.cache_clear()
    with tempfile.TemporaryDirectory() as folder:
        arguments = ["score", str(annotations), str(traces), "--format", "json"]
        cli.main([*arguments, "-o", str(Path(folder) / "report.json")], standalone_mode=False)
    spans.fuzzy_in_text.cache_clear()
    return list(dict.fromkeys(asked))


def _assert_same(windows: list[Window]) -> None:
    different = [w for w in windows if _fields(window_tokens(*w)) != _fields(_whole_then_cut(*w))]
    assert not different, different[:3]


def test_generated_score_inputs_window_alike(monkeypatch, tmp_path):
    build(tmp_path, 20, zh=False, seed=7)
    windows = _windows_of_a_run(
        tmp_path / "bench.annotations.json", tmp_path / "bench.traces.jsonl", monkeypatch
    )
    assert windows and all(language == "en" for _, language, _, _ in windows)
    _assert_same(windows)


@pytest.mark.skipif(
    not REALISTIC_EN.exists(), reason="bench/out/realistic-300 not generated (make_realistic.py)"
)
def test_every_window_of_a_realistic_english_run_alike(monkeypatch):
    windows = _windows_of_a_run(
        REALISTIC_EN / "bench.annotations.json", REALISTIC_EN / "bench.traces.jsonl", monkeypatch
    )
    assert len(windows) > 200
    fast = [w for w in windows if not _cut_from_the_whole_text(*w)]
    assert len(fast) > len(windows) * 3 // 4  # most take the words-of-the-window path
    assert any(hi - lo < len(normalize_cached(text).text) // 2 for text, _, lo, hi in fast)
    _assert_same(windows)


# Pieces English items are made of, with what makes a token depend on more than its word: values
# that span words ("$1.5 million", "no later than 30 days"), cue phrases, a minus sign, decades,
# versions, "nor" after a negation, "provided" after a determiner, dots and other punctuation
# that normalisation glues to the next word, capitals (names are not marked in items).
_PIECES = st.one_of(
    st.sampled_from(
        "the a refund is paid within 30 days of purchase , no later than 5 business days . "
        "neither cash nor cheques nor cards are accepted ; does not apply provided that "
        "the provided context unless based on $1.5 million -5 °C fell to in the 1990s "
        "version 3.10 python 3.10 one of the deepest two hundred and five 12.5% u.s. e.g. "
        "nonrefundable isn't Monday 9 a.m. at least at most more than twice weekly may must "
        "should never not ineligible Retail Emporium W-8BEN IRS 2024-01-05 March 3, 2021 "
        "(approx.) ; : ! ? \" ' - -- ... first second half".split(" ")
    ),
    st.text(st.sampled_from("abcdefxyz ABC0123456789.,;:-'$%()\"!?\n\t"), min_size=1, max_size=6),
    st.sampled_from(HARD),
)
_TEXTS = st.lists(
    st.tuples(_PIECES, st.sampled_from([" ", " ", " ", "", "  ", "\n", ". ", ", "])), max_size=40
).map(lambda pairs: "".join(piece + gap for piece, gap in pairs))


@settings(max_examples=400, deadline=None)
@given(_TEXTS, st.data())
def test_generated_texts_and_windows_alike(text, data):
    size = len(normalize_cached(text).text)
    lo = data.draw(st.integers(0, size + 1), label="lo")
    hi = data.draw(st.integers(lo, size + 2), label="hi")
    assert _fields(window_tokens(text, "en", lo, hi)) == _fields(_whole_then_cut(text, "en", lo, hi))


@pytest.mark.parametrize(
    "text, word",
    [
        ("We do not accept cash nor cheques for the repair.", "nor"),
        ("Neither the receipt nor the box is needed.", "nor"),
        ("Based on the provided context, refunds take 30 days.", "provided"),
        ("Answer the provided questions only.", "provided"),
    ],
)
def test_a_window_that_a_post_pass_reaches_is_cut_from_the_whole_text(text, word):
    norm = normalize_cached(text).text
    lo = norm.index(word)
    whole = _whole_then_cut(text, "en", lo, len(norm))
    assert _fields(window_tokens(text, "en", lo, len(norm))) == _fields(whole)
    # what the window's own words would say differs: the post-pass read a token before the window
    alone = tokenize(norm[lo:], "en")
    assert _fields(alone[:1]) != [(f[0] - lo, f[1] - lo, *f[2:]) for f in _fields(whole[:1])]


def test_chinese_windows_are_cut_from_the_whole_text():
    text = "申请人可以拒绝加班，退款在30个工作日内到账。"
    norm = normalize_cached(text).text
    for lo in range(0, len(norm), 3):
        assert _fields(window_tokens(text, "zh", lo, lo + 7)) == _fields(
            _whole_then_cut(text, "zh", lo, lo + 7)
        )
