"""Raw traces -> trace rows: query ids, document ids, and the `context` stage."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...errors import UsageError
from ...models import AnnotationSet
from ...text.language import guess_language
from ...text.normalize import normalize
from .model import ImportResult, Problems, PromptStats, RawDoc, RawTrace, Skip
from .prompt_context import context_items, place_items, prompt_stats, searched_text
from .records import as_id, lookup

QUERY_TEXT = "query-text"


@dataclass(frozen=True)
class Settings:
    system: str
    query_id_from: str | None
    doc_id_from: str | None
    annotations: AnnotationSet | None
    threshold: float


def assemble(result: ImportResult, traces: list[RawTrace], settings: Settings, problems: Problems) -> None:
    """Fill `result.rows`, `.stats` and `.unmatched` from `traces`."""
    query_ids = _query_id_finder(settings)
    language = (
        settings.annotations.language
        if settings.annotations is not None
        else guess_language([t.prompt.text for t in traces[:20] if t.prompt])
    )
    owners: dict[str, str] = {}
    for trace in traces:
        query_id = query_ids(trace)
        if query_id is None:
            result.unmatched.append((trace.trace_id, trace.query or ""))
            continue
        if query_id in owners:
            problems.add(
                trace.where,
                f"trace {trace.trace_id} is a second run of query {query_id} "
                f"(trace {owners[query_id]} was first)",
                "export one run per query, or give each run its own system; --on-error skip keeps the first",
            )
            continue
        try:
            row, stats = _row(trace, query_id, settings, problems, language)
        except Skip:
            continue
        owners[query_id] = trace.trace_id
        result.rows.append(row)
        result.stats[query_id] = stats


def _query_id_finder(settings: Settings) -> Callable[[RawTrace], str | None]:
    source = settings.query_id_from
    if source is None:
        source = QUERY_TEXT if settings.annotations is not None else None
    if source is None:
        return lambda trace: trace.trace_id
    if source == QUERY_TEXT:
        if settings.annotations is None:
            raise UsageError("query_id_from 'query-text' needs the annotation set whose query texts to match")
        by_text: dict[str, str] = {}
        for query in settings.annotations.queries:
            by_text.setdefault(normalize(query.text).text, query.query_id)
        return lambda trace: by_text.get(normalize(trace.query).text) if trace.query else None
    return lambda trace: _first_id(trace.records, source)


def _first_id(records: list[dict[str, Any]], path: str) -> str | None:
    for record in records:
        found = as_id(lookup(record, path))
        if found is not None:
            return found
    return None


def _row(
    trace: RawTrace, query_id: str, settings: Settings, problems: Problems, language: str
) -> tuple[dict[str, Any], PromptStats]:
    stages = [
        {"name": stage.name, "items": [_item(doc, settings.doc_id_from, problems) for doc in stage.docs]}
        for stage in trace.stages
    ]
    context, stats = _context(trace, stages, language, settings.threshold)
    if context is not None:
        stages.append({"name": "context", "items": context})
    row: dict[str, Any] = {"query_id": query_id, "system": settings.system, "stages": stages}
    if trace.answer is not None:
        row["answer"] = trace.answer
    row["metadata"] = {
        "trace_id": trace.trace_id,
        "query": trace.query,
        "prompt": {
            "searched": stats.searched,
            "whole": stats.whole,
            "cut": stats.cut,
            "absent": stats.absent,
            "prompt_chars": stats.prompt_chars,
            "unmatched_chars": stats.unmatched_chars,
        },
    }
    return row, stats


def _record_path(doc_id_from: str, record: dict[str, Any]) -> str:
    """`doc_id_from` as a path in `record`: `document.metadata.source` and `metadata.source`
    name the same key whether or not the export wraps its documents in `document`."""
    if doc_id_from.startswith("document.") and "document" not in record:
        return doc_id_from[len("document.") :]
    if "document" in record and not doc_id_from.startswith("document."):
        return f"document.{doc_id_from}"
    return doc_id_from


def _own_metadata(record: dict[str, Any]) -> dict[str, Any]:
    """The scalar entries of a document's own metadata, kept with an item whose id is the
    export's own (a node id, say): where `score` looks for the key that holds the judged ids."""
    found = lookup(record, _record_path("metadata", record))
    if not isinstance(found, dict):
        return {}
    return {
        str(key): value
        for key, value in found.items()
        if isinstance(value, (str, int, float, bool)) or value is None
    }


def _item(doc: RawDoc, doc_id_from: str | None, problems: Problems) -> dict[str, Any]:
    item: dict[str, Any] = {}
    doc_id = doc.native_id
    if not doc_id_from:
        own = _own_metadata(doc.record)
        if own:
            item["metadata"] = own
    if doc_id_from:
        doc_id = as_id(lookup(doc.record, _record_path(doc_id_from, doc.record)))
        if doc_id is None:
            problems.add(
                doc.where,
                f"this document has no {doc_id_from}",
                "check --doc-id-from: name a key that every document of the export carries",
            )
            raise Skip
        if doc.native_id:
            item["metadata"] = {"native_id": doc.native_id}
    if doc_id is not None:
        item["doc_id"] = doc_id
    if doc.text is not None:
        item["text"] = doc.text
    if doc.score is not None:
        item["score"] = doc.score
    if "doc_id" not in item and "text" not in item:
        problems.add(doc.where, "a document with neither an id nor a text", "check the export")
        raise Skip
    return item


def _context(
    trace: RawTrace, stages: list[dict[str, Any]], language: str, threshold: float
) -> tuple[list[dict[str, Any]] | None, PromptStats]:
    """The context stage (None without a prompt) and its statistics. The last stage's items
    are the ones meant for the prompt (counted absent when not there); items only in earlier
    stages are looked for after them and count only when found."""
    if trace.prompt is None or not stages:
        return None, PromptStats()
    text, searched = searched_text(trace.prompt)
    pool: list[dict[str, Any]] = []
    seen: set[str] = set()
    counted = 0
    for position, stage in enumerate(reversed(stages)):
        for item in stage["items"]:
            key = normalize(item.get("text") or "").text or f"id:{item.get('doc_id')}"
            if key in seen:
                continue
            seen.add(key)
            pool.append({**item, "stage": stage["name"]})
        if position == 0:
            counted = len(pool)
    placed = place_items([item.get("text") for item in pool], text, language=language, threshold=threshold)
    return context_items(placed, pool), prompt_stats(placed, counted, text, searched)
