"""The texts behind the verdicts, gathered for the HTML report: item texts and answers from
traces (only the items a verdict points at, or that come from a document the evidence is
in), read as a stream so that memory follows what is kept, not the traces file."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ..models import AnnotationSet, Trace
from ..models.report import Report, SubQuestionResult


@dataclass
class ItemText:
    """An item's text and, when the trace gives them, its document and offsets in it."""

    text: str
    doc_id: str | None = None
    start: int | None = None
    end: int | None = None


@dataclass
class QueryTexts:
    """The texts a report points into for one (system, query): items by stage and index, and
    the answer. `items` holds plain strings or `ItemText` (which also places the item in its
    document, so that the report can show where a context was cut)."""

    items: dict[str, dict[int, str | ItemText]] = field(default_factory=dict)
    answer: str = ""


TextsBySystemQuery = dict[tuple[str, str], QueryTexts]


def _pointed_items(sub_questions: Iterable[SubQuestionResult]) -> dict[str, set[int]]:
    """Per stage: the items that a match or a problem names."""
    stages: dict[str, set[int]] = {}
    for sq in sub_questions:
        for stage, evidence in sq.stages.items():
            wanted = stages.setdefault(stage, set())
            for match in evidence.matches:
                wanted.update(piece[0] for piece in match.pieces or [(match.item, match.start, match.end)])
            wanted.update(problem.item for problem in evidence.problems)
    return stages


def evidence_documents(annotations: AnnotationSet | None) -> dict[str, set[str]]:
    """Per query: the documents its gold spans are in."""
    if annotations is None:
        return {}
    return {
        query.query_id: {
            span.doc_id for sq in query.sub_questions for alternative in sq.evidence for span in alternative
        }
        for query in annotations.queries
    }


def trace_texts(
    report: Report, traces: Iterable[Trace], annotations: AnnotationSet | None = None
) -> TextsBySystemQuery:
    """The answer of every (system, query) of the report, and the text of each item that a
    verdict points at or (given the annotations) that comes from a document holding evidence."""
    wanted = {
        (system.system, query.query_id): _pointed_items(query.sub_questions)
        for system in report.systems
        for query in system.queries
    }
    documents = evidence_documents(annotations)
    texts: TextsBySystemQuery = {}
    for trace in traces:
        key = (trace.system, trace.query_id)
        if key not in wanted:
            continue
        found = QueryTexts(answer=trace.answer or "")
        gold = documents.get(trace.query_id, set())
        for stage in trace.stages:
            pointed = wanted[key].get(stage.name, set())
            for index, item in enumerate(stage.items):
                if item.text is None or (index not in pointed and item.doc_id not in gold):
                    continue
                found.items.setdefault(stage.name, {})[index] = ItemText(
                    item.text, item.doc_id, item.start, item.end
                )
        texts[key] = found
    return texts
