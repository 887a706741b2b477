"""Scoring on a Dask cluster: the optional extra `evidence_eval[dask]`.

    from distributed import Client
    import evidence_eval.scoring.dask
    report = evidence_eval.scoring.dask.score("traces/*.jsonl", "set.annotations.json", client=Client("tcp://scheduler:8786"))

Each worker loads the annotation set, the snapshot and the language pipelines once (a
`WorkerPlugin`); each partition of `partition_size` trace lines is scored into a partial
report on a worker; partials are added up on the workers by a tree reduction with the same
merge as `evidence-eval merge`; the client turns the sum into the report. The report is
byte-identical to `evidence_eval.score` over the same lines (one file, or a list of traces
models), whatever the partitions and the number of workers.

Trace files are read by the workers at the path given, so they must see the same files as
the client (a shared or network file system); positions are (file's place in the list,
line). Use processes with one thread each (`LocalCluster(n_workers=N, threads_per_worker=1)`):
the scorer is pure Python, threads only wait for one another.
"""

from __future__ import annotations

import copy
import glob
import hashlib
import json
import uuid
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from ..errors import EvidenceEvalError, InputError, Location, UsageError
from ..io.output import PathLike
from ..io.source import reading_inputs
from ..models import AnnotationSet, Snapshot, Trace
from ..models.options import ScoreOptions, score_options
from ..models.report import InputFile, Inputs, Report
from ..version import __version__
from .engine import TraceScorer, collect_traces
from .merge import DuplicateTrace, merge_all, merge_files, merge_into_part, report_of
from .partial import Partial, Position, partial_of
from .run import open_checked

if TYPE_CHECKING:
    from distributed import Client, Future
    from distributed import WorkerPlugin as _PluginBase
else:
    try:
        from distributed import WorkerPlugin as _PluginBase
    except ImportError:  # the extra is absent: `score` says what to install
        _PluginBase = object

_EXTRA = "pip install 'evidence_eval[dask]'"


@reading_inputs()
def score(
    traces: PathLike | Sequence[PathLike] | Any,
    annotations: PathLike | AnnotationSet,
    corpus: PathLike | Snapshot | None = None,
    *,
    client: Client | None = None,
    partition_size: int = 2000,
    split_every: int = 8,
    skip_bad_lines: bool = False,
    json_out: IO[str] | None = None,
    parts_dir: PathLike | None = None,
    options: ScoreOptions | None = None,
    **flat_options: Any,
) -> Report:
    """`evidence_eval.score` on a Dask cluster. `traces`: a path, a glob ('runs/*.jsonl',
    files in sorted order), a list of paths, or a `dask.bag.Bag` of trace lines (JSON text),
    traces models or dicts, numbered 1, 2, ... in bag order. `client`: the cluster's
    `distributed.Client` (default: the current one). Options as for `score`.

    By default the partials travel to the client, which holds the full report. With
    `json_out` and `parts_dir` (a folder that the workers and the client both see), each
    partition writes a part file there, the workers merge part files into part files, and
    the client streams the last one into the JSON report: no process holds more than a
    partition's results; the report returned then has the summaries only."""
    distributed = _require_distributed()
    if partition_size < 1 or split_every < 2:
        raise UsageError(f"partition_size {partition_size} / split_every {split_every}: give >= 1 / >= 2")
    if json_out is not None and parts_dir is None:
        raise UsageError("json_out needs parts_dir: a folder that the workers and this process both see")
    client = client if client is not None else _current_client(distributed)
    chosen = score_options(options, **flat_options)
    annotation_set, snapshot, inputs = open_checked(annotations, corpus)
    loader = _Loader(
        _worker_copy(annotations, annotation_set),
        _worker_copy(inputs.corpus.path if inputs.corpus else None, snapshot),
        chosen,
    )
    folder = None if parts_dir is None else str(Path(parts_dir).resolve())
    files = ["<traces>"] if _is_bag(traces) else _trace_files(traces)
    plugin = _LoadOnce(loader)
    client.register_plugin(plugin, name=plugin.name)
    try:
        if _is_bag(traces):
            partials = _bag_partials(client, traces, loader, inputs, skip_bad_lines, folder)
        else:
            partials = _file_partials(client, files, loader, inputs, partition_size, skip_bad_lines, folder)
        sums = client.gather(_tree_sum(client, partials, split_every, folder))
        if folder is not None:
            return _streamed(sums, annotation_set, json_out)
    except DuplicateTrace as duplicate:  # the part files are ours: name the traces lines
        raise duplicate.in_traces(files) from None
    finally:
        client.unregister_worker_plugin(plugin.name)
    total: Partial = sums[0]
    if total.failure is not None:
        raise total.failure[1]
    if total.header is None:
        raise InputError(Location("<traces>"), "no trace lines to score", "give at least one trace line")
    return report_of(total, annotation_set)


# --- what each worker loads once ---------------------------------------------------------


@dataclass(frozen=True)
class _Loader:
    """What a worker needs to build the scorer: paths (read on the worker) or models."""

    annotations: str | AnnotationSet
    corpus: str | Snapshot | None
    options: ScoreOptions

    @property
    def token(self) -> str:
        named = [
            item if isinstance(item, (str, type(None))) else f"{type(item).__name__}@{id(item)}"
            for item in (self.annotations, self.corpus)
        ]
        text = json.dumps([__version__, *named, self.options.model_dump(mode="json")])
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def scorer(self) -> TraceScorer:
        from ..io import load_annotations, load_snapshot
        from .heap import paused_collection

        with paused_collection():
            annotations = (
                self.annotations
                if isinstance(self.annotations, AnnotationSet)
                else load_annotations(self.annotations)
            )
            snapshot = load_snapshot(self.corpus) if isinstance(self.corpus, str) else self.corpus
        scorer = TraceScorer(annotations, snapshot, self.options, "<traces>", spooling=False)
        LOADS[self.token] = LOADS.get(self.token, 0) + 1
        scorer.segmenter.language  # noqa: B018 - the segmenter is built here, not in the first task
        return scorer


_SCORERS: dict[str, TraceScorer] = {}  # in each worker: token -> scorer
LOADS: dict[str, int] = {}  # in each worker: token -> times the inputs were loaded (1)


def _scorer(loader: _Loader, traces_path: str) -> TraceScorer:
    scorer = _SCORERS.get(loader.token)
    if scorer is None:  # a worker that joined without the plugin: load here, once
        scorer = _SCORERS[loader.token] = loader.scorer()
    copied = copy.copy(scorer)
    copied.traces_path = traces_path
    return copied


class _LoadOnce(_PluginBase):
    """The worker plugin: builds the scorer when a worker starts (or joins), drops it at the end."""

    idempotent = False

    def __init__(self, loader: _Loader):
        self.loader = loader
        self.name = f"evidence-eval-{loader.token}"

    def setup(self, worker: Any) -> None:
        if self.loader.token not in _SCORERS:
            _SCORERS[self.loader.token] = self.loader.scorer()

    def teardown(self, worker: Any) -> None:
        _SCORERS.pop(self.loader.token, None)


def _worker_copy(path: PathLike | AnnotationSet | Snapshot | None, loaded: Any) -> Any:
    """A path as workers can open it (absolute), or the model itself when it was given so."""
    if isinstance(path, (str, Path)):
        return str(Path(path).resolve())
    return loaded


# --- partitions --------------------------------------------------------------------------


@dataclass(frozen=True)
class _Lines:
    """`count` physical lines of a traces file from byte `offset`, the first numbered `first`."""

    source: int
    path: str  # as given: in messages and in the report
    read_path: str  # as a worker opens it
    offset: int
    first: int
    count: int


def _trace_files(traces: PathLike | Sequence[PathLike]) -> list[str]:
    if isinstance(traces, (str, Path)):
        text = str(traces)
        if glob.has_magic(text):
            found = sorted(glob.glob(text))
            if not found:
                raise InputError(Location(text), "no file matches this pattern", "check the traces glob")
            return found
        return [text]
    return [str(path) for path in traces]


def _line_blocks(source: int, path: str, size: int) -> list[_Lines]:
    """The file cut every `size` physical lines (one pass, reading bytes)."""
    from ..io import iter_trace_lines

    blocks: list[_Lines] = []
    read_path = str(Path(path).resolve())
    offset = start = 0
    line = 0
    any_text = False
    try:
        with open(read_path, "rb") as handle:
            for raw in handle:
                line += 1
                any_text = any_text or bool(raw.strip())
                if line % size == 0:
                    blocks.append(_Lines(source, path, read_path, start, line - size + 1, size))
                    start = offset + len(raw)
                offset += len(raw)
    except OSError:
        next(iter_trace_lines(path))  # raises the loader's own message for a missing file
        raise
    if line % size:
        blocks.append(_Lines(source, path, read_path, start, line - line % size + 1, line % size))
    if not any_text:
        next(iter_trace_lines(path), None)  # an empty file: the loader's refusal
    return blocks


def _file_partials(
    client: Client,
    paths: list[str],
    loader: _Loader,
    inputs: Inputs,
    partition_size: int,
    skip_bad_lines: bool,
    folder: str | None,
) -> list[Future]:
    from ..io import sha256_file

    futures = []
    for source, path in enumerate(paths):
        file_inputs = inputs.model_copy(update={"traces": InputFile(path=path, sha256=sha256_file(path))})
        for block in _line_blocks(source, path, partition_size):
            futures.append(
                client.submit(_score_lines, loader, block, file_inputs, skip_bad_lines, folder, pure=False)
            )
    return futures


def _score_lines(
    loader: _Loader, block: _Lines, inputs: Inputs, skip_bad_lines: bool, folder: str | None
) -> Partial | _OnDisk:
    """On a worker: one block of a traces file -> its partial (or the first problem met),
    written to `folder` when one is given."""
    scorer = _scorer(loader, block.path)
    partial = _partial(scorer, _read_block(block), inputs, block.source, block.first, skip_bad_lines)
    return partial if folder is None else _on_disk(partial, folder)


def _read_block(block: _Lines) -> Iterator[tuple[int, str]]:
    """(line number, text) of the block's non-blank lines, decoded as `io.iter_lines` does."""
    with open(block.read_path, "rb") as handle:
        handle.seek(block.offset)
        for number in range(block.first, block.first + block.count):
            raw = handle.readline()
            try:
                text = raw.decode("utf-8-sig" if number == 1 else "utf-8")
            except UnicodeDecodeError as exc:
                problem = f"invalid UTF-8 at byte {exc.start}"
                raise InputError(Location(block.path, number), problem, "save the file as UTF-8") from None
            if text.strip():
                yield number, text


def _partial(
    scorer: TraceScorer,
    numbered: Iterable[tuple[int, Trace | str]],
    inputs: Inputs,
    source: int,
    first: int,
    skip_bad_lines: bool,
) -> Partial:
    try:
        collected = collect_traces(scorer, numbered, skip_bad_lines=skip_bad_lines)
    except EvidenceEvalError as problem:
        location = getattr(problem, "location", None)
        line = location.line if isinstance(location, Location) and location.line is not None else first
        return Partial.failed((source, line), problem)
    if not collected.systems and not collected.skipped:
        return Partial()
    return partial_of(scorer, collected, inputs, source=source)


def _is_bag(traces: Any) -> bool:
    try:
        from dask.bag import Bag
    except ImportError:  # pragma: no cover - the extra installs both
        return False
    return isinstance(traces, Bag)


def _bag_partials(
    client: Client, bag: Any, loader: _Loader, inputs: Inputs, skip_bad_lines: bool, folder: str | None
) -> list[Future]:
    """Each partition of the bag numbered after the ones before it (their lengths first)."""
    persisted = client.persist(bag)
    parts = persisted.to_delayed()
    lengths = client.gather(client.compute([_delayed(_count)(part) for part in parts]))
    futures, first = [], 1
    for part, length in zip(parts, lengths):
        scored = _delayed(_score_items)(loader, part, first, inputs, skip_bad_lines, folder)
        futures.append(client.compute(scored))
        first += length
    return futures


def _delayed(function: Any) -> Any:
    from dask import delayed

    return delayed(function, pure=False)


def _count(items: Iterable[Any]) -> int:
    return sum(1 for _ in items)


def _score_items(
    loader: _Loader,
    items: Iterable[Any],
    first: int,
    inputs: Inputs,
    skip_bad_lines: bool,
    folder: str | None,
) -> Partial | _OnDisk:
    """On a worker: a bag partition (JSON lines, traces or dicts) -> its partial."""
    numbered = [(first + i, _trace_or_text(item)) for i, item in enumerate(items)]
    scorer = _scorer(loader, "<traces>")
    partial = _partial(scorer, numbered, inputs.model_copy(update={"traces": None}), 0, first, skip_bad_lines)
    return partial if folder is None else _on_disk(partial, folder)


def _trace_or_text(item: Any) -> Trace | str:
    if isinstance(item, (Trace, str)):
        return item
    return json.dumps(item, ensure_ascii=False)  # parsed (and refused, with its line) by the scorer


# --- the tree reduction ------------------------------------------------------------------


def _sum(*partials: Partial) -> Partial:
    return merge_all(partials)


def _tree_sum(client: Client, futures: list[Future], split_every: int, folder: str | None) -> list[Future]:
    """Partials added up on the workers, `split_every` at a time, until one is left; part
    files until at most `split_every` are left (the client's streamed merge reads those
    directly: one pass over the records less)."""
    if not futures:
        return [client.submit(Partial if folder is None else _OnDisk, pure=False)]
    add, left = (_sum, 1) if folder is None else (_sum_on_disk, split_every)
    while len(futures) > left:
        futures = [
            client.submit(add, *futures[i : i + split_every], pure=False)
            for i in range(0, len(futures), split_every)
        ]
    return futures


@dataclass(frozen=True)
class _OnDisk:
    """A partial written to a part file (None: the empty partial), or the first problem met."""

    path: str | None = None
    failure: tuple[Position, EvidenceEvalError] | None = None


def _on_disk(partial: Partial, folder: str) -> _OnDisk:
    if partial.failure is not None:
        return _OnDisk(failure=partial.failure)
    if partial.header is None:
        return _OnDisk()
    path = Path(folder) / f"part-{uuid.uuid4().hex}.jsonl"
    with path.open("w", encoding="utf-8") as out:
        partial.write(out)
    return _OnDisk(str(path))


def _sum_on_disk(*parts: _OnDisk) -> _OnDisk:
    """On a worker: part files -> one part file beside them (the inputs are removed)."""
    failures = [part.failure for part in parts if part.failure is not None]
    paths = [part.path for part in parts if part.path is not None]
    if failures or len(paths) <= 1:
        _remove(paths if failures else [])
        if failures:
            return _OnDisk(failure=min(failures, key=lambda failure: failure[0]))
        return _OnDisk(paths[0] if paths else None)
    path = Path(paths[0]).with_name(f"part-{uuid.uuid4().hex}.jsonl")
    with path.open("w", encoding="utf-8") as out:
        merge_into_part(paths, out)
    _remove(paths)
    return _OnDisk(str(path))


def _remove(paths: Iterable[str]) -> None:
    for path in paths:
        Path(path).unlink(missing_ok=True)


def _streamed(parts: list[_OnDisk], annotations: AnnotationSet, json_out: IO[str] | None) -> Report:
    """The last part files -> the JSON report on `json_out` (summaries returned)."""
    paths = [part.path for part in parts if part.path is not None]
    failures = [part.failure for part in parts if part.failure is not None]
    try:
        if failures:
            raise min(failures, key=lambda failure: failure[0])[1]
        if not paths:
            raise InputError(Location("<traces>"), "no trace lines to score", "give at least one trace line")
        if json_out is None:
            return merge_files(paths, annotations)
        return merge_files(paths, annotations, json_out=json_out)
    finally:
        _remove(paths)


# --- the optional extra ------------------------------------------------------------------


def _require_distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise UsageError(f"evidence_eval.dask needs Dask's distributed scheduler: {_EXTRA}") from None
    return distributed


def _current_client(distributed: Any) -> Client:
    try:
        return distributed.default_client()
    except ValueError:
        raise UsageError(
            "no Dask client: pass client=distributed.Client(...) (an existing cluster's address, "
            "or a LocalCluster(n_workers=2, threads_per_worker=1))"
        ) from None
