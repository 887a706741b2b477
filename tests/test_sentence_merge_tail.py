"""Sentence merging (v2: no break after an abbreviation, an initial, a list number or a full stop
between digits) reads only a long line's tail, so that a sentence growing by merges ("No. No.
No. ...") costs linear time; the decision is the one the whole line gives (the definition below)."""

from __future__ import annotations

import time

from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_eval.text import segment
from evidence_eval.text.segment import _ABBREVIATIONS, _LAST_WORD_RE, _LIST_MARKER_RE, _ascii_alnum
from tests.drawn import HARD, joined_pieces


def continues_by_whole_line(text: str, start: int, end: int, following: int) -> bool:
    """The definition: the whole last line of the sentence is read."""
    piece = text[start:end].rstrip().rsplit("\n", 1)[-1]
    if not piece.endswith("."):
        return False
    if (
        following == end
        and _ascii_alnum(text[end - 2 : end - 1])
        and _ascii_alnum(text[following : following + 1])
    ):
        return True
    if piece[-2:-1].isdigit() and text[following : following + 1].isdigit():
        return True
    if _LIST_MARKER_RE.match(piece):
        return True
    last = _LAST_WORD_RE.search(piece)
    if last is None:
        return False
    word = last.group(1)
    return word.lower() in _ABBREVIATIONS or (len(word) == 1 and word.isupper())


PIECES = [
    "No.",
    "no.",
    "U.S.",
    "e.g.",
    "Z.",
    "iv.",
    "12.",
    "1)",
    "6.4",
    " ",
    "  ",
    "\n",
    "\t",
    "!",
    "...",
    "-",
    "word",
    "approx.",
    "Approximately.",
    "x" * 40,
    "a.b",
    "_",
    "。",
    "第3条.",
    "İ.",
    "—.",
    "?",
]
texts = joined_pieces([PIECES, HARD], 160, min_pieces=1)  # up to ~800 characters: past `_TAIL` (256)


@settings(max_examples=400, deadline=None)
@given(texts, st.data())
def test_the_tail_decides_as_the_whole_line(text, data):
    start = data.draw(st.integers(0, len(text) - 1))
    end = data.draw(st.integers(start + 1, len(text)))
    following = data.draw(st.sampled_from([end, min(len(text), end + 1)]))
    assert segment._continues(text, start, end, following) == continues_by_whole_line(
        text, start, end, following
    )


def test_long_lines_ending_in_each_way_decide_as_the_whole_line():
    long_words = "The conditions of the warranty are set out in the attached schedule " * 6
    endings = ["No.", "U.S.", "Mr.", "Z.", "etc.", "end.", "1.", "v1.", "!!!.", "a" * 300 + ".", "." * 300]
    leads = ["", "- " * 200, "1. ", "\n", "x." * 150]
    for lead in leads:
        for ending in endings:
            text = lead + long_words + ending + " Next"
            end = len(text) - len(" Next")
            for start in (0, len(lead)):
                expected = continues_by_whole_line(text, start, end + 1, end + 1)
                assert segment._continues(text, start, end + 1, end + 1) == expected, (lead[:10], ending[:10])


def test_abbreviations_in_a_row_are_merged_in_linear_time():
    spans_of = segment.sentence_spans_v2
    times = []
    for count in (1_000, 4_000):  # quadratic (each merged line read whole) here: 0.3 s -> 4.9 s
        text = "No. " * count
        spans = [(offset, offset + 4) for offset in range(0, len(text), 4)]
        best = float("inf")
        for _ in range(2):  # the better of two runs: a shared machine's slow spell
            started = time.process_time()
            merged = spans_of(text, spans, chinese=False)
            best = min(best, time.process_time() - started)
        times.append(best)
        assert merged[0][0] == 0 and all(end - start <= segment.MAX_SENTENCE for start, end in merged)
    assert times[1] < 8 * times[0] + 0.1, times  # linear: ~4x; reading each merged line whole: 16x
