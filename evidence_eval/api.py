"""The Python API that the CLI is a thin shell over."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from .errors import CountedPath, InputError, Location, UsageError
from .io import (
    iter_trace_lines,
    iter_traces,
    load_annotations,
    load_snapshot,
    named_corpus,
    parse_trace,
    reading_inputs,
    sha256_file,
)
from .lazy import lazy_exports
from .models import AnnotationSet, Snapshot, Trace
from .models.options import ScoreOptions, make_options
from .models.policy import Policy
from .models.report import InputFile, Inputs, Report
from .models.traces import TRACE_FORMATS
from .report.texts import QueryTexts
from .scoring.caches import clear_caches
from .scoring.engine import score_traces
from .scoring.heap import frozen_heap, paused_collection
from .scoring.spool import FileSpool, write_json
from .scoring.workers import resolve_jobs
from .validation import Finding, refuse_invalid, refuse_wrong_snapshot, validate

if TYPE_CHECKING:
    from .ingest.importers import ImportResult
    from .report.audit import RuleOutcome
    from .report.compare import Comparison

PathLike = str | Path


@reading_inputs()
def open_inputs(
    annotations: PathLike | AnnotationSet, corpus: PathLike | Snapshot | None
) -> tuple[AnnotationSet, Snapshot | None, Inputs]:
    """Loads the annotation set and its snapshot (the one named inside it when none is given)."""
    inputs = Inputs()
    if isinstance(annotations, AnnotationSet):
        annotation_set = annotations
    else:
        with paused_collection():
            annotation_set = load_annotations(annotations)
        inputs.annotations = InputFile(
            path=str(annotations),
            sha256=sha256_file(annotations),
            name=annotation_set.name,
            version=annotation_set.version,
        )
        named = named_corpus(annotations, annotation_set) if corpus is None else None
        if named is not None:
            if not named.exists():
                assert annotation_set.corpus is not None  # it named `named`
                raise InputError(
                    Location(str(annotations), json_path="$.corpus.path"),
                    f"the corpus {annotation_set.corpus.path!r} named here does not exist",
                    "give the corpus with --corpus",
                )
            corpus = named
    snapshot: Snapshot | None
    if corpus is None or isinstance(corpus, Snapshot):
        snapshot = corpus
    else:
        with paused_collection():
            snapshot = load_snapshot(corpus)
        inputs.corpus = InputFile(
            path=str(corpus),
            sha256=sha256_file(corpus),
            snapshot_sha256=snapshot.sha256,
            documents=len(snapshot),
        )
    return annotation_set, snapshot, inputs


@reading_inputs()
def read_foreign_traces(
    path: PathLike,
    traces_format: str,
    *,
    annotations: AnnotationSet | None = None,
    query_id_from: str | None = None,
    doc_id_from: str | None = None,
    on_error: str = "fail",
    on_import: Callable[[ImportResult], None] | None = None,
) -> list[Trace]:
    """Traces from another tool's file (RAGChecker JSON, RAGAS rows, a TREC run) or a tracing
    system's export (OpenInference / Phoenix, Langfuse, LangSmith: `ingest.importers`, with
    the context rebuilt from the prompt), in memory. The keywords are the importers' (ignored
    for the other formats); `on_import` is shown what an import found (traces, stages, items
    located in the prompt, unmatched queries, problems)."""
    from .ingest import readers
    from .ingest.importers import FORMATS as IMPORT_FORMATS
    from .ingest.importers import read_traces

    if traces_format in IMPORT_FORMATS:
        imported = read_traces(
            traces_format,
            path,
            annotations=annotations,
            query_id_from=query_id_from,
            doc_id_from=doc_id_from,
            on_error="skip" if on_error == "skip" else "fail",
        )
        if on_import is not None:
            on_import(imported)
        return imported.traces()
    from .errors import Location
    from .io import build

    if traces_format == "ragchecker":
        rows = readers.from_ragchecker(str(path), system="ragchecker")["traces.jsonl"]
    elif traces_format == "ragas":
        rows = readers.from_ragas(str(path), system="ragas", annotations=annotations)["traces.jsonl"]
    elif traces_format == "trec-run":
        rows = readers.from_trec(str(path), None)["traces.jsonl"]
    else:
        raise UsageError(f"unknown traces format {traces_format!r}; use one of {', '.join(TRACE_FORMATS)}")
    return [build(Trace, row, Location(str(path), index)) for index, row in enumerate(rows, start=1)]


@reading_inputs()
def score(
    annotations: PathLike | AnnotationSet,
    traces: PathLike | Iterable[Trace],
    corpus: PathLike | Snapshot | None = None,
    *,
    traces_format: str = "jsonl",
    skip_bad_lines: bool = False,
    progress: Callable[[int], None] | None = None,
    json_out: IO[str] | None = None,
    jobs: int = 1,
    options: ScoreOptions | None = None,
    trace_import: dict[str, Any] | None = None,
    **flat_options: Any,
) -> Report:
    """Score traces against an annotation set. The options that change a number are given as
    one `ScoreOptions` (e.g. a report's `options`, to score again as it was scored) or as
    keywords (see `make_options`), not both.

    Before any trace is scored, the snapshot is checked against the annotation set: the
    SHA-256 it names, or else every span's quote (`refuse_wrong_snapshot`); and a trace whose
    items only a snapshot can resolve stops the run when there is none.

    With `json_out`, the JSON report is written there with memory that does not grow with
    the number of queries (each query's result waits in a temporary file), and the report
    returned holds the summaries only (its systems' `queries` are empty).

    `jobs` > 1 scores a JSONL traces file on that many forked processes (0: one per core);
    the report is the same for any number of jobs.

    >>> report = score("annotations/repair_zh/repair.annotations.json",
    ...                "annotations/repair_zh/repair.traces.jsonl", k=[1, 3])
    """
    chosen = score_options(options, **flat_options)
    jobs = resolve_jobs(jobs)
    ready = prepare_scoring(
        annotations,
        traces,
        corpus,
        traces_format=traces_format,
        skip_bad_lines=skip_bad_lines,
        trace_import=trace_import,
    )
    annotation_set, numbered, traces_path = ready.annotations, ready.numbered, ready.traces_path
    snapshot, inputs = ready.snapshot, ready.inputs
    spool = FileSpool() if json_out is not None else None
    try:
        report = score_traces(
            annotation_set,
            numbered,
            snapshot=snapshot,
            options=chosen,
            inputs=inputs,
            traces_path=traces_path,
            skip_bad_lines=skip_bad_lines,
            progress=progress,
            spool=spool,
            jobs=jobs,
        )
        report.inputs.traces = ready.hashed_inputs().traces
        if spool is not None and json_out is not None:
            write_json(report, spool, annotation_set, chosen, json_out)
    finally:
        if spool is not None:
            spool.close()
        clear_caches()
    return report


@reading_inputs()
def open_checked(
    annotations: PathLike | AnnotationSet, corpus: PathLike | Snapshot | None
) -> tuple[AnnotationSet, Snapshot | None, Inputs]:
    """`open_inputs`, then the snapshot checked against the annotation set (the SHA-256 it
    names, or else every span's quote) and the set checked as `validate` checks it, as before
    any trace is scored."""
    annotation_set, snapshot, inputs = open_inputs(annotations, corpus)
    where = str(annotations) if isinstance(annotations, (str, Path)) else annotation_set.name
    if snapshot is not None:
        refuse_wrong_snapshot(
            annotation_set, snapshot, where, inputs.corpus.path if inputs.corpus else "the corpus given"
        )
    refuse_invalid(annotation_set, snapshot, where)
    return annotation_set, snapshot, inputs


@dataclass(frozen=True)
class PreparedScoring:
    """What scoring starts from: the inputs loaded and checked, the trace lines to score."""

    annotations: AnnotationSet
    snapshot: Snapshot | None
    inputs: Inputs
    numbered: Iterable[tuple[int, Trace | str]]  # (line number, trace or its line's JSON text)
    traces_path: str  # what errors name: the traces file (another tool's: counting traces), or "<traces>"
    traces_file: PathLike | None  # hashed once read

    def hashed_inputs(self) -> Inputs:
        """The inputs with the traces file's SHA-256, taken once the file has been read (a
        pipe is read once: its hash is of what was scored)."""
        if self.traces_file is not None:
            self.inputs.traces = InputFile(path=str(self.traces_file), sha256=sha256_file(self.traces_file))
        return self.inputs


def prepare_scoring(
    annotations: PathLike | AnnotationSet,
    traces: PathLike | Iterable[Trace],
    corpus: PathLike | Snapshot | None = None,
    *,
    traces_format: str = "jsonl",
    skip_bad_lines: bool = False,
    trace_import: dict[str, Any] | None = None,
) -> PreparedScoring:
    """Everything `score` does before the first trace is scored (one implementation for
    `score`, partial reports and Dask): the annotation set and snapshot loaded, the snapshot
    checked against the set, another tool's traces read."""
    annotation_set, snapshot, inputs = open_checked(annotations, corpus)
    traces_file = traces if isinstance(traces, (str, Path)) else None
    if isinstance(traces, (str, Path)) and traces_format == "jsonl":
        return PreparedScoring(
            annotation_set, snapshot, inputs, iter_trace_lines(traces), str(traces), traces_file
        )
    if isinstance(traces, (str, Path)):
        traces = read_foreign_traces(
            traces,
            traces_format,
            annotations=annotation_set,
            on_error="skip" if skip_bad_lines else "fail",
            **(trace_import or {}),
        )
    numbered = ((index, trace) for index, trace in enumerate(traces, start=1))
    named = CountedPath(f"{traces_file} (--traces-format {traces_format})", "trace")
    traces_path = "<traces>" if traces_file is None else named
    return PreparedScoring(annotation_set, snapshot, inputs, numbered, traces_path, traces_file)


@reading_inputs()
def review_queue(
    annotations: PathLike,
    traces: PathLike | Iterable[Trace],
    corpus: PathLike | None = None,
    *,
    traces_format: str = "jsonl",
    **score_arguments: Any,
) -> list[dict[str, Any]]:
    """What needs a human, from traces scored as `score` scores them (same arguments, so the
    same options: the uncertain band is the report's, not a default). A query with no positive
    judgment yet (a converted draft) lists every unit its stages returned as unjudged."""
    from .review import queue

    report = score(annotations, traces, corpus, traces_format=traces_format, **score_arguments)
    annotation_set = load_annotations(annotations)
    again = {**(score_arguments.get("trace_import") or {}), "on_import": None}  # summary shown once
    scored: Iterable[Trace]
    if isinstance(traces, (str, Path)):
        scored = (
            (trace for _, trace in iter_traces(traces))
            if traces_format == "jsonl"
            else read_foreign_traces(
                traces,
                traces_format,
                annotations=annotation_set,
                on_error="skip" if score_arguments.get("skip_bad_lines") else "fail",
                **again,
            )
        )
    else:
        scored = traces
    return list(queue(report, annotation_set, scored))


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


def score_options(options: ScoreOptions | None = None, **flat_options: Any) -> ScoreOptions:
    """One `ScoreOptions`: the one given, or one made from flat keywords (`make_options`)."""
    if options is not None and flat_options:
        raise UsageError(f"give options as ScoreOptions or as keywords, not both ({', '.join(flat_options)})")
    return options if options is not None else make_options(**flat_options)


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
    with paused_collection():  # millions of small acyclic lists: nothing for it to free
        return to_html(report, texts, annotation_set)


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
# functions that read files and write one new file each; they call the functions above. With
# the scale-out functions they are imported on first use: a `score` run needs none of them.
if TYPE_CHECKING:
    from .scaleout import merge, score_partial, write_partial_file
    from .workflow import (
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

__getattr__ = lazy_exports(
    __name__,
    {
        **dict.fromkeys(["merge", "score_partial", "write_partial_file"], ".scaleout"),
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
            ".workflow",
        ),
    },
)

__all__ = [
    "AuditResult",
    "anchor_annotations",
    "apply_review",
    "audit",
    "check",
    "compare",
    "evidence_texts",
    "export_labelstudio",
    "import_labelstudio",
    "init_annotations",
    "merge",
    "migrate_annotations",
    "open_inputs",
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
