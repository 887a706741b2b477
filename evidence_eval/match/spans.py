"""Evidence spans in the items of one stage (`evidence-align.v3`).

Routes, in order; each respects token boundaries (a match may not start or end inside a
word or a number, nor right after a negation: "refundable" is not in "nonrefundable", "$50"
not in "$500", 受理 not in 不予受理):
- `id`: an item without text that the snapshot identifies (same document, its range covers
  the span);
- `offset`: the item's doc_id/start/end claim the span and its text confirms it. Offsets that
  lie (the text there differs) refuse the item on every route, with an `offset_conflict`;
- `exact`: the normalised quote in the item's text. From another document than the span's it
  is reported `other_document` and counts only with `evidence_from="any"` (the default);
- `split` / `split_nonadjacent`: the quote runs across items that continue each other (raw
  edge spaces kept, text repeated by overlapping chunks dropped, items without doc_id
  accepted), list-adjacent or merely in order;
- `fuzzy`: token alignment (`align`) of the quote with the item's text: the aligned stretch
  covers the quote from its first to its last token (a cut head or tail is `truncated`, an
  unmatched stop word at an edge too), every critical token of the quote meets an equal one,
  negations agree in parity, and the stretch is the quote word for word (v3): every word,
  stop words included, meets the same word as written (values and names by what they are),
  the item adds none; only articles (and 的), a possessive stated as an article and the
  perfect's auxiliary may differ. Only from the span's own document; an item with no doc_id
  must be confirmed by the span's surroundings in the snapshot, or by no other document
  holding the quote as well (else `ambiguous_source`).
On every route with text, a negation, hedge, correction or condition the item puts around the
match in its clause segment ("It is not true that …", "… are false", 并没有说…) that the span's
document does not have around the span refuses the match (`conflict`).
A refused candidate is a `Rejection` with its reason, shown in the report and review queue.
"""

from __future__ import annotations

import datetime as dt
from bisect import bisect_right
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal, NamedTuple

from rapidfuzz import fuzz, process

from ..lang import every_language
from ..models import Document, Item, Snapshot, Span
from ..models.statuses import SpanProblem, SpanRoute, TextSource
from ..text.cue_surfaces import may_hold
from ..text.cues import segment_around
from ..text.normalize import Normalized, normalize_cached
from ..text.tokens import Token, tokenize, window_tokens
from .align import Assessment, align_many, assess, negated_before
from .manifest import EDGE, FRAME, MAX_PIECES, QUOTE_THRESHOLD, SPANS, WINDOW_CUTOFF
from .ratio_bound import COMPILED, partial_ratio_below, partial_ratio_below_each, worth_bounding
from .span_rules import SPAN_RULES, QuoteReading

NAME = SPANS.name
_SPAN_RULES = SPAN_RULES.ordered(SPANS.stages["quote"])


# Named tuples, not frozen dataclasses: a search makes and hashes many (a rejection per item
# and route); a dataclass's __init__ and __hash__ are Python code, a named tuple's are C.
class Piece(NamedTuple):
    item: int
    start: int
    end: int


class SpanMatch(NamedTuple):
    span: int
    route: SpanRoute
    score: float
    pieces: tuple[Piece, ...]
    text_source: TextSource = "trace"
    other_document: bool = False


class Rejection(NamedTuple):
    span: int
    item: int
    reason: SpanProblem
    detail: str = ""


@dataclass
class SpanSearch:
    """What a stage holds of one list of spans (an evidence alternative)."""

    matches: dict[int, SpanMatch] = field(default_factory=dict)
    rejected: list[Rejection] = field(default_factory=list)
    offset_conflicts: list[Rejection] = field(default_factory=list)
    _seen: set[Rejection] = field(default_factory=set, repr=False, compare=False)

    def reject(self, rejection: Rejection) -> None:
        if rejection not in self._seen:
            self._seen.add(rejection)
            self.rejected.append(rejection)


@dataclass(slots=True)
class StageItem:
    """One item with the text it carried (or, for an id-only item, none) and whether its
    document may support the query (`ineligible` names why not: stale, out_of_scope).
    Not frozen: a stage of a hundred ids makes a hundred of them per trace."""

    index: int
    item: Item
    norm: Normalized | None
    ineligible: tuple[SpanProblem, str] | None


# What the exact route reads of one span in one item's text: the refusals, then the match
# (start, end in the item's text, from another document) if there is one.
ExactReading = tuple[tuple[tuple[SpanProblem, str], ...], tuple[int, int, bool] | None]
# (the span, evidence_from, the item's text and doc_id)
ExactKey = tuple[tuple[str, int, int, str], str, str, str | None]
# A reading, and the quotes of the span's evidence alternative it read (`_allowed_framing`; None
# where it read none: the reading holds for the span in every alternative)
ExactReadings = dict[ExactKey, tuple[ExactReading, tuple[str, ...] | None]]


@dataclass(frozen=True)
class PreparedStage:
    """A stage's items, made ready once for all the spans looked for in it. `exact_readings`:
    the exact route's readings, shared by the stages of one query (a context item is in every
    stage that holds it)."""

    items: list[StageItem]
    with_text: list[StageItem]
    by_identity: dict[str, list[tuple[StageItem, int, int]]]
    with_offsets: dict[str, list[StageItem]]  # doc_id -> items with text and offsets
    snapshot: Snapshot | None = None
    language: str = "en"
    exact_readings: ExactReadings = field(default_factory=dict, compare=False, repr=False)
    # The texts of `with_text` joined by `_APART` and where each starts: one search finds the
    # items that hold a quote (`holding`).
    joined: str = field(default="", compare=False, repr=False)
    starts: list[int] = field(default_factory=list, compare=False, repr=False)
    texts: list[str] = field(default_factory=list, compare=False, repr=False)  # of `with_text`

    def holding(self, quote: str) -> Iterator[StageItem]:
        """The items of `with_text` whose normalised text holds `quote`, in order (found as they
        are asked for: the exact route stops at its first match)."""
        if not quote or _APART in quote:
            yield from (item for item in self.with_text if item.norm is not None and quote in item.norm.text)
            return
        joined, starts = self.joined, self.starts
        position = joined.find(quote)
        while position >= 0:
            # `quote` has no `_APART`: it lies inside one item's text
            index = bisect_right(starts, position) - 1
            yield self.with_text[index]
            if index + 1 == len(starts):
                return
            position = joined.find(quote, starts[index + 1])


_APART = "\x00"  # between the joined texts of a stage


def prepare_items(
    items: Sequence[Item],
    snapshot: Snapshot | None,
    *,
    as_of: dt.date | None,
    scope: dict[str, str],
    language: str = "en",
    exact_readings: ExactReadings | None = None,
) -> PreparedStage:
    """`exact_readings`: a dict shared by the stages of one query (the same snapshot, language
    and scope), or None for the stage's own."""
    prepared: list[StageItem] = []
    with_text: list[StageItem] = []
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
    readings = {} if exact_readings is None else exact_readings
    texts = [item.norm.text for item in with_text if item.norm is not None]
    starts, offset = [], 0
    for text in texts:
        starts.append(offset)
        offset += len(text) + 1
    joined = _APART.join(texts)
    return PreparedStage(
        prepared, with_text, by_identity, with_offsets, snapshot, language, readings, joined, starts, texts
    )


def _ineligible(
    doc: Document | None, as_of: dt.date | None, scope: dict[str, str]
) -> tuple[SpanProblem, str] | None:
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
    fuzzy_threshold: float = QUOTE_THRESHOLD,
    evidence_from: str = "any",
) -> SpanSearch:
    search = SpanSearch()
    for span_index, span in enumerate(spans):
        quote = normalize_cached(span.quote)
        finder = _SpanFinder(span_index, spans, quote, stage, search, fuzzy_threshold, evidence_from)
        for candidate in finder.candidates():
            item = stage.items[candidate.pieces[0].item]
            if item.ineligible:
                search.reject(Rejection(span_index, item.index, *item.ineligible))
                continue
            search.matches[span_index] = candidate
            break
    return search


class _SpanFinder:
    """The routes for one span, best first; the caller takes the first eligible match."""

    def __init__(
        self,
        span_index: int,
        spans: Sequence[Span],
        quote: Normalized,
        stage: PreparedStage,
        search: SpanSearch,
        threshold: float,
        evidence_from: str,
    ):
        self.index, self.span, self.quote, self.stage = span_index, spans[span_index], quote, stage
        # The quotes of the other spans of its evidence alternative (what `_allowed_framing` reads)
        self.sibling_quotes = tuple(
            sibling.quote for index, sibling in enumerate(spans) if index != span_index
        )
        self._read_siblings = False  # `_allowed_framing` was asked (`_exact_reading`)
        self.search, self.threshold, self.evidence_from = search, threshold, evidence_from
        self.refused: set[int] = set()  # items whose offsets lie about this span
        self._framed: Counter[str] | None = None  # what frames the span in its document
        # Read on first use (plain attributes: a `cached_property` takes a lock on each first read)
        self._opens: bool | None = None
        self._own_pieces: tuple[str, str] | None | Literal[False] = False

    def candidates(self) -> Iterator[SpanMatch]:
        if self.stage.by_identity:  # most stages: items with text, without offsets
            yield from self._by_identity()
        if self.stage.with_offsets:
            yield from self._by_offsets()
        usable = self.stage.with_text
        if self.refused:
            usable = [item for item in usable if item.index not in self.refused]
        for item in self.stage.holding(self.quote.text):
            if item.index not in self.refused:
                match = self._exact(item)
                if match is not None:
                    yield match
        yield from _split(
            self.index, self.quote.text, self.span.doc_id, usable, self.stage.language, self._framed_in
        )
        yield from self._fuzzy(usable)

    def _reject(self, item: StageItem, reason: SpanProblem, detail: str) -> None:
        self.search.reject(Rejection(self.index, item.index, reason, detail))

    def _by_identity(self) -> Iterator[SpanMatch]:
        span = self.span
        for item, start, end in self.stage.by_identity.get(span.doc_id, ()):
            if start <= span.start and span.end <= end:
                piece = Piece(item.index, span.start - start, span.end - start)
                yield SpanMatch(self.index, "id", 100.0, (piece,), text_source="snapshot")

    def _by_offsets(self) -> Iterator[SpanMatch]:
        span = self.span
        for item in self.stage.with_offsets.get(span.doc_id, ()):
            it = item.item
            if it.start is None or it.end is None or not (it.start <= span.start and span.end <= it.end):
                continue
            text = it.text or ""
            begin, finish = span.start - it.start, span.end - it.start
            if normalize_cached(text[begin:finish]).text == self.quote.text:
                problem = self._offset_problem(item, begin)
                if problem:
                    self._reject(item, *problem)
                else:
                    yield SpanMatch(self.index, "offset", 100.0, (Piece(item.index, begin, finish),))
                continue
            if item.norm is not None and self.quote.text in item.norm.text:
                continue  # a reformatted copy (line breaks added): the exact route decides
            self.refused.add(item.index)
            self.search.offset_conflicts.append(
                Rejection(
                    self.index,
                    item.index,
                    "offset_conflict",
                    f"offsets {it.start}-{it.end} of {it.doc_id} claim the span at {span.start}-{span.end}, "
                    "but the item's text there differs (truncated or rewritten): the item is refused",
                )
            )

    def _offset_problem(self, item: StageItem, begin: int) -> tuple[SpanProblem, str] | None:
        """What the exact route would refuse at the place the offsets claim: a match inside a
        word ("nonrefundable"), after a negation ("not refundable", 不可以转让) or framed by one."""
        assert item.norm is not None
        text, quote = item.norm.text, self.quote.text
        near = len(normalize_cached((item.item.text or "")[:begin]).text)
        position = text.find(quote, max(0, near - 1))
        if position < 0:
            return None
        problem = boundary_problem(text, position, position + len(quote), self.stage.language)
        if problem:
            return "token_boundary", problem
        framed = self._framing_problem(item, position, position + len(quote))
        return ("conflict", framed) if framed else None

    def _framing_problem(self, item: StageItem, start: int, end: int) -> str | None:
        """A negation, hedge, correction or condition the item puts around the match at
        [start, end) of its normalised text in its clause segment ("It is not true that …",
        "Reports that … are false", 并没有说…, …的传言不实) that neither the span's document has
        around the span nor another span of its evidence alternative states (the list of
        exclusions quoted with the "…不予受理" that heads it); or a word the item puts before a
        quote that opens a sentence ("Cigar smoking is prohibited": the item narrows it)."""
        assert item.norm is not None
        text = item.norm.text
        joined = self._joined_head(item, start)
        if joined:
            return joined
        pieces = _segment_pieces(text, start, end)
        if not (_may_frame(pieces[0]) or _may_frame(pieces[1])):
            return None  # `framing` finds nothing there
        if pieces == self._own_segment():
            return None  # the document's own clause around the span: it allows whatever frames it
        around = framing(text, start, end, self.stage.language)
        if not around:
            return None
        extra = Counter(key for key, _ in around) - self._allowed_framing()
        said = next((surface for key, surface in around if key in extra), None)
        if said is None:
            return None
        return f"the item's clause frames it with {said!r}, the document's does not"

    def _joined_head(self, item: StageItem, start: int) -> str | None:
        """The quote opens a sentence (a capital, after a sentence end in its document), the
        item has it in lower case right after a word: the item's sentence starts earlier and
        may narrow its head."""
        assert item.norm is not None
        if start < 2 or not self._opens_sentence():
            return None
        text = item.norm.text
        at = item.norm.original_span(start, start + 1)[0]
        if not (item.item.text or "")[at : at + 1].islower() or text[start - 1] != " ":
            return None
        before = every_language().pattern("last_word").search(text, 0, start - 1)
        if before is None:
            return None
        return f"the item runs a word into the quote's opening ({before.group()!r} before it)"

    def _opens_sentence(self) -> bool:
        """A sentence-case quote ("Smoking is prohibited …", not a title like "Gate B12") that
        starts a sentence of its document (read once)."""
        if self._opens is None:
            self._opens = self._reads_as_opening()
        return self._opens

    def _reads_as_opening(self) -> bool:
        words = self.span.quote.split()
        if len(words) < 3 or not (words[0][:1].isascii() and words[0][:1].isupper()):
            return False
        if not words[1][:1].islower():
            return False
        snapshot = self.stage.snapshot
        doc = snapshot.get(self.span.doc_id) if snapshot is not None else None
        ends = every_language().words("sentence_ends")
        return doc is None or doc.text[: self.span.start].rstrip()[-1:] in ends

    def _framed_in(self, item: StageItem, start: int, end: int) -> bool:
        """The item frames [start, end) of its normalised text (`_framing_problem`): refused."""
        assert item.norm is not None
        problem = self._framing_problem(item, start, end)
        if problem:
            self._reject(item, "conflict", problem)
        return problem is not None

    def _allowed_framing(self) -> Counter[str]:
        self._read_siblings = True
        if self._framed is None:
            self._framed = Counter(
                token.key
                for quote in self.sibling_quotes
                if may_hold(quote, FRAMING, negating=True)
                for token in tokenize(quote, self.stage.language)
                if token.negates or token.category in FRAMING
            )
            snapshot = self.stage.snapshot
            doc = snapshot.get(self.span.doc_id) if snapshot is not None else None
            if doc is not None and doc.text[self.span.start : self.span.end].strip():
                own = Counter(key for key, _ in _span_framing(doc.text, self.span, self.stage.language))
                self._framed |= own
        return self._framed

    def _own_segment(self) -> tuple[str, str] | None:
        """`_segment_pieces` of the span where its document has it, when `_allowed_framing`
        counts what frames it there (None otherwise): an item with the same pieces around its
        match is framed by the same cues, all allowed. Read once."""
        if self._own_pieces is False:
            snapshot = self.stage.snapshot
            doc = snapshot.get(self.span.doc_id) if snapshot is not None else None
            if doc is None or not doc.text[self.span.start : self.span.end].strip():
                self._own_pieces = None
            else:
                self._own_pieces = document_pieces(doc.text, self.span.start, self.span.end)
        return self._own_pieces

    def _exact(self, item: StageItem) -> SpanMatch | None:
        """The exact route in an item that holds the quote: its refusals rejected, then its
        match if it has one (a function, not a generator: one less layer to resume and close
        for each span of each stage)."""
        problems, hit = self._exact_reading(item)
        for reason, detail in problems:
            self._reject(item, reason, detail)
        if hit is None:
            return None
        begin, finish, other = hit
        piece = Piece(item.index, begin, finish)
        return SpanMatch(self.index, "exact", 100.0, (piece,), other_document=other)

    def _exact_reading(self, item: StageItem) -> ExactReading:
        """`_read_exact`, read once for the stages of a query that hold the item's text and the
        evidence alternatives that hold the span: again only for an alternative whose other
        quotes differ from those of the one read, if the reading asked `_allowed_framing`."""
        span, it = self.span, item.item
        key = ((span.doc_id, span.start, span.end, span.quote), self.evidence_from, it.text or "", it.doc_id)
        readings = self.stage.exact_readings
        stored = readings.get(key)
        if stored is not None and stored[1] in (None, self.sibling_quotes):
            return stored[0]
        self._read_siblings = False
        reading = self._read_exact(item)
        readings[key] = reading, self.sibling_quotes if self._read_siblings else None
        return reading

    def _read_exact(self, item: StageItem) -> ExactReading:
        """The refusals of the quote's occurrences in the item, then the first it accepts."""
        assert item.norm is not None
        quote, text = self.quote.text, item.norm.text
        problems: list[tuple[SpanProblem, str]] = []
        for position in _occurrences(quote, text):
            problem = boundary_problem(text, position, position + len(quote), self.stage.language)
            if problem:
                problems.append(("token_boundary", problem))
                continue
            framed = self._framing_problem(item, position, position + len(quote))
            if framed:
                problems.append(("conflict", framed))
                continue
            other = bool(item.item.doc_id) and item.item.doc_id != self.span.doc_id
            if other and self.evidence_from == "own":
                problems.append(("other_document", f"exact, but from {item.item.doc_id!r}"))
                return tuple(problems), None
            begin, finish = item.norm.original_span(position, position + len(quote))
            return tuple(problems), (begin, finish, other)
        return tuple(problems), None

    def _fuzzy(self, items: list[StageItem]) -> Iterator[SpanMatch]:
        accepted: list[tuple[float, int, SpanMatch]] = []
        if items is self.stage.with_text:
            texts = self.stage.texts
        else:
            texts = [item.norm.text for item in items if item.norm is not None]
        assert len(texts) == len(items)
        results = fuzzy_in_text.many(self.span.quote, texts, self.stage.language, self.threshold)
        for item, found in zip(items, results):
            assert item.norm is not None
            if found is None:
                continue
            verdict, detail, start, end, score = found
            if verdict != "truncated" and item.item.doc_id and item.item.doc_id != self.span.doc_id:
                verdict, detail = (
                    "other_document",
                    f"not exact, from {item.item.doc_id!r}: only exact matches may",
                )
            elif verdict == "ok" and negated_before(item.norm.text, start, self.stage.language):
                verdict, detail = (
                    "conflict",
                    f"a negation right before it: {item.norm.text[max(0, start - 6) : start + 6]!r}",
                )
            if verdict == "ok":
                framed = self._framing_problem(item, start, end)
                if framed:
                    verdict, detail = "conflict", framed
            if verdict != "ok":
                self._reject(item, verdict, detail)
                continue
            if not item.item.doc_id and not self._own_source(item, start, end, score):
                self._reject(
                    item,
                    "ambiguous_source",
                    "an item without doc_id whose surroundings do not confirm the "
                    "span's document, and another document holds the quote as well",
                )
                continue
            begin, finish = item.norm.original_span(start, end)
            accepted.append(
                (
                    -score,
                    item.index,
                    SpanMatch(self.index, "fuzzy", round(score, 2), (Piece(item.index, begin, finish),)),
                )
            )
        for _, _, match in sorted(accepted, key=lambda entry: entry[:2]):
            yield match

    def _own_source(self, item: StageItem, start: int, end: int, score: float) -> bool:
        """An item without doc_id: its text around the match is the span's surroundings in
        the snapshot, or no other snapshot document holds the quote as well."""
        snapshot = self.stage.snapshot
        doc = snapshot.get(self.span.doc_id) if snapshot else None
        if snapshot is None or doc is None:
            return False
        assert item.norm is not None
        text = item.norm.text
        before = normalize_cached(doc.text[max(0, self.span.start - EDGE) : self.span.start]).text
        after = normalize_cached(doc.text[self.span.end : self.span.end + EDGE]).text
        item_before, item_after = text[max(0, start - len(before)) : start], text[end : end + len(after)]
        if (len(item_before) >= 10 and fuzz.ratio(before[-len(item_before) :], item_before) >= 90) or (
            len(item_after) >= 10 and fuzz.ratio(after[: len(item_after)], item_after) >= 90
        ):
            return True
        others = {
            key: normalize_cached(d.text).text for key, d in snapshot.documents.items() if key != doc.doc_id
        }
        # A rival is another document holding the quote about as well: at the threshold.
        cutoff = self.threshold
        rival = process.extractOne(self.quote.text, others, scorer=fuzz.partial_ratio, score_cutoff=cutoff)
        return rival is None


def _occurrences(quote: str, text: str) -> Iterator[int]:
    if not quote:
        return
    position = text.find(quote)
    while position >= 0:
        yield position
        position = text.find(quote, position + 1)


# Cues that, before or after a quote in its clause segment, change what the text asserts of it.
FRAMING = frozenset({"hedge", "correction", "cond"})


@lru_cache(maxsize=16384)
def framing(text: str, start: int, end: int, language: str) -> tuple[tuple[str, str], ...]:
    """(key, surface) of the negations and `FRAMING` cues in the clause segment around
    [start, end) of normalised `text`, outside it (the stretches before and after the match,
    each cut into tokens alone: mostly empty, or a few words). Cached: a stage's item is
    read at the same match for each stage that holds it."""
    lo, hi = segment_around(text, start, end)
    found: list[tuple[str, str]] = []
    for begin, finish in ((lo, start), (end, hi)):
        piece = text[begin:finish]
        if not _may_frame(piece):
            continue
        begin += len(piece) - len(piece.lstrip())
        for token in tokenize(piece.strip(), language):
            if token.negates or token.category in FRAMING:
                found.append((token.key, text[token.start + begin : token.end + begin]))
    return tuple(found)


def _may_frame(piece: str) -> bool:
    """Whether a stretch of a clause segment may hold a negation or a `FRAMING` cue."""
    return bool(piece.strip()) and may_hold(piece.strip(), FRAMING, negating=True)


def _segment_pieces(text: str, start: int, end: int) -> tuple[str, str]:
    """The stretches of the clause segment before and after [start, end) of `text`: all that
    `framing` reads of it."""
    lo, hi = segment_around(text, start, end)
    return text[lo:start], text[end:hi]


@lru_cache(maxsize=4096)
def document_pieces(doc_text: str, start: int, end: int) -> tuple[str, str] | None:
    """`_segment_pieces` of a span at [start, end) of its document's text, in its normalised
    surroundings (`_span_surroundings`); None when normalising moved it out of sight. Cached:
    a span is read in each stage of its query, and spans recur across queries."""
    found = _span_surroundings(doc_text, start, end)
    return _segment_pieces(*found) if found else None


def _span_framing(doc_text: str, span: Span, language: str) -> tuple[tuple[str, str], ...]:
    """`framing` of the span where its document has it."""
    found = _span_surroundings(doc_text, span.start, span.end)
    return framing(*found, language) if found else ()


def _span_surroundings(doc_text: str, start: int, end: int) -> tuple[str, int, int] | None:
    """The normalised surroundings of a span at [start, end) of its document's text (`FRAME`
    characters either side) and where the normalised span lies in them; None when normalising
    moved it out of sight."""
    before = normalize_cached(doc_text[max(0, start - FRAME) : start]).text
    around = normalize_cached(doc_text[max(0, start - FRAME) : end + FRAME]).text
    quote = normalize_cached(doc_text[start:end]).text
    position = around.find(quote, max(0, len(before) - 1))
    if position < 0:
        return None
    return around, position, position + len(quote)


def boundary_problem(text: str, start: int, end: int, language: str) -> str | None:
    """Why a match at [start, end) of normalised `text` is not on token boundaries, or None."""
    before, first = text[start - 1 : start], text[start : start + 1]
    last, after = text[end - 1 : end] if end > start else "", text[end : end + 1]
    if before and _joins(before, first):
        return f"starts inside {text[max(0, start - 8) : start + 12]!r}"
    if after and (
        _joins(last, after) or (last.isdigit() and after in ".," and text[end + 1 : end + 2].isdigit())
    ):
        return f"ends inside {text[max(start, end - 12) : end + 8]!r}"
    if negated_before(text, start, language):
        return f"a negation right before it: {text[max(0, start - 6) : start + 6]!r}"
    return None


def _joins(left: str, right: str) -> bool:
    """Two characters of one word (ASCII letters and digits) or of one number."""
    ascii_word = left.isascii() and right.isascii() and left.isalnum() and right.isalnum()
    numerals = every_language().words("numerals")
    return ascii_word or (left in numerals and right in numerals)


def _split(
    span_index: int,
    quote: str,
    doc_id: str,
    items: list[StageItem],
    language: str,
    framed: Callable[[StageItem, int, int], bool],
) -> Iterator[SpanMatch]:
    """The quote across two or more items in order: the first ends with its head, the next
    ones continue it (overlap repeated by the next chunk dropped, an edge space allowed).
    `framed(item, start, end)`: whether the item frames its piece (a negation before the head
    in the first item, a hedge after the tail in the last), which refuses the join."""
    eligible = [item for item in items if not item.item.doc_id or item.item.doc_id == doc_id]
    for position, first in enumerate(eligible):
        assert first.norm is not None
        for head_start in _head_positions(quote, first.norm.text):
            if head_start and _joins(first.norm.text[head_start - 1], first.norm.text[head_start]):
                continue
            if negated_before(first.norm.text, head_start, language):
                continue  # "… not" + "refundable within 30 days": the item negates the quote
            consumed = len(first.norm.text) - head_start
            pieces = [(first, head_start, len(first.norm.text))]
            found = _continue(quote, consumed, eligible[position + 1 :], pieces)
            if found is None:
                continue
            (head, lo, hi), (tail, _, end) = found[0], found[-1]
            if framed(head, lo, hi) or framed(tail, 0, end):
                continue
            item_pieces = []
            for item, lo, hi in found:
                assert item.norm is not None
                begin, finish = item.norm.original_span(lo, hi)
                item_pieces.append(Piece(item.index, begin, finish))
            indexes = [piece.item for piece in item_pieces]
            adjacent = all(b == a + 1 for a, b in zip(indexes, indexes[1:]))
            route: SpanRoute = "split" if adjacent else "split_nonadjacent"
            yield SpanMatch(span_index, route, 100.0, tuple(item_pieces))
            return


def _head_positions(quote: str, text: str) -> Iterator[int]:
    """Where `text`'s tail is a head of the quote (shorter than the whole quote)."""
    if not quote:
        return
    position = text.find(quote[0], max(0, len(text) - len(quote) + 1))
    while position >= 0:
        if quote.startswith(text[position:]):
            yield position
        position = text.find(quote[0], position + 1)


def _continue(
    quote: str, consumed: int, rest: list[StageItem], pieces: list[tuple[StageItem, int, int]]
) -> list[tuple[StageItem, int, int]] | None:
    """Items after the last piece that carry the quote on from `consumed`."""
    if len(pieces) >= MAX_PIECES:
        return None
    for offset, item in enumerate(rest):
        assert item.norm is not None
        text = item.norm.text
        for resume in _resume_points(quote, consumed, text):
            remaining = quote[resume:]
            if text.startswith(remaining):
                if len(text) > len(remaining) and _joins(remaining[-1:], text[len(remaining)]):
                    continue
                return [*pieces, (item, 0, len(remaining))]
            if remaining.startswith(text) and len(text) >= 1:
                found = _continue(
                    quote, resume + len(text), rest[offset + 1 :], [*pieces, (item, 0, len(text))]
                )
                if found is not None:
                    return found
    return None


def _resume_points(quote: str, consumed: int, text: str) -> list[int]:
    """Where in the quote the next item's text may start: right after what was consumed
    (past an edge space the normaliser dropped), or earlier when the chunks overlap."""
    points = [consumed]
    if quote[consumed : consumed + 1] == " ":
        points.append(consumed + 1)
    head = text[: min(8, len(text))]
    if head:
        position = quote.rfind(head, 0, consumed + len(head) - 1)
        while position >= 0:
            if position < consumed and position not in points:
                points.append(position)
            position = quote.rfind(head, 0, position + len(head) - 1) if position > 0 else -1
    return points


QuoteVerdict = Literal["ok"] | SpanProblem
FuzzyFound = tuple[QuoteVerdict, str, int, int, float]  # verdict, detail, start, end (normalised text), score


_QuoteKey = tuple[str, str, float, bool]  # quote, language, threshold, strict


class CacheInfo(NamedTuple):
    hits: int
    misses: int
    maxsize: int
    currsize: int


class _FuzzyInText:
    """`fuzzy_in_text(quote, text, language, threshold)`, cached per (quote, text) pair and
    bounded: a quote's results are kept together (a quote is read in every stage of its query,
    then seldom again), the least recently used quote's dropped first while they number more
    than `maxsize`; `many` aligns the quote with the texts it has no result for in one
    `align_many`."""

    def __init__(self, maxsize: int):
        self.maxsize = maxsize
        self._by_quote: OrderedDict[_QuoteKey, dict[str, FuzzyFound | None]] = OrderedDict()
        self._size = 0  # the results held
        self._hits = self._misses = 0

    def __call__(
        self, quote: str, text: str, language: str, threshold: float, *, strict: bool = True
    ) -> FuzzyFound | None:
        """The quote aligned in normalised `text`: ("ok", "", start, end, score) when it is
        stated there; (reason, detail, ...) when the best alignment is refused; None when
        nothing in the text comes close. `quote` is the quote's original form (names read
        from case). `strict`: the quote word for word (`_not_word_for_word`), as the span route
        wants; re-anchoring a quote in an edited document (`locate_quote`) is not."""
        return self.many(quote, (text,), language, threshold, strict=strict)[0]

    def many(
        self, quote: str, texts: Sequence[str], language: str, threshold: float, *, strict: bool = True
    ) -> list[FuzzyFound | None]:
        """`self(quote, text, language, threshold, strict=strict)` for each of `texts`."""
        key = (quote, language, threshold, strict)
        results = self._by_quote.get(key)
        if results is None:
            results = self._by_quote[key] = {}
        else:
            try:
                self._by_quote.move_to_end(key)
            except KeyError:  # dropped meanwhile by another thread
                pass
        distinct = dict.fromkeys(texts)
        new = [text for text in distinct if text not in results]
        self._hits += len(distinct) - len(new)
        self._misses += len(new)
        if new:
            results.update(zip(new, _fuzzy_many(quote, new, language, threshold, strict)))
            self._size += len(new)
            if self._size > self.maxsize:
                self._evict()
        return [results[text] for text in texts]

    def _evict(self) -> None:
        while self._size > self.maxsize:
            try:
                _, dropped = self._by_quote.popitem(last=False)
            except KeyError:  # emptied by another thread
                break
            self._size -= len(dropped)

    def cache_info(self) -> CacheInfo:
        return CacheInfo(self._hits, self._misses, self.maxsize, self._size)

    def cache_clear(self) -> None:
        self._by_quote.clear()
        self._size = self._hits = self._misses = 0


fuzzy_in_text = _FuzzyInText(maxsize=4096)


def _fuzzy_many(
    quote: str, texts: Sequence[str], language: str, threshold: float, strict: bool
) -> list[FuzzyFound | None]:
    """The quote aligned in each normalised text: one `align_many` for the texts whose window
    (`_window`) is worth aligning."""
    found: list[FuzzyFound | None] = [None] * len(texts)
    norm_quote = normalize_cached(quote).text
    if not norm_quote:
        return found
    chinese = language.startswith("zh")
    windows = [
        (position, window_tokens(texts[position], language, *window))
        for position, window in enumerate(_windows(norm_quote, texts, chinese))
        if window is not None
    ]
    if not windows:
        return found
    claim = tokenize(quote, language, True)
    alignments = align_many(claim, [tokens for _, tokens in windows])
    for (position, tokens), alignment in zip(windows, alignments):
        assessment = assess(claim, tokens, chinese=chinese, alignment=alignment)
        found[position] = _found(claim, norm_quote, texts[position], tokens, assessment, threshold, strict)
    return found


def _found(
    claim: Sequence[Token],
    quote: str,
    text: str,
    text_tokens: Sequence[Token],
    found: Assessment,
    threshold: float,
    strict: bool,
) -> FuzzyFound | None:
    """What an assessment of the claim with `text`'s tokens says (`quote` normalised)."""
    if found.region is None:
        return None
    start, end = found.region
    verdict, detail = _fuzzy_verdict(QuoteReading(claim, quote, text_tokens, found, text, threshold, strict))
    return verdict, detail, start, end, 100.0 * found.support


def _windows(quote: str, texts: Sequence[str], chinese: bool = False) -> list[tuple[int, int] | None]:
    """The stretch of each text worth aligning the quote with (rapidfuzz finds it; none in an
    empty text); most texts are ruled out first by a bound of rapidfuzz's score
    (`partial_ratio_below`) where that is cheaper than rapidfuzz's own search (`worth_bounding`,
    or always where the bound is compiled: one call for all the texts); Chinese ones first by
    the characters they share with the quote (`characters_below`, where it is compiled)."""
    cutoff = WINDOW_CUTOFF
    if COMPILED:
        ruled_out = partial_ratio_below_each(
            quote, texts, cutoff, whole_first=chinese, characters_first=chinese
        )
    else:
        ruled_out = [
            worth_bounding(quote, text) and partial_ratio_below(quote, text, cutoff, whole_first=chinese)
            for text in texts
        ]
    return [None if out or not text else _found_window(quote, text) for text, out in zip(texts, ruled_out)]


def _window(quote: str, text: str, chinese: bool = False) -> tuple[int, int] | None:
    """`_windows` of one text."""
    return _windows(quote, (text,), chinese)[0]


def _found_window(quote: str, text: str) -> tuple[int, int] | None:
    """The window rapidfuzz finds: its best alignment of the quote, padded, on word edges."""
    if len(text) <= len(quote) * 3 // 2 + 20:
        return (0, len(text)) if fuzz.partial_ratio(quote, text) >= WINDOW_CUTOFF else None
    alignment = fuzz.partial_ratio_alignment(quote, text, score_cutoff=WINDOW_CUTOFF)
    if alignment is None:
        return None
    pad = max(20, len(quote) // 4)
    lo, hi = max(0, alignment.dest_start - pad), min(len(text), alignment.dest_end + pad)
    while lo > 0 and text[lo - 1].isalnum():
        lo -= 1  # never cut a word (or a number) at the window's edges
    while hi < len(text) and text[hi].isalnum():
        hi += 1
    return lo, hi


def _fuzzy_verdict(reading: QuoteReading) -> tuple[QuoteVerdict, str]:
    """The first rule of `manifest.SPANS` that says something decides; none: `ok`."""
    for rule in _SPAN_RULES:
        outcome = rule.check(reading)
        if outcome is not None:
            return outcome
    return "ok", ""


def _item_range(item: Item, snapshot: Snapshot) -> tuple[str, int, int] | None:
    """(doc_id, start, end) that an id-only item stands for in the snapshot."""
    if item.chunk_id and item.chunk_id in snapshot.chunks:
        doc, chunk = snapshot.chunks[item.chunk_id]
        return doc.doc_id, chunk.start, chunk.end
    whole = snapshot.get(item.doc_id) if item.doc_id else None
    if whole is None:
        return None
    if item.start is not None and item.end is not None:
        return whole.doc_id, item.start, item.end
    return whole.doc_id, 0, len(whole.text)


def locate_quote(
    quote: str, text: str, *, threshold: float, language: str = "en"
) -> tuple[int, int, float, int] | None:
    """Where `quote` is in `text`: (start, end, score, occurrences) with offsets into `text`.
    Exact first (occurrences counts the exact hits, so that a caller can refuse an ambiguous
    quote), then normalised on token boundaries, then by token alignment (occurrences 1)."""
    norm_text, norm_quote = normalize_cached(text), normalize_cached(quote)
    if not quote.strip() or not norm_quote.text:
        return None
    raw = [p for p in _occurrences(quote, text) if not boundary_problem(text, p, p + len(quote), language)]
    if raw:
        return raw[0], raw[0] + len(quote), 100.0, len(raw)
    hits = [
        position
        for position in _occurrences(norm_quote.text, norm_text.text)
        if not boundary_problem(norm_text.text, position, position + len(norm_quote.text), language)
    ]
    if hits:
        start, end = norm_text.original_span(hits[0], hits[0] + len(norm_quote.text))
        return start, end, 100.0, len(hits)
    found = fuzzy_in_text(quote, norm_text.text, language, threshold, strict=False)
    if found is None or found[0] != "ok":
        return None
    _, _, begin, finish, score = found
    start, end = norm_text.original_span(begin, finish)
    return start, end, round(score, 2), 1
