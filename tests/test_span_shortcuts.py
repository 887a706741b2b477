"""The span search's cheap tests before its expensive ones give what the full reading gave:
`_framing_problem` skips the tokens of a clause segment that cannot hold a cue or is the span's
document's own around the span, and the exact route's reading of a span in an item's text is
made once for the stages and evidence alternatives of a query (`PreparedStage.exact_readings`).
The definitions below are the route as it was; they are compared on the bundled examples (their
traces and copies of their chunks reframed by a negation, a hedge or a condition) and on
generated documents."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

import pytest
from conftest import EN, ZH
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_eval.api import open_checked
from evidence_eval.io.loaders import parse_trace
from evidence_eval.match.manifest import QUOTE_THRESHOLD
from evidence_eval.match.spans import (
    Piece,
    PreparedStage,
    SpanMatch,
    SpanSearch,
    StageItem,
    _occurrences,
    _SpanFinder,
    boundary_problem,
    find_spans,
    framing,
    prepare_items,
)
from evidence_eval.models import Document, Item, Snapshot, Span
from evidence_eval.text.normalize import normalize_cached


def framing_problem_as_it_was(finder: _SpanFinder, item: StageItem, start: int, end: int) -> str | None:
    """`_SpanFinder._framing_problem` before its shortcuts: the cues of the item's clause
    segment, always cut into tokens, less those allowed."""
    assert item.norm is not None
    joined = finder._joined_head(item, start)
    if joined:
        return joined
    around = framing(item.norm.text, start, end, finder.stage.language)
    if not around:
        return None
    extra = Counter(key for key, _ in around) - finder._allowed_framing()
    said = next((surface for key, surface in around if key in extra), None)
    if said is None:
        return None
    return f"the item's clause frames it with {said!r}, the document's does not"


def exact_as_it_was(finder: _SpanFinder, items: list[StageItem]) -> Iterator[SpanMatch]:
    """`_SpanFinder._exact` before its readings were shared: every item read in every stage."""
    quote = finder.quote.text
    for item in items:
        assert item.norm is not None
        text = item.norm.text
        for position in _occurrences(quote, text):
            problem = boundary_problem(text, position, position + len(quote), finder.stage.language)
            if problem:
                finder._reject(item, "token_boundary", problem)
                continue
            framed = framing_problem_as_it_was(finder, item, position, position + len(quote))
            if framed:
                finder._reject(item, "conflict", framed)
                continue
            other = bool(item.item.doc_id) and item.item.doc_id != finder.span.doc_id
            if other and finder.evidence_from == "own":
                finder._reject(item, "other_document", f"exact, but from {item.item.doc_id!r}")
                break
            begin, finish = item.norm.original_span(position, position + len(quote))
            yield SpanMatch(
                finder.index, "exact", 100.0, (Piece(item.index, begin, finish),), other_document=other
            )
            break


def _finder(spans: Sequence[Span], index: int, stage: PreparedStage, evidence_from: str) -> _SpanFinder:
    quote = normalize_cached(spans[index].quote)
    return _SpanFinder(index, spans, quote, stage, SpanSearch(), QUOTE_THRESHOLD, evidence_from)


def _outcome(search: SpanSearch) -> tuple[object, ...]:
    return (sorted(search.matches.items()), search.rejected, search.offset_conflicts)


def check_stages(spans: Sequence[Span], stages: list[PreparedStage], evidence_from: str = "any") -> None:
    """Each stage (sharing one query's exact readings, in order) gives what the route as it was
    gives, occurrence by occurrence and search by search."""
    for stage in stages:
        for index in range(len(spans)):
            new, old = (
                _finder(spans, index, stage, evidence_from),
                _finder(spans, index, stage, evidence_from),
            )
            for item in stage.with_text:
                assert item.norm is not None
                for position in _occurrences(new.quote.text, item.norm.text):
                    end = position + len(new.quote.text)
                    expected = framing_problem_as_it_was(old, item, position, end)
                    assert new._framing_problem(item, position, end) == expected
            found = (new._exact(item) for item in stage.holding(new.quote.text))
            assert [match for match in found if match is not None] == list(
                exact_as_it_was(old, stage.with_text)
            )
            assert new.search.rejected == old.search.rejected
        alone = _own_readings(stage)
        shared = find_spans(spans, stage, evidence_from=evidence_from)
        assert _outcome(shared) == _outcome(find_spans(spans, alone, evidence_from=evidence_from))


def _own_readings(stage: PreparedStage) -> PreparedStage:
    items = [stage_item.item for stage_item in stage.items]
    return prepare_items(items, stage.snapshot, as_of=None, scope={}, language=stage.language)


# Clause frames put around a chunk's text: the item's clause segment is no longer the document's.
_FRAMES = {
    "en": [("It is not true that ", ""), ("Reportedly, ", " if approved"), ("", ", but this is false")],
    "zh": [("并没有说", ""), ("据报道，", "的传言不实"), ("如果", "，则")],
}


def _bundled_cases(folder) -> Iterator[tuple[list[Span], list[PreparedStage]]]:
    annotations, snapshot, _ = open_checked(next(folder.glob("*.annotations.json")), None)
    assert snapshot is not None
    traces = next(folder.glob("*.traces.jsonl"))
    lines = traces.read_text(encoding="utf-8").splitlines()
    by_id = {query.query_id: query for query in annotations.queries}
    language = annotations.language
    reframed = [
        Item(doc_id=doc_id, text=f"{head}{chunk}{tail}")
        for doc_id, document in snapshot.documents.items()
        for chunk in [document.text[: len(document.text) // 2], document.text]
        for head, tail in _FRAMES["zh" if language.startswith("zh") else "en"]
    ]
    unnamed = [Item(text=item.text) for item in reframed[:6]]
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        trace = parse_trace(traces, number, line)
        query = by_id[trace.query_id]
        readings: dict = {}
        stages = [
            prepare_items(
                list(stage.items), snapshot, as_of=None, scope={}, language=language, exact_readings=readings
            )
            for stage in trace.stages
        ]
        stages.append(
            prepare_items(
                reframed + unnamed, snapshot, as_of=None, scope={}, language=language, exact_readings=readings
            )
        )
        for sub_question in query.sub_questions:
            for spans in sub_question.evidence:
                yield list(spans), stages


@pytest.mark.parametrize("folder", [EN, ZH])
@pytest.mark.parametrize("evidence_from", ["any", "own"])
def test_bundled_traces_and_reframed_chunks(folder, evidence_from):
    cases = list(_bundled_cases(folder))
    assert cases
    for spans, stages in cases:
        check_stages(spans, stages, evidence_from)


_EN_WORDS = (
    "the refund is not available within 30 days of purchase unless a receipt is shown , reportedly "
    "if may never false but and Acme only approximately 12 months . Warranty claims"
).split()
_ZH_WORDS = "自 受理 申请 之日起 十五个 工作日 内 不予 据报道 如果 ， 。 并没有 说 应当 可以 30日 传言 不实 但".split()


@settings(max_examples=80, deadline=None)
@given(st.data(), st.sampled_from([("en", " "), ("zh", "")]))
def test_generated_documents_and_reframed_items(data, language_joiner):
    language, joiner = language_joiner
    words = _EN_WORDS if language == "en" else _ZH_WORDS
    phrase = st.lists(st.sampled_from(words), min_size=1, max_size=12).map(joiner.join)
    head, quote, tail = data.draw(phrase), data.draw(phrase.filter(str.strip)), data.draw(phrase)
    text = joiner.join([head, quote, tail])
    start = text.index(quote, len(head))
    span = Span(doc_id="d1", start=start, end=start + len(quote), quote=quote)
    sibling_quote = data.draw(phrase.filter(str.strip))
    document = joiner.join([text, sibling_quote])
    sibling = Span(
        doc_id="d1", start=len(document) - len(sibling_quote), end=len(document), quote=sibling_quote
    )
    snapshot = Snapshot([Document(doc_id="d1", version="1", text=document)])
    edits = data.draw(st.lists(st.tuples(phrase, phrase), min_size=1, max_size=4))
    items = [Item(doc_id="d1", text=text)]
    items += [
        Item(doc_id=data.draw(st.sampled_from(["d1", "d2", None])), text=joiner.join([before, quote, after]))
        for before, after in edits
    ]
    readings: dict = {}
    stages = [
        prepare_items(chosen, snapshot, as_of=None, scope={}, language=language, exact_readings=readings)
        for chosen in (items, items[::-1], items[:2])
    ]
    for evidence_from in ("any", "own"):
        # Alternatives that share the span (its readings too, where no sibling's quote counts)
        for alternative in ([span, sibling], [span], [sibling, span]):
            check_stages(alternative, stages, evidence_from)


def holding_as_it_was(stage: PreparedStage, quote: str) -> list[StageItem]:
    """`PreparedStage.holding` before the joined texts: one `in` an item."""
    return [item for item in stage.with_text if item.norm is not None and quote in item.norm.text]


# Characters that try the joined search: its separator, a wide one (the joined text's kind
# changes), letters and CJK that repeat so that quotes recur in several items.
_HOLDING_ALPHABET = "ab 好的\x00\U0001f600,.\r\u3000\xa0\u200bＡ５ﬁ＋，。"


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.one_of(st.none(), st.text(_HOLDING_ALPHABET, max_size=12)), max_size=8),
    st.text(_HOLDING_ALPHABET, max_size=4),
)
def test_holding_finds_the_items_each_in_holds(texts, quote):
    items = [Item(text=text) if text is not None else Item(doc_id="d1") for text in texts]
    stage = prepare_items(items, None, as_of=None, scope={})
    for probe in {
        quote,
        normalize_cached(quote).text,
        *(item.norm.text[1:3] for item in stage.with_text if item.norm),
    }:
        assert list(stage.holding(probe)) == holding_as_it_was(stage, probe)


def test_holding_on_the_bundled_examples():
    for folder in (EN, ZH):
        for spans, stages in _bundled_cases(folder):
            for stage in stages:
                for span in spans:
                    quote = normalize_cached(span.quote).text
                    assert list(stage.holding(quote)) == holding_as_it_was(stage, quote)
