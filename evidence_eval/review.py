"""`review`: what needs a human, and applying the human's decisions as a new annotation version.

Queue lines (JSONL), each with `type`, the query, and what a reviewer needs to decide:
`uncertain_answer`, `partial_evidence`, `unjudged` (returned units with no judgment for their
query: candidates for doc_judgments, never added as positives automatically) and
`answer_without_evidence`. Decisions (JSONL) are one of:
`{"type": "doc_judgment", "query_id", "doc_id", "grade"}`,
`{"type": "chunk_judgment", "query_id", "chunk_id", "grade"}`,
`{"type": "alias", "query_id", "sub_question", "fact", "alias"}`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

from pydantic import Field, NonNegativeInt

from .errors import InputError, Location
from .io import build, iter_jsonl
from .models import AnnotationSet
from .models.base import StrictModel
from .models.report import Report


def queue(report: Report, annotations: AnnotationSet) -> Iterator[dict[str, Any]]:
    queries = {q.query_id: q for q in annotations.queries}
    unjudged_seen: set[tuple[str, str]] = set()
    for system in report.systems:
        for result in system.queries:
            query = queries[result.query_id]
            subs = {sq.id: sq for sq in query.sub_questions}
            for stage_name, stage in result.retrieval.items():
                for k, cut in stage.at.items():
                    for unit in cut.unjudged_ids:
                        if (result.query_id, unit) in unjudged_seen:
                            continue
                        unjudged_seen.add((result.query_id, unit))
                        yield {
                            "type": "unjudged",
                            "query_id": result.query_id,
                            "query": query.text,
                            "unit": report.options.retrieval.unit,
                            "id": unit,
                            "first_seen": {"system": system.system, "stage": stage_name, "k": int(k)},
                            "decision": _judgment_template(report, result.query_id, unit),
                        }
            for sq in result.sub_questions:
                annotated = subs[sq.id]
                for stage_name, evidence in sq.stages.items():
                    if evidence.status == "partial" and evidence.alternative is not None:
                        spans = annotated.evidence[evidence.alternative]
                        found = {m.span for m in evidence.matches}
                        yield {
                            "type": "partial_evidence",
                            "query_id": result.query_id,
                            "query": query.text,
                            "system": system.system,
                            "stage": stage_name,
                            "sub_question": sq.id,
                            "kind": sq.kind,
                            "missing_spans": [s.model_dump() for i, s in enumerate(spans) if i not in found],
                            "problems": [p.model_dump() for p in evidence.problems],
                        }
                for fact in sq.answer.matches:
                    if fact.status == "uncertain":
                        wanted = next(f for f in annotated.answer_facts if f.id == fact.fact)
                        yield {
                            "type": "uncertain_answer",
                            "query_id": result.query_id,
                            "query": query.text,
                            "system": system.system,
                            "sub_question": sq.id,
                            "fact": fact.fact,
                            "expected": wanted.text,
                            "aliases": wanted.aliases,
                            "found": fact.text,
                            "start": fact.start,
                            "end": fact.end,
                            "score": fact.score,
                            "decision": {
                                "type": "alias",
                                "query_id": result.query_id,
                                "sub_question": sq.id,
                                "fact": fact.fact,
                                "alias": fact.text,
                            },
                        }
                if sq.answer_without_evidence:
                    yield {
                        "type": "answer_without_evidence",
                        "query_id": result.query_id,
                        "query": query.text,
                        "system": system.system,
                        "sub_question": sq.id,
                        "kind": sq.kind,
                        "answer_status": sq.answer.status,
                        "stated": [f.text for f in sq.answer.matches if f.text],
                    }


def _judgment_template(report: Report, query_id: str, unit: str) -> dict[str, Any]:
    if report.options.retrieval.unit == "chunk":
        return {"type": "chunk_judgment", "query_id": query_id, "chunk_id": unit, "grade": None}
    return {"type": "doc_judgment", "query_id": query_id, "doc_id": unit, "grade": None}


class DocJudgment(StrictModel):
    type: Literal["doc_judgment"]
    query_id: str
    doc_id: str
    grade: NonNegativeInt


class ChunkJudgment(StrictModel):
    type: Literal["chunk_judgment"]
    query_id: str
    chunk_id: str
    grade: NonNegativeInt


class AliasDecision(StrictModel):
    type: Literal["alias"]
    query_id: str
    sub_question: str
    fact: str
    alias: str = Field(min_length=1)


Decision = DocJudgment | ChunkJudgment | AliasDecision


class _DecisionLine(StrictModel):
    decision: Decision = Field(discriminator="type")


def read_decisions(path: str) -> list[tuple[Location, Decision]]:
    decisions = []
    for line, record in iter_jsonl(path):
        where = Location(path, line)
        if record.get("grade", 0) is None:
            raise InputError(
                Location(path, line, "$.grade"),
                "grade is still null: fill in a grade (0 = not relevant) or drop the line",
            )
        decisions.append((where, build(_DecisionLine, {"decision": record}, where).decision))
    if not decisions:
        raise InputError(Location(path), "no decisions in the file")
    return decisions


def apply_decisions(
    annotations: AnnotationSet, decisions: list[tuple[Location, Decision]], *, version: str
) -> AnnotationSet:
    """A new annotation set (new `version`); the given one is not changed."""
    if version == annotations.version:
        raise InputError(Location("--version"), f"the new version must differ from {version!r}")
    data = annotations.model_dump(mode="json", exclude_none=True)
    queries: dict[str, dict[str, Any]] = {q["query_id"]: q for q in data["queries"]}
    for where, decision in decisions:
        query = queries.get(decision.query_id)
        if query is None:
            raise InputError(where, f"query_id {decision.query_id!r} is not in the annotation set")
        if isinstance(decision, DocJudgment):
            query.setdefault("doc_judgments", {})[decision.doc_id] = decision.grade
        elif isinstance(decision, ChunkJudgment):
            query.setdefault("chunk_judgments", {})[decision.chunk_id] = decision.grade
        else:
            _add_alias(query, decision, where)
    data["version"] = version
    return AnnotationSet.model_validate(data)


def _add_alias(query: dict[str, Any], decision: AliasDecision, where: Location) -> None:
    for sub in query.get("sub_questions", []):
        if sub["id"] != decision.sub_question:
            continue
        for fact in sub.get("answer_facts", []):
            if fact["id"] == decision.fact:
                if decision.alias not in fact.setdefault("aliases", []):
                    fact["aliases"].append(decision.alias)
                return
        raise InputError(where, f"no fact {decision.fact!r} in sub-question {decision.sub_question!r}")
    raise InputError(where, f"no sub-question {decision.sub_question!r} in query {decision.query_id!r}")
