"""The span search's exact pre-tests before cutting a stretch into tokens give the results of
cutting it: `align.negated_before` (the window before a match ends with a negation) and
`spans.framing` (negations, hedges, corrections and conditions around a match) are checked
against their definitions, which tokenise every stretch, and `cue_surfaces` against the cue
tables and every token that carries a negation or a framing cue."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from conftest import EN, SHARED_DATA, ZH
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_eval.match.align import NEGATING_CHARACTERS, negated_before
from evidence_eval.match.spans import FRAMING, framing
from evidence_eval.text import cues
from evidence_eval.text.cue_surfaces import (
    cue_form_pattern,
    cue_surfaces,
    may_end_negated,
    may_hold,
    shortest_endings,
    shortest_inside,
)
from evidence_eval.text.cues import segment_around
from evidence_eval.text.normalize import normalize_cached
from evidence_eval.text.tokens import tokenize
from tests.drawn import HARD


def negated_before_by_tokens(text: str, start: int, language: str) -> bool:
    """`negated_before` as it was: the window always cut into tokens (the definition)."""
    window = text[max(0, start - 12) : start].lstrip()
    tokens = tokenize(window, language) if window.strip() else ()
    if tokens and tokens[-1].negates > 0 and not window[tokens[-1].end :].strip(" -"):
        return True
    return language.startswith("zh") and bool(window) and window[-1:] in NEGATING_CHARACTERS


def framing_by_tokens(text: str, start: int, end: int, language: str) -> list[tuple[str, str]]:
    """`framing` as it was: both stretches always cut into tokens (the definition)."""
    lo, hi = segment_around(text, start, end)
    found = []
    for begin, finish in ((lo, start), (end, hi)):
        piece = text[begin:finish]
        if not piece.strip():
            continue
        begin += len(piece) - len(piece.lstrip())
        for token in tokenize(piece.strip(), language):
            if token.negates or token.category in FRAMING:
                found.append((token.key, text[token.start + begin : token.end + begin]))
    return found


def check_text(text: str, language: str, step: int = 1) -> None:
    """Every position of normalised `text` (every `step`-th), and a match of a few characters there."""
    text = normalize_cached(text).text
    for start in range(0, len(text) + 1, step):
        assert negated_before(text, start, language) == negated_before_by_tokens(text, start, language), (
            text,
            start,
        )
        for width in (1, 4, 9):
            end = min(len(text), start + width)
            if end > start:
                assert list(framing(text, start, end, language)) == framing_by_tokens(
                    text, start, end, language
                )


def check_tokens(text: str, language: str) -> None:
    """A text with a negating or framing token holds a form the pre-tests look for."""
    norm = normalize_cached(text).text
    tokens = tokenize(text, language)
    if any(token.negates or token.category in FRAMING for token in tokens):
        assert cue_form_pattern(FRAMING, True).search(norm) and may_hold(text, FRAMING, negating=True), text
    if tokens and tokens[-1].negates > 0 and not text[tokens[-1].end :].strip(" -"):
        assert may_end_negated(text), text


_TABLES = (cues._EN_PHRASES, cues._ZH_PHRASES, cues._EN_WORDS, cues._ZH_WORDS, cues._ZH_AFTER_VALUE)
_LEXICON = sorted({surface for table in _TABLES for surface in table})


def test_the_forms_are_the_cue_tables_rows():
    forms = cue_surfaces(frozenset(FRAMING), negating=True)
    for table in _TABLES:
        for surface, cue in table.items():
            carries = cue.category not in ("function", "word") and (cue.negates or cue.category in FRAMING)
            assert (surface in forms) == carries or surface in cues.ZH_NEG_PREFIXES, surface
    assert {"不", "n't", "满", "used to"} <= forms
    assert not cue_surfaces(frozenset(), negating=False)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_every_lexicon_surface_alone_and_in_context(language):
    for surface in _LEXICON:
        for text in (
            surface,
            f"it {surface}",
            f"{surface} it",
            f"他{surface}",
            f"{surface}30天",
            f"满{surface}",
        ):
            check_tokens(text, language)
            check_tokens(normalize_cached(text).text, language)


def test_shortest_forms():
    forms = frozenset({"no", "not", "cannot", "不", "不得", "并不", "n't", "can't"})
    assert set(shortest_inside(forms)) == {"no", "不", "n't"}
    assert set(shortest_endings(forms)) == {"no", "不", "n't", "不得", "not"}


_EN_VOCABULARY = [
    *_LEXICON[:: max(1, len(_LEXICON) // 120)],
    *"the refund is available within 30 days of purchase nor no not never unless if used to".split(),
    *"don't can't won't non-refundable 5 km $50 - -- , . ; : ( )".split(),
]
_ZH_VOCABULARY = [
    *[surface for surface in _LEXICON if not surface.isascii()],
    *"申请 受理 之日起 十五个 工作日 内 满 200元 可以 拒绝 加班 非 处方药 , 。 ; - 的 了".split(),
]


@settings(max_examples=300, deadline=None)
@given(st.data(), st.sampled_from(["en", "zh"]))
def test_generated_texts(data, language):
    vocabulary = _EN_VOCABULARY if language == "en" else _ZH_VOCABULARY
    joiner = " " if language == "en" else data.draw(st.sampled_from(["", " "]))
    words = data.draw(
        st.lists(st.sampled_from(vocabulary) | st.text(max_size=3) | st.sampled_from(HARD), max_size=14)
    )
    text = joiner.join(words)
    check_tokens(text, language)
    check_tokens(normalize_cached(text).text, language)
    check_text(text, language)


def _bundled(folder) -> Iterator[str]:
    for line in (folder / "corpus.jsonl").read_text().splitlines():
        if line:
            yield json.loads(line)["text"]


@pytest.mark.parametrize(("folder", "language"), [(EN, "en"), (ZH, "zh")])
def test_bundled_corpora(folder, language):
    texts = list(_bundled(folder))
    assert texts
    for text in texts:
        check_text(text, language, step=3)


_REAL_SHAPED = {
    "en": (
        "Refunds are not issued after 30 days, unless the item was damaged in transit; it is unclear "
        "whether gift cards are refundable. Cigar smoking is prohibited. Reports that the museum will "
        "close are false. The fee was originally $50 but was moved to $75 if paid late. He didn't attend, "
        "nor did she. Non-refundable deposits used to apply. It is said to be the oldest bridge.",
    ),
    "zh": (
        "自受理之日起十五个工作日内作出审核决定,对不符合条件的申请不予受理。如遇节假日,办理时间顺延;"
        "据说该政策原定于明年实施,后改为今年。消费满200元可以免运费,未满18周岁不得办理。"
        "员工可以拒绝加班,网传的消息不实,非处方药可以在药店购买。",
    ),
}


@pytest.mark.parametrize("language", ["en", "zh"])
def test_real_shaped_texts(language):
    for text in _REAL_SHAPED[language]:
        check_text(text, language)


@pytest.mark.skipif(not (SHARED_DATA / "dureader").exists(), reason="DuReader is not in /work/shared (local)")
def test_dureader_paragraphs():
    """Every third place of each paragraph's first 400 characters (a third of the places: each
    is a stretch cut into tokens by the definitions, the test's time)."""
    with open(SHARED_DATA / "dureader" / "search.dev.json", encoding="utf-8") as lines:
        records = [json.loads(line) for line, _ in zip(lines, range(30))]
    paragraphs = [p for r in records for d in r["documents"][:2] for p in d["paragraphs"][:2]]
    assert paragraphs
    for paragraph in paragraphs:
        check_text(paragraph[:400], "zh", step=3)
