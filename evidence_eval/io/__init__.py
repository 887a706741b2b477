"""Reading and writing files: the only layer that touches the file system."""

from .jsonio import atomic_write, atomic_writer, iter_jsonl, json_text, read_json, sha256_file
from .loaders import (
    build,
    iter_traces,
    load_annotations,
    load_policy,
    load_report,
    load_snapshot,
    resolve_inside,
)

__all__ = [
    "atomic_write",
    "atomic_writer",
    "build",
    "iter_jsonl",
    "json_text",
    "iter_traces",
    "load_annotations",
    "load_policy",
    "load_report",
    "load_snapshot",
    "read_json",
    "resolve_inside",
    "sha256_file",
]
