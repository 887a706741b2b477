"""The Python API that the CLI is a thin shell over: one import for what every package offers
(scoring runs, reports rendered, compared and audited, the annotation workflow)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import InputError, UsageError
from .ingest.traces import read_foreign_traces
from .ingest.validate import Finding, validate
from .io import iter_trace_lines, load_annotations, parse_trace, reading_inputs, sha256_file
from .io.output import PathLike
from .lazy import lazy_exports
from .models import AnnotationSet, Snapshot, Trace
from .models.options import ScoreOptions, make_options, score_options
from .models.policy import Policy
from .models.report import InputFile, Inputs, Report
from .report.texts import QueryTexts
from .scoring.heap import frozen_heap, paused_collection
from .scoring.run import PreparedScoring, open_checked, open_inputs, prepare_scoring, score

if TYPE_CHECKING:
    from .report.audit import RuleOutcome
    from .report.compare import Comparison


@reading_inputs()
def check(
    annotations: PathLike, corpus: PathLike | None = None
) -> tuple[AnnotationSet, Snapshot | None, list[Finding]]:
    """Loads and validates; raises InputError for unreadable input, returns the findings."""
    annotation_set, snapshot, _ = open_inputs(annotations, corpus)
    return annotation_set, snapshot, validate(annotation_set, snapshot)


@reading_inputs()
def evidence_texts(
    report: Report,
    traces: PathLike | Iterable[Trace],
    traces_format: str = "jsonl",
    trace_import: dict[str, Any] | None = None,
    annotations: AnnotationSet | None = None,
) -> dict[tuple[str, str], QueryTexts]:
    """The texts behind the report's verdicts (answers, the items a verdict points at, and with
    `annotations` the items from documents holding evidence), read again from the traces."""
    from .report.texts import trace_texts

    return trace_texts(report, _trace_stream(traces, traces_format, trace_import, annotations), annotations)


def _trace_stream(
    traces: PathLike | Iterable[Trace],
    traces_format: str,
    trace_import: dict[str, Any] | None = None,
    annotations: AnnotationSet | None = None,
) -> Iterable[Trace]:
    """The traces again, as scoring read them (a bad line was refused or skipped then: skipped now)."""
    if not isinstance(traces, (str, Path)):
        return traces
    if traces_format != "jsonl":
        return read_foreign_traces(
            traces, traces_format, **{"annotations": annotations, **(trace_import or {})}
        )
    return _readable_traces(traces)


def _readable_traces(path: PathLike) -> Iterator[Trace]:
    for line, text in iter_trace_lines(path):
        try:
            yield parse_trace(str(path), line, text)
        except InputError:
            continue  # refused when scored (or skipped with --on-error skip): no text to show


@reading_inputs()
def render(
    report: Report,
    fmt: str,
    *,
    traces: PathLike | Iterable[Trace] | None = None,
    annotations: PathLike | AnnotationSet | None = None,
    traces_format: str = "jsonl",
    trace_import: dict[str, Any] | None = None,
    show: int = 20,
    level: str = "sub_question",
) -> str:
    """The report in a text format: json, table, markdown (the `show` worst lost sub-questions
    per system), csv (one row per `level`: sub_question, fact, query, retrieval) or html (with
    `traces` and `annotations`, the texts behind each verdict)."""
    from .report.render import render as render_text

    if fmt != "html":
        return render_text(report, fmt, show=show, level=level)
    from .report.html import to_html

    annotation_set = (
        annotations
        if annotations is None or isinstance(annotations, AnnotationSet)
        else load_annotations(annotations)
    )
    texts = None
    if traces is not None:
        texts = evidence_texts(report, traces, traces_format, trace_import, annotation_set)
    return to_html(report, texts, annotation_set)  # which pauses the cycle collector itself


@dataclass(frozen=True)
class AuditResult:
    """A release gate's verdict: every rule's outcome on the report it was measured on."""

    policy: Policy
    report: Report
    outcomes: list[RuleOutcome]

    @property
    def failed(self) -> int:
        return sum(not outcome.passed for outcome in self.outcomes)


@reading_inputs()
def audit(
    annotations: PathLike | AnnotationSet,
    traces: PathLike | Iterable[Trace],
    policy: PathLike | Policy,
    corpus: PathLike | Snapshot | None = None,
    **score_arguments: Any,
) -> AuditResult:
    """Scores as `score` does (same arguments), then checks every rule of the policy (read
    before any scoring, so that a bad policy costs no run)."""
    from .io import load_policy
    from .report.audit import audit as check_rules

    rules = policy if isinstance(policy, Policy) else load_policy(policy)
    report = score(annotations, traces, corpus, **score_arguments)
    return AuditResult(rules, report, check_rules(report, rules))


@reading_inputs()
def compare(
    a: PathLike | Report,
    b: PathLike | Report,
    *,
    annotations: PathLike | None = None,
    corpus: PathLike | None = None,
    system_a: str | None = None,
    system_b: str | None = None,
    allow_mismatch: bool = False,
    trials: int = 1000,
    seed: int = 12345,
    **score_arguments: Any,
) -> Comparison:
    """B - A. `a` and `b` are reports (JSON files or models); with `annotations`, they are
    trace files, both scored as `score` scores them (`score_arguments`)."""
    from .io import load_report
    from .report.compare import compare as compare_reports

    if annotations is not None:
        scored = [
            r if isinstance(r, Report) else score(annotations, r, corpus, **score_arguments) for r in (a, b)
        ]
        report_a, report_b = scored
    else:
        if score_arguments or corpus is not None:
            given = ", ".join([*score_arguments, *(["corpus"] if corpus is not None else [])])
            raise UsageError(
                f"{given}: only for trace files (with annotations); "
                "a report carries the options it was scored with"
            )
        report_a, report_b = (r if isinstance(r, Report) else load_report(r) for r in (a, b))
    return compare_reports(
        report_a,
        report_b,
        system_a=system_a,
        system_b=system_b,
        allow_mismatch=allow_mismatch,
        trials=trials,
        seed=seed,
    )


@reading_inputs()
def retrieval(
    qrels: PathLike, run: PathLike, *, options: ScoreOptions | None = None, **flat_options: Any
) -> dict[str, Any]:
    """Hit/RR/Recall@K from TREC files only: the `RetrievalReport` as JSON-ready data
    (`RetrievalReport.model_validate` makes the model; `scoring.retrieval_run.report_json`
    writes it). Only retrieval options apply."""
    from .io.trec import read_judgments, read_run
    from .scoring.retrieval_run import score_run

    chosen = score_options(options, **flat_options)
    with paused_collection():
        judgments, runs = read_judgments(qrels), read_run(run)
    qrels_sha = sha256_file(qrels)  # hashed as they were read (a pipe is read once)
    inputs = Inputs(
        qrels=InputFile(path=str(qrels), sha256=qrels_sha),
        run=InputFile(path=str(run), sha256=sha256_file(run)),
    )
    with frozen_heap():
        return score_run(
            judgments, runs, options=chosen, inputs=inputs, judgment_version=f"qrels-{qrels_sha[:12]}"
        )


# The annotation workflow (init, anchor, migrate, review queue, apply, promote, Label Studio):
# functions that read files and write one new file each. With the review queue and the
# scale-out functions they are imported on first use: a `score` run needs none of them.
if TYPE_CHECKING:
    from .annotate.review import review_queue
    from .annotate.workflow import (
        anchor_annotations,
        apply_review,
        export_labelstudio,
        import_labelstudio,
        init_annotations,
        migrate_annotations,
        promote,
        write_converted,
        write_review_queue,
    )
    from .scoring.scaleout import merge, score_partial, write_partial_file

__getattr__ = lazy_exports(
    __name__,
    {
        **dict.fromkeys(["merge", "score_partial", "write_partial_file"], ".scoring.scaleout"),
        "review_queue": ".annotate.review",
        **dict.fromkeys(
            [
                "anchor_annotations",
                "apply_review",
                "export_labelstudio",
                "import_labelstudio",
                "init_annotations",
                "migrate_annotations",
                "promote",
                "write_converted",
                "write_review_queue",
            ],
            ".annotate.workflow",
        ),
    },
)

__all__ = [
    "AuditResult",
    "PreparedScoring",
    "anchor_annotations",
    "apply_review",
    "audit",
    "check",
    "compare",
    "evidence_texts",
    "export_labelstudio",
    "import_labelstudio",
    "init_annotations",
    "make_options",
    "merge",
    "migrate_annotations",
    "open_checked",
    "open_inputs",
    "prepare_scoring",
    "promote",
    "read_foreign_traces",
    "render",
    "retrieval",
    "review_queue",
    "score",
    "score_options",
    "score_partial",
    "write_converted",
    "write_partial_file",
    "write_review_queue",
]
