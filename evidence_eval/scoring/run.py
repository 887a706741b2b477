"""One scoring run on this machine: the annotation set and snapshot opened and checked, the
traces read (`prepare_scoring`: what every run does before its first trace, shards and Dask
included), then `score`."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from ..errors import CountedPath, InputError, Location
from ..ingest.traces import read_foreign_traces
from ..ingest.validate import refuse_invalid, refuse_wrong_snapshot
from ..io import iter_trace_lines, load_annotations, load_snapshot, named_corpus, reading_inputs, sha256_file
from ..io.output import PathLike
from ..lang.compiled import save_all as save_pattern_codes
from ..models import AnnotationSet, Snapshot, Trace
from ..models.options import ScoreOptions, score_options
from ..models.report import InputFile, Inputs, Report
from .caches import clear_caches
from .engine import score_traces
from .heap import frozen_heap, paused_collection
from .spool import FileSpool, write_json
from .workers import resolve_jobs


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
    with frozen_heap():  # the inputs and pipelines, once built, never walked by the collector
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
            save_pattern_codes()  # those compiled on first use, for the next run
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
