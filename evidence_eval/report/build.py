"""Scoring: annotations + traces (+ snapshot) -> Report. Streams the traces."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ..coverage.subquestions import evaluate_query, missing_trace_results
from ..coverage.summary import by_kind, coverage_figures
from ..errors import InputError, Location, PolicyError
from ..metrics import score_ranking, zero_scores
from ..metrics.aggregate import stage_summary
from ..models import AnnotationSet, Item, Query, Snapshot, Trace
from ..models.options import ScoreOptions
from ..models.report import (
    Inputs,
    QueryResult,
    Report,
    StageRetrieval,
    SubQuestionResult,
    SystemReport,
    SystemSummary,
)
from ..text.segment import segmenter_for, segmenter_name
from ..version import __version__
from .signature import matching_parts, retrieval_parts, signature


@dataclass
class _System:
    name: str
    results: dict[str, QueryResult] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)
    stage_names: list[str] = field(default_factory=list)


def score_traces(
    annotations: AnnotationSet,
    traces: Iterable[tuple[int, Trace]],
    *,
    snapshot: Snapshot | None = None,
    options: ScoreOptions | None = None,
    inputs: Inputs | None = None,
    traces_path: str = "<traces>",
    skip_bad_lines: bool = False,
    progress: Callable[[int], None] | None = None,
) -> Report:
    options = options or ScoreOptions()
    queries = _index_queries(annotations)
    segmenter = segmenter_for(annotations.language)
    systems: dict[str, _System] = {}
    skipped: list[str] = []
    for line, trace in traces:
        if progress is not None:
            progress(line)
        query = queries.get(trace.query_id)
        if query is None:
            problem = InputError(
                Location(traces_path, line, "$.query_id"),
                f"query_id {trace.query_id!r} is not in annotation set "
                f"{annotations.name}@{annotations.version}",
                "score traces against the annotation set they were run on",
            )
            if skip_bad_lines:
                skipped.append(str(problem))
                continue
            raise problem
        system = systems.setdefault(trace.system, _System(trace.system))
        if trace.query_id in system.results:
            raise InputError(
                Location(traces_path, line),
                f"second trace for query {trace.query_id!r} of system {trace.system!r} "
                f"(first on line {system.lines[trace.query_id]})",
                "keep one line per query per system",
            )
        for stage in trace.stages:
            if stage.name not in system.stage_names:
                system.stage_names.append(stage.name)
        system.lines[trace.query_id] = line
        system.results[trace.query_id] = QueryResult(
            query_id=query.query_id,
            trace="ok",
            trace_line=line,
            coverage="scored" if query.sub_questions else "not_applicable",
            retrieval=_retrieval(query, trace, snapshot, options),
            sub_questions=evaluate_query(query, trace, snapshot, segmenter, options.matching),
        )
    reports = [_system_report(system, annotations, options) for system in systems.values()]
    _apply_zero_positive_error(reports, options)
    parts = {
        **retrieval_parts(options),
        **matching_parts(options, segmenter_name(annotations.language)),
        "ann": f"{annotations.name}@{annotations.version}" + ("+draft" if annotations.draft else ""),
        "corpus": snapshot.sha256[:12] if snapshot else "none",
    }
    return Report(
        tool_version=__version__,
        signature=signature(parts),
        signature_parts=parts,
        inputs=inputs or Inputs(),
        options=options,
        skipped_trace_lines=skipped,
        systems=sorted(reports, key=lambda r: r.system),
    )


def _index_queries(annotations: AnnotationSet) -> dict[str, Query]:
    queries: dict[str, Query] = {}
    for index, query in enumerate(annotations.queries):
        if query.query_id in queries:
            raise InputError(
                Location(annotations.name, json_path=f"$.queries[{index}].query_id"),
                f"duplicate query_id {query.query_id!r}",
                "run `evidence-eval validate`",
            )
        queries[query.query_id] = query
    return queries


def unit_ranking(items: list[Item], unit: str, snapshot: Snapshot | None) -> list[str | None]:
    """The id of each item in the declared unit; None when the item has none."""
    if unit == "chunk":
        return [item.chunk_id for item in items]
    ranking: list[str | None] = []
    for item in items:
        doc_id = item.doc_id
        if doc_id is None and item.chunk_id and snapshot and item.chunk_id in snapshot.chunks:
            doc_id = snapshot.chunks[item.chunk_id][0].doc_id
        ranking.append(doc_id)
    return ranking


def _judgments(query: Query, unit: str) -> dict[str, int]:
    return query.chunk_judgments if unit == "chunk" else query.doc_judgments


def _retrieval(
    query: Query, trace: Trace, snapshot: Snapshot | None, options: ScoreOptions
) -> dict[str, StageRetrieval]:
    r = options.retrieval
    judgments = _judgments(query, r.unit)
    result = {}
    for stage in trace.stages:
        scores = score_ranking(
            unit_ranking(stage.items, r.unit, snapshot),
            judgments,
            k_values=r.k,
            budget=r.budget,
            min_grade=r.min_grade,
        )
        if scores.status == "not_applicable":
            scores = apply_zero_positive(scores, options)
        result[stage.name] = scores
    return result


def apply_zero_positive(scores: StageRetrieval, options: ScoreOptions) -> StageRetrieval:
    r = options.retrieval
    if r.zero_positive == "zero":
        return scores.model_copy(update={"in_mean": True, "at": zero_scores(r.k, budget=r.budget)})
    return scores.model_copy(update={"in_mean": False})


def absent_stage(status: str, options: ScoreOptions) -> StageRetrieval:
    """A stage with nothing to score: a missing trace, or a stage the trace lacks."""
    r = options.retrieval
    counted = status == "missing_stage" or r.missing_trace == "zero"
    return StageRetrieval(
        status=status,  # type: ignore[arg-type]
        in_mean=counted,
        at=zero_scores(r.k, budget=r.budget) if counted else {},
    )


def _system_report(system: _System, annotations: AnnotationSet, options: ScoreOptions) -> SystemReport:
    missing = [q.query_id for q in annotations.queries if q.query_id not in system.results]
    if missing and options.retrieval.missing_trace == "error":
        raise PolicyError(
            f"system {system.name!r} has no trace for {len(missing)} queries: "
            f"{', '.join(missing[:10])}{', ...' if len(missing) > 10 else ''} "
            "(--missing-trace error)"
        )
    queries = []
    for query in annotations.queries:
        result = system.results.get(query.query_id)
        if result is None:
            result = QueryResult(
                query_id=query.query_id,
                trace="missing",
                coverage="scored" if query.sub_questions else "not_applicable",
                retrieval={name: absent_stage("missing_trace", options) for name in system.stage_names},
                sub_questions=missing_trace_results(query),
            )
        else:
            for name in system.stage_names:
                result.retrieval.setdefault(name, absent_stage("missing_stage", options))
            result.retrieval = {name: result.retrieval[name] for name in system.stage_names}
        queries.append(result)
    counted_subquestions = _counted_subquestions(queries, options)
    summary = SystemSummary(
        queries=len(queries),
        scored_traces=len(system.results),
        missing_traces=missing,
        coverage_not_applicable=[q.query_id for q in queries if q.coverage == "not_applicable"],
        retrieval={
            name: stage_summary([(q.query_id, q.retrieval[name]) for q in queries], options.retrieval.k)
            for name in system.stage_names
        },
        coverage=coverage_figures(counted_subquestions, system.stage_names),
        by_kind=by_kind(counted_subquestions, system.stage_names),
    )
    return SystemReport(system=system.name, summary=summary, queries=queries)


def _counted_subquestions(queries: list[QueryResult], options: ScoreOptions) -> list[SubQuestionResult]:
    """Missing traces count as unsupported everywhere, unless `--missing-trace exclude`."""
    keep_missing = options.retrieval.missing_trace == "zero"
    return [sq for q in queries if q.trace == "ok" or keep_missing for sq in q.sub_questions]


def _apply_zero_positive_error(reports: list[SystemReport], options: ScoreOptions) -> None:
    refuse_zero_positive(
        [(q.query_id, stage) for report in reports for q in report.queries for stage in q.retrieval.values()],
        options,
    )


def refuse_zero_positive(per_query: list[tuple[str, StageRetrieval]], options: ScoreOptions) -> None:
    """`--zero-positive error`: stop, naming every query with no positive judgment."""
    if options.retrieval.zero_positive != "error":
        return
    names = sorted({qid for qid, stage in per_query if stage.status == "not_applicable"})
    if names:
        raise PolicyError(
            f"{len(names)} queries have no unit judged with grade >= "
            f"{options.retrieval.min_grade}: {', '.join(names[:10])}"
            f"{', ...' if len(names) > 10 else ''} (--zero-positive error; add judgments, or "
            "use --zero-positive exclude)"
        )
