"""Scoring past one machine: partial reports of shards, and merging them (the functions the
CLI's `score --partial`, `score --shard` and `merge` call). A partial is what a shard of the
trace lines contributes (`scoring.partial`); `merge` makes of any set of partials the report
one `score` over all their lines would have made, byte for byte (`scoring.merge`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from ..errors import InputError, Location, UsageError
from ..io.output import PathLike
from ..io.source import reading_inputs
from ..models import AnnotationSet, Snapshot, Trace
from ..models.options import ScoreOptions, score_options
from ..models.report import Inputs, Report
from .engine import Collected, Shard, TraceScorer, collect_traces
from .merge import (
    PartFile,
    annotations_of,
    merge_all,
    merge_files,
    merged_header,
    refuse_missing_shards,
    report_of,
)
from .partial import Header, Partial, partial_header, partial_of, partial_records, write_partial
from .run import PreparedScoring, prepare_scoring
from .spool import FileSpool
from .workers import resolve_jobs


@reading_inputs()
def score_partial(
    annotations: PathLike | AnnotationSet,
    traces: PathLike | Iterable[Trace],
    corpus: PathLike | Snapshot | None = None,
    *,
    shard: str | Shard | None = None,
    source: int = 0,
    traces_format: str = "jsonl",
    skip_bad_lines: bool = False,
    progress: Callable[[int], None] | None = None,
    jobs: int = 1,
    options: ScoreOptions | None = None,
    trace_import: dict[str, Any] | None = None,
    **flat_options: Any,
) -> Partial:
    """What the traces (the lines of `shard`, 'I/N': line number - 1 mod N == I) contribute
    to a report, in memory. Same arguments as `score`; `source` numbers the traces file when
    one run reads several (the position of a line is (source, line))."""
    ready = _prepared(
        annotations,
        traces,
        corpus,
        shard,
        traces_format,
        options,
        flat_options,
        skip_bad_lines=skip_bad_lines,
        trace_import=trace_import,
    )
    collected = collect_traces(
        ready.scorer,
        ready.numbered,
        skip_bad_lines=skip_bad_lines,
        progress=progress,
        jobs=resolve_jobs(jobs),
        shard=ready.shard,
    )
    return partial_of(
        ready.scorer, collected, ready.hashed_inputs(), source=source, shard=_shard_name(ready.shard)
    )


@reading_inputs()
def write_partial_file(
    annotations: PathLike | AnnotationSet,
    traces: PathLike | Iterable[Trace],
    out: IO[str],
    corpus: PathLike | Snapshot | None = None,
    *,
    shard: str | Shard | None = None,
    source: int = 0,
    traces_format: str = "jsonl",
    skip_bad_lines: bool = False,
    progress: Callable[[int], None] | None = None,
    jobs: int = 1,
    options: ScoreOptions | None = None,
    trace_import: dict[str, Any] | None = None,
    **flat_options: Any,
) -> Header:
    """`score_partial` written to `out` (`score --partial`), with memory that does not grow
    with the results: they wait in a temporary file, as for a streamed JSON report."""
    ready = _prepared(
        annotations,
        traces,
        corpus,
        shard,
        traces_format,
        options,
        flat_options,
        skip_bad_lines=skip_bad_lines,
        trace_import=trace_import,
        spooling=True,
    )
    spool = FileSpool()
    try:
        collected: Collected = collect_traces(
            ready.scorer,
            ready.numbered,
            skip_bad_lines=skip_bad_lines,
            progress=progress,
            spool=spool,
            jobs=resolve_jobs(jobs),
            shard=ready.shard,
        )
        header = partial_header(
            ready.scorer, collected, ready.hashed_inputs(), source=source, shard=_shard_name(ready.shard)
        )
        write_partial(
            header, partial_records(ready.scorer.annotations, collected, source=source, spooled=spool), out
        )
    finally:
        spool.close()
    return header


@reading_inputs()
def merge(
    parts: Sequence[PathLike | Partial],
    *,
    annotations: PathLike | AnnotationSet | None = None,
    json_out: IO[str] | None = None,
    allow_missing_shards: bool = False,
) -> Report:
    """The report of every part together (part files or partials in memory): byte for byte
    the report of one `score` over all their lines. The annotation set is the one the parts
    name (checked by hash), or `annotations`. With `json_out` (part files only), the JSON
    report is streamed there and the report returned holds the summaries only.

    Parts that are shards `I/N` of one traces file must be all N (a missing shard would
    read as missing traces) unless `allow_missing_shards`."""
    files = [part for part in parts if not isinstance(part, Partial)]
    in_memory = [part for part in parts if isinstance(part, Partial)]
    if files and not in_memory:
        opened = [PartFile.open(path) for path in files]
        header = merged_header(opened)
        if not allow_missing_shards:
            refuse_missing_shards(header)
        annotation_set = _annotation_set(annotations, header)
        return merge_files([part.path for part in opened], annotation_set, json_out=json_out)
    if json_out is not None:
        raise UsageError("json_out streams part files only; give paths, or render the report returned")
    total = merge_all([*in_memory, *(_read_partial(path) for path in files)])
    if total.failure is not None:
        raise total.failure[1]
    if total.header is None:
        raise UsageError("nothing to merge: no partial was given")
    if not allow_missing_shards:
        refuse_missing_shards(total.header)
    return report_of(total, _annotation_set(annotations, total.header))


def _read_partial(path: PathLike) -> Partial:
    part = PartFile.open(path)
    return Partial(part.header, [record for record, _ in part.records()])


def _annotation_set(given: PathLike | AnnotationSet | None, header: Header) -> AnnotationSet:
    """The annotation set to merge against (no corpus: merging reads none), checked by hash."""
    from ..io import load_annotations, sha256_file
    from .heap import paused_collection

    if isinstance(given, AnnotationSet):
        return given
    path = given if given is not None else annotations_of(header)
    if given is None and not Path(path).is_file():
        raise InputError(
            Location(str(path)),
            "the annotation set the parts were scored against is not at the path they name",
            "give it with --annotations",
        )
    expected = header.signature.annotations
    found = sha256_file(path)
    if expected is not None and found != expected.sha256:
        raise InputError(
            Location(str(path)),
            f"this annotation set (sha256 {found[:12]}) is not the one the parts were scored "
            f"against ({expected.sha256[:12]}, {expected.path})",
            "give the annotation set the parts were scored against",
        )
    with paused_collection():
        return load_annotations(path)


@dataclass
class _Prepared:
    scorer: TraceScorer
    ready: PreparedScoring
    shard: Shard | None

    @property
    def numbered(self) -> Iterable[tuple[int, Trace | str]]:
        return self.ready.numbered

    def hashed_inputs(self) -> Inputs:
        return self.ready.hashed_inputs()


def _prepared(
    annotations: PathLike | AnnotationSet,
    traces: PathLike | Iterable[Trace],
    corpus: PathLike | Snapshot | None,
    shard: str | Shard | None,
    traces_format: str,
    options: ScoreOptions | None,
    flat_options: dict[str, Any],
    *,
    skip_bad_lines: bool,
    trace_import: dict[str, Any] | None,
    spooling: bool = False,
) -> _Prepared:
    """What `score` does before scoring (`prepare_scoring`), for one shard."""

    chosen = score_options(options, **flat_options)
    chosen_shard = Shard.parse(shard) if isinstance(shard, str) else shard
    ready = prepare_scoring(
        annotations,
        traces,
        corpus,
        traces_format=traces_format,
        skip_bad_lines=skip_bad_lines,
        trace_import=trace_import,
    )
    scorer = TraceScorer(ready.annotations, ready.snapshot, chosen, ready.traces_path, spooling=spooling)
    return _Prepared(scorer, ready, chosen_shard)


def _shard_name(shard: Shard | None) -> str | None:
    return None if shard is None else str(shard)
