"""Merging partial reports into the report one run over all their lines would have written.

`merge_partials` is associative and commutative, with `Partial()` as identity: records are
kept in canonical order (systems by name, queries in annotation order), stages by where
they were first seen, skipped lines by position, tallies added. Merging refuses parts whose
signatures differ (naming the field) and a (system, query_id) or a line found in two parts.

Only the report is computed here, never in a shard: missing traces (the annotation set minus
every key seen), summaries and means, by the engine's own code over the digests in canonical
order, so that every floating-point sum is taken in the order one run takes it.

Part files are merged as a stream: a k-way merge over files that are each in canonical
order, twice (summaries first, then the queries as the JSON report prints them); memory
holds one record per part and the digests of one system, never the results.
"""

from __future__ import annotations

import hashlib
import heapq
import math
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path
from typing import IO, Any

from pydantic import ValidationError

from ..errors import InputError, Location, UsageError, one_line
from ..io.jsonio import iter_lines, validation_problems
from ..models import AnnotationSet
from ..models.report import QueryResult, Report, SystemReport
from ..version import __version__
from .engine import (
    CollectedSystem,
    QueryDigest,
    Shard,
    assemble_report,
    complete_result,
    empty_answers,
    spooled_text,
    system_report,
)
from .partial import Header, Partial, Position, Record, StageSeen, read_checksum, write_partial
from .spool import write_json

_REWRITE = "write the part again with `score --partial`"
_SAME_INPUTS = "merge only parts scored with the same annotation set, corpus, options and tool version"


# --- the monoid --------------------------------------------------------------------------


def combine_headers(a: Header, b: Header) -> Header:
    """The header of two partials together (UsageError, naming the field, when their
    signatures differ; InputError when a line was read by both)."""
    difference = a.signature.difference(b.signature)
    if difference is not None:
        raise UsageError(f"the partials' signatures differ in {difference}; {_SAME_INPUTS}")
    traces = {(f.path, f.sha256): f for f in (*a.traces, *b.traces)}
    skipped = sorted((*a.skipped, *b.skipped))
    for first, second in zip(skipped, skipped[1:]):
        if first == second:  # the message names the file: parts of other files may share a position
            raise InputError(
                Location(_where(first[:2])),
                "this trace line was read by two parts",
                "give each shard once; shards of one run are disjoint",
            )
    return Header(
        a.signature.joined(b.signature),
        tuple(traces[key] for key in sorted(traces)),
        _first_seen(a.stages, b.stages),
        _added(a.tallies, b.tallies),
        tuple(skipped),
        a.records + b.records,
        tuple(sorted({*a.shards, *b.shards})),
    )


def _first_seen(
    a: dict[str, dict[str, StageSeen]], b: dict[str, dict[str, StageSeen]]
) -> dict[str, dict[str, StageSeen]]:
    joined: dict[str, dict[str, StageSeen]] = {}
    for system in sorted({*a, *b}):
        mine, theirs = a.get(system, {}), b.get(system, {})
        joined[system] = {
            stage: min(seen for seen in (mine.get(stage), theirs.get(stage)) if seen is not None)
            for stage in sorted({*mine, *theirs})
        }
    return joined


def _added(a: dict[str, dict[str, int]], b: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    joined: dict[str, dict[str, int]] = {}
    for system in sorted({*a, *b}):
        mine, theirs = a.get(system, {}), b.get(system, {})
        joined[system] = {name: mine.get(name, 0) + theirs.get(name, 0) for name in sorted({*mine, *theirs})}
    return joined


def merge_partials(a: Partial, b: Partial) -> Partial:
    """a + b. A failed partial absorbs the other (the failure at the earlier line wins)."""
    if a.failure is not None or b.failure is not None:
        failures = [p.failure for p in (a, b) if p.failure is not None]
        return Partial(failure=min(failures, key=lambda failure: failure[0]))
    if a.header is None:
        return b
    if b.header is None:
        return a
    header = combine_headers(a.header, b.header)
    located = [((record, Location(_where(record.at))) for record in part.records) for part in (a, b)]
    return Partial(header, list(merged_records(located)))


def merge_all(parts: Iterable[Partial]) -> Partial:
    """The sum of any number of partials, left to right (any grouping gives the same)."""
    total = Partial()
    for part in parts:
        total = merge_partials(total, part)
    return total


class DuplicateTrace(InputError):
    """A query of a system met in two parts. `first` and `second` are the trace positions of
    its two lines, so that a caller who knows the traces files (Dask) can name them instead
    of the part files it made itself."""

    def __init__(
        self, location: Location | str, system: str, query_id: str, first: Position, second: Position
    ):
        self.system, self.query_id, self.first, self.second = system, query_id, first, second
        super().__init__(
            location,
            f"query {query_id!r} of system {system!r} is also in another part (at {_where(first)})",
            "give each shard once: one trace per query per system across all parts",
        )

    def __reduce__(self) -> Any:
        return DuplicateTrace, (self.location, self.system, self.query_id, self.first, self.second)

    def in_traces(self, files: Sequence[str]) -> InputError:
        """Worded as `score` words a second trace, naming the traces files."""
        first_file, second_file = files[self.first[0]], files[self.second[0]]
        first = f"line {self.first[1]}" + ("" if first_file == second_file else f" of {first_file}")
        return InputError(
            Location(second_file, self.second[1]),
            f"second trace for query {self.query_id!r} of system {self.system!r} (first on {first})",
            "keep one line per query per system",
        )


def merged_records(streams: Sequence[Iterable[tuple[Record, Location]]]) -> Iterator[Record]:
    """A k-way merge of record streams, each in canonical order; a key met twice is refused."""
    previous: tuple[Record, Location] | None = None
    for current in heapq.merge(*streams, key=lambda located: located[0].key):
        if previous is not None and previous[0].key == current[0].key:
            record = current[0]
            first, second = sorted((previous[0].at, record.at))
            raise DuplicateTrace(current[1], record.system, record.query_id, first, second)
        previous = current
        yield current[0]


def _where(at: Position) -> str:
    source, line = at
    return f"traces line {line}" + (f" of source {source}" if source else "")


# --- the report --------------------------------------------------------------------------


def report_of(partial: Partial, annotations: AnnotationSet) -> Report:
    """The full report (every query's result) of a merged partial."""
    header = _usable(partial)
    report = summary_report(header, lambda: iter(partial.records), annotations)
    results: dict[str, dict[str, QueryResult]] = {}
    for record in partial.records:
        result = QueryResult.model_validate_json(record.text)
        results.setdefault(record.system, {})[record.query_id] = result
    options = header.signature.options
    for system in report.systems:
        stage_names = list(system.summary.retrieval)
        found = results.get(system.system, {})
        empty = empty_answers(system.summary.scored_traces, system.summary.traces_without_answer)
        system.queries = [
            complete_result(found.get(query.query_id), query, stage_names, options, empty)
            for query in annotations.queries
        ]
    return report


def write_report_json(
    header: Header, records: Callable[[], Iterator[Record]], annotations: AnnotationSet, out: IO[str]
) -> Report:
    """The JSON report of merged records, streamed to `out` (the same bytes as the full
    report's JSON); returns the report with summaries only."""
    report = summary_report(header, records, annotations)
    write_json(report, _InOrder(records()), annotations, header.signature.options, out)
    return report


def summary_report(
    header: Header, records: Callable[[], Iterator[Record]], annotations: AnnotationSet
) -> Report:
    """The report of merged records with every summary and no query (`queries` empty):
    one pass over the records, holding the digests of one system at a time."""
    if header.signature.tool_version != __version__:
        raise UsageError(
            f"the partials were scored by evidence_eval {header.signature.tool_version}, "
            f"this is {__version__}: merge them with the version that scored them"
        )
    options = header.signature.options
    systems: list[SystemReport] = []
    for name, group in groupby(records(), key=lambda record: record.system):
        if name not in header.stages:
            problem = f"system {name!r} has records but no header entry"
            raise InputError(Location("<partials>"), problem, _REWRITE)
        system = CollectedSystem(name, stage_names=header.stage_names(name))
        for record in group:
            _check_query(record, annotations)
            system.digests[record.query_id] = record.digest
            system.lines[record.query_id] = record.at[1]
        systems.append(system_report(system, annotations, options))
    if not systems:
        skipped = [message for *_, message in header.skipped]
        inputs = header.inputs()
        raise InputError(
            Location(inputs.traces.path if inputs.traces else "<partials>"),
            f"no trace line left to score ({len(skipped)} skipped; the first: {skipped[0]})"
            if skipped
            else "no trace lines to score",
            "fix the trace lines; no report was written",
        )
    skipped_messages = [message for *_, message in header.skipped]
    return assemble_report(header.signature.parts, options, header.inputs(), skipped_messages, systems)


def refuse_missing_shards(header: Header) -> None:
    """The shards of a traces file must cover every line: a line no part holds would read as
    a missing trace. Shards may mix counts (0/2 with 1/4 and 3/4): a line number's residue
    modulo the least common multiple of the counts must fall in some shard."""
    if not header.shards:
        return
    if len(header.traces) > 1:
        raise UsageError(
            "the parts hold shards of several traces files: merge the shards of one traces file "
            "at a time (or allow missing shards)"
        )
    shards = [Shard.parse(name) for name in header.shards]
    period = math.lcm(*(shard.count for shard in shards))
    if period > _MAX_PERIOD:
        raise UsageError(
            f"shards of {len(set(s.count for s in shards))} different counts (period {period}): "
            "shard every part with the same N (or allow missing shards)"
        )
    uncovered = [r for r in range(period) if not any(r % s.count == s.index for s in shards)]
    if uncovered:
        lines = ", ".join(str(r + 1) for r in uncovered[:5]) + (", ..." if len(uncovered) > 5 else "")
        where = header.traces[0].path if header.traces else "the traces"
        raise UsageError(
            f"the shards of {where} leave lines {lines} (modulo {period}) in no part: their traces "
            "would count as missing; merge every shard (or allow missing shards)"
        )


_MAX_PERIOD = 1 << 16  # residues checked one by one: enough for any practical mix of counts


def _check_query(record: Record, annotations: AnnotationSet) -> None:
    queries = annotations.queries
    if not (0 <= record.index < len(queries) and queries[record.index].query_id == record.query_id):
        raise InputError(
            Location(_where(record.at)),
            f"query {record.query_id!r} is not query {record.index} of annotation set "
            f"{annotations.name}@{annotations.version}",
            "merge with the annotation set the parts were scored against",
        )


def _usable(partial: Partial) -> Header:
    if partial.failure is not None:
        raise partial.failure[1]
    if partial.header is None:
        raise UsageError("nothing to merge: no partial was given")
    return partial.header


class _InOrder:
    """Merged records handed to `write_json`, which asks for them in canonical order."""

    def __init__(self, records: Iterator[Record]):
        self._records = records
        self._next = next(records, None)

    def get(self, system: str, query_id: str) -> tuple[str, tuple[str, ...]] | None:
        record = self._next
        if record is None or record.system != system or record.query_id != query_id:
            return None
        self._next = next(self._records, None)
        return record.text, tuple(record.digest.retrieval)


# --- part files --------------------------------------------------------------------------


@dataclass(frozen=True)
class PartFile:
    """A partial report on disk: its header read and the whole file checked once (its
    checksum, every record against its own result), its records read on demand."""

    path: str
    header: Header

    @classmethod
    def open(cls, path: str | Path) -> PartFile:
        for line, text in iter_lines(path):
            part = cls(str(path), Header.from_line(text, Location(str(path), line)))
            part._check()
            return part
        raise InputError(Location(str(path)), "the part is empty", "write it again with `score --partial`")

    def records(
        self, checksum: Any = None, written: list[str] | None = None
    ) -> Iterator[tuple[Record, Location]]:
        """The records, in canonical order, as many as the header says. Given a hashlib
        object, every line before the checksum line goes into `checksum`, and the checksum
        line's digest into `written`."""
        count = 0
        previous: tuple[str, int] | None = None
        end: str | None = None
        for line, text in iter_lines(self.path):
            if end is not None:
                raise InputError(Location(self.path, line), "a line after the checksum line", _REWRITE)
            if line > 1 and (end := read_checksum(text)) is not None:
                if written is not None:
                    written.append(end)
                continue
            if checksum is not None:
                checksum.update(text.encode("utf-8"))
            if line == 1:
                continue  # the header
            where = Location(self.path, line)
            record = Record.from_line(text, where)
            if previous is not None and record.key <= previous:
                raise InputError(where, "records out of canonical order", _REWRITE)
            previous = record.key
            count += 1
            yield record, where
        if count != self.header.records:
            raise InputError(
                Location(self.path),
                f"the header promises {self.header.records} records, the file has {count}: it is cut short",
                _REWRITE,
            )

    def _check(self) -> None:
        """The part as `score --partial` wrote it: each record's digest and text those of the
        result it holds, and its last line the checksum of every line before it (a part cut
        short, with a flipped bit or edited by hand is refused, named)."""
        checksum, written = hashlib.sha256(), list[str]()
        for record, where in self.records(checksum, written):
            _check_record(record, where)
        if not written:
            raise InputError(Location(self.path), "no checksum line at its end: it is cut short", _REWRITE)
        if written[0] != checksum.hexdigest():
            raise InputError(
                Location(self.path),
                "its lines do not match its checksum: damaged or edited since `score --partial` wrote it",
                _REWRITE,
            )


def _check_record(record: Record, where: Location) -> None:
    """A record's text is its result as the report prints it, and its digest that result's
    (the summary is computed from the digests, the per-query verdicts printed from the text)."""
    try:
        result = QueryResult.model_validate_json(record.text)
    except ValidationError as exc:
        path, message = validation_problems(exc)[0]
        problem = one_line(f"its result is not a query result ({path}: {message})")
        raise InputError(where, problem, _REWRITE) from None
    if result.query_id != record.query_id or QueryDigest.of(result) != record.digest:
        raise InputError(where, "its summary digest disagrees with its result", _REWRITE)
    if spooled_text(result) != record.text:
        raise InputError(where, "its result is not written as `score --partial` writes it", _REWRITE)


def merged_header(parts: Sequence[PartFile]) -> Header:
    """The parts' headers combined; a part whose signature differs is named."""
    if not parts:
        raise UsageError("nothing to merge: give at least one part")
    header = parts[0].header
    for part in parts[1:]:
        difference = header.signature.difference(part.header.signature)
        if difference is not None:
            raise InputError(
                Location(part.path, 1),
                f"its signature differs from {parts[0].path}'s in {difference}",
                _SAME_INPUTS,
            )
        header = combine_headers(header, part.header)
    return header


def merge_files(
    paths: Sequence[str | Path], annotations: AnnotationSet, *, json_out: IO[str] | None = None
) -> Report:
    """Part files -> the report. With `json_out`, the JSON report is streamed there and the
    report returned holds the summaries only; without it, the full report is built in memory.
    More than `MAX_OPEN` parts are first merged, that many at a time, into temporary part
    files (a k-way merge holds every part open)."""
    parts = [PartFile.open(path) for path in paths]
    header = merged_header(parts)  # every refusal before any work
    with tempfile.TemporaryDirectory(prefix="evidence-eval-merge-") as folder:
        while len(parts) > MAX_OPEN:
            parts = [_merged_part(parts[i : i + MAX_OPEN], folder) for i in range(0, len(parts), MAX_OPEN)]

        def records() -> Iterator[Record]:
            return merged_records([part.records() for part in parts])

        if json_out is not None:
            return write_report_json(header, records, annotations, json_out)
        return report_of(Partial(header, list(records())), annotations)


MAX_OPEN = 256  # part files open at once in one k-way merge


def _merged_part(parts: Sequence[PartFile], folder: str) -> PartFile:
    handle, path = tempfile.mkstemp(suffix=".jsonl", dir=folder)
    with open(handle, "w", encoding="utf-8") as out:
        merge_into_part([part.path for part in parts], out)
    return PartFile.open(path)


def merge_into_part(paths: Sequence[str | Path], out: IO[str]) -> Header:
    """Part files -> one part file (the monoid on disk: a step of a tree reduction whose
    partials never pass through memory). Streams; returns the header written."""
    parts = [PartFile.open(path) for path in paths]
    header = merged_header(parts)
    write_partial(header, merged_records([part.records() for part in parts]), out)
    return header


def annotations_of(header: Header) -> str:
    """The annotation file a part was scored against, as recorded (checked by hash on load)."""
    if header.signature.annotations is None:
        raise UsageError("the parts were scored from an annotation set in memory: give the annotation set")
    return header.signature.annotations.path
