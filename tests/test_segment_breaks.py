"""`cues.segment_around_once` (a text's breaks found once, then looked up) gives
`cues.segment_around` (the breaks searched from the text's start at every call) everywhere."""

from __future__ import annotations

import json

import pytest
from conftest import EN, ZH
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_eval.text.cues import segment_around, segment_around_once, segment_breaks
from evidence_eval.text.normalize import normalize_cached


def check(text: str) -> None:
    for start in range(len(text) + 1):
        for end in (start, start + 1, start + 3, start + 11, len(text), start - 1):
            assert segment_around_once(text, start, end) == segment_around(text, start, end), (
                text,
                start,
                end,
            )


_PIECES = [
    *"a b , . ; : ! ? but however and or if when unless who which therefore 1.5 3.0 e.g.".split(),
    *"但 但是 然而 而 而且 并且 或者 以及 如果 若 因为 虽然 尽管 除非 因此 所以 因而 , ; . 的 申请 受理".split(),
    " ",
    "  ",
    ",but",
    ". but",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES) | st.text(max_size=3), max_size=20), st.sampled_from(["", " "]))
def test_generated_texts(pieces, joiner):
    check(joiner.join(pieces))


@pytest.mark.parametrize("folder", [EN, ZH])
def test_bundled_corpora(folder):
    for line in (folder / "corpus.jsonl").read_text().splitlines():
        if line:
            check(normalize_cached(json.loads(line)["text"]).text[:1500])


def test_breaks_are_found_once_per_text():
    segment_breaks.cache_clear()
    text = "refunds are issued within 30 days, unless the item was opened; returns are free but slow"
    for start in range(0, len(text), 5):
        segment_around_once(text, start, start + 4)
    info = segment_breaks.cache_info()
    assert info.misses == 1 and info.hits > 5
