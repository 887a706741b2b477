"""Evidence spans in the items of one stage (`evidence-align.v1`).

Routes, in order: `id` (an item without text that the snapshot identifies: same document,
its range covers the span), `offset` (the item's doc_id/start/end claim the span and its
text confirms it), `exact` (normalised substring), `split` (the span runs across two or
more list-adjacent items of the same document), `fuzzy` (rapidfuzz partial-ratio alignment
at or above the declared threshold, only where the item's text is at least as long as the
quote, and only when the typed values and negation cues of the quote are in the aligned
text). Text wins over offsets: an item whose offsets claim the span but whose text does not
hold it gives an `offset_conflict`, never support.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from rapidfuzz import fuzz

from ..models import Document, Item, Snapshot, Span
from ..text.normalize import Normalized, normalize_cached
from ..text.polarity import is_negated
from ..text.values import find_values

NAME = "evidence-align.v1"


@dataclass(frozen=True)
class Piece:
    item: int
    start: int
    end: int


@dataclass(frozen=True)
class SpanMatch:
    span: int
    route: str
    score: float
    pieces: tuple[Piece, ...]
    text_source: str = "trace"


@dataclass(frozen=True)
class Rejection:
    span: int
    item: int
    reason: str
    detail: str = ""


@dataclass
class SpanSearch:
    """What a stage holds of one list of spans (an evidence alternative)."""

    matches: dict[int, SpanMatch] = field(default_factory=dict)
    rejected: list[Rejection] = field(default_factory=list)
    offset_conflicts: list[Rejection] = field(default_factory=list)


@dataclass(slots=True)
class StageItem:
    """One item with the text it carried (or, for an id-only item, none) and whether its
    document may support the query (`ineligible` names why not: stale, out_of_scope).
    Not frozen: a stage of a hundred ids makes a hundred of them per trace, and a frozen
    dataclass's __init__ costs three times as much."""

    index: int
    item: Item
    norm: Normalized | None
    ineligible: tuple[str, str] | None


@dataclass(frozen=True)
class PreparedStage:
    """A stage's items, made ready once for all the spans looked for in it."""

    items: list[StageItem]
    with_text: list[StageItem]
    runs: list[list[StageItem]]  # two or more list-adjacent items with text of one document
    by_identity: dict[str, list[tuple[StageItem, int, int]]]
    with_offsets: dict[str, list[StageItem]]  # doc_id -> items with text and offsets


def prepare_items(
    items: Sequence[Item],
    snapshot: Snapshot | None,
    *,
    as_of: dt.date | None,
    scope: dict[str, str],
) -> PreparedStage:
    prepared: list[StageItem] = []
    with_text: list[StageItem] = []
    runs: list[list[StageItem]] = []
    run: list[StageItem] = []
    by_identity: dict[str, list[tuple[StageItem, int, int]]] = {}
    with_offsets: dict[str, list[StageItem]] = {}
    restricted = snapshot is not None and (as_of is not None or bool(scope))
    for index, item in enumerate(items):
        norm = normalize_cached(item.text) if item.text else None
        doc = snapshot.get(item.doc_id) if restricted and snapshot and item.doc_id else None
        stage_item = StageItem(index, item, norm, _ineligible(doc, as_of, scope) if doc else None)
        prepared.append(stage_item)
        if norm is None:
            covered = _item_range(item, snapshot) if snapshot is not None else None
            if covered is not None:
                by_identity.setdefault(covered[0], []).append((stage_item, covered[1], covered[2]))
            continue
        with_text.append(stage_item)
        if item.doc_id and item.start is not None and item.end is not None:
            with_offsets.setdefault(item.doc_id, []).append(stage_item)
        if run and run[-1].index == index - 1 and item.doc_id and run[-1].item.doc_id == item.doc_id:
            run.append(stage_item)
        else:
            if len(run) > 1:
                runs.append(run)
            run = [stage_item]
    if len(run) > 1:
        runs.append(run)
    return PreparedStage(prepared, with_text, runs, by_identity, with_offsets)


def _ineligible(doc: Document | None, as_of: dt.date | None, scope: dict[str, str]) -> tuple[str, str] | None:
    """(reason, detail) when the item's document may not support this query."""
    if doc is None:
        return None
    if as_of is not None and not doc.is_valid_on(as_of):
        valid = f"{doc.valid_from or '...'}..{doc.valid_to or '...'}"
        return "stale", f"{doc.doc_id}@{doc.version} is valid {valid}, the query is as of {as_of}"
    for key, wanted in scope.items():
        have = doc.scope.get(key)
        if have is not None and have != wanted:
            return "out_of_scope", f"{doc.doc_id} has {key}={have!r}, the query wants {wanted!r}"
    return None


def find_spans(
    spans: Sequence[Span],
    stage: PreparedStage,
    *,
    fuzzy_threshold: float,
) -> SpanSearch:
    search = SpanSearch()
    for span_index, span in enumerate(spans):
        quote = normalize_cached(span.quote)
        for candidate in _candidates(span_index, span, quote, stage, search, fuzzy_threshold):
            item = stage.items[candidate.pieces[0].item]
            if item.ineligible:
                rejection = Rejection(span_index, item.index, *item.ineligible)
                if rejection not in search.rejected:
                    search.rejected.append(rejection)
                continue
            search.matches[span_index] = candidate
            break
    return search


def _candidates(  # type: ignore[no-untyped-def]
    span_index: int,
    span: Span,
    quote: Normalized,
    stage: PreparedStage,
    search: SpanSearch,
    threshold: float,
):
    """Matches for one span, best route first; the caller takes the first eligible one."""
    for item, start, end in stage.by_identity.get(span.doc_id, ()):
        if start <= span.start and span.end <= end:
            piece = Piece(item.index, span.start - start, span.end - start)
            yield SpanMatch(span_index, "id", 100.0, (piece,), text_source="snapshot")
    for item in stage.with_offsets.get(span.doc_id, ()):
        match = _by_offsets(span_index, span, quote, item, search)
        if match:
            yield match
    for item in stage.with_text:
        if item.norm is not None:
            position = item.norm.text.find(quote.text)
            if position >= 0:
                yield _single(span_index, "exact", 100.0, item, position, position + len(quote.text))
    for run in stage.runs:
        match = _across(span_index, quote, run)
        if match:
            yield match
    yield from _fuzzy(span_index, quote, stage.with_text, threshold)


def _single(span_index: int, route: str, score: float, item: StageItem, start: int, end: int) -> SpanMatch:
    assert item.norm is not None
    begin, finish = item.norm.original_span(start, end)
    return SpanMatch(span_index, route, score, (Piece(item.index, begin, finish),))


def _item_range(item: Item, snapshot: Snapshot) -> tuple[str, int, int] | None:
    """(doc_id, start, end) that an id-only item stands for in the snapshot."""
    if item.chunk_id and item.chunk_id in snapshot.chunks:
        doc, chunk = snapshot.chunks[item.chunk_id]
        return doc.doc_id, chunk.start, chunk.end
    whole = snapshot.get(item.doc_id) if item.doc_id else None
    if whole is None:
        return None
    doc = whole
    if item.start is not None and item.end is not None:
        return doc.doc_id, item.start, item.end
    return doc.doc_id, 0, len(doc.text)


def _by_offsets(
    span_index: int, span: Span, quote: Normalized, item: StageItem, search: SpanSearch
) -> SpanMatch | None:
    it = item.item
    if item.norm is None or it.doc_id != span.doc_id or it.start is None or it.end is None:
        return None
    if not (it.start <= span.start and span.end <= it.end):
        return None
    text = it.text or ""
    begin, finish = span.start - it.start, span.end - it.start
    if normalize_cached(text[begin:finish]).text == quote.text:
        return SpanMatch(span_index, "offset", 100.0, (Piece(item.index, begin, finish),))
    search.offset_conflicts.append(
        Rejection(
            span_index,
            item.index,
            "offset_conflict",
            f"offsets {it.start}-{it.end} of {it.doc_id} claim the span at {span.start}-{span.end}, "
            "but the item's text there differs (truncated or rewritten)",
        )
    )
    return None


def _across(span_index: int, quote: Normalized, run: list[StageItem]) -> SpanMatch | None:
    """The quote in the concatenation of a run, crossing at least one item boundary."""
    texts = [item.norm.text for item in run if item.norm is not None]
    joined = "".join(texts)
    position = joined.find(quote.text)
    if position < 0:
        return None
    pieces = []
    offset = 0
    end = position + len(quote.text)
    for item, text in zip(run, texts):
        lo, hi = max(position, offset), min(end, offset + len(text))
        if lo < hi:
            assert item.norm is not None
            begin, finish = item.norm.original_span(lo - offset, hi - offset)
            pieces.append(Piece(item.index, begin, finish))
        offset += len(text)
    if len(pieces) < 2:
        return None
    return SpanMatch(span_index, "split", 100.0, tuple(pieces))


def _fuzzy(span_index: int, quote: Normalized, items: Sequence[StageItem], threshold: float):  # type: ignore[no-untyped-def]
    scored = []
    for item in items:
        if item.norm is None or len(item.norm.text) < len(quote.text):
            continue
        found = _fuzzy_alignment(quote.text, item.norm.text, threshold)
        if found is not None:
            scored.append((-found[0], item.index, found, item))
    for _, _, (score, start, end), item in sorted(scored, key=lambda entry: entry[:2]):
        yield _single(span_index, "fuzzy", round(score, 2), item, start, end)


# A query's stages usually share texts (the context is a cut of the reranked list): each
# (quote, text) pair is aligned once.
@lru_cache(maxsize=4096)
def _fuzzy_alignment(quote: str, text: str, threshold: float) -> tuple[float, int, int] | None:
    """(score, start, end) of the best partial-ratio alignment of `quote` in `text` at or
    above `threshold`, when the aligned text states the same values and negation."""
    alignment = fuzz.partial_ratio_alignment(quote, text, score_cutoff=threshold)
    if alignment is None or alignment.score < threshold:
        return None
    if not _same_facts(quote, text[alignment.dest_start : alignment.dest_end]):
        return None
    return alignment.score, alignment.dest_start, alignment.dest_end


def _same_facts(quote: str, found: str) -> bool:
    """A fuzzy match may differ in wording, never in its numbers or its negation."""
    wanted = sorted(repr(value.key()) for value in find_values(quote))
    have = sorted(repr(value.key()) for value in find_values(found))
    return wanted == have and is_negated(quote) == is_negated(found)


def locate_quote(quote: str, text: str, *, threshold: float) -> tuple[int, int, float, int] | None:
    """Where `quote` is in `text`: (start, end, score, occurrences) with offsets into `text`.
    Exact first (occurrences counts the exact hits, so that a caller can refuse an ambiguous
    quote), then normalised, then fuzzy at or above `threshold` (occurrences 1)."""
    count = text.count(quote)
    if count:
        start = text.index(quote)
        return start, start + len(quote), 100.0, count
    norm_text, norm_quote = normalize_cached(text), normalize_cached(quote)
    position = norm_text.text.find(norm_quote.text)
    if position >= 0 and norm_quote.text:
        start, end = norm_text.original_span(position, position + len(norm_quote.text))
        return start, end, 100.0, norm_text.text.count(norm_quote.text)
    if len(norm_text.text) < len(norm_quote.text) or not norm_quote.text:
        return None
    alignment = fuzz.partial_ratio_alignment(norm_quote.text, norm_text.text, score_cutoff=threshold)
    if alignment is None:
        return None
    found = norm_text.text[alignment.dest_start : alignment.dest_end]
    if not _same_facts(norm_quote.text, found):
        return None
    start, end = norm_text.original_span(alignment.dest_start, alignment.dest_end)
    return start, end, round(alignment.score, 2), 1
