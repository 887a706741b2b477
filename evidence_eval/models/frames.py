"""The report as flat rows: one table per level, the same columns for `to_csv` and `to_pandas`.

Levels:
- ``query``: one row per (system, query): counts of its sub-questions supported per stage;
- ``sub_question``: one row per (system, query, sub-question): status per stage, the answer;
- ``fact``: one row per (system, query, sub-question, answer fact): status, score, support;
- ``retrieval``: one row per (system, query, stage, K): hit, reciprocal rank, recall.

pandas is an optional extra (``pip install 'evidence-eval[pandas]'``); the rows are not.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Literal

from ..errors import UsageError

if TYPE_CHECKING:  # pragma: no cover
    import pandas

    from .report import QueryResult, Report, SubQuestionResult, SystemReport

Level = Literal["query", "sub_question", "fact", "retrieval"]
LEVELS: tuple[str, ...] = ("sub_question", "fact", "query", "retrieval")
Cell = str | int | float | bool | None
Table = tuple[list[str], list[list[Cell]]]


def stage_names(report: Report) -> list[str]:
    """Every stage of every system, in the order first seen."""
    names: list[str] = []
    for system in report.systems:
        for name in [*system.summary.retrieval, *system.summary.coverage.stages]:
            if name not in names:
                names.append(name)
    return names


def _sub_questions(report: Report) -> Iterator[tuple[SystemReport, QueryResult, SubQuestionResult]]:
    for system in report.systems:
        for query in system.queries:
            for sq in query.sub_questions:
                yield system, query, sq


def sub_question_table(report: Report) -> Table:
    stages = stage_names(report)
    columns = [
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
        *(f"{name}_spans_found" for name in stages),
        *(f"{name}_spans_needed" for name in stages),
        "answer_found",
        "answer_needed",
        "answer_graded",
    ]
    rows: list[list[Cell]] = []
    for system, query, sq in _sub_questions(report):
        rows.append(
            [
                system.system,
                query.query_id,
                query.trace,
                sq.id,
                sq.kind,
                sq.importance,
                *(sq.stages[name].status if name in sq.stages else None for name in stages),
                sq.answer.status,
                sq.lost_at,
                sq.answer_without_evidence,
                *(sq.stages[name].spans_found if name in sq.stages else None for name in stages),
                *(sq.stages[name].spans_needed if name in sq.stages else None for name in stages),
                sq.answer.found,
                sq.answer.needed,
                sq.answer.graded,
            ]
        )
    return columns, rows


def fact_table(report: Report) -> Table:
    columns = [
        "system",
        "query_id",
        "sub_question",
        "kind",
        "importance",
        "fact",
        "status",
        "score",
        "support",
        "route",
        "text",
        "reason",
        "critical_conflicting",
        "critical_absent",
    ]
    rows: list[list[Cell]] = []
    for system, query, sq in _sub_questions(report):
        for fact in sq.answer.matches:
            rows.append(
                [
                    system.system,
                    query.query_id,
                    sq.id,
                    sq.kind,
                    sq.importance,
                    fact.fact,
                    fact.status,
                    fact.score,
                    fact.support,
                    fact.route,
                    fact.text,
                    fact.reason,
                    sum(token.status == "conflicting" for token in fact.critical),
                    sum(token.status == "absent" for token in fact.critical),
                ]
            )
    return columns, rows


def query_table(report: Report) -> Table:
    stages = stage_names(report)
    columns = [
        "system",
        "query_id",
        "trace",
        "answer_given",
        "coverage",
        "sub_questions",
        "vital",
        *(f"{name}_supported" for name in stages),
        "answer_supported",
        "contradicted",
        "uncertain",
        "answer_without_evidence",
    ]
    rows: list[list[Cell]] = []
    for system in report.systems:
        for query in system.queries:
            sqs = query.sub_questions
            rows.append(
                [
                    system.system,
                    query.query_id,
                    query.trace,
                    query.answer_given,
                    query.coverage,
                    len(sqs),
                    sum(sq.importance == "vital" for sq in sqs),
                    *(
                        sum(name in sq.stages and sq.stages[name].status == "supported" for sq in sqs)
                        for name in stages
                    ),
                    sum(sq.answer.status == "supported" for sq in sqs),
                    sum(sq.answer.status == "contradicted" for sq in sqs),
                    sum(sq.answer.status == "uncertain" for sq in sqs),
                    sum(sq.answer_without_evidence for sq in sqs),
                ]
            )
    return columns, rows


def retrieval_table(report: Report) -> Table:
    columns = [
        "system",
        "query_id",
        "trace",
        "stage",
        "status",
        "in_mean",
        "relevant",
        "items",
        "k",
        "hit",
        "rr",
        "recall",
        "depth",
        "unjudged",
    ]
    rows: list[list[Cell]] = []
    for system in report.systems:
        for query in system.queries:
            for stage, result in query.retrieval.items():
                head: list[Cell] = [
                    system.system,
                    query.query_id,
                    query.trace,
                    stage,
                    result.status,
                    result.in_mean,
                    result.relevant,
                    result.items,
                ]
                if not result.at:
                    rows.append([*head, None, None, None, None, None, None])
                for k, scores in result.at.items():
                    rows.append(
                        [*head, int(k), scores.hit, scores.rr, scores.recall, scores.depth, scores.unjudged]
                    )
    return columns, rows


TABLES: dict[str, Callable[[Report], Table]] = {
    "sub_question": sub_question_table,
    "fact": fact_table,
    "query": query_table,
    "retrieval": retrieval_table,
}


def table(report: Report, level: str = "sub_question") -> Table:
    """The columns and rows of one level (see the module's docstring)."""
    if level not in TABLES:
        raise UsageError(f"unknown level {level!r}; use one of {', '.join(LEVELS)}")
    return TABLES[level](report)


def to_pandas(report: Report, level: str = "sub_question") -> pandas.DataFrame:
    """The rows of one level as a DataFrame (columns as in `to_csv(report, level=...)`)."""
    try:
        import pandas
    except ImportError:
        raise UsageError(
            "to_pandas needs pandas, an optional extra: pip install 'evidence-eval[pandas]'"
        ) from None
    columns, rows = table(report, level)
    frame: Any = pandas.DataFrame.from_records(rows, columns=columns)
    return frame
