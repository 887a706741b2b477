"""`segment_around` and `clause_around` read the breaks from a place at rest shortly before a
region, else each text's breaks once (`cues.breaks_in`), and find the stretch around the region.
The definition below is the loop before: every break of the text read in order, for each call."""

from __future__ import annotations

import re
import time

import pytest
from conftest import EN, ZH
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from evidence_eval.scoring.run import open_checked
from evidence_eval.text import cues as C
from evidence_eval.text.normalize import normalize
from tests.drawn import HARD, joined_pieces


def between_breaks_by_scan(breaks: re.Pattern[str], text: str, start: int, end: int) -> tuple[int, int]:
    left = 0
    right = len(text)
    for match in breaks.finditer(text):
        if match.end() <= start:
            left = match.end()
        elif match.start() >= end:
            right = match.start()
            break
    return left, right


SENTENCES = [
    "Refunds are not issued after 30 days, but store credit may be given if the receipt is kept.",
    "The museum, which opened in 1902, used to charge admission; however, entry is now free.",
    "Applicants must apply within 15 business days unless they are abroad, and fees are 3.5% or less.",
    "He was born in Ulm; he moved to Munich, then to Italy. Although he failed, he tried again!",
    "Who wrote it? Therefore the answer, whose source is unclear, is neither A nor B.",
    "申请人须在15个工作日内提交材料，但是逾期的不予受理；如果材料不全，则退回。",
    "虽然价格上涨了5%，然而销量并且利润都增加了，因此公司决定扩张，以及招聘。",
    "尽管天气不好，除非下雨，否则比赛照常进行，所以请准时到场。",
]
_PIECES = [
    *"abc ,.;!?:",
    " but ",
    " and ",
    " or ",
    " if ",
    " which ",
    " however ",
    "3.5",
    "e.g.",
    "但是",
    "然而",
    "如果",
    "因为",
    "，",
    "。",
]


@pytest.mark.parametrize("text", SENTENCES)
def test_segments_and_clauses_of_sentences_are_those_of_the_scan(text):
    for written in (text, normalize(text).text):
        C.breaks_in.cache_clear()
        for start in range(len(written) + 1):
            for end in (start, start + 1, start + 5, len(written)):
                for breaks in (C._SEGMENT_BREAK_RE, C._WIDE_BREAK_RE):
                    assert C._between_breaks(breaks, written, start, end) == between_breaks_by_scan(
                        breaks, written, start, end
                    )


@settings(max_examples=500, deadline=None)
@given(joined_pieces([_PIECES, HARD], max_pieces=20), st.integers(-2, 80), st.integers(-2, 80))
def test_any_region_gives_what_the_scan_gives(text, start, end):
    """Regions of every kind, empty, reversed and outside the text included."""
    assert C.segment_around(text, start, end) == between_breaks_by_scan(C._SEGMENT_BREAK_RE, text, start, end)
    assert C.clause_around(text, start, end) == between_breaks_by_scan(C._WIDE_BREAK_RE, text, start, end)


_LONG_PIECES = [
    *"xmz9 ,.;!?",
    "(",
    "-",
    " but ",
    ", and ",
    " when ",
    " however ",
    ".\n",
    "  \t ",
    "3.5",
    "但是",
    "而且",
    "然而且",
    "因此",
    "价格",
    "，",
    "。",
    "a" * 30,
    "year" * 10,
    "the salary of each employee ",
]


@settings(max_examples=500, deadline=None)
@given(joined_pieces([_LONG_PIECES, HARD], max_pieces=100, min_pieces=50), st.data())
def test_a_region_far_into_a_long_text_gives_what_the_scan_gives(text, data):
    """Regions of documents (texts longer than `_READ_AROUND_FROM`), read from a place at rest
    before them: with breaks right before that place, spanning it (whitespace and break
    characters before a region), none between it and the region, or none after it."""
    assume(C._READ_AROUND_FROM < len(text) <= C._READ_AROUND_UP_TO)
    start = data.draw(st.integers(0, len(text) + 2))
    end = data.draw(st.integers(start - 1, len(text) + 2))
    C.breaks_in.cache_clear()
    for breaks in (C._SEGMENT_BREAK_RE, C._WIDE_BREAK_RE):
        assert C._between_breaks(breaks, text, start, end) == between_breaks_by_scan(breaks, text, start, end)


def test_a_region_is_read_from_before_a_break_that_spans_the_place_it_would_be_read_from():
    """然而 is a break, 而且 another: read from between 然 and 而, the scan would find 而且 where
    the whole text's scan finds 然而 (and 且 alone is none)."""
    text = "价" * 10 + "然而且" + "价" * C._READ_AROUND_FROM  # a document: read around a region
    start = 11 + C._LOOK_BACK  # 48 characters after the place between 然 and 而
    assert C._at_rest(C._SEGMENT_BREAK_RE, text, start - C._LOOK_BACK) == 10
    C.breaks_in.cache_clear()
    assert C.segment_around(text, start, start + 1) == (12, len(text))


@pytest.mark.parametrize("breaks", [C._SEGMENT_BREAK_RE, C._WIDE_BREAK_RE])
def test_a_break_holds_only_whitespace_and_the_characters_of_its_pattern(breaks):
    """What `_at_rest` relies on: no wildcard, shorthand class but \\s, negated class or range
    consumes a character the pattern does not spell, and no flag folds case."""
    assert not breaks.flags & re.IGNORECASE
    assert not re.search(r"\(\?(?![:=!])", breaks.pattern)  # no scoped flag (?i:...), no look-behind
    consuming = re.sub(r"\(\?[=!][^()]*\)", "", breaks.pattern)  # look-aheads read, hold nothing
    assert "(?<" not in consuming
    consuming = consuming.replace(r"\s", "").replace(r"\b", "").replace(r"\.", "")
    assert "\\" not in consuming  # no other escape: \w, \S, \d ...
    classes = re.findall(r"\[[^\]]*\]", consuming)
    assert not any(c.startswith("[^") or "-" in c for c in classes)  # no negated class, no range
    assert "." not in re.sub(r"\[[^\]]*\]", "", consuming)  # no wildcard outside a class
    held = C._characters_held(breaks)
    for match in breaks.finditer(
        "; but, however. whereas! 但是然而而且并且或者以及如果若因为虽然尽管除非因此所以因而 if who?"
    ):
        assert all(char in held or char.isspace() for char in match.group())


def test_breaks_are_emptied_with_the_other_text_caches():
    from evidence_eval.scoring.caches import TEXT_CACHES, clear_caches

    C.segment_around("a, b", 0, 1)
    assert C.breaks_in.cache_info().currsize
    assert C.breaks_in in TEXT_CACHES.values()
    clear_caches()
    assert C.breaks_in.cache_info().currsize == 0


def phrase_cues_without_plain_searches(text: str, chinese: bool) -> list:
    """`phrase_cues` as it was: 满/滿 and "used to" searched by their regexes alone."""
    saved = C._ZH_REACH_VALUE_RE, C._USED_TO_RE
    found = C.phrase_cues(text, chinese)
    extra = []
    if chinese:
        extra += [(m.start(), m.end(), C.Cue("cond", "reach")) for m in saved[0].finditer(text)]
    else:
        extra += [(m.start(), m.end(), C.Cue("hedge", "no_longer")) for m in saved[1].finditer(text)]
    return C._leftmost_longest([*found, *extra])


@pytest.mark.parametrize(
    "text,chinese",
    [
        ("The museum used to charge admission, but is used to make paper.", False),
        ("He got used to it; she used to. They used to run.", False),
        ("消费满200元可减，年满60周岁，车位未满，不满18岁，滿100元。", True),
        *((sentence, any("\u4e00" <= c <= "\u9fff" for c in sentence)) for sentence in SENTENCES),
    ],
)
def test_plain_searches_before_two_cue_patterns_change_nothing(text, chinese):
    """The plain `in` tests only skip texts where the regex cannot match (each needs the literal):
    adding the regex's own matches back changes nothing."""
    for written in (text, normalize(text).text):
        assert C.phrase_cues(written, chinese) == phrase_cues_without_plain_searches(written, chinese)


@pytest.mark.parametrize("folder", [EN, ZH])
def test_regions_of_the_bundled_documents_give_what_the_scan_gives(folder):
    """The bundled example's documents joined into one long text (read from a place at rest,
    as a 600-character chunk is): every region a quote could take, from every fifth character."""
    _, snapshot, _ = open_checked(next(folder.glob("*.annotations.json")), None)
    assert snapshot is not None
    text = normalize(" ".join(document.text for document in snapshot.documents.values())).text
    assert len(text) > 192  # long enough to be read from a place at rest
    for start in range(0, len(text), 5):
        for end in {start, min(start + 1, len(text)), min(start + 40, len(text)), len(text)}:
            for breaks, around in (
                (C._SEGMENT_BREAK_RE, C.segment_around),
                (C._WIDE_BREAK_RE, C.clause_around),
            ):
                assert around(text, start, end) == between_breaks_by_scan(breaks, text, start, end)


@pytest.mark.parametrize(
    "text",
    ["the house is there and it is bright. " * 100, "a" + "." * 4000, "价" * 4000],
    ids=["break-letters", "dots", "no-break"],
)
def test_a_region_of_a_text_a_break_may_hold_throughout_is_read_in_short_calls(text):
    """Where every character may belong to a break (or none follows a region), a call does not
    walk back or scan on through the text: 100 regions take about what 25 scans of it do. The
    regions start at every fourth place of the text's last 400 characters (the definition,
    a scan of the text for each, is the test's time)."""
    C.breaks_in.cache_clear()
    regions = [(start, start + 3) for start in range(len(text) - 400, len(text) - 3, 4)]
    begun = time.process_time()
    for start, end in regions:
        for breaks in (C._SEGMENT_BREAK_RE, C._WIDE_BREAK_RE):
            assert C._between_breaks(breaks, text, start, end) == between_breaks_by_scan(
                breaks, text, start, end
            )
    scans = time.process_time() - begun  # the definition scans the whole text for each region
    begun = time.process_time()
    for start, end in regions:
        C.segment_around(text, start, end)
        C.clause_around(text, start, end)
    assert time.process_time() - begun < max(scans / 4, 0.05)
