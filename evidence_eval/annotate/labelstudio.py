"""Label Studio round trip: tasks out (one per query and document), its JSON export back in.

A task's `data` holds the document `text`, the `query`, the ids (`query_id`, `doc_id`,
`doc_version`, `snapshot_sha256`) and the query's sub-questions as dynamic labels
(`sub_questions`: `[{"value": id, "hint": text}]`, loaded by `<Labels value="$sub_questions">`).
Existing spans go out as `predictions`, with a `relevance` choice for a judged document.

Label Studio counts offsets in UTF-16 code units (JavaScript strings); this tool counts code
points. Both directions convert, and on import every span's `text` is checked against the
snapshot: when they disagree (an astral character, an edited document, a tool that counted
otherwise) the span is placed again by its text, and listed when it cannot be.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field
from typing import Any

from ..errors import InputError, Location, shown
from ..models import AnnotationSet, Query, Snapshot
from .anchoring import place_quote

EVIDENCE = "evidence"  # the <Labels> control: a region labelled with sub-question ids
RELEVANCE = "relevance"  # the <Choices> control: the document's grade for the query
TEXT = "text"  # the <Text> object holding the document
GRADES = ("0", "1", "2", "3")

LABEL_CONFIG = f"""<View>
  <Header value="$query"/>
  <Text name="sub_questions_list" value="$sub_questions_text"/>
  <Labels name="{EVIDENCE}" toName="{TEXT}" value="$sub_questions" choice="multiple"/>
  <Text name="{TEXT}" value="$text" granularity="symbol"/>
  <Choices name="{RELEVANCE}" toName="{TEXT}" choice="single" showInline="true">
    <Choice value="0" hint="not relevant"/>
    <Choice value="1" hint="relevant"/>
    <Choice value="2" hint="highly relevant"/>
    <Choice value="3" hint="perfectly relevant"/>
  </Choices>
</View>
"""


# --- offsets ------------------------------------------------------------------------------


def utf16_offsets(text: str) -> list[int]:
    """UTF-16 offset of every code point position 0..len(text)."""
    offsets, position = [0], 0
    for char in text:
        position += 2 if ord(char) > 0xFFFF else 1
        offsets.append(position)
    return offsets


def to_code_points(offsets: list[int], utf16: int) -> int | None:
    """The code point position at a UTF-16 offset; None inside a surrogate pair or past the end."""
    index = bisect_left(offsets, utf16)
    return index if index < len(offsets) and offsets[index] == utf16 else None


# --- export -------------------------------------------------------------------------------


def _documents_of(query: Query) -> list[str]:
    """Documents judged for the query or holding one of its spans, in first-seen order."""
    docs = dict.fromkeys(query.doc_judgments)
    for sub in query.sub_questions:
        for alternative in sub.evidence:
            docs.update(dict.fromkeys(span.doc_id for span in alternative))
    return list(docs)


def export_tasks(
    annotations: AnnotationSet, snapshot: Snapshot, extra_documents: dict[str, list[str]] | None = None
) -> list[dict[str, Any]]:
    """One task per (query, document): the documents judged or holding a span, plus
    `extra_documents` per query (e.g. the review queue's unjudged ones)."""
    tasks = []
    model_version = f"evidence-eval:{annotations.name}@{annotations.version}" + (
        "+draft" if annotations.draft else ""
    )
    for index, query in enumerate(annotations.queries):
        docs = dict.fromkeys(_documents_of(query) + (extra_documents or {}).get(query.query_id, []))
        for doc_id in docs:
            doc = snapshot.get(doc_id)
            if doc is None:
                raise InputError(
                    Location(annotations.name, json_path=f"$.queries[{index}]"),
                    f"doc_id {doc_id!r} is not in the snapshot",
                    "validate the set against this corpus first",
                )
            result = _predicted_regions(query, doc_id, utf16_offsets(doc.text))
            if doc_id in query.doc_judgments:
                result.append(_choice(query.doc_judgments[doc_id]))
            task: dict[str, Any] = {
                "data": {
                    TEXT: doc.text,
                    "query": query.text,
                    "query_id": query.query_id,
                    "doc_id": doc_id,
                    "doc_version": doc.version,
                    "snapshot_sha256": snapshot.sha256,
                    "sub_questions": [
                        {"value": sub.id, "hint": f"{sub.kind}: {sub.text}"} for sub in query.sub_questions
                    ],
                    "sub_questions_text": "\n".join(
                        f"{sub.id} ({sub.kind}): {sub.text}" for sub in query.sub_questions
                    ),
                }
            }
            if result:
                task["predictions"] = [{"model_version": model_version, "result": result}]
            tasks.append(task)
    return tasks


def _predicted_regions(query: Query, doc_id: str, offsets: list[int]) -> list[dict[str, Any]]:
    regions: dict[tuple[int, int], dict[str, Any]] = {}
    for sub in query.sub_questions:
        for alternative in sub.evidence:
            for span in alternative:
                if span.doc_id != doc_id or span.end >= len(offsets):
                    continue
                region = regions.setdefault(
                    (span.start, span.end),
                    {
                        "id": f"{sub.id}-{span.start}-{span.end}",
                        "from_name": EVIDENCE,
                        "to_name": TEXT,
                        "type": "labels",
                        "value": {
                            "start": offsets[span.start],
                            "end": offsets[span.end],
                            "text": span.quote,
                            "labels": [],
                        },
                    },
                )
                if sub.id not in region["value"]["labels"]:
                    region["value"]["labels"].append(sub.id)
    return [regions[key] for key in sorted(regions)]


def _choice(grade: int) -> dict[str, Any]:
    return {
        "id": "relevance",
        "from_name": RELEVANCE,
        "to_name": TEXT,
        "type": "choices",
        "value": {"choices": [str(grade)]},
    }


# --- import -------------------------------------------------------------------------------


@dataclass
class ImportReport:
    placed: int = 0
    reanchored: int = 0
    judgments: int = 0
    tasks_annotated: int = 0
    tasks_without_annotation: int = 0
    unplaced: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Region:
    sub_id: str
    doc_id: str
    start: int
    end: int
    quote: str


def import_tasks(
    tasks: Any, annotations: AnnotationSet, snapshot: Snapshot, *, source: str
) -> tuple[dict[str, Any], ImportReport]:
    """The annotation set (as data, version unchanged) with what the export's annotations
    say: per annotated (query, document) the human's spans replace the evidence alternatives
    that used that document (left as they were when the same spans came back), a relevance
    choice becomes the document's grade, and sub-questions given spans by a person lose
    `needs_review`. Each task's latest submitted annotation counts (a ground-truth one first)."""
    if not isinstance(tasks, list):
        raise InputError(
            Location(source, json_path="$"), "expected Label Studio's JSON export: a list of tasks"
        )
    report = ImportReport()
    queries = {query.query_id: query for query in annotations.queries}
    regions: dict[str, list[_Region]] = {}
    annotated_docs: dict[str, set[str]] = {}
    grades: dict[str, dict[str, int]] = {}
    failed: set[tuple[str, str, str | None]] = set()  # (query, document, sub-question) left as it was
    for index, task in enumerate(tasks):
        where = f"$[{index}]"
        query_id, doc_id = _task_ids(task, source, where)
        chosen = _chosen_annotation(task, source, where)
        if chosen is None:
            report.tasks_without_annotation += 1
            continue
        position, annotation = chosen
        query = queries.get(query_id)
        if query is None:
            report.unplaced.append(f"{source}: {where}: query {query_id!r} is not in the annotation set")
            continue
        document = snapshot.get(doc_id)
        if document is None:
            report.unplaced.append(f"{source}: {where}: doc_id {doc_id!r} is not in the snapshot")
            continue
        report.tasks_annotated += 1
        annotated_docs.setdefault(query_id, set()).add(doc_id)
        known = {sub.id for sub in query.sub_questions}
        same_snapshot = task["data"].get("snapshot_sha256") in (None, snapshot.sha256)
        offsets = utf16_offsets(document.text)
        results = annotation.get("result", [])
        if not isinstance(results, list):
            raise InputError(
                f"{source}: {where}.annotations[{position}].result",
                f"expected a list of regions, found {type(results).__name__}",
            )
        for r, item in enumerate(results):
            item_where = f"{source}: {where}.annotations[{position}].result[{r}]"
            value = _region_value(item, item_where)
            if "choices" in value and item.get("from_name") == RELEVANCE:
                grade = _grade(value["choices"], item_where)
                if grade is not None:
                    grades.setdefault(query_id, {})[doc_id] = grade
                    report.judgments += 1
                continue
            if "labels" not in value:
                continue
            labels = value["labels"]
            if not isinstance(labels, list) or not labels or not all(isinstance(x, str) for x in labels):
                report.unplaced.append(
                    f"{item_where}: a region needs a list of sub-question labels, found {labels!r}"
                )
                failed.add((query_id, doc_id, None))  # whose region it was is unknown: all keep theirs
                continue
            placed = _place(value, document.text, offsets, same_snapshot, annotations.language)
            if isinstance(placed, str):
                report.unplaced.append(f"{item_where}: {placed}")
                failed.update((query_id, doc_id, label) for label in labels)
                continue
            start, end, moved = placed
            for label in labels:
                if label not in known:
                    report.unplaced.append(
                        f"{item_where}: label {label!r} is not a sub-question of {query_id!r}"
                    )
                    continue
                regions.setdefault(query_id, []).append(
                    _Region(label, doc_id, start, end, document.text[start:end])
                )
                report.placed += 1
                report.reanchored += moved
    data = annotations.model_dump(mode="json", exclude_none=True)
    for query_data in data["queries"]:
        qid = query_data["query_id"]
        if qid in grades:
            query_data["doc_judgments"] = {**query_data.get("doc_judgments", {}), **grades[qid]}
        if qid in annotated_docs:
            _merge_evidence(query_data, regions.get(qid, []), annotated_docs[qid], failed, snapshot, report)
    return data, report


def _task_ids(task: Any, source: str, where: str) -> tuple[str, str]:
    data = task.get("data") if isinstance(task, dict) else None
    if not isinstance(data, dict):
        raise InputError(Location(source, json_path=f"{where}.data"), "expected a task with `data`")
    for key in ("query_id", "doc_id"):
        if not isinstance(data.get(key), str):
            raise InputError(
                Location(source, json_path=f"{where}.data.{key}"),
                "missing: this task was not exported by evidence-eval",
                "export the tasks with `evidence-eval export labelstudio` and import them into the project",
            )
    return data["query_id"], data["doc_id"]


def _chosen_annotation(task: dict[str, Any], source: str, where: str) -> tuple[int, dict[str, Any]] | None:
    """The annotation that counts: not cancelled; a ground-truth one first, then the latest."""
    annotations = task.get("annotations", [])
    if not isinstance(annotations, list):
        raise InputError(
            f"{source}: {where}.annotations",
            f"expected a list of annotations, found {type(annotations).__name__}",
            "give Label Studio's JSON export as it was written",
        )
    for i, annotation in enumerate(annotations):
        if not isinstance(annotation, dict):
            raise InputError(
                f"{source}: {where}.annotations[{i}]",
                f"expected an annotation object, found {type(annotation).__name__}",
            )
    submitted = [(i, a) for i, a in enumerate(annotations) if not a.get("was_cancelled")]
    if not submitted:
        return None
    return max(
        submitted,
        key=lambda pair: (
            bool(pair[1].get("ground_truth")),
            str(pair[1].get("updated_at") or pair[1].get("created_at") or ""),
            pair[0],
        ),
    )


def _region_value(item: Any, where: str) -> dict[str, Any]:
    """A result's `value`, its offsets integers when given: a malformed region is refused, not
    skipped (it would silently lose the person's span) nor placed by its text alone."""
    value = item.get("value") if isinstance(item, dict) else None
    if not isinstance(value, dict):
        raise InputError(where, "expected a region object with a `value` object")
    for key in ("start", "end"):
        offset = value.get(key)
        if offset is not None and (isinstance(offset, bool) or not isinstance(offset, int)):
            raise InputError(f"{where}.value.{key}", f"expected an integer offset, found {shown(offset)}")
    return value


def _grade(choices: Any, where: str) -> int | None:
    if not isinstance(choices, list) or len(choices) != 1 or choices[0] not in GRADES:
        raise InputError(where, f"relevance must be one of {', '.join(GRADES)}, found {choices!r}")
    return int(choices[0])


def _place(
    value: dict[str, Any], text: str, offsets: list[int], same_snapshot: bool, language: str
) -> tuple[int, int, bool] | str:
    """(start, end, re-anchored) in code points, or why the region cannot be placed."""
    quote = value.get("text")
    start, end = value.get("start"), value.get("end")
    if isinstance(start, int) and isinstance(end, int) and same_snapshot:
        begin, finish = to_code_points(offsets, start), to_code_points(offsets, end)
        if begin is not None and finish is not None and finish > begin:
            if quote is None or text[begin:finish] == quote:
                return begin, finish, False
    if not isinstance(quote, str) or not quote.strip():
        return "the offsets do not fit this snapshot and the region has no text to place it by"
    placed = place_quote(quote, text, language=language)
    if isinstance(placed, str):
        return f"text {quote[:40]!r} {placed} in the document"
    return placed[0], placed[1], True


def _merge_evidence(
    query: dict[str, Any],
    regions: list[_Region],
    annotated_docs: set[str],
    failed: set[tuple[str, str, str | None]],
    snapshot: Snapshot,
    report: ImportReport,
) -> None:
    """Per sub-question, per alternative (all of an alternative's spans are required): the
    spans of each annotated document are replaced by the person's spans there, the others
    kept, so that an alternative over several documents stays one alternative. An alternative
    whose spans in an annotated document the person removed is dropped, not weakened (listed);
    spans in documents no alternative used become one new alternative, all of them required.
    A document with a region for the sub-question that could not be placed keeps its spans."""
    qid = query["query_id"]
    for sub in query.get("sub_questions", []):
        annotated = {
            doc
            for doc in annotated_docs
            if (qid, doc, None) not in failed and (qid, doc, sub["id"]) not in failed
        }
        mine: dict[str, list[dict[str, Any]]] = {}
        placed = {
            (r.doc_id, r.start, r.end, r.quote)
            for r in regions
            if r.sub_id == sub["id"] and r.doc_id in annotated
        }
        for r in sorted(placed):
            mine.setdefault(r[0], []).append({"doc_id": r[0], "start": r[1], "end": r[2], "quote": r[3]})
        old = sub.get("evidence", [])
        versioned = any("version" in s for alt in old for s in alt)
        alternatives, used = [], set()
        for number, alt in enumerate(old):
            docs = {span["doc_id"] for span in alt}
            used |= docs
            emptied = sorted(doc for doc in docs & annotated if doc not in mine)
            if emptied:
                report.unplaced.append(
                    f"{query['query_id']} / {sub['id']}: evidence alternative {number} lost its spans "
                    f"in {', '.join(emptied)} (no region labelled {sub['id']!r} there): dropped, not weakened"
                )
                continue
            alternatives.append(_replaced(alt, mine, annotated, snapshot, versioned))
        fresh = [span for doc in sorted(mine) if doc not in used for span in mine[doc]]
        if fresh:
            alternatives.append([_versioned(span, snapshot, versioned) for span in fresh])
        if alternatives != old:
            sub["evidence"] = alternatives
        if mine:
            sub["needs_review"] = False


def _replaced(
    alternative: list[dict[str, Any]],
    mine: dict[str, list[dict[str, Any]]],
    annotated: set[str],
    snapshot: Snapshot,
    versioned: bool,
) -> list[dict[str, Any]]:
    """The alternative with the person's spans in each annotated document, in its order."""
    result: list[dict[str, Any]] = []
    done: set[str] = set()
    for span in alternative:
        doc = span["doc_id"]
        if doc not in annotated:
            result.append(span)
        elif doc not in done:
            result.extend(_versioned(s, snapshot, versioned) for s in mine[doc])
            done.add(doc)
    unchanged = [(s["doc_id"], s["start"], s["end"], s["quote"]) for s in alternative] == [
        (s["doc_id"], s["start"], s["end"], s["quote"]) for s in result
    ]
    return alternative if unchanged else result


def _versioned(span: dict[str, Any], snapshot: Snapshot, versioned: bool) -> dict[str, Any]:
    document = snapshot.get(span["doc_id"])
    if versioned and document is not None and "version" not in span:
        return {**span, "version": document.version}
    return span
