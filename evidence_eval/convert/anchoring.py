"""`init`, `anchor` and `migrate`: annotation sets made from queries, quotes and new snapshots."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..errors import InputError, Location
from ..io import iter_jsonl
from ..match.spans import locate_quote
from ..models import Snapshot

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


def init_from_queries(queries_path: str, snapshot: Snapshot, *, name: str, language: str) -> dict[str, Any]:
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
        if str(query_id) in seen:
            raise InputError(Location(queries_path, line), f"duplicate query id {query_id!r}")
        seen.add(str(query_id))
        queries.append(
            {"query_id": str(query_id), "text": str(text), "doc_judgments": {}, "sub_questions": []}
        )
    return {
        "schema_version": "1",
        "name": name,
        "version": "draft-1",
        "language": language,
        "draft": True,
        "corpus": {"sha256": snapshot.sha256},
        "queries": queries,
    }


def _spans(data: dict[str, Any]) -> Iterator[tuple[str, str, str, dict[str, Any], dict[str, Any]]]:
    for qi, query in enumerate(data.get("queries", [])):
        for si, sub in enumerate(query.get("sub_questions", [])):
            for ai, alternative in enumerate(sub.get("evidence", [])):
                for pi, span in enumerate(alternative):
                    path = f"$.queries[{qi}].sub_questions[{si}].evidence[{ai}][{pi}]"
                    yield path, str(query.get("query_id")), str(sub.get("id")), span, sub


def anchor(data: dict[str, Any], snapshot: Snapshot) -> tuple[dict[str, Any], list[SpanIssue]]:
    """Fill `start`/`end` of spans given by `doc_id` + `quote` only (exact matches only:
    an absent or ambiguous quote is refused and named)."""
    result = copy.deepcopy(data)
    issues = []
    for path, query_id, sub_id, span, _ in _spans(result):
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
            issues.append(SpanIssue(path, query_id, sub_id, f"quote {quote[:40]!r} {what} in {doc.doc_id!r}"))
            continue
        span["start"] = doc.text.index(quote)
        span["end"] = span["start"] + len(quote)
    return result, issues


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
    for path, query_id, sub_id, span, sub in _spans(result):
        doc = snapshot.get(str(span.get("doc_id")))
        quote = str(span.get("quote", ""))
        if doc is None:
            issues.append(
                SpanIssue(path, query_id, sub_id, f"doc_id {span.get('doc_id')!r} is not in the new snapshot")
            )
            counts["failed"] += 1
            continue
        start, end = span.get("start"), span.get("end")
        if isinstance(start, int) and isinstance(end, int) and doc.text[start:end] == quote:
            counts["kept"] += 1
            continue
        language = str(data.get("language") or "en")
        found = locate_quote(quote, doc.text, threshold=FUZZY_REANCHOR, language=language)
        if found is None or found[3] > 1:
            reason = "not found" if found is None else f"found {found[3]} times"
            issues.append(
                SpanIssue(
                    path, query_id, sub_id, f"quote {quote[:40]!r} {reason} in {doc.doc_id!r}@{doc.version}"
                )
            )
            counts["failed"] += 1
            continue
        new_start, new_end, score, _ = found
        exact = doc.text[new_start:new_end] == quote
        span.update(start=new_start, end=new_end, quote=doc.text[new_start:new_end])
        if "version" in span:
            span["version"] = doc.version
        if exact:
            counts["moved"] += 1
        else:
            counts["fuzzy"] += 1
            sub["needs_review"] = True
            issues.append(
                SpanIssue(path, query_id, sub_id, f"re-anchored fuzzily (score {score:g}): review it")
            )
    result["version"] = version
    result["corpus"] = {**(result.get("corpus") or {}), "sha256": snapshot.sha256}
    return result, issues, counts
