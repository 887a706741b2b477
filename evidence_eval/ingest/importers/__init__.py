"""Traces that RAG applications already log -> our traces, with the context really sent.

One entry point for every format: `read_traces(fmt, path, ...)` -> `ImportResult`.
Formats: `openinference` (OTLP JSON, Phoenix span export), `langfuse` (traces and
observations), `langsmith` (runs). Each reader (a module of this package) turns its export
into `RawTrace`s; `assemble` picks query and document ids and rebuilds the `context` stage
from the prompt (`prompt_context`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ...errors import UsageError
from ...models import AnnotationSet
from . import langfuse, langsmith, openinference
from .assemble import QUERY_TEXT, Settings, assemble
from .model import ImportResult, OnError, Problem, Problems, PromptStats, RawTrace

Reader = Callable[[str, Problems], list[RawTrace]]

READERS: dict[str, Reader] = {
    "openinference": openinference.read,
    "langfuse": langfuse.read,
    "langsmith": langsmith.read,
}
FORMATS = tuple(READERS)

__all__ = ["FORMATS", "QUERY_TEXT", "READERS", "ImportResult", "Problem", "PromptStats", "read_traces"]


def read_traces(
    fmt: str,
    path: str | Path,
    *,
    system: str | None = None,
    query_id_from: str | None = None,
    doc_id_from: str | None = None,
    annotations: AnnotationSet | None = None,
    on_error: OnError = "error",
    threshold: float = 90.0,
) -> ImportResult:
    """Read an export of `fmt` into trace rows (dicts that validate as `Trace`).

    query_id_from: a dotted path in the trace's records (root first: "metadata.query_id"),
    or "query-text" (the query text matched, normalised, against `annotations`' queries);
    default "query-text" when `annotations` is given, else the export's trace id.
    doc_id_from: a dotted path in each document ("document.metadata.source" for
    OpenInference, "metadata.source" for LangChain documents); default the export's own id.
    on_error: "error" raises the first problem as `InputError` (file, line, JSON path);
    "skip" lists problems in the result and leaves out the traces they concern.
    threshold: the evidence matcher's threshold for items aligned in the prompt."""
    if fmt not in READERS:
        raise UsageError(f"unknown trace export format {fmt!r}; use one of {', '.join(FORMATS)}")
    problems = Problems(on_error)
    raw = READERS[fmt](str(path), problems)
    result = ImportResult(format=fmt, path=str(path))
    settings = Settings(system or fmt, query_id_from, doc_id_from, annotations, threshold)
    assemble(result, raw, settings, problems)
    result.problems = problems.found
    return result
