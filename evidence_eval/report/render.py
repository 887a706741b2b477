"""Renderings of the JSON report: pure functions Report -> str (the JSON stays the truth)."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping

from ..metrics.policies import no_ids_reason
from ..models.report import (
    CoverageFigures,
    Ratio,
    Report,
    RetrievalReport,
    StageRetrievalSummary,
    SystemReport,
    SystemSummary,
)

NO_ANSWERS = "no answers in these traces"
NO_IDS = "n/a: no ids"  # a retrieval figure of a stage whose items carry no id of the unit
RETRIEVAL_HEADER = ["stage", "K", "hit rate", "MRR", "recall", "n", "unjudged", "depth"]


def to_json(report: Report) -> str:
    """Deterministic: fixed key order from the models, sorted systems, no timestamps."""
    return report.model_dump_json(indent=2) + "\n"


def _pct(value: float | None) -> str:
    return "   n/a" if value is None else f"{100 * value:5.1f}%"


def _num(value: float | None) -> str:
    return "  n/a" if value is None else f"{value:.3f}"


def _ratio(r: Ratio | None) -> str:
    return "n/a" if r is None else f"{r.count}/{r.total} {_pct(r.share).strip()}"


def _table(header: list[str], rows: list[list[str]], markdown: bool) -> list[str]:
    if markdown:
        lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
        return lines + ["| " + " | ".join(row) + " |" for row in rows]
    widths = [max(len(str(cell)) for cell in column) for column in zip(header, *rows)]

    def line(cells: list[str]) -> str:
        return "  ".join(cell.ljust(width) for cell, width in zip(cells, widths)).rstrip()

    return [line(header), line(["-" * w for w in widths]), *(line(row) for row in rows)]


def no_answers(summary: SystemSummary) -> bool:
    """Every scored trace lacks an answer (a TREC run, say): answer figures do not apply."""
    return summary.scored_traces > 0 and summary.traces_without_answer == summary.scored_traces


def answer_note(summary: SystemSummary) -> str | None:
    """What the answer figures leave out, in words; None when every trace has an answer."""
    if no_answers(summary):
        return f"{NO_ANSWERS}: answer facts are not applicable"
    if summary.traces_without_answer:
        return (
            f"{summary.traces_without_answer} of {summary.scored_traces} traces have no answer: "
            "their answer facts are not applicable"
        )
    return None


def retrieval_notes(summaries: Mapping[str, StageRetrievalSummary], unit: str) -> list[str]:
    """Why a stage's retrieval figures are not applicable, per stage."""
    return [
        f"{stage}: retrieval not applicable for {len(summary.no_ids)} queries: {no_ids_reason(unit)}"
        for stage, summary in summaries.items()
        if summary.no_ids
    ]


def _retrieval_cell(summary: StageRetrievalSummary, value: float | None) -> str:
    return NO_IDS if value is None and summary.no_ids else _num(value)


def retrieval_rows(summaries: Mapping[str, StageRetrievalSummary]) -> list[list[str]]:
    rows = []
    for stage, summary in summaries.items():
        for k, mean in summary.at.items():
            rows.append(
                [
                    stage,
                    k,
                    _retrieval_cell(summary, mean.hit_rate),
                    _retrieval_cell(summary, mean.mrr),
                    _retrieval_cell(summary, mean.mean_recall),
                    str(mean.queries),
                    str(mean.queries_with_unjudged),
                    "" if mean.mean_depth is None else f"{mean.mean_depth:.1f}",
                ]
            )
    return rows


def _coverage_rows(figures: CoverageFigures, answers: bool) -> list[list[str]]:
    """Per stage and for the answer: the strict supported share, all and vital, and the
    graded figure beside it (mean share of spans found; mean graded answer score)."""
    rows = [
        [stage, _ratio(r["all"]), _ratio(r["vital"]), _graded(figures.stages_graded.get(stage, {}))]
        for stage, r in figures.stages.items()
    ]
    if answers:
        answer, graded = figures.answer, _graded(figures.answer_graded)
        rows.append(["answer", _ratio(answer["all"]), _ratio(answer["vital"]), graded])
    else:
        rows.append(["answer", NO_ANSWERS, NO_ANSWERS, ""])
    return rows


def _graded(figure: dict[str, float | None]) -> str:
    """ "all / vital" of a graded figure (reports made before v2 have none)."""
    if not figure or figure.get("all") is None:
        return ""
    vital = figure.get("vital")
    return f"{figure['all']:.2f} / {vital:.2f}" if vital is not None else f"{figure['all']:.2f}"


def _kind_rows(system: SystemReport) -> list[list[str]]:
    answers = not no_answers(system.summary)
    rows = []
    for kind, figures in system.summary.by_kind.items():
        rows.append(
            [
                kind,
                *(_ratio(r["all"]) for r in figures.stages.values()),
                _ratio(figures.answer["all"]) if answers else "no answers",
                str(figures.contradicted),
            ]
        )
    return rows


def to_text(report: Report, *, markdown: bool = False) -> str:
    parts = report.signature_parts
    out: list[str] = []
    heading = "## " if markdown else ""
    sub = "### " if markdown else ""
    for system in report.systems:
        s = system.summary
        out.append(f"{heading}System: {system.system}")
        out.append(
            f"queries {s.queries} · traces {s.scored_traces} · missing traces "
            f"{len(s.missing_traces)} · coverage n/a {len(s.coverage_not_applicable)}"
            + (f" ({', '.join(s.missing_traces)})" if s.missing_traces else "")
        )
        out.append("")
        budget = f", budget={parts['budget']}" if parts.get("unit") == "doc" else ""
        out.append(
            f"{sub}Retrieval (unit={parts.get('unit')}{budget}, relevant = grade "
            f"{parts.get('rel')}, unjudged = unknown)"
        )
        out += _table(RETRIEVAL_HEADER, retrieval_rows(system.summary.retrieval), markdown)
        na = sorted({q for st in s.retrieval.values() for q in st.not_applicable})
        if na:
            out.append(f"not applicable (no positive judgments): {len(na)}: {', '.join(na)}")
        out += retrieval_notes(s.retrieval, parts.get("unit", "doc"))
        out.append("")
        out.append(f"{sub}Sub-question coverage (supported / sub-questions)")
        rows = _coverage_rows(s.coverage, not no_answers(s))
        out += _table(["stage", "all", "vital", "graded all / vital"], rows, markdown)
        note = answer_note(s)
        if note:
            out.append(note)
        c = s.coverage
        statuses = ", ".join(f"{k} {v}" for k, v in c.answer_statuses.items())
        out.append(f"answer statuses: {statuses}")
        out.append(
            f"contradicted {c.contradicted} · uncertain {c.uncertain} · "
            f"answer without evidence {c.answer_without_evidence}"
        )
        if c.lost_at:
            out.append("lost at: " + ", ".join(f"{k} {v}" for k, v in c.lost_at.items()))
        out.append("")
        if s.by_kind:
            stages = list(next(iter(s.by_kind.values())).stages)
            out.append(f"{sub}By kind")
            out += _table(["kind", *stages, "answer", "contradicted"], _kind_rows(system), markdown)
            out.append("")
        lost = _lost_lines(system)
        if lost:
            out.append(f"{sub}Where sub-questions were lost")
            out += lost
            out.append("")
    if report.skipped_trace_lines:
        out.append(f"skipped trace lines: {len(report.skipped_trace_lines)}")
    out.append(("`" + report.signature + "`") if markdown else report.signature)
    return "\n".join(out) + "\n"


def _lost_lines(system: SystemReport) -> list[str]:
    lines = []
    for query in system.queries:
        for sq in query.sub_questions:
            if sq.lost_at is None:
                continue
            flag = " (answer states it without evidence)" if sq.answer_without_evidence else ""
            lines.append(
                f"- {query.query_id} / {sq.id} [{sq.kind}, {sq.importance}]: lost at "
                f"{sq.lost_at}, answer {sq.answer.status}{flag}"
            )
    return lines


def to_csv(report: Report) -> str:
    """One row per (system, query, sub-question)."""
    stages: list[str] = []
    for system in report.systems:
        for name in system.summary.retrieval:
            if name not in stages:
                stages.append(name)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(
        [
            "system",
            "query_id",
            "trace",
            "sub_question",
            "kind",
            "importance",
            *(f"{name}_status" for name in stages),
            "answer_status",
            "lost_at",
            "answer_without_evidence",
        ]
    )
    for system in report.systems:
        for query in system.queries:
            for sq in query.sub_questions:
                writer.writerow(
                    [
                        system.system,
                        query.query_id,
                        query.trace,
                        sq.id,
                        sq.kind,
                        sq.importance,
                        *(sq.stages[name].status if name in sq.stages else "" for name in stages),
                        sq.answer.status,
                        sq.lost_at or "",
                        str(sq.answer_without_evidence).lower(),
                    ]
                )
    return buffer.getvalue()


RENDERERS = {
    "json": to_json,
    "table": to_text,
    "markdown": lambda report: to_text(report, markdown=True),
    "csv": to_csv,
}


def retrieval_text(report: RetrievalReport) -> str:
    parts = report.signature_parts
    out = []
    for system in report.systems:
        out.append(f"System: {system.system} (ranking: {report.ranking_order})")
        rows = retrieval_rows(system.summary)
        for summary in system.summary.values():
            out.append(
                f"not applicable {len(summary.not_applicable)} · missing "
                f"{len(summary.missing_trace)} · unjudged queries {len(system.unjudged_queries)}"
            )
        out.append(f"unit={parts['unit']} budget={parts['budget']} relevant {parts['rel']}")
        out += _table(RETRIEVAL_HEADER, rows, False)
        out.append("")
    out.append(report.signature)
    return "\n".join(out) + "\n"
