"""Traces from another tool's file, in memory: a reader's (RAGChecker JSON, RAGAS rows, a TREC
run) or a tracing system's export (`ingest.importers`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..errors import UsageError
from ..io.output import PathLike
from ..io.source import reading_inputs
from ..models import AnnotationSet, Trace
from ..models.traces import TRACE_FORMATS

if TYPE_CHECKING:
    from .importers import ImportResult


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
    from . import readers
    from .importers import FORMATS as IMPORT_FORMATS
    from .importers import read_traces

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
    from ..errors import Location
    from ..io import build

    if traces_format == "ragchecker":
        rows = readers.from_ragchecker(str(path), system="ragchecker")["traces.jsonl"]
    elif traces_format == "ragas":
        rows = readers.from_ragas(str(path), system="ragas", annotations=annotations)["traces.jsonl"]
    elif traces_format == "trec-run":
        rows = readers.from_trec(str(path), None)["traces.jsonl"]
    else:
        raise UsageError(f"unknown traces format {traces_format!r}; use one of {', '.join(TRACE_FORMATS)}")
    return [build(Trace, row, Location(str(path), index)) for index, row in enumerate(rows, start=1)]
