"""`init`, `anchor` and `migrate`: annotation sets made from queries, quotes and new snapshots."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..errors import InputError, Location
from ..ingest.common import identifier
from ..ingest.languages import foreign_letters
from ..io import iter_jsonl
from ..match.spans import locate_quote
from ..models import Snapshot
from ..text.language import guess_language

FUZZY_REANCHOR = 90.0


@dataclass(frozen=True)
class SpanIssue:
    json_path: str
    query_id: str
    sub_question: str
    message: str

    def describe(self, path: str) -> str:
        where = f"{path}: {self.json_path}, query {self.query_id}, sub-question {self.sub_question}"
        return f"{where}: {self.message}"


def init_from_queries(
    queries_path: str, snapshot: Snapshot, *, name: str, language: str | None = None
) -> dict[str, Any]:
    """A draft set with one query per line of `queries_path` and no sub-questions yet;
    `language` guessed from the query texts (share of CJK letters) unless given."""
    queries = []
    seen: set[str] = set()
    for line, record in iter_jsonl(queries_path):
        query_id = record.get("query_id", record.get("_id", record.get("id")))
        text = record.get("text", record.get("query", record.get("question")))
        if query_id is None or text is None:
            raise InputError(
                Location(queries_path, line),
                "each line needs an id (query_id, _id or id) and a text (text, query or question)",
            )
        query_id = identifier(query_id, Location(queries_path, line))
        if not isinstance(text, str):
            raise InputError(Location(queries_path, line), f"expected a text, found {type(text).__name__}")
        if query_id in seen:
            raise InputError(Location(queries_path, line), f"duplicate query id {query_id!r}")
        seen.add(query_id)
        queries.append({"query_id": query_id, "text": text, "doc_judgments": {}, "sub_questions": []})
    if not queries:
        raise InputError(Location(queries_path), "no query in it; give one JSON object per line")
    if language is None:
        texts = [str(query["text"]) for query in queries]
        foreign = foreign_letters(texts)
        if foreign:
            raise InputError(
                Location(queries_path),
                f"the queries look neither English nor Chinese ({foreign}), the only languages "
                "the tool has rules for",
                "give --language en or zh if they are written in it",
            )
        language = guess_language(texts)
        _mark_other_languages(queries, language)
    return {
        "schema_version": "1",
        "name": name,
        "version": "draft-1",
        "language": language,
        "draft": True,
        "corpus": {"sha256": snapshot.sha256},
        "queries": queries,
    }


def _mark_other_languages(queries: list[dict[str, Any]], language: str) -> None:
    """Each query written in another language than the set's guess gets its own `language`
    (the facts, quotes and answers of a mixed set are segmented each in its language)."""
    for query in queries:
        own = guess_language([query["text"]], default=language)
        if own != language:
            query["language"] = own


def spans_of(
    data: dict[str, Any], source: str = "<annotations>"
) -> Iterator[tuple[str, str, str, dict[str, Any], dict[str, Any]]]:
    """(JSON path, query id, sub-question id, span, sub-question) of every evidence span of a
    raw annotation set (not validated yet: spans may lack offsets), each level's type checked."""
    for qi, query in enumerate(_listed(data, "queries", "$", source)):
        query = _object(query, f"$.queries[{qi}]", source)
        for si, sub in enumerate(_listed(query, "sub_questions", f"$.queries[{qi}]", source)):
            where = f"$.queries[{qi}].sub_questions[{si}]"
            sub = _object(sub, where, source)
            for ai, alternative in enumerate(_listed(sub, "evidence", where, source)):
                if not isinstance(alternative, list):
                    raise _shape_error(source, f"{where}.evidence[{ai}]", "a list of spans", alternative)
                for pi, span in enumerate(alternative):
                    path = f"{where}.evidence[{ai}][{pi}]"
                    yield (
                        path,
                        str(query.get("query_id")),
                        str(sub.get("id")),
                        _object(span, path, source),
                        sub,
                    )


def _listed(parent: dict[str, Any], key: str, where: str, source: str) -> list[Any]:
    value = parent.get(key, [])
    if not isinstance(value, list):
        raise _shape_error(source, f"{where}.{key}", "a list", value)
    return value


def _object(value: Any, where: str, source: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _shape_error(source, where, "an object", value)
    return value


def _shape_error(source: str, where: str, expected: str, found: Any) -> InputError:
    return InputError(
        Location(source, json_path=where),
        f"expected {expected}, found {type(found).__name__}",
        "run `evidence-eval validate` on the set",
    )


def anchor(
    data: dict[str, Any], snapshot: Snapshot, source: str = "<annotations>"
) -> tuple[dict[str, Any], list[SpanIssue]]:
    """Fill `start`/`end` of spans given by `doc_id` + `quote` only (exact matches only:
    an absent or ambiguous quote is refused and named)."""
    result = copy.deepcopy(data)
    issues = []
    languages = _query_languages(result)
    for path, query_id, sub_id, span, _ in spans_of(result, source):
        if "start" in span and "end" in span:
            continue
        doc = snapshot.get(str(span.get("doc_id")))
        quote = span.get("quote")
        if doc is None or not isinstance(quote, str) or not quote:
            issues.append(SpanIssue(path, query_id, sub_id, "needs a doc_id in the snapshot and a quote"))
            continue
        count = doc.text.count(quote)
        if count != 1:
            what = "not found" if count == 0 else f"found {count} times (make the quote longer)"
            hint = _nearest_passage(quote, doc.text, languages.get(query_id, "en")) if count == 0 else ""
            issues.append(
                SpanIssue(path, query_id, sub_id, f"quote {quote[:40]!r} {what} in {doc.doc_id!r}{hint}")
            )
            continue
        span["start"] = doc.text.index(quote)
        span["end"] = span["start"] + len(quote)
    return result, issues


def _query_languages(data: dict[str, Any]) -> dict[str, str]:
    """Each query's language (its own, else the set's), by query id, from a raw set."""
    default = str(data.get("language") or "en")
    queries = data.get("queries")
    if not isinstance(queries, list):
        return {}
    return {
        str(query.get("query_id")): str(query.get("language") or default)
        for query in queries
        if isinstance(query, dict)
    }


def _nearest_passage(quote: str, text: str, language: str) -> str:
    """For a quote not found as written: the passage `migrate` would re-anchor it on (another
    numeral form, width or wording within the fuzzy threshold), offsets and all; "" if none."""
    placed = place_quote(quote, text, language=language)
    if isinstance(placed, str):
        return ""
    start, end, score = placed
    return (
        f"; nearest passage [{start}:{end}] {text[start:end][:60]!r} (score {score:g}): "
        "quote it as the document writes it"
    )


def migrate(
    data: dict[str, Any], snapshot: Snapshot, *, version: str
) -> tuple[dict[str, Any], list[SpanIssue], dict[str, int]]:
    """Re-anchor every span by its quote in a new snapshot: kept when the offsets still hold,
    moved when the quote is found once, fuzzily re-anchored (quote replaced, sub-question
    marked `needs_review`) at >= 90, else left as it was and listed."""
    if version == data.get("version"):
        raise InputError(Location("--version"), f"the new version must differ from {version!r}")
    result = copy.deepcopy(data)
    issues = []
    counts = {"kept": 0, "moved": 0, "fuzzy": 0, "failed": 0}
    language = str(data.get("language") or "en")
    for path, query_id, sub_id, span, sub in spans_of(result):
        doc = snapshot.get(str(span.get("doc_id")))
        if doc is None:
            issues.append(
                SpanIssue(path, query_id, sub_id, f"doc_id {span.get('doc_id')!r} is not in the new snapshot")
            )
            counts["failed"] += 1
            continue
        outcome, message = _migrate_span(span, doc.text, doc.version, language)
        counts[outcome] += 1
        if outcome == "fuzzy":
            sub["needs_review"] = True
        if message:
            issues.append(SpanIssue(path, query_id, sub_id, f"{message} in {doc.doc_id!r}@{doc.version}"))
    result["version"] = version
    result["corpus"] = {**(result.get("corpus") or {}), "sha256": snapshot.sha256}
    return result, issues, counts


def _migrate_span(span: dict[str, Any], text: str, doc_version: str, language: str) -> tuple[str, str | None]:
    """Re-anchors one span in place; returns (kept | moved | fuzzy | failed, message)."""
    quote = str(span.get("quote", ""))
    start, end = span.get("start"), span.get("end")
    if isinstance(start, int) and isinstance(end, int) and quote and text[start:end] == quote:
        return "kept", None
    placed = place_quote(quote, text, language=language)
    if isinstance(placed, str):
        return "failed", f"quote {quote[:40]!r} {placed}"
    new_start, new_end, score = placed
    span.update(start=new_start, end=new_end, quote=text[new_start:new_end])
    if "version" in span:
        span["version"] = doc_version
    if text[new_start:new_end] == quote:
        return "moved", None
    return "fuzzy", f"re-anchored fuzzily (score {score:g}): review it"


def exact_occurrences(quote: str, text: str) -> list[int]:
    """Every start of `quote` in `text`, overlapping ones included."""
    found, position = [], text.find(quote)
    while quote and position >= 0:
        found.append(position)
        position = text.find(quote, position + 1)
    return found


def place_quote(
    quote: str, text: str, *, language: str, threshold: float = FUZZY_REANCHOR
) -> tuple[int, int, float] | str:
    """(start, end, score) of `quote` in `text`, or why it cannot be placed.

    The exact characters first (anywhere: the span was anchored on them before, word
    boundaries or not), refused when they occur more than once; then the matcher's
    normalised and fuzzy routes, whose edges are then set on the quote's own first and last
    characters (an alignment can stop a character short of where the passage starts)."""
    if not quote.strip():
        return "is empty"
    exact = exact_occurrences(quote, text)
    if len(exact) == 1:
        return exact[0], exact[0] + len(quote), 100.0
    if len(exact) > 1:
        return f"found {len(exact)} times"
    found = locate_quote(quote, text, threshold=threshold, language=language)
    if found is None:
        return "not found"
    start, end, score, occurrences = found
    if occurrences > 1:
        return f"found {occurrences} times"
    start, end = refine_edges(quote, text, start, end)
    return start, end, score


EDGE_REACH = 4  # characters an edge may move
EDGE_WIDTH = 8  # characters of the quote compared at each edge


def refine_edges(quote: str, text: str, start: int, end: int) -> tuple[int, int]:
    """Moves `start` and `end` by at most EDGE_REACH characters so that the passage's first
    and last characters agree best (edit distance) with the quote's; ties keep the offset
    nearest the one given."""
    width = min(EDGE_WIDTH, len(quote))
    head, tail = quote[:width], quote[-width:]
    starts = range(max(0, start - EDGE_REACH), min(start + EDGE_REACH, end - 1) + 1)
    best_start = min(starts, key=lambda s: (edit_distance(head, text[s : s + width]), abs(s - start)))
    ends = range(max(best_start + 1, end - EDGE_REACH), min(len(text), end + EDGE_REACH) + 1)
    best_end = min(
        ends, key=lambda e: (edit_distance(tail, text[max(best_start, e - width) : e]), abs(e - end))
    )
    return best_start, best_end


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance (insertions, deletions, substitutions), for short strings."""
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, start=1):
        current = [i]
        for j, char_b in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char_a != char_b)))
        previous = current
    return previous[-1]
