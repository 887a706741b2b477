"""A synthetic report of N queries x 2 systems for the HTML report's budget (issue 17),
built directly from the report models (nothing is scored), with its texts and annotation set:
used by bench/bench_html.py and tests/test_html.py. Not part of the API.

Each query has three sub-questions (materials / exclusion / deadline, as in the bundled
Chinese example) over three stages, with matches, problems, answer facts and critical tokens
in the proportions of that example; every query has its own texts (query, sub-questions,
facts, gold quotes, three item texts of 150-200 characters of real Chinese text from the
shared DuReader sample (1,160 pieces, cycled: a repeat is 650 KB away, far beyond gzip's
32 KB window) and a 70-character answer), and the two systems share their item texts, as two
systems over one corpus do. The sub-question results of one system are copies of one
validated query (ids differ), which changes nothing in the page's size but the few bytes of
a problem's detail text.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..models import AnnotationSet
from ..models.options import make_options
from ..models.report import (
    AnswerResult,
    CoverageFigures,
    CriticalToken,
    CutoffScores,
    EvidenceMatch,
    EvidenceProblem,
    FactResult,
    Inputs,
    MeanScores,
    QueryResult,
    Ratio,
    Report,
    StageEvidence,
    StageRetrieval,
    StageRetrievalSummary,
    SubQuestionResult,
    SystemReport,
    SystemSummary,
)
from ..report.texts import ItemText, QueryTexts
from ..scoring.heap import paused_collection

STAGES = ["candidates", "reranked", "context"]
KINDS = ["materials", "exclusion", "deadline"]
ITEM = (
    "第{n}号：申请使用住宅专项维修资金的，应当提交下列材料：（一）维修资金使用申请书；"
    "（二）业主大会或者相关业主同意使用维修资金的书面决定；（三）维修工程预算书。"
)
ANSWER = (
    "第{n}号：申请时需要提交维修资金使用申请书、业主同意使用维修资金的书面决定、维修工程预算书，"
    "十个工作日内作出审核决定。"
)


def paragraph_pool(dureader: Path | None, minimum: int = 150, maximum: int = 200) -> list[str]:
    """Real Chinese text (DuReader's search paragraphs, a `search.dev.json`), joined into
    item-sized pieces; a fixed filler where the file is not given or absent."""
    if dureader is None or not dureader.exists():
        return [ITEM.format(n=n) for n in range(1000)]
    pool, piece = [], ""
    for line in dureader.read_text(encoding="utf-8").splitlines():
        for document in json.loads(line)["documents"]:
            for paragraph in document["paragraphs"]:
                piece += paragraph
                if len(piece) >= minimum:
                    pool.append(piece[:maximum])
                    piece = ""
    return pool


def _stage(status: str, n: int, truncated: bool) -> StageEvidence:
    if status == "missing":
        return StageEvidence(status="missing", spans_needed=2)
    matches = [
        EvidenceMatch(
            alternative=0, span=s, doc_id=f"doc-{n}-{s}", route="exact", score=100.0, item=s, start=8, end=40
        )
        for s in range(2)
    ]
    problems = (
        [
            EvidenceProblem(
                alternative=0,
                span=1,
                item=1,
                reason="offset_conflict",
                detail=f"offsets 0-28 of doc-{n}-1 claim the span at 6-27: the item is refused",
            )
        ]
        if truncated
        else []
    )
    if truncated:
        matches = matches[:1]
    return StageEvidence(
        status="partial" if truncated else "supported",
        alternative=0,
        spans_found=len(matches),
        spans_needed=2,
        matches=matches,
        problems=problems,
    )


def _answer(kind: int, n: int) -> AnswerResult:
    tokens = [CriticalToken(token="bound:<=", status="found", stated="内", start=55, end=56)]
    if kind == 2:
        fact = FactResult(
            fact="fifteen-workdays",
            status="contradicted",
            score=0.0,
            support=0.0,
            critical=[
                *tokens,
                CriticalToken(
                    token="duration 15 workday", status="conflicting", stated="十个工作日", start=50, end=55
                ),
            ],
            route="align",
            start=48,
            end=58,
            text="十个工作日内作出审核决定",
            reason="states '十个工作日', expected 15 workday",
        )
        return AnswerResult(status="contradicted", needed=1, found=0, graded=0.0, matches=[fact])
    facts = [
        FactResult(
            fact=f"fact-{f}",
            status="found",
            score=100.0,
            support=1.0,
            critical=tokens[:0] if f else tokens,
            route="align",
            start=10 + 8 * f,
            end=17 + 8 * f,
            text="维修资金使用申请书",
        )
        for f in range(3)
    ]
    return AnswerResult(status="supported", needed=2, found=3, graded=1.0, matches=facts)


def _query(n: int, system: int) -> QueryResult:
    sub_questions = []
    for k, kind in enumerate(KINDS):
        lost = system == 1 and k == 2
        stages = {
            name: _stage(
                "missing" if (system == 0 and k == 1) else "supported", n, lost and name == "context"
            )
            for name in STAGES
        }
        answer = _answer(k if system == 1 else 0, n)
        sub_questions.append(
            SubQuestionResult(
                id=kind,
                kind=kind,
                importance="vital" if k < 2 else "okay",
                stages=stages,
                answer=answer,
                lost_at="context" if lost else "candidates" if system == 0 and k == 1 else None,
                answer_without_evidence=False,
            )
        )
    cut = {"1": CutoffScores(hit=1.0, rr=1.0, recall=0.5), "3": CutoffScores(hit=1.0, rr=1.0, recall=1.0)}
    retrieval = {name: StageRetrieval(status="scored", items=3, relevant=2, at=cut) for name in STAGES}
    return QueryResult(
        query_id=f"q-{n:05d}",
        trace="ok",
        trace_line=n,
        answer_given=True,
        coverage="scored",
        retrieval=retrieval,
        sub_questions=sub_questions,
    )


def _queries(count: int, shape: int) -> list[QueryResult]:
    """`count` queries of one shape: one is built (and validated), the others are copies that
    differ in their id and line and share its sub-question results (the page stores each row's
    verdicts anyway; only a problem's detail text, once per query in a real report, is shared)."""
    template = _query(0, shape)
    return [template.model_copy(update={"query_id": f"q-{n:05d}", "trace_line": n}) for n in range(count)]


def _figures(queries: int, lost: dict[str, int]) -> CoverageFigures:
    total = 3 * queries
    ratio = Ratio(share=1 - sum(lost.values()) / total, count=total - sum(lost.values()), total=total)
    return CoverageFigures(
        sub_questions=total,
        stages={s: {"all": ratio, "vital": ratio} for s in STAGES},
        answer={"all": ratio, "vital": ratio},
        answer_statuses={"supported": total},
        contradicted=queries if lost.get("context") else 0,
        uncertain=0,
        answer_without_evidence=0,
        lost_at=lost,
    )


def synthetic(
    queries: int, systems: int = 2, dureader: Path | None = None
) -> tuple[Report, dict[tuple[str, str], QueryTexts], AnnotationSet]:
    """A report of `queries` x `systems`, its texts (item texts from `dureader`'s paragraphs,
    see `paragraph_pool`) and its annotation set."""
    with paused_collection():  # hundreds of thousands of acyclic objects, all kept
        return (
            _report(queries, systems),
            _texts(queries, systems, paragraph_pool(dureader)),
            _annotations(queries),
        )


def _report(queries: int, systems: int) -> Report:
    mean = MeanScores(hit_rate=1.0, mrr=1.0, mean_recall=0.75, queries=queries)
    system_reports = []
    for s in range(systems):
        lost = {"candidates": queries} if s == 0 else {"context": queries}
        summary = SystemSummary(
            queries=queries,
            scored_traces=queries,
            missing_traces=[],
            coverage_not_applicable=[],
            retrieval={name: StageRetrievalSummary(at={"1": mean, "3": mean}) for name in STAGES},
            coverage=_figures(queries, lost),
            by_kind={kind: _figures(queries // 3, lost) for kind in KINDS},
        )
        system_reports.append(
            SystemReport(system=f"system-{s}", summary=summary, queries=_queries(queries, s % 2))
        )
    return Report(
        tool_version="bench",
        signature="unit:doc|seg:spacy-zh-jieba.v2|bench",
        signature_parts={"unit": "doc", "rel": ">=1"},
        inputs=Inputs(),
        options=make_options(),
        systems=system_reports,
    )


def _texts(queries: int, systems: int, pool: list[str]) -> dict[tuple[str, str], QueryTexts]:
    """Each query's three items, the same in every stage and system (read only: built once)."""
    items: list[dict[int, str | ItemText]] = []
    for n in range(queries):
        pieces = [f"{n}.{i} " + pool[(3 * n + i) % len(pool)] for i in range(3)]
        items.append(
            {i: ItemText(pieces[i], f"doc-{n}-{i}", 0, 60 if i == 1 else len(pieces[i])) for i in range(3)}
        )
    return {
        (f"system-{s}", f"q-{n:05d}"): QueryTexts(
            items={name: items[n] for name in STAGES}, answer=ANSWER.format(n=n)
        )
        for s in range(systems)
        for n in range(queries)
    }


def _annotations(queries: int) -> AnnotationSet:
    return AnnotationSet.model_validate(
        {
            "name": "bench",
            "version": "1",
            "language": "zh",
            "queries": [
                {
                    "query_id": f"q-{n:05d}",
                    "text": f"第{n}号：申请使用住宅专项维修资金需要哪些材料？哪些情况不予受理？",
                    "sub_questions": [
                        {
                            "id": kind,
                            "kind": kind,
                            "text": f"第{n}号：{kind}是什么？",
                            "evidence": [
                                [
                                    {
                                        "doc_id": f"doc-{n}-{i}",
                                        "start": 8,
                                        "end": 70,
                                        "quote": "（一）维修资金使用申请书",
                                    }
                                    for i in range(2)
                                ]
                            ],
                            "answer_facts": [
                                {"id": f"fact-{f}", "text": "维修资金使用申请书"} for f in range(3)
                            ],
                        }
                        for kind in KINDS
                    ],
                }
                for n in range(queries)
            ],
        }
    )
