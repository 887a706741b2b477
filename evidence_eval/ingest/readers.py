"""RAGChecker, RAGAS-style rows, TREC and BEIR -> traces, corpus and draft annotations."""

from __future__ import annotations

import ast
import csv
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ..errors import InputError, Location, one_line, shown
from ..io import iter_jsonl, read_json
from ..io.jsonio import iter_lines
from ..io.trec import read_qrels, read_run
from ..models import AnnotationSet
from ..text.language import guess_language
from ..text.normalize import normalize
from .common import annotation_set, draft_facts, draft_name, identifier

Outputs = dict[str, Any]


def _require(record: dict[str, Any], key: str, where: Location, kind: type = str) -> Any:
    value = _present(record, key, where)
    if not isinstance(value, kind):
        raise InputError(_at(where, key), f"expected {kind.__name__}, found {type(value).__name__}")
    return value


def _present(record: dict[str, Any], key: str, where: Location) -> Any:
    if key not in record:
        raise InputError(_at(where, key), "required field is missing")
    return record[key]


def _at(where: Location, key: str) -> Location:
    return Location(where.path, where.line, f"{where.json_path or '$'}.{key}")


def _with_answer(trace: dict[str, Any], response: Any) -> dict[str, Any]:
    """A trace gets an `answer` only when the row has a response: a row without one is a run
    without answers (answer facts not applicable), not an empty answer."""
    if response is not None:
        trace["answer"] = str(response)
    return trace


def _distinct_id(corpus: dict[str, dict[str, Any]], doc_id: str, text: str, query_id: str) -> str:
    """`doc_id`, or `doc_id@query_id` when another query already used that id for another
    text (RAGChecker numbers the contexts per query: "000" is a different text in each)."""
    known = corpus.get(doc_id)
    return doc_id if known is None or known["text"] == text else f"{doc_id}@{query_id}"


def from_ragchecker(path: str, *, system: str) -> Outputs:
    """`{"results": [{query_id, query, gt_answer, response, retrieved_context: [{doc_id,
    text}]}]}` -> traces (one `context` stage), a corpus of the retrieved texts, and a draft
    annotation set with the reference answer's sentences as facts."""
    data = read_json(path)
    if not isinstance(data, dict) or not isinstance(data.get("results"), list):
        raise InputError(Location(path, json_path="$.results"), 'expected {"results": [...]}')
    traces: list[dict[str, Any]] = []
    corpus: dict[str, dict[str, Any]] = {}
    queries: list[dict[str, Any]] = []
    for index, row in enumerate(data["results"]):
        where = Location(path, json_path=f"$.results[{index}]")
        if not isinstance(row, dict):
            raise InputError(where, "expected an object")
        query_id = identifier(row.get("query_id", index), _at(where, "query_id"))
        contexts = _require(row, "retrieved_context", where, list)
        items = []
        for c, context in enumerate(contexts):
            cwhere = Location(path, json_path=f"$.results[{index}].retrieved_context[{c}]")
            text = _require(context, "text", cwhere) if isinstance(context, dict) else None
            if text is None:
                raise InputError(cwhere, "expected {doc_id, text}")
            given_id = identifier(context.get("doc_id", f"{query_id}-{c}"), _at(cwhere, "doc_id"))
            doc_id = _distinct_id(corpus, given_id, text, query_id)
            corpus.setdefault(doc_id, {"doc_id": doc_id, "version": "ragchecker", "text": text})
            items.append({"doc_id": doc_id, "text": text})
        traces.append(
            _with_answer(
                {"query_id": query_id, "system": system, "stages": [{"name": "context", "items": items}]},
                row.get("response"),
            )
        )
        queries.append(
            {
                "query_id": query_id,
                "text": str(row.get("query", "")),
                "sub_questions": [
                    {
                        "id": "answer",
                        "kind": "answer",
                        "text": str(row.get("query", "")),
                        "needs_review": True,
                        "answer_facts": draft_facts(str(row.get("gt_answer", ""))),
                    }
                ],
            }
        )
    language = guess_language([t.get("answer", "") for t in traces])
    return {
        "traces.jsonl": traces,
        "corpus.jsonl": list(corpus.values()),
        "draft.annotations.json": annotation_set(draft_name(path), language, queries, "corpus.jsonl"),
    }


RAGAS_LIST_FIELDS = ("retrieved_contexts", "reference_contexts", "multi_responses")
RAGAS_OLD_NAMES = {  # ragas 0.1 column names -> EvaluationDataset's
    "question": "user_input",
    "contexts": "retrieved_contexts",
    "answer": "response",
    "ground_truth": "reference",
}


def _ragas_rows(path: str) -> list[tuple[Location, dict[str, Any]]]:
    """The samples of a ragas `EvaluationDataset` saved with `to_jsonl`, `to_csv` (list
    cells as Python reprs, or JSON) or as records JSON (`to_list()`: a list, or
    `{"samples": [...]}`); ragas 0.1 column names are read too."""
    if path.endswith(".csv"):
        rows = _ragas_csv(path)
    elif not path.endswith(".jsonl") and _is_records_json(path):
        rows = _ragas_records(path)
    else:
        rows = [(Location(path, line), record) for line, record in iter_jsonl(path)]
    return [(where, _ragas_names(row, where)) for where, row in rows]


def _is_records_json(path: str) -> bool:
    """A JSON list, or an object with `samples`; anything else is read as JSON Lines."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read()
    except OSError as exc:
        raise InputError(Location(path), f"cannot read: {exc.strerror}") from None
    head = raw.lstrip(b"\xef\xbb\xbf \t\r\n")[:1]
    if head == b"[":
        return True
    if head != b"{":
        return False
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return False
    return isinstance(data, dict) and "samples" in data


def _ragas_records(path: str) -> list[tuple[Location, dict[str, Any]]]:
    data = read_json(path)
    samples = data.get("samples") if isinstance(data, dict) else data
    if not isinstance(samples, list):
        raise InputError(Location(path, json_path="$"), 'expected a list of samples or {"samples": [...]}')
    rows = []
    for index, sample in enumerate(samples):
        where = Location(path, json_path=f"$[{index}]")
        if not isinstance(sample, dict):
            raise InputError(where, f"expected an object, found {type(sample).__name__}")
        rows.append((where, sample))
    return rows


def _ragas_csv(path: str) -> list[tuple[Location, dict[str, Any]]]:
    rows = []
    try:
        with open(path, encoding="utf-8-sig", newline="") as handle:
            for number, row in enumerate(csv.DictReader(handle), start=2):
                record: dict[str, Any] = {key: value for key, value in row.items() if value not in ("", None)}
                for key in (*RAGAS_LIST_FIELDS, "contexts"):
                    if key in record:
                        record[key] = _list_cell(record[key], Location(path, number, f"$.{key}"))
                rows.append((Location(path, number), record))
    except UnicodeDecodeError:
        raise InputError(Location(path), "invalid UTF-8") from None
    except OSError as exc:
        raise InputError(Location(path), f"cannot read: {exc.strerror}") from None
    return rows


def _list_cell(cell: str, where: Location) -> list[str]:
    """A list column of a CSV: JSON (`["a", "b"]`) or the Python repr ragas' `to_csv`
    writes (`['a', "b's"]`)."""
    try:
        value = json.loads(cell)
    except ValueError:  # not JSON, or a number of more than 4,300 digits
        try:
            value = ast.literal_eval(cell)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            raise InputError(where, "expected a list of strings (JSON or Python list syntax)") from None
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise InputError(where, "expected a list of strings")
    return value


def _ragas_names(row: dict[str, Any], where: Location) -> dict[str, Any]:
    if isinstance(row.get("user_input"), list):
        raise InputError(
            Location(where.path, where.line, f"{where.json_path or '$'}.user_input"),
            "a multi-turn sample (a list of messages): only single-turn samples can be scored",
        )
    renamed = dict(row)
    for old, new in RAGAS_OLD_NAMES.items():
        if old in renamed and new not in renamed:
            renamed[new] = renamed.pop(old)
    if isinstance(renamed.get("ground_truths"), list) and "reference" not in renamed:
        renamed["reference"] = " ".join(str(t) for t in renamed.pop("ground_truths"))
    return renamed


RagasQueryId = Callable[[dict[str, Any], str, int, Location], str]


def _ragas_query_ids(annotations: AnnotationSet | None) -> RagasQueryId:
    """How a row finds its query id: its `query_id` or `id` column; else, without an annotation
    set (`convert`), its position (q1, q2, ... as the draft numbers its queries); with one
    (scoring), the one query whose text is the row's question, normalised: rows in another
    order than the set's still score against their own queries. A row that matches no query,
    or several, is refused."""
    if annotations is None:
        return lambda row, question, index, where: _ragas_id(row) or f"q{index + 1}"
    by_text: dict[str, list[str]] = {}
    for query in annotations.queries:
        by_text.setdefault(normalize(query.text).text, []).append(query.query_id)

    def matched(row: dict[str, Any], question: str, index: int, where: Location) -> str:
        found = _ragas_id(row) or by_text.get(normalize(question).text, [])
        if isinstance(found, str) or len(found) == 1:
            return found if isinstance(found, str) else found[0]
        at = Location(where.path, where.line, f"{where.json_path or '$'}.user_input")
        if not found:
            raise InputError(
                at,
                f"the question {shown(question)} is the text of no query of the annotation set",
                "add a query_id column, or score against the set made from this file",
            )
        raise InputError(
            at,
            one_line(f"the question is the text of several queries ({', '.join(found)})"),
            "add a query_id column",
        )

    return matched


def _ragas_id(row: dict[str, Any]) -> str | None:
    found = row.get("query_id") or row.get("id")
    return str(found) if found else None


def _string_list(row: dict[str, Any], key: str, where: Location) -> list[str]:
    value = row.get(key) or []
    if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
        raise InputError(
            Location(where.path, where.line, f"{where.json_path or '$'}.{key}"), "expected a list of strings"
        )
    return value


def from_ragas(path: str, *, system: str, annotations: AnnotationSet | None = None) -> Outputs:
    """Samples with `user_input`, `retrieved_contexts`, `response`, `reference`,
    `reference_contexts` (a ragas `EvaluationDataset` as JSONL, CSV or records JSON) ->
    traces, a corpus of the reference contexts, and a draft annotation set whose evidence
    is those contexts. With `annotations` (scoring), each row is the query its question names
    (`_ragas_query_ids`)."""
    traces, corpus, queries = [], [], []
    query_id_of = _ragas_query_ids(annotations)
    for index, (where, row) in enumerate(_ragas_rows(path)):
        question = _require(row, "user_input", where)
        query_id = query_id_of(row, question, index, where)
        retrieved = _string_list(row, "retrieved_contexts", where)
        references = _string_list(row, "reference_contexts", where)
        traces.append(
            _with_answer(
                {
                    "query_id": query_id,
                    "system": system,
                    "stages": [{"name": "context", "items": [{"text": t} for t in retrieved]}],
                },
                row.get("response"),
            )
        )
        spans = []
        for c, text in enumerate(references):
            doc_id = f"{query_id}-ref{c + 1}"
            corpus.append({"doc_id": doc_id, "version": "ragas", "text": text})
            spans.append({"doc_id": doc_id, "start": 0, "end": len(text), "quote": text})
        queries.append(
            {
                "query_id": query_id,
                "text": question,
                "doc_judgments": {span["doc_id"]: 1 for span in spans},
                "sub_questions": [
                    {
                        "id": "answer",
                        "kind": "answer",
                        "text": question,
                        "needs_review": True,
                        "evidence": [spans] if spans else [],
                        "answer_facts": draft_facts(str(row.get("reference") or "")),
                    }
                ],
            }
        )
    if not traces:
        raise InputError(Location(path), "no rows")
    language = guess_language([q["text"] for q in queries])
    files: Outputs = {
        "traces.jsonl": traces,
        "draft.annotations.json": annotation_set(
            draft_name(path), language, queries, "corpus.jsonl" if corpus else None
        ),
    }
    if corpus:
        files["corpus.jsonl"] = corpus
    return files


def from_trec(run_path: str | None, qrels_path: str | None) -> Outputs:
    """A TREC run -> traces (one `run` stage per tag and query, no `answer`: a run has none,
    so answer facts are not applicable); qrels -> a draft annotation
    set with doc_judgments and no sub-questions (to be written by hand)."""
    files: Outputs = {}
    if run_path:
        runs = read_run(run_path)
        files["traces.jsonl"] = [
            {
                "query_id": qid,
                "system": tag,
                "stages": [{"name": "run", "items": [{"doc_id": d} for d in query.ranking()]}],
            }
            for tag in sorted(runs)
            for qid, query in runs[tag].items()
        ]
    if qrels_path:
        qrels = read_qrels(qrels_path)
        queries = [
            {"query_id": qid, "text": "", "doc_judgments": {d: max(g, 0) for d, g in judged.items()}}
            for qid, judged in qrels.items()
        ]
        files["draft.annotations.json"] = annotation_set(draft_name(qrels_path), "en", queries)
    return files


def _beir_records(path: Path, kind: str) -> Iterator[tuple[int, dict[str, Any]]]:
    """The lines of a BEIR JSONL file; an empty file is refused."""
    empty = True
    for line, record in iter_jsonl(path):
        empty = False
        yield line, record
    if empty:
        raise InputError(Location(str(path)), f"no {kind} in it; a BEIR file has one JSON object per line")


def beir_files(folder: str, *, split: str = "test") -> list[Path]:
    """The files `from_beir` reads in a BEIR folder."""
    base = Path(folder)
    return [base / "corpus.jsonl", base / "queries.jsonl", base / "qrels" / f"{split}.tsv"]


def from_beir(folder: str, *, split: str = "test") -> Outputs:
    """A BEIR folder (corpus.jsonl, queries.jsonl, qrels/SPLIT.tsv) -> our corpus and a draft
    annotation set with the split's queries and judgments."""
    base = Path(folder)
    corpus = []
    for line, record in _beir_records(base / "corpus.jsonl", "document"):
        where = Location(str(base / "corpus.jsonl"), line)
        doc = {
            "doc_id": identifier(_present(record, "_id", where), _at(where, "_id")),
            "version": "beir",
            "text": _require(record, "text", where),
        }
        if record.get("title"):
            doc["title"] = _require(record, "title", where)
        corpus.append(doc)
    texts: dict[str, str] = {}
    for line, record in _beir_records(base / "queries.jsonl", "query"):
        where = Location(str(base / "queries.jsonl"), line)
        texts[identifier(_present(record, "_id", where), _at(where, "_id"))] = _require(record, "text", where)
    qrels_path = base / "qrels" / f"{split}.tsv"
    judgments: dict[str, dict[str, int]] = {}
    if not qrels_path.is_file():
        raise InputError(
            Location(str(qrels_path)),
            "no such file",
            f"BEIR folders keep judgments in qrels/{split}.tsv; pick one with --split",
        )
    for index, (number, text) in enumerate(iter_lines(qrels_path)):  # decoded, located errors
        row = text.rstrip("\r\n").split("\t")
        if index == 0 and row and not row[-1].strip().lstrip("-").isdigit():
            continue  # the header line
        if len(row) != 3 or not row[2].strip().lstrip("-").isdigit():
            raise InputError(Location(str(qrels_path), number), "expected `query-id<TAB>corpus-id<TAB>score`")
        if row[0] not in texts:
            raise InputError(
                Location(str(qrels_path), number), f"query {row[0]!r} is not in {base / 'queries.jsonl'}"
            )
        grade = max(int(row[2]), 0)
        if judgments.setdefault(row[0], {}).setdefault(row[1], grade) != grade:
            raise InputError(
                Location(str(qrels_path), number),
                f"query {row[0]!r}, corpus-id {row[1]!r}: graded {judgments[row[0]][row[1]]} on an "
                f"earlier line, {grade} here",
                "keep one judgment per pair",
            )
    queries = [
        {"query_id": qid, "text": texts[qid], "doc_judgments": judged} for qid, judged in judgments.items()
    ]
    language = guess_language([doc["text"] for doc in corpus[:50]])
    return {
        "corpus.jsonl": corpus,
        "draft.annotations.json": annotation_set(draft_name(base), language, queries, "corpus.jsonl"),
    }
