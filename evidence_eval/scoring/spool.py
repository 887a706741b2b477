"""Writing a JSON report without holding every query's result in memory.

Scoring hands each query's full result to a `FileSpool` (indented JSON in a temporary file)
and keeps only digests; the writer then emits the same bytes as
`Report.model_dump_json(indent=2)` would, reading the results back one at a time in
annotation order. A test pins the two paths byte-identical.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import IO, Protocol

from ..models import AnnotationSet
from ..models.options import ScoreOptions
from ..models.report import QueryResult, Report
from .engine import complete_result, empty_answers, spooled_text

_EMPTY_QUERIES = '"queries": []'


class SpooledResults(Protocol):
    """Where `write_json` reads each query's result back: its text as the report prints it
    and the stages of its trace, or None when the system has no trace for that query. Asked
    in report order (systems by name, queries in annotation order)."""

    def get(self, system: str, query_id: str) -> tuple[str, tuple[str, ...]] | None: ...


class FileSpool:
    """Per-query results of each system, as the report will print them, in a temporary file."""

    def __init__(self, folder: str | Path | None = None):
        self._file: IO[bytes] = tempfile.TemporaryFile(dir=folder)
        self._index: dict[tuple[str, str], tuple[int, int, tuple[str, ...]]] = {}

    def put(self, system: str, query_id: str, blob: bytes, stages: tuple[str, ...]) -> None:
        offset = self._file.seek(0, 2)
        self._file.write(blob)
        self._index[(system, query_id)] = (offset, len(blob), stages)

    def get(self, system: str, query_id: str) -> tuple[str, tuple[str, ...]] | None:
        entry = self._index.get((system, query_id))
        if entry is None:
            return None
        offset, length, stages = entry
        self._file.seek(offset)
        return self._file.read(length).decode("utf-8"), stages

    def close(self) -> None:
        self._file.close()


def write_json(
    report: Report,
    spool: SpooledResults,
    annotations: AnnotationSet,
    options: ScoreOptions,
    out: IO[str],
) -> None:
    """`report` as scored with `spool` (its systems' `queries` empty) -> the full JSON."""
    head = report.model_dump_json(indent=2)
    pieces = head.split(_EMPTY_QUERIES)
    if len(pieces) != len(report.systems) + 1:  # pragma: no cover - a model change would do it
        raise RuntimeError("report layout changed: cannot place the spooled queries")
    out.write(pieces[0])
    for system, rest in zip(report.systems, pieces[1:]):
        stage_names = list(system.summary.retrieval)
        empty = empty_answers(system.summary.scored_traces, system.summary.traces_without_answer)
        out.write('"queries": [')
        written = 0
        for query in annotations.queries:
            spooled = spool.get(system.system, query.query_id)
            if spooled is None:
                blob = spooled_text(complete_result(None, query, stage_names, options))
            elif list(spooled[1]) != stage_names or empty:  # rare: read back only then
                result = QueryResult.model_validate_json(spooled[0])
                blob = spooled_text(complete_result(result, query, stage_names, options, empty))
            else:
                blob = spooled[0]
            out.write(("\n" if written == 0 else ",\n") + blob)
            written += 1
        out.write("\n      ]" if written else "]")
        out.write(rest)
    out.write("\n")
