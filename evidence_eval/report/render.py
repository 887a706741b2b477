"""Renderings of the JSON report: pure functions Report -> str (the JSON stays the truth)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial

from ..errors import UsageError
from ..metrics.measures import no_answers
from ..metrics.policies import no_ids_reason, unjudged_only_reason
from ..models.frames import table
from ..models.report import (
    CoverageFigures,
    Ratio,
    Report,
    RetrievalReport,
    StageRetrievalSummary,
    SubQuestionResult,
    SystemReport,
    SystemSummary,
)
from .inert import csv_cell, csv_line, markdown_cell, markdown_code, terminal_cell

NO_ANSWERS = "no answers in these traces"
NO_IDS = "n/a: no ids"  # a retrieval figure of a stage whose items carry no id of the unit
NONE_JUDGED = "n/a: none judged"  # ... of a stage none of whose returned ids is judged
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


def answer_note(summary: SystemSummary) -> str | None:
    """How the answer figures treat traces without an answer, in words; None when every
    trace has one. (A system that answers on some lines failed to answer on the others:
    `scoring.engine.empty_answers`.)"""
    if no_answers(summary):
        return f"{NO_ANSWERS}: answer facts are not applicable"
    if summary.traces_without_answer:
        return (
            f"{summary.traces_without_answer} of {summary.scored_traces} traces have no answer: "
            "scored as empty answers (their facts missing)"
        )
    return None


def retrieval_notes(summaries: Mapping[str, StageRetrievalSummary], unit: str) -> list[str]:
    """Why a stage's retrieval figures are not applicable, per stage."""
    notes = []
    for stage, summary in summaries.items():
        if summary.no_ids:
            notes.append(
                f"{stage}: retrieval not applicable for {len(summary.no_ids)} queries: {no_ids_reason(unit)}"
            )
        if summary.unjudged_only:
            notes.append(
                f"{stage}: retrieval not applicable for {len(summary.unjudged_only)} queries: "
                f"{unjudged_only_reason(summary.judged_ids_at)}"
            )
    return notes


def blank_retrieval(summary: StageRetrievalSummary) -> str:
    """What stands for a retrieval mean no query entered, and why."""
    if summary.no_ids:
        return NO_IDS
    return NONE_JUDGED if summary.unjudged_only else "n/a"


def _retrieval_cell(summary: StageRetrievalSummary, value: float | None) -> str:
    if value is None and (summary.no_ids or summary.unjudged_only):
        return blank_retrieval(summary)
    return _num(value)


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


SHOW_DEFAULT = 20
LOSS_ORDER = ("contradicted", "missing", "uncertain", "partial", "supported", "not_applicable")


class _Document:
    """Lines of the table or Markdown format. In Markdown every paragraph and table stands
    apart (a blank line before and after, as GFM needs) and every value is escaped; on a
    terminal every value has its control characters escaped."""

    def __init__(self, markdown: bool) -> None:
        self.markdown = markdown
        self.blocks: list[list[str]] = []
        self._open: list[str] | None = None

    def value(self, text: object) -> str:
        return markdown_cell(text) if self.markdown else terminal_cell(text)

    def _block(self, lines: list[str]) -> None:
        self.blocks.append(lines)
        self._open = None

    def heading(self, level: int, text: str) -> None:
        self._block([("#" * level + " " if self.markdown else "") + text])

    def line(self, text: str) -> None:
        """A line of text already escaped; on a terminal it follows the previous line, in
        Markdown it is a paragraph of its own."""
        if self.markdown or self._open is None:
            self._open = [text]
            self.blocks.append(self._open)
        else:
            self._open.append(text)

    def prose(self, text: str) -> None:
        self.line(self.value(text))

    def items(self, lines: list[str]) -> None:
        self._block([f"- {line}" for line in lines] if self.markdown else lines)

    def table(self, header: list[str], rows: list[list[str]]) -> None:
        header = [self.value(cell) for cell in header]
        rows = [[self.value(cell) for cell in row] for row in rows]
        if self.markdown:
            lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
            self._block(lines + ["| " + " | ".join(row) + " |" for row in rows])
            return
        widths = [max(len(cell) for cell in column) for column in zip(header, *rows)]

        def line(cells: list[str]) -> str:
            return "  ".join(cell.ljust(width) for cell, width in zip(cells, widths)).rstrip()

        self._block([line(header), line(["-" * w for w in widths]), *(line(row) for row in rows)])

    def gap(self) -> None:
        """A blank line on a terminal (Markdown separates every block anyway)."""
        if not self.markdown:
            self._block([""])

    def render(self) -> str:
        if self.markdown:
            return "\n\n".join("\n".join(block) for block in self.blocks if block != [""]) + "\n"
        return "\n".join(line for block in self.blocks for line in block) + "\n"


def to_text(report: Report, *, markdown: bool = False, show: int = SHOW_DEFAULT) -> str:
    """The summary per system as terminal tables, or as GitHub-flavoured Markdown; the `show`
    worst lost sub-questions of each system are listed, then how many more there are."""
    doc = _Document(markdown)
    for system in report.systems:
        _system_text(doc, report, system, show)
    if report.skipped_trace_lines:
        doc.prose(f"skipped trace lines: {len(report.skipped_trace_lines)}")
    doc.line(markdown_code(report.signature) if markdown else terminal_cell(report.signature))
    return doc.render()


def _system_text(doc: _Document, report: Report, system: SystemReport, show: int) -> None:
    parts = report.signature_parts
    s = system.summary
    doc.heading(2, "System: " + doc.value(system.system))
    listed = ", ".join(s.missing_traces[:10]) + (", ..." if len(s.missing_traces) > 10 else "")
    missing = f" ({listed})"  # prose escapes the whole line
    doc.prose(
        f"queries {s.queries} · traces {s.scored_traces} · missing traces {len(s.missing_traces)}"
        + (missing if s.missing_traces else "")
        + f" · coverage n/a {len(s.coverage_not_applicable)}"
    )
    doc.gap()
    budget = f", budget={parts['budget']}" if parts.get("unit") == "doc" else ""
    doc.heading(
        3,
        doc.value(
            f"Retrieval (unit={parts.get('unit')}{budget}, relevant = grade "
            f"{parts.get('rel')}, unjudged = unknown)"
        ),
    )
    doc.table(RETRIEVAL_HEADER, retrieval_rows(s.retrieval))
    na = sorted({q for st in s.retrieval.values() for q in st.not_applicable})
    if na:
        doc.prose(f"not applicable (no positive judgments): {len(na)}: {', '.join(na)}")
    for retrieval_note in retrieval_notes(s.retrieval, parts.get("unit", "doc")):
        doc.prose(retrieval_note)
    doc.gap()
    doc.heading(3, "Sub-question coverage (supported / sub-questions)")
    doc.table(["stage", "all", "vital", "graded all / vital"], _coverage_rows(s.coverage, not no_answers(s)))
    note = answer_note(s)
    if note:
        doc.prose(note)
    c = s.coverage
    statuses = ", ".join(f"{k} {v}" for k, v in c.answer_statuses.items()) or "none (no sub-questions)"
    doc.prose(f"answer statuses: {statuses}")
    doc.prose(
        f"contradicted {c.contradicted} · uncertain {c.uncertain} · "
        f"answer without evidence {c.answer_without_evidence}"
    )
    if c.lost_at:
        doc.prose("lost at: " + ", ".join(f"{k} {v}" for k, v in c.lost_at.items()))
    doc.gap()
    if s.by_kind:
        stages = list(next(iter(s.by_kind.values())).stages)
        doc.heading(3, "By kind")
        doc.table(["kind", *stages, "answer", "contradicted"], _kind_rows(system))
        doc.gap()
    lost = worst_lost(system)
    if lost:
        shown = lost[: max(show, 0)]
        doc.heading(3, f"Where sub-questions were lost (worst {len(shown)} of {len(lost)})")
        doc.items([_lost_line(doc, query_id, sq) for query_id, sq in shown])
        if len(lost) > len(shown):
            doc.prose(f"… and {len(lost) - len(shown)} more")
        doc.gap()


def worst_lost(system: SystemReport) -> list[tuple[str, SubQuestionResult]]:
    """The lost sub-questions, worst first: vital before okay, a contradicted answer first,
    then the earliest stage lost at, then the answer's status; ties in report order."""
    stage_rank = {name: rank for rank, name in enumerate([*system.summary.coverage.stages, "answer"])}
    lost = [(query.query_id, sq) for query in system.queries for sq in query.sub_questions if sq.lost_at]
    return sorted(
        lost,
        key=lambda pair: (
            pair[1].importance != "vital",
            pair[1].answer.status != "contradicted",
            stage_rank.get(pair[1].lost_at or "", len(stage_rank)),
            LOSS_ORDER.index(pair[1].answer.status) if pair[1].answer.status in LOSS_ORDER else 9,
        ),
    )


def _lost_line(doc: _Document, query_id: str, sq: SubQuestionResult) -> str:
    flag = " (answer states it without evidence)" if sq.answer_without_evidence else ""
    return (
        f"{doc.value(query_id)} / {doc.value(sq.id)} [{doc.value(sq.kind)}, {sq.importance}]: "
        f"lost at {doc.value(sq.lost_at)}, answer {sq.answer.status}{flag}"
    )


def to_csv(report: Report, *, level: str = "sub_question") -> str:
    """One row per (system, query, sub-question) by default; `level` as in `frames.table`.
    Cells a spreadsheet would evaluate as a formula are prefixed with `'`."""
    columns, rows = table(report, level)
    return csv_line([csv_cell(column) for column in columns]) + "".join(
        csv_line([csv_cell(value) for value in row]) for row in rows
    )


RENDERERS = {
    "json": to_json,
    "table": to_text,
    "markdown": partial(to_text, markdown=True),
    "csv": to_csv,
}


def render(report: Report, fmt: str, *, show: int = SHOW_DEFAULT, level: str = "sub_question") -> str:
    """The report in one of `RENDERERS`' formats; `show` applies to table and markdown (the
    worst N lost sub-questions), `level` to csv (see `frames.table`)."""
    if fmt in ("table", "markdown"):
        return to_text(report, markdown=fmt == "markdown", show=show)
    if fmt == "csv":
        return to_csv(report, level=level)
    if fmt == "json":
        return to_json(report)
    raise UsageError(f"unknown format {fmt!r}; use one of {', '.join(RENDERERS)}")


def retrieval_text(report: RetrievalReport) -> str:
    parts = report.signature_parts
    doc = _Document(markdown=False)
    for system in report.systems:
        doc.prose(f"System: {system.system} (ranking: {report.ranking_order})")
        for summary in system.summary.values():
            doc.prose(
                f"not applicable {len(summary.not_applicable)} · missing "
                f"{len(summary.missing_trace)} · unjudged queries {len(system.unjudged_queries)}"
            )
        doc.prose(f"unit={parts['unit']} budget={parts['budget']} relevant {parts['rel']}")
        doc.table(RETRIEVAL_HEADER, retrieval_rows(system.summary))
        doc.gap()
    doc.prose(report.signature)
    return doc.render()
