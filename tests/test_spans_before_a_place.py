"""Values and kept spans read up to a place (`find_values(text, before)`, `_kept_spans(...,
before)`: what an English window reads of a long text) are the first of the whole text's: the
same values, every field of each, and the same kept spans, for every place of real and
generated texts."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_eval.text import tokens as T
from evidence_eval.text import values as V
from evidence_eval.text.normalize import normalize
from tests.conftest import REAL_TEXTS
from tests.drawn import HARD

# Values and cues that reach over a place: ranges, signs, dates, currencies before an amount,
# number words, cue phrases around values.
_PIECES = [
    *"0123456789 ,.-/$%",
    " between 10 and 15 days",
    " -5 °C",
    "(-12%)",
    "$ 1,200.50",
    "US$5 million",
    " one hundred and twenty ",
    " twenty-one ",
    "January 3, 2021",
    "3 March 2021",
    " the 1990s",
    " Python 3.10",
    " 1648 BC",
    " at least ",
    " no later than ",
    " more than 30 percent",
    " half an hour",
    " a week",
    " twice ",
    " 3 pm",
    "15:30",
    "10-15 kg",
    "十五个工作日",
    "2021年1月3日",
    "不超过",
    "百分之十五",
    "约15天",
    "公元前",
    "第三",
    "元",
    " or ",
]


def assert_values_up_to(written: str, before: int, values: tuple[V.Value, ...]) -> None:
    """The values read before a place are the first of the text's: each starts before it, and
    every one that starts over a character before it is there (a value starts where its match
    does, or a character before: its minus sign)."""
    read = V._find_values.__wrapped__(written, before)
    assert read == values[: len(read)]
    assert all(value.start < before for value in read)
    assert sum(value.start + 1 < before for value in values) <= len(read)


def assert_first_of_the_whole(text: str) -> None:
    norm = normalize(text)
    written = norm.text
    values = V._find_values.__wrapped__(written)
    kept = {chinese: T._kept_spans(norm, chinese) for chinese in (False, True)}
    for before in range(len(written) + 2):
        assert_values_up_to(written, before, values)  # values are read alike in either language
        for chinese, spans in kept.items():
            assert T._kept_spans(norm, chinese, before) == [span for span in spans if span[0] < before]


def test_values_up_to_a_place_are_the_first_of_the_whole():
    written = normalize("fell to -5 °C, then rose 10-15 kg and $1,200 by 3 March 2021").text
    values = V._find_values.__wrapped__(written)
    assert len(values) >= 4
    for before in range(len(written) + 1):
        assert_values_up_to(written, before, values)


@pytest.mark.parametrize("index", range(0, 72, 6))
def test_real_texts_read_up_to_every_place_are_the_first_of_the_whole(index):
    for text in REAL_TEXTS[index : index + 6]:
        assert_first_of_the_whole(text[:250])


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(_PIECES) | st.sampled_from(HARD), max_size=8).map("".join))
def test_generated_texts_read_up_to_every_place_are_the_first_of_the_whole(text):
    """Texts of up to 8 pieces: each value or cue that reaches over a place is a piece or two
    (a sign and a number, a range's ends, a currency and an amount), and every place of a text
    is read, so the time grows with the square of its length (12 pieces: twice the time)."""
    assert_first_of_the_whole(text)
