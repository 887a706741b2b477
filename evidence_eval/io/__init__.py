"""Reading and writing files: the only layer that touches the file system."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_exports

if TYPE_CHECKING:
    from .jsonio import (
        atomic_write,
        atomic_writer,
        check_output,
        iter_jsonl,
        json_text,
        read_json,
        sha256_file,
    )
    from .loaders import (
        build,
        iter_trace_lines,
        iter_traces,
        load_annotations,
        load_policy,
        load_report,
        load_report_options,
        load_snapshot,
        named_corpus,
        parse_trace,
        resolve_inside,
        with_named_corpus,
    )
    from .source import reading_inputs

__all__ = [
    "atomic_write",
    "atomic_writer",
    "check_output",
    "build",
    "iter_jsonl",
    "json_text",
    "iter_trace_lines",
    "iter_traces",
    "load_annotations",
    "load_policy",
    "load_report",
    "load_report_options",
    "load_snapshot",
    "named_corpus",
    "parse_trace",
    "read_json",
    "reading_inputs",
    "resolve_inside",
    "sha256_file",
    "with_named_corpus",
]

__getattr__ = lazy_exports(
    __name__,
    {
        "atomic_write": ".jsonio",
        "atomic_writer": ".jsonio",
        "check_output": ".jsonio",
        "iter_jsonl": ".jsonio",
        "json_text": ".jsonio",
        "read_json": ".jsonio",
        "sha256_file": ".jsonio",
        "build": ".loaders",
        "iter_trace_lines": ".loaders",
        "iter_traces": ".loaders",
        "load_annotations": ".loaders",
        "load_policy": ".loaders",
        "load_report": ".loaders",
        "load_report_options": ".loaders",
        "load_snapshot": ".loaders",
        "parse_trace": ".loaders",
        "resolve_inside": ".loaders",
        "reading_inputs": ".source",
        "with_named_corpus": ".loaders",
        "named_corpus": ".loaders",
    },
)
